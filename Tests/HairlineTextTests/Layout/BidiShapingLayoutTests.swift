// Layout through the one bidi + shaping path, with Amiri (OFL, Arabic and
// Latin): the expected visual order of each line is written down by hand
// from UAX #9 as BidiCharacterTest.txt states its cases (levels, then the
// order of the level runs), and each expected run is shaped on its own by
// `Font.shape` in its direction, so the tests check the layout's
// segmentation, L2 reordering, L4 mirroring and x positions.

import Testing
@testable import HairlineText

@Suite struct BidiShapingLayoutTests {
    static let amiri = try! FixtureFonts.font("Amiri-Regular.ttf")
    static let size = 40.0
    static var unit: Double { size / Double(amiri.metrics.unitsPerEm) }

    /// One expected level run: its text (logical order) and direction.
    struct Run {
        var text: String
        var rightToLeft: Bool
        var script: ShapingScript
    }

    /// The glyphs and x positions (points) of `runs` shaped one by one and
    /// laid left to right in the order given (visual order).
    static func expected(_ runs: [Run]) -> (glyphs: [GlyphID], x: [Double], width: Double) {
        var glyphs: [GlyphID] = [], xs: [Double] = []
        var pen = 0.0
        for run in runs {
            let shaped = amiri.shape(
                Array(run.text.unicodeScalars),
                options: ShapingOptions(script: run.script, isRightToLeft: run.rightToLeft))
            for glyph in shaped.glyphs {
                glyphs.append(glyph.glyph)
                xs.append(pen + Double(glyph.xOffset) * unit)
                pen += Double(glyph.xAdvance) * unit
            }
        }
        return (glyphs, xs, pen)
    }

    static func check(_ line: TextLine, _ runs: [Run], sourceLocation: SourceLocation = #_sourceLocation) {
        let want = expected(runs)
        #expect(line.glyphs == want.glyphs, sourceLocation: sourceLocation)
        #expect(line.positions.count == want.x.count, sourceLocation: sourceLocation)
        for (a, b) in zip(line.positions, want.x) { #expect(abs(a - b) < 1e-9, sourceLocation: sourceLocation) }
        #expect(!line.glyphs.contains(.notdef), sourceLocation: sourceLocation)
    }

    @Test func arabicWithEmbeddedLatinAndDigits() {
        // "ابت abc 123 ثج": a right-to-left paragraph (first strong AL).
        // Levels: ابت and its space 1; "abc 123" 2 (123 after L is L by
        // W7, the space between two L is L); the space before ثج 1.
        // Visual: " ثج" right to left, "abc 123", "ابت " right to left.
        let layout = TextLayout("ابت abc 123 ثج", font: Self.amiri, size: Self.size)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].isRightToLeft)
        Self.check(
            layout.lines[0],
            [
                Run(text: " ثج", rightToLeft: true, script: .arabic),
                Run(text: "abc 123", rightToLeft: false, script: .latin),
                Run(text: "ابت ", rightToLeft: true, script: .arabic),
            ])
    }

    @Test func digitsAfterArabicRunLeftToRightAtTheLeft() {
        // "ثج 123": European digits after AL become AN (W2), level 2; the
        // space is at level 1. Visual: "123", then " ثج" reversed.
        let layout = TextLayout("ثج 123", font: Self.amiri, size: Self.size)
        Self.check(
            layout.lines[0],
            [
                Run(text: "123", rightToLeft: false, script: .common),
                Run(text: "ثج ", rightToLeft: true, script: .arabic),
            ])
        // Arabic-Indic digits (AN) inside the words too.
        let indic = TextLayout("ثج ١٢٣ بت", font: Self.amiri, size: Self.size)
        Self.check(
            indic.lines[0],
            [
                Run(text: " بت", rightToLeft: true, script: .arabic),
                Run(text: "١٢٣", rightToLeft: false, script: .common),
                Run(text: "ثج ", rightToLeft: true, script: .arabic),
            ])
    }

    @Test func nestedEmbeddingInALeftToRightParagraph() {
        // "ab RLE ثج cd PDF ef": the embedding is level 1 with "cd" at 2.
        // Visual: "ab ", then the embedding reversed ("cd", " ", "جث"),
        // then " ef"; the controls are not drawn.
        let layout = TextLayout("ab \u{202B}ثج cd\u{202C} ef", font: Self.amiri, size: Self.size)
        #expect(!layout.lines[0].isRightToLeft)
        Self.check(
            layout.lines[0],
            [
                Run(text: "ab ", rightToLeft: false, script: .latin),
                Run(text: "cd", rightToLeft: false, script: .latin),
                Run(text: "ثج ", rightToLeft: true, script: .arabic),
                Run(text: " ef", rightToLeft: false, script: .latin),
            ])
    }

    @Test func bracketsInsideArabicAreMirrored() {
        // "ثج (بت)": the brackets resolve to R (N0) at level 1 and take
        // their mirrored forms (L4) before shaping: the whole line is one
        // right-to-left run of "ثج )بت(".
        let layout = TextLayout("ثج (بت)", font: Self.amiri, size: Self.size)
        Self.check(layout.lines[0], [Run(text: "ثج )بت(", rightToLeft: true, script: .arabic)])
    }

    @Test func wrappingCutsBetweenClustersAndReordersEachLine() {
        // Two Arabic words and a Latin one, wrapped so each word is a line:
        // every line is shaped as in the paragraph and keeps its joining.
        let text = "بتث abc ثجب"
        let whole = TextLayout(text, font: Self.amiri, size: Self.size)
        let narrow = TextLayout(text, font: Self.amiri, size: Self.size, width: whole.width * 0.45)
        #expect(narrow.lines.count >= 2)
        #expect(narrow.lines.allSatisfy { $0.isRightToLeft })
        #expect(narrow.lines.allSatisfy { !$0.glyphs.contains(.notdef) })
        // The first line starts with the first word, joined as in the
        // whole paragraph (its glyphs are those at the whole line's right).
        let first = Self.expected([Run(text: "بتث", rightToLeft: true, script: .arabic)])
        #expect(Array(narrow.lines[0].glyphs.suffix(first.glyphs.count)) == first.glyphs)
        #expect(abs(narrow.lines[0].width - first.width) < 1e-9)
        // Every glyph of the paragraph is on some line, none twice
        // (spaces at breaks dropped).
        let total = narrow.lines.reduce(0) { $0 + $1.glyphs.count }
        #expect(total <= whole.lines[0].glyphs.count && total >= whole.lines[0].glyphs.count - 2)
    }

    @Test func latinStaysOnTheUnshapedPath() {
        // No scalar past Latin: one glyph per scalar, no ligature, no bidi.
        let layout = TextLayout("office", font: Self.amiri, size: Self.size)
        #expect(layout.lines[0].glyphs == "office".unicodeScalars.map { Self.amiri.glyph(for: $0) })
    }
}
