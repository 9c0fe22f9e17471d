// Patterns repeating along x at one image pixel per device pixel are
// copied from the renderer's repeated rows (PatternRows.swift): random
// images (narrow ones that are repeated, wide and too-tall ones that are
// not), offsets and shapes, every pixel against independent index math
// times the shape's coverage; the cache switching between images; two
// patterns in one fill-and-stroke.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct PatternRowTests {
    /// An opaque image of pseudo-random colors.
    static func image(width: Int, height: Int, random: inout SplitMix64) throws -> Image {
        var colors: [Color] = []
        colors.reserveCapacity(width * height)
        for _ in 0..<(width * height) {
            colors.append(
                Color(
                    red: random.double(in: 0...1), green: random.double(in: 0...1),
                    blue: random.double(in: 0...1)))
        }
        return try Image(width: width, height: height, colors: colors)
    }

    /// Fills `path` with `image` repeating from device offset (`dx`, `dy`)
    /// and checks every pixel: the image pixel the centre falls on, scaled
    /// by the shape's coverage (read from a white fill of the same path).
    static func check(
        _ image: Image, dx: Double, dy: Double, path: Path, canvas: Canvas,
        _ comment: Comment
    ) throws {
        let surface = canvas.surface
        canvas.clear()
        canvas.fill(path, with: .pattern(ImagePattern(image, transform: AffineTransform(translationX: dx, y: dy))))
        let coverage = try Surface(width: surface.width, height: surface.height)
        Canvas(surface: coverage).fill(path, with: .white)
        var mismatches = 0
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let u = Int((Double(x) + 0.5 - dx).rounded(.down)), v = Int((Double(y) + 0.5 - dy).rounded(.down))
                let i = ((u % image.width) + image.width) % image.width
                let j = ((v % image.height) + image.height) % image.height
                let source = image.pixel(x: i, y: j)!.packed
                let c = UInt32(coverage.pixel(x: x, y: y)!.alpha)
                let expected = c == 255 ? source : scalePacked(source, by: c)
                if surface.pixel(x: x, y: y)!.packed != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0, comment)
    }

    @Test func repeatedRowsMatchIndexMath() throws {
        var random = SplitMix64(seed: 0x9A77E2)
        let surface = try Surface(width: 301, height: 23)
        let canvas = Canvas(surface: surface)
        // Narrow (repeated), exactly the minimum, wide (copied as is).
        let widths = [1, 3, 7, 8, 24, 100, 255, 256, 300]
        for (n, width) in widths.enumerated() {
            let image = try Self.image(width: width, height: random.int(in: 1...9), random: &random)
            for round in 0..<4 {
                // Whole-pixel offsets keep the fast row copy; negative and
                // large ones test the tiling of the start.
                let dx = Double(random.int(in: -700...700)), dy = Double(random.int(in: -50...50))
                var path = Path()
                if round % 2 == 0 {
                    path.addRect(
                        Rect(
                            x: random.double(in: -5...40), y: random.double(in: -3...5),
                            width: random.double(in: 1...320), height: random.double(in: 1...25)))
                } else {
                    // Partial coverage on every boundary: the four-pixel
                    // groups blend shaded pixels.
                    path.addEllipse(
                        in: Rect(
                            x: random.double(in: -20...100), y: random.double(in: -5...5),
                            width: random.double(in: 5...250), height: random.double(in: 5...30)))
                }
                try Self.check(
                    image, dx: dx, dy: dy, path: path, canvas: canvas,
                    "image \(n) (\(width) px wide), round \(round)")
            }
        }
    }

    @Test func wrapThroughTheReciprocalIsTheModulo() {
        var random = SplitMix64(seed: 99)
        let limit = 1 << 40
        var values = [0, 1, -1, limit, -limit, limit - 1, -limit + 1]
        for _ in 0..<2_000 { values.append(random.int(in: -limit...limit)) }
        for _ in 0..<2_000 { values.append(random.int(in: -5_000...5_000)) }
        var mismatches = 0
        for n in [1, 2, 3, 7, 8, 24, 255, 256, 1_000, 65_536, 1 << 20] {
            for i in values + [n, -n, n - 1, -n + 1, 2 * n, -2 * n, 3 * n - 1] {
                let expected = ((i % n) + n) % n
                if PatternRows.wrap(i, n, inverse: 1 / Double(n)) != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func tallImagesAreCopiedPeriodByPeriod() throws {
        var random = SplitMix64(seed: 7)
        // 5 px rows repeat to 260 px: 1,100 of them pass the cache's limit.
        let image = try Self.image(width: 5, height: 1_100, random: &random)
        #expect(image.height * 260 > PatternRowCache.maximumPixels)
        let canvas = Canvas(surface: try Surface(width: 64, height: 40))
        var path = Path()
        path.addEllipse(in: Rect(x: 2.3, y: 1.7, width: 59, height: 36))
        try Self.check(image, dx: 3, dy: -517, path: path, canvas: canvas, "tall image")
    }

    @Test func cacheFollowsTheImage() throws {
        var random = SplitMix64(seed: 11)
        let a = try Self.image(width: 6, height: 4, random: &random)
        let b = try Self.image(width: 6, height: 4, random: &random)
        let c = try Self.image(width: 17, height: 3, random: &random)
        let canvas = Canvas(surface: try Surface(width: 90, height: 12))
        var path = Path()
        path.addRect(Rect(x: 0.5, y: 0.25, width: 88, height: 11))
        for (k, image) in [a, b, a, c, c, a].enumerated() {
            try Self.check(image, dx: Double(k * 5), dy: 0, path: path, canvas: canvas, "draw \(k)")
        }
    }

    @Test func twoPatternsInOneFillAndStroke() throws {
        var random = SplitMix64(seed: 23)
        let a = try Self.image(width: 6, height: 5, random: &random)
        let b = try Self.image(width: 9, height: 2, random: &random)
        var path = Path()
        path.addRoundedRect(in: Rect(x: 3.5, y: 2.5, width: 70, height: 20), cornerRadius: 6)
        let style = StrokeStyle(width: 3)
        let fill = Paint.pattern(ImagePattern(a)), stroke = Paint.pattern(ImagePattern(b))
        let together = try Surface(width: 80, height: 26), apart = try Surface(width: 80, height: 26)
        Canvas(surface: together).draw(path, fill: fill, stroke: stroke, style: style)
        let canvas = Canvas(surface: apart)
        canvas.fill(path, with: fill)
        canvas.stroke(path, with: stroke, style: style)
        #expect(together.bytes == apart.bytes)
    }
}
