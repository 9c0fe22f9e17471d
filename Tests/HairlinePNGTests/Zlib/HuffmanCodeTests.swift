// Tests of Huffman code construction: length limits, completeness (Kraft
// sum exactly 1), optimality against a plain Huffman build when the limit
// does not bind, and canonical code assignment (RFC 1951 §3.2.2 example).

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct HuffmanCodeTests {
    /// Sum of 2^-length over coded symbols, scaled by 2^15 (so 1 is 32768).
    static func kraftSum(_ lengths: [UInt8]) -> Int {
        lengths.filter { $0 > 0 }.reduce(0) { $0 + (1 << (15 - Int($1))) }
    }

    /// The cost of an unlimited optimal code: the sum of the weights of
    /// every merged node of Huffman's algorithm.
    static func plainHuffmanCost(_ frequencies: [Int]) -> Int {
        var weights = frequencies.filter { $0 > 0 }
        var cost = 0
        while weights.count > 1 {
            weights.sort(by: >)
            let merged = weights.removeLast() + weights.removeLast()
            cost += merged
            weights.append(merged)
        }
        return cost
    }

    @Test func fibonacciFrequenciesRespectTheLimit() {
        // Unlimited Huffman would give these a code 29 bits deep.
        var frequencies = [1, 1]
        while frequencies.count < 30 {
            frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2])
        }
        for limit in [7, 9, 15] {
            let lengths = HuffmanCode.optimalLengths(for: frequencies, maximumLength: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit }, "limit \(limit)")
            #expect(Self.kraftSum(lengths) == 1 << 15, "limit \(limit)")
        }
    }

    @Test func optimalWhenTheLimitDoesNotBind() {
        let seed: UInt64 = 42
        var generator = SplitMix64(seed: seed)
        for trial in 0..<50 {
            let count = Int.random(in: 2...286, using: &generator)
            let frequencies = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0 ? 0 : Int.random(in: 1...1000, using: &generator)
            }
            guard frequencies.filter({ $0 > 0 }).count >= 2 else { continue }
            let code = HuffmanCode(frequencies: frequencies, maximumLength: 15)
            #expect(code.cost(of: frequencies) == Self.plainHuffmanCost(frequencies), "trial \(trial), seed \(seed)")
            #expect(Self.kraftSum(code.lengths) == 1 << 15, "trial \(trial), seed \(seed)")
            for (symbol, frequency) in frequencies.enumerated() {
                #expect((frequency > 0) == (code.lengths[symbol] > 0), "trial \(trial), seed \(seed)")
            }
        }
    }

    @Test func loneAndMissingSymbolsGetACompleteCode() {
        var frequencies = [Int](repeating: 0, count: 30)
        #expect(HuffmanCode.optimalLengths(for: frequencies, maximumLength: 15).filter { $0 > 0 } == [1, 1])
        frequencies[17] = 9
        let lengths = HuffmanCode.optimalLengths(for: frequencies, maximumLength: 15)
        #expect(lengths[17] == 1)
        #expect(Self.kraftSum(lengths) == 1 << 15)
    }

    @Test func canonicalCodesFollowRFCExample() {
        // RFC 1951 §3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) for A ... H give
        // 010, 011, 100, 101, 110, 00, 1110, 1111.
        let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
        let expected: [UInt16] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
        for symbol in 0..<8 {
            let length = Int(code.lengths[symbol])
            #expect(
                CanonicalCode.reverseBits(code.codes[symbol], count: length) == expected[symbol], "symbol \(symbol)")
        }
    }
}
