// Font fallback in layout and drawing: Latin text in a font with a
// fallback lays out and draws byte for byte as without one; Japanese in
// DejaVu Sans takes its glyphs from MPLUS1p (the fixture database), per
// approximate cluster (a combining mark stays with its base's font),
// wrapped and truncated like any glyphs; characters no font has stay
// .notdef and are reported once per block.

import Hairline
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct FallbackLayoutTests {
    static let dejaVu = try! Font(.dejaVuSans)

    static func fallbackFont() -> (Font, FontDatabase) {
        let database = FontDatabase()
        database.addFonts(inDirectory: FixtureFonts.folder)
        return (database.withFallback(dejaVu), database)
    }

    @Test(arguments: [LineBreakMode.wordWrapping, .characterWrapping, .clipping, .truncatingTail, .truncatingMiddle])
    func latinIsUnchangedByAFallback(mode: LineBreakMode) {
        let (font, _) = Self.fallbackFont()
        let text = "Grüße, Wörld! The quick brown fox jumps over the lazy dog. ÆØÅ €100"
        let plain = TextLayout(text, font: Self.dejaVu, size: 17, width: 120, lineBreakMode: mode, maximumLines: 3)
        let fallen = TextLayout(text, font: font, size: 17, width: 120, lineBreakMode: mode, maximumLines: 3)
        #expect(plain.lines == fallen.lines)
        #expect(fallen.fonts.count == 1)
    }

    @Test func japaneseComesFromTheFallback() throws {
        let (font, database) = Self.fallbackFont()
        let layout = TextLayout("Hi 日本語", font: font, size: 20)
        let line = try #require(layout.lines.first)
        #expect(layout.fonts.count == 2)
        #expect(line.fontIndices == [0, 0, 0, 1, 1, 1])
        let japanese = layout.fonts[1]
        #expect(line.glyphs[3] == japanese.glyph(for: "日") && line.glyphs[3] != .notdef)
        // Positions: the fallback glyphs advance by their own font's hmtx.
        let unit = 20 / Double(japanese.metrics.unitsPerEm)
        #expect(abs(line.positions[4] - line.positions[3] - Double(japanese.advance(of: line.glyphs[3])) * unit) < 1e-9)
        // The Latin head is placed as without a fallback.
        let plain = TextLayout("Hi ", font: Self.dejaVu, size: 20).lines[0]
        #expect(Array(line.positions.prefix(3)) == plain.positions)
        #expect(database.missingCharacterWarnings.isEmpty)
    }

    @Test func combiningMarksStayWithTheirBase() throws {
        let (font, _) = Self.fallbackFont()
        // か + the combining voiced mark U+3099: MPLUS1p has both; DejaVu
        // has neither. The mark sends the text through the shaper, and
        // MPLUS1p's ccmp composes the pair into its glyph for が.
        let line = try #require(TextLayout("か\u{3099}a", font: font, size: 20).lines.first)
        #expect(line.fontIndices == [1, 0])
        let japanese = try FixtureFonts.font("MPLUS1p-Regular.ttf")
        #expect(line.glyphs.first == japanese.glyph(for: "が"))
    }

    @Test func wrapsAndTruncatesFallbackText() throws {
        let (font, _) = Self.fallbackFont()
        let text = "日本語のテキストは折り返されます"
        let wrapped = TextLayout(text, font: font, size: 20, width: 100, lineBreakMode: .characterWrapping)
        #expect(wrapped.lines.count > 1)
        #expect(wrapped.lines.allSatisfy { $0.width <= 100 + 1e-9 && $0.fontIndices.allSatisfy { $0 == 1 } })
        let cut = TextLayout(text, font: font, size: 20, width: 100, lineBreakMode: .truncatingTail)
        let line = try #require(cut.lines.first)
        #expect(cut.lines.count == 1 && line.width <= 100 + 1e-9)
        #expect(line.fontIndices.last == 0, "the ellipsis is DejaVu's")
    }

    @Test func missingCharactersAreReportedOncePerBlock() throws {
        let (font, database) = Self.fallbackFont()
        let line = try #require(TextLayout("a\u{10FFFD}\u{10FFFC}", font: font, size: 20).lines.first)
        #expect(line.glyphs[1] == .notdef && line.fontIndices.isEmpty)
        #expect(database.missingCharacterWarnings == ["no font has U+10FF80–U+10FFFF characters (2 drawn as boxes)"])
    }

    /// A label drawn straight from its scalars with and without a fallback:
    /// the same bytes for Latin; Japanese draws ink only with it.
    @Test(arguments: [1.0, 2, 3])
    func drawnLabels(scale: Double) throws {
        let (font, _) = Self.fallbackFont()
        func draw(_ text: String, _ font: Font) throws -> Surface {
            let surface = try Surface(width: Int(160 * scale), height: Int(30 * scale))
            let canvas = Canvas(surface: surface, scale: scale)
            canvas.draw(text, font: font, size: 17, at: Point(x: 4.25, y: 22), paint: .solid(.black))
            canvas.draw(text, font: font, size: 17, in: Rect(x: 80, y: 4, width: 70, height: 24), paint: .solid(.black))
            surface.flush()
            return surface
        }
        func ink(_ s: Surface) -> Int {
            var total = 0
            for y in 0..<s.height { for x in 0..<s.width { total += Int(s.pixel(x: x, y: y)!.alpha) } }
            return total
        }
        let latin = "Hello, Wörld"
        let a = try draw(latin, Self.dejaVu), b = try draw(latin, font)
        #expect(a.bytes == b.bytes)
        let boxes = try draw("日本語", Self.dejaVu), glyphs = try draw("日本語", font)
        #expect(boxes.bytes != glyphs.bytes)
        #expect(ink(glyphs) > 0)
    }
}
