// CFF2 outlines on a font built by hand (CFF2Builder): exact points at the
// default instance and at varied ones (blends over one and two regions,
// vsindex in a charstring and in a Private DICT, subroutines, FDSelect
// format 4, avar's mapping reaching the blends), advances untouched by
// outlines, and hostile tables (every truncation, random damage, subroutine
// recursion, stack and blend bombs) that throw or draw nothing.

import Hairline
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct CFF2FontTests {
    static func points(_ path: Path) -> [Point] {
        path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p): return p
            case .curve(let p, _, _): return p
            default: return nil
            }
        }
    }

    static func square(right: Double) -> [Point] {
        [Point(x: 100, y: 0), Point(x: right, y: 0), Point(x: right, y: 300), Point(x: 100, y: 300)]
    }

    @Test func parsesAsCubicOutlinesWithAxes() throws {
        let font = try Font(data: CFF2Builder.font())
        #expect(font.hasCFFOutlines)
        #expect(font.glyphCount == 4)
        #expect(font.variationAxes.map(\.tag) == ["wght"])
        #expect(font.glyph(for: "A") == GlyphID(1))
        #expect(try font.outline(of: GlyphID(0)).isEmpty)
    }

    @Test func defaultInstanceIgnoresTheDeltas() throws {
        let font = try Font(data: CFF2Builder.font())
        #expect(Self.points(try font.outline(of: GlyphID(1))) == Self.square(right: 400))
        let curved = try font.outline(of: GlyphID(2))
        #expect(
            Self.points(curved) == [
                Point(x: 10, y: 20), Point(x: 60, y: 20), Point(x: 60, y: 120), Point(x: 10, y: 20),
            ])
        if case .curve(_, let c1, let c2) = curved.elements[3] {
            #expect(c1 == Point(x: 40, y: 120) && c2 == Point(x: 10, y: 70))
        } else {
            Issue.record("element 3 is \(curved.elements[3])")
        }
        #expect(curved.elements.last == .closeSubpath)
        #expect(
            Self.points(try font.outline(of: GlyphID(3))) == [
                Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100),
            ])
    }

    /// wght 900 is region 0's peak, wght 100 region 1's: the square's
    /// width is 300 + 50 and 300 - 100; the other glyphs read region 0
    /// only (vsindex 1), so wght 100 leaves them at the default.
    @Test func extremesApplyEachRegionsDeltas() throws {
        let font = try Font(data: CFF2Builder.font())
        let heavy = font.varied([FontVariation("wght", 900)])
        #expect(heavy.normalizedCoordinates == [1])
        #expect(Self.points(try heavy.outline(of: GlyphID(1))) == Self.square(right: 450))
        #expect(Self.points(try heavy.outline(of: GlyphID(2)))[1...2] == [Point(x: 70, y: 20), Point(x: 70, y: 120)])
        #expect(Self.points(try heavy.outline(of: GlyphID(3)))[1] == Point(x: 120, y: 0))
        let light = font.varied([FontVariation("wght", 100)])
        #expect(light.normalizedCoordinates == [-1])
        #expect(Self.points(try light.outline(of: GlyphID(1))) == Self.square(right: 300))
        #expect(Self.points(try light.outline(of: GlyphID(3)))[1] == Point(x: 100, y: 0))
        // Bounds follow the varied outline.
        #expect(heavy.bounds(of: GlyphID(1)) == GlyphBounds(xMin: 100, yMin: 0, xMax: 450, yMax: 300))
    }

    /// wght 650 normalizes to 0.5, which avar maps to 0.8 (rounded to
    /// F2Dot14): the deltas scale by exactly that coordinate; without avar
    /// by 0.5.
    @Test(arguments: [true, false])
    func intermediateInstanceScalesByTheAvarMappedCoordinate(avar: Bool) throws {
        let font = try Font(data: CFF2Builder.font(avar: avar)).varied([FontVariation("wght", 650)])
        let c = avar ? 13107.0 / 16384 : 0.5
        #expect(font.normalizedCoordinates == [c])
        #expect(Self.points(try font.outline(of: GlyphID(1))) == Self.square(right: 400 + 50 * c))
        #expect(Self.points(try font.outline(of: GlyphID(2)))[1] == Point(x: 60 + 10 * c, y: 20))
        #expect(Self.points(try font.outline(of: GlyphID(3)))[1] == Point(x: 100 + 20 * c, y: 0))
    }

    /// Advances vary by HVAR (CFF2 has no phantom points): glyph 1 grows
    /// by 77 units at wght 900, by 77 x 0.5 (rounded) at wght 650 without
    /// avar; without HVAR advances stay hmtx's.
    @Test func advancesVaryByHVAR() throws {
        let font = try Font(data: CFF2Builder.font(avar: false, hvar: true))
        #expect(font.advance(of: GlyphID(1)) == 500)
        #expect(font.varied([FontVariation("wght", 900)]).advance(of: GlyphID(1)) == 577)
        #expect(font.varied([FontVariation("wght", 650)]).advance(of: GlyphID(1)) == 539)
        let plain = try Font(data: CFF2Builder.font())
        #expect(plain.varied([FontVariation("wght", 900)]).advance(of: GlyphID(1)) == 500)
    }

    @Test func glyphsRenderThroughTheCacheAtTwoInstances() throws {
        let font = try Font(data: CFF2Builder.font())
        let cache = GlyphCache()
        let regular = try #require(cache.mask(GlyphID(1), of: font, size: 100, subpixel: 0))
        let heavy = try #require(
            cache.mask(GlyphID(1), of: font.varied([FontVariation("wght", 900)]), size: 100, subpixel: 0))
        let regularWidth = try #require(regular.surface).width, heavyWidth = try #require(heavy.surface).width
        // 300 and 350 units at 100 px per 1000 units: 30 and 35 pixels.
        #expect((30...32).contains(regularWidth))
        #expect((35...37).contains(heavyWidth))
    }

    // MARK: Hostile tables

    /// Every prefix of the CFF2 table: the font is refused or its glyphs
    /// decode or throw, never trap.
    @Test func everyTruncationThrowsOrDraws() {
        let table = CFF2Builder.table()
        var refused = 0
        for length in 0..<table.count {
            guard let font = try? Font(data: CFF2Builder.font(cff2: Array(table[..<length]))) else {
                refused += 1
                continue
            }
            for g in 0..<font.glyphCount {
                _ = try? font.varied([FontVariation("wght", 900)]).outline(of: GlyphID(UInt16(g)))
            }
        }
        // The local subroutines and the last Private DICT end the table:
        // nearly every prefix loses a part the parser checks.
        #expect(refused >= table.count - 2)
    }

    @Test(arguments: 0..<8)
    func randomDamageNeverTraps(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let table = CFF2Builder.table()
        for _ in 0..<60 {
            var damaged = table
            for _ in 0..<Int(rng.next() % 4 + 1) {
                damaged[Int(rng.next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: rng.next())
            }
            guard let font = try? Font(data: CFF2Builder.font(cff2: damaged)) else { continue }
            for instance in [font, font.varied([FontVariation("wght", 900)])] {
                for g in 0..<font.glyphCount { _ = try? instance.outline(of: GlyphID(UInt16(g))) }
            }
        }
    }

    /// Decoding `glyph1` as glyph 1 of the built font throws.
    func expectCharstringError(_ glyph1: [UInt8], localSubrs: [[UInt8]]? = nil, _ what: Comment) throws {
        let table = CFF2Builder.table(charstrings: [[], glyph1, [], []], localSubrs: localSubrs)
        let font = try Font(data: CFF2Builder.font(cff2: table)).varied([FontVariation("wght", 900)])
        #expect(throws: FontError.self, what) { try font.outline(of: GlyphID(1)) }
    }

    @Test func charstringBombsThrow() throws {
        let n = CFF2Builder.n
        // A local subroutine that calls itself.
        try expectCharstringError(n(-107) + [10], localSubrs: [n(-107) + [10]], "recursion")
        // More than 513 operands.
        try expectCharstringError(Array(repeating: n(1), count: 600).flatMap { $0 }, "stack")
        // A blend count far past the stack, and a negative one.
        try expectCharstringError(n(1) + n(2) + n(1000) + [16], "huge blend")
        try expectCharstringError(n(1) + n(-3) + [16], "negative blend")
        // A blend of one value with vsindex 0 needs three operands.
        try expectCharstringError(n(1) + n(2) + n(1) + [16], "short blend")
        // vsindex past the store's data, and after a blend.
        try expectCharstringError(n(7) + [15] + n(1) + n(1) + n(1) + n(1) + [16], "vsindex")
        try expectCharstringError(n(1) + n(1) + n(1) + n(1) + [16] + n(1) + [15], "late vsindex")
        // endchar and return are not CFF2 operators.
        try expectCharstringError(n(0) + n(0) + [21, 14], "endchar")
        try expectCharstringError([11], "return")
    }

    @Test func forgedCountsAndVersionsAreRefused() {
        var table = CFF2Builder.table()
        // The Global Subr INDEX's 32-bit count (right after the Top DICT).
        table[31] = 0xFF; table[32] = 0xFF; table[33] = 0xFF; table[34] = 0xFF
        #expect(throws: FontError.self) { try Font(data: CFF2Builder.font(cff2: table)) }
        var version = CFF2Builder.table()
        version[0] = 3
        #expect(throws: FontError.self) { try Font(data: CFF2Builder.font(cff2: version)) }
        // Fewer charstrings than glyphs.
        let short = CFF2Builder.table(charstrings: [[], CFF2Builder.square])
        #expect(throws: FontError.self) { try Font(data: CFF2Builder.font(cff2: short)) }
    }
}
