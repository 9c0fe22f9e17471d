// Patterns at one image pixel per device pixel on whole-pixel offsets are
// read straight from the image's rows (PatternShader.directRow) instead
// of sampled: the same pixels as sampling them. The sampled path is forced
// by moving the pattern a billionth of a pixel, which changes no sample
// (nearest floors land on the same pixels; bilinear weights round to 0).

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct DirectPatternRowTests {
    @Test func directRowsEqualSampledRows() throws {
        var rng = SplitMix64(seed: 31)
        for round in 0..<300 {
            let scale = [1.0, 2, 3][round % 3]
            let width = rng.int(in: 6...50), height = rng.int(in: 4...30)
            let format: PixelFormat = rng.int(in: 0...3) == 0 ? .bgra8Premultiplied : .rgba8Premultiplied
            let iw = rng.int(in: 1...48), ih = rng.int(in: 1...24)
            let image = try Image(width: iw, height: ih, colors: (0..<(iw * ih)).map { _ in
                rng.int(in: 0...2) == 0 ? PendingClearTests.randomColor(&rng)
                    : Color(red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1))
            })
            let modes: [TileMode] = [.pad, .repeat, .reflect, .decal]
            let tileX = modes[rng.int(in: 0...3)], tileY = modes[rng.int(in: 0...3)]
            let sampling = rng.int(in: 0...1) == 0 ? ImageSampling.nearest : .bilinear
            let dx = Double(rng.int(in: -8...12)), dy = Double(rng.int(in: -8...12))
            let w = Double(width) / scale, h = Double(height) / scale
            let shape = PendingClearTests.randomPath(&rng, width: w, height: h)
            let mode = rng.int(in: 0...2) == 0 ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
                : .sourceOver
            let start = PendingClearTests.randomColor(&rng)
            let pendingClear = rng.int(in: 0...1) == 0
            var surfaces: [Surface] = []
            for nudge in [0.0, 1e-9] {
                let surface = try Surface(width: width, height: height, format: format)
                let canvas = Canvas(surface: surface, scale: scale)
                canvas.clear(start)
                if !pendingClear { surface.flush() }
                canvas.blendMode = mode
                // Pattern pixels -> device pixels one to one, moved by
                // (dx, dy) device pixels (plus the nudge).
                let transform = AffineTransform(scaleX: 1 / scale, y: 1 / scale)
                    .concatenating(AffineTransform(translationX: (dx + nudge) / scale, y: (dy + nudge) / scale))
                canvas.fill(shape, with: .pattern(ImagePattern(image, transform: transform, tileX: tileX, tileY: tileY,
                                                               sampling: sampling)))
                surface.flush()
                surfaces.append(surface)
            }
            let same = surfaces[0].bytes == surfaces[1].bytes
            #expect(same, "round \(round): \(tileX) \(tileY) \(sampling) offset (\(dx), \(dy)) at \(scale)x, \(mode)")
        }
    }
}
