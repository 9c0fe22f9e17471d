// Pipeline: runs one fill or stroke through the stages, in this order:
//   Path --transform--> closed form or edges (Renderer+Edges.swift: a
//   stroke through Stroke/StrokeOutliner first, edges through
//   Raster/EdgeBuilder+Path.swift) --> the row loop (Raster/) --> the kernel
//   KernelChoice names (Renderer+Kernel.swift) --> pixels
//   (Renderer+Composite.swift; a fill and its stroke together:
//   Renderer+FillStroke.swift; coverage masks: Renderer+Coverage.swift;
//   shadows: Renderer+Shadow.swift),
// with the scratch memory of every stage kept for the next draw. The
// renderer is the only owner of the rasterizers: the canvas asks it,
// never them.

/// The drawing pipeline and its reusable scratch. One per canvas.
final class Renderer {
    /// Keeps the fields below off neighbouring objects' cache lines.
    private let leadingPad = CacheLinePad()
    /// Paints turned into shaders, with the gradient ramp and pattern
    /// rows they read (Paint/ShaderPreparation.swift).
    let shaders = ShaderPreparation()
    /// Strokes turned into outlines, with their polylines and outline
    /// sides kept between draws (Stroke/StrokeOutliner.swift).
    let stroker = StrokeOutliner()
    /// Row buffers for shaded paints: source colors and coverage. (The
    /// renderer's mutable scratch is not checked for exclusivity at run
    /// time: a renderer is used by one thread, and its methods never
    /// overlap two accesses.)
    @exclusivity(unchecked) var rows = ScratchBuffer<UInt32>(capacity: 0)
    @exclusivity(unchecked) var rowCoverage = ScratchBuffer<UInt8>(capacity: 0)
    let rasterizer = Rasterizer()
    /// An A8 draw's scratch row, and the RGBA8 surface over it that the
    /// draw's kernels are made for (Renderer+Kernel.swift).
    @exclusivity(unchecked) var alphaRow = ScratchBuffer<UInt32>(capacity: 0)
    var alphaScratchTarget: Surface?
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

    /// The pieces' kernels of a sliced image draw (Renderer+Composite.swift),
    /// initialized for one draw at a time.
    let slicedKernels = UnsafeMutablePointer<PaintKernel>.allocate(capacity: 9)
    /// The sliced kernel's current band's plain rows (three; a trivial
    /// type, written before it is read).
    let slicedRows = UnsafeMutablePointer<PlainRow>.allocate(capacity: 3)
    /// The pieces' plain rows, found by `prepareSlice` (trivial, like
    /// `slicedRows`).
    let slicedPieces = UnsafeMutablePointer<PlainRows>.allocate(capacity: 9)
    /// How many sliced pieces have been drawn as plain rows (tests and
    /// profiling).
    var plainSliceCount = 0
    /// A shadow's blur planes (Renderer+Shadow.swift): two of 16-bit
    /// values, the column sums, the blurred coverage.
    @exclusivity(unchecked) var blurPlaneA = ScratchBuffer<UInt16>()
    @exclusivity(unchecked) var blurPlaneB = ScratchBuffer<UInt16>()
    @exclusivity(unchecked) var blurSums = ScratchBuffer<UInt32>()
    @exclusivity(unchecked) var blurredCoverage = ScratchBuffer<UInt8>()
    /// The shadow layers: RGBA8 surfaces a shadowed draw is first drawn
    /// into, for its alpha, one per depth of shadows cast inside shadows
    /// (Renderer+Shadow.swift); made on the first shadow, grown as needed.
    var shadowLayers: [Surface?] = []
    /// Clip masks, reused from clip to clip.
    let clipMasks = ClipMaskPool()
    /// A second edge list and row loop, for a fill and a stroke drawn
    /// together (Renderer+FillStroke.swift).
    let secondRasterizer = Rasterizer()
    /// The most line segments a draw may produce at any stage (see
    /// `Canvas.maximumSegmentCount`).
    var maximumSegmentCount = Renderer.defaultMaximumSegmentCount
    /// The default of `maximumSegmentCount` (Canvas.defaultMaximumSegmentCount).
    static let defaultMaximumSegmentCount = 1 << 22
    /// Draws dropped for non-finite geometry or the segment limit.
    var droppedDrawCount = 0
    /// Rows per chunk of a fill and stroke drawn together, if not the
    /// default (tests use small chunks to exercise the alternation).
    var fillStrokeChunkRows: Int?
    /// Whether a solid fill and a solid stroke both covered in closed form
    /// are swept together (Raster/ClosedForm/RoundedRectPair.swift); tests turn it off
    /// to compare with the alternating row loops.
    var pairsClosedForms = true
    /// Whether the surface drawn into stores pixels as BGRA8: solid
    /// colors and gradient ramps are then prepared in that order, pattern
    /// pixels swapped as they are shaded, and the non-separable blend
    /// modes (which tell red from blue) swap around their formula.
    var swapsRedBlue = false
    /// Where closed-form draws keep their sweeps across draws and look
    /// them up (Raster/CoverageCache.swift), for both rasterizers; nil:
    /// every draw works its coverage out afresh.
    var coverageCache: CoverageCache? {
        didSet {
            let cache = coverageCache ?? disabledCoverageCache
            rasterizer.core.coverageCache = cache
            secondRasterizer.core.coverageCache = cache
        }
    }
    /// What the rasterizers use while `coverageCache` is nil.
    private let disabledCoverageCache = CoverageCache.disabled()
    /// Fill-and-stroke draws that took that one sweep (for tests).
    var pairedDrawCount = 0
    /// Fills and strokes drawn from prepared edges (Renderer+Prepared.swift;
    /// for tests).
    var preparedDrawCount = 0

    private let trailingPad = CacheLinePad()

    /// The capacities of every buffer the pipeline reuses, in elements
    /// (for tests that check steady drawing stops allocating).
    var storageFootprint: [Int] {
        rasterizer.storageFootprint + secondRasterizer.storageFootprint + [
            rasterizer.builder.edges.capacity, rows.capacity, rowCoverage.capacity, alphaRow.capacity,
        ] + stroker.footprint + shaders.footprint + clipMasks.footprint + [
            blurPlaneA.capacity, blurPlaneB.capacity, blurSums.capacity, blurredCoverage.capacity,
        ] + shadowLayers.flatMap { [$0?.width ?? 0, $0?.height ?? 0] }
    }

    /// The current draw's edges, arcs and closed-form shapes (for the
    /// benchmark's profile; the other counts zero).
    var edgeCounts: RasterStatistics {
        var result = RasterStatistics()
        result.edges = rasterizer.builder.edges.count
        result.arcs = rasterizer.builder.arcEdges.count
        result.closedFormShapes = rasterizer.builder.closedFormShapeCount
        return result
    }

    /// Runs the row loop on the current edges into a kernel that only
    /// counts what it is sent (Canvas+Profiling.swift); returns the row
    /// loop's counts and the kernel's.
    func rasterizeCounting(rule: FillRule) -> RasterStatistics {
        var kernel = CountingKernel()
        rasterizer.rasterize(rule: rule, into: &kernel)
        var result = rasterizer.statistics
        result.groups = kernel.statistics.groups
        result.spans = kernel.statistics.spans
        result.groupPixels = kernel.statistics.groupPixels
        result.spanPixels = kernel.statistics.spanPixels
        return result
    }

    deinit {
        slicedKernels.deallocate()
        slicedRows.deallocate()
        slicedPieces.deallocate()
        rows.deallocate()
        rowCoverage.deallocate()
        alphaRow.deallocate()
        blurPlaneA.deallocate()
        blurPlaneB.deallocate()
        blurSums.deallocate()
        blurredCoverage.deallocate()
    }

    /// Fills `path` (user space) mapped by `transform` into `surface`
    /// through `clip`. Non-finite geometry draws nothing.
    func fill(
        _ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule,
        shader: Shader, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface
    ) {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else { return }
        guard
            buildFillEdges(
                path, transform: transform, tolerance: tolerance, rule: rule, clip: clip.bounds,
                surfaceHeight: surface.height)
        else { return }
        composite(shader, rule: rule, clip: clip, mode: mode, into: surface)
    }

    /// Fills with a solid color through the whole surface (tests and
    /// benchmarks of the plain pipeline).
    func fill(
        _ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule,
        color: PremultipliedColor, into surface: Surface
    ) {
        fill(
            path, transform: transform, tolerance: tolerance, rule: rule, shader: .solid(surface.format.pack(color)),
            clip: Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: surface.width, maxY: surface.height)),
            into: surface)
    }

    /// Strokes `path` (user space) mapped by `transform` into `surface`.
    /// Non-finite geometry, a negative or non-finite width, or a singular
    /// transform draw nothing.
    func stroke(
        _ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double,
        shader: Shader, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface
    ) {
        guard transform.isFinite, transform.determinant != 0, style.width.isFinite, style.width >= 0,
            !clip.isEmpty
        else { return }
        guard
            buildResolvedStrokeEdges(
                path, style: style, transform: transform, tolerance: tolerance, clip: clip.bounds,
                surfaceHeight: surface.height)
        else {
            droppedDrawCount += 1
            return
        }
        composite(shader, rule: .nonZero, clip: clip, mode: mode, into: surface)
    }
}

extension Renderer {
    /// `fill(path, …)` for a path whose shape is `shape` (Path+Shapes.swift),
    /// with no path made where the shape is covered in closed form; else
    /// `build` makes the path (into the scratch path) and it is filled as
    /// such. The same pixels and counts as filling the path.
    func fill(
        _ shape: PathShape, building build: (inout Path) -> Void, transform: AffineTransform,
        tolerance: Double, shader: Shader, clip: Clip, mode: BlendMode, into surface: Surface
    ) {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else { return }
        if let closed = CircularRoundedRect(shape),
            coverInClosedForm(closed, minus: nil, transform: transform, clip: clip.bounds)
        {
            composite(shader, rule: .nonZero, clip: clip, mode: mode, into: surface)
            return
        }
        var path = takeScratchPath()
        build(&path)
        defer { returnScratchPath(path) }
        guard
            buildFillEdges(
                path, transform: transform, tolerance: tolerance, rule: .nonZero, clip: clip.bounds,
                surfaceHeight: surface.height)
        else { return }
        composite(shader, rule: .nonZero, clip: clip, mode: mode, into: surface)
    }

    /// `stroke(path, …)` for a path whose shape is `shape`, as
    /// `fill(_:building:…)` does for a fill: the ring in closed form with
    /// no path made, else the path's stroke.
    func stroke(
        _ shape: PathShape, building build: (inout Path) -> Void, style: StrokeStyle,
        transform: AffineTransform, tolerance: Double, shader: Shader, clip: Clip, mode: BlendMode,
        into surface: Surface
    ) {
        guard transform.isFinite, transform.determinant != 0, style.width.isFinite, style.width >= 0,
            !clip.isEmpty
        else { return }
        if let rings = StrokeOutliner.closedFormRings(shape, style: style, transform: transform),
            coverInClosedForm(rings.outer, minus: rings.inner, transform: transform, clip: clip.bounds)
        {
            composite(shader, rule: .nonZero, clip: clip, mode: mode, into: surface)
            return
        }
        var path = takeScratchPath()
        build(&path)
        defer { returnScratchPath(path) }
        stroke(
            path, style: style, transform: transform, tolerance: tolerance, shader: shader, clip: clip,
            mode: mode, into: surface)
    }
}
