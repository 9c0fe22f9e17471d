// Zlib stage: the fixed vocabulary of DEFLATE (RFC 1951 §3.2.5-3.2.7).
// Match lengths and distances in -> alphabet symbols, base values and
// extra-bit counts out; also the fixed Huffman code lengths and the order
// of code-length codes. Tables are computed from the RFC's rules (not typed
// in), and the tests check them against the RFC's printed tables.

extension Deflate {
    /// The number of length symbols, 257 ... 285.
    static let lengthSymbolCount = 29
    /// Length symbols 257 ... 264 carry no extra bits; after them every four
    /// symbols add one extra bit.
    static let lengthSymbolsWithoutExtraBits = 8
    /// Distance symbols 0 ... 3 carry no extra bits; after them every two
    /// symbols add one extra bit.
    static let distanceSymbolsWithoutExtraBits = 4
    /// Distances up to this value (bytes) are looked up directly in
    /// `distanceSymbolTable`; longer ones by their value divided by
    /// `distanceBucketSize`, since every longer symbol's range starts on a
    /// multiple of it.
    static let directDistanceCount = 256
    static let distanceBucketSize = 128

    /// Extra bits of length symbol 257 + i.
    static let lengthExtraBits: [UInt8] = (0..<lengthSymbolCount).map { index in
        if index < lengthSymbolsWithoutExtraBits || index == lengthSymbolCount - 1 { return 0 }
        return UInt8((index - lengthSymbolsWithoutExtraBits) / 4 + 1)
    }

    /// The shortest match length (bytes) of length symbol 257 + i. The last
    /// symbol, 285, stands for exactly `maximumMatchLength`.
    static let lengthBase: [UInt16] = {
        var bases: [UInt16] = []
        var base = minimumMatchLength
        for index in 0..<lengthSymbolCount {
            bases.append(UInt16(index == lengthSymbolCount - 1 ? maximumMatchLength : base))
            base += 1 << Int(lengthExtraBits[index])
        }
        return bases
    }()

    /// The literal/length symbol (257 ... 285) of each match length
    /// 0 ... 258 (entries below `minimumMatchLength` are unused zeros).
    static let lengthSymbolTable: [UInt16] = {
        var table = [UInt16](repeating: 0, count: maximumMatchLength + 1)
        for index in 0..<lengthSymbolCount {
            let first = Int(lengthBase[index])
            let last = index == lengthSymbolCount - 1 ? first : first + (1 << Int(lengthExtraBits[index])) - 1
            for length in first...min(last, maximumMatchLength) {
                table[length] = UInt16(firstLengthSymbol + index)
            }
        }
        return table
    }()

    /// Extra bits of distance symbol i.
    static let distanceExtraBits: [UInt8] = (0..<distanceAlphabetSize).map { index in
        index < distanceSymbolsWithoutExtraBits ? 0 : UInt8((index - distanceSymbolsWithoutExtraBits) / 2 + 1)
    }

    /// The shortest distance (bytes) of distance symbol i.
    static let distanceBase: [UInt16] = {
        var bases: [UInt16] = []
        var base = 1
        for index in 0..<distanceAlphabetSize {
            bases.append(UInt16(base))
            base += 1 << Int(distanceExtraBits[index])
        }
        return bases
    }()

    /// Distance symbols: entry d - 1 for distances d ≤ 256, then entry
    /// 256 + (d - 1) / 128 for longer ones; see `distanceSymbol(for:)`.
    static let distanceSymbolTable: [UInt8] = {
        // One pass over the 512 entries, not the 32768 distances: each
        // entry's smallest distance, and the symbols walked upwards (the
        // symbols' ranges are increasing). Entries 256 and 257 (buckets of
        // distances ≤ 256, which are direct) stay 0, never read.
        var table = [UInt8](repeating: 0, count: 2 * directDistanceCount)
        var symbol = 0
        for index in 0..<table.count {
            let distance =
                index < directDistanceCount ? index + 1 : (index - directDistanceCount) * distanceBucketSize + 1
            if index >= directDistanceCount && distance <= directDistanceCount { continue }
            while symbol + 1 < distanceAlphabetSize && Int(distanceBase[symbol + 1]) <= distance { symbol += 1 }
            table[index] = UInt8(symbol)
        }
        return table
    }()

    /// The distance symbol of a distance of 1 ... 32768 bytes, using `table`
    /// (a buffer over `distanceSymbolTable`).
    @inline(__always)
    static func distanceSymbol(for distance: Int, table: UnsafeBufferPointer<UInt8>) -> Int {
        let index =
            distance <= directDistanceCount
            ? distance - 1 : directDistanceCount + (distance - 1) / distanceBucketSize
        return Int(table[index])
    }

    /// The order in which a dynamic block header lists the code lengths of
    /// the code-length alphabet (RFC 1951 §3.2.7): likely ones first.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The fixed literal/length code (RFC 1951 §3.2.6): 8 bits for 0-143,
    /// 9 for 144-255, 7 for 256-279, 8 for 280-287.
    static let fixedLiteralLengthCode = HuffmanCode(
        lengths: (0..<fixedLiteralLengthAlphabetSize).map { symbol in
            switch symbol {
            case 0...143: return 8
            case 144...255: return 9
            case 256...279: return 7
            default: return 8
            }
        })

    /// The fixed distance code: 5 bits for each of the 30 symbols.
    static let fixedDistanceCode = HuffmanCode(
        lengths: [UInt8](repeating: 5, count: distanceAlphabetSize))
}
