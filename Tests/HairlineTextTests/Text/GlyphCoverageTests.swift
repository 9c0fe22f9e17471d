// Glyphs are covered exactly: each cached mask against the exact area of
// the glyph's outline in every pixel (HairlineTestSupport's ExactCoverage
// oracle on the quadratics flattened into 32 segments each: a quadratic's
// chord error falls with the square of the count, far below the
// rasterizer's own curve tolerance for glyph-sized curves; CFF cubics in
// 64), at label and title sizes at 1x/2x/3x and every subpixel offset.

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
                    current.append(
                        Point(
                            x: u * u * last.x + 2 * u * t * c.x + t * t * p.x,
                            y: u * u * last.y + 2 * u * t * c.y + t * t * p.y))
                }
                last = p
            case .curve(let p, let c1, let c2):
                // CFF glyphs: cubics, flattened the same way.
                for i in 1...segments {
                    let t = Double(i) / Double(segments), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(
                        Point(
                            x: a * last.x + b * c1.x + c * c2.x + d * p.x,
                            y: a * last.y + b * c1.y + c * c2.y + d * p.y))
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

    /// The largest difference (in 1/255) between the cached mask of
    /// `glyph` at `size` and `subpixel` and the exact area of its
    /// `outline` (curves as `segments` lines) in each pixel; nil for a
    /// glyph with no mask pixels (an error if `requiresInk`).
    static func maskError(
        _ glyph: GlyphID, _ outline: Path, of font: Font, size: Double, subpixel quarter: Int,
        cache: GlyphCache, segments: Int, requiresInk: Bool
    ) throws -> Double? {
        let mask = try #require(cache.mask(glyph, of: font, size: size, subpixel: quarter))
        guard let surface = mask.surface else {
            if requiresInk { Issue.record("glyph \(glyph) at \(size) has no mask") }
            return nil
        }
        let scale = size / Double(font.metrics.unitsPerEm)
        let place = AffineTransform(
            a: scale, b: 0, c: 0, d: -scale,
            tx: Double(quarter) / 4 - Double(mask.left), ty: -Double(mask.top))
        let exact = ExactCoverage(
            contours: contours(outline.applying(place), segments: segments),
            rule: .nonZero, width: surface.width, height: surface.height
        ).coverage()
        var worst = 0.0
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let got = Double(surface.pixel(x: x, y: y)?.alpha ?? 0)
                worst = max(worst, abs(got - exact[y * surface.width + x] * 255))
            }
        }
        return worst
    }

    /// The largest `maskError` of each of `glyphs` (with their outlines)
    /// at `size` over every quarter-pixel offset, and how many masks were
    /// compared (glyphs without mask pixels are skipped).
    static func worstMaskError(
        _ glyphs: [(GlyphID, Path)], of font: Font, size: Double, cache: GlyphCache, segments: Int,
        requiresInk: Bool
    ) throws -> (worst: Double, compared: Int) {
        var worst = 0.0, compared = 0
        for (glyph, outline) in glyphs {
            for quarter in 0..<GlyphCache.subpixelSteps {
                guard
                    let error = try maskError(
                        glyph, outline, of: font, size: size, subpixel: quarter, cache: cache,
                        segments: segments, requiresInk: requiresInk)
                else { continue }
                worst = max(worst, error)
                compared += 1
            }
        }
        return (worst, compared)
    }

    /// The glyphs of `text`'s scalars in `font`, with their outlines.
    static func glyphs(_ text: String, of font: Font) throws -> [(GlyphID, Path)] {
        try text.unicodeScalars.map { scalar in
            let glyph = font.glyph(for: scalar)
            return (glyph, try font.outline(of: glyph))
        }
    }

    /// Label sizes at 1x/2x/3x (13 and 17 pt) and a title size, each
    /// glyph at every quarter-pixel offset (the oracle is slow: a dozen
    /// glyphs of each font).
    @Test(arguments: [
        (BundledFont.dejaVuSans, 13.0), (.dejaVuSans, 17), (.dejaVuSans, 34), (.dejaVuSans, 51),
        (.dejaVuSansBold, 17),
    ])
    func cachedMasksAreTheExactAreaOfTheOutline(_ bundled: BundledFont, size: Double) throws {
        let font = try Font(bundled)
        let (worst, compared) = try Self.worstMaskError(
            Self.glyphs("aQ@éßW", of: font), of: font, size: size, cache: GlyphCache(), segments: 32,
            requiresInk: true)
        #expect(compared == 6 * 4)
        #expect(worst <= 3, "worst pixel \(worst) / 255 off the exact area at \(size) px per em")
    }

    /// CFF glyphs (cubic outlines) too: every glyph of the CFF fixture at
    /// label and title sizes at 1x/2x/3x, each quarter-pixel offset.
    @Test(arguments: [13.0, 17, 34, 51])
    func cffMasksAreTheExactAreaOfTheOutline(size: Double) throws {
        let font = try FixtureFonts.font(CFFFontTests.fileName)
        let glyphs = try (0..<font.glyphCount).map { g in
            let glyph = GlyphID(UInt16(g))
            return (glyph, try font.outline(of: glyph))
        }.filter { !$0.1.isEmpty }
        let (worst, compared) = try Self.worstMaskError(
            glyphs, of: font, size: size, cache: GlyphCache(), segments: 64, requiresInk: false)
        #expect(compared > 0)
        #expect(worst <= 3, "worst pixel \(worst) / 255 off the exact area at \(size) px per em")
    }

    /// Variable instances too (gvar deltas, fractional points): RobotoFlex
    /// at wght 100, 400 and 900 (and one narrow, heavy instance), label
    /// and title sizes at 1x/2x/3x, each quarter-pixel offset.
    @Test(arguments: [
        [FontVariation("wght", 100)], [FontVariation("wght", 400)], [FontVariation("wght", 900)],
        [FontVariation("wght", 800), FontVariation("wdth", 25)],
    ])
    func variableInstanceMasksAreTheExactAreaOfTheOutline(_ settings: [FontVariation]) throws {
        let font = try FixtureFonts.variableOrColorFont(VariableFontTests.roboto).varied(settings)
        let cache = GlyphCache()
        let glyphs = try Self.glyphs("Bod", of: font)
        var worst = 0.0, compared = 0
        for size in [17.0, 34, 51] {
            let (sizeWorst, sizeCompared) = try Self.worstMaskError(
                glyphs, of: font, size: size, cache: cache, segments: 32, requiresInk: true)
            worst = max(worst, sizeWorst)
            compared += sizeCompared
        }
        #expect(compared == 3 * 3 * 4)
        #expect(worst <= 3, "worst pixel \(worst) / 255 off the exact area at \(settings)")
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
