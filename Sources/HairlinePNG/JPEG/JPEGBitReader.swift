// JPEG stage: the entropy-coded bit stream (ITU T.81 F.2.2.5). File bytes
// from a scan's first data byte in -> bits MSB first, with stuffed zero
// bytes (FF 00) removed and fill bytes (FF FF) skipped. The reader stops at
// the first marker or the end of the data and then supplies zero bits,
// counting them, so the scan decoder can tell real data from padding once
// per block (no bounds check per bit, no way to read past the buffer).

/// A big-endian bit reader over one scan's entropy-coded segment(s).
struct JPEGBitReader {
    let base: UnsafePointer<UInt8>
    /// One past the last byte of the file.
    let end: Int
    /// The next byte to load into `buffer`.
    private(set) var position: Int
    /// Bits, left-aligned: the next bit to read is bit 63.
    private var buffer: UInt64 = 0
    /// Valid bits in `buffer` (real and padding).
    private(set) var bitCount = 0
    /// Zero bits appended after a marker or the end of the data; the
    /// lowest `paddingBits` of the valid bits.
    private(set) var paddingBits = 0
    /// The offset of the marker the reader stopped at, or -1.
    private(set) var markerPosition = -1

    init(base: UnsafePointer<UInt8>, count: Int, position: Int) {
        self.base = base
        self.end = count
        self.position = position
    }

    /// True once the decoder has read bits that are not in the data.
    var hasOverrun: Bool { bitCount < paddingBits }

    /// Fills `buffer` to at least 57 bits.
    @inline(__always)
    mutating func refill() {
        while bitCount <= 56 {
            var byte: UInt64 = 0
            if markerPosition < 0 && position < end {
                let b = base[position]
                if b != 0xFF {
                    position &+= 1
                    byte = UInt64(b)
                } else if position + 1 >= end {
                    // A lone FF at the end of the data: treat as the end.
                    markerPosition = end
                    paddingBits &+= 8
                } else {
                    let next = base[position + 1]
                    if next == 0 {
                        position &+= 2
                        byte = 0xFF
                    } else if next == 0xFF {
                        position &+= 1  // a fill byte before a marker
                        continue
                    } else {
                        markerPosition = position
                        paddingBits &+= 8
                    }
                }
            } else {
                paddingBits &+= 8
            }
            buffer |= byte << UInt64(56 &- bitCount)
            bitCount &+= 8
        }
    }

    /// The next 16 bits without consuming them (after `refill`).
    @inline(__always)
    func peek16() -> Int { Int(truncatingIfNeeded: buffer >> 48) }

    /// The next `lookupBits` bits without consuming them.
    @inline(__always)
    func peek(_ count: Int) -> Int { Int(truncatingIfNeeded: buffer >> UInt64(64 &- count)) }

    /// Drops `count` bits (at most the valid bits).
    @inline(__always)
    mutating func consume(_ count: Int) {
        buffer <<= UInt64(count)
        bitCount &-= count
    }

    /// `count` bits (0...16) as an unsigned value.
    @inline(__always)
    mutating func bits(_ count: Int) -> Int {
        if count == 0 { return 0 }
        if bitCount < count { refill() }
        let value = Int(truncatingIfNeeded: buffer >> UInt64(64 &- count))
        consume(count)
        return value
    }

    /// One bit.
    @inline(__always)
    mutating func bit() -> Bool {
        if bitCount < 1 { refill() }
        let value = buffer >> 63
        consume(1)
        return value != 0
    }

    /// `count` bits as a signed coefficient (T.81 F.2.2.1 EXTEND).
    @inline(__always)
    mutating func receiveExtend(_ count: Int) -> Int {
        if count == 0 { return 0 }
        let value = bits(count)
        return value < 1 << (count &- 1) ? value &- (1 << count) &+ 1 : value
    }

    /// Decodes one Huffman symbol, or returns -1 for a code not in the
    /// table.
    @inline(__always)
    mutating func decode(_ table: JPEGHuffmanTable) -> Int {
        if bitCount < 16 { refill() }
        let entry = table.lookup[peek(JPEGHuffmanTable.lookupBits)]
        if entry != 0 {
            consume(Int(entry >> 8))
            return Int(entry & 0xFF)
        }
        let code16 = peek16()
        var length = JPEGHuffmanTable.lookupBits + 1
        while length <= 16 {
            let code = Int32(code16 >> (16 &- length))
            if code <= table.maximumCode[length] {
                consume(length)
                return Int(table.values[Int(code &+ table.valueOffset[length]) & 255])
            }
            length &+= 1
        }
        return -1
    }

    /// Discards the buffered bits and, if the reader stands at marker
    /// `expected` (RST0...RST7), steps over it.
    /// - Returns: whether the expected marker was there.
    mutating func skipRestartMarker(_ expected: UInt8) -> Bool {
        buffer = 0
        bitCount = 0
        paddingBits = 0
        if markerPosition < 0 {
            // The buffer may have stopped short of the marker.
            while position + 1 < end && base[position] == 0xFF && base[position + 1] == 0xFF { position += 1 }
            if position + 1 < end && base[position] == 0xFF && base[position + 1] != 0 { markerPosition = position }
        }
        guard markerPosition >= 0, markerPosition + 1 < end, base[markerPosition + 1] == expected else { return false }
        position = markerPosition + 2
        markerPosition = -1
        return true
    }

    /// Where parsing resumes after the scan: the marker the reader stopped
    /// at, or the next unread byte.
    var resumePosition: Int { markerPosition >= 0 ? min(markerPosition, end) : position }
}
