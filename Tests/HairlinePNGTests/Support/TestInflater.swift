// Test oracle: a deliberately plain inflater (RFC 1951) and zlib reader
// (RFC 1950), written apart from the encoder and sharing none of its
// tables, in the manner of Mark Adler's puff.c. Compressed bytes in ->
// the original bytes and the type of every block, or an error for any
// malformed stream, including incomplete or over-subscribed codes.

/// What was wrong with a stream the test inflater was given.
enum InflateError: Error, Equatable {
    case endOfInput
    case badZlibHeader
    case badAdler32(expected: UInt32, found: UInt32)
    case trailingBytes(Int)
    case reservedBlockType
    case storedLengthMismatch
    case badCodeLengths(String)
    case invalidSymbol(Int)
    case distanceTooFar(distance: Int, available: Int)
}

/// The result of inflating: the bytes and the BTYPE of each block in order.
struct Inflated {
    var bytes: [UInt8] = []
    var blockTypes: [Int] = []
}

/// Reads a byte array least-significant bit first, one bit at a time.
struct TestBitReader {
    let data: [UInt8]
    var bitPosition = 0

    mutating func bit() throws(InflateError) -> Int {
        guard bitPosition < data.count * 8 else { throw .endOfInput }
        let value = Int(data[bitPosition / 8] >> UInt8(bitPosition % 8)) & 1
        bitPosition += 1
        return value
    }

    /// `count` bits, the first read as the least significant.
    mutating func bits(_ count: Int) throws(InflateError) -> Int {
        var value = 0
        for index in 0..<count { value |= try bit() << index }
        return value
    }

    mutating func alignToByte() { bitPosition = (bitPosition + 7) / 8 * 8 }
}

/// A canonical Huffman decoder: counts of codes per length and the symbols
/// in canonical order (puff.c's `construct` and `decode`).
struct TestHuffman {
    var countPerLength = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []

    /// Rejects over-subscribed sets and incomplete ones, except a single
    /// code of length 1 (which RFC 1951 permits for distances).
    init(lengths: [Int]) throws(InflateError) {
        for length in lengths { countPerLength[length] += 1 }
        let used = lengths.count - countPerLength[0]
        countPerLength[0] = 0
        var left = 1
        for length in 1...15 {
            left = left * 2 - countPerLength[length]
            if left < 0 { throw .badCodeLengths("over-subscribed") }
        }
        if left > 0 && !(used == 1 && countPerLength[1] == 1) && used != 0 {
            throw .badCodeLengths("incomplete code (\(used) symbols)")
        }
        for length in 1...15 {
            for (symbol, symbolLength) in lengths.enumerated() where symbolLength == length {
                symbols.append(symbol)
            }
        }
    }

    func decode(_ reader: inout TestBitReader) throws(InflateError) -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try reader.bit()
            let count = countPerLength[length]
            if code - first < count { return symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw .badCodeLengths("no code matches")
    }
}

enum TestInflater {
    // RFC 1951 §3.2.5, copied from the printed tables.
    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
        8193, 12289, 16385, 24577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Inflates a zlib stream, checking its header and Adler-32 and that
    /// nothing follows it.
    static func zlibDecompress(_ data: [UInt8]) throws(InflateError) -> Inflated {
        guard data.count >= 6 else { throw .endOfInput }
        let cmf = Int(data[0]), flg = Int(data[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf * 256 + flg) % 31 == 0, flg & 0x20 == 0 else {
            throw .badZlibHeader
        }
        var reader = TestBitReader(data: data, bitPosition: 16)
        let result = try inflate(&reader)
        reader.alignToByte()
        var byteOffset = reader.bitPosition / 8
        guard byteOffset + 4 <= data.count else { throw .endOfInput }
        var stored: UInt32 = 0
        for _ in 0..<4 { stored = stored << 8 | UInt32(data[byteOffset]); byteOffset += 1 }
        let computed = naiveAdler32(result.bytes)
        guard stored == computed else { throw .badAdler32(expected: computed, found: stored) }
        guard byteOffset == data.count else { throw .trailingBytes(data.count - byteOffset) }
        return result
    }

    /// Inflates raw DEFLATE data up to and including its final block.
    static func inflate(_ data: [UInt8]) throws(InflateError) -> Inflated {
        var reader = TestBitReader(data: data)
        return try inflate(&reader)
    }

    static func inflate(_ reader: inout TestBitReader) throws(InflateError) -> Inflated {
        var result = Inflated()
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bit() == 1
            let type = try reader.bits(2)
            result.blockTypes.append(type)
            switch type {
            case 0: try stored(&reader, into: &result.bytes)
            case 1:
                let lengths = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
                try codes(
                    &reader, literal: TestHuffman(lengths: lengths),
                    distance: TestHuffman(lengths: [Int](repeating: 5, count: 32)), into: &result.bytes)
            case 2:
                let (literal, distance) = try dynamicCodes(&reader)
                try codes(&reader, literal: literal, distance: distance, into: &result.bytes)
            default: throw .reservedBlockType
            }
        }
        return result
    }

    static func stored(_ reader: inout TestBitReader, into output: inout [UInt8]) throws(InflateError) {
        reader.alignToByte()
        let length = try reader.bits(16)
        let complement = try reader.bits(16)
        guard length == complement ^ 0xFFFF else { throw .storedLengthMismatch }
        for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
    }

    static func dynamicCodes(_ reader: inout TestBitReader) throws(InflateError) -> (TestHuffman, TestHuffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else { throw .badCodeLengths("too many codes") }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengthCode = try TestHuffman(lengths: codeLengthLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengthCode.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let last = lengths.last else { throw .badCodeLengths("repeat with no previous length") }
                lengths += repeatElement(last, count: 3 + (try reader.bits(2)))
            case 17: lengths += repeatElement(0, count: 3 + (try reader.bits(3)))
            default: lengths += repeatElement(0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw .badCodeLengths("repeat overruns") }
        guard lengths[256] > 0 else { throw .badCodeLengths("no end-of-block code") }
        return (
            try TestHuffman(lengths: Array(lengths[0..<literalCount])),
            try TestHuffman(lengths: Array(lengths[literalCount...]))
        )
    }

    static func codes(
        _ reader: inout TestBitReader, literal: TestHuffman, distance: TestHuffman, into output: inout [UInt8]
    ) throws(InflateError) {
        while true {
            let symbol = try literal.decode(&reader)
            if symbol < 256 { output.append(UInt8(symbol)); continue }
            if symbol == 256 { return }
            guard symbol <= 285 else { throw .invalidSymbol(symbol) }
            let length = lengthBase[symbol - 257] + (try reader.bits(lengthExtra[symbol - 257]))
            let distanceSymbol = try distance.decode(&reader)
            guard distanceSymbol < 30 else { throw .invalidSymbol(distanceSymbol) }
            let back = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
            guard back <= min(output.count, 32_768) else {
                throw .distanceTooFar(distance: back, available: output.count)
            }
            for _ in 0..<length { output.append(output[output.count - back]) }
        }
    }

    /// Adler-32 straight from RFC 1950 §8.2, modulo after every byte.
    static func naiveAdler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
