// Tests of the canonical codes shared by deflate and inflate: RFC 1951's
// examples (§3.2.2 and the fixed code of §3.2.6), agreement with a plain
// sort-based assignment on seeded random codes, and the inflater's tables
// decoding exactly the codes the deflater sends.

import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct CanonicalCodeTests {
    /// Codes (most significant bit first) by the definition: symbols sorted
    /// by (length, symbol), each code the previous plus one, shifted left
    /// when the length grows.
    static func referenceCodes(_ lengths: [UInt8]) -> [UInt16] {
        var codes = [UInt16](repeating: 0, count: lengths.count)
        let order = lengths.indices.filter { lengths[$0] > 0 }.sorted { (lengths[$0], $0) < (lengths[$1], $1) }
        var code = 0, previousLength = 0
        for (rank, symbol) in order.enumerated() {
            let length = Int(lengths[symbol])
            if rank > 0 { code += 1 }
            code <<= length - previousLength
            previousLength = length
            codes[symbol] = UInt16(code)
        }
        return codes
    }

    static func forwardCodes(_ lengths: [UInt8]) -> [UInt16] {
        zip(CanonicalCode.reversedCodes(for: lengths), lengths).map { CanonicalCode.reverseBits($0, count: Int($1)) }
    }

    @Test func rfcExample() {
        // RFC 1951 §3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) for A ... H give
        // 010, 011, 100, 101, 110, 00, 1110, 1111.
        let lengths: [UInt8] = [3, 3, 3, 3, 3, 2, 4, 4]
        #expect(Self.forwardCodes(lengths) == [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111])
        #expect(CanonicalCode.countPerLength(lengths)[0...4] == [0, 0, 1, 5, 2])
    }

    @Test func fixedLiteralLengthCode() {
        // RFC 1951 §3.2.6: 0-143 are 00110000 ..., 144-255 110010000 ...,
        // 256-279 0000000 ..., 280-287 11000000 ...
        let codes = Self.forwardCodes(Deflate.fixedLiteralLengthCode.lengths)
        #expect(codes[0] == 0b0011_0000 && codes[143] == 0b1011_1111)
        #expect(codes[144] == 0b1_1001_0000 && codes[255] == 0b1_1111_1111)
        #expect(codes[256] == 0 && codes[279] == 0b001_0111)
        #expect(codes[280] == 0b1100_0000 && codes[287] == 0b1100_0111)
    }

    @Test func randomCodesMatchTheDefinition() {
        let seed: UInt64 = 1951
        var generator = SplitMix64(seed: seed)
        for trial in 0..<100 {
            let count = Int.random(in: 2...288, using: &generator)
            let frequencies = (0..<count).map { _ in
                Int.random(in: 0..<3, using: &generator) == 0 ? 0 : Int.random(in: 1...5000, using: &generator)
            }
            let limit = Int.random(in: 9...15, using: &generator)
            let lengths = HuffmanCode.optimalLengths(for: frequencies, maximumLength: limit)
            #expect(Self.forwardCodes(lengths) == Self.referenceCodes(lengths), "trial \(trial), seed \(seed)")
            #expect(HuffmanCode(lengths: lengths).codes == CanonicalCode.reversedCodes(for: lengths))
        }
    }

    /// The inflater's two-level table, built from the same lengths, maps
    /// every code the deflater would send back to its symbol.
    @Test func inflateTablesDecodeTheDeflaterCodes() {
        let seed: UInt64 = 3_2_2
        var generator = SplitMix64(seed: seed)
        for trial in 0..<40 {
            let count = Int.random(in: 2...286, using: &generator)
            let frequencies = (0..<count).map { _ in
                Int.random(in: 1...100_000, using: &generator) >> Int.random(in: 0...16, using: &generator)
            }
            let lengths = HuffmanCode.optimalLengths(for: frequencies, maximumLength: 15)
            let code = HuffmanCode(lengths: lengths)
            let rootBits = 9
            let table = InflateHuffmanTable(
                rootBits: rootBits, capacity: InflateHuffmanTable.capacity(rootBits: rootBits, symbolCount: count))
            let templates = (0..<count).map { InflateEntry.make(.literal, value: $0) }
            lengths.withUnsafeBufferPointer { l in
                templates.withUnsafeBufferPointer { table.build(lengths: l, templates: $0) }
            }
            for symbol in 0..<count where lengths[symbol] > 0 {
                let bits = Int(code.codes[symbol]), length = Int(lengths[symbol])
                var entry = table.entries[bits & ((1 << rootBits) - 1)]
                if InflateEntry.kindBits(entry) == InflateEntry.Kind.link.rawValue {
                    let index = (bits >> rootBits) & ((1 << InflateEntry.extra(entry)) - 1)
                    entry = table.entries[InflateEntry.value(entry) + index]
                }
                #expect(
                    InflateEntry.value(entry) == symbol && InflateEntry.codeLength(entry) == length,
                    "trial \(trial), symbol \(symbol), seed \(seed)")
            }
        }
    }
}
