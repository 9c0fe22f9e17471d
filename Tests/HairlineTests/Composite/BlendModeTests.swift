// Blend modes against the Double oracle of the W3C spec (BlendOracle.swift):
// every mode over seeded random and edge-case premultiplied pairs, at full
// and partial coverage, through every row kernel; outputs stay premultiplied.

import Testing
@testable import Hairline
import HairlineTestSupport

/// Seeded premultiplied (source, destination) pairs: a grid of edge colors
/// (alpha 0, 1, 255, …; channels 0, alpha, alpha/2, …) crossed with itself,
/// then uniformly random colors with the same edges over-weighted.
enum BlendSamples {
    static let seed: UInt64 = 0xB1E4_D5EE_D000_0001
    static let randomPairCount = 2_000

    static let edgeAlphas: [Int] = [0, 1, 2, 64, 127, 128, 200, 254, 255]

    /// A few colors per edge alpha, hitting B's branch points: channels 0
    /// and alpha (C = 0 and 1), alpha/2 and (alpha+1)/2 (C near 0.5), alpha/4.
    static var edgeColors: [PremultipliedColor] {
        edgeAlphas.flatMap { a -> [PremultipliedColor] in
            let shades = [(0, 0, 0), (a, a, a), (a, a / 2, 0), ((a + 1) / 2, a / 4, a), (a / 4, a, (a + 1) / 2)]
            return shades.map { color($0.0, $0.1, $0.2, a) }
        }
    }

    static func color(_ r: Int, _ g: Int, _ b: Int, _ a: Int) -> PremultipliedColor {
        PremultipliedColor(red: UInt8(r), green: UInt8(g), blue: UInt8(b), alpha: UInt8(a))
    }

    static func randomColor(_ rng: inout SplitMix64) -> PremultipliedColor {
        let pick = rng.int(in: 0...9)
        let a = pick == 0 ? 0 : pick == 1 ? 255 : rng.int(in: 0...255)
        func channel(_ rng: inout SplitMix64) -> Int {
            switch rng.int(in: 0...9) {
            case 0: return 0
            case 1: return a
            case 2: return a / 2
            default: return rng.int(in: 0...a)
            }
        }
        return color(channel(&rng), channel(&rng), channel(&rng), a)
    }

    static func pairs(seed: UInt64 = seed) -> [(source: PremultipliedColor, destination: PremultipliedColor)] {
        let edges = edgeColors
        var result = edges.flatMap { s in edges.map { d in (source: s, destination: d) } }
        var rng = SplitMix64(seed: seed)
        for _ in 0..<randomPairCount {
            result.append((randomColor(&rng), randomColor(&rng)))
        }
        return result
    }
}

/// The exact byte rounding of a non-negative Double.
func nearestByte(_ v: Double) -> Int { Int(v.rounded()) }

extension PremultipliedColor {
    /// Channel `i` (R, G, B, A) as an Int.
    subscript(channel i: Int) -> Int { Int([red, green, blue, alpha][i]) }
    var isValidPremultiplied: Bool { red <= alpha && green <= alpha && blue <= alpha }
}

@Suite struct BlendModeTests {
    /// Blend modes that reduce to integer math and are correctly rounded;
    /// the rest (soft light, non-separable) round a Float evaluation.
    static let correctlyRoundedBlendModes: Set<BlendMode> = [
        .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn,
        .hardLight, .difference, .exclusion,
    ]

    /// How far a Float-evaluated mode may be from exact: the contract is 1;
    /// Float error is about 1e-5 of a byte, so anything past 0.5 plus a
    /// margin for other hosts' Float code is a formula bug, not rounding.
    static let floatModeTolerance = 0.5 + 1.0 / 64

    /// Runs the row kernel over whole arrays of packed pixels.
    static func run(
        _ mode: BlendMode, _ source: [UInt32], _ destination: inout [UInt32], coverage: UInt8
    ) {
        precondition(source.count == destination.count)
        source.withUnsafeBufferPointer { s in
            destination.withUnsafeMutableBufferPointer { d in
                blendRow(mode, source: s.baseAddress!, destination: d.baseAddress!, count: d.count, coverage: coverage)
            }
        }
    }

    static func run(
        _ mode: BlendMode, _ source: [UInt32], _ destination: inout [UInt32], coverage: [UInt8]
    ) {
        precondition(source.count == destination.count && coverage.count == destination.count)
        source.withUnsafeBufferPointer { s in
            coverage.withUnsafeBufferPointer { c in
                destination.withUnsafeMutableBufferPointer { d in
                    blendRow(
                        mode, source: s.baseAddress!, destination: d.baseAddress!, count: d.count,
                        coverage: c.baseAddress!)
                }
            }
        }
    }

    /// Why `got` is not an acceptable full-coverage result, or nil.
    static func fullCoverageProblem(
        _ mode: BlendMode, got: PremultipliedColor, want: OracleColor
    ) -> String? {
        if !got.isValidPremultiplied { return "not premultiplied" }
        if got.alpha != UInt8(nearestByte(want.alpha)) { return "alpha not exact" }
        for i in 0..<3 {
            let error = abs(Double(got[channel: i]) - want[i])
            if mode.isPorterDuff {
                // One product or a sum of two with one rounding: exact.
                if got[channel: i] != nearestByte(want[i]) { return "channel \(i) not exact" }
            } else if correctlyRoundedBlendModes.contains(mode) {
                if error > 0.5 + 1e-9 { return "channel \(i) off by \(error), not correctly rounded" }
            } else if error > floatModeTolerance {
                return "channel \(i) off by \(error) > \(floatModeTolerance)"
            }
        }
        return nil
    }

    @Test(arguments: BlendMode.allCases)
    func fullCoverageMatchesTheSpec(mode: BlendMode) {
        let pairs = BlendSamples.pairs()
        var destination = pairs.map(\.destination.packed)
        Self.run(mode, pairs.map(\.source.packed), &destination, coverage: 255)
        var failures = 0
        for (i, pair) in pairs.enumerated() {
            let got = PremultipliedColor(packed: destination[i])
            let want = BlendOracle.composite(mode, source: pair.source, destination: pair.destination)
            if let problem = Self.fullCoverageProblem(mode, got: got, want: want) {
                Issue.record(
                    """
                    \(mode) seed \(BlendSamples.seed) #\(i): \(pair.source) onto \(pair.destination) \
                    gave \(got), spec \(want): \(problem)
                    """)
                failures += 1
                if failures >= 5 { return }
            }
        }
    }

    /// The coverages a partial-coverage row cycles through.
    static let coverageCycle: [UInt8] = [0, 1, 2, 64, 85, 127, 128, 129, 200, 253, 254, 255]

    @Test(arguments: BlendMode.allCases)
    func coverageInterpolatesTowardTheResult(mode: BlendMode) {
        let pairs = BlendSamples.pairs()
        let source = pairs.map(\.source.packed), before = pairs.map(\.destination.packed)
        var full = before
        Self.run(mode, source, &full, coverage: 255)
        let coverage = pairs.indices.map { Self.coverageCycle[$0 % Self.coverageCycle.count] }
        var partial = before
        Self.run(mode, source, &partial, coverage: coverage)
        var failures = 0
        for i in pairs.indices {
            let c = Int(coverage[i])
            let old = pairs[i].destination, got = PremultipliedColor(packed: partial[i])
            let result = PremultipliedColor(packed: full[i])
            let want = BlendOracle.composite(mode, source: pairs[i].source, destination: old)
            var problem: String?
            if c == 0, got != old { problem = "coverage 0 changed the pixel" }
            if c == 255, got != result { problem = "coverage 255 is not the full result" }
            if !got.isValidPremultiplied { problem = "not premultiplied" }
            for k in 0..<4 {
                let d = Double(old[channel: k])
                // The exact lerp of the kernel's own full result: one rounding.
                let ofResult = nearestByte((Double(result[channel: k]) * Double(c) + d * Double(255 - c)) / 255)
                if got[channel: k] != ofResult { problem = "channel \(k) is not lerp(dst, result, c)" }
                // Within 1 of the lerp of the exact formula.
                let exact = d + (want[k] - d) * Double(c) / 255
                if abs(Double(got[channel: k]) - exact) > 1 + 1e-9 {
                    problem = "channel \(k) is \(got[channel: k]), exact lerp \(exact)"
                }
            }
            if let problem {
                Issue.record("\(mode) #\(i) coverage \(c): \(pairs[i].source) onto \(old) gave \(got): \(problem)")
                failures += 1
                if failures >= 5 { return }
            }
        }
    }

    @Test(arguments: BlendMode.allCases)
    func perPixelCoverageEqualsUniformCoverage(mode: BlendMode) {
        let pairs = BlendSamples.pairs()
        let source = pairs.map(\.source.packed), before = pairs.map(\.destination.packed)
        for c in [UInt8(0), 1, 128, 254, 255] {
            var uniform = before, perPixel = before
            Self.run(mode, source, &uniform, coverage: c)
            Self.run(mode, source, &perPixel, coverage: [UInt8](repeating: c, count: pairs.count))
            #expect(uniform == perPixel, "\(mode) coverage \(c)")
        }
    }

    @Test(arguments: BlendMode.allCases)
    func solidSourceEqualsARepeatedSourceRow(mode: BlendMode) {
        let pairs = Array(BlendSamples.pairs().suffix(1_000))
        let before = pairs.map(\.destination.packed)
        let coverage = pairs.indices.map { Self.coverageCycle[$0 % Self.coverageCycle.count] }
        for color in BlendSamples.edgeColors.enumerated().filter({ $0.offset % 4 == 1 }).map(\.element) {
            let repeated = [UInt32](repeating: color.packed, count: pairs.count)
            for c in [UInt8(77), 255] {
                var row = before, solid = before
                Self.run(mode, repeated, &row, coverage: c)
                solid.withUnsafeMutableBufferPointer { d in
                    blendRow(mode, source: color.packed, destination: d.baseAddress!, count: d.count, coverage: c)
                }
                #expect(row == solid, "\(mode) \(color) coverage \(c)")
            }
            var row = before, solid = before
            Self.run(mode, repeated, &row, coverage: coverage)
            coverage.withUnsafeBufferPointer { c in
                solid.withUnsafeMutableBufferPointer { d in
                    blendRow(
                        mode, source: color.packed, destination: d.baseAddress!, count: d.count,
                        coverage: c.baseAddress!)
                }
            }
            #expect(row == solid, "\(mode) \(color) per-pixel coverage")
        }
    }

    @Test(arguments: BlendMode.allCases)
    func kernelsStayInsideTheirRow(mode: BlendMode) {
        let guardPixel: UInt32 = 0xDEAD_BEEF
        let source = [UInt32](repeating: BlendSamples.color(10, 20, 30, 40).packed, count: 9)
        var destination = [UInt32](repeating: BlendSamples.color(50, 60, 70, 80).packed, count: 9)
        destination[8] = guardPixel
        source.withUnsafeBufferPointer { s in
            destination.withUnsafeMutableBufferPointer { d in
                blendRow(mode, source: s.baseAddress!, destination: d.baseAddress!, count: 8, coverage: 255)
                blendRow(mode, source: s.baseAddress!, destination: d.baseAddress!, count: 8, coverage: 9)
                blendRow(mode, source: s[0], destination: d.baseAddress!, count: 8, coverage: 255)
                blendRow(mode, source: s.baseAddress!, destination: d.baseAddress! + 8, count: 0, coverage: 255)
            }
        }
        #expect(destination[8] == guardPixel)
    }

    @Test(arguments: BlendMode.allCases)
    func invalidPixelsNeverTrap(mode: BlendMode) {
        // Channels above alpha break the premultiplied contract: the bytes are
        // unspecified, but no mode may trap (div255 asserts its range in debug).
        var rng = SplitMix64(seed: BlendSamples.seed ^ 0xBAD)
        let count = 512
        let source = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        var destination = (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
        let coverage = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
        Self.run(mode, source, &destination, coverage: 255)
        Self.run(mode, source, &destination, coverage: 100)
        Self.run(mode, source, &destination, coverage: coverage)
    }
}
