// Canvas.draw(coverages:with:): a run of masks drawn with one preparation
// must give, byte for byte, what drawing each mask with
// draw(coverage:atDeviceX:y:with:) in turn gives, for overlapping masks,
// every paint, blend mode, global alpha, clip, target format and
// background (a pending clear, written by the first mask that draws, or
// drawn pixels); with a shadow, the masks cast one shadow together.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct CoverageRunDrawTests {
    /// A random A8 mask: runs of zeros, full coverage, one value, noise.
    static func randomMask(_ rng: inout SplitMix64) throws -> Surface {
        let mask = try Surface(width: rng.int(in: 1...24), height: rng.int(in: 1...20), format: .a8)
        mask.withUnsafeMutableBytes { raw in
            var i = 0
            while i < raw.count {
                let run = rng.int(in: 1...11)
                let value: UInt8 = [0, 255, UInt8(rng.int(in: 1...254)), 0][rng.int(in: 0...3)]
                let noisy = rng.int(in: 0...3) == 0
                for k in i..<min(i + run, raw.count) { raw[k] = noisy ? UInt8(rng.int(in: 0...255)) : value }
                i += run
            }
        }
        return mask
    }

    /// 1 to 8 masks, overlapping one another often, some partly or wholly
    /// off the surface.
    static func randomRun(_ rng: inout SplitMix64, width: Int, height: Int) throws -> [PlacedCoverage] {
        var run: [PlacedCoverage] = []
        var x = rng.int(in: -10...width / 2)
        for _ in 0..<rng.int(in: 1...8) {
            let mask = try randomMask(&rng)
            let far = rng.int(in: 0...15) == 0
            run.append(PlacedCoverage(mask, atDeviceX: far ? 1 << 40 : x, y: rng.int(in: -8...height)))
            x += rng.int(in: -6...12)
        }
        return run
    }

    @Test(arguments: CoverageDrawTests.formats)
    func aRunDrawsAsEachMaskInTurn(format: PixelFormat) throws {
        var rng = SplitMix64(seed: 0xBA7C + UInt64(CoverageDrawTests.formats.firstIndex(of: format)!))
        for round in 0..<400 {
            let width = rng.int(in: 1...48), height = rng.int(in: 1...32)
            let scale = Double(rng.int(in: 1...3))
            let w = Int(Double(width) / scale) + 1, h = Int(Double(height) / scale) + 1
            let run = try Self.randomRun(&rng, width: width, height: height)
            let paint = CoverageDrawTests.randomPaint(&rng, scale: scale)
            let mode = BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
            let alpha = [1.0, rng.double(in: 0...1), 0][rng.int(in: 0...2)]
            let one = try Surface(width: width, height: height, format: format)
            let each = try Surface(width: width, height: height, format: format)
            let a = Canvas(surface: one, scale: scale), b = Canvas(surface: each, scale: scale)
            CoverageDrawTests.paintBackground(&rng, [a, b], width: w, height: h)
            CoverageDrawTests.applyRandomClip(&rng, [a, b], width: w, height: h)
            for canvas in [a, b] {
                canvas.blendMode = mode
                canvas.globalAlpha = alpha
            }
            a.draw(coverages: run, with: paint)
            for placed in run { b.draw(coverage: placed.mask, atDeviceX: placed.x, y: placed.y, with: paint) }
            one.flush()
            each.flush()
            let differing = zip(one.bytes, each.bytes).filter { $0 != $1 }.count
            #expect(differing == 0, "seed \(rng.seed) round \(round) \(format) mode \(mode) paint \(paint)")
        }
    }

    /// With a shadow set, the run casts one shadow, as a group drawn
    /// through `withOneShadow` does: each mask placed where the group's
    /// canvas (the shadow's layer, then this one) puts device (0, 0).
    @Test func aRunCastsOneShadow() throws {
        var rng = SplitMix64(seed: 0x5AD0)
        for round in 0..<60 {
            let width = rng.int(in: 8...48), height = rng.int(in: 8...40)
            let run = try Self.randomRun(&rng, width: width, height: height).filter { $0.x < 1 << 20 }
            guard !run.isEmpty else { continue }
            let paint = CoverageDrawTests.randomPaint(&rng)
            let one = try Surface(width: width, height: height), group = try Surface(width: width, height: height)
            let a = Canvas(surface: one), b = Canvas(surface: group)
            CoverageDrawTests.paintBackground(&rng, [a, b], width: width, height: height)
            let offset = Size(width: Double(rng.int(in: -6...6)), height: Double(rng.int(in: -6...6)))
            let blur = [0.0, 1, 2.5][rng.int(in: 0...2)]
            let color = CoverageDrawTests.randomColor(&rng)
            for canvas in [a, b] { canvas.setShadow(offset: offset, blur: blur, color: color) }
            a.draw(coverages: run, with: paint)
            var reach = Rect(x: Double(run[0].x), y: Double(run[0].y), width: 0, height: 0)
            for placed in run {
                reach = reach.union(
                    Rect(
                        x: Double(placed.x), y: Double(placed.y), width: Double(placed.mask.width),
                        height: Double(placed.mask.height)))
            }
            b.withOneShadow(over: reach) { canvas in
                // Scale 1 and whole-pixel offsets: the transform is a
                // whole-pixel translation.
                let dx = Int(canvas.transform.tx), dy = Int(canvas.transform.ty)
                for placed in run {
                    canvas.draw(coverage: placed.mask, atDeviceX: placed.x + dx, y: placed.y + dy, with: paint)
                }
            }
            one.flush()
            group.flush()
            #expect(one.bytes == group.bytes, "seed \(rng.seed) round \(round)")
        }
    }
}
