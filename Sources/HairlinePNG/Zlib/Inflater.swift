// Zlib stage: the DEFLATE decompressor (RFC 1951). A raw DEFLATE bit
// stream in -> the bytes it encodes, block by block (stored, fixed or
// dynamic Huffman) up to the final block. Guarantees: every malformed
// stream throws a `ZlibError` with its byte offset, output never exceeds
// the caller's limit, and no input can make it trap or read out of bounds.

/// Inflates one DEFLATE stream into an `InflateOutput`.
///
/// The decoding tables are allocated once per inflater and rebuilt for
/// every dynamic block; fixed-code blocks share tables built once.
struct Inflater {
    /// First-level index bits of the literal/length table: codes up to 10
    /// bits (nearly all of them in practice) decode with one lookup.
    static let literalLengthRootBits = 10
    /// First-level index bits of the distance table.
    static let distanceRootBits = 8
    /// The code-length alphabet's codes are at most 7 bits: one level.
    static let codeLengthRootBits = Deflate.maximumCodeLengthCodeLength
    /// Literal/length symbols of the fixed code, including reserved 286-287.
    static let fixedLiteralLengthSymbolCount = Deflate.fixedLiteralLengthAlphabetSize
    /// Distance symbols a 5-bit fixed code can name, including reserved 30-31.
    static let fixedDistanceSymbolCount = 32
    /// Bits of the BFINAL and BTYPE block header fields.
    static let finalFlagBits = 1, blockTypeBits = 2
    /// The most bytes one input byte can inflate to: a match of 258 bytes
    /// coded in 2 bits (1-bit length and distance codes) makes 1032 per
    /// byte, and nothing in DEFLATE does better.
    static let maximumExpansion = Deflate.maximumMatchLength * 8 / 2
    /// Bytes of a stored block's LEN and NLEN fields, each.
    static let storedLengthFieldBytes = 2

    /// What each literal/length symbol decodes to (code length not set).
    static let literalLengthTemplates: [UInt32] = (0..<fixedLiteralLengthSymbolCount).map { symbol in
        switch symbol {
        case 0..<Deflate.endOfBlock: return InflateEntry.make(.literal, value: symbol)
        case Deflate.endOfBlock: return InflateEntry.make(.endOfBlock, value: symbol)
        case Deflate.firstLengthSymbol..<Deflate.literalLengthAlphabetSize:
            let index = symbol - Deflate.firstLengthSymbol
            return InflateEntry.make(
                .base, value: Int(Deflate.lengthBase[index]), extra: Int(Deflate.lengthExtraBits[index]))
        default: return InflateEntry.make(.reserved, value: symbol)
        }
    }

    /// What each distance symbol decodes to (code length not set).
    static let distanceTemplates: [UInt32] = (0..<fixedDistanceSymbolCount).map { symbol in
        guard symbol < Deflate.distanceAlphabetSize else { return InflateEntry.make(.reserved, value: symbol) }
        return InflateEntry.make(
            .base, value: Int(Deflate.distanceBase[symbol]), extra: Int(Deflate.distanceExtraBits[symbol]))
    }

    /// Code-length symbols decode to themselves.
    static let codeLengthTemplates: [UInt32] = (0..<Deflate.codeLengthAlphabetSize).map {
        InflateEntry.make(.literal, value: $0)
    }

    /// The fixed literal/length code of RFC 1951 §3.2.6, as a table.
    static let fixedLiteralLengthTable: InflateHuffmanTable = {
        let table = literalLengthTable()
        Deflate.fixedLiteralLengthCode.lengths.withUnsafeBufferPointer { lengths in
            literalLengthTemplates.withUnsafeBufferPointer { table.build(lengths: lengths, templates: $0) }
        }
        return table
    }()

    /// The fixed distance code: 5 bits for each of 32 symbols.
    static let fixedDistanceTable: InflateHuffmanTable = {
        let table = distanceTable()
        let lengths = [UInt8](repeating: 5, count: fixedDistanceSymbolCount)
        lengths.withUnsafeBufferPointer { lengths in
            distanceTemplates.withUnsafeBufferPointer { table.build(lengths: lengths, templates: $0) }
        }
        return table
    }()

    /// An empty table sized for any literal/length code.
    static func literalLengthTable() -> InflateHuffmanTable {
        InflateHuffmanTable(
            rootBits: literalLengthRootBits,
            capacity: InflateHuffmanTable.capacity(
                rootBits: literalLengthRootBits, symbolCount: fixedLiteralLengthSymbolCount))
    }

    /// An empty table sized for any distance code.
    static func distanceTable() -> InflateHuffmanTable {
        InflateHuffmanTable(
            rootBits: distanceRootBits,
            capacity: InflateHuffmanTable.capacity(rootBits: distanceRootBits, symbolCount: fixedDistanceSymbolCount))
    }

    /// The compressed input.
    var reader: InflateBitReader
    /// The decompressed bytes so far.
    let output: InflateOutput
    /// Tables rebuilt by each dynamic block.
    let literalLengths = Inflater.literalLengthTable()
    let distances = Inflater.distanceTable()
    let codeLengths = InflateHuffmanTable(
        rootBits: Inflater.codeLengthRootBits, capacity: 1 << Inflater.codeLengthRootBits)

    /// An inflater reading `input` from byte `start`, writing at most
    /// `maximumOutputSize` bytes; `expectedOutputSize` (if known) sizes the
    /// first allocation.
    init(_ input: UnsafeRawBufferPointer, start: Int = 0, maximumOutputSize: Int, expectedOutputSize: Int? = nil) {
        reader = InflateBitReader(input, start: start)
        // Without an estimate, PNG-like data typically inflates 2-4 times.
        // With one, trust it only as far as the input could possibly reach,
        // so that a lying header cannot reserve memory the data never fills.
        let typicalRatio = 4
        let reachable = input.count.multipliedReportingOverflow(by: Inflater.maximumExpansion)
        let possible = reachable.overflow ? Int.max : max(InflateOutput.defaultInitialCapacity, reachable.partialValue)
        let estimate =
            expectedOutputSize.map { min($0, possible) }
            ?? max(InflateOutput.defaultInitialCapacity, min(maximumOutputSize, input.count) * typicalRatio)
        output = InflateOutput(initialCapacity: estimate, limit: maximumOutputSize)
    }

    /// An inflater reading `input` from byte `start` into `output` (the
    /// caller's buffer, whose limit bounds the output).
    init(_ input: UnsafeRawBufferPointer, start: Int = 0, output: InflateOutput) {
        reader = InflateBitReader(input, start: start)
        self.output = output
    }

    /// Decodes blocks up to and including the final one. Afterwards the
    /// reader stands on the byte after the stream's last bit.
    /// - Throws: `ZlibError` for any malformed or truncated stream, or
    ///   output beyond the limit.
    /// - Complexity: O(input + output).
    mutating func inflate() throws(ZlibError) {
        do {
            try inflateBlocks()
        } catch {
            // Past the input's end the reader supplies zero bits; an error
            // they caused means the stream was cut short.
            if reader.hasOverrun { throw .truncated(at: reader.count) }
            throw error
        }
    }

    /// The block loop of `inflate()`.
    private mutating func inflateBlocks() throws(ZlibError) {
        var isFinal = false
        repeat {
            let blockOffset = reader.byteOffset
            isFinal = try reader.bits(Inflater.finalFlagBits) == 1
            switch try reader.bits(Inflater.blockTypeBits) {
            case Deflate.BlockType.stored.rawValue:
                try copyStoredBlock()
            case Deflate.BlockType.fixed.rawValue:
                try decodeSymbols(
                    literalLengths: Inflater.fixedLiteralLengthTable, distances: Inflater.fixedDistanceTable)
            case Deflate.BlockType.dynamic.rawValue:
                try readDynamicCodes()
                try decodeSymbols(literalLengths: literalLengths, distances: distances)
            default:
                throw .reservedBlockType(at: blockOffset)
            }
        } while !isFinal
        try reader.alignToByte()
    }

    /// Copies a stored block (RFC 1951 §3.2.4): skip to a byte boundary,
    /// LEN, NLEN = ~LEN, then LEN raw bytes.
    mutating func copyStoredBlock() throws(ZlibError) {
        try reader.alignToByte()
        let fieldsOffset = reader.position
        let fieldBytes = 2 * Inflater.storedLengthFieldBytes
        guard fieldsOffset + fieldBytes <= reader.count else { throw .truncated(at: reader.count) }
        let fields = reader.input + fieldsOffset
        let length = Int(fields.load(as: UInt8.self)) | Int(fields.load(fromByteOffset: 1, as: UInt8.self)) << 8
        let complement =
            Int(fields.load(fromByteOffset: 2, as: UInt8.self))
            | Int(fields.load(fromByteOffset: 3, as: UInt8.self)) << 8
        guard length == complement ^ Deflate.maximumStoredLength else {
            throw .storedLengthMismatch(length: length, complement: complement, at: fieldsOffset)
        }
        let dataOffset = fieldsOffset + fieldBytes
        guard dataOffset + length <= reader.count else { throw .truncated(at: reader.count) }
        try output.reserve(output.count + length, offset: dataOffset)
        UnsafeMutableRawPointer(output.bytes + output.count).copyMemory(
            from: reader.input + dataOffset, byteCount: length)
        output.count += length
        reader.position = dataOffset + length
    }
}
