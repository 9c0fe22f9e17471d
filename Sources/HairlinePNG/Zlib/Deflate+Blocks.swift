// Zlib stage: DEFLATE block coding. One block of LZ77 tokens (and the input
// bytes they stand for) in -> the smallest of a stored, a fixed-Huffman or
// a dynamic-Huffman block out (RFC 1951 §3.2.3-3.2.7). Guarantees: sizes
// are computed exactly before the choice, so a block never takes more than
// its stored form (plus the 3-bit header and padding).

extension Deflate {
    /// Bits of the block header: BFINAL and the 2-bit BTYPE.
    static let blockHeaderBitCount = 3
    /// Bits of a stored block's LEN and NLEN fields.
    static let storedLengthFieldsBitCount = 32
    /// Bits of one code length in a dynamic header's code-length list.
    static let codeLengthFieldBitCount = 3

    /// Writes the tokens of a block and its end-of-block code with the
    /// given literal/length and distance codes (`writeTokens`, or a
    /// faster writer for tokens of a known shape).
    typealias TokenWriter = (
        _ block: TokenBlock, _ literalCode: HuffmanCode, _ distanceCode: HuffmanCode, _ writer: inout BitWriter
    ) -> Void

    /// Writes `block` (whose tokens stand for `bytes`) as whichever block
    /// type codes it in the fewest bits, the dynamic one with codes made
    /// for its symbol counts; `isFinal` sets BFINAL.
    static func writeBlock(
        _ block: TokenBlock, bytes: UnsafeRawBufferPointer, isFinal: Bool, to writer: inout BitWriter
    ) {
        let literalCode = HuffmanCode(frequencies: block.literalLengthFrequencies, maximumLength: maximumCodeLength)
        let distanceCode = HuffmanCode(frequencies: block.distanceFrequencies, maximumLength: maximumCodeLength)
        let header = DynamicHeader(literalLengths: literalCode.lengths, distanceLengths: distanceCode.lengths)
        writeBlock(
            block, bytes: bytes, isFinal: isFinal, to: &writer, literalCode: literalCode, distanceCode: distanceCode,
            header: header
        ) { writeTokens($0, literalCode: $1, distanceCode: $2, to: &$3) }
    }

    /// Writes `block` (whose tokens stand for `bytes`) as a stored, a
    /// fixed-Huffman or a dynamic block with the given codes (which must
    /// code every symbol the block uses; `header` describes them),
    /// whichever takes the fewest bits. `writeTokens` writes the tokens
    /// once the codes are chosen; every writer must write the same bits.
    static func writeBlock(
        _ block: TokenBlock, bytes: UnsafeRawBufferPointer, isFinal: Bool, to writer: inout BitWriter,
        literalCode: HuffmanCode, distanceCode: HuffmanCode, header: DynamicHeader, writeTokens: TokenWriter
    ) {
        let literalFrequencies = block.literalLengthFrequencies
        let distanceFrequencies = block.distanceFrequencies
        let extraBits = extraBitCount(literalFrequencies: literalFrequencies, distanceFrequencies: distanceFrequencies)

        let dynamicBits =
            blockHeaderBitCount + header.bitCount + extraBits
            + literalCode.cost(of: literalFrequencies) + distanceCode.cost(of: distanceFrequencies)
        let fixedBits =
            blockHeaderBitCount + extraBits
            + fixedLiteralLengthCode.cost(of: literalFrequencies) + fixedDistanceCode.cost(of: distanceFrequencies)
        let storedBits = storedBitCount(byteCount: bytes.count, startingAt: writer.bitCount)

        if storedBits <= min(fixedBits, dynamicBits) {
            writeStored(bytes, isFinal: isFinal, to: &writer)
        } else if fixedBits <= dynamicBits {
            writeHeader(.fixed, isFinal: isFinal, to: &writer)
            writeTokens(block, fixedLiteralLengthCode, fixedDistanceCode, &writer)
        } else {
            writeHeader(.dynamic, isFinal: isFinal, to: &writer)
            header.write(to: &writer)
            writeTokens(block, literalCode, distanceCode, &writer)
        }
    }

    /// Writes BFINAL and BTYPE.
    static func writeHeader(_ type: BlockType, isFinal: Bool, to writer: inout BitWriter) {
        writer.write((isFinal ? 1 : 0) | type.rawValue << 1, count: blockHeaderBitCount)
    }

    /// The extra bits all match lengths and distances of a block need,
    /// whatever the Huffman codes.
    static func extraBitCount(literalFrequencies: [Int], distanceFrequencies: [Int]) -> Int {
        var bits = 0
        for index in 0..<lengthSymbolCount {
            bits += literalFrequencies[firstLengthSymbol + index] * Int(lengthExtraBits[index])
        }
        for symbol in 0..<distanceAlphabetSize {
            bits += distanceFrequencies[symbol] * Int(distanceExtraBits[symbol])
        }
        return bits
    }

    /// The bits `byteCount` bytes take as stored blocks when the first
    /// header starts at bit `startBit` of the stream.
    static func storedBitCount(byteCount: Int, startingAt startBit: Int) -> Int {
        let bitsPerByte = UInt8.bitWidth
        let firstPadding = (bitsPerByte - (startBit + blockHeaderBitCount) % bitsPerByte) % bitsPerByte
        let pieceCount = max(1, (byteCount + maximumStoredLength - 1) / maximumStoredLength)
        let laterPadding = bitsPerByte - blockHeaderBitCount
        return pieceCount * (blockHeaderBitCount + storedLengthFieldsBitCount) + firstPadding
            + (pieceCount - 1) * laterPadding + byteCount * bitsPerByte
    }

    /// Writes `bytes` as stored blocks of at most `maximumStoredLength`
    /// bytes; only the last carries BFINAL when `isFinal`.
    static func writeStored(_ bytes: UnsafeRawBufferPointer, isFinal: Bool, to writer: inout BitWriter) {
        var start = 0
        repeat {
            let length = min(maximumStoredLength, bytes.count - start)
            writeHeader(.stored, isFinal: isFinal && start + length == bytes.count, to: &writer)
            writer.alignToByte()
            // LEN, then NLEN, its ones' complement, 16 bits each.
            let lengthField = UInt32(length)
            let complement = ~lengthField & UInt32(maximumStoredLength)
            writer.write(
                lengthField | complement << UInt32(storedLengthFieldsBitCount / 2), count: storedLengthFieldsBitCount)
            writer.appendAlignedBytes(UnsafeRawBufferPointer(rebasing: bytes[start..<(start + length)]))
            start += length
        } while start < bytes.count
    }

    /// The most bits one token takes: a 15-bit length code with 5 extra
    /// bits and a 15-bit distance code with 13 extra bits.
    static let maximumTokenBitCount = 48

    /// Writes the tokens of `block` and the end-of-block code.
    static func writeTokens(
        _ block: TokenBlock, literalCode: HuffmanCode, distanceCode: HuffmanCode, to writer: inout BitWriter
    ) {
        let literalCodes = literalCode.codes, literalLengths = literalCode.lengths
        let distanceCodes = distanceCode.codes, distanceLengths = distanceCode.lengths
        let lengthSymbols = lengthSymbolTable, lengthBases = lengthBase, lengthExtras = lengthExtraBits
        let distanceBases = distanceBase, distanceExtras = distanceExtraBits
        let tokens = block.tokens, count = block.count
        writer.writeBulk(maximumBitCount: (count + 1) * maximumTokenBitCount) { writer in
            distanceSymbolTable.withUnsafeBufferPointer { distanceTable in
                for index in 0..<count {
                    let token = tokens[index]
                    let distance = Int(token >> TokenBlock.distanceShift)
                    let value = Int(token & TokenBlock.lengthMask)
                    if distance == 0 {
                        writer.write(UInt32(literalCodes[value]), count: Int(literalLengths[value]))
                        continue
                    }
                    let symbol = Int(lengthSymbols[value])
                    let lengthIndex = symbol - firstLengthSymbol
                    let codeLength = Int(literalLengths[symbol])
                    writer.write(
                        UInt32(literalCodes[symbol]) | UInt32(value - Int(lengthBases[lengthIndex]))
                            << UInt32(codeLength),
                        count: codeLength + Int(lengthExtras[lengthIndex]))
                    let distanceSymbol = distanceSymbol(for: distance, table: distanceTable)
                    let distanceLength = Int(distanceLengths[distanceSymbol])
                    writer.write(
                        UInt32(distanceCodes[distanceSymbol])
                            | UInt32(distance - Int(distanceBases[distanceSymbol])) << UInt32(distanceLength),
                        count: distanceLength + Int(distanceExtras[distanceSymbol]))
                }
            }
            writer.write(UInt32(literalCodes[endOfBlock]), count: Int(literalLengths[endOfBlock]))
        }
    }
}
