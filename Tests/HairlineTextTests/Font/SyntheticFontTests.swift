// The parser on fonts the builder assembles: cmap formats 4 and 12 and
// their edge cases, short loca, shared advances, names, OS/2 flags and
// metrics, outlines of glyphs that start off-curve and of composites with
// scales and 2x2 transforms, kern format 0, GPOS pair formats 1 and 2
// (plain and through Extension lookups), file reading and error messages.

import Hairline
@testable import HairlineText
import Testing

@Suite struct SyntheticFontTests {
    typealias B = FontBuilder
    static let box = B.Glyph(data: B.simple([B.square(0, 0, 100)]))

    @Test func smallFontBasics() throws {
        let font = try Font(data: B.small())
        #expect(font.familyName == "Tiny" && font.styleName == "Regular" && font.fullName == "Tiny Regular")
        #expect(font.glyphCount == 5 && !font.isBold)
        #expect(
            font.metrics
                == FontMetrics(unitsPerEm: 1000, ascent: 800, descent: 200, lineGap: 90, capHeight: 0, xHeight: 0))
        #expect(
            font.glyph(for: "A") == GlyphID(1) && font.glyph(for: "B") == GlyphID(2)
                && font.glyph(for: " ") == GlyphID(3))
        #expect(
            font.glyph(for: "C") == GlyphID(4) && font.glyph(for: "D") == .notdef
                && font.glyph(for: "\u{1F600}") == .notdef)
        #expect(
            font.advance(of: GlyphID(1)) == 600 && font.advance(of: GlyphID(9)) == 0
                && font.leftSideBearing(of: GlyphID(9)) == 0)
        let space = try font.outline(of: GlyphID(3))
        #expect(font.bounds(of: GlyphID(3)) == nil && space.isEmpty)
        #expect(font.bounds(of: GlyphID(1)) == GlyphBounds(xMin: 100, yMin: 0, xMax: 400, yMax: 300))
        #expect(throws: FontError.glyphOutOfRange(glyph: 5, glyphCount: 5)) { try font.outline(of: GlyphID(5)) }
    }

    @Test func kerningPrefersGPOSThenKern() throws {
        let font = try Font(data: B.small())
        #expect(font.kerning(between: GlyphID(1), and: GlyphID(2)) == -50, "GPOS over kern")
        #expect(font.kerning(between: GlyphID(2), and: GlyphID(1)) == -30, "kern where GPOS has no pair")
        #expect(font.kerning(between: GlyphID(1), and: GlyphID(1)) == 0)
    }

    @Test(arguments: [false, true])
    func gposFormatsOneAndTwo(viaExtension: Bool) throws {
        let format1 = B.pairPos1([(1, 3, -11), (1, 2, -12), (2, 4, 13)], valueFormat1: 0x0005)
        // Glyphs 3...4 are class 1 on the left, 5 class 2; right classes from glyph 1: [1, 0, 2, 2, 1].
        let format2 = B.pairPos2(
            class1: [(3, 4, 1), (5, 5, 2)], class2Start: 1, class2: [1, 0, 2, 2, 1],
            matrix: [[0, 0, 0], [-1, -2, -3], [-4, -5, -6]])
        let glyphs = Array(repeating: Self.box, count: 7)
        let bytes = B.font(
            glyphs: glyphs, cmap: B.cmap([]), extra: [("GPOS", B.gpos([format1, format2], extension: viaExtension))])
        let font = try Font(data: bytes)
        let reference = ReferenceReader(bytes)
        for left in 0..<8 {
            for right in 0..<8 {
                #expect(
                    font.kerning(between: GlyphID(UInt16(left)), and: GlyphID(UInt16(right)))
                        == reference.kerning(left, right))
            }
        }
        #expect(font.kerning(between: GlyphID(1), and: GlyphID(2)) == -12)
        #expect(font.kerning(between: GlyphID(1), and: GlyphID(4)) == 0)
        #expect(font.kerning(between: GlyphID(3), and: GlyphID(1)) == -2)
        #expect(font.kerning(between: GlyphID(5), and: GlyphID(3)) == -6)
        #expect(font.kerning(between: GlyphID(4), and: GlyphID(2)) == -1, "right class 0")
        #expect(font.kerning(between: GlyphID(6), and: GlyphID(1)) == 0, "left not covered")
    }

    @Test func characterMapFormat12IsPreferred() throws {
        let map = B.cmap([
            (3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x43, delta: 2 - 0x41)])),
            (3, 10, B.cmap12([(0x41, 0x43, 1), (0x1F600, 0x1F601, 4), (0x1F700, 0x1F7FF, 5)])),
        ])
        let font = try Font(data: B.font(glyphs: Array(repeating: Self.box, count: 6), cmap: map))
        #expect(
            font.glyph(for: "A") == GlyphID(1) && font.glyph(for: "C") == GlyphID(3) && font.glyph(for: "D") == .notdef)
        #expect(font.glyph(for: "\u{1F600}") == GlyphID(4) && font.glyph(for: "\u{1F601}") == GlyphID(5))
        #expect(font.glyph(for: "\u{1F5FF}") == .notdef && font.glyph(for: "\u{1F602}") == .notdef)
        #expect(
            font.glyph(for: "\u{1F700}") == GlyphID(5) && font.glyph(for: "\u{1F701}") == .notdef,
            "past the glyph count")
        #expect(font.glyph(for: "\u{0}") == .notdef && font.glyph(for: "\u{10FFFF}") == .notdef)
    }

    @Test func characterMapFormat4EdgeCases() throws {
        let segments = [
            B.Segment(start: 0x20, end: 0x22, delta: 7, glyphs: [1, 0, 2]),  // array value 0 stays 0
            B.Segment(start: 0x100, end: 0x101, delta: 65536 - 0x100 + 1),  // delta wraps modulo 65536
            B.Segment(start: 0x200, end: 0x200, delta: 0, glyphs: [3]),
        ]
        let bytes = B.font(
            glyphs: Array(repeating: Self.box, count: 12), cmap: B.cmap([(0, 3, B.cmap4(segments))]), longLoca: false)
        let font = try Font(data: bytes)
        let reference = ReferenceReader(bytes)
        #expect(
            font.glyph(for: " ") == GlyphID(8) && font.glyph(for: "!") == .notdef && font.glyph(for: "\"") == GlyphID(9)
        )
        #expect(font.glyph(for: "\u{100}") == GlyphID(1) && font.glyph(for: "\u{101}") == GlyphID(2))
        #expect(
            font.glyph(for: "\u{200}") == GlyphID(3) && font.glyph(for: "\u{1F}") == .notdef
                && font.glyph(for: "\u{FFFF}") == .notdef)
        for code in 0...0x300 {
            #expect(
                Int(font.glyph(for: Unicode.Scalar(code)!).rawValue) == reference.cmap4(code) % 12
                    * (reference.cmap4(code) < 12 ? 1 : 0))
        }
        let last = try font.outline(of: GlyphID(11))
        #expect(last.elements.count == 5, "short loca")
    }

    @Test func sharedAdvancesNamesAndStyle() throws {
        let glyphs = [
            B.Glyph(data: [], advance: 100, leftSideBearing: 1), B.Glyph(data: [], advance: 200, leftSideBearing: -2),
            B.Glyph(data: [], advance: 999, leftSideBearing: 3),
        ]
        let name = B.name([
            (1, 0, 0, 1, "Mac Family"), (3, 1, 0x40C, 1, "Famille"), (3, 10, 0x409, 2, "Gras"),
            (1, 0, 0, 2, "Bold\u{8E}"),
        ])
        let os2 = B.os2(selection: 1 << 5 | 1 << 7, typo: (700, -300, 50), xHeight: 500, capHeight: 650)
        let font = try Font(
            data: B.font(glyphs: glyphs, cmap: B.cmap([]), extra: [("name", name), ("OS/2", os2)], numberOfHMetrics: 2))
        #expect(
            font.advance(of: GlyphID(2)) == 200 && font.leftSideBearing(of: GlyphID(2)) == 3
                && font.leftSideBearing(of: GlyphID(1)) == -2)
        #expect(font.familyName == "Famille" && font.styleName == "Gras" && font.fullName == "")
        #expect(font.isBold)
        #expect(
            font.metrics
                == FontMetrics(unitsPerEm: 1000, ascent: 700, descent: 300, lineGap: 50, capHeight: 650, xHeight: 500))
        let mac = try Font(
            data: B.font(
                glyphs: glyphs, cmap: B.cmap([]), extra: [("name", B.name([(1, 0, 0, 2, "B\u{8E}")]))], macStyle: 1))
        #expect(mac.isBold && mac.styleName == "Bé", "Mac Roman 0x8E is é")
    }

    @Test func outlinesStartingOffCurve() throws {
        let diamond = try Font(data: B.small()).outline(of: GlyphID(2))
        var expected = Path()
        expected.move(to: Point(x: 125, y: 125))
        expected.addQuadCurve(to: Point(x: 375, y: 125), control: Point(x: 250, y: 0))
        expected.addQuadCurve(to: Point(x: 375, y: 375), control: Point(x: 500, y: 250))
        expected.addQuadCurve(to: Point(x: 125, y: 375), control: Point(x: 250, y: 500))
        expected.addQuadCurve(to: Point(x: 125, y: 125), control: Point(x: 0, y: 250))
        expected.closeSubpath()
        #expect(diamond == expected)

        let glyph = B.simple([
            [
                .init(x: 0, y: 0, on: false), .init(x: 100, y: 0, on: true), .init(x: 100, y: 100, on: false),
                .init(x: 0, y: 100, on: true),
            ], B.square(300, 300, 1000),
        ])
        let font = try Font(data: B.font(glyphs: [Self.box, B.Glyph(data: glyph)], cmap: B.cmap([])))
        var second = Path()
        second.move(to: Point(x: 100, y: 0))
        second.addQuadCurve(to: Point(x: 0, y: 100), control: Point(x: 100, y: 100))
        second.addQuadCurve(to: Point(x: 100, y: 0), control: Point(x: 0, y: 0))
        second.closeSubpath()
        second.move(to: Point(x: 300, y: 300))
        for (x, y) in [(1300, 300), (1300, 1300), (300, 1300)] { second.addLine(to: Point(x: Double(x), y: Double(y))) }
        second.closeSubpath()
        #expect(try font.outline(of: GlyphID(1)) == second)
    }

    @Test func compositesWithScalesAndTwoByTwo() throws {
        let font = try Font(data: B.small())
        var expected = try font.outline(of: GlyphID(1)).applying(
            AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 10, ty: -20))
        expected.addPath(
            try font.outline(of: GlyphID(2)).applying(AffineTransform(a: 1, b: 0.25, c: 0, d: 1, tx: 300, ty: 5)))
        #expect(try font.outline(of: GlyphID(4)) == expected)

        // A composite of a composite, with x/y scale, word offsets and scaled offsets.
        let inner = B.composite([B.Component(glyph: 1, dx: 1000, dy: 2, scale: .xy(1.5, -1))])
        let outer = B.composite([
            B.Component(glyph: 2, dx: 10, dy: 20, scale: .uniform(0.5), extraFlags: 0x0800),
            B.Component(glyph: 1, dx: -3, dy: 4, words: true),
        ])
        let nested = try Font(
            data: B.font(glyphs: [Self.box, Self.box, B.Glyph(data: inner), B.Glyph(data: outer)], cmap: B.cmap([])))
        let square = try nested.outline(of: GlyphID(1))
        var want = square.applying(AffineTransform(a: 1.5, b: 0, c: 0, d: -1, tx: 1000, ty: 2))
            .applying(AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 5, ty: 10))
        want.addPath(square.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -3, ty: 4)))
        #expect(try nested.outline(of: GlyphID(3)) == want)
    }

    @Test func filesAndUnsupportedFormats() throws {
        let path = String(#filePath.prefix { _ in true }.split(separator: "/").dropLast(4).joined(separator: "/"))
        let font = try Font(contentsOfFile: "/" + path + "/Sources/HairlineText/Fonts/DejaVuSans.ttf")
        #expect(font.familyName == "DejaVu Sans")
        #expect { try Font(contentsOfFile: "/nonexistent/font.ttf") } throws: { error in
            guard case FontError.unreadableFile(let p, let reason) = error else { return false }
            return p == "/nonexistent/font.ttf" && reason == "no such file"
        }
        #expect { try Font(contentsOfFile: "/") } throws: { error in
            if case FontError.unreadableFile = error { return true } else { return false }
        }
        // CFF fonts and collections are read now: these have no tables.
        #expect(throws: FontError.missingTable("head")) { try Font(data: B.file([], version: 0x4F54_544F)) }
        #expect(throws: FontError.self) { try Font(data: B.file([], version: 0x7474_6366)) }
        #expect(throws: FontError.missingTable("head")) { try Font(data: B.file([("cmap", [0, 0, 0, 0])])) }
        let error = FontError.truncated(table: "cmap", offset: 1234, needed: 2)
        #expect(
            error.description == "The font data is truncated: 2 bytes at file offset 1234 lie outside table 'cmap'.")
        #expect(
            FontError.invalid(table: "loca", offset: 8, reason: "x").description.contains(
                "table 'loca' at file offset 8"))
    }
}
