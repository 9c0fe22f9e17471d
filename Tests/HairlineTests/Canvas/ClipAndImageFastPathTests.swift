// The fast paths of clipped and image draws give the bytes of the plain
// ones: blending inside a clip mask's full stretches as without a mask,
// one-color pattern rows as constants, nine-slice pieces sampled in place
// instead of cropped, 1:1 bilinear rows as copies.

import Testing
@_spi(Testing) import Hairline
import HairlineTestSupport

@Suite struct ClipAndImageFastPathTests {
    /// Random draws through random clip paths (mostly rounded rects, so
    /// that rows have full interiors), with every kind of paint — among
    /// them patterns one pixel wide and stretched slices — blend modes and
    /// global alpha: a canvas whose masks note full stretches against one
    /// whose masks blend every pixel through the mask.
    @Test func drawsInsideMasksEqualThePixelByPixelPath() throws {
        var rng = SplitMix64(seed: 4711)
        let stripe = try Image(
            width: 1, height: 5,
            colors: (0..<5).map { Color(red: Double($0) / 4, green: 0.5, blue: 0.2, alpha: 0.6 + 0.1 * Double($0 % 2)) }
        )
        let wide = try PendingClearTests.mixedImage()
        for round in 0..<200 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let width = rng.int(in: 10...70), height = rng.int(in: 6...40)
            let surfaces = try (0..<2).map { _ in try Surface(width: width, height: height) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            canvases[1].clipMasksNoteFullStretches = false
            let w = Double(width) / scale, h = Double(height) / scale
            var clip = Path()
            if rng.int(in: 0...3) > 0 {
                clip.addRoundedRect(
                    in: Rect(
                        x: rng.double(in: -2...w / 3), y: rng.double(in: -2...h / 3),
                        width: rng.double(in: w / 3...w), height: rng.double(in: h / 3...h)),
                    cornerRadius: rng.double(in: 0...6))
            } else {
                clip = PendingClearTests.randomPath(&rng, width: w, height: h)
            }
            let nested = rng.int(in: 0...3) == 0 ? PendingClearTests.randomPath(&rng, width: w, height: h) : nil
            let paint: Paint
            switch rng.int(in: 0...3) {
            case 0:
                paint = .pattern(
                    ImagePattern(
                        stripe,
                        transform: AffineTransform(scaleX: rng.double(in: 0.5...40), y: rng.double(in: 0.3...3)),
                        tileX: .pad, tileY: [TileMode.pad, .repeat][rng.int(in: 0...1)],
                        sampling: [ImageSampling.nearest, .bilinear][rng.int(in: 0...1)]))
            case 1: paint = PendingClearTests.randomPaint(&rng, image: wide)
            default: paint = .solid(PendingClearTests.randomColor(&rng))
            }
            let shape =
                rng.int(in: 0...1) == 0
                ? PendingClearTests.randomPath(&rng, width: w, height: h)
                : {
                    var p = Path()
                    p.addRect(Rect(x: 0, y: 0, width: w, height: h))
                    return p
                }()
            let alpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
            let mode =
                rng.int(in: 0...3) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))] : .sourceOver
            let start = PendingClearTests.randomColor(&rng)
            let pending = rng.int(in: 0...1) == 0
            for canvas in canvases {
                canvas.clear(start)
                if !pending { canvas.surface.flush() }
                canvas.clip(to: clip)
                if let nested { canvas.clip(to: nested) }
                canvas.globalAlpha = alpha
                canvas.blendMode = mode
                canvas.fill(shape, with: paint)
            }
            let same = surfaces[0].bytes == surfaces[1].bytes
            #expect(same, "round \(round): \(paint), mode \(mode), \(scale)x")
        }
    }

    /// A nine-slice image, every placement on and off whole pixels, both
    /// samplings, stretched and tiled centres: equal to each piece drawn
    /// from its slice cropped out of the image (what the slices stand for).
    @Test func nineSlicePiecesEqualCroppedSlices() throws {
        var rng = SplitMix64(seed: 99)
        let n = 12
        let image = try Image(
            width: n, height: n,
            colors: (0..<(n * n)).map { i in
                let x = i % n, y = i / n
                let edge = min(x, y, n - 1 - x, n - 1 - y) < 3
                return edge
                    ? Color(red: Double(x) / 11, green: Double(y) / 11, blue: 0.5, alpha: 0.5 + Double(x % 2) / 2)
                    : Color(red: 0.9, green: 0.9, blue: Double(y) / 11)
            })
        for round in 0..<80 {
            let scale = [1.0, 2, 3][round % 3]
            let surfaces = try (0..<2).map { _ in try Surface(width: 90, height: 60) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            let aligned = round % 2 == 0
            let rect = Rect(
                x: aligned ? 1 : rng.double(in: 0...3), y: aligned ? 2 : rng.double(in: 0...3),
                width: aligned ? Double(rng.int(in: 8...25)) : rng.double(in: 4...25),
                height: aligned ? Double(rng.int(in: 6...15)) : rng.double(in: 4...15))
            let caps = EdgeInsets(top: 3, left: 3, bottom: 3, right: 3)
            let imageScale = [1.0, scale, 2][rng.int(in: 0...2)]
            let sampling = [ImageSampling.nearest, .bilinear][rng.int(in: 0...1)]
            let center = [NineSliceCenter.stretch, .tile][rng.int(in: 0...1)]
            canvases[0].draw(
                image, in: rect, capInsets: caps, imageScale: imageScale, center: center, sampling: sampling)
            // The reference: each piece's slice copied into an image of
            // its own, then drawn over the whole image area.
            let w = Double(n), c = 3.0
            var dl = c / imageScale, dr = c / imageScale, dt = c / imageScale, db = c / imageScale
            if dl + dr > rect.width { let f = rect.width / (dl + dr); dl *= f; dr *= f }
            if dt + db > rect.height { let f = rect.height / (dt + db); dt *= f; db *= f }
            let sx = [0, c, w - c, w], dx = [rect.minX, rect.minX + dl, rect.maxX - dr, rect.maxX]
            let sy = [0, c, w - c, w], dy = [rect.minY, rect.minY + dt, rect.maxY - db, rect.maxY]
            for row in 0..<3 {
                for column in 0..<3 {
                    let x0 = Int(sx[column]), x1 = Int(sx[column + 1]), y0 = Int(sy[row]), y1 = Int(sy[row + 1])
                    var pixels: [UInt32] = []
                    for y in y0..<y1 { pixels.append(contentsOf: image.pixels[(y * n + x0)..<(y * n + x1)]) }
                    let slice = try Image(width: x1 - x0, height: y1 - y0, premultipliedPixels: pixels)
                    let destination = Rect(
                        x: dx[column], y: dy[row], width: dx[column + 1] - dx[column],
                        height: dy[row + 1] - dy[row])
                    guard destination.width > 0, destination.height > 0 else { continue }
                    let tiles = center == .tile && row == 1 && column == 1
                    let transform =
                        tiles
                        ? AffineTransform(scaleX: 1 / imageScale, y: 1 / imageScale)
                            .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
                        : AffineTransform(
                            scaleX: destination.width / Double(x1 - x0), y: destination.height / Double(y1 - y0)
                        )
                        .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
                    var path = Path()
                    path.addRect(destination)
                    let mode: TileMode = tiles ? .repeat : .pad
                    canvases[1].fill(
                        path,
                        with: .pattern(
                            ImagePattern(
                                slice, transform: transform, tileX: mode, tileY: mode,
                                sampling: sampling)))
                }
            }
            let same = surfaces[0].bytes == surfaces[1].bytes
            #expect(same, "round \(round): \(rect) at \(scale)x, image scale \(imageScale), \(sampling), \(center)")
        }
    }
}
