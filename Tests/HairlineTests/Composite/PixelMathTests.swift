// 8-bit compositing math checked exhaustively against Double, and the
// solid source-over kernel's fast paths against its general path.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct PixelMathTests {
    @Test func div255IsExactRoundingForEveryProductOfTwoBytes() {
        var worst = 0
        for a in 0...255 {
            for b in 0...255 {
                let x = UInt32(a * b)
                let expected = UInt32((Double(x) / 255).rounded())
                if div255(x) != expected { worst += 1 }
            }
        }
        #expect(worst == 0)
    }

    @Test func scalePackedRoundsEachChannelIndependently() {
        // Every byte value in every lane against every factor, in four lanes at once.
        for factor in UInt32(0)...255 {
            for v in UInt32(0)...255 {
                let pixel = v | (255 - v) << 8 | (v ^ 0x5A) << 16 | (v / 2) << 24
                let scaled = scalePacked(pixel, by: factor)
                for lane in 0..<4 {
                    let input = Double((pixel >> (8 * UInt32(lane))) & 0xFF)
                    let expected = UInt32((input * Double(factor) / 255).rounded())
                    let got = (scaled >> (8 * UInt32(lane))) & 0xFF
                    if got != expected {
                        Issue.record("lane \(lane) value \(input) factor \(factor): \(got) != \(expected)")
                        return
                    }
                }
            }
        }
    }

    @Test func premultipliedColorRoundsAndClamps() {
        #expect(
            Color(red: 1, green: 0.5, blue: 0, alpha: 0.5).premultiplied
                == PremultipliedColor(red: 128, green: 64, blue: 0, alpha: 128))
        #expect(
            Color(red: .nan, green: 2, blue: -1, alpha: 1).premultiplied
                == PremultipliedColor(red: 0, green: 255, blue: 0, alpha: 255))
        #expect(
            Color(red: 1, green: 1, blue: 0.9).premultiplied
                == PremultipliedColor(red: 255, green: 255, blue: 230, alpha: 255))
    }

    @Test(arguments: [UInt8(255), 200, 77, 1])
    func sourceOverMatchesTheFormulaForEveryCoverage(sourceAlpha: UInt8) throws {
        let surface = try Surface(width: 256, height: 1)
        let destination = PremultipliedColor(red: 90, green: 40, blue: 130, alpha: 160)
        surface.clear(to: destination)
        // A kernel driven directly writes the pixels as they are: the
        // clear must be written first (draws fuse it in themselves).
        surface.flush()
        let color = Color(red: 0.2, green: 0.9, blue: 0.5, alpha: Double(sourceAlpha) / 255)
        let source = color.premultiplied
        var sink = SolidSourceOver(surface: surface, color: source)
        for c in 1...255 {
            sink.blendRun(x: c, y: 0, count: 1, coverage: UInt8(c))
        }
        for c in 1...255 {
            let got = surface.pixel(x: c, y: 0)!
            // src·c, then dst·(1 − αs·c), each channel rounded as the kernel does.
            func channel(_ s: UInt8, _ d: UInt8) -> Double {
                let scaled = (Double(s) * Double(c) / 255).rounded()
                let alpha = (Double(source.alpha) * Double(c) / 255).rounded()
                return scaled + (Double(d) * (255 - alpha) / 255).rounded()
            }
            #expect(Double(got.red) == channel(source.red, destination.red), "coverage \(c)")
            #expect(Double(got.green) == channel(source.green, destination.green), "coverage \(c)")
            #expect(Double(got.blue) == channel(source.blue, destination.blue), "coverage \(c)")
            #expect(Double(got.alpha) == channel(source.alpha, destination.alpha), "coverage \(c)")
            #expect(got.red <= got.alpha && got.green <= got.alpha && got.blue <= got.alpha)
        }
    }

    @Test func fullRunFastPathEqualsPerPixelBlending() throws {
        let a = try Surface(width: 40, height: 1), b = try Surface(width: 40, height: 1)
        for x in 0..<40 {
            let px = PremultipliedColor(red: UInt8(x * 3), green: UInt8(x * 2), blue: UInt8(x), alpha: UInt8(120 + x))
            a.setPixel(x: x, y: 0, to: px)
            b.setPixel(x: x, y: 0, to: px)
        }
        for color in [Color(red: 1, green: 1, blue: 0.9), Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.4)] {
            var runSink = SolidSourceOver(surface: a, color: color.premultiplied)
            runSink.blendRun(x: 0, y: 0, count: 40, coverage: 255)
            var pixelSink = SolidSourceOver(surface: b, color: color.premultiplied)
            for x in 0..<40 { pixelSink.blendRun(x: x, y: 0, count: 1, coverage: 255) }
            #expect(a.bytes == b.bytes)
        }
    }
}

@Suite struct VectorKernelTests {
    /// The four-pixel vector kernel of source-over gives the scalar
    /// kernel's bytes for every alpha, random premultiplied sources and
    /// random destinations, with a scalar tail for any run length.
    @Test func solidSourceOverVectorMatchesScalar() {
        var rng = SplitMix64(seed: 91)
        for alpha in UInt32(0)...255 {
            let channel = { (rng: inout SplitMix64) in UInt32(rng.int(in: 0...Int(alpha))) }
            let source = channel(&rng) | channel(&rng) << 8 | channel(&rng) << 16 | alpha << 24
            let count = rng.int(in: 0...23)
            let destination = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            var vector = destination
            vector.withUnsafeMutableBufferPointer { blendSourceOver($0, source: source, alpha: alpha) }
            let scalar = destination.map { alpha == 255 ? source : source &+ scalePacked($0, by: 255 - alpha) }
            #expect(vector == scalar, "alpha \(alpha), count \(count)")
        }
    }
}

extension PixelMathTests {
    /// The vector lanes' rounding (`PixelLanes.scaled`, the low byte by a
    /// multiply-high, the high byte kept in place) is `div255` for every
    /// channel value and factor, in the low and the high byte of a lane.
    @Test func laneScalingIsDiv255ForEveryChannelAndFactor() {
        var wrong = 0
        for factor in UInt16(0)...255 {
            let factors = PixelLanes(repeating: factor)
            for first in stride(from: UInt16(0), through: 255, by: 8) {
                // Eight channel values, each in both bytes of its lane.
                let values = PixelLanes(
                    first, first + 1, first + 2, first + 3, first + 4, first + 5, first + 6, first + 7)
                let scaled = (values | values &<< 8).scaled(by: factors)
                for i in 0..<8 {
                    let expected = UInt16(div255(UInt32(values[i]) * UInt32(factor)))
                    if scaled[i] != expected | expected << 8 { wrong += 1 }
                }
            }
        }
        #expect(wrong == 0)
    }

    /// `SolidSourceOver`'s group of four (the color split once, an opaque
    /// color's scaled alpha read from the coverage) gives the scalar
    /// formula's bytes: opaque and translucent colors, every coverage in
    /// every position of the group (0 leaves the pixel), random pixels.
    @Test func solidGroupOfFourMatchesTheScalarFormula() throws {
        var rng = SplitMix64(seed: 93)
        let surface = try Surface(width: 4, height: 1)
        for round in 0..<24 {
            let alpha: UInt32 = round % 3 == 0 ? UInt32(rng.int(in: 1...254)) : 255
            let channel = { (rng: inout SplitMix64) in UInt32(rng.int(in: 0...Int(alpha))) }
            let source = channel(&rng) | channel(&rng) << 8 | channel(&rng) << 16 | alpha << 24
            var kernel = SolidSourceOver(surface: surface, packed: source)
            kernel.beginRow(0)
            for c in UInt32(0)...255 {
                let coverage = c | (255 - c) << 8 | UInt32(rng.int(in: 0...255)) << 16 | (c / 2) << 24
                let before = (0..<4).map { _ in
                    PendingClearTests.randomColor(&rng).premultiplied.packed
                }
                for i in 0..<4 { surface.rowPointer(0)[i] = before[i] }
                kernel.blendGroup(x: 0, count: 4, coverage: coverage)
                let after = (0..<4).map { surface.rowPointer(0)[$0] }
                let expected = (0..<4).map { i in
                    let ci = coverage.coverageByte(i)
                    return ci == 0
                        ? before[i] : SolidSpans.sourceOver(before[i], source: source, alpha: alpha, coverage: ci)
                }
                #expect(after == expected, "source \(source), coverage \(coverage)")
            }
        }
    }
}

extension VectorKernelTests {
    /// The vector row kernel gives the scalar bytes for random valid
    /// premultiplied sources (transparent, opaque and in between) at every
    /// coverage, over random destinations.
    @Test func sourceOverRowVectorMatchesScalar() {
        var rng = SplitMix64(seed: 92)
        func pixel(_ rng: inout SplitMix64) -> UInt32 {
            let a: UInt32 = [0, 255, UInt32(rng.int(in: 0...255))][rng.int(in: 0...2)]
            let ch = { (rng: inout SplitMix64) in UInt32(rng.int(in: 0...Int(a))) }
            return ch(&rng) | ch(&rng) << 8 | ch(&rng) << 16 | a << 24
        }
        for c in UInt8(1)...255 {
            let count = rng.int(in: 1...29)
            let source = (0..<count).map { _ in pixel(&rng) }
            let destination = (0..<count).map { _ in pixel(&rng) }
            var vector = destination
            source.withUnsafeBufferPointer { s in
                vector.withUnsafeMutableBufferPointer { d in
                    sourceOverRow(s.baseAddress!, d.baseAddress!, count: count, coverage: c)
                }
            }
            let expected = zip(source, destination).map { s0, d in
                let s = c == 255 ? s0 : scalePacked(s0, by: UInt32(c))
                return s &+ scalePacked(d, by: 255 - packedAlpha(s))
            }
            #expect(vector == expected, "coverage \(c), count \(count)")
        }
    }
}
