// Text layout, right-to-left: one paragraph's scalars -> lines in visual
// order (UAX #9). Levels are resolved once for the paragraph; scalars at odd
// levels with a Bidi_Mirroring_Glyph take it (when the font has it);
// wrapping and truncation work in logical order exactly as for
// left-to-right text, then each line is reordered (L1-L2) and its glyphs
// placed left to right in points with kerning between visual neighbours:
// the visible glyphs from 0 to the line's width, its trailing spaces (one
// glyph per scalar is kept) after them in a left-to-right paragraph and
// hanging before 0 in a right-to-left one (where L1 puts them).

extension LineBreaker {
    /// The lines of a paragraph that needs bidi (see `lines(of:)`).
    func bidiLines(_ scalars: [Unicode.Scalar]) -> [TextLine] {
        let paragraph = BidiParagraph(scalars, direction: direction)
        let run = annotated(self.run(mirrored(scalars, paragraph)), scalars)
        let all = 0..<run.count
        guard let width, run.width(all) > width else { return [visualLine(run, all, paragraph)] }
        switch mode {
        case .clipping:
            return [visualLine(run, all, paragraph)]
        case .truncatingHead, .truncatingMiddle, .truncatingTail:
            // The kept text with the ellipsis between, resolved again at
            // the paragraph's level.
            let (headEnd, tailStart) = truncation(run, width: width)
            let ellipsisScalars: [Unicode.Scalar] = ellipsis.count == 1 ? ["\u{2026}"] : [".", ".", "."]
            let kept = Array(scalars[..<headEnd]) + ellipsisScalars + Array(scalars[max(headEnd, tailStart)...])
            let keptParagraph = BidiParagraph(
                kept, direction: paragraph.paragraphLevel == 1 ? .rightToLeft : .leftToRight)
            let keptRun = self.run(mirrored(kept, keptParagraph))
            return [visualLine(keptRun, 0..<keptRun.count, keptParagraph)]
        case .wordWrapping, .characterWrapping:
            return wrapped(run, width: width).map { visualLine(run, $0, paragraph) }
        }
    }

    /// `scalars` with those at odd levels that have a mirrored form the
    /// font draws replaced by it (UAX #9 L4).
    func mirrored(_ scalars: [Unicode.Scalar], _ paragraph: BidiParagraph) -> [Unicode.Scalar] {
        var result = scalars
        for i in scalars.indices where paragraph.levels[i] & 1 == 1 {
            guard let mirror = scalars[i].bidiMirror else { continue }
            let drawn = layoutFonts.map { $0.glyph(for: mirror, after: 0).glyph } ?? font.glyph(for: mirror)
            if drawn != .notdef { result[i] = mirror }
        }
        return result
    }

    /// Glyphs `range` of `run` as a line in visual order: L1-L2 applied,
    /// advances with kerning between the glyphs now side by side, trailing
    /// spaces outside 0 ..< width (see the file comment).
    func visualLine(_ run: GlyphRun, _ range: Range<Int>, _ paragraph: BidiParagraph) -> TextLine {
        var end = range.upperBound
        while end > range.lowerBound, run.isSpace[end - 1] { end -= 1 }
        let order = paragraph.visualOrder(range)
        var line = TextLine()
        line.isRightToLeft = paragraph.paragraphLevel == 1
        var x = 0.0
        let hasFonts = !run.fonts.isEmpty && run.fonts[range].contains(where: { $0 != 0 })
        for (k, i) in order.enumerated() {
            let glyph = run.glyphs[i]
            line.glyphs.append(glyph)
            line.positions.append(x)
            if hasFonts { line.fontIndices.append(run.fonts[i]) }
            let next = k + 1 < order.count ? order[k + 1] : nil
            if let fonts = layoutFonts {
                x += fonts.advance(glyph, font: run.font(i), next: next.map { (run.glyphs[$0], run.font($0)) })
            } else {
                let kern = next.map { font.kerning(between: glyph, and: run.glyphs[$0]) } ?? 0
                x += Double(font.advance(of: glyph) + kern) * unit
            }
        }
        // The trailing spaces' advance: on the left of a right-to-left
        // line (shifted to hang before 0), on the right of a left-to-right
        // one (outside the width).
        var trailing = 0.0
        for (k, i) in order.enumerated() where i >= end {
            let next = k + 1 < order.count ? line.positions[k + 1] : x
            trailing += next - line.positions[k]
        }
        if line.isRightToLeft {
            for k in line.positions.indices { line.positions[k] -= trailing }
        }
        line.width = x - trailing
        return line
    }

    /// `line` mirrored left to right (glyph order reversed, positions
    /// measured again from 0): ellipsizing a right-to-left line works on
    /// its mirror, so the ellipsis lands at its visual end, the left.
    static func reversed(_ line: TextLine, keepingDirection: Bool = true) -> TextLine {
        var advances: [Double] = []
        for i in line.glyphs.indices {
            let next = i + 1 < line.positions.count ? line.positions[i + 1] : line.width
            advances.append(next - line.positions[i])
        }
        var result = TextLine()
        result.isRightToLeft = keepingDirection && line.isRightToLeft
        var x = 0.0
        for i in line.glyphs.indices.reversed() {
            result.glyphs.append(line.glyphs[i])
            result.positions.append(x)
            x += advances[i]
        }
        result.fontIndices = line.fontIndices.reversed()
        result.width = line.width
        return result
    }
}
