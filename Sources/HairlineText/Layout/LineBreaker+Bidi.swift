// Text layout past plain left-to-right text: one paragraph's scalars ->
// lines in visual order (UAX #9), one path for bidi and shaping. Levels
// are resolved once for the paragraph; scalars at odd levels with a
// Bidi_Mirroring_Glyph take it when the font has it (L4). The glyphs come
// in logical order: from the shaper per level run (LineBreaker+Shaping.swift)
// when the paragraph needs shaping, else one per scalar. Wrapping and
// truncation work in logical order exactly as for left-to-right text
// (shaped glyphs break between clusters only), then each line's glyphs
// take their source scalar's level after L1 and are reordered by L2,
// which puts every right-to-left run back in the shaper's visual order and
// the runs in visual order. Glyphs are placed left to right in points:
// shaped ones by the shaper's advances and offsets, unshaped ones by
// advance plus kerning between visual neighbours. A line's visible glyphs
// span 0 to its width; its trailing spaces come after them in a
// left-to-right paragraph and hang before 0 in a right-to-left one (where
// L1 puts them).

extension LineBreaker {
    /// The lines of a paragraph that needs bidi or shaping (see
    /// `lines(of:)`); `shaped` says whether its glyphs come from the shaper.
    func bidiLines(_ scalars: [Unicode.Scalar], shaped: Bool) -> [TextLine] {
        var paragraph = BidiParagraph(scalars, direction: direction)
        if request?.overridesBidi == true { paragraph.override() }
        let mirroredScalars = mirrored(scalars, paragraph)
        let run = (shaped ? shapedRun(mirroredScalars, paragraph) : annotated(self.run(mirroredScalars), scalars))
            .droppingControls(scalars)
        let all = 0..<run.count
        guard let width, run.width(all) > width else { return [visualLine(run, all, paragraph)] }
        switch mode {
        case .clipping:
            return [visualLine(run, all, paragraph)]
        case .truncatingHead, .truncatingMiddle, .truncatingTail:
            // The kept text with the ellipsis between, resolved again at
            // the paragraph's level.
            let (headEnd, tailStart) = truncation(run, width: width)
            let keptHead = run.source(startingGlyph: headEnd, scalarCount: scalars.count)
            let keptTail = max(keptHead, run.source(startingGlyph: tailStart, scalarCount: scalars.count))
            let ellipsisScalars: [Unicode.Scalar] = ellipsis.count == 1 ? ["\u{2026}"] : [".", ".", "."]
            let kept = Array(scalars[..<keptHead]) + ellipsisScalars + Array(scalars[keptTail...])
            var keptParagraph = BidiParagraph(
                kept, direction: paragraph.paragraphLevel == 1 ? .rightToLeft : .leftToRight)
            if request?.overridesBidi == true { keptParagraph.override() }
            let keptScalars = mirrored(kept, keptParagraph)
            let keptRun = (shaped ? shapedRun(keptScalars, keptParagraph) : self.run(keptScalars))
                .droppingControls(kept)
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

    /// The visual order of glyphs `range` of `run` (logical order), left
    /// to right: each glyph at its source scalar's level after L1 (the
    /// line's scalars are those from its first glyph's source to the next
    /// line's), then L2.
    func visualOrder(_ run: GlyphRun, _ range: Range<Int>, _ paragraph: BidiParagraph) -> [Int] {
        guard !range.isEmpty else { return [] }
        let scalarCount = paragraph.levels.count
        let first = min(run.source(range.lowerBound), scalarCount)
        let end = max(first, run.source(startingGlyph: range.upperBound, scalarCount: scalarCount))
        let lineLevels = paragraph.lineLevels(first..<end)
        let levels = range.map { i -> UInt8 in
            let k = run.source(i) - first
            return k >= 0 && k < lineLevels.count ? lineLevels[k] : paragraph.paragraphLevel
        }
        return BidiParagraph.reorder(levels).map { $0 + range.lowerBound }
    }

    /// Glyphs `range` of `run` as a line in visual order: L1-L2 applied,
    /// shaped glyphs at their advances and offsets, unshaped ones with
    /// kerning between the glyphs now side by side, trailing spaces
    /// outside 0 ..< width (see the file comment).
    func visualLine(_ run: GlyphRun, _ range: Range<Int>, _ paragraph: BidiParagraph) -> TextLine {
        var end = range.upperBound
        while end > range.lowerBound, run.isSpace[end - 1] { end -= 1 }
        let order = visualOrder(run, range, paragraph)
        var line = TextLine()
        line.isRightToLeft = paragraph.paragraphLevel == 1
        var x = 0.0
        let hasFonts = !run.fonts.isEmpty && run.fonts[range].contains(where: { $0 != 0 })
        let isShaped = !run.xOffsets.isEmpty
        let hasYOffsets = isShaped && run.yOffsets[range].contains(where: { $0 != 0 })
        for (k, i) in order.enumerated() {
            let glyph = run.glyphs[i]
            line.glyphs.append(glyph)
            if hasFonts { line.fontIndices.append(run.fonts[i]) }
            if isShaped {
                line.positions.append(x + run.xOffsets[i])
                if hasYOffsets { line.yOffsets.append(run.yOffsets[i]) }
                x += run.advances[i]
                continue
            }
            line.positions.append(x)
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
        for i in end..<range.upperBound { trailing += run.advances[i] }
        if !isShaped {
            // Unshaped advances depend on the visual neighbour: measure them
            // from the positions.
            trailing = 0
            for (k, i) in order.enumerated() where i >= end {
                let next = k + 1 < order.count ? line.positions[k + 1] : x
                trailing += next - line.positions[k]
            }
        }
        if line.isRightToLeft {
            for k in line.positions.indices { line.positions[k] -= trailing }
        }
        line.width = x - trailing
        if request?.recordsClusters == true {
            line.clusters = order.map { run.source($0) }
            line.advances = order.indices.map { k in
                (k + 1 < order.count ? line.positions[k + 1] : x - (line.isRightToLeft ? trailing : 0))
                    - line.positions[k]
            }
            line.xOffsets = order.map { isShaped ? run.xOffsets[$0] : 0 }
            if isShaped { line.advances = order.map { run.advances[$0] } }
            line.isShaped = isShaped
        }
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

extension GlyphRun {
    /// The run without the glyphs of bidi formatting characters
    /// (embeddings, overrides, isolates, LRM/RLM/ALM), whatever the font
    /// maps them to, and the .notdef glyphs of other default ignorable
    /// scalars (joiners the font lacks): none is displayed (UAX #9 X9 and
    /// §6.1, Unicode §5.21). `sources` is filled in if it was implied.
    func droppingControls(_ scalars: [Unicode.Scalar]) -> GlyphRun {
        let dropped = glyphs.indices.filter { i in
            let scalar = scalars[min(source(i), scalars.count - 1)]
            guard scalar.properties.isDefaultIgnorableCodePoint else { return false }
            return glyphs[i] == .notdef || Self.isBidiFormatting(scalar)
        }
        guard !dropped.isEmpty else { return self }
        let drop = Set(dropped)
        var result = GlyphRun()
        for i in 0..<count where !drop.contains(i) {
            result.glyphs.append(glyphs[i])
            result.advances.append(advances[i])
            result.isSpace.append(isSpace[i])
            result.sources.append(source(i))
            if !fonts.isEmpty { result.fonts.append(fonts[i]) }
            if !xOffsets.isEmpty { result.xOffsets.append(xOffsets[i]) }
            if !yOffsets.isEmpty { result.yOffsets.append(yOffsets[i]) }
            if !clusterStarts.isEmpty { result.clusterStarts.append(clusterStarts[i]) }
            if !breaks.isEmpty { result.breaks.append(breaks[i]) }
        }
        if !breaks.isEmpty { result.breaks.append(breaks[count]) }
        return result
    }

    /// Whether `scalar` is a bidi formatting character (UAX #9 table 4).
    static func isBidiFormatting(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
            || scalar.value == 0x200E || scalar.value == 0x200F || scalar.value == 0x061C
    }

    /// The source scalar of glyph `i` (the glyph's index when the run is
    /// one glyph per scalar).
    func source(_ i: Int) -> Int { sources.isEmpty ? i : sources[i] }

    /// The first scalar of the cluster that glyph `i` starts, or
    /// `scalarCount` for `i == count` (the run's end).
    func source(startingGlyph i: Int, scalarCount: Int) -> Int { i < count ? source(i) : scalarCount }
}
