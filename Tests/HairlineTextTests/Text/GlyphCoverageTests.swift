// Glyphs are covered exactly: each cached mask against the exact area of
// the glyph's outline in every pixel (HairlineTestSupport's ExactCoverage
// oracle on the quadratics flattened into 256 segments each, far finer
// than the rasterizer's own curve tolerance), at label and title sizes at
// 1x/2x/3x and every subpixel offset.

import Testing
import Hairline
@testable import HairlineText
import HairlineTestSupport

@Suite struct GlyphCoverageTests {
    /// `path`'s contours with every quadratic flattened into `segments`
    /// lines (the oracle's polygons).
    static func contours(_ path: Path, segments: Int) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        var last = Point(x: 0, y: 0)
        for element in path.elements {
            switch element {
            case .move(let p):
                if current.count > 2 { result.append(current) }
                current = [p]
                last = p
            case .line(let p):
                current.append(p)
                last = p
            case .quadCurve(let p, let c):
                for i in 1...segments {
                    let t = Double(i) / Double(segments), u = 1 - t
                    current.append(Point(x: u * u * last.x + 2 * u * t * c.x + t * t * p.x,
                                         y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .closeSubpath:
                if current.count > 2 { result.append(current) }
                current = []
            default:
                Issue.record("a glyph outline with \(element)")
            }
        }
        if current.count > 2 { result.append(current) }
        return result
    }

    @Test(arguments: [BundledFont.dejaVuSans, .dejaVuSansBold])
    func cachedMasksAreTheExactAreaOfTheOutline(_ bundled: BundledFont) throws {
        let font = try Font(bundled)
        let cache = GlyphCache()
        var worst = 0.0, compared = 0
        for size in [13.0, 17, 34, 51, 96] {
            for scalar in "aQ@&é%ßWg1iÅ".unicodeScalars {
                let glyph = font.glyph(for: scalar)
                let outline = try font.outline(of: glyph)
                for quarter in 0..<GlyphCache.subpixelSteps {
                    let mask = try #require(cache.mask(glyph, of: font, size: size, subpixel: quarter))
                    let surface = try #require(mask.surface)
                    let scale = size / Double(font.metrics.unitsPerEm)
                    let place = AffineTransform(a: scale, b: 0, c: 0, d: -scale,
                                                tx: Double(quarter) / 4 - Double(mask.left), ty: -Double(mask.top))
                    let exact = ExactCoverage(contours: Self.contours(outline.applying(place), segments: 256),
                                              rule: .nonZero, width: surface.width, height: surface.height).coverage()
                    for y in 0..<surface.height {
                        for x in 0..<surface.width {
                            let got = Double(surface.pixel(x: x, y: y)?.alpha ?? 0)
                            worst = max(worst, abs(got - exact[y * surface.width + x] * 255))
                        }
                    }
                    compared += 1
                }
            }
        }
        #expect(compared == 5 * 12 * 4)
        #expect(worst <= 3, "worst pixel \(worst) / 255 off the exact area")
    }

    /// Masks are made once and then reused; a full cache evicts the least
    /// recently used and stays within its budget.
    @Test func masksAreReusedAndTheBudgetHolds() throws {
        let font = try Font(.dejaVuSans)
        let cache = GlyphCache(byteLimit: 40_000)
        let glyphs = "abcdefghijklmnopqrstuvwxyz".unicodeScalars.map { font.glyph(for: $0) }
        for glyph in glyphs { _ = cache.mask(glyph, of: font, size: 17, subpixel: 0) }
        #expect(cache.misses == 26 && cache.hits == 0)
        for glyph in glyphs { _ = cache.mask(glyph, of: font, size: 17, subpixel: 0) }
        #expect(cache.hits == 26)
        for size in stride(from: 20.0, through: 200, by: 10) {
            for glyph in glyphs { _ = cache.mask(glyph, of: font, size: size, subpixel: 1) }
            #expect(cache.byteCount <= 40_000)
        }
        #expect(cache.evictions > 0)
    }
}
