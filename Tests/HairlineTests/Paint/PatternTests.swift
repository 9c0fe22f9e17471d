// Image patterns: the workload's checker tile at 1x/2x/3x, every tile mode
// with nearest sampling against independent index math, bilinear sampling,
// global alpha; and clipping: pixel-aligned rects, anti-aliased rects and
// paths, intersections, save/restore.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct PatternTests {
    static let fill = Color(red: 1, green: 1, blue: 0.9), alternate = Color(red: 0.94, green: 0.94, blue: 0.86)

    /// The 8s x 8s px checker tile of WORKLOADS.md (2 x 2 squares).
    static func checker(scale s: Int) throws -> Image {
        let n = 8 * s
        var colors: [Color] = []
        for y in 0..<n { for x in 0..<n { colors.append(((x / (4 * s)) + (y / (4 * s))) % 2 == 0 ? fill : alternate) } }
        return try Image(width: n, height: n, colors: colors)
    }

    func fullRect() -> Path {
        var path = Path()
        path.addRect(Rect(x: -100, y: -100, width: 1000, height: 1000))
        return path
    }

    @Test(arguments: [1, 2, 3])
    func workloadCheckerMapsPointsToPixels(scale: Int) throws {
        let s = Double(scale)
        let surface = try Surface(width: 40 * scale, height: 20 * scale)
        let canvas = Canvas(surface: surface, scale: s)
        let pattern = ImagePattern(try Self.checker(scale: scale), transform: AffineTransform(scaleX: 1 / s, y: 1 / s))
        canvas.fill(fullRect(), with: .pattern(pattern))
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let expected = ((x / (4 * scale)) + (y / (4 * scale))) % 2 == 0 ? Self.fill : Self.alternate
                #expect(surface.pixel(x: x, y: y) == expected.premultiplied, "(\(x), \(y)) at \(scale)x")
            }
        }
    }

    /// A 3 x 2 image of distinct opaque colors.
    static func small() throws -> Image {
        try Image(
            width: 3, height: 2,
            colors: (0..<6).map {
                Color(red: Double($0) / 5, green: 1 - Double($0) / 5, blue: Double($0 % 2))
            })
    }

    static func index(_ i: Int, _ n: Int, _ mode: TileMode) -> Int? {
        switch mode {
        case .pad: return min(max(i, 0), n - 1)
        case .repeat: return ((i % n) + n) % n
        case .reflect:
            let period = ((i % (2 * n)) + 2 * n) % (2 * n)
            return period < n ? period : 2 * n - 1 - period
        case .decal: return (0..<n).contains(i) ? i : nil
        }
    }

    @Test(arguments: [TileMode.pad, .repeat, .reflect, .decal])
    func tileModesWithNearestSampling(mode: TileMode) throws {
        let image = try Self.small()
        let surface = try Surface(width: 24, height: 16)
        let canvas = Canvas(surface: surface)
        // Pattern pixel = 2 x 2 device pixels, origin at (5, 4).
        let t = AffineTransform(scaleX: 2, y: 2).concatenating(AffineTransform(translationX: 5, y: 4))
        canvas.fill(fullRect(), with: .pattern(ImagePattern(image, transform: t, tileX: mode, tileY: mode)))
        for y in 0..<16 {
            for x in 0..<24 {
                let u = Int(((Double(x) + 0.5 - 5) / 2).rounded(.down)),
                    v = Int(((Double(y) + 0.5 - 4) / 2).rounded(.down))
                let expected: PremultipliedColor
                if let i = Self.index(u, 3, mode), let j = Self.index(v, 2, mode) {
                    expected = image.pixel(x: i, y: j)!
                } else {
                    expected = .clear
                }
                #expect(surface.pixel(x: x, y: y) == expected, "(\(x), \(y)) \(mode)")
            }
        }
    }

    @Test func bilinearSamplingInterpolatesPremultiplied() throws {
        let image = try Image(
            width: 2, height: 1, colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0)])
        let surface = try Surface(width: 4, height: 1)
        let canvas = Canvas(surface: surface)
        // Device pixel x samples image u = x/2 + 0.25: centres 0.25, 0.75, 1.25, 1.75.
        let pattern = ImagePattern(
            image, transform: AffineTransform(scaleX: 2, y: 1), tileX: .pad, tileY: .pad, sampling: .bilinear)
        canvas.fill(fullRect(), with: .pattern(pattern))
        #expect(surface.pixel(x: 0, y: 0) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
        // u = 0.75: a quarter of the way from pixel 0's centre to pixel 1's.
        #expect(surface.pixel(x: 1, y: 0) == PremultipliedColor(red: 191, green: 0, blue: 0, alpha: 191))
        #expect(surface.pixel(x: 2, y: 0) == PremultipliedColor(red: 64, green: 0, blue: 0, alpha: 64))
        #expect(surface.pixel(x: 3, y: 0) == PremultipliedColor.clear)
    }

    @Test func globalAlphaScalesPatterns() throws {
        let surface = try Surface(width: 8, height: 8)
        let canvas = Canvas(surface: surface)
        canvas.globalAlpha = 0.5
        canvas.fill(fullRect(), with: .pattern(ImagePattern(try Self.checker(scale: 1))))
        #expect(surface.pixel(x: 1, y: 1) == PremultipliedColor(red: 128, green: 128, blue: 115, alpha: 128))
    }

    // MARK: Clipping

    @Test func pixelAlignedRectClipNeedsNoMask() throws {
        let surface = try Surface(width: 12, height: 12)
        let canvas = Canvas(surface: surface, scale: 2)
        canvas.clip(to: Rect(x: 1, y: 1.5, width: 3, height: 2))
        #expect(canvas.state.clip.mask == nil)
        canvas.fill(fullRect(), with: .black)
        for y in 0..<12 {
            for x in 0..<12 {
                let inside = x >= 2 && x < 8 && y >= 3 && y < 7
                #expect(surface.pixel(x: x, y: y)!.alpha == (inside ? 255 : 0), "(\(x), \(y))")
            }
        }
    }

    @Test func clipsIntersectAndRestore() throws {
        let surface = try Surface(width: 20, height: 4)
        let canvas = Canvas(surface: surface)
        canvas.save()
        canvas.clip(to: Rect(x: 0.5, y: 0, width: 10, height: 4))  // anti-aliased at 0.5 and 10.5
        canvas.clip(to: Rect(x: 5.25, y: 0, width: 20, height: 4))  // and at 5.25
        canvas.fill(fullRect(), with: .black)
        let row = (0..<20).map { surface.pixel(x: $0, y: 1)!.alpha }
        #expect(row[0] == 0 && row[4] == 0)
        #expect(row[5] == 191)  // 0.75 of the pixel
        #expect(row[7] == 255 && row[10] == 128 && row[11] == 0)
        canvas.restore()
        canvas.clear()
        canvas.fill(fullRect(), with: .black)
        #expect(surface.bytes.allSatisfy { $0 == 255 || $0 == 0 } && surface.pixel(x: 19, y: 3)!.alpha == 255)
    }

    @Test func pathClipIsAntiAliasedAndEmptyClipsDrawNothing() throws {
        let surface = try Surface(width: 16, height: 16)
        let canvas = Canvas(surface: surface)
        var circle = Path()
        circle.addEllipse(in: Rect(x: 2, y: 2, width: 12, height: 12))
        canvas.clip(to: circle)
        canvas.fill(fullRect(), with: .black)
        let reference = try engineCoverage(circle, width: 16, height: 16)
        for i in 0..<256 {
            #expect(Double(surface.pixel(x: i % 16, y: i / 16)!.alpha) == (reference[i] * 255).rounded())
        }
        canvas.clear()
        canvas.clip(to: Rect(x: 30, y: 30, width: 2, height: 2))
        canvas.fill(fullRect(), with: .black)
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }

    /// The bilinear mix, two channels per lane, is the per-channel formula
    /// (a·(256 − w) + b·w + 128) >> 8 for every weight and random pixels,
    /// extremes included; tiling an index inside the image keeps it in
    /// every mode, and outside it is the modes' arithmetic.
    @Test func mixAndTileAreTheirFormulas() {
        var rng = SplitMix64(seed: 0xB111)
        func reference(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
            if w == 0 { return a }
            if w >= 256 { return b }
            var result: UInt32 = 0
            for shift in stride(from: UInt32(0), to: 32, by: 8) {
                let ca = (a >> shift) & 0xFF, cb = (b >> shift) & 0xFF
                result |= ((ca * (256 - w) + cb * w + 128) >> 8) << shift
            }
            return result
        }
        let extremes: [UInt32] = [0, 0xFFFF_FFFF, 0xFF00_FF00, 0x00FF_00FF, 0x8080_8080, 0x7F7F_7F7F]
        for w in 0...257 as ClosedRange<UInt32> {
            for _ in 0..<200 {
                let a = rng.next() % 3 == 0 ? extremes[Int(rng.next() % 6)] : UInt32(truncatingIfNeeded: rng.next())
                let b = rng.next() % 3 == 0 ? extremes[Int(rng.next() % 6)] : UInt32(truncatingIfNeeded: rng.next())
                #expect(PatternShader.mix(a, b, w) == reference(a, b, w), "mix(\(a), \(b), \(w))")
            }
        }
        func referenceTile(_ i: Int, _ n: Int, _ mode: TileMode) -> Int {
            switch mode {
            case .pad: return min(max(i, 0), n - 1)
            case .repeat: let m = i % n; return m < 0 ? m + n : m
            case .reflect:
                var m = i % (2 * n)
                if m < 0 { m += 2 * n }
                return m < n ? m : 2 * n - 1 - m
            case .decal: return (i >= 0 && i < n) ? i : -1
            }
        }
        for mode in [TileMode.pad, .repeat, .reflect, .decal] {
            for _ in 0..<2000 {
                let n = Int(1 + rng.next() % 70)
                let i = Int(truncatingIfNeeded: rng.next() % 400) - 200
                #expect(PatternShader.tile(i, n, mode) == referenceTile(i, n, mode), "tile(\(i), \(n), \(mode))")
            }
        }
    }
}
