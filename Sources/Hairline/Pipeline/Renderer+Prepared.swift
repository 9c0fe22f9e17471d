// Pipeline: a fill's or stroke's geometry prepared once, drawn many times.
// `prepareFill`/`prepareStroke` run the draw's first stages (flatten,
// stroke, edges: Renderer+Edges.swift) over a tall clip and take the edges
// out (Raster/EdgeBuilder+Rows.swift); a draw of the snapshot cuts them to
// its own clip's rows and goes on to the row loop and the kernel as any
// draw does. A banded render prepares a draw that crosses bands once
// instead of once per band; the pixels are those of drawing the path.

extension Renderer {
    /// The edges a fill of `path` (user space) mapped by `transform` has
    /// over `clip` (device pixels), taken out; nil if the geometry is not
    /// finite or too large (not counted as dropped: the caller draws the
    /// path, which counts it), or the draw is not line edges alone.
    func prepareFill(_ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect) -> EdgeSnapshot? {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty,
            flattenEdges(path, transform: transform, tolerance: tolerance, clip: clip, nested: false)
        else { return nil }
        rasterizer.builder.finishArcs()
        return rasterizer.builder.takeSnapshot()
    }

    /// The edges of the stroke of `path` with `style` (see `prepareFill`).
    func prepareStroke(
        _ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double, clip: PixelRect
    ) -> EdgeSnapshot? {
        guard transform.isFinite, transform.determinant != 0, style.width.isFinite, style.width >= 0,
            !clip.isEmpty,
            buildStrokeEdges(path, style: style, transform: transform, tolerance: tolerance, clip: clip)
        else { return nil }
        rasterizer.builder.finishArcs()
        return rasterizer.builder.takeSnapshot()
    }

    /// Draws the prepared edges `snapshot` (built for the same geometry
    /// over a clip that `covers` `clip.bounds`) with `shader` under `rule`:
    /// the pixels of `fill` or `stroke` of that geometry.
    func draw(
        _ snapshot: EdgeSnapshot, rule: FillRule, shader: Shader, clip: Clip, mode: BlendMode = .sourceOver,
        into surface: Surface
    ) {
        guard !clip.isEmpty else { return }
        rasterizer.cut(snapshot, rule: rule, to: clip.bounds)
        preparedDrawCount &+= 1
        composite(shader, rule: rule, clip: clip, mode: mode, into: surface)
    }
}
