// Golden images of image patterns: a 4 x 4 image (with a translucent pixel)
// magnified 6 times and rotated slightly, under nearest and bilinear
// sampling and each tile mode (repeat, pad, reflect, decal), one per cell.
// Tests/Goldens/Pattern/; re-record with HAIRLINE_RECORD_GOLDENS=1.

import Hairline
import HairlineTestSupport
import Testing

@Suite struct PatternGoldenTests {
    static func tile() throws -> Image {
        let r = Color(red: 0.9, green: 0.2, blue: 0.2), g = Color(red: 0.2, green: 0.7, blue: 0.3)
        let b = Color(red: 0.2, green: 0.3, blue: 0.9), w = Color.white,
            t = Color(red: 1, green: 0.8, blue: 0, alpha: 0.4)
        return try Image(
            width: 4, height: 4,
            colors: [
                r, w, g, w,
                w, b, w, t,
                g, w, r, w,
                t, w, w, b,
            ])
    }

    @Test func samplingAndTiling() throws {
        let image = try Self.tile()
        let surface = try Surface(width: 4 * 70, height: 2 * 70)
        let canvas = Canvas(surface: surface)
        canvas.clear(Color(red: 0.95, green: 0.95, blue: 0.95))
        let modes: [TileMode] = [.repeat, .pad, .reflect, .decal]
        for (row, sampling) in [ImageSampling.nearest, .bilinear].enumerated() {
            for (column, mode) in modes.enumerated() {
                let x = Double(column) * 70 + 3, y = Double(row) * 70 + 3
                // The image's 4 x 4 pixels become 24 x 24 pt, turned 0.2 rad,
                // its origin in the cell's middle.
                let transform = AffineTransform(scaleX: 6, y: 6)
                    .concatenating(AffineTransform(rotationAngle: 0.2))
                    .concatenating(AffineTransform(translationX: x + 20, y: y + 20))
                var cell = Path()
                cell.addRect(Rect(x: x, y: y, width: 64, height: 64))
                canvas.fill(
                    cell,
                    with: .pattern(
                        ImagePattern(
                            image, transform: transform, tileX: mode, tileY: mode,
                            sampling: sampling)))
            }
        }
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 8)
        assertSnapshot(of: surface, named: "sampling-tiling@1x", suite: "Pattern")
    }
}
