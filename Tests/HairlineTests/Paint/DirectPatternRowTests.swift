// Patterns at one image pixel per device pixel on whole-pixel offsets are
// read straight from the image's rows (PatternShader.directRow) instead
// of sampled: the same pixels as sampling them. The sampled path is forced
// by moving the pattern a billionth of a pixel, which changes no sample
// (nearest floors land on the same pixels; bilinear weights round to 0).

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct DirectPatternRowTests {
    /// Whether `draw`, given a pattern transform of one image pixel per
    /// device pixel moved by (`dx`, `dy`) device pixels, gives the same
    /// bytes as with the transform moved a billionth of a pixel more (no
    /// longer read directly), on a surface cleared to `start` (the clear
    /// left pending or written) under blend mode `mode`.
    static func nudgeChangesNothing(
        width: Int, height: Int, format: PixelFormat, scale: Double, start: Color, pendingClear: Bool,
        mode: BlendMode, dx: Double, dy: Double, draw: (Canvas, AffineTransform) -> Void
    ) throws -> Bool {
        var surfaces: [Surface] = []
        for nudge in [0.0, 1e-9] {
            let surface = try Surface(width: width, height: height, format: format)
            let canvas = Canvas(surface: surface, scale: scale)
            canvas.clear(start)
            if !pendingClear { surface.flush() }
            canvas.blendMode = mode
            let transform = AffineTransform(scaleX: 1 / scale, y: 1 / scale)
                .concatenating(AffineTransform(translationX: (dx + nudge) / scale, y: (dy + nudge) / scale))
            draw(canvas, transform)
            surface.flush()
            surfaces.append(surface)
        }
        return surfaces[0].bytes == surfaces[1].bytes
    }

    /// An image of opaque colors, one pixel in three any color.
    static func randomImage(_ rng: inout SplitMix64, width: Int, height: Int) throws -> Image {
        try Image(
            width: width, height: height,
            colors: (0..<(width * height)).map { _ in
                rng.int(in: 0...2) == 0
                    ? PendingClearTests.randomColor(&rng)
                    : Color(red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1))
            })
    }

    @Test func directRowsEqualSampledRows() throws {
        var rng = SplitMix64(seed: 31)
        for round in 0..<300 {
            let scale = [1.0, 2, 3][round % 3]
            let width = rng.int(in: 6...50), height = rng.int(in: 4...30)
            let format: PixelFormat = rng.int(in: 0...3) == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            let iw = rng.int(in: 1...48), ih = rng.int(in: 1...24)
            let image = try Self.randomImage(&rng, width: iw, height: ih)
            let modes: [TileMode] = [.pad, .repeat, .reflect, .decal]
            let tileX = modes[rng.int(in: 0...3)], tileY = modes[rng.int(in: 0...3)]
            let sampling = rng.int(in: 0...1) == 0 ? ImageSampling.nearest : .bilinear
            let dx = Double(rng.int(in: -8...12)), dy = Double(rng.int(in: -8...12))
            let w = Double(width) / scale, h = Double(height) / scale
            let shape = PendingClearTests.randomPath(&rng, width: w, height: h)
            let mode =
                rng.int(in: 0...2) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
                : .sourceOver
            let start = PendingClearTests.randomColor(&rng)
            let pendingClear = rng.int(in: 0...1) == 0
            let same = try Self.nudgeChangesNothing(
                width: width, height: height, format: format, scale: scale, start: start, pendingClear: pendingClear,
                mode: mode, dx: dx, dy: dy
            ) { canvas, transform in
                canvas.fill(
                    shape,
                    with: .pattern(
                        ImagePattern(image, transform: transform, tileX: tileX, tileY: tileY, sampling: sampling)))
            }
            #expect(same, "round \(round): \(tileX) \(tileY) \(sampling) offset (\(dx), \(dy)) at \(scale)x, \(mode)")
        }
    }
}

extension DirectPatternRowTests {
    /// A nearest tile repeating along x is read from the renderer's
    /// repeated rows (PaintKernel's wide rows) wherever a run fits in one
    /// from its place in the period: runs anywhere on rows wider than the
    /// repeated rows (1,024 pixels and more), from every phase, including
    /// runs that end past them (then sampled), give the sampled pixels.
    @Test func repeatedRowsEqualSampledRows() throws {
        var rng = SplitMix64(seed: 0x7EA7)
        for round in 0..<90 {
            let scale = [1.0, 2, 3][round % 3]
            var width = [rng.int(in: 20...120), rng.int(in: 1000...1300)][rng.int(in: 0...1)]
            let height = rng.int(in: 4...12)
            let format: PixelFormat = rng.int(in: 0...3) == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            let iw = [rng.int(in: 1...40), 8, 24, 1023, 600][rng.int(in: 0...4)], ih = rng.int(in: 1...6)
            let image = try Self.randomImage(&rng, width: iw, height: ih)
            let modes: [TileMode] = [.pad, .repeat, .reflect, .decal]
            let tileY = modes[rng.int(in: 0...3)]
            let dx = Double(rng.int(in: -3000...3000)), dy = Double(rng.int(in: -8...12))
            // Every third round, full rows ending within a few pixels of
            // the repeated row's end (from their first pixel's place in
            // the period): runs that just fit and just do not.
            let boundary = round % 3 == 1
            if boundary {
                let length = (PatternRowCache.minimumLength + iw - 1) / iw * iw
                let first = ((Int(dx) % iw) + iw) % iw
                width = max(1, length - first + rng.int(in: -2...2))
            }
            let w = Double(width) / scale, h = Double(height) / scale
            // Full rows (one long run each), and shapes that cut runs
            // anywhere (groups, short spans).
            var shape = Path()
            if boundary {
                shape.addRect(Rect(x: 0, y: 0, width: w, height: h))
            } else if rng.int(in: 0...1) == 0 {
                shape.addRect(Rect(x: rng.double(in: -2...2), y: 0.2, width: w, height: h - 0.4))
            } else {
                shape = PendingClearTests.randomPath(&rng, width: w, height: h)
                shape.addEllipse(in: Rect(x: rng.double(in: 0...w / 2), y: 0, width: w / 2, height: h))
            }
            let start = PendingClearTests.randomColor(&rng)
            let pendingClear = rng.int(in: 0...1) == 0
            let same = try Self.nudgeChangesNothing(
                width: width, height: height, format: format, scale: scale, start: start, pendingClear: pendingClear,
                mode: .sourceOver, dx: dx, dy: dy
            ) { canvas, transform in
                canvas.fill(
                    shape, with: .pattern(ImagePattern(image, transform: transform, tileX: .repeat, tileY: tileY)))
            }
            #expect(
                same,
                "round \(round): \(iw)x\(ih) \(tileY) offset (\(dx), \(dy)) on \(width) px at \(scale)x")
        }
    }
}

/// Rows read by whole-row offset (PatternShader.wholeRowShift): where the
/// device-to-pattern transform is one image row per device row up to
/// rounding (d within 2^−32 of 1, ty within 2^−24 of a whole number, as
/// inverting a slice's scale and offset gives), the row a device row
/// samples is found by integer arithmetic; it must be the row sampling
/// finds, for every device row a surface can have.
@Suite struct WholeRowShiftTests {
    @Test func wholeRowsEqualSampledRows() throws {
        var rng = SplitMix64(seed: 77)
        var taken = 0
        for round in 0..<400 {
            let iw = rng.int(in: 1...9), ih = rng.int(in: 1...12)
            let pixels = (0..<(iw * ih)).map { _ in PendingClearTests.randomColor(&rng).premultiplied.packed }
            let uniform = rng.int(in: 0...1) == 0
            let rows = uniform ? (0..<ih).flatMap { j in [UInt32](repeating: pixels[j * iw], count: iw) } : pixels
            // A slice's inverse: source rows `sh` onto `sh / s` points at
            // scale `s` (often inexact), offset by a whole device row; or a
            // transform nudged within the tolerance.
            var t: AffineTransform
            if round % 2 == 0 {
                let s = [1.0, 2, 3, 1.5, 2.5][rng.int(in: 0...4)]
                let sh = Double(rng.int(in: 1...90)), top = Double(rng.int(in: -200...200))
                t = AffineTransform(scaleX: 1, y: (sh / s) / sh)
                    .concatenating(AffineTransform(translationX: Double(rng.int(in: -9...9)), y: top / s))
                    .concatenating(AffineTransform(scaleX: 1, y: s))
                    .inverted()!
            } else {
                t = AffineTransform(
                    a: 1, b: 0, c: 0, d: 1 + rng.double(in: -0x1p-33...0x1p-33),
                    tx: Double(rng.int(in: -9...9)),
                    ty: Double(rng.int(in: -500...500)) + rng.double(in: -0x1p-25...0x1p-25))
            }
            guard PatternShader.wholeRowShift(t) != nil else { continue }
            taken += 1
            let modes: [TileMode] = [.pad, .repeat, .reflect]
            let sampling = rng.int(in: 0...1) == 0 ? ImageSampling.nearest : .bilinear
            let shader = PatternShader(
                pixels: rows, width: iw, height: ih, rowLength: iw, toPattern: t,
                tileX: modes[rng.int(in: 0...2)], tileY: modes[rng.int(in: 0...2)],
                sampling: sampling, alpha: 255, imageIsOpaque: false)
            var sampled = [UInt32](repeating: 0, count: iw + 20)
            let limit = Surface.maximumDimension
            let ys = [0, 1, -1, limit, -limit, limit - 1] + (0..<40).map { _ in rng.int(in: -limit...limit) }
            for y in ys {
                shader.shade(x: -10, y: y, count: sampled.count, into: &sampled)
                if uniform,
                    let constant = PatternShader(
                        pixels: rows, width: 1, height: ih, rowLength: iw, toPattern: t, tileX: .pad,
                        tileY: shader.tileY, sampling: sampling, alpha: 255, imageIsOpaque: false
                    ).rowConstant(y: y)
                {
                    // Every column of a uniform row is its first.
                    #expect(constant == sampled[10], "round \(round) row \(y)")
                }
                if shader.readsRowsDirectly, let direct = shader.directRow(y: y) {
                    for x in direct.columns.clamped(to: -10..<(iw + 10)) {
                        #expect(direct.row[x + direct.offset] == sampled[x + 10], "round \(round) row \(y) column \(x)")
                    }
                }
            }
        }
        #expect(taken > 300, "\(taken) transforms read by whole rows")
    }
}
