// Layout: advances with kerning, greedy wrapping at spaces, truncation at
// the head, middle and tail, line limits, paragraphs and metrics, checked
// against the font's own numbers (advance, kerning, cmap) recombined here.

import Testing
import Hairline
@testable import HairlineText
import HairlineTestSupport

@Suite struct TextLayoutTests {
    static let font = try! Font(.dejaVuSans)
    static let size = 17.0
    static var unit: Double { size / Double(font.metrics.unitsPerEm) }

    /// The width of `text` on one line, from the font's advances and
    /// kerning.
    static func width(_ text: String) -> Double {
        let glyphs = text.unicodeScalars.map { font.glyph(for: $0) }
        var total = 0
        for (i, g) in glyphs.enumerated() {
            total += font.advance(of: g)
            if i + 1 < glyphs.count { total += font.kerning(between: g, and: glyphs[i + 1]) }
        }
        return Double(total) * unit
    }

    @Test func oneLineIsAdvancesPlusKerning() {
        for text in ["AVATAR", "Hello, world", "To Wally", "fi fl ffi", "Ünïcödé ßtraße"] {
            let layout = TextLayout(text, font: Self.font, size: Self.size)
            #expect(layout.lines.count == 1)
            #expect(abs(layout.width - Self.width(text)) < 1e-9, "\(text)")
            #expect(layout.lines[0].glyphs == text.unicodeScalars.map { Self.font.glyph(for: $0) })
        }
        // Kerning is there: "AV" is narrower than A and V apart.
        #expect(Self.width("AV") < Self.width("A") + Self.width("V"))
    }

    @Test func missingGlyphsAreNotdefAndParagraphsBreak() {
        let layout = TextLayout("a\u{10FFFD}b\nsecond\r\nthird\rfourth", font: Self.font, size: Self.size)
        #expect(layout.lines.count == 4)
        #expect(layout.lines[0].glyphs[1] == .notdef)
        #expect(abs(layout.height - (3 * layout.lineHeight + layout.ascent + layout.descent)) < 1e-9)
        let m = Self.font.metrics
        #expect(abs(layout.lineHeight - Double(m.ascent + m.descent + m.lineGap) * Self.unit) < 1e-9)
    }

    /// Random sentences wrapped to random widths: every line fits (or is
    /// one glyph), the lines hold the sentence's glyphs in order less the
    /// spaces at breaks, and wrapping is greedy (a line's next word would
    /// not have fitted on it).
    @Test func wordWrappingIsGreedyAndKeepsEveryGlyph() {
        var rng = SplitMix64(seed: 19)
        let words = [
            "the", "quick", "brown", "fox", "jumps", "over", "lazy", "dogs", "Hairline", "draws",
            "exact", "glyphs", "Wavy", "AVA", "incomprehensibilities",
        ]
        for _ in 0..<300 {
            let sentence = (0..<rng.int(in: 1...14)).map { _ in words[rng.int(in: 0...(words.count - 1))] }
            let text = sentence.joined(separator: " ")
            let width = rng.double(in: 20...260)
            let layout = TextLayout(text, font: Self.font, size: Self.size, width: width)
            let all = text.unicodeScalars.map { Self.font.glyph(for: $0) }
            let space = Self.font.glyph(for: " ")
            #expect(layout.lines.flatMap(\.glyphs).filter { $0 != space } == all.filter { $0 != space })
            for (i, line) in layout.lines.enumerated() {
                #expect(line.width <= width + 1e-9 || line.glyphs.count == 1, "\(text) at \(width)")
                #expect(line.glyphs.first != space, "no line starts with a space")
                guard i + 1 < layout.lines.count else { continue }
                // The next line's first word did not fit here.
                let next = layout.lines[i + 1]
                let firstWord = Array(next.glyphs.prefix { $0 != space })
                // (A word too wide for any line starts a line of its own
                // and is broken there: only whole words that fit count.)
                guard sentence.contains(where: { $0.unicodeScalars.map { Self.font.glyph(for: $0) } == firstWord })
                else { continue }
                let nextWordWidth = Double(firstWord.map { Self.font.advance(of: $0) }.reduce(0, +)) * Self.unit
                let spaceWidth = Double(Self.font.advance(of: space)) * Self.unit
                // (Kerning inside the word moves it by far less than 1 pt.)
                #expect(line.width + spaceWidth + nextWordWidth > width - 1, "greedy: \(text) at \(width)")
            }
        }
    }

    @Test(arguments: [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle])
    func truncationFitsAndKeepsTheEnds(_ mode: LineBreakMode) {
        let text = "Settings › General › Accessibility › Display & Text Size"
        let ellipsis = Self.font.glyph(for: "\u{2026}")
        let all = text.unicodeScalars.map { Self.font.glyph(for: $0) }
        for width in stride(from: 30.0, through: 420, by: 15) {
            let layout = TextLayout(text, font: Self.font, size: Self.size, width: width, lineBreakMode: mode)
            #expect(layout.lines.count == 1)
            let line = layout.lines[0]
            #expect(line.width <= width + 1e-9, "\(mode) at \(width): \(line.width)")
            if Self.width(text) <= width {
                #expect(line.glyphs == all)
                continue
            }
            let cut = try! #require(line.glyphs.firstIndex(of: ellipsis))
            let head = Array(line.glyphs[..<cut]), tail = Array(line.glyphs[(cut + 1)...])
            #expect(Array(all.prefix(head.count)) == head)
            #expect(Array(all.suffix(tail.count)) == tail)
            switch mode {
            case .truncatingTail: #expect(tail.isEmpty)
            case .truncatingHead: #expect(head.isEmpty)
            default: #expect(width < 60 || (!head.isEmpty && !tail.isEmpty))
            }
        }
    }

    @Test func lineLimitsDropTheRestAndTruncatingModesEndInAnEllipsis() {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        let wrapped = TextLayout(text, font: Self.font, size: Self.size, width: 80, maximumLines: 2)
        #expect(wrapped.lines.count == 2)
        let ellipsis = Self.font.glyph(for: "\u{2026}")
        #expect(!wrapped.lines[1].glyphs.contains(ellipsis))
        let many = TextLayout(
            "first\nsecond\nthird", font: Self.font, size: Self.size, width: 200,
            lineBreakMode: .truncatingTail, maximumLines: 2)
        #expect(many.lines.count == 2)
        #expect(many.lines[1].glyphs.last == ellipsis)
        #expect(many.lines[1].width <= 200)
    }

    @Test func badSizesAndWidthsAreHarmless() {
        for size in [0.0, -3, .nan, .infinity] {
            let layout = TextLayout("abc", font: Self.font, size: size)
            #expect(layout.width == 0 && layout.lineHeight == 0)
        }
        for width in [-5.0, .nan, .infinity, 0] {
            let layout = TextLayout("abc def", font: Self.font, size: Self.size, width: width)
            #expect(!layout.lines.isEmpty)
        }
        // A negative width is no room, not no limit: truncation keeps
        // only the ellipsis, as at width 0.
        for mode in [LineBreakMode.truncatingTail, .truncatingHead, .truncatingMiddle] {
            let negative = TextLayout("abc def", font: Self.font, size: Self.size, width: -5, lineBreakMode: mode)
            let zero = TextLayout("abc def", font: Self.font, size: Self.size, width: 0, lineBreakMode: mode)
            #expect(negative.lines == zero.lines)
            #expect(negative.lines.first?.glyphs.count == 1, "\(mode): the ellipsis alone")
        }
    }
}
