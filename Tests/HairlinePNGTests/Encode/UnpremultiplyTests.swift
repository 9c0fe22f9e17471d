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

    @Test func rowKernelStepsAgreeAtEveryRunPositionAndLength() {
        // Runs of opaque, transparent and partial pixels placed so that
        // the eight- and four-pixel steps see every mix, at row lengths
        // 0 ... 40 (the tails too), against the per-pixel reference.
        let kinds: [[UInt8]] = [[200, 10, 90, 255], [0, 0, 0, 0], [60, 20, 100, 128], [7, 1, 3, 9]]
        var generator: UInt64 = 0x9E37_79B9_7F4A_7C15
        for pixelCount in 0...40 {
            for _ in 0..<8 {
                var source: [UInt8] = []
                var expected: [UInt8] = []
                for _ in 0..<pixelCount {
                    generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    // Mostly opaque or transparent, as drawings are.
                    let pick = Int(generator >> 60)
                    let kind = kinds[pick < 7 ? 0 : pick < 13 ? 1 : pick < 15 ? 2 : 3]
                    source += kind
                    let alpha = Int(kind[3])
                    expected +=
                        alpha == 0
                        ? [0, 0, 0, 0]
                        : [
                            Self.reference(Int(kind[0]), alpha), Self.reference(Int(kind[1]), alpha),
                            Self.reference(Int(kind[2]), alpha), kind[3],
                        ]
                }
                var output = [UInt8](repeating: 0xAA, count: source.count)
                source.withUnsafeBufferPointer { input in
                    output.withUnsafeMutableBufferPointer { result in
                        guard let from = input.baseAddress, let to = result.baseAddress else { return }
                        Unpremultiply.row(from, into: to, pixelCount: pixelCount)
                    }
                }
                #expect(output == expected, "\(pixelCount) pixels")
            }
        }
    }
}
