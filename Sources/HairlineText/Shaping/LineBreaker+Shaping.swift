// Text layout's one hook into the shaper: a paragraph's scalars -> a glyph
// run (points) in visual order. The paragraph is cut into runs of one font
// and one script (neutral characters and marks join the run before them;
// digits inside right-to-left text form their own left-to-right run),
// each run is shaped (Font.shape), and the runs are laid left to right,
// or right to left when the paragraph's first strong script is. This is
// a two-level stand-in for the Unicode bidi algorithm (no nesting, no
// mirroring). Paragraphs with right-to-left text that need no shaping
// (Hebrew without points) take the full algorithm instead
// (LineBreaker+Bidi.swift); shaping the runs of resolved bidi levels is
// the next step.

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
            $0.value >= 0x300 && ($0.properties.generalCategory.isMark || ShapingScript($0).requiresShaping)
        }
    }

    /// Whether a paragraph goes through the shaper: a combining mark, or a
    /// script that joins or reorders. Hebrew without points needs neither
    /// and is left to the bidi algorithm (LineBreaker+Bidi.swift), which
    /// also mirrors brackets and nests levels.
    static func needsShaping(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains {
            guard $0.value >= 0x300 else { return false }
            if $0.properties.generalCategory.isMark { return true }
            let script = ShapingScript($0)
            return script.requiresShaping && script != .hebrew
        }
    }

    /// One run of a paragraph: scalars `range`, one font and script.
    private struct Segment {
        var range: Range<Int>
        var font: UInt8
        var script: ShapingScript?
        var isDigits: Bool
        var isRightToLeft: Bool { !isDigits && (script?.isRightToLeft ?? false) }
    }

    /// The shaped glyph run of one paragraph, visual order.
    func shapedRun(_ scalars: [Unicode.Scalar]) -> GlyphRun {
        var fontIndices = [UInt8](repeating: 0, count: scalars.count)
        if let fonts = layoutFonts {
            var previous: UInt8 = 0
            for (i, scalar) in scalars.enumerated() {
                previous = fonts.glyph(for: scalar, after: previous).font
                fontIndices[i] = previous
            }
        }
        let segments = Self.segments(scalars, fonts: fontIndices)
        let rightToLeft = segments.first(where: { $0.script != nil })?.isRightToLeft ?? false
        var run = GlyphRun()
        // A glyph starts a grapheme cluster where it is the first of a
        // scalar that starts one (UAX #29): truncation and character
        // wrapping cut there only.
        let graphemeStarts = Self.clusterStarts(scalars)
        var previousSource = -1
        for segment in rightToLeft ? segments.reversed() : segments {
            let font = layoutFonts?.fonts[Int(segment.font)] ?? self.font
            let unit = layoutFonts?.units[Int(segment.font)] ?? self.unit
            let options = ShapingOptions(script: segment.script ?? .common, isRightToLeft: segment.isRightToLeft)
            let shaped = font.shape(Array(scalars[segment.range]), options: options)
            for glyph in shaped.glyphs {
                let source = min(scalars.count - 1, segment.range.lowerBound + glyph.cluster)
                let scalar = scalars[source]
                run.clusterStarts.append(graphemeStarts[source] && source != previousSource)
                previousSource = source
                run.glyphs.append(glyph.glyph)
                run.advances.append(Double(glyph.xAdvance) * unit)
                run.xOffsets.append(Double(glyph.xOffset) * unit)
                run.yOffsets.append(Double(glyph.yOffset) * unit)
                run.isSpace.append(scalar == " " || scalar == "\u{3000}")
                if layoutFonts != nil { run.fonts.append(segment.font) }
            }
        }
        return run
    }

    /// Cuts a paragraph where the font or the strong script changes.
    private static func segments(_ scalars: [Unicode.Scalar], fonts: [UInt8]) -> [Segment] {
        var segments: [Segment] = []
        for (i, scalar) in scalars.enumerated() {
            let script = ShapingScript(scalar)
            let digit = scalar.properties.numericType == .decimal && script == .common
            if var last = segments.last {
                let startsDigits = digit && last.isRightToLeft
                let endsDigits = last.isDigits && !digit
                let changesScript = script != .common && last.script != nil && script != last.script
                if fonts[i] == last.font && !startsDigits && !endsDigits && !changesScript {
                    last.range = last.range.lowerBound..<(i + 1)
                    if last.script == nil, script != .common { last.script = script }
                    segments[segments.count - 1] = last
                    continue
                }
                if endsDigits, script == .common, let before = segments.dropLast().last, fonts[i] == before.font {
                    // Neutrals after digits go back to the surrounding run's script.
                    segments.append(Segment(range: i..<(i + 1), font: fonts[i], script: before.script, isDigits: false))
                    continue
                }
            }
            segments.append(
                Segment(
                    range: i..<(i + 1), font: fonts[i], script: script == .common ? nil : script,
                    isDigits: digit && (segments.last?.isRightToLeft ?? false)))
        }
        return segments
    }
}
