// Golden images of the new font paths, looked at when recorded: every
// glyph of the CFF fixture (CFF-and-SBIX.otf) in a grid at 2x, and a
// label mixing Latin (DejaVu Sans) with Japanese from the fallback
// (MPLUS1p) at 1x and 2x. Tests/Goldens/Text/.

import Hairline
import HairlineText
import HairlineTestSupport
import Testing

@Suite struct FontGoldenTests {
    @Test func cffGlyphs() throws {
        let font = try FixtureFonts.font(CFFFontTests.fileName)
        let columns = 8, cell = 40.0, scale = 2.0
        let rows = (font.glyphCount + columns - 1) / columns
        let surface = try Surface(width: Int(Double(columns) * cell * scale), height: Int(Double(rows) * cell * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        let unit = 28 / Double(font.metrics.unitsPerEm)
        for g in 0..<font.glyphCount {
            let outline = try font.outline(of: GlyphID(UInt16(g)))
            let x = Double(g % columns) * cell + 6, y = Double(g / columns) * cell + 32
            canvas.fill(
                outline.applying(AffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: x, ty: y)), with: .solid(.black))
        }
        surface.flush()
        // Every glyph with an outline left ink (its cell is not all white).
        #expect(font.glyphCount > 1)
        #expect(surface.bytes.contains { $0 < 128 }, "the grid has ink")
        assertSnapshot(of: surface, named: "cff-glyphs@2x", suite: "Text")
    }

    @Test(arguments: [1.0, 2])
    func japaneseFallbackLabel(scale: Double) throws {
        let database = FontDatabase()
        database.addFonts(inDirectory: FixtureFonts.folder)
        let font = database.withFallback(try Font(.dejaVuSans))
        let surface = try Surface(width: Int(220 * scale), height: Int(56 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        canvas.draw("Title: 日本語のタイトル", font: font, size: 17, at: Point(x: 8, y: 22), paint: .solid(.black))
        canvas.draw(
            "中文の見出し and Latin", font: font, size: 13, in: Rect(x: 8, y: 30, width: 200, height: 20),
            paint: .solid(Color(red: 0.1, green: 0.3, blue: 0.8)))
        surface.flush()
        // Every character had a font: no block is reported missing.
        #expect(database.missingCharacterWarnings.isEmpty, "\(database.missingCharacterWarnings)")
        assertSnapshot(of: surface, named: "japanese-fallback@\(Int(scale))x", suite: "Text")
    }
}
