// Canvas: runs one fill through the pipeline,
// Path --transform--> flatten --> edges --> rasterize --> composite,
// with the scratch memory of every stage kept for the next draw.

/// The drawing pipeline and its reusable scratch. One per canvas.
final class Renderer {
    /// Flattened and dashed subpaths for strokes.
    var polyline = Polyline()
    var dashed = Polyline()
    /// The stroker's two outline sides (user space), kept between draws.
    var strokeSides: ([Point], [Point]) = ([], [])
    let rasterizer = Rasterizer()

    /// Fills `path` (user space) mapped by `transform` into `surface`.
    /// Non-finite geometry draws nothing.
    func fill(_ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule,
              color: PremultipliedColor, into surface: Surface) {
        guard transform.isFinite, transform.determinant != 0 else { return }
        let clip = PixelRect(minX: 0, minY: 0, maxX: surface.width, maxY: surface.height)
        guard buildEdges(path, transform: transform, tolerance: tolerance, clip: clip) else { return }
        var sink = SolidSourceOver(surface: surface, color: color)
        rasterizer.rasterize(rule: rule, into: &sink)
    }

    /// Flattens `path` into the rasterizer's edge list for `clip`.
    /// - Returns: `false` if the geometry is not finite (the list is then
    ///   empty).
    func buildEdges(_ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect) -> Bool {
        rasterizer.builder.reset(clip: clip)
        let ok = Flattener.flatten(path, transform: transform, tolerance: tolerance,
                                   cullRect: clip.rect, into: &rasterizer.builder)
        if !ok { rasterizer.builder.reset(clip: clip) }
        return ok
    }
}
