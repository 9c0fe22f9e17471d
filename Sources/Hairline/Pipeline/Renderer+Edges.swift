// Pipeline: a draw's geometry -> what the rasterizer sweeps. The one
// decision of a draw's coverage producer is made here: a fill of a
// circular rounded rect, rect or circle, or a stroke that is the ring
// between two, standing upright under the transform, is covered in
// closed form (Raster/ClosedForm: no edges); everything else becomes edges
// (Raster/EdgeBuilder+Path.swift), strokes through the stroker first
// (Stroke/StrokeOutliner.swift: the exact ring, else the general outline).
// Pending clip shapes and nine-slice images ask the same function,
// `coverInClosedForm`.

extension Renderer {
    /// Builds the stroke outline's edges for `clip` through the stroker,
    /// in the first form that applies: rounded rects in closed form, the
    /// exact ring, the general outline. `false` if the geometry is not
    /// finite or too large (the edge list is then empty).
    func buildStrokeEdges(
        _ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double,
        clip: PixelRect, on target: Rasterizer? = nil
    ) -> Bool {
        let target = target ?? rasterizer
        if let rings = StrokeOutliner.closedFormRings(path, style: style, transform: transform),
            coverInClosedForm(rings.outer, minus: rings.inner, transform: transform, clip: clip, on: target)
        {
            return true
        }
        if let nested = stroker.buildRing(path, style: style, transform: transform) {
            return flattenEdges(
                stroker.ringPath, transform: transform, tolerance: tolerance, clip: clip,
                nested: nested, on: target)
        }
        return stroker.outline(
            path, style: style, transform: transform, tolerance: tolerance, clip: clip,
            maximumSegmentCount: maximumSegmentCount, into: &target.builder)
    }

    /// Flattens `path` into the rasterizer's edge list (or `target`'s) for
    /// `clip`.
    /// - Returns: `false` if the geometry is not finite or needs more than
    ///   `maximumSegmentCount` lines (the list is then empty, and the draw
    ///   counted as dropped).
    func buildEdges(
        _ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect,
        on target: Rasterizer? = nil
    ) -> Bool {
        let ok = flattenEdges(path, transform: transform, tolerance: tolerance, clip: clip, nested: false, on: target)
        if !ok { droppedDrawCount += 1 }
        return ok
    }

    /// `buildEdges` for a fill under `rule` into `surface`, then its
    /// windings resolved as a whole where they may be
    /// (`Rasterizer.resolveWindings`).
    func buildFillEdges(
        _ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule, clip: PixelRect,
        surfaceHeight: Int, on target: Rasterizer? = nil
    ) -> Bool {
        let target = target ?? rasterizer
        guard flattenEdges(path, transform: transform, tolerance: tolerance, clip: clip, nested: false, on: target)
        else {
            droppedDrawCount += 1
            return false
        }
        // (The closure only where it is called: formed, it copied the
        // path and the style, references and all, in every draw.)
        if target.mayResolveWindings {
            target.resolveWindings(rule: rule, clip: clip, surfaceHeight: surfaceHeight) {
                flattenEdges(path, transform: transform, tolerance: tolerance, clip: $0, nested: false, on: target)
            }
        }
        return true
    }

    /// `buildStrokeEdges`, then the stroke's windings resolved as a whole
    /// where they may be (`Rasterizer.resolveWindings`).
    func buildResolvedStrokeEdges(
        _ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double,
        clip: PixelRect, surfaceHeight: Int, on target: Rasterizer? = nil
    ) -> Bool {
        let target = target ?? rasterizer
        guard buildStrokeEdges(path, style: style, transform: transform, tolerance: tolerance, clip: clip, on: target)
        else { return false }
        if target.mayResolveWindings {
            target.resolveWindings(rule: .nonZero, clip: clip, surfaceHeight: surfaceHeight) {
                buildStrokeEdges(path, style: style, transform: transform, tolerance: tolerance, clip: $0, on: target)
            }
        }
        return true
    }

    /// `buildEdges` without the dropped-draw count; `nested` vouches that
    /// the path is two contours, the second inside the first (a stroke
    /// ring), for the rasterizer's simplicity proof.
    func flattenEdges(
        _ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect,
        nested: Bool, on target: Rasterizer? = nil
    ) -> Bool {
        let target = target ?? rasterizer
        if let shape = path.shape.flatMap(CircularRoundedRect.init),
            coverInClosedForm(shape, minus: nil, transform: transform, clip: clip, on: target)
        {
            return true
        }
        return target.builder.build(
            path, transform: transform, tolerance: tolerance, clip: clip,
            maximumLineCount: maximumSegmentCount, nested: nested)
    }

    /// Makes the rasterizer's (or `target`'s) draw `outer` minus `inner` (user space),
    /// covered in closed form (RoundedRectRows.swift), if the transform and
    /// the geometry allow it; returns whether it did (the draw may then be
    /// empty: nothing of it inside the clip).
    func coverInClosedForm(
        _ outer: CircularRoundedRect, minus inner: CircularRoundedRect?,
        transform: AffineTransform, clip: PixelRect, on target: Rasterizer? = nil
    ) -> Bool {
        let target = target ?? rasterizer
        guard let o = RowRoundedRect(outer, transform: transform, clip: clip) else { return false }
        var i: RowRoundedRect?
        if let inner {
            guard let mapped = RowRoundedRect(inner, transform: transform, clip: clip) else { return false }
            i = mapped
        }
        target.builder.reset(clip: clip)
        target.builder.setRoundedRects(o, minus: i)
        return true
    }
}
