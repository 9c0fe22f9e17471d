// Canvas: a fill's or stroke's geometry prepared once over every row of
// the surface, then drawn by canvases over bands of it (row windows, on
// other threads): the flattening, stroking and edge building of a draw
// that crosses several bands is done once, and each band only cuts the
// edges to its rows (Pipeline/Renderer+Prepared.swift). Device pixels;
// the pixels are those of drawing the path itself.

/// The device geometry of one fill or stroke: its line edges over every
/// row of a surface, under one transform, flattening tolerance and clip's
/// columns (`Canvas.prepareFill(_:)`, `Canvas.prepareStroke(_:style:)`).
///
/// Immutable and `Sendable`: canvases over any rows of a surface of the
/// same size (the whole of it, a band, a layer's row window), on any
/// threads, draw it with `fill(_:with:rule:prepared:)`,
/// `stroke(_:with:style:prepared:)` or
/// `draw(_:fill:stroke:style:rule:preparedFill:preparedStroke:)`, each
/// cutting the edges to its own rows. A canvas whose state does not
/// match (another transform, tolerance, path, style or clip columns, or a
/// shadow) draws the path instead, so a prepared shape never changes
/// pixels. It holds `byteCount` bytes until it is released.
public final class PreparedShape: @unchecked Sendable {
    // @unchecked: every field is written once, in init, and only read
    // after (the edges' memory too); the memory is freed in deinit.
    let edges: EdgeSnapshot
    let path: Path
    let style: StrokeStyle?
    let transform: AffineTransform
    let tolerance: Double

    init(edges: EdgeSnapshot, path: Path, style: StrokeStyle?, transform: AffineTransform, tolerance: Double) {
        self.edges = edges
        self.path = path
        self.style = style
        self.transform = transform
        self.tolerance = tolerance
    }

    deinit { edges.deallocate() }

    /// The memory the edges take, in bytes (the path is shared with the
    /// caller's).
    public var byteCount: Int { edges.byteCount }

    /// The number of line edges.
    public var edgeCount: Int { edges.edges.count }
}

extension Canvas {
    /// The edges a fill of `path` (user space) would have under the
    /// current transform and tolerance, over the clip's columns and every
    /// row of the surface (all of the parent's rows for a row window),
    /// for canvases over bands of it to draw with
    /// `fill(_:with:rule:prepared:)`.
    ///
    /// Nil when there is nothing to share: non-finite or too large
    /// geometry (drawing the path drops and counts it), a shape covered in
    /// closed form or with exact arcs (built per band), or a shadow.
    /// - Parameter path: the shape, in user space (points).
    /// - Complexity: the flattening and edge building of the fill.
    public func prepareFill(_ path: Path) -> PreparedShape? {
        guard state.shadow == nil,
            let edges = renderer.prepareFill(
                path, transform: state.transform, tolerance: flatteningTolerance, clip: preparationClip)
        else { return nil }
        return PreparedShape(
            edges: edges, path: path, style: nil, transform: state.transform, tolerance: flatteningTolerance)
    }

    /// The edges the stroke of `path` with `style` would have (see
    /// `prepareFill(_:)`), for `stroke(_:with:style:prepared:)`.
    /// - Parameters:
    ///   - path: the line, in user space (points).
    ///   - style: width, joins, caps and dashes, lengths in user space.
    /// - Complexity: the stroking and edge building of the stroke.
    public func prepareStroke(_ path: Path, style: StrokeStyle) -> PreparedShape? {
        guard state.shadow == nil,
            let edges = renderer.prepareStroke(
                path, style: style, transform: state.transform, tolerance: flatteningTolerance,
                clip: preparationClip)
        else { return nil }
        return PreparedShape(
            edges: edges, path: path, style: style, transform: state.transform, tolerance: flatteningTolerance)
    }

    /// `fill(_:with:rule:)`, from `prepared`'s edges if they are this
    /// draw's (made by `prepareFill(path)` under the current transform and
    /// tolerance, for the clip's columns); otherwise, or for nil, from the
    /// path. The pixels are the same either way.
    /// - Parameters:
    ///   - path: the shape, in user space (points).
    ///   - paint: what fills it; its geometry is in user space too.
    ///   - rule: which regions are inside.
    ///   - prepared: the shape's prepared edges, if any.
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero, prepared: PreparedShape?) {
        guard let prepared, let clip = clip(for: prepared, path: path, style: nil) else {
            return fill(path, with: paint, rule: rule)
        }
        guard let shader = visibleShader(for: paint) else { return }
        renderer.draw(prepared.edges, rule: rule, shader: shader, clip: clip, mode: state.blendMode, into: surface)
    }

    /// `stroke(_:with:style:)`, from `prepared`'s edges if they are this
    /// draw's (see `fill(_:with:rule:prepared:)`).
    /// - Parameters:
    ///   - path: the line, in user space (points).
    ///   - paint: what the stroke is painted with.
    ///   - style: width, joins, caps, miter limit and dashes (user space).
    ///   - prepared: the stroke's prepared edges, if any.
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle = StrokeStyle(), prepared: PreparedShape?) {
        guard let prepared, let clip = clip(for: prepared, path: path, style: style) else {
            return stroke(path, with: paint, style: style)
        }
        guard let shader = visibleShader(for: paint) else { return }
        renderer.draw(
            prepared.edges, rule: .nonZero, shader: shader, clip: clip, mode: state.blendMode, into: surface)
    }

    /// `draw(_:fill:stroke:style:rule:)`, each part from its prepared
    /// edges if they are this draw's (see `fill(_:with:rule:prepared:)`),
    /// else from the path. The pixels are the same either way.
    /// - Parameters:
    ///   - path: the shape, in user space (points).
    ///   - fill: what fills the inside.
    ///   - stroke: what the outline is painted with.
    ///   - style: the stroke's width, joins, caps and dashes (user space).
    ///   - rule: which regions the fill covers.
    ///   - preparedFill: the fill's prepared edges, if any.
    ///   - preparedStroke: the stroke's prepared edges, if any.
    public func draw(
        _ path: Path, fill: Paint, stroke: Paint, style: StrokeStyle = StrokeStyle(), rule: FillRule = .nonZero,
        preparedFill: PreparedShape?, preparedStroke: PreparedShape?
    ) {
        let clip = resolvedClip()
        let fillEdges = preparedFill.flatMap { matches($0, path: path, style: nil, clip: clip) ? $0.edges : nil }
        let strokeEdges = preparedStroke.flatMap {
            matches($0, path: path, style: style, clip: clip) ? $0.edges : nil
        }
        guard state.shadow == nil, fillEdges != nil || strokeEdges != nil else {
            return draw(path, fill: fill, stroke: stroke, style: style, rule: rule)
        }
        drawTogether(
            path, fill: fill, stroke: stroke, style: style, rule: rule, clip: clip, preparedFill: preparedFill,
            preparedStroke: preparedStroke, fillEdges: fillEdges, strokeEdges: strokeEdges)
    }

    /// The clip a draw is prepared for: the current clip's columns, every
    /// row of the surface.
    private var preparationClip: PixelRect {
        let bounds = resolvedClip().bounds
        return PixelRect(minX: bounds.minX, minY: 0, maxX: bounds.maxX, maxY: surface.height)
    }

    /// The clip to draw `prepared` through, if it is the draw of `path`
    /// (stroked with `style`) in the current state; nil otherwise.
    private func clip(for prepared: PreparedShape, path: Path, style: StrokeStyle?) -> Clip? {
        guard state.shadow == nil else { return nil }
        let clip = resolvedClip()
        return matches(prepared, path: path, style: style, clip: clip) ? clip : nil
    }

    /// Whether `prepared` holds the edges of `path` (stroked with `style`)
    /// under the current transform and tolerance, for `clip`'s columns
    /// and rows. The path is compared last (its storage is usually the
    /// prepared one's, which compares at once).
    private func matches(_ prepared: PreparedShape, path: Path, style: StrokeStyle?, clip: Clip) -> Bool {
        prepared.edges.covers(clip.bounds) && prepared.transform == state.transform
            && prepared.tolerance == flatteningTolerance && prepared.style == style && prepared.path == path
    }
}
