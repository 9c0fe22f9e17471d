// Zlib stage: the bit source of the inflater. Compressed bytes in -> bit
// fields, least-significant bit first (RFC 1951 §3.1.1). Guarantees: after
// `refill()` at least 56 bits can be peeked; past the end of the input the
// reader supplies zero bits and `refill()` throws `.truncated` as soon as
// one of them has been consumed. Method: libdeflate's branchless refill.

/// Reads bit fields from a byte buffer through a 64-bit accumulator.
///
/// `buffer` holds `bitCount` unread bits in its low bits; bits above them
/// may hold a copy of the bytes that follow (a side effect of the 8-byte
/// refill), which later refills OR in again unchanged, so they never
/// corrupt a field. The reader does not own the input.
struct InflateBitReader {
    /// A refill leaves at least this many bits: enough for a length code,
    /// its extra bits, a distance code and its extra bits (15 + 5 + 15 + 13
    /// = 48) without a second refill.
    static let guaranteedBitCount = 56
    /// Bytes of one unaligned accumulator load.
    static let wordByteCount = 8
    static let bitsPerByte = 8

    /// The compressed bytes (never dereferenced when `count` is 0).
    let input: UnsafeRawPointer
    /// Bytes of input.
    let count: Int
    /// The next byte to load into `buffer`; it passes `count` by the zero
    /// bytes supplied after the input's end.
    var position: Int
    /// Unread bits, the next one in bit 0.
    var buffer: UInt64 = 0
    /// How many low bits of `buffer` are unread, 0 ... 63.
    var bitCount = 0

    /// A reader of `input` starting at byte `start`.
    init(_ input: UnsafeRawBufferPointer, start: Int = 0) {
        precondition(start >= 0 && start <= input.count)
        // An empty buffer may have no address; any non-null pointer does,
        // since no byte of an empty input is ever loaded.
        self.input = input.baseAddress ?? UnsafeRawPointer(bitPattern: MemoryLayout<UInt64>.alignment)!
        self.count = input.count
        self.position = start
    }

    /// Bits consumed from the start of the input (zero padding included).
    @inline(__always)
    var consumedBitCount: Int { position &* InflateBitReader.bitsPerByte &- bitCount }

    /// The byte holding the next unread bit: the offset errors report.
    var byteOffset: Int { consumedBitCount / InflateBitReader.bitsPerByte }

    /// Whether a bit past the end of the input has been consumed.
    var hasOverrun: Bool { consumedBitCount > count &* InflateBitReader.bitsPerByte }

    /// Tops `buffer` up to at least `guaranteedBitCount` bits.
    /// - Throws: `.truncated(at: count)` if a bit past the input's end has
    ///   already been consumed.
    @inline(__always)
    mutating func refill() throws(ZlibError) {
        if position &+ InflateBitReader.wordByteCount <= count {
            let word = UInt64(littleEndian: input.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            buffer |= word &<< UInt64(bitCount)
            // Whole bytes that fit: bitCount becomes 56 + (bitCount mod 8).
            position &+= (63 &- bitCount) &>> 3
            bitCount |= InflateBitReader.guaranteedBitCount
        } else {
            try refillNearEnd()
        }
    }

    /// The refill of the last few bytes, one at a time, then zero bytes.
    @inline(never)
    mutating func refillNearEnd() throws(ZlibError) {
        if hasOverrun { throw .truncated(at: count) }
        while bitCount <= InflateBitReader.guaranteedBitCount {
            let byte = position < count ? input.load(fromByteOffset: position, as: UInt8.self) : 0
            buffer |= UInt64(byte) &<< UInt64(bitCount)
            position &+= 1
            bitCount &+= InflateBitReader.bitsPerByte
        }
    }

    /// The next `count` bits (0 ... 32) without consuming them; valid for
    /// at most `bitCount` bits.
    @inline(__always)
    func peek(_ count: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: buffer & ((1 &<< UInt64(count)) &- 1))
    }

    /// Drops `count` bits (at most `bitCount`).
    @inline(__always)
    mutating func consume(_ count: Int) {
        buffer &>>= UInt64(count)
        bitCount &-= count
    }

    /// Refills, then reads and consumes a `count`-bit field (0 ... 32).
    mutating func bits(_ count: Int) throws(ZlibError) -> UInt32 {
        try refill()
        let value = peek(count)
        consume(count)
        return value
    }

    /// Skips to the next byte boundary and empties the accumulator, so that
    /// `position` is the offset of the next unread byte.
    /// - Throws: `.truncated` if that byte lies past the input's end by
    ///   more than zero bytes, that is, some bit consumed was padding.
    mutating func alignToByte() throws(ZlibError) {
        consume(bitCount & (InflateBitReader.bitsPerByte - 1))
        position &-= bitCount / InflateBitReader.bitsPerByte
        buffer = 0
        bitCount = 0
        if position > count { throw .truncated(at: count) }
    }
}
