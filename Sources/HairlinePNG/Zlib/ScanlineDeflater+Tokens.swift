// Zlib stage: the two kernels of `ScanlineDeflater`. One scanline in the
// buffer -> LZ77 tokens (literals; matches at the run or row-above
// distance only) with their symbol counts; a block of such tokens and its
// chosen codes -> DEFLATE bits, the same bits `Deflate.writeTokens` writes
// (tested), through tables built once per block. Literal stretches are
// crossed five bytes at a time: one 8-byte XOR per candidate shows where
// the next 4-byte match can start.

extension ScanlineDeflater {
    /// Bytes one literal step covers: an 8-byte word holds a 4-byte match
    /// starting at any of its first five bytes.
    static let literalStep = 5
    /// The low bit of each byte of a word.
    static let byteLowBits: UInt64 = 0x0101_0101_0101_0101

    /// A bit at byte k (k = 0 ... 4) where bytes k ..< k + 4 of
    /// `difference` are all zero: where a 4-byte match starts.
    @inline(__always)
    static func matchStarts(_ difference: UInt64) -> UInt64 {
        var nonzero = difference | difference >> 4
        nonzero |= nonzero >> 2
        nonzero |= nonzero >> 1
        let zero = ~nonzero & byteLowBits
        return zero & zero >> 8 & zero >> 16 & zero >> 24
    }

    /// How many bytes from offsets `a` and `b` of `raw` agree, at most
    /// `limit` (`b + limit` within the data, `a < b`): the result of
    /// `LZ77Matcher.commonPrefixLength`, 32 bytes a step, since matches
    /// here are mostly long (flat areas, repeated rows).
    @inline(__always)
    static func commonPrefixLength(_ raw: UnsafeRawPointer, _ a: Int, _ b: Int, limit: Int) -> Int {
        let wordSize = MemoryLayout<UInt64>.size
        var length = 0
        // 32 bytes a step (one test of four XORs), then 16.
        while length + 4 * wordSize <= limit {
            let x0 =
                raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            let x1 =
                raw.loadUnaligned(fromByteOffset: a + length + wordSize, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length + wordSize, as: UInt64.self)
            let x2 =
                raw.loadUnaligned(fromByteOffset: a + length + 2 * wordSize, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length + 2 * wordSize, as: UInt64.self)
            let x3 =
                raw.loadUnaligned(fromByteOffset: a + length + 3 * wordSize, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length + 3 * wordSize, as: UInt64.self)
            if x0 | x1 | x2 | x3 != 0 {
                // The first differing byte is the lowest in memory order.
                let (word, skipped) =
                    x0 != 0 ? (x0, 0) : x1 != 0 ? (x1, wordSize) : x2 != 0 ? (x2, 2 * wordSize) : (x3, 3 * wordSize)
                return length + skipped + word.littleEndian.trailingZeroBitCount / UInt8.bitWidth
            }
            length += 4 * wordSize
        }
        while length + 2 * wordSize <= limit {
            let low =
                raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
            let high =
                raw.loadUnaligned(fromByteOffset: a + length + wordSize, as: UInt64.self)
                ^ raw.loadUnaligned(fromByteOffset: b + length + wordSize, as: UInt64.self)
            if low | high != 0 {
                return low != 0
                    ? length + low.littleEndian.trailingZeroBitCount / UInt8.bitWidth
                    : length + wordSize + high.littleEndian.trailingZeroBitCount / UInt8.bitWidth
            }
            length += 2 * wordSize
        }
        return length
            + LZ77Matcher.commonPrefixLength(
                raw.assumingMemoryBound(to: UInt8.self), a + length, b + length, limit: limit - length)
    }

    /// Appends the tokens of the scanline at `buffer[start ..<
    /// start + scanlineByteCount]` to `block`: at each position the longer
    /// of the run and the row-above match (the run on ties: its distance
    /// code is shorter), else a literal. Complexity: O(scanline).
    func tokenize(from start: Int) {
        let bytes = UnsafePointer(buffer), raw = UnsafeRawPointer(buffer)
        let end = start + scanlineByteCount
        let run = bytesPerPixel, above = scanlineByteCount
        // The row above exists when a scanline precedes this one in the buffer.
        let hasRowAbove = matchesRowAbove && start >= above
        let minimum = Self.minimumMatchLength
        let tokens = block.tokens
        let literalLengthCounts = block.literalLengthCounts, distanceCounts = block.distanceCounts
        let (runSymbol, aboveSymbol) = Deflate.distanceSymbolTable.withUnsafeBufferPointer {
            (
                Deflate.distanceSymbol(for: run, table: $0),
                Deflate.distanceSymbol(for: min(above, Deflate.windowSize), table: $0)
            )
        }
        let wordSize = MemoryLayout<UInt64>.size
        var tokenCount = block.count
        var p = start
        @inline(__always) func literal(_ byte: UInt8) {
            tokens[tokenCount] = UInt32(byte)
            literalLengthCounts[Int(byte)] &+= 1
            tokenCount &+= 1
        }
        Deflate.lengthSymbolTable.withUnsafeBufferPointer { lengthSymbols in
            while p < end {
                if end - p >= wordSize {
                    // Where in the next five bytes a match can start.
                    let here = raw.loadUnaligned(fromByteOffset: p, as: UInt64.self)
                    var starts: UInt64 = 0
                    if p >= run {
                        starts = Self.matchStarts(here ^ raw.loadUnaligned(fromByteOffset: p - run, as: UInt64.self))
                    }
                    if hasRowAbove {
                        starts |= Self.matchStarts(here ^ raw.loadUnaligned(fromByteOffset: p - above, as: UInt64.self))
                    }
                    let literalCount = starts == 0 ? Self.literalStep : starts.trailingZeroBitCount / UInt8.bitWidth
                    for k in 0..<literalCount { literal(UInt8(truncatingIfNeeded: here >> UInt64(k * 8))) }
                    p += literalCount
                    if starts == 0 { continue }
                }
                let limit = min(Deflate.maximumMatchLength, end - p)
                var length = 0, distance = 0
                if limit >= minimum {
                    let here = raw.loadUnaligned(fromByteOffset: p, as: UInt32.self)
                    if p >= run && raw.loadUnaligned(fromByteOffset: p - run, as: UInt32.self) == here {
                        length =
                            minimum
                            + Self.commonPrefixLength(raw, p - run + minimum, p + minimum, limit: limit - minimum)
                        distance = run
                    }
                    // The row above can only win if it also agrees at the
                    // byte where the run's match ends (ties go to the run).
                    if hasRowAbove && length < limit && bytes[p - above + length] == bytes[p + length]
                        && raw.loadUnaligned(fromByteOffset: p - above, as: UInt32.self) == here
                    {
                        let upLength =
                            minimum
                            + Self.commonPrefixLength(raw, p - above + minimum, p + minimum, limit: limit - minimum)
                        if upLength > length {
                            length = upLength
                            distance = above
                        }
                    }
                }
                if distance != 0 {
                    tokens[tokenCount] = UInt32(distance) << TokenBlock.distanceShift | UInt32(length)
                    literalLengthCounts[Int(lengthSymbols[length])] &+= 1
                    distanceCounts[distance == run ? runSymbol : aboveSymbol] &+= 1
                    tokenCount &+= 1
                    p += length
                } else {
                    literal(bytes[p])
                    p += 1
                }
            }
        }
        block.count = tokenCount
    }

    /// Bits of a packed table entry below its bit count.
    static let packedCountShift: UInt32 = 24

    /// Writes the tokens of `block`, whose matches are all at one of the
    /// two `distances`, and the end-of-block code: the bits of
    /// `Deflate.writeTokens`, from per-block tables of each literal's and
    /// each length's code and extra bits (packed: bits, then the count
    /// from bit 24) and of the two distances'.
    static func writeTokens(
        _ block: TokenBlock, literalCode: HuffmanCode, distanceCode: HuffmanCode, distances: (Int, Int),
        to writer: inout BitWriter
    ) {
        let literalTableCount = Deflate.maximumMatchLength + 1
        // Entries 0 ... 255: literals; entry 256 + length: that match length.
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 256 + literalTableCount)
        defer { table.deallocate() }
        for byte in 0..<256 {
            table[byte] = UInt32(literalCode.codes[byte]) | UInt32(literalCode.lengths[byte]) << packedCountShift
        }
        for length in Deflate.minimumMatchLength...Deflate.maximumMatchLength {
            let symbol = Int(Deflate.lengthSymbolTable[length])
            let index = symbol - Deflate.firstLengthSymbol
            let codeLength = UInt32(literalCode.lengths[symbol])
            let bits = UInt32(literalCode.codes[symbol]) | UInt32(length - Int(Deflate.lengthBase[index])) << codeLength
            table[256 + length] = bits | (codeLength + UInt32(Deflate.lengthExtraBits[index])) << packedCountShift
        }
        func distanceBits(_ distance: Int) -> (bits: UInt32, count: Int) {
            let symbol = Deflate.distanceSymbolTable.withUnsafeBufferPointer {
                Deflate.distanceSymbol(for: distance, table: $0)
            }
            let codeLength = Int(distanceCode.lengths[symbol])
            let bits =
                UInt32(distanceCode.codes[symbol]) | UInt32(distance - Int(Deflate.distanceBase[symbol])) << codeLength
            return (bits, codeLength + Int(Deflate.distanceExtraBits[symbol]))
        }
        let first = distanceBits(min(distances.0, Deflate.windowSize))
        let second = distanceBits(min(distances.1, Deflate.windowSize))
        let firstDistance = UInt32(distances.0)
        let mask = (UInt32(1) << packedCountShift) - 1
        let tokens = block.tokens, count = block.count
        writer.writeBulk(maximumBitCount: (count + 1) * Deflate.maximumTokenBitCount) { writer in
            var index = 0
            while index < count {
                let token = tokens[index]
                let distance = token >> TokenBlock.distanceShift
                index += 1
                if distance == 0 {
                    // A literal; two in a row go in one write (at most
                    // 2 × 15 bits).
                    var entry = table[Int(token)]
                    var bits = entry & mask, bitCount = entry >> packedCountShift
                    if index < count && tokens[index] >> TokenBlock.distanceShift == 0 {
                        entry = table[Int(tokens[index])]
                        bits |= (entry & mask) << bitCount
                        bitCount += entry >> packedCountShift
                        index += 1
                    }
                    writer.write(bits, count: Int(bitCount))
                    continue
                }
                let entry = table[256 + Int(token & TokenBlock.lengthMask)]
                writer.write(entry & mask, count: Int(entry >> packedCountShift))
                let (bits, bitCount) = distance == firstDistance ? first : second
                writer.write(bits, count: bitCount)
            }
            writer.write(
                UInt32(literalCode.codes[Deflate.endOfBlock]), count: Int(literalCode.lengths[Deflate.endOfBlock]))
        }
    }
}
