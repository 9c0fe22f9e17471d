// Zlib stage: the header of a dynamic-Huffman block (RFC 1951 §3.2.7).
// HLIT, HDIST, HCLEN and the run-length coded code lengths in -> the
// block's literal/length and distance tables, rebuilt in place.
// Guarantees: only counts within the alphabets, complete codes (bar the
// single-code and no-distance cases zlib accepts) and an end-of-block code.

extension Inflater {
    /// HLIT counts literal/length codes above this minimum.
    static let minimumLiteralLengthCount = 257
    /// HDIST counts distance codes above this minimum.
    static let minimumDistanceCount = 1
    /// HCLEN counts code-length codes above this minimum.
    static let minimumCodeLengthCount = 4
    /// Widths of the HLIT, HDIST and HCLEN fields, in bits.
    static let literalCountBits = 5, distanceCountBits = 5, codeLengthCountBits = 4
    /// Width of each code-length code length, in bits.
    static let codeLengthLengthBits = 3
    /// Code-length symbols that repeat: the previous length 3-6 times
    /// (2 extra bits), zero 3-10 times (3 bits), zero 11-138 times (7 bits).
    static let repeatPrevious = 16, repeatZeroShort = 17, repeatZeroLong = 18
    static let repeatRules: [(minimum: Int, extraBits: Int)] = [(3, 2), (3, 3), (11, 7)]
    /// The literal/length table may hold just one code (zlib accepts it);
    /// the distance table may also hold none.
    static let literalLengthAllowance = InflateHuffmanTable.Allowance(singleCode: true, empty: false)
    static let distanceAllowance = InflateHuffmanTable.Allowance(singleCode: true, empty: true)
    static let codeLengthAllowance = InflateHuffmanTable.Allowance(singleCode: false, empty: false)

    /// Reads a dynamic block's header and rebuilds `literalLengths` and
    /// `distances` from it.
    /// - Throws: `.invalidCodeLengths` for counts beyond the alphabets, bad
    ///   codes or repeats, `.truncated` if the input ends.
    mutating func readDynamicCodes() throws(ZlibError) {
        let headerOffset = reader.byteOffset
        let literalCount = Int(try reader.bits(Inflater.literalCountBits)) + Inflater.minimumLiteralLengthCount
        let distanceCount = Int(try reader.bits(Inflater.distanceCountBits)) + Inflater.minimumDistanceCount
        let codeLengthCount = Int(try reader.bits(Inflater.codeLengthCountBits)) + Inflater.minimumCodeLengthCount
        guard literalCount <= Deflate.literalLengthAlphabetSize else {
            throw .invalidCodeLengths("\(literalCount) literal/length codes, more than 286", at: headerOffset)
        }
        guard distanceCount <= Deflate.distanceAlphabetSize else {
            throw .invalidCodeLengths("\(distanceCount) distance codes, more than 30", at: headerOffset)
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: Deflate.codeLengthAlphabetSize)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Deflate.codeLengthOrder[index]] = UInt8(try reader.bits(Inflater.codeLengthLengthBits))
        }
        try codeLengthLengths.withUnsafeBufferPointer { (lengths) throws(ZlibError) in
            try InflateHuffmanTable.validate(
                lengths, allowance: Inflater.codeLengthAllowance, name: "code-length", offset: headerOffset)
            Inflater.codeLengthTemplates.withUnsafeBufferPointer { codeLengths.build(lengths: lengths, templates: $0) }
        }
        let lengths = try readCodeLengths(count: literalCount + distanceCount)
        guard lengths[Deflate.endOfBlock] > 0 else {
            throw .invalidCodeLengths("no code for end-of-block", at: headerOffset)
        }
        try lengths.withUnsafeBufferPointer { (all) throws(ZlibError) in
            let literal = UnsafeBufferPointer(rebasing: all[..<literalCount])
            let distance = UnsafeBufferPointer(rebasing: all[literalCount...])
            try InflateHuffmanTable.validate(
                literal, allowance: Inflater.literalLengthAllowance, name: "literal/length", offset: headerOffset)
            try InflateHuffmanTable.validate(
                distance, allowance: Inflater.distanceAllowance, name: "distance", offset: headerOffset)
            Inflater.literalLengthTemplates.withUnsafeBufferPointer {
                literalLengths.build(lengths: literal, templates: $0)
            }
            Inflater.distanceTemplates.withUnsafeBufferPointer { distances.build(lengths: distance, templates: $0) }
        }
    }

    /// Decodes `count` code lengths with the code-length table, expanding
    /// the repeat symbols 16, 17 and 18.
    mutating func readCodeLengths(count: Int) throws(ZlibError) -> [UInt8] {
        var lengths = [UInt8](repeating: 0, count: count)
        var index = 0
        let mask = UInt64(1 << codeLengths.rootBits) - 1
        while index < count {
            try reader.refill()
            let symbolOffset = reader.byteOffset
            let entry = codeLengths.entries[Int(reader.buffer & mask)]
            // The code is complete, so every entry is a symbol.
            reader.consume(InflateEntry.codeLength(entry))
            let symbol = InflateEntry.value(entry)
            if symbol < Inflater.repeatPrevious {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            if symbol == Inflater.repeatPrevious && index == 0 {
                throw .invalidCodeLengths("repeat of the previous length with none before it", at: symbolOffset)
            }
            let rule = Inflater.repeatRules[symbol - Inflater.repeatPrevious]
            let repeats = rule.minimum + Int(reader.peek(rule.extraBits))
            reader.consume(rule.extraBits)
            guard index + repeats <= count else {
                throw .invalidCodeLengths("a repeat runs past the \(count) code lengths", at: symbolOffset)
            }
            let value = symbol == Inflater.repeatPrevious ? lengths[index - 1] : 0
            for offset in index..<(index + repeats) { lengths[offset] = value }
            index += repeats
        }
        return lengths
    }
}
