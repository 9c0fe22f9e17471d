// The CJK label shortcut (UnicodeTables.isPlainCJK): every scalar of its
// ranges is, by the slow checks it stands in for, not a combining mark, of
// a script that needs no shaping, and of a bidi class that needs no bidi;
// the neighbours it leaves out (combining kana voicing marks, ideographic
// tone marks) are marks. Labels of such scalars take the plain path. The
// lookups' two-way scalar slots keep colliding ideographs, exactly.

@testable import HairlineText
import Testing

@Suite struct PlainCJKTests {
    @Test func everyPlainScalarPassesTheSlowChecks() {
        var count = 0
        for value in UInt32(0x3000)...0xFFFF where UnicodeTables.isPlainCJK(value) {
            let scalar = Unicode.Scalar(value)!
            #expect(!scalar.properties.generalCategory.isMark, "U+\(String(value, radix: 16)) is a mark")
            #expect(!ShapingScript(scalar).requiresShaping, "U+\(String(value, radix: 16)) needs shaping")
            #expect(!BidiClass(scalar).needsBidi, "U+\(String(value, radix: 16)) needs bidi")
            #expect(!TextLayout.breaksLine(scalar))
            count += 1
        }
        #expect(count == 42 + 16 + 86 + 101 + 6592 + 20992 + 474 + 157)
        for mark in [0x302A, 0x302F, 0x3099, 0x309A] as [UInt32] {
            #expect(!UnicodeTables.isPlainCJK(mark))
            #expect(Unicode.Scalar(mark)!.properties.generalCategory.isMark)
        }
        #expect(!UnicodeTables.isPlainCJK(0x05D0) && !UnicodeTables.isPlainCJK(0x0627))
    }

    /// Scalars that meet in one set of the lookups' slots (U+77E5 and
    /// U+65E5, 256 apart in their low bits' residue) both stay, and every
    /// answer is the font's own.
    @Test func collidingScalarsKeepTheirSlots() throws {
        let font = try FixtureFonts.font("MPLUS1p-Regular.ttf")
        let lookups = FontLookups(font)
        let scalars: [Unicode.Scalar] = ["\u{77E5}", "\u{65E5}", "\u{8A00}", "A", "\u{77E5}", "\u{65E5}", "\u{8A00}"]
        #expect(0x77E5 % UInt32(FontLookups.glyphSetCount) == 0x65E5 % UInt32(FontLookups.glyphSetCount))
        for scalar in scalars + scalars.reversed() {
            let (glyph, advance) = lookups.glyph(for: scalar)
            #expect(glyph == font.glyph(for: scalar) && glyph != .notdef)
            #expect(advance == font.advance(of: glyph))
        }
    }

    @Test func cjkLabelsNeedNeitherShapingNorBidi() {
        #expect(!LineBreaker.needsShaping("通知設定言語地域日付"))
        #expect(!TextLayout.needsBidi("ソフトウェア・アップデート（１）"))
        #expect(LineBreaker.needsShaping("か\u{3099}"), "a combining voicing mark still goes to the shaper")
        #expect(TextLayout.needsBidi("設定 שלום"))
    }
}
