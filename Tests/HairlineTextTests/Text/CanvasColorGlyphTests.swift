// Color glyphs in Canvas text (issue 36): COLR v0 layers drawn in their
// CPAL colors with the "text color" layer in the paint's color (pixels at
// known spots of a hand-built font), a label with a COLR v1 emoji found
// by fallback and a CBDT emoji draw colored pixels where the glyph is,
// the same pixels when drawn again from the caches, and the glyphs of a
// color font that are not color glyphs keep the text's paint.

import Hairline
@testable import HairlineText
import Testing

@Suite struct CanvasColorGlyphTests {
    static let green = Color(red8: 0x20, green8: 0xB0, blue8: 0x40)

    static func surface(_ draw: (Canvas) -> Void) throws -> Surface {
        let surface = try Surface(width: 120, height: 80)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.clear(.white)
        draw(canvas)
        return surface
    }

    static func rgb(_ s: Surface, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = s.pixel(x: x, y: y)!
        return (Int(p.red), Int(p.green), Int(p.blue))
    }

    /// Glyph "A" = red 400-unit square, blue 200 square, 100 square in the
    /// text's color (ColorGlyphTests.colrV0): at 100 pt the squares are 40,
    /// 20 and 10 pt, their corner on the pen at (10, 60).
    @Test func colrV0LayersTakePaletteZeroAndThePaintsColor() throws {
        let font = try Font(data: ColorGlyphTests.font(colr: ColorGlyphTests.colrV0()))
        #expect(font.hasColorGlyphs)
        for pass in 0..<2 {
            let s = try Self.surface { canvas in
                // A label: the direct path, then a laid-out one.
                if pass == 0 {
                    canvas.draw("A", font: font, size: 100, at: Point(x: 10, y: 60), paint: .solid(Self.green))
                } else {
                    let layout = TextLayout("A", font: font, size: 100)
                    canvas.draw(layout, at: Point(x: 10, y: 60), paint: .solid(Self.green))
                }
            }
            #expect(Self.rgb(s, 12, 22) == (255, 0, 0), "the outer layer, palette entry 0")
            #expect(Self.rgb(s, 21, 42) == (0, 0, 255), "the middle layer, entry 1")
            #expect(Self.rgb(s, 30, 40) == (0x20, 0xB0, 0x40), "the 0xFFFF layer: the paint's color")
            #expect(Self.rgb(s, 55, 40) == (255, 255, 255), "nothing past the glyph")
        }
    }

    /// A DejaVu Sans label whose dog comes from the COLR v1 Noto Color
    /// Emoji by fallback: colored (saturated) ink right of the Latin text
    /// and none in it; drawn again (from the caches) the same pixels.
    @Test func anEmojiInALabelDrawsInColor() throws {
        let database = FontDatabase(includingSystemFonts: false)
        database.addFont(file: FixtureFonts.variableAndColorFolder + "/NotoColorEmojiCOLR.subset.ttf")
        let font = database.withFallback(try Font(.dejaVuSans))
        let surface = try Surface(width: 120, height: 40)
        let canvas = Canvas(surface: surface, scale: 1)
        func draw() {
            canvas.clear(.white)
            canvas.draw("Hi \u{1F436}", font: font, size: 24, at: Point(x: 4, y: 28), paint: .solid(.black))
        }
        draw()
        let first = surface.bytes
        var saturated: [Int] = []
        for y in 0..<40 {
            for x in 0..<120 {
                let (r, g, b) = Self.rgb(surface, x, y)
                if max(r, g, b) - min(r, g, b) > 60 { saturated.append(x) }
            }
        }
        #expect(saturated.count > 60, "the emoji is colored: \(saturated.count) px")
        let hiWidth = TextLayout("Hi ", font: font, size: 24).width
        #expect((saturated.min() ?? 0) >= Int(4 + hiWidth) - 2, "no color in the Latin letters")
        #expect((saturated.max() ?? 0) <= Int(4 + hiWidth + 24 * 1.6))
        // Black Latin ink is still there.
        #expect((0..<40).contains { Self.rgb(surface, 7, $0).0 < 40 })
        draw()
        #expect(surface.bytes == first, "drawn again from the caches: the same pixels")
        #expect(canvas.textState.colorGlyphs.count == 1)
    }

    /// A CBDT bitmap emoji: its yellow face where the glyph is.
    @Test func aBitmapEmojiDrawsItsImage() throws {
        let font = try FixtureFonts.variableOrColorFont("NotoColorEmojiCBDT.subset.ttf")
        let s = try Self.surface { canvas in
            canvas.draw("\u{1F600}", font: font, size: 40, at: Point(x: 10, y: 50), paint: .solid(.black))
        }
        var yellow = 0
        for y in 0..<80 {
            for x in 0..<120 {
                let (r, g, b) = Self.rgb(s, x, y)
                if r > 200, g > 150, b < 100 {
                    yellow += 1
                    #expect(x >= 10 && x <= 10 + 52 && y <= 50 + 12, "inside the glyph's box")
                }
            }
        }
        #expect(yellow > 300, "the face is yellow: \(yellow) px")
    }
}
