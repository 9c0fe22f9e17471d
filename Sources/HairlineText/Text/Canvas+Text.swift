// Text: laid-out glyphs -> the canvas. Where the canvas maps points to
// device pixels by a uniform scale and a translation (the usual case),
// each glyph is composited from the canvas's glyph cache (GlyphCache.swift)
// at its pen position, x to a quarter of a device pixel and the baseline
// on a whole device row, a line's masks in one `draw(coverages:with:)`
// (the paint, clip and kernel prepared once); any other transform fills
// the glyphs' outlines exactly where they fall (one path per line:
// overlapping glyphs cover once). Paints and blend modes are the
// canvas's, as for any fill. Color glyphs (COLR, sbix, CBDT) are filled
// layer by layer in their own paints (Canvas+ColorGlyphs.swift).

import Hairline

/// What the text module keeps per canvas (a canvas attachment). (Its
/// scratch is not checked for exclusivity at run time: a canvas is used by
/// one thread, and no access to it overlaps another.)
final class TextCanvasState {
    let glyphs = GlyphCache()
    /// The cmap, advance and kerning lookups of the fonts drawn last.
    @exclusivity(unchecked) var fonts = FontLookupSet()
    /// The masks of the glyphs being drawn, placed; empty between draws
    /// (reused: no allocation once grown).
    @exclusivity(unchecked) var placed: [PlacedCoverage] = []
    /// A scratch path for the uncached outlines (reused: no allocation
    /// once grown).
    var path = Path()
    /// The layers of the color glyphs drawn (COLR, sbix, CBDT).
    var colorGlyphs = ColorGlyphCache()
    /// The outlines of glyphs drawn as paths (too large for a mask, or
    /// under a transform masks do not serve), read once per font and
    /// glyph: nil for a glyph whose outline cannot be read (damaged, or
    /// past the work budget), so that it is not read again. Emptied when
    /// it holds more than `maximumOutlineElements` elements.
    private var outlines: [OutlineKey: (font: Font, outline: Path?)] = [:]
    private var outlinePoints = 0
    static let maximumOutlineElements = 1 << 20

    private struct OutlineKey: Hashable {
        var font: UInt
        var glyph: UInt16
    }

    /// `glyph`'s outline in `font` (font units, y up), nil if it cannot
    /// be read.
    func outline(of glyph: GlyphID, in font: Font) -> Path? {
        let key = OutlineKey(font: font.identity, glyph: glyph.rawValue)
        if let known = outlines[key] { return known.outline }
        let outline = try? font.outline(of: glyph)
        let points = outline?.elements.count ?? 0
        if outlinePoints + points > Self.maximumOutlineElements {
            outlines.removeAll()
            outlinePoints = 0
        }
        // The font is kept with its outline: its identity (the address
        // of its bytes) is not reused while the entry is here.
        outlines[key] = (font, outline)
        outlinePoints += points
        return outline
    }
}

extension Canvas {
    /// The text module's state of this canvas.
    var textState: TextCanvasState { attachment(TextCanvasState.self) { TextCanvasState() } }

    /// Removes every glyph mask this canvas keeps, and its fonts' cached
    /// lookups: the next text draws render their glyphs again (for memory
    /// pressure, and to measure uncached drawing).
    public func removeCachedGlyphs() {
        let state = textState
        state.glyphs.removeAll()
        state.fonts.removeAll()
    }

    /// Draws `text` in `font` at `size` points per em with its first
    /// baseline starting at `point` (user space, points); each paragraph
    /// on the next line down (one line height apart), none wrapped.
    ///
    /// - Parameters:
    ///   - paint: the paint of the glyphs (solid, gradient or pattern,
    ///     laid out in user space as for a fill), under the canvas's blend
    ///     mode, global alpha and clip.
    ///
    /// One line of text under a uniform scale and a translation (a label)
    /// is drawn straight from its scalars, its glyphs from the cache:
    /// nothing is allocated once they are cached. Text that needs bidi
    /// (`TextLayout.needsBidi`) is laid out, so it reads in visual order.
    public func draw(_ text: String, font: Font, size: Double, at point: Point, paint: Paint) {
        let t = transform
        guard t.b == 0, t.c == 0, t.a > 0, t.a == t.d, t.a.isFinite, size.isFinite, size > 0,
            point.x.isFinite, point.y.isFinite, !TextLayout.hasLineBreak(text), !TextLayout.needsBidi(text)
        else {
            let layout = TextLayout(text, font: font, size: size, lineBreakMode: .clipping)
            draw(layout, at: point, paint: paint)
            return
        }
        let unit = size / Double(max(1, font.metrics.unitsPerEm))
        let state = textState
        let lookups = state.fonts.lookups(for: font)
        // A font with a fallback lays out text it lacks characters of
        // (fonts without one never pay for the check).
        // Text that needs shaping (a complex script, combining marks) is
        // laid out through the shaper; plain text pays one byte scan.
        // A color font's glyphs may be color glyphs (one check per draw).
        if font.fallback != nil && !lookups.covers(text) || LineBreaker.needsShaping(text) || font.hasColorGlyphs {
            draw(TextLayout(text, font: font, size: size, lineBreakMode: .clipping), at: point, paint: paint)
            return
        }
        guard hasShadow else {
            drawLine(text, lookups: lookups, size: size, unit: unit, at: point, state: state, paint: paint)
            return
        }
        // Where the glyphs can reach, for the line's one shadow: its box,
        // grown by half an em for glyphs that overhang their advances.
        var width = 0.0
        lookups.forEachGlyph(of: text, unit: unit) { _, x, advance in width = x + advance }
        let ascent = Double(font.metrics.ascent) * unit, descent = Double(font.metrics.descent) * unit
        let margin = size / 2
        let reach = Rect(
            x: point.x - margin, y: point.y - ascent - margin, width: max(0, width) + 2 * margin,
            height: ascent + descent + 2 * margin)
        withOneShadow(over: reach) { canvas in
            canvas.drawLine(
                text, lookups: lookups, size: size, unit: unit, at: point, state: canvas.textState,
                paint: paint)
        }
    }

    /// One line of `text` from its scalars (TextLayout's positions), each
    /// glyph from the cache (`state`, this canvas's) where the transform
    /// allows, else the layout.
    private func drawLine(
        _ text: String, lookups: FontLookups, size: Double, unit: Double, at point: Point,
        state: TextCanvasState, paint: Paint
    ) {
        let t = transform
        guard t.b == 0, t.c == 0, t.a > 0, t.a == t.d, t.a.isFinite else {
            draw(TextLayout(text, font: lookups.font, size: size, lineBreakMode: .clipping), at: point, paint: paint)
            return
        }
        let baseline = t.d * point.y + t.ty
        guard abs(baseline) < Self.deviceLimit else { return }
        let line = LinePen(lookups: lookups, size: size, start: point, transform: t, row: Int(baseline.rounded()))
        lookups.forEachGlyph(of: text, unit: unit) { glyph, x, _ in
            place(glyph, at: x, on: line, state: state, paint: paint)
        }
        drawPlaced(state, paint: paint)
    }

    /// Places `glyph` of `line`'s font, its pen `x` points from the line's
    /// start, for the line's `drawPlaced`: its cached mask is added to
    /// `state.placed`. A glyph with no mask (too large, a damaged outline)
    /// is drawn now, its outline filled, after the masks placed before it
    /// (glyphs composite in order, as where they overlap).
    @inline(__always)
    private func place(_ glyph: GlyphID, at x: Double, on line: LinePen, state: TextCanvasState, paint: Paint) {
        let t = line.transform
        let deviceX = t.a * (line.start.x + x) + t.tx
        guard abs(deviceX) < Self.deviceLimit else { return }
        let (pixel, quarter) = GlyphCache.pen(atDeviceX: deviceX)
        if let mask = state.glyphs.mask(
            glyph, identity: line.lookups.identity, size: line.size * t.a,
            subpixel: quarter, font: { line.lookups.font })
        {
            if let surface = mask.surface {
                state.placed.append(PlacedCoverage(surface, atDeviceX: pixel + mask.left, y: line.row + mask.top))
            }
            return
        }
        drawUnmasked(glyph, at: x, on: line, state: state, paint: paint)
    }

    /// `place` for a glyph with no mask: the masks placed before it, then
    /// its outline filled.
    private func drawUnmasked(
        _ glyph: GlyphID, at x: Double, on line: LinePen, state: TextCanvasState,
        paint: Paint
    ) {
        drawPlaced(state, paint: paint)
        var one = TextLine()
        one.glyphs = [glyph]
        one.positions = [x]
        fillOutlines(
            one, font: { _ in line.lookups.font }, size: line.size, start: line.start, state: state, paint: paint)
    }

    /// Draws the glyph masks placed so far, in order, and forgets them.
    private func drawPlaced(_ state: TextCanvasState, paint: Paint) {
        guard !state.placed.isEmpty else { return }
        draw(coverages: state.placed, with: paint)
        state.placed.removeAll(keepingCapacity: true)
    }

    /// Device coordinates beyond this are not drawn (far off any surface).
    private static let deviceLimit = Double(1 << 30)

    /// Draws `text` laid out in `rect` (user space, points): wrapped or
    /// truncated to its width by `lineBreakMode` (at most `maximumLines`
    /// lines, 0 for no limit), each line placed across it by `alignment`,
    /// the first line's ascent at the rect's top. Lines are not clipped to
    /// the rect (clip the canvas for that).
    public func draw(
        _ text: String, font: Font, size: Double, in rect: Rect, alignment: TextAlignment = .leading,
        lineBreakMode: LineBreakMode = .truncatingTail, maximumLines: Int = 0, paint: Paint
    ) {
        let r = rect.standardized
        let layout = TextLayout(
            text, font: font, size: size, width: r.width, lineBreakMode: lineBreakMode,
            maximumLines: maximumLines)
        draw(
            layout, at: Point(x: r.minX, y: r.minY + layout.ascent), width: r.width, alignment: alignment,
            paint: paint)
    }

    /// Draws `layout` with its first baseline starting at `origin` (user
    /// space, points); with a `width`, each line is placed across it by
    /// `alignment` (leading: from `origin.x`).
    public func draw(
        _ layout: TextLayout, at origin: Point, width: Double? = nil,
        alignment: TextAlignment = .leading, paint: Paint
    ) {
        draw(layout, lines: 0..<layout.lines.count, at: origin, width: width, alignment: alignment, paint: paint)
    }

    /// Draws the lines `lines` of `layout` where `draw(_:at:width:alignment:paint:)`
    /// draws them (`origin` is still the first line's baseline, user space,
    /// points): what the whole layout draws, in the rows these lines reach
    /// (each line's ink and its shadow are its own), at the cost of these
    /// lines only — for a band of a long text.
    /// - Parameter lines: a range of line indices, clamped to the layout's.
    public func draw(
        _ layout: TextLayout, lines: Range<Int>, at origin: Point, width: Double? = nil,
        alignment: TextAlignment = .leading, paint: Paint
    ) {
        let lines = lines.clamped(to: 0..<layout.lines.count)
        guard origin.x.isFinite, origin.y.isFinite, layout.size > 0, !lines.isEmpty else { return }
        let box = width.flatMap { $0.isFinite ? $0 : nil } ?? layout.width
        // Where the glyphs can reach: the lines' boxes, grown by half an
        // em for glyphs that overhang their advances (accents, italics).
        let margin = layout.size / 2
        let firstBaseline = origin.y + Double(lines.lowerBound) * layout.lineHeight
        let lastBaseline = origin.y + Double(lines.upperBound - 1) * layout.lineHeight
        let reach = Rect(
            x: origin.x + min(0, box - layout.width) - margin, y: firstBaseline - layout.ascent - margin,
            width: max(box, layout.width) + 2 * margin,
            height: lastBaseline - firstBaseline + layout.ascent + layout.descent + 2 * margin)
        // One shadow for the whole text, if one is set.
        withOneShadow(over: reach) { canvas in
            canvas.drawLines(layout, lines: lines, at: origin, box: box, alignment: alignment, paint: paint)
        }
    }

    /// `draw(_:lines:at:width:alignment:paint:)`'s lines.
    private func drawLines(
        _ layout: TextLayout, lines: Range<Int>, at origin: Point, box: Double,
        alignment: TextAlignment, paint: Paint
    ) {
        let state = textState
        let t = transform
        let cached = t.b == 0 && t.c == 0 && t.a > 0 && t.a == t.d && t.a.isFinite
        // Color glyphs are looked for only in lines of color fonts (one
        // check per font and draw, none per glyph of other fonts).
        let hasColorFont = (0..<layout.fontCount).contains { layout.font(at: $0).hasColorGlyphs }
        for index in lines {
            let line = layout.lines[index]
            let shift: Double
            switch alignment {
            case .leading: shift = line.isRightToLeft ? box - line.width : 0
            case .center: shift = (box - line.width) / 2
            case .trailing: shift = line.isRightToLeft ? 0 : box - line.width
            }
            let start = Point(x: origin.x + shift, y: origin.y + Double(index) * layout.lineHeight)
            if hasColorFont {
                drawColorLine(line, layout: layout, start: start, cached: cached, state: state, paint: paint)
                continue
            }
            if cached, line.yOffsets.isEmpty {
                drawCached(line, layout: layout, start: start, state: state, paint: paint)
            } else {
                fillOutlines(line, font: layout.font(at:), size: layout.size, start: start, state: state, paint: paint)
            }
        }
    }

    /// Composites `line`'s glyphs from the cache: pen x rounded to a
    /// quarter device pixel, the baseline to a whole device row.
    func drawCached(_ line: TextLine, layout: TextLayout, start: Point, state: TextCanvasState, paint: Paint) {
        let t = transform
        let baseline = t.d * start.y + t.ty
        guard abs(baseline) < Self.deviceLimit else { return }
        let pen = LinePen(
            lookups: state.fonts.lookups(for: layout.font), size: layout.size, start: start,
            transform: t, row: Int(baseline.rounded()))
        guard !line.fontIndices.isEmpty else {
            for (i, glyph) in line.glyphs.enumerated() {
                place(glyph, at: line.positions[i], on: pen, state: state, paint: paint)
            }
            drawPlaced(state, paint: paint)
            return
        }
        // Glyphs of fallback fonts: one pen per font, made as first needed.
        var pens: [LinePen?] = Array(repeating: nil, count: layout.fontCount)
        pens[0] = pen
        for (i, glyph) in line.glyphs.enumerated() {
            let f = line.fontIndex(ofGlyph: i)
            guard f < pens.count else { continue }
            let fontPen =
                pens[f]
                ?? LinePen(
                    lookups: state.fonts.lookups(for: layout.font(at: f)), size: layout.size,
                    start: start, transform: t, row: pen.row)
            pens[f] = fontPen
            place(glyph, at: line.positions[i], on: fontPen, state: state, paint: paint)
        }
        drawPlaced(state, paint: paint)
    }

    /// Fills `line`'s glyph outlines where they fall (user space), as one
    /// path; `font` gives the font of a glyph's `fontIndices` entry.
    func fillOutlines(
        _ line: TextLine, font fontAt: (Int) -> Font, size: Double, start: Point,
        state: TextCanvasState, paint: Paint
    ) {
        state.path.removeAll(keepingCapacity: true)
        // Glyphs wholly outside the clip are left out (with no shadow to
        // cast, they cannot change a pixel).
        let clip = hasShadow ? nil : deviceClipBounds
        for (i, glyph) in line.glyphs.enumerated() {
            let font = fontAt(line.fontIndex(ofGlyph: i))
            let unit = size / Double(max(1, font.metrics.unitsPerEm))
            guard let outline = state.outline(of: glyph, in: font), !outline.isEmpty else { continue }
            let raise = line.yOffsets.isEmpty ? 0 : line.yOffsets[i]
            let place = AffineTransform(
                a: unit, b: 0, c: 0, d: -unit, tx: start.x + line.positions[i], ty: start.y - raise)
            if let clip {
                let reach = outline.controlPointBounds.applying(place).applying(transform)
                guard reach.isFinite, reach.maxX >= Double(clip.minX), reach.minX <= Double(clip.maxX),
                    reach.maxY >= Double(clip.minY), reach.minY <= Double(clip.maxY)
                else { continue }
            }
            state.path.addPath(outline.applying(place))
        }
        guard !state.path.isEmpty else { return }
        fill(state.path, with: paint)
    }
}

/// One line's glyph placement: its font's lookups, the em size (points),
/// the pen's start (user space, points), the canvas's transform (a
/// uniform scale and a translation) and the baseline's device row.
private struct LinePen {
    let lookups: FontLookups
    let size: Double
    let start: Point
    let transform: AffineTransform
    let row: Int
}
