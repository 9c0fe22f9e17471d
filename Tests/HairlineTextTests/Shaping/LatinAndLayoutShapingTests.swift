// Shaping in the layout and in Latin: Noto Sans's f_i and f_f_i ligatures
// (named by its 'post' table), GPOS pair kerning equal to
// Font.kerning(between:and:) (Font+PairAdjustment), Latin layout left
// unshaped (no ligatures: existing output unchanged), Arabic and mixed
// paragraphs laid out through the shaper, Devanagari shaped without a
// trap and with its warning.

import Testing
@testable import HairlineText

@Suite struct LatinAndLayoutShapingTests {
    static let notoBytes = FixtureFonts.bytes("NotoSans-Regular.ttf")
    static let notoNames = GlyphNames(notoBytes)

    @Test func dejaVuFormsFiAndFfiLigaturesWhenShaped() throws {
        // DejaVu Sans's latn 'liga' makes U+FB03 (ffi) and 'fi' (the
        // Macintosh standard name 192 in its post table). Noto Sans has
        // f_i and f_f_i glyphs but no 'liga' feature, so it keeps letters.
        let bytes = try BundledFont.dejaVuSans.data()
        let names = GlyphNames(bytes)
        let font = try Font(data: bytes)
        let run = font.shape(Array("office fit".unicodeScalars))
        #expect(
            run.glyphs.map { names.name(Int($0.glyph.rawValue)) }.filter { $0 == "uniFB03" || $0 == "std192" }
                == ["uniFB03", "std192"])
        #expect(run.glyphs.count == 7)  // o, ffi, c, e, space, fi, t
        #expect(run.glyphs.map(\.cluster) == [0, 1, 4, 5, 6, 7, 9])
        let off = font.shape(Array("office".unicodeScalars), options: ShapingOptions(disabledFeatures: ["liga"]))
        #expect(off.glyphs.map(\.glyph) == "office".unicodeScalars.map { font.glyph(for: $0) })
        let noto = try Font(data: Self.notoBytes)
        #expect(noto.shape(Array("office".unicodeScalars)).glyphs.count == 6)
    }

    @Test func gposPairKerningEqualsFontKerning() throws {
        let font = try Font(data: Self.notoBytes)
        let text = "AVATAR Wave To. LT Yo"
        let run = font.shape(Array(text.unicodeScalars), options: ShapingOptions(disabledFeatures: ["liga"]))
        let glyphs = text.unicodeScalars.map { font.glyph(for: $0) }
        #expect(run.glyphs.map(\.glyph) == glyphs)
        var kerned = 0
        for i in 0..<glyphs.count {
            let kern = i + 1 < glyphs.count ? font.kerning(between: glyphs[i], and: glyphs[i + 1]) : 0
            if kern != 0 { kerned += 1 }
            #expect(run.glyphs[i].xAdvance == font.advance(of: glyphs[i]) + kern, "glyph \(i)")
        }
        #expect(kerned >= 4)
    }

    @Test func latinLayoutIsNotShaped() throws {
        let font = try Font(.dejaVuSans)
        let layout = TextLayout("office fit", font: font, size: 20)
        #expect(layout.lines[0].glyphs == "office fit".unicodeScalars.map { font.glyph(for: $0) })
        #expect(layout.lines[0].yOffsets.isEmpty)
        #expect(!LineBreaker.needsShaping("Plain Latin, café, naïve"))
        #expect(
            LineBreaker.needsShaping("e\u{301}") && LineBreaker.needsShaping("سلام") && LineBreaker.needsShaping("नमस्ते"))
        #expect(!LineBreaker.needsShaping("日本語 Ελληνικά"))
    }

    @Test func arabicLayoutUsesTheShapedGlyphs() throws {
        let font = try FixtureFonts.font("Amiri-Regular.ttf")
        for text in ["سلام", "بَ", "بِسْمِ"] {
            let run = font.shape(Array(text.unicodeScalars))
            let layout = TextLayout(text, font: font, size: 10)
            let unit = 10 / Double(font.metrics.unitsPerEm)
            let line = layout.lines[0]
            #expect(line.glyphs == run.glyphs.map(\.glyph), "\(text)")
            var pen = 0
            for (i, glyph) in run.glyphs.enumerated() {
                #expect(abs(line.positions[i] - Double(pen + glyph.xOffset) * unit) < 1e-9)
                #expect(abs((line.yOffsets.isEmpty ? 0 : line.yOffsets[i]) - Double(glyph.yOffset) * unit) < 1e-9)
                pen += glyph.xAdvance
            }
            #expect(abs(line.width - Double(run.advanceWidth) * unit) < 1e-9)
        }
    }

    @Test func mixedParagraphKeepsLatinLeftToRightAndArabicReversed() throws {
        let font = try FixtureFonts.font("Amiri-Regular.ttf")
        let layout = TextLayout("abc سلام", font: font, size: 10)
        let salam = font.shape(Array("سلام".unicodeScalars)).glyphs.map(\.glyph)
        let glyphs = layout.lines[0].glyphs
        // The first strong script is Latin: the paragraph runs left to right.
        #expect(Array(glyphs.prefix(3)) == "abc".unicodeScalars.map { font.glyph(for: $0) })
        #expect(Array(glyphs.suffix(4)) == salam)
        // Arabic first: its run comes rightmost, digits stay in order.
        let rtl = TextLayout("سلام 12", font: font, size: 10).lines[0].glyphs
        #expect(Array(rtl.suffix(4)) == salam)
        #expect(Array(rtl.prefix(2)) == "12".unicodeScalars.map { font.glyph(for: $0) })
    }

    @Test func devanagariShapesWithAWarning() throws {
        let font = try FixtureFonts.font("NotoSansDevanagari-Regular.ttf")
        let run = font.shape(Array("नमस्ते दुनिया".unicodeScalars))
        #expect(run.script == .devanagari && !run.isRightToLeft)
        #expect(!run.glyphs.isEmpty && run.glyphs.allSatisfy { $0.glyph != .notdef })
        #expect(run.warnings.count == 1)
        #expect(!TextLayout("नमस्ते", font: font, size: 12).lines[0].glyphs.isEmpty)
        #expect(font.hasSubstitutions(for: .devanagari))
    }
}
