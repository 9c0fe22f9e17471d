// Stroke: a path (user space) + a StrokeStyle + the transform -> the
// stroke's outline in device space, for any line sink (the edge builder,
// or the profile's counter). Forms, in the renderer's order: rounded rects
// in closed form, exact ring geometry (StrokeRing.swift), else flatten in
// user space -> dash -> outline (Stroker.swift; hairlines in device space).

/// Turns strokes into outlines and keeps their scratch (polylines, the
/// outline's sides, the ring path) from draw to draw. One per renderer
/// (one thread). Its scratch is not checked for exclusivity at run time:
/// no method overlaps two accesses to it.
final class StrokeOutliner {
    /// The flattened path (user space; device space for hairlines), and
    /// its dashes when the style dashes it.
    @exclusivity(unchecked) private(set) var polyline = Polyline()
    @exclusivity(unchecked) private(set) var dashed = Polyline()
    /// The emitter's two outline sides, kept between draws.
    @exclusivity(unchecked) private var sides = (ScratchBuffer<Point>(), ScratchBuffer<Point>())
    /// The stroke of a rect, rounded rect or circle as geometry (user
    /// space), rebuilt in place by `buildRing`.
    @exclusivity(unchecked) private(set) var ringPath = Path()

    /// A rect that culls nothing: stroking flattens in user space, where the
    /// surface's bounds are not known.
    static let unboundedRect = Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)

    deinit {
        sides.0.deallocate()
        sides.1.deallocate()
    }

    /// The capacities of the scratch buffers, in elements (for tests that
    /// check steady drawing stops allocating).
    var footprint: [Int] {
        [
            polyline.vertices.capacity, polyline.subpaths.capacity, dashed.vertices.capacity, dashed.subpaths.capacity,
            sides.0.capacity, sides.1.capacity, ringPath.elements.capacity,
        ]
    }

    // MARK: Geometry forms

    /// The stroke of `path` as the rounded rects the rasterizer covers in
    /// closed form (the outer one and the hole, if any; user space), or
    /// nil if `path` is not such a shape, the stroke is dashed, a corner
    /// would be a bevel, or it is a hairline under a transform that does
    /// not keep circles circles.
    static func closedFormRings(
        _ path: Path, style: StrokeStyle, transform: AffineTransform
    )
        -> (outer: CircularRoundedRect, inner: CircularRoundedRect?)?
    {
        closedFormRings(path.shape, style: style, transform: transform)
    }

    /// `closedFormRings(_:style:transform:)` of a path whose shape is
    /// `shape` (nil: not a shape).
    static func closedFormRings(
        _ shape: PathShape?, style: StrokeStyle, transform: AffineTransform
    ) -> (outer: CircularRoundedRect, inner: CircularRoundedRect?)? {
        guard let shape, let d = ringHalfWidth(style: style, transform: transform) else { return nil }
        return StrokeRing.roundedRects(shape, halfWidth: d, join: style.lineJoin, miterLimit: style.miterLimit)
    }

    /// Builds the stroke of `path` as exact geometry (StrokeRing.swift) in
    /// `ringPath` (user space) if `path` is a rect, a rounded rect with
    /// circular corners or a circle and the stroke is not dashed; a
    /// hairline only under a transform that keeps circles circles (its
    /// width is then 1/scale). Returns whether the ring has a hole (two
    /// nested contours), or nil if the stroke is not built this way.
    func buildRing(_ path: Path, style: StrokeStyle, transform t: AffineTransform) -> Bool? {
        guard let shape = path.shape, let halfWidth = Self.ringHalfWidth(style: style, transform: t) else {
            return nil
        }
        return StrokeRing.build(
            shape, halfWidth: halfWidth, join: style.lineJoin, miterLimit: style.miterLimit,
            into: &ringPath)
    }

    /// Half the width (user space) of a stroke built as geometry, or nil
    /// if it is dashed, or a hairline under a transform that does not
    /// keep circles circles.
    static func ringHalfWidth(style: StrokeStyle, transform t: AffineTransform) -> Double? {
        // (An empty list tested first: the pattern is made only if dashed.)
        guard style.dashPattern.isEmpty || DashPattern(style.dashPattern, phase: style.dashPhase) == nil else {
            return nil
        }
        guard style.isHairline else { return style.width / 2 }
        let column1 = t.a * t.a + t.b * t.b, column2 = t.c * t.c + t.d * t.d
        // Relative to the transform's size: a uniform scale (with a
        // rotation or reflection) up to rounding.
        let tolerance = 1e-12 * (column1 + column2)
        guard abs(column1 - column2) <= tolerance, abs(t.a * t.c + t.b * t.d) <= tolerance, column1 > 0 else {
            return nil
        }
        return 0.5 / column1.squareRoot()
    }

    // MARK: The general outline

    /// Outlines the stroke of `path` into `builder` (reset for `clip`
    /// first; at most `maximumSegmentCount` lines): flattened, dashed and
    /// outlined (hairlines in device space). Marks the builder's contours
    /// nested when the outline is one convex ring (Convexity.swift).
    /// - Returns: `false` if the geometry is not finite or too large (the
    ///   builder is then empty).
    func outline(
        _ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double, clip: PixelRect,
        maximumSegmentCount: Int, into builder: inout some OutlineSink
    ) -> Bool {
        builder.begin(clip: clip, maximumLineCount: maximumSegmentCount, arcTolerance: tolerance)
        guard
            let geometry = flatten(
                path, style: style, transform: transform, tolerance: tolerance, clip: clip,
                maximumSegmentCount: maximumSegmentCount)
        else { return false }
        guard geometry.halfWidth > 0 else { return true }
        let result = outline(
            geometry, style: style, clip: clip, maximumPointCount: maximumSegmentCount,
            into: &builder)
        builder.contoursAreNested = result.isNestedRing
        if !result.isComplete || builder.sawNonFinite || builder.isSaturated {
            builder.reset(clip: clip)
            return false
        }
        return true
    }

    /// Flattens (and dashes) `path` for a stroke into `polyline` or
    /// `dashed` (at most `maximumSegmentCount` vertices), mapped to device
    /// space for hairlines, and says how to outline it; `nil` if the
    /// geometry is not finite or too large. `tolerance` is in device pixels.
    func flatten(
        _ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double, clip: PixelRect,
        maximumSegmentCount: Int
    ) -> StrokeGeometry? {
        let tol = max(tolerance.isFinite ? tolerance : Flattener.defaultTolerance, Flattener.minimumTolerance)
        // Flatten in user space finely enough that the device error stays
        // within the tolerance.
        let userTolerance = tol / max(transform.maximumScale, 1e-300)
        polyline.reset()
        polyline.maximumVertexCount = maximumSegmentCount
        guard
            Flattener.flatten(
                path, transform: .identity, tolerance: userTolerance,
                cullRect: Self.unboundedRect, into: &polyline)
        else { return nil }
        let pattern = DashPattern(style.dashPattern, phase: style.dashPhase)
        if let pattern {
            dashed.reset()
            dashed.maximumVertexCount = maximumSegmentCount
            let cull = Self.dashCullRect(style: style, transform: transform, clip: clip)
            guard dashed.appendDashes(of: polyline, pattern: pattern, cullRect: cull) else {
                dashed.reset()
                return nil
            }
        }
        var geometry = StrokeGeometry(
            isDashed: pattern != nil, transform: transform, halfWidth: style.width / 2,
            tolerance: tol, userTolerance: userTolerance)
        if style.isHairline {
            // One device pixel wide: map the polyline to device space and
            // stroke it there.
            if pattern != nil { dashed.apply(transform) } else { polyline.apply(transform) }
            geometry.transform = .identity
            geometry.halfWidth = 0.5
            geometry.userTolerance = tol
        }
        return geometry
    }

    /// The vertices of the polyline `flatten` made for `geometry`.
    func vertexCount(of geometry: StrokeGeometry) -> Int {
        geometry.isDashed ? dashed.vertices.count : polyline.vertices.count
    }

    /// Sends the outline of the polyline `flatten` made to `sink` (at most
    /// `maximumPointCount` points on the outline's sides). Returns whether
    /// the limit held (and the sink did not saturate), and whether the
    /// outline is a nested ring (Convexity.swift).
    func outline<Sink: LineSink>(
        _ geometry: StrokeGeometry, style: StrokeStyle, clip: PixelRect,
        maximumPointCount: Int,
        into sink: inout Sink
    ) -> (isComplete: Bool, isNestedRing: Bool) {
        // The emitter works on its own copy of the sink, given back at the
        // end (the caller's copy is not used meanwhile: scratch-buffer
        // copies share storage). The side buffers are lent the same way:
        // it may grow them (freeing the old storage).
        var emitter = StrokeEmitter(
            sink: sink, transform: geometry.transform, halfWidth: geometry.halfWidth,
            join: style.lineJoin, cap: style.lineCap, miterLimit: style.miterLimit,
            tolerance: geometry.tolerance, cullRect: clip.rect,
            userTolerance: geometry.userTolerance, left: sides.0, right: sides.1,
            maximumPointCount: maximumPointCount)
        emitter.stroke(geometry.isDashed ? dashed : polyline)
        sides = (emitter.left, emitter.right)
        sink = emitter.sink
        return (!emitter.exceededLimit, emitter.isNestedRing)
    }

    /// The user-space rect outside which dashes cannot show: the device
    /// clip widened by the stroke's reach (half the width times the miter
    /// limit or √2 for square caps, mapped to device pixels, plus a pixel)
    /// and mapped back. Unbounded if that is not finite.
    static func dashCullRect(style: StrokeStyle, transform: AffineTransform, clip: PixelRect) -> Rect {
        let factor = max(2.0.squareRoot(), style.lineJoin == .miter ? style.miterLimit : 1)
        let reach = style.isHairline ? 0.5 * factor : style.width / 2 * factor * transform.maximumScale
        let device = clip.rect
        let margin = reach + 1
        guard margin.isFinite, let inverse = transform.inverted() else { return unboundedRect }
        let p0 = Point(x: device.minX - margin, y: device.minY - margin).applying(inverse)
        let p1 = Point(x: device.maxX + margin, y: device.minY - margin).applying(inverse)
        let p2 = Point(x: device.minX - margin, y: device.maxY + margin).applying(inverse)
        let p3 = Point(x: device.maxX + margin, y: device.maxY + margin).applying(inverse)
        let minX = min(min(p0.x, p1.x), min(p2.x, p3.x)), maxX = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let minY = min(min(p0.y, p1.y), min(p2.y, p3.y)), maxY = max(max(p0.y, p1.y), max(p2.y, p3.y))
        let rect = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard rect.isFinite else { return unboundedRect }
        return rect
    }
}

/// How `StrokeOutliner.outline` outlines the polyline `flatten` made.
struct StrokeGeometry {
    /// Whether the polyline is the outliner's `dashed` (else `polyline`).
    var isDashed: Bool
    /// Polyline space (user space, or device space for hairlines) to device.
    var transform: AffineTransform
    /// Half the stroke width, in polyline space.
    var halfWidth: Double
    /// The flattening tolerance (device pixels), and the same in polyline
    /// space for round joins and caps.
    var tolerance: Double
    var userTolerance: Double
}

/// What a stroke's outline is written into (the edge builder,
/// Raster/EdgeBuilder+Path.swift): lines, plus a fresh start per draw and
/// what the draw learned about its contours.
protocol OutlineSink: LineSink {
    /// Starts a draw for `clip` (device pixels): empty, at most
    /// `maximumLineCount` lines, arcs within `arcTolerance` device pixels.
    mutating func begin(clip: PixelRect, maximumLineCount: Int, arcTolerance: Double)
    /// Empties the sink for `clip` (a dropped draw).
    mutating func reset(clip: PixelRect)
    /// Whether a non-finite point was sent.
    var sawNonFinite: Bool { get }
    /// Whether the outline is two contours, the second inside the first
    /// (a ring), which the stroker vouches for.
    var contoursAreNested: Bool { get set }
}
