// JPEG stage: the tables (DQT and DHT, ITU T.81 B.2.4). Segment bytes in ->
// quantization tables in natural (row-major) order and Huffman tables with
// a 9-bit lookup and canonical-code fallback (T.81 C and F.2.2.3, as
// libjpeg's jdhuff.c builds them). Guarantees the scan decoder: every
// table it finds is complete and self-consistent; a code no table holds is
// reported, never looked up out of bounds.

/// The zigzag order of T.81 figure A.6: `zigzagToNatural[k]` is the
/// row-major index of the k-th coefficient in coding order. Sixteen extra
/// entries (63) absorb a corrupt run that overshoots the block.
let zigzagToNatural: [Int] =
    [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ] + [Int](repeating: 63, count: 16)

/// A quantization table: 64 step sizes in natural (row-major) order.
struct JPEGQuantizationTable {
    var steps: [Int32]
}

/// A Huffman decoding table built from a DHT's code counts and values.
///
/// `lookup[peek]` answers codes of up to `lookupBits` bits at once:
/// (length << 8) | value, or 0 when the code is longer. Longer codes use
/// `maximumCode` per length (T.81 F.2.2.3).
final class JPEGHuffmanTable {
    /// Bits the lookup table resolves at once.
    static let lookupBits = 9
    /// (length << 8 | value) per `lookupBits`-bit prefix; 0 = longer code.
    let lookup: UnsafeMutablePointer<UInt16>
    /// The largest code of each length 0...17, -1 where none (index 17
    /// holds Int32.max as a sentinel).
    let maximumCode: UnsafeMutablePointer<Int32>
    /// values[code + valueOffset[length]] is the symbol of a code.
    let valueOffset: UnsafeMutablePointer<Int32>
    let values: UnsafeMutablePointer<UInt8>

    /// Builds the table from 16 code counts and the symbols.
    /// - Returns: `nil` if the counts overflow the code space (more codes
    ///   of a length than remain).
    init?(counts: [Int], symbols: [UInt8]) {
        lookup = .allocate(capacity: 1 << Self.lookupBits)
        lookup.initialize(repeating: 0, count: 1 << Self.lookupBits)
        maximumCode = .allocate(capacity: 18)
        maximumCode.initialize(repeating: -1, count: 18)
        maximumCode[17] = Int32.max
        valueOffset = .allocate(capacity: 18)
        valueOffset.initialize(repeating: 0, count: 18)
        values = .allocate(capacity: 256)
        values.initialize(repeating: 0, count: 256)
        for (i, s) in symbols.enumerated() { values[i] = s }
        var code = 0, index = 0
        for length in 1...16 {
            let n = counts[length - 1]
            valueOffset[length] = Int32(index - code)
            if n > 0 {
                guard code + n <= 1 << length else { return nil }
                for _ in 0..<n {
                    if length <= Self.lookupBits {
                        let shift = Self.lookupBits - length
                        let entry = UInt16(length << 8) | UInt16(symbols[index])
                        for fill in 0..<(1 << shift) { lookup[(code << shift) | fill] = entry }
                    }
                    code += 1
                    index += 1
                }
                maximumCode[length] = Int32(code - 1)
            }
            code <<= 1
        }
    }

    deinit {
        lookup.deallocate()
        maximumCode.deallocate()
        valueOffset.deallocate()
        values.deallocate()
    }
}

/// The tables a decoder has seen so far (they may be redefined between
/// scans).
struct JPEGTables {
    var quantization: [JPEGQuantizationTable?] = [nil, nil, nil, nil]
    /// DC tables 0...3, then AC tables 0...3.
    var huffman: [JPEGHuffmanTable?] = Array(repeating: nil, count: 8)

    /// Reads a DQT segment's payload (file offset `offset`).
    mutating func readQuantization(_ segment: UnsafeRawBufferPointer, offset: Int) throws(JPEGError) {
        var i = 0
        while i < segment.count {
            let precision = Int(segment[i] >> 4), slot = Int(segment[i] & 15)
            guard precision <= 1 else { throw .invalidSegment("DQT", reason: "precision \(precision)", at: offset + i) }
            guard slot < 4 else { throw .invalidSegment("DQT", reason: "table \(slot)", at: offset + i) }
            let size = precision == 0 ? 1 : 2
            guard i + 1 + 64 * size <= segment.count else { throw .truncated(at: offset + i) }
            var steps = [Int32](repeating: 0, count: JPEGFrame.blockCount)
            for k in 0..<64 {
                let at = i + 1 + k * size
                let step = size == 1 ? Int32(segment[at]) : Int32(segment[at]) << 8 | Int32(segment[at + 1])
                steps[zigzagToNatural[k]] = step
            }
            quantization[slot] = JPEGQuantizationTable(steps: steps)
            i += 1 + 64 * size
        }
    }

    /// Reads a DHT segment's payload (file offset `offset`).
    mutating func readHuffman(_ segment: UnsafeRawBufferPointer, offset: Int) throws(JPEGError) {
        var i = 0
        while i < segment.count {
            let tableClass = Int(segment[i] >> 4), slot = Int(segment[i] & 15)
            guard tableClass <= 1, slot < 4 else {
                throw .invalidSegment("DHT", reason: "class \(tableClass) table \(slot)", at: offset + i)
            }
            guard i + 17 <= segment.count else { throw .truncated(at: offset + i) }
            let counts = (0..<16).map { Int(segment[i + 1 + $0]) }
            let total = counts.reduce(0, +)
            guard total <= 256 else {
                throw .invalidSegment("DHT", reason: "\(total) codes (at most 256)", at: offset + i + 1)
            }
            guard i + 17 + total <= segment.count else { throw .truncated(at: offset + i) }
            let symbols = Array(segment[(i + 17)..<(i + 17 + total)])
            guard let table = JPEGHuffmanTable(counts: counts, symbols: symbols) else {
                throw .invalidSegment("DHT", reason: "code counts overflow the code space", at: offset + i + 1)
            }
            huffman[tableClass * 4 + slot] = table
            i += 17 + total
        }
    }
}
