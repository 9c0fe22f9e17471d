// Text layout: one paragraph's scalars -> lines (TextLayout.swift). The
// paragraph becomes a run of glyphs with advances (kerning folded into the
// first glyph of each pair); wrapping is greedy (as much as fits up to a
// UAX #14 break opportunity, a word wider than the line broken between
// grapheme clusters), truncation keeps the longest head, tail or both ends
// of whole clusters that fit beside an ellipsis. With a font fallback
// (LayoutFonts.swift) each glyph also records its font. Paragraphs with
// right-to-left text or that need shaping go through LineBreaker+Bidi.swift.

/// A paragraph's glyphs with their advances (points) and whether each is a
/// space (a break opportunity, dropped at a line's end).
struct GlyphRun {
    var glyphs: [GlyphID] = []
    var advances: [Double] = []
    var isSpace: [Bool] = []
    /// Each glyph's font (a `LayoutFonts` index); empty when every glyph is
    /// the layout's font.
    var fonts: [UInt8] = []
    /// Shaped glyphs' offsets from their pen position (points, x right, y
    /// up); empty when none is offset (unshaped text).
    var xOffsets: [Double] = []
    var yOffsets: [Double] = []
    /// UAX #14 opportunities, element i before glyph i (count + 1); empty
    /// when not needed (no wrapping).
    var breaks: [LineBreakOpportunity] = []
    /// Whether each glyph starts a grapheme cluster; empty when every one
    /// does (as far as the layout knows).
    var clusterStarts: [Bool] = []
    /// Each glyph's source scalar (the first of its cluster, an index into
    /// the paragraph), logical order; empty when glyph i is scalar i.
    var sources: [Int] = []

    var count: Int { glyphs.count }

    /// Whether a line may break before glyph `i` (0 < i < count).
    func allowsBreak(before i: Int) -> Bool {
        breaks.isEmpty ? isSpace[i - 1] && !isSpace[i] : breaks[i] != .prohibited
    }

    /// Whether glyph `i` starts a grapheme cluster.
    func startsCluster(_ i: Int) -> Bool { clusterStarts.isEmpty || i >= clusterStarts.count || clusterStarts[i] }

    /// Glyph `i`'s font index (0 with no fallback).
    func font(_ i: Int) -> UInt8 { fonts.isEmpty ? 0 : fonts[i] }

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
    /// The layout's fonts when the font has a fallback, else nil.
    let layoutFonts: LayoutFonts?
    /// Whether paragraphs go through the shaper (LineBreaker+Shaping.swift):
    /// text with a script or marks that need it; false keeps the plain path.
    var shapes = false
    /// The paragraphs' requested direction.
    var direction: TextDirection = .natural
    /// Whether paragraphs may hold scalars past Latin (combining marks,
    /// right-to-left scripts, CJK, emoji): then grapheme clusters and bidi
    /// are looked at; without, neither can matter and neither is computed.
    var checksUnicode = false
    /// The package caller's requests (shaping always, bidi override,
    /// features, clusters recorded); nil for the public layout.
    var request: TextShapingRequest? = nil

    init(font: Font, unit: Double, width: Double?, mode: LineBreakMode, layoutFonts: LayoutFonts? = nil) {
        self.font = font
        self.unit = unit
        self.width = width
        self.mode = mode
        self.layoutFonts = layoutFonts
        let single = font.glyph(for: "\u{2026}")
        ellipsis = Self.run(single != .notdef ? ["\u{2026}"] : [".", ".", "."], font: font, unit: unit)
    }

    /// The glyph run of `scalars` in the layout's fonts (with fallback if
    /// the font has one).
    func run(_ scalars: [Unicode.Scalar]) -> GlyphRun {
        guard let fonts = layoutFonts else { return Self.run(scalars, font: font, unit: unit) }
        var run = GlyphRun()
        var previous: UInt8 = 0
        for scalar in scalars {
            let (index, glyph) = fonts.glyph(for: scalar, after: previous)
            previous = index
            run.glyphs.append(glyph)
            run.fonts.append(index)
            run.isSpace.append(scalar == " " || scalar == "\u{3000}")
        }
        run.advances = run.glyphs.indices.map { i in
            fonts.advance(
                run.glyphs[i], font: run.fonts[i],
                next: i + 1 < run.count ? (run.glyphs[i + 1], run.fonts[i + 1]) : nil)
        }
        return run
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

    /// `run` of `scalars` with what wrapping and truncation look at: the
    /// UAX #14 opportunities when lines wrap, the grapheme clusters when
    /// the text may have multi-scalar ones.
    func annotated(_ run: GlyphRun, _ scalars: [Unicode.Scalar]) -> GlyphRun {
        var run = run
        if width != nil, mode == .wordWrapping || mode == .characterWrapping {
            run.breaks = LineBreakAnalyzer.opportunities(scalars)
        }
        if checksUnicode { run.clusterStarts = Self.clusterStarts(scalars) }
        return run
    }

    /// Whether each scalar starts an extended grapheme cluster (UAX #29,
    /// by the stdlib's `Character`).
    static func clusterStarts(_ scalars: [Unicode.Scalar]) -> [Bool] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        var starts = [Bool](repeating: false, count: scalars.count)
        var i = 0
        for character in String(view) where i < starts.count {
            starts[i] = true
            i += character.unicodeScalars.count
        }
        return starts
    }

    /// The lines of one paragraph.
    func lines(of scalars: [Unicode.Scalar]) -> [TextLine] {
        // A paragraph the shaper must see, or with right-to-left text, goes
        // through bidi (LineBreaker+Bidi.swift): levels, then glyphs per
        // level run, wrapping in logical order, L2 per line. Plain text
        // takes one glyph per scalar, left to right.
        let shaped = shapes && (request?.alwaysShapes == true || Self.needsShaping(scalars))
        if shaped || request?.overridesBidi == true
            || checksUnicode && (direction == .rightToLeft || scalars.contains(where: { BidiClass($0).needsBidi }))
        {
            return bidiLines(scalars, shaped: shaped)
        }
        let run = annotated(self.run(scalars), scalars)
        if let width, run.width(0..<run.count) > width {
            switch mode {
            case .clipping:
                return [line(run, 0..<run.count)]
            case .truncatingHead, .truncatingMiddle, .truncatingTail:
                return [truncated(run, width: width)]
            case .wordWrapping, .characterWrapping:
                return wrapped(run, width: width).map { line(run, $0) }
            }
        }
        return [line(run, 0..<run.count)]
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
                if end > start, run.allowsBreak(before: end) { lastBreak = end }
                if run.isSpace[end] {
                    lineWidth += run.advances[end]
                    end += 1
                    continue
                }
                if lineWidth + run.advances[end] > width && end > start { break }
                lineWidth += run.advances[end]
                end += 1
            }
            if end < run.count, mode == .wordWrapping, let lastBreak {
                end = lastBreak
            } else if end < run.count {
                // Between characters: at a grapheme cluster's start.
                var clusterStart = end
                while clusterStart > start, !run.startsCluster(clusterStart) { clusterStart -= 1 }
                if clusterStart > start { end = clusterStart }
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
            line.positions.append(run.xOffsets.isEmpty ? x : x + run.xOffsets[i])
            x += run.advances[i]
        }
        if !run.yOffsets.isEmpty, run.yOffsets[range].contains(where: { $0 != 0 }) {
            line.yOffsets = Array(run.yOffsets[range])
        }
        if !run.fonts.isEmpty, run.fonts[range].contains(where: { $0 != 0 }) {
            line.fontIndices = Array(run.fonts[range])
        }
        line.width = run.width(range)
        if request?.recordsClusters == true {
            line.clusters = range.map { run.source($0) }
            line.advances = Array(run.advances[range])
            line.xOffsets = run.xOffsets.isEmpty ? Array(repeating: 0, count: range.count) : Array(run.xOffsets[range])
        }
        return line
    }

    /// `run` cut to `width` with an ellipsis where `mode` puts it.
    func truncated(_ run: GlyphRun, width: Double) -> TextLine {
        let (headEnd, tailStart) = truncation(run, width: width)
        var joined = GlyphRun()
        for i in 0..<headEnd { joined.append(run, i) }
        for i in 0..<ellipsis.count { joined.append(ellipsis, i) }
        for i in tailStart..<run.count { joined.append(run, i) }
        return line(joined, 0..<joined.count)
    }

    /// Where `run` is cut to fit `width` beside the ellipsis: the glyphs
    /// before `headEnd` and from `tailStart` on are kept, whole grapheme
    /// clusters, spaces next to the ellipsis dropped.
    func truncation(_ run: GlyphRun, width: Double) -> (headEnd: Int, tailStart: Int) {
        let room = width - ellipsis.width(0..<ellipsis.count)
        var head = 0..<0, tail = run.count..<run.count
        switch mode {
        case .truncatingHead:
            tail = longestTail(run, room: room)
        case .truncatingMiddle:
            // Alternate: a cluster at the head, then one at the tail, while
            // both fit.
            var used = 0.0, a = 0, b = run.count
            var takeHead = true
            while a < b {
                let cluster = takeHead ? a..<clusterEnd(run, after: a) : clusterStart(run, before: b)..<b
                let advance = run.advances[cluster].reduce(0, +)
                guard cluster.upperBound <= b, cluster.lowerBound >= a, used + advance <= room else { break }
                used += advance
                if takeHead { a = cluster.upperBound } else { b = cluster.lowerBound }
                takeHead.toggle()
            }
            head = 0..<a
            tail = b..<run.count
        default:
            head = longestHead(run, room: room)
        }
        var headEnd = head.upperBound
        while headEnd > 0, run.isSpace[headEnd - 1] { headEnd -= 1 }
        var tailStart = tail.lowerBound
        while tailStart < run.count, run.isSpace[tailStart] { tailStart += 1 }
        return (headEnd, tailStart)
    }

    /// The end of the grapheme cluster starting at glyph `i`.
    private func clusterEnd(_ run: GlyphRun, after i: Int) -> Int {
        var end = i + 1
        while end < run.count, !run.startsCluster(end) { end += 1 }
        return end
    }

    /// The start of the grapheme cluster ending before glyph `i`.
    private func clusterStart(_ run: GlyphRun, before i: Int) -> Int {
        var start = i - 1
        while start > 0, !run.startsCluster(start) { start -= 1 }
        return start
    }

    /// `line` ending in an ellipsis even if it fits (the last line kept of
    /// text cut by a line limit).
    func ellipsized(_ line: TextLine) -> TextLine {
        if line.isRightToLeft {
            var result = Self.reversed(ellipsized(Self.reversed(line, keepingDirection: false)))
            result.isRightToLeft = true
            return result
        }
        var run = GlyphRun()
        for (i, glyph) in line.glyphs.enumerated() {
            let next = i + 1 < line.positions.count ? line.positions[i + 1] : line.width
            run.glyphs.append(glyph)
            run.advances.append(next - line.positions[i])
            run.isSpace.append(false)
        }
        run.fonts = line.fontIndices
        let room = (width ?? .infinity)
        if run.width(0..<run.count) + ellipsis.width(0..<ellipsis.count) <= room {
            for i in 0..<ellipsis.count { run.append(ellipsis, i) }
            return self.line(run, 0..<run.count)
        }
        return truncated(run, width: room)
    }

    private func longestHead(_ run: GlyphRun, room: Double) -> Range<Int> {
        var used = 0.0, end = 0
        while end < run.count {
            let next = clusterEnd(run, after: end)
            let advance = run.advances[end..<next].reduce(0, +)
            guard used + advance <= room else { break }
            used += advance
            end = next
        }
        return 0..<end
    }

    private func longestTail(_ run: GlyphRun, room: Double) -> Range<Int> {
        var used = 0.0, start = run.count
        while start > 0 {
            let previous = clusterStart(run, before: start)
            let advance = run.advances[previous..<start].reduce(0, +)
            guard used + advance <= room else { break }
            used += advance
            start = previous
        }
        return start..<run.count
    }
}

extension GlyphRun {
    /// Appends glyph `i` of `other`.
    mutating func append(_ other: GlyphRun, _ i: Int) {
        if !other.fonts.isEmpty || !fonts.isEmpty {
            while fonts.count < glyphs.count { fonts.append(0) }
            fonts.append(other.font(i))
        }
        if !other.xOffsets.isEmpty || !xOffsets.isEmpty {
            while xOffsets.count < glyphs.count { xOffsets.append(0) }
            while yOffsets.count < glyphs.count { yOffsets.append(0) }
            xOffsets.append(other.xOffsets.isEmpty ? 0 : other.xOffsets[i])
            yOffsets.append(other.yOffsets.isEmpty ? 0 : other.yOffsets[i])
        }
        glyphs.append(other.glyphs[i])
        advances.append(other.advances[i])
        isSpace.append(other.isSpace[i])
    }
}

extension LineBreaker {
    /// The lines of the paragraph `ParagraphIterator` is at, one at a time
    /// (`LineStream`).
    func lineStream() -> LineStream { LineStream(breaker: self) }
}

/// One paragraph's lines as they are asked for: wrapping to a width reads
/// the paragraph's scalars only as far as the lines asked for need (plus
/// one glyph, for kerning), and holds only the glyphs not yet placed on a
/// line, so a text cut by a line limit costs the lines kept. The lines
/// are exactly `LineBreaker.lines(of:)`'s (greedy wrapping from the
/// start is the same whether or not the paragraph is known whole); other
/// modes, which need the whole paragraph, read it whole.
struct LineStream {
    let breaker: LineBreaker
    /// Lines made at once (modes other than wrapping to a width), and the
    /// next to give.
    private var whole: [TextLine]?
    private var wholeIndex = 0
    /// The glyphs from `base` on (advances up to the last glyph whose
    /// successor, or the paragraph's end, has been read).
    private var buffer = GlyphRun()
    private var base = 0
    private var inputDone = false
    /// Where the next line starts (glyph index in the paragraph).
    private var start = 0
    private var gaveLine = false
    private var finished = false
    /// UAX #14 over the paragraph's scalars read so far (indices are the
    /// paragraph's).
    private var analyzer = LineBreakAnalyzer()
    /// Whether the breaker reads paragraphs whole (`LineBreaker.lines(of:)`)
    /// even when wrapping: text past Latin, for clusters and bidi.
    private let readsWhole: Bool

    init(breaker: LineBreaker) {
        self.breaker = breaker
        readsWhole = breaker.checksUnicode
    }

    /// The paragraph's next line, reading its scalars from `source`
    /// (which must be at this paragraph); nil after the last.
    mutating func next(from source: inout ParagraphIterator) -> TextLine? {
        guard !readsWhole, !breaker.shapes, let width = breaker.width,
            breaker.mode == .wordWrapping || breaker.mode == .characterWrapping
        else {
            if whole == nil {
                var scalars: [Unicode.Scalar] = []
                while let scalar = source.nextScalar() { scalars.append(scalar) }
                whole = breaker.lines(of: scalars)
            }
            guard let whole, wholeIndex < whole.count else { return nil }
            wholeIndex += 1
            return whole[wholeIndex - 1]
        }
        guard !finished else { return nil }
        guard ensure(start, &source) else {
            finished = true
            defer { gaveLine = true }
            return gaveLine ? nil : breaker.line(GlyphRun(), 0..<0)
        }
        // LineBreaker.wrapped's greedy step, on the buffer.
        var end = start, lineWidth = 0.0, lastBreak: Int? = nil
        while ensure(end, &source) {
            let i = end - base
            if end > start, allowsBreak(before: end, &source) { lastBreak = end }
            if buffer.isSpace[i] {
                lineWidth += buffer.advances[i]
                end += 1
                continue
            }
            if lineWidth + buffer.advances[i] > width && end > start { break }
            lineWidth += buffer.advances[i]
            end += 1
        }
        if ensure(end, &source), breaker.mode == .wordWrapping, let lastBreak {
            end = lastBreak
        }
        var run = GlyphRun()
        for i in (start - base)..<(end - base) { run.append(buffer, i) }
        let line = breaker.line(run, 0..<run.count)
        gaveLine = true
        start = end
        while ensure(start, &source), buffer.isSpace[start - base] { start += 1 }
        // Glyphs before the next line's start are done with.
        if start - base >= 1024 {
            let drop = start - base
            buffer.glyphs.removeFirst(drop)
            buffer.isSpace.removeFirst(drop)
            buffer.advances.removeFirst(drop)
            if !buffer.fonts.isEmpty { buffer.fonts.removeFirst(drop) }
            base = start
        }
        return line
    }

    /// Whether UAX #14 allows a break before glyph `index` (known), reading
    /// on to the next base character for LB25's look-ahead.
    private mutating func allowsBreak(before index: Int, _ source: inout ParagraphIterator) -> Bool {
        // LB25's look-ahead, needed after OP and HY only: the next base.
        var next = index + 1
        let looksAhead = analyzer.classes[index] == .op || analyzer.classes[index] == .hy
        while ensure(next, &source), looksAhead, analyzer.classes[next] == .cm || analyzer.classes[next] == .zwj {
            next += 1
        }
        return analyzer.opportunity(before: index) != .prohibited
    }

    /// Whether glyph `index` (of the paragraph) and its advance are known,
    /// reading scalars from `source` as needed.
    private mutating func ensure(_ index: Int, _ source: inout ParagraphIterator) -> Bool {
        while index - base >= buffer.advances.count {
            guard pull(&source) else { return index - base < buffer.advances.count }
        }
        return true
    }

    /// Reads one scalar into the buffer (its predecessor's advance, with
    /// the kerning between them, now known); false at the paragraph's end
    /// (the last glyph's advance then known, with no kerning).
    private mutating func pull(_ source: inout ParagraphIterator) -> Bool {
        guard !inputDone else { return false }
        if let fonts = breaker.layoutFonts { return pull(&source, fonts: fonts) }
        let font = breaker.font, unit = breaker.unit
        guard let scalar = source.nextScalar() else {
            inputDone = true
            if let last = buffer.glyphs.last, buffer.glyphs.count > buffer.advances.count {
                buffer.advances.append(Double(font.advance(of: last) + 0) * unit)
            }
            return false
        }
        let glyph = font.glyph(for: scalar)
        analyzer.append(LineBreakClass(scalar))
        if let previous = buffer.glyphs.last, buffer.glyphs.count > buffer.advances.count {
            buffer.advances.append(
                Double(font.advance(of: previous) + font.kerning(between: previous, and: glyph)) * unit)
        }
        buffer.glyphs.append(glyph)
        buffer.isSpace.append(scalar == " " || scalar == "\u{3000}")
        return true
    }
}

extension LineStream {
    /// `pull` with font fallback: each glyph's font recorded, kerning only
    /// between glyphs of one font.
    fileprivate mutating func pull(_ source: inout ParagraphIterator, fonts: LayoutFonts) -> Bool {
        let pending = buffer.glyphs.count > buffer.advances.count
        guard let scalar = source.nextScalar() else {
            inputDone = true
            if pending, let last = buffer.glyphs.last, let font = buffer.fonts.last {
                buffer.advances.append(fonts.advance(last, font: font, next: nil))
            }
            return false
        }
        let (index, glyph) = fonts.glyph(for: scalar, after: buffer.fonts.last ?? 0)
        analyzer.append(LineBreakClass(scalar))
        if pending, let previous = buffer.glyphs.last, let font = buffer.fonts.last {
            buffer.advances.append(fonts.advance(previous, font: font, next: (glyph, index)))
        }
        buffer.glyphs.append(glyph)
        buffer.fonts.append(index)
        buffer.isSpace.append(scalar == " " || scalar == "\u{3000}")
        return true
    }
}
