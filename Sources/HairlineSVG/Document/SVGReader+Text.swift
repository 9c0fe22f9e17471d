// Document: <text> (SVG 2 §11, one line, no per-character positioning)
// -> glyph outlines as Paths in the element's user space. Runs
// (SVGReader+TextContent.swift) after whitespace handling are laid out one
// after another on one baseline with HairlineText's TextLayout (advances
// and kerning, .notdef for missing glyphs, kerning across a run boundary
// in the same font and size), shifted by `text-anchor`, each glyph's
// outline (font units, y up) mapped by (unit, 0, 0, -unit, pen x, baseline).
// Characters the run's font lacks come from the layout's fallback fonts
// (each glyph in its own font and unit).
// The result is an ordinary shape (or a group of shapes, one per run
// style), so paints, strokes, clips and transforms need nothing new.

import Hairline
import HairlineText

/// A `<text>`'s glyph outlines, per run.
struct SVGTextGeometry {
    /// Each run's glyph outlines (user space) with the style to draw it.
    var runs: [(path: Path, style: InheritedStyle, elementName: String, offset: Int)]
    /// Color glyphs' layers (user space), each with its own paint, drawn
    /// after the runs (SVGReader+ColorGlyphs.swift).
    var colorLayers: [(path: Path, paint: Paint, elementName: String, offset: Int)] = []
    /// The union of the runs' bounds: the object bounding box of every
    /// run's paint servers.
    var bounds: Rect
}

/// A run's glyphs placed on the line, before the anchor shift.
private struct PlacedRun {
    var run: Int
    var font: SVGFontChoice
    /// User units per font unit.
    var unit: Double
    var glyphs: [GlyphID]
    /// Each glyph's pen x from the line's start (user units).
    var positions: [Double]
    /// The layout (for its fonts) and each glyph's font index (empty: all
    /// the run's font); the em size (user units).
    var layout: TextLayout?
    /// The run's `baseline-shift`s, resolved: how far up its baseline
    /// sits from the line's (user units).
    var rise = 0.0
    /// The letter and word spacing after the run's last character (user
    /// units), part of its decorations' width.
    var trailingSpacing = 0.0

    /// User units per font unit of `font` at the run's size.
    func size(of font: Font) -> Double {
        size > 0 ? size / Double(max(1, font.metrics.unitsPerEm)) : unit
    }
    var fontIndices: [UInt8] = []
    var size: Double = 0
    /// The baseline's shift down from `y` (the dy so far, user units).
    var baselineShift: Double
}

extension SVGReader {
    /// The most characters one `<text>` draws (after whitespace
    /// handling): beyond this a text is cut with a warning, so that a huge
    /// text costs bounded time. Far above any label or paragraph.
    static let maximumTextLength = 10_000

    /// The content of a `<text>` with `style`: one shape (or a group of
    /// shapes with different paints), `nil` if it draws nothing (no
    /// characters, size 0, no glyph with ink, a font that cannot be read).
    mutating func textContent(_ element: XMLElement, _ geometry: [String: XMLAttribute], style: InheritedStyle)
        throws(SVGError) -> SVGNode.Content?
    {
        guard let text = try textGeometry(element, geometry, style: style) else { return nil }
        var shapes: [(path: Path, fill: SVGShapePaint?, stroke: SVGStroke?, elementName: String, offset: Int)] = []
        var previous: (style: InheritedStyle, fill: SVGShapePaint?, stroke: SVGStroke?)?
        for run in text.runs {
            let fill: SVGShapePaint?, stroke: SVGStroke?
            if let previous, Self.paintsAlike(previous.style, run.style) {
                (fill, stroke) = (previous.fill, previous.stroke)
            } else {
                (fill, stroke) = try resolvePaints(run.style, bounds: text.bounds, element)
                previous = (run.style, fill, stroke)
            }
            if let last = shapes.last, last.fill == fill, last.stroke == stroke {
                shapes[shapes.count - 1].path.addPath(run.path)
            } else {
                shapes.append((run.path, fill, stroke, run.elementName, run.offset))
            }
        }
        for layer in text.colorLayers { shapes.append((layer.path, .paint(layer.paint), nil, layer.elementName, layer.offset)) }
        if shapes.count == 1 {
            return .shape(shapes[0].path, fill: shapes[0].fill, rule: .nonZero, stroke: shapes[0].stroke)
        }
        return .group(shapes.map { shape in
            SVGNode(elementName: shape.elementName, offset: shape.offset,
                    content: .shape(shape.path, fill: shape.fill, rule: .nonZero, stroke: shape.stroke))
        })
    }

    /// The fill and stroke of a run with `style`, paint servers resolved
    /// against the whole text's `bounds`.
    private mutating func resolvePaints(_ style: InheritedStyle, bounds: Rect, _ element: XMLElement)
        throws(SVGError) -> (SVGShapePaint?, SVGStroke?)
    {
        let fill = try resolve(style.fill, opacity: style.fillOpacity, style: style, bounds: bounds, element)
        var stroke: SVGStroke?
        if style.strokeStyle.width > 0,
           let paint = try resolve(style.stroke, opacity: style.strokeOpacity, style: style, bounds: bounds, element) {
            stroke = SVGStroke(paint: paint, style: style.strokeStyle)
        }
        return (fill, stroke)
    }

    /// Whether two styles resolve to the same fill and stroke.
    private static func paintsAlike(_ a: InheritedStyle, _ b: InheritedStyle) -> Bool {
        a.fill == b.fill && a.fillOpacity == b.fillOpacity && a.stroke == b.stroke && a.strokeOpacity == b.strokeOpacity
            && a.strokeStyle == b.strokeStyle && a.color == b.color && a.isVisible == b.isVisible
    }

    /// The glyph outlines of a `<text>` (or `nil` if it has none), in its
    /// user space: `x`, `y`, `dx`, `dy` (first values) place the line's
    /// start, `text-anchor` shifts it by 0, half or all of its advance.
    mutating func textGeometry(_ element: XMLElement, _ geometry: [String: XMLAttribute], style: InheritedStyle)
        throws(SVGError) -> SVGTextGeometry?
    {
        let x = try firstLength(geometry["x"], .horizontal, element) ?? 0
        let y = try firstLength(geometry["y"], .vertical, element) ?? 0
        var shift = (dx: try firstLength(geometry["dx"], .horizontal, element) ?? 0,
                     dy: try firstLength(geometry["dy"], .vertical, element) ?? 0)
        var runs: [SVGTextRun] = []
        // baseline-shift moves spans from their parent's baseline: the
        // text's own (or an ancestor's: not inherited) moves nothing, as
        // in resvg.
        var textStyle = style
        textStyle.baselineShifts = []
        // Lines declared on the text or outside it take the text's own
        // fill and stroke (as resvg resolves them); a span's own lines
        // keep the span's.
        var own = style
        own.decorations = []
        for i in textStyle.decorations.indices { textStyle.decorations[i].style = own }
        try collectRuns(of: element, style: textStyle, shift: &shift, into: &runs)
        let texts = SVGTextWhitespace.process(runs.map { ($0.text, $0.style.preservesSpace) })
        for i in runs.indices { runs[i].text = texts[i] }
        limitLength(&runs, element)
        guard let (placed, width) = layOut(runs, element) else { return nil }
        let anchorShift: Double
        switch style.textAnchor {
        case .start: anchorShift = 0
        case .middle: anchorShift = -width / 2
        case .end: anchorShift = -width
        }
        var result = SVGTextGeometry(runs: [], bounds: .zero)
        var outlines: [UInt: [GlyphID: Path]] = [:]
        var colorGlyphs: [UInt: [GlyphID: [ColorGlyphLayer]?]] = [:]
        var bounds: Rect?
        for placedRun in placed {
            let run = runs[placedRun.run]
            var colored: [(path: Path, paint: Paint)] = []
            let path = Self.outlines(of: placedRun, x: x, anchorShift: anchorShift, y: y, cache: &outlines,
                                     colored: &colored, colorCache: &colorGlyphs, foreground: Self.foregroundColor(of: run.style))
            for layer in colored {
                bounds = bounds.map { $0.union(layer.path.bounds) } ?? layer.path.bounds
                result.colorLayers.append((layer.path, layer.paint, run.elementName, run.offset))
            }
            // Underline and overline under the glyphs, line-through over
            // them (as resvg draws them), each in its declarer's style.
            var lines: [(kind: SVGTextDecoration.Kind, path: Path, style: InheritedStyle)] = []
            for decoration in run.style.decorations {
                let line = Self.decorationLine(decoration.kind, of: placedRun, x: x + anchorShift, y: y)
                if !line.isEmpty { lines.append((decoration.kind, line, decoration.style)) }
            }
            for line in lines where line.kind != .lineThrough {
                bounds = bounds.map { $0.union(line.path.bounds) } ?? line.path.bounds
                result.runs.append((line.path, line.style, run.elementName, run.offset))
            }
            if !path.isEmpty {
                let box = path.bounds
                bounds = bounds.map { $0.union(box) } ?? box
                result.runs.append((path, run.style, run.elementName, run.offset))
            }
            for line in lines where line.kind == .lineThrough {
                bounds = bounds.map { $0.union(line.path.bounds) } ?? line.path.bounds
                result.runs.append((line.path, line.style, run.elementName, run.offset))
            }
        }
        // Sizes so large that coordinates overflow draw nothing.
        guard let bounds, bounds.isFinite else { return nil }
        result.bounds = bounds
        return result
    }

    /// The outlines of a run's glyphs, each mapped by (unit, 0, 0, -unit,
    /// x + pen x + anchorShift, y + the run's baseline shift); outlines are
    /// read once per font and glyph (`cache`, by font key). A damaged glyph
    /// draws nothing, as in Canvas text.
    /// Color glyphs go to `colored` instead (their layers, user space).
    private static func outlines(of run: PlacedRun, x: Double, anchorShift: Double, y: Double,
                                 cache: inout [UInt: [GlyphID: Path]], colored: inout [(path: Path, paint: Paint)],
                                 colorCache: inout [UInt: [GlyphID: [ColorGlyphLayer]?]], foreground: Color) -> Path {
        var path = Path()
        for (i, glyph) in run.glyphs.enumerated() {
            var font = run.font.font, unit = run.unit
            if !run.fontIndices.isEmpty, run.fontIndices[i] != 0, let layout = run.layout {
                font = layout.font(at: Int(run.fontIndices[i]))
                unit = run.size / Double(max(1, font.metrics.unitsPerEm))
            }
            let place = AffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: x + run.positions[i] + anchorShift,
                                        ty: y + run.baselineShift - run.rise)
            if let layers = colorGlyphLayers(glyph, of: font, place: place, foreground: foreground, cache: &colorCache) {
                colored.append(contentsOf: layers)
                continue
            }
            let key = font.identity
            let outline: Path
            if let cached = cache[key]?[glyph] {
                outline = cached
            } else {
                outline = (try? font.outline(of: glyph)) ?? Path()
                cache[key, default: [:]][glyph] = outline
            }
            guard !outline.isEmpty else { continue }
            path.addPath(outline.applying(place))
        }
        return path
    }

    /// A decoration line under, over or through a run: a rectangle from its
    /// first glyph's pen position to its last glyph's advance (and
    /// spacing), the font's underline thickness high, centred on the
    /// underline position, the ascent or the strikeout position of the
    /// run's font.
    private static func decorationLine(_ kind: SVGTextDecoration.Kind, of run: PlacedRun, x: Double, y: Double) -> Path {
        guard let first = run.positions.first, let last = run.positions.last, let glyph = run.glyphs.last else { return Path() }
        let font = run.font.font
        var lastFont = font
        if let index = run.fontIndices.last, index != 0, let layout = run.layout { lastFont = layout.font(at: Int(index)) }
        let end = last + Double(lastFont.advance(of: glyph)) * run.size(of: lastFont) + run.trailingSpacing
        let center: Double
        switch kind {
        case .underline: center = -Double(font.underlinePosition)
        case .overline: center = -Double(font.metrics.ascent)
        case .lineThrough: center = -Double(font.strikeoutPosition)
        }
        let thickness = Double(font.underlineThickness) * run.unit
        let baseline = y + run.baselineShift - run.rise
        var path = Path()
        path.addRect(Rect(x: x + first, y: baseline + center * run.unit - thickness / 2, width: end - first, height: thickness))
        return path
    }

    /// Cuts the runs to `maximumTextLength` characters in all, with a
    /// warning if anything was cut.
    private mutating func limitLength(_ runs: inout [SVGTextRun], _ element: XMLElement) {
        var remaining = Self.maximumTextLength
        for i in runs.indices {
            let count = runs[i].text.unicodeScalars.count
            if count <= remaining {
                remaining -= count
                continue
            }
            var kept = String.UnicodeScalarView()
            kept.append(contentsOf: runs[i].text.unicodeScalars.prefix(remaining))
            runs[i].text = String(kept)
            runs.removeSubrange((i + 1)...)
            warn(.textTooLong(limit: Self.maximumTextLength), element, at: element.offset)
            return
        }
    }

    /// The runs' glyphs placed one after another from pen x 0, and the
    /// line's advance from its first glyph to the end of its last; `nil`
    /// if no run has a glyph or no font could be read. Runs without
    /// characters (or of size 0) are dropped, their shifts carried to the
    /// next run. Neighbouring runs in the same font and size with no shift
    /// between them are laid out as one string (so kerning and positions
    /// are exactly TextLayout's); across a shift in the same font and size
    /// the pair is still kerned.
    private mutating func layOut(_ runs: [SVGTextRun], _ element: XMLElement) -> (runs: [PlacedRun], width: Double)? {
        guard let drawn = fontedRuns(runs, element) else { return nil }
        var placed: [PlacedRun] = []
        var pen = 0.0, baselineShift = 0.0
        var firstPen: Double?
        // The last glyph placed, its advance already added.
        var previous: (key: Int, size: Double, glyph: GlyphID)?
        // The spacing after the last character, not part of the line's
        // advance for text-anchor (as resvg measures it).
        var trailingSpacing = 0.0
        var next = 0
        while next < drawn.count {
            // A segment: drawn[next..<end], one font and size, no shifts inside.
            let first = drawn[next], size = runs[first.index].style.fontSize
            var end = next + 1
            while end < drawn.count, drawn[end].font.key == first.font.key, runs[drawn[end].index].style.fontSize == size,
                  drawn[end].dx == 0, drawn[end].dy == 0 { end += 1 }
            let font = first.font.font
            let unit = size / Double(max(1, font.metrics.unitsPerEm))
            let text = drawn[next..<end].map { runs[$0.index].text }.joined()
            let layout = TextLayout(text, font: font, size: size, lineBreakMode: .clipping)
            let segment = drawn[next..<end]
            next = end
            guard let line = layout.lines.first, let firstGlyph = line.glyphs.first, let last = line.glyphs.last,
                  let lastX = line.positions.last
            else { continue }
            if let previous, previous.key == first.font.key, previous.size == size, line.fontIndex(ofGlyph: 0) == 0 {
                pen += Double(font.kerning(between: previous.glyph, and: firstGlyph)) * unit
            }
            pen += first.dx
            baselineShift += first.dy
            if firstPen == nil { firstPen = pen }
            // One glyph per scalar (whitespace handling left no control
            // characters), handed back to the runs they came from.
            // letter-spacing and word-spacing: the space each character's
            // run adds after it, summed along the segment.
            var spacing = 0.0
            var taken = 0
            for (position, member) in segment.enumerated() {
                let count = position == segment.count - 1
                    ? line.glyphs.count - taken : min(runs[member.index].text.unicodeScalars.count, line.glyphs.count - taken)
                let range = taken..<(taken + count)
                taken += count
                guard !range.isEmpty else { continue }
                let start = pen
                let style = runs[member.index].style
                var positions = line.positions[range].map { start + $0 }
                if style.letterSpacing != 0 || style.wordSpacing != 0 || spacing != 0 {
                    var scalars = runs[member.index].text.unicodeScalars.makeIterator()
                    for i in positions.indices {
                        positions[i] += spacing
                        trailingSpacing = style.letterSpacing + (scalars.next() == " " ? style.wordSpacing : 0)
                        spacing += trailingSpacing
                    }
                } else {
                    trailingSpacing = 0
                }
                var placedRun = PlacedRun(run: member.index, font: member.font, unit: unit, glyphs: Array(line.glyphs[range]),
                                          positions: positions, baselineShift: baselineShift)
                let baseline = style.alignmentBaseline != .auto ? style.alignmentBaseline : style.dominantBaseline
                placedRun.rise = style.baselineShifts.reduce(0) { $0 + $1.rise(in: member.font.font) }
                    - baseline.drop(in: member.font.font, size: size)
                placedRun.trailingSpacing = style.letterSpacing != 0 || style.wordSpacing != 0 ? trailingSpacing : 0
                if !line.fontIndices.isEmpty {
                    placedRun.layout = layout
                    placedRun.fontIndices = Array(line.fontIndices[range])
                    placedRun.size = size
                }
                placed.append(placedRun)
            }
            let lastFont = layout.font(at: line.fontIndex(ofGlyph: line.glyphs.count - 1))
            pen += lastX + Double(lastFont.advance(of: last)) * size / Double(max(1, lastFont.metrics.unitsPerEm)) + spacing
            previous = line.fontIndex(ofGlyph: line.glyphs.count - 1) == 0 ? (first.font.key, size, last) : nil
        }
        guard let firstPen else { return nil }
        return (placed, pen - firstPen - trailingSpacing)
    }

    /// The runs that draw (characters, a size above 0) with their fonts
    /// and the shifts before them (a dropped run's carried to the next);
    /// `nil` if a font is needed and none can be read (warned).
    private mutating func fontedRuns(_ runs: [SVGTextRun], _ element: XMLElement)
        -> [(index: Int, font: SVGFontChoice, dx: Double, dy: Double)]?
    {
        var drawn: [(index: Int, font: SVGFontChoice, dx: Double, dy: Double)] = []
        var carried = (dx: 0.0, dy: 0.0)
        for (index, run) in runs.enumerated() {
            carried.dx += run.dx
            carried.dy += run.dy
            guard !run.text.isEmpty, run.style.fontSize > 0 else { continue }
            switch fonts.font(for: run.style.fontFamilies, weight: run.style.fontWeight, slant: run.style.fontStyle,
                              stretch: run.style.fontStretch, variations: run.style.fontVariations,
                              size: run.style.fontSize) {
            case .success(let choice):
                if let substitution = choice.substitution { warnOnce(.fontSubstituted(substitution), element) }
                drawn.append((index, choice, carried.dx, carried.dy))
                carried = (0, 0)
            case .failure(let error):
                warnOnce(.fontUnavailable(error.description), element)
                return nil
            }
        }
        return drawn
    }

    /// Records a font warning unless the same one was given before in
    /// this document.
    private mutating func warnOnce(_ kind: SVGWarning.Kind, _ element: XMLElement) {
        guard reportedFontProblems.insert(kind).inserted else { return }
        let attribute: String?
        if case .fontSubstituted = kind { attribute = "font-family" } else { attribute = nil }
        warn(kind, element, attribute: attribute, at: element.offset)
    }
}
