// Raster: the edge builder's entry for a draw. The pipeline hands it the
// path, the transform, the tolerance, the clip and the limit, and gets
// back edges (or nothing, and `false`, for geometry it must drop): no
// driver sets the builder's fields one by one. (The stroker's outline
// enters through `begin(clip:maximumLineCount:)`, then writes its
// contours as a LineSink.)

extension EdgeBuilder: OutlineSink {
    /// Starts a draw for `clip` (device pixels): no edges, every row list
    /// empty, at most `maximumLineCount` lines (more saturates the
    /// builder), arcs flattened within `arcTolerance` device pixels where
    /// they cannot stay exact.
    mutating func begin(clip: PixelRect, maximumLineCount: Int, arcTolerance: Double = Flattener.defaultTolerance) {
        reset(clip: clip)
        self.maximumLineCount = maximumLineCount
        self.arcTolerance = max(
            arcTolerance.isFinite ? arcTolerance : Flattener.defaultTolerance,
            Flattener.minimumTolerance)
    }

    /// Builds the edges of `path` (user space) mapped by `transform`, for
    /// `clip`: curves flattened within `tolerance` device pixels, arcs made
    /// exact edges (or chords where contours may cross), at most
    /// `maximumLineCount` lines. `nested` vouches that the path is two
    /// contours, the second inside the first (a stroke ring), for the
    /// rasterizer's simplicity proof.
    /// - Returns: `false`, the builder left empty, if the geometry is not
    ///   finite or needs more than `maximumLineCount` lines.
    mutating func build(
        _ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect,
        maximumLineCount: Int, nested: Bool = false
    ) -> Bool {
        begin(clip: clip, maximumLineCount: maximumLineCount, arcTolerance: tolerance)
        var ok =
            Flattener.flatten(path, transform: transform, tolerance: tolerance, cullRect: clip.rect, into: &self)
            && !sawNonFinite && !isSaturated
        if ok {
            contoursAreNested = nested
            finishArcs()
            ok = !isSaturated
        }
        if !ok { reset(clip: clip) }
        return ok
    }
}
