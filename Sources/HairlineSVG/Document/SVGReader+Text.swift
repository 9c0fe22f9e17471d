// Document: <text> (SVG 1.1 §10, SVG 2 §11) -> glyph outlines as Paths in
// the element's user space. Runs (SVGReader+TextContent.swift) after
// whitespace handling are shaped and placed per character
// (SVGReader+TextLayout.swift); here each glyph's outline (font units,
// y up) is mapped by (unit, 0, 0, -unit) and its placement: the pen
// position and baseline rise, the character's `rotate`, and on a
// <textPath> the path's point and tangent at the middle of the glyph's
// advance (glyphs whose middle is off the path are not drawn, as in
// resvg). Decorations follow the glyphs.
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

extension SVGReader {
    /// The most characters one `<text>` draws (after whitespace
    /// handling): beyond this a text is cut with a warning, so that a huge
    /// text costs bounded time. Far above any label or paragraph.
    static let maximumTextLength = 10_000

    /// The content of a `<text>` with `style`: one shape (or a group of
    /// shapes with different paints), `nil` if it draws nothing (no
    /// characters, size 0, no glyph with ink, a font that cannot be read).
    mutating func textContent(
        _ element: XMLElement, _ geometry: [String: XMLAttribute], style: InheritedStyle
    )
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
        for layer in text.colorLayers {
            shapes.append((layer.path, .paint(layer.paint), nil, layer.elementName, layer.offset))
        }
        if shapes.count == 1 {
            return .shape(shapes[0].path, fill: shapes[0].fill, rule: .nonZero, stroke: shapes[0].stroke)
        }
        return .group(
            shapes.map { shape in
                SVGNode(
                    elementName: shape.elementName, offset: shape.offset,
                    content: .shape(shape.path, fill: shape.fill, rule: .nonZero, stroke: shape.stroke))
            })
    }

    /// The fill and stroke of a run with `style`, paint servers resolved
    /// against the whole text's `bounds`.
    private mutating func resolvePaints(
        _ style: InheritedStyle, bounds: Rect, _ element: XMLElement
    )
        throws(SVGError) -> (SVGShapePaint?, SVGStroke?)
    {
        let fill = try resolve(style.fill, opacity: style.fillOpacity, style: style, bounds: bounds, element)
        var stroke: SVGStroke?
        if style.strokeStyle.width > 0,
            let paint = try resolve(style.stroke, opacity: style.strokeOpacity, style: style, bounds: bounds, element)
        {
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
    /// user space: glyphs placed per character (SVGReader+TextLayout.swift),
    /// those on a textPath mapped onto it, with each run's decorations.
    mutating func textGeometry(
        _ element: XMLElement, _ geometry: [String: XMLAttribute], style: InheritedStyle
    )
        throws(SVGError) -> SVGTextGeometry?
    {
        var collection = SVGTextCollection()
        collection.isVertical = style.isVertical
        var lists = try positioning(geometry, element, runs: 0..<0)
        readTextLength(geometry, element, into: &lists)
        collection.positionings.append(lists)
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
        try collectRuns(of: element, style: textStyle, into: &collection)
        collection.positionings[0].runs = 0..<collection.runs.count
        let texts = SVGTextWhitespace.process(collection.runs.map { ($0.text, $0.style.preservesSpace) })
        for i in collection.runs.indices { collection.runs[i].text = texts[i] }
        limitLength(&collection.runs, element)
        guard let glyphs = layOutText(collection, element) else { return nil }
        var result = SVGTextGeometry(runs: [], bounds: .zero)
        var cache: [UInt: [GlyphID: Path]] = [:]
        var colorCache = ColorGlyphCache()
        var bounds: Rect?
        func add(_ path: Path, _ style: InheritedStyle, _ run: SVGTextRun) {
            guard !path.isEmpty else { return }
            bounds = bounds.map { $0.union(path.bounds) } ?? path.bounds
            result.runs.append((path, style, run.elementName, run.offset))
        }
        var start = 0
        while start < glyphs.count {
            var end = start + 1
            while end < glyphs.count, glyphs[end].run == glyphs[start].run { end += 1 }
            let run = collection.runs[glyphs[start].run]
            let placements = Self.placements(
                of: glyphs[start..<end], run: run, paths: collection.paths,
                vertical: collection.isVertical)
            var colored: [(path: Path, paint: Paint)] = []
            let path = Self.outlines(
                of: glyphs[start..<end], placements.map { $0?.outline }, cache: &cache,
                colored: &colored, colorCache: &colorCache,
                foreground: Self.foregroundColor(of: run.style))
            for layer in colored where !layer.path.isEmpty {
                bounds = bounds.map { $0.union(layer.path.bounds) } ?? layer.path.bounds
                result.colorLayers.append((layer.path, layer.paint, run.elementName, run.offset))
            }
            // Underline and overline under the glyphs, line-through over
            // them (as resvg draws them), each in its declarer's style.
            let lines = run.style.decorations.map { decoration in
                (
                    decoration.kind,
                    Self.decorationLine(
                        decoration.kind, of: glyphs[start..<end], placements.map { $0?.line },
                        run: run, vertical: collection.isVertical),
                    decoration.style
                )
            }
            for line in lines where line.0 != .lineThrough { add(line.1, line.2, run) }
            add(path, run.style, run)
            for line in lines where line.0 == .lineThrough { add(line.1, line.2, run) }
            start = end
        }
        // Sizes so large that coordinates overflow draw nothing.
        guard let bounds, bounds.isFinite else { return nil }
        result.bounds = bounds
        return result
    }

    /// Each glyph's map from its own space (user units, origin at its pen
    /// position on the baseline, y down) to the text's user space: the
    /// stretch of spacingAndGlyphs, the character's rotation, the run's
    /// baseline rise, on a vertical line a quarter turn, and on a textPath
    /// the point and tangent at the middle of the glyph's advance (`nil`
    /// for a glyph whose middle is off its path: not drawn). `outline`
    /// also sets a vertical line's glyphs on its centre line, upright ones
    /// turned back (as resvg places them).
    private static func placements(
        of glyphs: ArraySlice<SVGPlacedGlyph>, run: SVGTextRun, paths: [SVGTextPathSource],
        vertical: Bool
    ) -> [(outline: AffineTransform, line: AffineTransform)?] {
        guard let first = glyphs.first else { return [] }
        let size = run.style.fontSize
        let baseline = run.style.alignmentBaseline != .auto ? run.style.alignmentBaseline : run.style.dominantBaseline
        let shifts = run.style.baselineShifts.reduce(0) { $0 + $1.rise(in: first.font) }
        let rise = vertical ? shifts : shifts - baseline.drop(in: first.font, size: size)
        return glyphs.map { glyph -> (outline: AffineTransform, line: AffineTransform)? in
            var placement =
                glyph.rotate == 0 ? AffineTransform.identity : SVGTransformParser.rotation(degrees: glyph.rotate)
            if glyph.stretch != 1 { placement = AffineTransform(scaleX: glyph.stretch, y: 1).concatenating(placement) }
            guard let path = glyph.path else {
                guard vertical else {
                    placement = placement.concatenating(AffineTransform(translationX: glyph.x, y: glyph.y - rise))
                    return (placement, placement)
                }
                placement = placement.concatenating(AffineTransform(translationX: 0, y: -rise))
                    .concatenating(SVGTransformParser.rotation(degrees: 90))
                    .concatenating(AffineTransform(translationX: glyph.y, y: glyph.x))
                return (verticalSetting(of: glyph).concatenating(placement), placement)
            }
            let middle = glyph.x + glyph.advance / 2
            guard let (point, angle) = paths[path].measure.position(at: middle) else { return nil }
            placement = placement.concatenating(AffineTransform(translationX: -glyph.advance / 2, y: glyph.y - rise))
                .concatenating(AffineTransform(rotationAngle: angle))
                .concatenating(AffineTransform(translationX: point.x, y: point.y))
            return (placement, placement)
        }
    }

    /// How a glyph sits on a vertical line, in its own space: moved down by
    /// half of (ascent - descent) so that the line runs through its middle;
    /// an upright character (SVGVerticalOrientation.swift) is first turned
    /// a quarter back about the centre of its advance and of its ascent
    /// and descent.
    private static func verticalSetting(of glyph: SVGPlacedGlyph) -> AffineTransform {
        let metrics = glyph.font.metrics
        let half = Double(metrics.ascent - metrics.descent) * glyph.unit / 2
        let down = AffineTransform(translationX: 0, y: half)
        guard SVGVerticalOrientation.isUpright(glyph.scalar) else { return down }
        let center = (x: glyph.advance / 2, y: -half)
        return AffineTransform(translationX: -center.x, y: -center.y)
            .concatenating(SVGTransformParser.rotation(degrees: -90))
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
            .concatenating(down)
    }

    /// The outlines of glyphs, each scaled from font units (y up) and
    /// mapped by its placement; outlines are read once per font and glyph
    /// (`cache`, by font identity). A damaged glyph draws nothing, as in
    /// Canvas text. Color glyphs go to `colored` instead (their layers,
    /// user space; SVGReader+ColorGlyphs.swift).
    private static func outlines(
        of glyphs: ArraySlice<SVGPlacedGlyph>, _ placements: [AffineTransform?],
        cache: inout [UInt: [GlyphID: Path]], colored: inout [(path: Path, paint: Paint)],
        colorCache: inout ColorGlyphCache,
        foreground: Color
    ) -> Path {
        var path = Path()
        for (glyph, placement) in zip(glyphs, placements) {
            guard let placement else { continue }
            let size = glyph.unit * glyph.scale
            // Shaped glyphs' offsets from the pen (marks on their base).
            let place = AffineTransform(a: size, b: 0, c: 0, d: -size, tx: glyph.offsetX, ty: -glyph.offsetY)
                .concatenating(placement)
            if let layers = colorGlyphLayers(
                glyph.glyph, of: glyph.font, place: place, foreground: foreground,
                cache: &colorCache)
            {
                colored.append(contentsOf: layers)
                continue
            }
            let key = glyph.font.identity
            let outline: Path
            if let cached = cache[key]?[glyph.glyph] {
                outline = cached
            } else {
                outline = (try? glyph.font.outline(of: glyph.glyph)) ?? Path()
                cache[key, default: [:]][glyph.glyph] = outline
            }
            guard !outline.isEmpty else { continue }
            path.addPath(outline.applying(place))
        }
        return path
    }

    /// A decoration line under, over or through a run's glyphs: per glyph
    /// a rectangle over its advance and spacing, the font's underline
    /// thickness high, centred on the underline position, the ascent or
    /// the strikeout position of the run's font, mapped by the glyph's
    /// placement; neighbours on one straight baseline join into one
    /// rectangle.
    private static func decorationLine(
        _ kind: SVGTextDecoration.Kind, of glyphs: ArraySlice<SVGPlacedGlyph>,
        _ placements: [AffineTransform?], run: SVGTextRun, vertical: Bool
    ) -> Path {
        guard let first = glyphs.first else { return Path() }
        let font = first.font
        let unit = run.style.fontSize / Double(max(1, font.metrics.unitsPerEm))
        // On a vertical line: half the line's height right and left of
        // its centre, and through it (as resvg draws them).
        let height = Double(font.metrics.ascent + font.metrics.descent)
        let center: Double
        switch kind {
        case .underline: center = vertical ? height / 2 : -Double(font.underlinePosition)
        case .overline: center = vertical ? -height / 2 : -Double(font.metrics.ascent)
        case .lineThrough: center = vertical ? 0 : -Double(font.strikeoutPosition)
        }
        let thickness = Double(font.underlineThickness) * unit
        let top = center * unit - thickness / 2
        var path = Path()
        // The straight piece being joined: its start, end and baseline.
        var piece: (start: Double, end: Double, y: Double)?
        func flush() {
            if let p = piece { path.addRect(Rect(x: p.start, y: p.y + top, width: p.end - p.start, height: thickness)) }
            piece = nil
        }
        for (glyph, placement) in zip(glyphs, placements) {
            guard let placement else { continue }
            let width = glyph.advance + glyph.spacing
            if placement.a == 1, placement.b == 0, placement.c == 0, placement.d == 1 {
                if let p = piece, p.y == placement.ty, abs(p.end - placement.tx) < 1e-9 {
                    piece?.end = placement.tx + width
                } else {
                    flush()
                    piece = (placement.tx, placement.tx + width, placement.ty)
                }
            } else {
                flush()
                var rect = Path()
                rect.addRect(Rect(x: 0, y: top, width: width, height: thickness))
                path.addPath(rect.applying(placement))
            }
        }
        flush()
        return path
    }
}
