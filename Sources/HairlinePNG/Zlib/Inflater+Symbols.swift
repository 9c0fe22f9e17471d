// Zlib stage: the inner loop of the inflater (RFC 1951 §3.2.5). Bits in ->
// literals and length/distance copies out, through two-level tables, until
// the end-of-block symbol. Guarantees: no read or write outside the input
// and output buffers; reserved symbols, undefined codes, distances beyond
// the output and the output limit throw. Method: after zlib's inflate_fast.

extension Inflater {
    /// Decodes the symbols of one Huffman-coded block with the given tables,
    /// up to and including its end-of-block symbol.
    ///
    /// The reader and output state live in locals for the loop (so that the
    /// optimiser keeps them in registers) and are stored back at the end.
    /// - Throws: `.invalidSymbol`, `.undefinedCode`, `.distanceTooFar`,
    ///   `.outputLimitExceeded` or `.truncated`.
    /// - Complexity: O(bits read + bytes written).
    mutating func decodeSymbols(
        literalLengths: InflateHuffmanTable, distances: InflateHuffmanTable
    ) throws(ZlibError) {
        var reader = self.reader
        // Stored back on every exit, so that after an error `inflate()` can
        // tell whether the bits at fault ran past the input's end.
        defer { self.reader = reader }
        let output = self.output
        var bytes = output.bytes, count = output.count, capacity = output.capacity
        let literalEntries = literalLengths.entries, distanceEntries = distances.entries
        let literalRoot = UInt64(literalLengths.rootBits), distanceRoot = UInt64(distances.rootBits)
        let literalMask: UInt64 = (1 << literalRoot) - 1, distanceMask: UInt64 = (1 << distanceRoot) - 1
        let literalKind = InflateEntry.Kind.literal.rawValue, baseKind = InflateEntry.Kind.base.rawValue
        let linkKind = InflateEntry.Kind.link.rawValue

        /// The literal/length entry for the next bits (at least 15 available).
        @inline(__always) func literalEntry(_ bits: UInt64) -> UInt32 {
            let entry = literalEntries[Int(truncatingIfNeeded: bits & literalMask)]
            guard InflateEntry.kindBits(entry) == linkKind else { return entry }
            let index = Int(truncatingIfNeeded: bits >> literalRoot) & ((1 << InflateEntry.extra(entry)) - 1)
            return literalEntries[InflateEntry.value(entry) + index]
        }

        while true {
            try reader.refill()
            let entry = literalEntry(reader.buffer)
            let kind = InflateEntry.kindBits(entry)
            if kind == literalKind {
                reader.consume(InflateEntry.codeLength(entry))
                if capacity &- count < Inflater.literalsPerRefill {
                    // Grow (rarely): the buffer may move.
                    output.count = count
                    try output.reserve(count + 1, offset: reader.byteOffset)
                    bytes = output.bytes
                    capacity = output.capacity
                    bytes[count] = UInt8(truncatingIfNeeded: entry >> InflateEntry.valueShift)
                    count &+= 1
                    continue
                }
                bytes[count] = UInt8(truncatingIfNeeded: entry >> InflateEntry.valueShift)
                // Runs of literals: after a refill and one code at least 41
                // bits remain, enough for two more codes of up to 15 bits.
                let second = literalEntry(reader.buffer)
                guard InflateEntry.kindBits(second) == literalKind else { count &+= 1; continue }
                reader.consume(InflateEntry.codeLength(second))
                bytes[count &+ 1] = UInt8(truncatingIfNeeded: second >> InflateEntry.valueShift)
                let third = literalEntry(reader.buffer)
                guard InflateEntry.kindBits(third) == literalKind else { count &+= 2; continue }
                reader.consume(InflateEntry.codeLength(third))
                bytes[count &+ 2] = UInt8(truncatingIfNeeded: third >> InflateEntry.valueShift)
                count &+= 3
                continue
            }
            guard kind == baseKind else {
                if kind == InflateEntry.Kind.endOfBlock.rawValue {
                    reader.consume(InflateEntry.codeLength(entry))
                    break
                }
                let offset = reader.byteOffset
                reader.consume(InflateEntry.codeLength(entry))
                throw Inflater.badEntry(entry, at: offset)
            }
            // A match: length, then a distance code and its extra bits.
            let matchOffset = reader.byteOffset
            reader.consume(InflateEntry.codeLength(entry))
            let lengthExtra = InflateEntry.extra(entry)
            let length = InflateEntry.value(entry) &+ Int(reader.peek(lengthExtra))
            reader.consume(lengthExtra)
            var distanceEntry = distanceEntries[Int(truncatingIfNeeded: reader.buffer & distanceMask)]
            if InflateEntry.kindBits(distanceEntry) == linkKind {
                let index =
                    Int(truncatingIfNeeded: reader.buffer >> distanceRoot)
                    & ((1 << InflateEntry.extra(distanceEntry)) - 1)
                distanceEntry = distanceEntries[InflateEntry.value(distanceEntry) + index]
            }
            guard InflateEntry.kindBits(distanceEntry) == baseKind else {
                let offset = reader.byteOffset
                reader.consume(InflateEntry.codeLength(distanceEntry))
                throw Inflater.badEntry(distanceEntry, at: offset)
            }
            reader.consume(InflateEntry.codeLength(distanceEntry))
            let distanceExtra = InflateEntry.extra(distanceEntry)
            let distance = InflateEntry.value(distanceEntry) &+ Int(reader.peek(distanceExtra))
            reader.consume(distanceExtra)
            guard distance <= count else {
                throw .distanceTooFar(distance: distance, available: count, at: matchOffset)
            }
            if length > capacity &- count {
                output.count = count
                try output.reserve(count + length, offset: matchOffset)
                bytes = output.bytes
                capacity = output.capacity
            }
            Inflater.copyMatch(in: bytes, at: count, distance: distance, length: length)
            count &+= length
        }
        output.count = count
    }

    /// The error for an entry that is neither a literal, a match nor the
    /// end of the block: a reserved symbol or bits of no code.
    static func badEntry(_ entry: UInt32, at offset: Int) -> ZlibError {
        InflateEntry.kindBits(entry) == InflateEntry.Kind.reserved.rawValue
            ? .invalidSymbol(InflateEntry.value(entry), at: offset) : .undefinedCode(at: offset)
    }

    /// Literals decoded per refill at most: 56 bits cover three 15-bit codes.
    static let literalsPerRefill = 3

    /// Bytes moved per step of a wide match copy.
    static let wordByteCount = MemoryLayout<UInt64>.size

    /// Copies `length` bytes from `distance` bytes back to offset `count` of
    /// `bytes`, byte by byte in effect (a match may overlap itself). May
    /// write up to `InflateOutput.copySlack - 1` bytes past the match.
    @inline(__always)
    static func copyMatch(in bytes: UnsafeMutablePointer<UInt8>, at count: Int, distance: Int, length: Int) {
        let target = bytes + count
        var period = distance, start = 0
        if distance < wordByteCount {
            if distance == 1 {
                target.update(repeating: target[-1], count: length)
                return
            }
            // Widen the period: copy bytes one at a time until the bytes
            // just written repeat with a multiple of `distance` that is at
            // least a word, then copy words from that far back.
            period = distance * ((wordByteCount + distance - 1) / distance)
            start = min(length, period - distance)
            for index in 0..<start { target[index] = target[index - distance] }
            if start == length { return }
        }
        // Each 8-byte read ends at or before the bytes being written.
        let destination = UnsafeMutableRawPointer(target)
        let source = UnsafeRawPointer(target - period)
        var offset = start
        repeat {
            let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            destination.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset &+= wordByteCount
        } while offset < length
    }
}
