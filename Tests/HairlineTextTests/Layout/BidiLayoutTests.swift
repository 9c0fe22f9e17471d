// Layout with bidi and UAX #14: mixed-direction lines in visual order with
// x positions from the font's advances, right-to-left paragraph direction
// (automatic and forced), mirrored brackets, Japanese wrapping between
// ideographs and never before closing punctuation, truncation at grapheme
// clusters, and the Latin path left as it was.

import Testing
import Hairline
@testable import HairlineText
import HairlineTestSupport

@Suite struct BidiLayoutTests {
    static let font = try! Font(.dejaVuSans)
    static let size = 20.0
    static var unit: Double { size / Double(font.metrics.unitsPerEm) }

    static func glyphs(_ text: String, font: Font = font) -> [GlyphID] {
        text.unicodeScalars.map { font.glyph(for: $0) }
    }

    /// x positions of `glyphs` laid side by side with the font's advances
    /// and kerning.
    static func positions(_ glyphs: [GlyphID], font: Font = font, size: Double = size) -> [Double] {
        let unit = size / Double(font.metrics.unitsPerEm)
        var x = 0.0, result: [Double] = []
        for (i, g) in glyphs.enumerated() {
            result.append(x)
            let kern = i + 1 < glyphs.count ? font.kerning(between: g, and: glyphs[i + 1]) : 0
            x += Double(font.advance(of: g) + kern) * unit
        }
        return result
    }

    @Test func hebrewThenLatinIsARightToLeftParagraph() {
        let layout = TextLayout("שלום world", font: Self.font, size: Self.size)
        #expect(layout.lines.count == 1)
        let line = layout.lines[0]
        #expect(line.isRightToLeft)
        // Visual order: "world", the space, then שלום reversed (ם ו ל ש).
        let expected = Self.glyphs("world") + Self.glyphs(" ") + Self.glyphs("םולש")
        #expect(line.glyphs == expected)
        let x = Self.positions(expected)
        for i in x.indices { #expect(abs(line.positions[i] - x[i]) < 1e-9) }
        #expect(!expected.contains(.notdef))
    }

    @Test func latinThenHebrewStaysLeftToRight() {
        let layout = TextLayout("hello שלום!", font: Self.font, size: Self.size)
        let line = layout.lines[0]
        #expect(!line.isRightToLeft)
        #expect(line.glyphs == Self.glyphs("hello ") + Self.glyphs("םולש") + Self.glyphs("!"))
    }

    @Test func forcedDirectionAndMirroredBrackets() {
        // Forced right to left: "(abc)" is an LTR run inside an RTL
        // paragraph; the brackets resolve to L (N0), so they are not mirrored.
        let ltrInside = TextLayout("(abc)", font: Self.font, size: Self.size, direction: .rightToLeft)
        #expect(ltrInside.lines[0].isRightToLeft)
        #expect(ltrInside.lines[0].glyphs == Self.glyphs("(abc)"))
        // Hebrew in brackets: the brackets are at level 1 and mirrored, so
        // the visual string reads "(" + reversed Hebrew + ")".
        let hebrew = TextLayout("(שלום)", font: Self.font, size: Self.size)
        #expect(hebrew.lines[0].glyphs == Self.glyphs("(םולש)"))
        // Forced left to right: the Hebrew word reversed in place.
        let ltr = TextLayout("שלום world", font: Self.font, size: Self.size, direction: .leftToRight)
        #expect(!ltr.lines[0].isRightToLeft)
        #expect(ltr.lines[0].glyphs == Self.glyphs("םולש world"))
    }

    @Test func rightToLeftWrapsInLogicalOrderAndAlignsRight() throws {
        let words = "אחת שתיים שלוש ארבע"
        let full = TextLayout(words, font: Self.font, size: Self.size)
        let layout = TextLayout(words, font: Self.font, size: Self.size, width: full.width * 0.6)
        #expect(layout.lines.count == 2)
        // The first line holds the first words (logical order), reversed.
        let first = layout.lines[0]
        // The space at the break hangs at the left, before 0.
        #expect(first.glyphs == Self.glyphs(" " + String("אחת שתיים".reversed())))
        #expect(first.isRightToLeft && layout.lines[1].isRightToLeft)
        let space = Double(Self.font.advance(of: Self.font.glyph(for: " "))) * Self.unit
        let x = Self.positions(first.glyphs)
        for i in x.indices { #expect(abs(first.positions[i] - (x[i] - space)) < 1e-9) }
        #expect(
            abs(first.width - (first.positions.last! + Double(Self.font.advance(of: first.glyphs.last!)) * Self.unit))
                < 1e-9)
        // Leading alignment puts right-to-left lines against the right edge.
        let surface = try Surface(width: 200, height: 60)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.draw(layout, at: Point(x: 0, y: 30), width: 200, alignment: .leading, paint: .solid(.black))
        surface.flush()
        var rightInk = 0, leftInk = 0
        for y in 0..<60 {
            for x in 0..<40 where (surface.pixel(x: x, y: y)?.alpha ?? 0) > 0 { leftInk += 1 }
            for x in 160..<200 where (surface.pixel(x: x, y: y)?.alpha ?? 0) > 0 { rightInk += 1 }
        }
        #expect(rightInk > 0 && leftInk == 0)
    }

    @Test func japaneseWrapsBetweenIdeographsNotBeforeClosingPunctuation() throws {
        let font = try FixtureFonts.font("MPLUS1p-Regular.ttf")
        let text = "これは日本語の文章です。「括弧」も正しく折り返します。"
        let one = TextLayout(text, font: font, size: 10)
        #expect(one.lines.count == 1)
        let scalars = Array(text.unicodeScalars)
        let em = one.width / Double(scalars.count)
        // Widths of 4 to 9 ideographs: lines break between ideographs, and
        // no line starts with 」 or 。, nor ends with 「.
        for count in 4...9 {
            let layout = TextLayout(text, font: font, size: 10, width: em * Double(count) + 0.01)
            var offset = 0
            for line in layout.lines {
                #expect(line.glyphs.count <= count)
                let lineScalars = scalars[offset..<(offset + line.glyphs.count)]
                #expect(line.glyphs == lineScalars.map { font.glyph(for: $0) })
                #expect(
                    lineScalars.first != "」" && lineScalars.first != "。",
                    "\(count): \(String(String.UnicodeScalarView(lineScalars)))")
                #expect(lineScalars.last != "「")
                offset += line.glyphs.count
            }
            #expect(offset == scalars.count)
            #expect(layout.lines.count > 1)
        }
    }

    @Test func latinHyphensAreBreakOpportunities() {
        let text = "a well-known"
        let widthOfHead = TextLayout("a well-", font: Self.font, size: Self.size).width
        let layout = TextLayout(text, font: Self.font, size: Self.size, width: widthOfHead + 1)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0].glyphs == Self.glyphs("a well-"))
        #expect(layout.lines[1].glyphs == Self.glyphs("known"))
        // Before UAX #14 the whole word moved: the break is after the hyphen.
        #expect(
            TextLayout(
                "a well-known", font: Self.font, size: Self.size, width: widthOfHead + 1,
                lineBreakMode: .characterWrapping
            ).lines[0].glyphs.count >= 7)
    }

    @Test func truncationKeepsWholeGraphemeClusters() {
        // e + combining acute, repeated: a cut never separates a mark.
        let text = String(repeating: "e\u{301}", count: 12)
        let ellipsisWidth = TextLayout("\u{2026}", font: Self.font, size: Self.size).width
        let e = TextLayout("e", font: Self.font, size: Self.size).width
        for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle] {
            for extra in stride(from: 0.0, through: 4 * e, by: e / 4) {
                let layout = TextLayout(
                    text, font: Self.font, size: Self.size, width: ellipsisWidth + extra, lineBreakMode: mode)
                let marks = layout.lines[0].glyphs.filter { $0 == Self.font.glyph(for: "\u{301}") }.count
                let bases = layout.lines[0].glyphs.filter { $0 == Self.font.glyph(for: "e") }.count
                #expect(marks == bases, "\(mode) \(extra)")
            }
        }
    }

    @Test func rightToLeftTruncationPutsTheEllipsisAtTheLeft() {
        let text = "אחת שתיים שלוש ארבע חמש"
        let layout = TextLayout(text, font: Self.font, size: Self.size, width: 80, lineBreakMode: .truncatingTail)
        let line = layout.lines[0]
        #expect(line.isRightToLeft)
        #expect(line.glyphs.first == Self.font.glyph(for: "\u{2026}"))
        #expect(line.width <= 80)
        // The kept head is the text's start, at the right end.
        #expect(line.glyphs.last == Self.font.glyph(for: "א"))
    }

    /// The label fast path (a string drawn at a point) draws right-to-left
    /// text as its layout does: the same pixels as the laid-out line.
    @Test func labelFastPathDrawsHebrewInVisualOrder() throws {
        var bytes: [[UInt8]] = []
        for laidOut in [false, true] {
            let surface = try Surface(width: 160, height: 40)
            let canvas = Canvas(surface: surface, scale: 1)
            if laidOut {
                canvas.draw(
                    TextLayout("שלום world", font: Self.font, size: Self.size), at: Point(x: 5, y: 28),
                    paint: .solid(.black))
            } else {
                canvas.draw(
                    "שלום world", font: Self.font, size: Self.size, at: Point(x: 5, y: 28), paint: .solid(.black))
            }
            surface.flush()
            bytes.append(surface.bytes)
        }
        #expect(bytes[0] == bytes[1])
        #expect(TextLayout.needsBidi("שלום") && TextLayout.needsBidi("a\u{202E}b") && TextLayout.needsBidi("١٢٣"))
        #expect(!TextLayout.needsBidi("日本語 Ünïcödé") && !TextLayout.needsBidi("Wi-Fi Network Status"))
    }

    @Test func latinTextSkipsUnicodeAnalysis() {
        #expect(!TextLayout.mayNeedUnicode("Hello, Wörld - ok"))
        #expect(TextLayout.mayNeedUnicode("שלום"))
        #expect(TextLayout.mayNeedUnicode("日本"))
        #expect(TextLayout.mayNeedUnicode("e\u{301}"))
    }
}
