// Devanagari's basic reordering with Noto Sans Devanagari (OFL): the
// pre-base matra drawn before its consonant, the reph formed from an
// initial ra + halant and moved after the base, half forms before the
// base. Glyphs are compared with the font's own cmap glyphs for the
// letters that must come out unchanged.

import Testing
@testable import HairlineText

@Suite struct DevanagariShapingTests {
    func font() throws -> Font { try FixtureFonts.font("NotoSansDevanagari-Regular.ttf") }

    @Test func syllablesAreFound() {
        let scalars = Array("र्किनमस्ते".unicodeScalars)
        #expect(DevanagariReordering.syllables(scalars) == [0..<4, 4..<5, 5..<6, 6..<10])
    }

    @Test func preBaseMatraComesFirst() throws {
        let font = try font()
        let run = font.shape(Array("कि".unicodeScalars))
        #expect(run.glyphs.count == 2)
        #expect(run.glyphs[1].glyph == font.glyph(for: "क"))
        #expect(run.glyphs[0].glyph != font.glyph(for: "क"))
        #expect(run.glyphs.map(\.cluster) == [0, 0])
    }

    @Test func rephMovesAfterTheBase() throws {
        let font = try font()
        let ka = font.glyph(for: "क"), ra = font.glyph(for: "र"), halant = font.glyph(for: "\u{094D}")
        let run = font.shape(Array("र्क".unicodeScalars))
        #expect(run.glyphs.count == 2)
        #expect(run.glyphs[0].glyph == ka)
        #expect(run.glyphs[1].glyph != ra && run.glyphs[1].glyph != halant)
        // With a pre-base matra: matra, base, reph.
        let withMatra = font.shape(Array("र्कि".unicodeScalars))
        #expect(withMatra.glyphs.count == 3)
        #expect(withMatra.glyphs[1].glyph == ka && withMatra.glyphs[2].glyph == run.glyphs[1].glyph)
    }

    @Test func consonantBeforeTheBaseTakesItsHalfForm() throws {
        let font = try font()
        let run = font.shape(Array("स्त".unicodeScalars))
        #expect(run.glyphs.first?.glyph != font.glyph(for: "स"))
        #expect(!run.glyphs.contains { $0.glyph == font.glyph(for: "\u{094D}") })
    }
}
