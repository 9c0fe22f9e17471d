// Text layout's one hook into the shaper: a paragraph's scalars and its
// resolved bidi levels (UAX #9) -> a glyph run (points) in logical order.
// The paragraph is cut into level runs of one embedding level, one script
// and one font (neutral characters and marks take the script of the run
// they sit in); each is shaped (Font.shape) in its level's direction, with
// the scalars mirrored by L4 beforehand, and a right-to-left run's glyphs
// are put back in logical order (clusters ascending) so that wrapping and
// truncation cut between logical glyph clusters. Each glyph keeps its
// source scalar, from which the line gets its level: L2 on those levels
// (LineBreaker+Bidi.swift) reverses every right-to-left run back to the
// shaper's visual order and orders the runs.

extension LineBreaker {
    /// Whether `text` needs shaping: a scalar of a script that requires it
    /// (Arabic, Hebrew, Indic, Thai ...) or a combining mark. Plain text is
    /// told by one pass over its UTF-8 bytes (every scalar below U+0300,
    /// where marks start, has lead bytes below 0xCC).
    static func needsShaping(_ text: String) -> Bool {
        // The largest byte, by a loop the compiler vectorizes (no early exit).
        let largest =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var top: UInt8 = 0
                for byte in bytes { top = max(top, byte) }
                return top
            } ?? text.utf8.max() ?? 0
        guard largest >= 0xCC else { return false }
        return text.unicodeScalars.contains {
            $0.value >= 0x300 && !UnicodeTables.isPlainCJK($0.value)
                && ($0.properties.generalCategory.isMark || ShapingScript($0).requiresShaping)
        }
    }

    /// Whether a paragraph's glyphs come from the shaper: a combining mark,
    /// or a script that joins or reorders. Hebrew without points needs
    /// neither and takes one glyph per scalar (still through the bidi
    /// algorithm, which mirrors brackets and nests levels).
    static func needsShaping(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains {
            guard $0.value >= 0x300 else { return false }
            if $0.properties.generalCategory.isMark { return true }
            let script = ShapingScript($0)
            return script.requiresShaping && script != .hebrew
        }
    }

    /// One level run of a paragraph: scalars `range`, one level, font and
    /// script (nil while only neutrals have been seen).
    struct ShapingSegment: Equatable {
        var range: Range<Int>
        var level: UInt8
        var font: UInt8
        var script: ShapingScript?
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    /// The shaped glyph run of one paragraph in logical order, each glyph
    /// with its source scalar (`GlyphRun.sources`), break opportunities
    /// and grapheme cluster starts. `scalars` are already mirrored (L4).
    func shapedRun(_ scalars: [Unicode.Scalar], _ paragraph: BidiParagraph) -> GlyphRun {
        var fontIndices = [UInt8](repeating: 0, count: scalars.count)
        if let fonts = layoutFonts {
            var previous: UInt8 = 0
            for (i, scalar) in scalars.enumerated() {
                previous = fonts.glyph(for: scalar, after: previous).font
                fontIndices[i] = previous
            }
        }
        let segments = Self.segments(scalars, levels: paragraph.levels, fonts: fontIndices)
        var run = GlyphRun()
        run.glyphs.reserveCapacity(scalars.count)
        // A glyph starts a grapheme cluster where it is the first of a
        // scalar that starts one (UAX #29): truncation and character
        // wrapping cut there only.
        let graphemeStarts = Self.clusterStarts(scalars)
        let opportunities: [LineBreakOpportunity] =
            width != nil && (mode == .wordWrapping || mode == .characterWrapping)
            ? LineBreakAnalyzer.opportunities(scalars) : []
        for segment in segments {
            let font = layoutFonts?.fonts[Int(segment.font)] ?? self.font
            let unit = layoutFonts?.units[Int(segment.font)] ?? self.unit
            let options = ShapingOptions(
                script: segment.script ?? .common, isRightToLeft: segment.isRightToLeft,
                enabledFeatures: request?.enabledFeatures ?? [], disabledFeatures: request?.disabledFeatures ?? [])
            let shaped = font.shape(Array(scalars[segment.range]), options: options)
            // Logical order: a right-to-left run's glyphs reversed back.
            let glyphs = segment.isRightToLeft ? Array(shaped.glyphs.reversed()) : shaped.glyphs
            for glyph in glyphs {
                let source = min(segment.range.upperBound - 1, segment.range.lowerBound + max(0, glyph.cluster))
                let newSource = run.sources.last != source
                run.clusterStarts.append(graphemeStarts[source] && newSource)
                if !opportunities.isEmpty {
                    // Breaks only between clusters, where UAX #14 allows one.
                    run.breaks.append(newSource ? opportunities[source] : .prohibited)
                }
                run.sources.append(source)
                run.glyphs.append(glyph.glyph)
                run.advances.append(Double(glyph.xAdvance) * unit)
                run.xOffsets.append(Double(glyph.xOffset) * unit)
                run.yOffsets.append(Double(glyph.yOffset) * unit)
                let scalar = scalars[source]
                run.isSpace.append(scalar == " " || scalar == "\u{3000}")
                if layoutFonts != nil { run.fonts.append(segment.font) }
            }
        }
        if !opportunities.isEmpty { run.breaks.append(opportunities.last ?? .mandatory) }
        return run
    }

    /// Cuts a paragraph where the level, the font or the strong script
    /// changes. Neutrals (script `.common`: digits, punctuation, spaces,
    /// marks) join the segment they are in; a segment of neutrals only is
    /// shaped as `.common` (the font's default script).
    static func segments(_ scalars: [Unicode.Scalar], levels: [UInt8], fonts: [UInt8]) -> [ShapingSegment] {
        var segments: [ShapingSegment] = []
        for (i, scalar) in scalars.enumerated() {
            let script = ShapingScript(scalar)
            if var last = segments.last, last.level == levels[i], last.font == fonts[i],
                script == .common || last.script == nil || last.script == script
            {
                last.range = last.range.lowerBound..<(i + 1)
                if last.script == nil, script != .common { last.script = script }
                segments[segments.count - 1] = last
                continue
            }
            segments.append(
                ShapingSegment(
                    range: i..<(i + 1), level: levels[i], font: fonts[i], script: script == .common ? nil : script))
        }
        return segments
    }
}
