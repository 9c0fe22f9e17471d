// Canvas: runs one fill through the pipeline,
// Path --transform--> flatten --> edges --> rasterize --> composite,
// with the scratch memory of every stage kept for the next draw.

/// The drawing pipeline and its reusable scratch. One per canvas.
final class Renderer {
    /// Keeps the fields below off neighbouring objects' cache lines.
    private let leadingPad = CacheLinePad()
    /// Flattened and dashed subpaths for strokes. (The renderer's mutable
    /// scratch is not checked for exclusivity at run time: a renderer is
    /// used by one thread, and its methods never overlap two accesses.)
    @exclusivity(unchecked) var polyline = Polyline()
    @exclusivity(unchecked) var dashed = Polyline()
    /// The stroker's two outline sides (user space), kept between draws.
    @exclusivity(unchecked) var strokeSides = (ScratchBuffer<Point>(), ScratchBuffer<Point>())
    /// The stroke of a rect, rounded rect or circle as geometry (user
    /// space), rebuilt in place for each such stroke.
    @exclusivity(unchecked) var ringPath = Path()
    /// The gradient ramp, and what it was filled for.
    let rampStorage = UnsafeMutablePointer<UInt32>.allocate(capacity: rampSize)
    var rampKey: (gradient: Gradient, alpha: Double, swapped: Bool)?
    var rampIsOpaque = false
    /// The last repeating pattern's rows, repeated side by side.
    @exclusivity(unchecked) var patternRows = PatternRowCache()
    /// Row buffers for shaded paints: source colors and coverage.
    @exclusivity(unchecked) var rows = ScratchBuffer<UInt32>(capacity: 0)
    @exclusivity(unchecked) var rowCoverage = ScratchBuffer<UInt8>(capacity: 0)
    @exclusivity(unchecked) var rasterizer = Rasterizer()
    /// A path kept for draws that build one per call (image pieces).
    private var scratchPath = Path()

    /// The scratch path, emptied (its storage kept); give it back with
    /// `returnScratchPath` (taking it out keeps its storage unshared).
    func takeScratchPath() -> Path {
        var path = Path()
        swap(&path, &scratchPath)
        path.removeAll(keepingCapacity: true)
        return path
    }

    func returnScratchPath(_ path: Path) { scratchPath = path }

    /// The pieces' kernels of a sliced image draw (Renderer+Paint.swift),
    /// initialized for one draw at a time.
    let slicedKernels = UnsafeMutablePointer<PaintKernel>.allocate(capacity: 9)
    /// Clip masks, reused from clip to clip.
    let clipMasks = ClipMaskPool()
    /// A second edge list and row loop, for a fill and a stroke drawn
    /// together (Renderer+FillStroke.swift).
    @exclusivity(unchecked) var secondRasterizer = Rasterizer()
    /// The most line segments a draw may produce at any stage (see
    /// `Canvas.maximumSegmentCount`).
    var maximumSegmentCount = Canvas.defaultMaximumSegmentCount
    /// Draws dropped for non-finite geometry or the segment limit.
    var droppedDrawCount = 0
    /// Rows per chunk of a fill and stroke drawn together, if not the
    /// default (tests use small chunks to exercise the alternation).
    var fillStrokeChunkRows: Int?
    /// Whether a solid fill and a solid stroke both covered in closed form
    /// are swept together (Raster/RoundedRectPair.swift); tests turn it off
    /// to compare with the alternating row loops.
    var pairsClosedForms = true
    /// Whether the surface drawn into stores pixels as BGRA8: solid
    /// colors and gradient ramps are then prepared in that order, pattern
    /// pixels swapped as they are shaded, and the non-separable blend
    /// modes (which tell red from blue) swap around their formula.
    var swapsRedBlue = false
    /// Whether pair draws keep their sweeps across draws (both
    /// rasterizers: they trade places during a draw).
    var keepsSweeps: Bool {
        get { rasterizer.core.sweepCache.isEnabled }
        set {
            rasterizer.core.sweepCache.isEnabled = newValue
            rasterizer.core.singleSweeps.isEnabled = newValue
            secondRasterizer.core.sweepCache.isEnabled = newValue
        }
    }
    /// Fill-and-stroke draws that took that one sweep (for tests).
    var pairedDrawCount = 0

    private let trailingPad = CacheLinePad()

    /// The capacities of every buffer the pipeline reuses, in elements
    /// (for tests that check steady drawing stops allocating).
    var storageFootprint: [Int] {
        rasterizer.storageFootprint + secondRasterizer.storageFootprint + [
            rasterizer.builder.edges.capacity, polyline.vertices.capacity, polyline.subpaths.capacity,
            dashed.vertices.capacity, dashed.subpaths.capacity, strokeSides.0.capacity, strokeSides.1.capacity,
            rows.capacity, rowCoverage.capacity, ringPath.elements.capacity, patternRows.capacity,
        ] + clipMasks.footprint
    }

    deinit {
        strokeSides.0.deallocate()
        strokeSides.1.deallocate()
        rampStorage.deallocate()
        patternRows.deallocate()
        slicedKernels.deallocate()
        rows.deallocate()
        rowCoverage.deallocate()
    }

    /// Fills `path` (user space) mapped by `transform` into `surface`
    /// through `clip`. Non-finite geometry draws nothing.
    func fill(_ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule,
              shader: Shader, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface) {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else { return }
        guard buildEdges(path, transform: transform, tolerance: tolerance, clip: clip.bounds) else { return }
        composite(shader, rule: rule, clip: clip, mode: mode, into: surface)
    }

    /// Fills with a solid color through the whole surface (tests and
    /// benchmarks of the plain pipeline).
    func fill(_ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule,
              color: PremultipliedColor, into surface: Surface) {
        fill(path, transform: transform, tolerance: tolerance, rule: rule, shader: .solid(surface.format.pack(color)),
             clip: Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: surface.width, maxY: surface.height)),
             into: surface)
    }

    /// Flattens `path` into the rasterizer's edge list for `clip`.
    /// - Returns: `false` if the geometry is not finite or needs more than
    ///   `maximumSegmentCount` lines (the list is then empty, and the draw
    ///   counted as dropped).
    func buildEdges(_ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect) -> Bool {
        let ok = flattenEdges(path, transform: transform, tolerance: tolerance, clip: clip, nested: false)
        if !ok { droppedDrawCount += 1 }
        return ok
    }

    /// `buildEdges` without the dropped-draw count; `nested` vouches that
    /// the path is two contours, the second inside the first (a stroke
    /// ring), for the rasterizer's simplicity proof.
    func flattenEdges(_ path: Path, transform: AffineTransform, tolerance: Double, clip: PixelRect,
                      nested: Bool) -> Bool {
        if let shape = path.shape.flatMap(CircularRoundedRect.init),
           coverInClosedForm(shape, minus: nil, transform: transform, clip: clip) {
            return true
        }
        rasterizer.builder.reset(clip: clip)
        rasterizer.builder.maximumLineCount = maximumSegmentCount
        rasterizer.builder.arcTolerance = max(tolerance.isFinite ? tolerance : Flattener.defaultTolerance,
                                              Flattener.minimumTolerance)
        var ok = Flattener.flatten(path, transform: transform, tolerance: tolerance,
                                   cullRect: clip.rect, into: &rasterizer.builder)
            && !rasterizer.builder.sawNonFinite && !rasterizer.builder.isSaturated
        if ok {
            // Arcs become exact edges, or chords if the draw is not simple.
            rasterizer.builder.contoursAreNested = nested
            rasterizer.builder.finishArcs()
            ok = !rasterizer.builder.isSaturated
        }
        if !ok { rasterizer.builder.reset(clip: clip) }
        return ok
    }

    /// Makes the rasterizer's draw `outer` minus `inner` (user space),
    /// covered in closed form (RoundedRectRows.swift), if the transform and
    /// the geometry allow it; returns whether it did (the draw may then be
    /// empty: nothing of it inside the clip).
    func coverInClosedForm(_ outer: CircularRoundedRect, minus inner: CircularRoundedRect?,
                           transform: AffineTransform, clip: PixelRect) -> Bool {
        guard let o = RowRoundedRect(outer, transform: transform, clip: clip) else { return false }
        var i: RowRoundedRect?
        if let inner {
            guard let mapped = RowRoundedRect(inner, transform: transform, clip: clip) else { return false }
            i = mapped
        }
        rasterizer.builder.reset(clip: clip)
        if let draw = RoundedRectDraw(outer: o, inner: i, clipWidth: clip.width, clipHeight: clip.height) {
            rasterizer.builder.setRoundedRects(draw)
        }
        return true
    }
}
