// Text layout: one paragraph's scalars -> lines (TextLayout.swift). The
// paragraph becomes a run of glyphs with advances (kerning folded into the
// first glyph of each pair); wrapping is greedy (as many words as fit, a
// word wider than the line broken between characters), truncation keeps
// the longest head, tail or both ends that fit beside an ellipsis.

/// A paragraph's glyphs with their advances (points) and whether each is a
/// space (a break opportunity, dropped at a line's end).
struct GlyphRun {
    var glyphs: [GlyphID] = []
    var advances: [Double] = []
    var isSpace: [Bool] = []

    var count: Int { glyphs.count }

    /// The width of glyphs `range` laid side by side (their advances,
    /// trailing spaces left out).
    func width(_ range: Range<Int>) -> Double {
        var end = range.upperBound
        while end > range.lowerBound, isSpace[end - 1] { end -= 1 }
        return advances[range.lowerBound..<end].reduce(0, +)
    }
}

struct LineBreaker {
    let font: Font
    /// Points per font unit.
    let unit: Double
    let width: Double?
    let mode: LineBreakMode
    /// The ellipsis: U+2026, or three full stops where the font lacks it.
    let ellipsis: GlyphRun

    init(font: Font, unit: Double, width: Double?, mode: LineBreakMode) {
        self.font = font
        self.unit = unit
        self.width = width
        self.mode = mode
        let single = font.glyph(for: "\u{2026}")
        ellipsis = Self.run(single != .notdef ? ["\u{2026}"] : [".", ".", "."], font: font, unit: unit)
    }

    var truncates: Bool { mode == .truncatingHead || mode == .truncatingMiddle || mode == .truncatingTail }

    /// The glyph run of `scalars`: each scalar's glyph and advance, the
    /// kerning with the next glyph added to the advance.
    static func run(_ scalars: [Unicode.Scalar], font: Font, unit: Double) -> GlyphRun {
        var run = GlyphRun()
        run.glyphs = scalars.map { font.glyph(for: $0) }
        run.isSpace = scalars.map { $0 == " " || $0 == "\u{3000}" }
        run.advances = run.glyphs.indices.map { i in
            let kern = i + 1 < run.glyphs.count ? font.kerning(between: run.glyphs[i], and: run.glyphs[i + 1]) : 0
            return Double(font.advance(of: run.glyphs[i]) + kern) * unit
        }
        return run
    }

    /// The lines of one paragraph.
    func lines(of scalars: [Unicode.Scalar]) -> [TextLine] {
        let run = Self.run(scalars, font: font, unit: unit)
        guard let width, run.width(0..<run.count) > width else { return [line(run, 0..<run.count)] }
        switch mode {
        case .clipping:
            return [line(run, 0..<run.count)]
        case .truncatingHead, .truncatingMiddle, .truncatingTail:
            return [truncated(run, width: width)]
        case .wordWrapping, .characterWrapping:
            return wrapped(run, width: width).map { line(run, $0) }
        }
    }

    /// Greedy wrapping: each line takes as many words (or, for character
    /// wrapping or an overlong word, characters) as fit; spaces at a break
    /// end the line before it and are not drawn at the next one's start.
    func wrapped(_ run: GlyphRun, width: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0
        while start < run.count {
            var end = start, lineWidth = 0.0, lastBreak: Int? = nil
            while end < run.count {
                if run.isSpace[end] {
                    lastBreak = end
                    lineWidth += run.advances[end]
                    end += 1
                    continue
                }
                if lineWidth + run.advances[end] > width && end > start { break }
                lineWidth += run.advances[end]
                end += 1
            }
            if end < run.count, mode == .wordWrapping, let lastBreak, lastBreak > start {
                end = lastBreak + 1
            }
            lines.append(start..<end)
            start = end
            while start < run.count, run.isSpace[start] { start += 1 }
        }
        return lines.isEmpty ? [0..<0] : lines
    }

    /// A line of glyphs `range` of `run`, positioned from 0.
    func line(_ run: GlyphRun, _ range: Range<Int>) -> TextLine {
        var line = TextLine()
        var x = 0.0
        for i in range {
            line.glyphs.append(run.glyphs[i])
            line.positions.append(x)
            x += run.advances[i]
        }
        line.width = run.width(range)
        return line
    }

    /// `run` cut to `width` with an ellipsis where `mode` puts it.
    func truncated(_ run: GlyphRun, width: Double) -> TextLine {
        let room = width - ellipsis.width(0..<ellipsis.count)
        var head = 0..<0, tail = run.count..<run.count
        switch mode {
        case .truncatingHead:
            tail = longestTail(run, room: room)
        case .truncatingMiddle:
            // Alternate: a glyph at the head, then one at the tail, while
            // both fit.
            var used = 0.0, a = 0, b = run.count
            var takeHead = true
            while a < b {
                let i = takeHead ? a : b - 1
                guard used + run.advances[i] <= room else { break }
                used += run.advances[i]
                if takeHead { a += 1 } else { b -= 1 }
                takeHead.toggle()
            }
            head = 0..<a
            tail = b..<run.count
        default:
            head = longestHead(run, room: room)
        }
        // Spaces next to the ellipsis are dropped.
        var headEnd = head.upperBound
        while headEnd > 0, run.isSpace[headEnd - 1] { headEnd -= 1 }
        var tailStart = tail.lowerBound
        while tailStart < run.count, run.isSpace[tailStart] { tailStart += 1 }
        var joined = GlyphRun()
        for i in 0..<headEnd { joined.append(run, i) }
        for i in 0..<ellipsis.count { joined.append(ellipsis, i) }
        for i in tailStart..<run.count { joined.append(run, i) }
        return line(joined, 0..<joined.count)
    }

    /// `line` ending in an ellipsis even if it fits (the last line kept of
    /// text cut by a line limit).
    func ellipsized(_ line: TextLine) -> TextLine {
        var run = GlyphRun()
        for (i, glyph) in line.glyphs.enumerated() {
            let next = i + 1 < line.positions.count ? line.positions[i + 1] : line.width
            run.glyphs.append(glyph)
            run.advances.append(next - line.positions[i])
            run.isSpace.append(false)
        }
        let room = (width ?? .infinity)
        if run.width(0..<run.count) + ellipsis.width(0..<ellipsis.count) <= room {
            for i in 0..<ellipsis.count { run.append(ellipsis, i) }
            return self.line(run, 0..<run.count)
        }
        return truncated(run, width: room)
    }

    private func longestHead(_ run: GlyphRun, room: Double) -> Range<Int> {
        var used = 0.0, end = 0
        while end < run.count, used + run.advances[end] <= room {
            used += run.advances[end]
            end += 1
        }
        return 0..<end
    }

    private func longestTail(_ run: GlyphRun, room: Double) -> Range<Int> {
        var used = 0.0, start = run.count
        while start > 0, used + run.advances[start - 1] <= room {
            used += run.advances[start - 1]
            start -= 1
        }
        return start..<run.count
    }
}

extension GlyphRun {
    /// Appends glyph `i` of `other`.
    mutating func append(_ other: GlyphRun, _ i: Int) {
        glyphs.append(other.glyphs[i])
        advances.append(other.advances[i])
        isSpace.append(other.isSpace[i])
    }
}
