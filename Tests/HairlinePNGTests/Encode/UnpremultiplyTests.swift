// Tests of the un-premultiply kernel: every (value, alpha) pair against
// Double arithmetic, and the row kernel (with its opaque and transparent
// fast paths) against the per-channel function.

import Testing
@testable import HairlinePNG

@Suite struct UnpremultiplyTests {
    /// round(value × 255 / alpha) in Double, clamped to 255.
    static func reference(_ value: Int, _ alpha: Int) -> UInt8 {
        UInt8(min(255, (Double(value) * 255 / Double(alpha)).rounded()))
    }

    @Test func everyValueAndAlphaMatchesDouble() {
        var mismatches = 0
        for alpha in 1...255 {
            for value in 0...255
            where Unpremultiply.channel(UInt8(value), alpha: UInt8(alpha)) != Self.reference(value, alpha) {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test func validValuesRoundTripThroughPremultiplication() {
        // Premultiplying the result again gives back the stored value.
        for alpha in 1...255 {
            for value in 0...alpha {
                let straight = Int(Unpremultiply.channel(UInt8(value), alpha: UInt8(alpha)))
                let again = (Double(straight) * Double(alpha) / 255).rounded()
                #expect(Int(again) == value, "value \(value), alpha \(alpha)")
            }
        }
    }

    @Test func rowKernelMatchesChannelFunction() {
        // Every alpha, with channels below, at and above it (malformed).
        var source: [UInt8] = []
        var expected: [UInt8] = []
        for alpha in 0...255 {
            for value in [0, alpha / 2, alpha, min(255, alpha + 1), 255] {
                source += [UInt8(value), UInt8(alpha / 3), UInt8(255 - value), UInt8(alpha)]
                if alpha == 0 {
                    expected += [0, 0, 0, 0]
                } else {
                    expected += [
                        Self.reference(value, alpha), Self.reference(alpha / 3, alpha),
                        Self.reference(255 - value, alpha), UInt8(alpha),
                    ]
                }
            }
        }
        var output = [UInt8](repeating: 0xAA, count: source.count)
        source.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { result in
                Unpremultiply.row(input.baseAddress!, into: result.baseAddress!, pixelCount: input.count / 4)
            }
        }
        #expect(output == expected)
    }
}
