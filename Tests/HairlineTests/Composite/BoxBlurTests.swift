// BoxBlur: the widths follow Kovesi's formula (summed variance near σ²),
// the reciprocal division equals rounded integer division where quotients
// turn, and the blur equals a plain reference (integer division, every
// row computed, zero padding written out) on random planes with repeated
// rows, byte for byte.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct BoxBlurTests {
    @Test func widthsApproximateTheVariance() {
        for tenth in 0...1300 {
            let sigma = Double(tenth) / 10
            let boxes = BoxBlur(sigma: sigma)
            let widths = (0..<3).map { 2 * boxes.radius($0) + 1 }
            let variance = widths.map { Double($0 * $0 - 1) / 12 }.reduce(0, +)
            // Odd widths step the variance by about (w + 1) / 3 a box.
            #expect(
                abs(variance - min(sigma, BoxBlur.maximumSigma) * min(sigma, BoxBlur.maximumSigma))
                    <= Double(widths.max()! + 1) / 2 + 0.5, "σ \(sigma): \(widths)")
            #expect(widths.allSatisfy { $0 <= 255 })
        }
        #expect(BoxBlur(sigma: .nan).isIdentity && BoxBlur(sigma: -3).isIdentity && BoxBlur(sigma: 0).isIdentity)
        #expect(BoxBlur(sigma: .infinity).extent == BoxBlur(sigma: BoxBlur.maximumSigma).extent)
    }

    @Test func reciprocalDivisionRoundsAsIntegerDivision() {
        for w in stride(from: 3, through: 255, by: 2) {
            let divider = BoxBlur.Divider(width: w)
            let step = w % 16 == 1 ? 1 : 13
            for k in stride(from: 0, through: 65_280, by: step) {
                // Where the rounded quotient turns: around k·w + w/2.
                for n in [k * w, k * w + w / 2 - 1, k * w + w / 2, k * w + w / 2 + 1] where n >= 0 && n <= 65_280 * w {
                    let want = (n + w / 2) / w
                    if Int(divider.divide(UInt32(n))) != want {
                        Issue.record("w \(w) n \(n): \(divider.divide(UInt32(n))) != \(want)")
                        return
                    }
                }
            }
        }
    }

    /// The blur written plainly: the padded plane, then each pass with
    /// integer division.
    static func reference(_ values: [UInt8], width: Int, height: Int, boxes: BoxBlur) -> [UInt8] {
        let pad = boxes.extent, w = width + 2 * pad, h = height + 2 * pad
        var plane = [Int](repeating: 0, count: w * h)
        for y in 0..<height { for x in 0..<width { plane[(y + pad) * w + x + pad] = Int(values[y * width + x]) << 8 } }
        func pass(_ r: Int, horizontal: Bool) {
            var out = plane
            for y in 0..<h {
                for x in 0..<w {
                    var sum = 0
                    for k in -r...r {
                        let (u, v) = horizontal ? (x + k, y) : (x, y + k)
                        if u >= 0 && u < w && v >= 0 && v < h { sum += plane[v * w + u] }
                    }
                    out[y * w + x] = (sum + r) / (2 * r + 1)
                }
            }
            plane = out
        }
        for k in 0..<3 where boxes.radius(k) > 0 { pass(boxes.radius(k), horizontal: true) }
        for k in 0..<3 where boxes.radius(k) > 0 { pass(boxes.radius(k), horizontal: false) }
        return plane.map { UInt8((($0 + 128) >> 8)) }
    }

    @Test func theBlurEqualsThePlainReference() {
        var rng = SplitMix64(seed: 0xB10B)
        for round in 0..<150 {
            let width = rng.int(in: 1...90), height = rng.int(in: 1...16)
            let boxes = BoxBlur(sigma: rng.double(in: 0...6))
            guard !boxes.isIdentity else { continue }
            // Rows repeated (a rect's sides) and random ones; 4-byte
            // values (a layer's alpha) half the time.
            let step = rng.int(in: 0...1) == 0 ? 1 : 4
            // Rows and columns repeated (a rect's sides) and random ones.
            var values = [UInt8](repeating: 0, count: width * height)
            let repeatsColumns = rng.int(in: 0...3) > 0
            // Long runs of equal columns half the time (stored without summing).
            let odds = [3, 40][rng.int(in: 0...1)]
            let copiedColumns = (0..<width).map { x in x > 0 && repeatsColumns && rng.int(in: 0...odds) > 0 }
            for y in 0..<height {
                let copiesRow = y > 0 && rng.int(in: 0...2) > 0
                for x in 0..<width {
                    values[y * width + x] =
                        copiesRow
                        ? values[(y - 1) * width + x]
                        : copiedColumns[x]
                            ? values[y * width + x - 1]
                            : [0, 255, UInt8(rng.int(in: 0...255))][rng.int(in: 0...2)]
                }
            }
            var stored = [UInt8](repeating: 0, count: width * height * step)
            for i in values.indices { stored[i * step + step - 1] = values[i] }
            let pad = boxes.extent, w = width + 2 * pad, h = height + 2 * pad
            var output = [UInt8](repeating: 0, count: w * h)
            var a = [UInt16](repeating: 0, count: w * h), b = a
            var sums = [UInt32](repeating: 0, count: 2 * w + 1)
            stored.withUnsafeBufferPointer { src in
                let rows = CoverageRows(
                    base: src.baseAddress! + step - 1, width: width, height: height,
                    bytesPerRow: width * step, bytesPerValue: step)
                boxes.blur(rows, into: &output, &a, &b, sums: &sums)
            }
            #expect(
                output == Self.reference(values, width: width, height: height, boxes: boxes),
                "seed \(rng.seed) round \(round) radii \(boxes.radii)")
        }
    }
}
