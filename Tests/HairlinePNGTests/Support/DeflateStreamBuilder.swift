// Test support: hand-made DEFLATE and zlib streams, bit by bit, so that
// inflater tests can state exactly which blocks, codes and symbols a stream
// holds, including malformed ones no compressor would write: reserved
// symbols, bad code lengths, far distances, wrong LEN/NLEN.

@testable import HairlinePNG

/// Writes DEFLATE blocks field by field (RFC 1951 §3.2).
struct DeflateStreamBuilder {
    var writer = BitWriter(reservingCapacity: 256)

    /// One item of a Huffman-coded block.
    enum Token {
        case literal(UInt8)
        case match(length: Int, distance: Int)
        /// A raw literal/length symbol with no extra bits (for 286, 287).
        case literalLengthSymbol(Int)
        /// Length symbol 257 (length 3), then the raw distance symbol `symbol`
        /// with `extra` extra bits of value 0.
        case distanceSymbol(Int, extra: Int)
    }

    mutating func bits(_ value: Int, _ count: Int) {
        writer.write(UInt32(value), count: count)
    }

    mutating func blockHeader(isFinal: Bool, type: Int) {
        bits(isFinal ? 1 : 0, 1)
        bits(type, 2)
    }

    /// A stored block; `complement` overrides NLEN.
    mutating func stored(_ bytes: [UInt8], isFinal: Bool, complement: Int? = nil) {
        blockHeader(isFinal: isFinal, type: 0)
        writer.alignToByte()
        bits(bytes.count, 16)
        bits(complement ?? (bytes.count ^ 0xFFFF), 16)
        bytes.withUnsafeBytes { writer.appendAlignedBytes($0) }
    }

    /// Writes `symbol`'s code of `code` (codes are stored bit-reversed).
    mutating func code(_ code: HuffmanCode, _ symbol: Int) {
        precondition(code.lengths[symbol] > 0, "symbol \(symbol) has no code")
        bits(Int(code.codes[symbol]), Int(code.lengths[symbol]))
    }

    /// The tokens then end-of-block, with the given codes.
    mutating func tokens(_ tokens: [Token], literal: HuffmanCode, distance: HuffmanCode, endBlock: Bool = true) {
        for token in tokens {
            switch token {
            case .literal(let byte):
                code(literal, Int(byte))
            case .match(let length, let distanceValue):
                let symbol = Int(Deflate.lengthSymbolTable[length])
                let index = symbol - Deflate.firstLengthSymbol
                code(literal, symbol)
                bits(length - Int(Deflate.lengthBase[index]), Int(Deflate.lengthExtraBits[index]))
                let distanceSymbol = Deflate.distanceSymbolTable.withUnsafeBufferPointer {
                    Deflate.distanceSymbol(for: distanceValue, table: $0)
                }
                code(distance, distanceSymbol)
                bits(
                    distanceValue - Int(Deflate.distanceBase[distanceSymbol]),
                    Int(Deflate.distanceExtraBits[distanceSymbol]))
            case .literalLengthSymbol(let symbol):
                code(literal, symbol)
            case .distanceSymbol(let symbol, let extra):
                code(literal, Deflate.firstLengthSymbol)
                code(distance, symbol)
                bits(0, extra)
            }
        }
        if endBlock { code(literal, Deflate.endOfBlock) }
    }

    /// The fixed codes including the reserved symbols (288 and 32 codes).
    static let fixedLiteral = HuffmanCode(lengths: Deflate.fixedLiteralLengthCode.lengths)
    static let fixedDistance = HuffmanCode(lengths: [UInt8](repeating: 5, count: 32))

    /// A fixed-Huffman block of `tokens`.
    mutating func fixed(_ tokens: [Token], isFinal: Bool, endBlock: Bool = true) {
        blockHeader(isFinal: isFinal, type: 1)
        self.tokens(tokens, literal: Self.fixedLiteral, distance: Self.fixedDistance, endBlock: endBlock)
    }

    /// A complete code over the 19 code-length symbols: 13/16 + 6/32 = 1.
    static let completeCodeLengthLengths: [UInt8] = (0..<19).map { $0 < 13 ? 4 : 5 }

    /// A dynamic block header declaring `literalLengths` (257 ... 288
    /// entries) and `distances` (1 ... 32), with the code-length code
    /// `codeLengthLengths` (19 entries in symbol order; by default a
    /// complete code of 4 bits for symbols 0-12 and 5 for 13-18) and each length sent as its own symbol unless
    /// `lengthSymbols` gives the code-length symbols and extra bits.
    /// Returns the codes for writing tokens (built leniently: canonical
    /// codes even for invalid length sets).
    @discardableResult
    mutating func dynamicHeader(
        isFinal: Bool, literalLengths: [UInt8], distances: [UInt8],
        codeLengthLengths: [UInt8] = DeflateStreamBuilder.completeCodeLengthLengths,
        lengthSymbols: [(symbol: Int, extra: Int, extraBits: Int)]? = nil
    ) -> (literal: HuffmanCode, distance: HuffmanCode) {
        blockHeader(isFinal: isFinal, type: 2)
        bits(literalLengths.count - 257, 5)
        bits(distances.count - 1, 5)
        bits(19 - 4, 4)
        for symbol in Deflate.codeLengthOrder { bits(Int(codeLengthLengths[symbol]), 3) }
        let codeLengthCode = HuffmanCode(lengths: codeLengthLengths)
        let symbols = lengthSymbols ?? (literalLengths + distances).map { (Int($0), 0, 0) }
        for item in symbols {
            code(codeLengthCode, item.symbol)
            bits(item.extra, item.extraBits)
        }
        return (HuffmanCode(lengths: literalLengths), HuffmanCode(lengths: distances))
    }

    /// The bytes written, the last one padded with zero bits.
    mutating func finish() -> [UInt8] { writer.finish() }

    /// `deflate` in a zlib wrapper: header 78 9C and the Adler-32 of
    /// `content`, big-endian.
    static func zlib(_ deflate: [UInt8], content: [UInt8]) -> [UInt8] {
        let adler = TestInflater.naiveAdler32(content)
        return [0x78, 0x9C] + deflate + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    }
}
