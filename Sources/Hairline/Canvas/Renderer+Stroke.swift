// Canvas: runs one stroke through the pipeline,
// Path --flatten (user space)--> polyline --dash--> --stroke pieces,
// transform--> edges --rasterize (non-zero)--> composite.
// Hairlines are stroked in device space, one pixel wide.

extension Renderer {
    /// A rect that culls nothing: stroking flattens in user space, where the
    /// surface's bounds are not known.
    static let unboundedRect = Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)

    /// Strokes `path` (user space) mapped by `transform` into `surface`.
    /// Non-finite geometry, a negative or non-finite width, or a singular
    /// transform draw nothing.
    func stroke(_ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double,
                shader: Shader, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface) {
        guard transform.isFinite, transform.determinant != 0, style.width.isFinite, style.width >= 0,
              !clip.isEmpty
        else { return }
        guard buildStrokeEdges(path, style: style, transform: transform, tolerance: tolerance, clip: clip.bounds)
        else {
            droppedDrawCount += 1
            return
        }
        composite(shader, rule: .nonZero, clip: clip, mode: mode, into: surface)
    }

    /// Builds the stroke outline's edges for `clip`; `false` if the
    /// geometry is not finite (the edge list is then empty).
    func buildStrokeEdges(_ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double,
                          clip: PixelRect) -> Bool {
        if let shape = path.shape, let d = ringHalfWidth(style: style, transform: transform),
           let rings = StrokeRing.roundedRects(shape, halfWidth: d, join: style.lineJoin, miterLimit: style.miterLimit),
           coverInClosedForm(rings.outer, minus: rings.inner, transform: transform, clip: clip) {
            return true
        }
        if let nested = strokeRing(path, style: style, transform: transform) {
            return flattenEdges(ringPath, transform: transform, tolerance: tolerance, clip: clip, nested: nested)
        }
        rasterizer.builder.reset(clip: clip)
        rasterizer.builder.maximumLineCount = maximumSegmentCount
        guard let geometry = strokePolyline(path, style: style, transform: transform, tolerance: tolerance,
                                            clip: clip)
        else { return false }
        guard geometry.halfWidth > 0 else { return true }
        let builder = rasterizer.builder
        rasterizer.builder = EdgeBuilder()
        let (sink, ok, nested) = strokeOutline(geometry, style: style, clip: clip, into: builder)
        rasterizer.builder = sink
        rasterizer.builder.contoursAreNested = nested
        if !ok || rasterizer.builder.sawNonFinite || rasterizer.builder.isSaturated {
            rasterizer.builder.reset(clip: clip)
            return false
        }
        return true
    }

    /// Builds the stroke of `path` as exact geometry (StrokeRing.swift) in
    /// `ringPath` (user space) if `path` is a rect, a rounded rect with
    /// circular corners or a circle and the stroke is not dashed; a
    /// hairline only under a transform that keeps circles circles (its
    /// width is then 1/scale). Returns whether the ring has a hole (two
    /// nested contours), or nil if the stroke is not built this way.
    func strokeRing(_ path: Path, style: StrokeStyle, transform t: AffineTransform) -> Bool? {
        guard let shape = path.shape, let halfWidth = ringHalfWidth(style: style, transform: t) else { return nil }
        return StrokeRing.build(shape, halfWidth: halfWidth, join: style.lineJoin, miterLimit: style.miterLimit,
                                into: &ringPath)
    }

    /// Half the width (user space) of a stroke built as geometry, or nil
    /// if it is dashed, or a hairline under a transform that does not
    /// keep circles circles.
    func ringHalfWidth(style: StrokeStyle, transform t: AffineTransform) -> Double? {
        guard DashPattern(style.dashPattern, phase: style.dashPhase) == nil else { return nil }
        guard style.isHairline else { return style.width / 2 }
        let column1 = t.a * t.a + t.b * t.b, column2 = t.c * t.c + t.d * t.d
        let tolerance = 1e-12 * (column1 + column2)
        guard abs(column1 - column2) <= tolerance, abs(t.a * t.c + t.b * t.d) <= tolerance, column1 > 0 else {
            return nil
        }
        return 0.5 / column1.squareRoot()
    }

    /// Flattens (and dashes) `path` for a stroke into `polyline` or
    /// `dashed`, mapped to device space for hairlines, and says how to
    /// outline it; `nil` if the geometry is not finite or too large.
    func strokePolyline(_ path: Path, style: StrokeStyle, transform: AffineTransform, tolerance: Double,
                        clip: PixelRect) -> StrokeGeometry? {
        let tol = max(tolerance.isFinite ? tolerance : Flattener.defaultTolerance, Flattener.minimumTolerance)
        // Flatten in user space finely enough that the device error stays
        // within the tolerance.
        let userTolerance = tol / max(transform.maximumScale, 1e-300)
        polyline.reset()
        polyline.maximumVertexCount = maximumSegmentCount
        guard Flattener.flatten(path, transform: .identity, tolerance: userTolerance,
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
        var geometry = StrokeGeometry(isDashed: pattern != nil, transform: transform, halfWidth: style.width / 2,
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

    /// Sends the outline of the polyline `strokePolyline` made to `sink`;
    /// returns the sink, whether the point limit held, and whether the
    /// outline is a nested ring (Convexity.swift).
    func strokeOutline<Sink: LineSink>(_ geometry: StrokeGeometry, style: StrokeStyle, clip: PixelRect,
                                       into sink: Sink) -> (Sink, ok: Bool, nested: Bool) {
        // Lend the side buffers to the emitter; it may grow them (freeing
        // the old storage), so its copies are taken back right after.
        let (left, right) = strokeSides
        var emitter = StrokeEmitter(
            sink: sink, transform: geometry.transform, halfWidth: geometry.halfWidth,
            join: style.lineJoin, cap: style.lineCap, miterLimit: style.miterLimit,
            tolerance: geometry.tolerance, cullRect: clip.rect,
            userTolerance: geometry.userTolerance, left: left, right: right,
            maximumPointCount: maximumSegmentCount)
        emitter.stroke(geometry.isDashed ? dashed : polyline)
        strokeSides = (emitter.left, emitter.right)
        return (emitter.sink, !emitter.exceededLimit, emitter.isNestedRing)
    }
}

/// How `Renderer.strokeOutline` outlines a stroke's polyline.
struct StrokeGeometry {
    /// Whether the polyline is `Renderer.dashed` (else `polyline`).
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

extension Renderer {
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

extension Polyline {
    /// Maps every vertex by `t` (and unit directions by its linear part).
    mutating func apply(_ t: AffineTransform) {
        func unit(_ v: Point) -> Point? { unitDirection(v.applyingLinearPart(of: t)) }
        for i in vertices.indices {
            vertices[i].point = vertices[i].point.applying(t)
            vertices[i].tangentIn = vertices[i].tangentIn.flatMap(unit)
            vertices[i].tangentOut = vertices[i].tangentOut.flatMap(unit)
        }
        for i in subpaths.indices {
            let d = subpaths[i].direction.applyingLinearPart(of: t)
            let length = d.length
            subpaths[i].direction = length > 0 ? d * (1 / length) : Point(x: 1, y: 0)
        }
    }
}
