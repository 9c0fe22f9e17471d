// Issue 32: text from hostile fonts and texts costs work bounded by what
// is drawn. A glyph whose outline is past the work budget is read once
// per canvas (not once per occurrence, and not again by the path
// fallback); glyphs drawn as paths outside the clip are not filled;
// wrapped text stops at its line limit, reading only the text it keeps,
// and lays out exactly the lines the whole text gives.

import Hairline
import HairlineTestSupport
@testable import HairlineText
import Testing

@Suite struct BoundedTextWorkTests {
    typealias B = FontBuilder

    /// A font whose 'A' (glyph 2) is a composite of 300 copies of a
    /// composite of 300 squares (glyph 1): 90,000 squares, past
    /// `Font.maximumOutlineWork`.
    static func bombFont() throws -> Font {
        let squares = B.composite((0..<300).map { B.Component(glyph: 3, dx: $0 % 100, dy: 0) })
        let bomb = B.composite((0..<300).map { B.Component(glyph: 1, dx: 0, dy: $0 % 100) })
        let map = B.cmap([
            (
                3, 1,
                B.cmap4([
                    B.Segment(start: 0x41, end: 0x41, glyphs: [2]),
                    B.Segment(start: 0x42, end: 0x42, glyphs: [3]),
                ])
            )
        ])
        let bytes = B.font(
            glyphs: [
                B.Glyph(data: B.simple([B.square(0, 0, 400)])), B.Glyph(data: squares),
                B.Glyph(data: bomb, advance: 500), B.Glyph(data: B.simple([B.square(0, 0, 10)]), advance: 500),
            ],
            cmap: map)
        return try Font(data: bytes)
    }

    @Test func aGlyphPastTheWorkBudgetIsReadOncePerCanvas() throws {
        let font = try Self.bombFont()
        #expect(throws: FontError.self) { try font.outline(of: GlyphID(2)) }
        let surface = try Surface(width: 400, height: 40)
        let canvas = Canvas(surface: surface, scale: 1)
        // 2,000 occurrences on one line, at every subpixel phase: the
        // outline is tried once per phase at most, then remembered.
        canvas.draw(
            String(repeating: "A", count: 2000), font: font, size: 20, at: Point(x: 0.3, y: 30),
            paint: .solid(.black))
        let state = canvas.textState
        #expect(state.glyphs.misses <= GlyphCache.subpixelSteps, "misses: \(state.glyphs.misses)")
        // It draws nothing (as before: its outline cannot be read).
        surface.flush()
        #expect(surface.withUnsafeBytes { $0.allSatisfy { $0 == 0 } })
        // Drawn as paths (a rotation: no masks), it is read once too.
        let misses = state.glyphs.misses
        canvas.rotate(by: 0.1)
        canvas.draw(
            String(repeating: "A", count: 500), font: font, size: 20, at: Point(x: 0, y: 30),
            paint: .solid(.black))
        #expect(state.glyphs.misses == misses)
        #expect(state.outline(of: GlyphID(2), in: font) == nil)
    }

    @Test func glyphsDrawnAsPathsOutsideTheClipAreLeftOut() throws {
        let font = try Font(.dejaVuSans)
        // Under a rotation glyphs are filled as paths; a clip to a small
        // box: the same pixels as drawing everything.
        for angle in [0.05, -0.2] {
            let text = String(repeating: "Hairline ", count: 40)
            func draw(clipped: Bool) throws -> Surface {
                let surface = try Surface(width: 120, height: 60)
                let canvas = Canvas(surface: surface, scale: 2)
                canvas.clip(to: Rect(x: 10, y: 5, width: 30, height: 20))
                canvas.rotate(by: angle)
                canvas.draw(text, font: font, size: 14, at: Point(x: -200, y: 20), paint: .solid(.black))
                surface.flush()
                return surface
            }
            let a = try draw(clipped: true)
            let whole = try Surface(width: 120, height: 60)
            let canvas = Canvas(surface: whole, scale: 2)
            canvas.rotate(by: angle)
            canvas.draw(text, font: font, size: 14, at: Point(x: -200, y: 20), paint: .solid(.black))
            whole.flush()
            // Inside the clip the pixels agree with the unclipped draw.
            let bytesA = a.withUnsafeBytes { Array($0) }, bytesW = whole.withUnsafeBytes { Array($0) }
            var differing = 0
            for y in 10..<50 {
                for x in 20..<80 {
                    let i = y * a.bytesPerRow + 4 * x
                    if bytesA[i..<(i + 4)] != bytesW[i..<(i + 4)] { differing += 1 }
                }
            }
            #expect(differing == 0)
            #expect(bytesA.contains { $0 != 0 }, "something is drawn")
        }
    }

    /// The layout the whole text gives: every paragraph's lines made at
    /// once (`LineBreaker.lines(of:)`), then cut to the limit.
    static func referenceLines(
        _ text: String, font: Font, size: Double, width: Double?, mode: LineBreakMode,
        maximumLines: Int
    ) -> [TextLine] {
        let unit = size / Double(font.metrics.unitsPerEm)
        let breaker = LineBreaker(font: font, unit: unit, width: width, mode: mode)
        var lines: [TextLine] = []
        for paragraph in TextLayout.paragraphs(text) { lines += breaker.lines(of: paragraph) }
        if maximumLines > 0, lines.count > maximumLines {
            let dropped = lines[maximumLines...].flatMap(\.glyphs)
            lines.removeSubrange(maximumLines...)
            if breaker.truncates, !dropped.isEmpty {
                lines[maximumLines - 1] = breaker.ellipsized(lines[maximumLines - 1])
            }
        }
        return lines
    }

    @Test func streamedLinesEqualTheWholeTextsLines() throws {
        let font = try Font(.dejaVuSans)
        var rng = SplitMix64(seed: 32)
        let pieces = [
            "a", "b", "W", "i", " ", " ", "  ", "\n", "\r\n", "\t", "AV", "To", "\u{2026}", "é", "\u{1}", "\r",
        ]
        for _ in 0..<400 {
            var text = ""
            for _ in 0..<Int(rng.next() % 60) { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
            let mode = LineBreakMode.allCases[Int(rng.next() % UInt64(LineBreakMode.allCases.count))]
            let width: Double? = rng.next() % 5 == 0 ? nil : Double(rng.next() % 120)
            let maximumLines = Int(rng.next() % 4)
            let layout = TextLayout(
                text, font: font, size: 13, width: width, lineBreakMode: mode, maximumLines: maximumLines)
            let expected = Self.referenceLines(
                text, font: font, size: 13, width: width, mode: mode,
                maximumLines: maximumLines)
            #expect(
                layout.lines == expected,
                "\(text.debugDescription) \(mode) width \(String(describing: width)) max \(maximumLines)")
        }
    }

    @Test func aLineLimitReadsOnlyTheTextItKeeps() throws {
        let font = try Font(.dejaVuSans)
        // 4 MB of one character-wrapped paragraph, 10 lines kept: the
        // layout holds 10 short lines (no ellipsis: wrapping does not
        // truncate), the first 10 lines of the whole text.
        let text = String(repeating: "abcdefghij", count: 400_000)
        let layout = TextLayout(
            text, font: font, size: 12, width: 100, lineBreakMode: .characterWrapping,
            maximumLines: 10)
        #expect(layout.lines.count == 10)
        #expect(layout.lines.allSatisfy { $0.glyphs.count < 40 })
        let start = TextLayout(
            String(repeating: "abcdefghij", count: 40), font: font, size: 12, width: 100,
            lineBreakMode: .characterWrapping)
        #expect(Array(start.lines.prefix(10)) == layout.lines)
        // Millions of empty paragraphs after the kept lines: no ellipsis
        // (nothing with a glyph was dropped), and no line kept for them.
        let blank = "one\ntwo" + String(repeating: "\n", count: 1_000_000)
        let cut = TextLayout(blank, font: font, size: 12, width: 100, lineBreakMode: .truncatingTail, maximumLines: 2)
        #expect(cut.lines.count == 2)
        #expect(cut.lines[1].glyphs == [font.glyph(for: "t"), font.glyph(for: "w"), font.glyph(for: "o")])
    }
}
