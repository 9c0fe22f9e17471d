// Flatten: Path (user space) + transform -> polylines in device pixels.
// Guarantees the next stage closed contours of straight lines, each point
// finite and within `tolerance` device pixels of the true curve.
//
// Method, per segment kind, each with a bound that holds, not a heuristic:
// - Béziers: uniform steps with the count from Wang's formula: a polyline
//   through n uniform steps of a curve B deviates from it by at most
//   max|B''| / (8 n²), and |B''| ≤ 6·max|Δ²P| for a cubic (2·|Δ²P| for a
//   quadratic), so n = ⌈√(3·max|Δ²P| / (4τ))⌉ (cubic) or ⌈√(|Δ²P| / (4τ))⌉
//   (quadratic). No recursion, the count is known up front, and the bound is
//   rigorous (Wang 1984; used by Skia's and vello's tessellators). It can
//   over-count on cubics with inflections; the cost is per edge, not per
//   pixel.
// - Arcs: flattened directly in their parametric centre form, never through
//   kappa cubics, as a polygon straddling the arc (StraddlingArc.swift): a
//   step Δθ of an ellipse whose largest radius is R deviates by at most
//   R·tan²(Δθ/4) on either side, so Δθ = 4·atan(√(τ/R)).
// The default τ = 0.008 px keeps every pixel's coverage within √2·τ < 3/255
// of the true curve's (GEOMETRY.md, "Flattening").

/// Receives polylines from the flattener.
protocol LineSink {
    /// Starts a new contour at `p` (the previous one, if any, is ended).
    mutating func beginContour(at p: Point)
    /// Adds a straight line from the last point to `p`, a vertex of the
    /// path (the end of a line, curve or arc).
    mutating func addLine(to p: Point)
    /// Adds a straight line from the last point to `p`, a point inside a
    /// curve (strokes join there as the true curve would: roundly).
    mutating func addInteriorLine(to p: Point)
    /// Ends the current contour; `explicitly` is true when the path closed
    /// it with `closeSubpath()` (fills close every contour regardless).
    mutating func closeContour(explicitly: Bool)
    /// Reports the true unit tangents where the curve just flattened
    /// starts and ends (strokes join and cap there along the curve, not
    /// along its first or last chord).
    mutating func curveTangents(start: Point, end: Point)
    /// Whether the sink holds more than the draw's segment limit allows:
    /// producers stop feeding it and the draw is dropped.
    var isSaturated: Bool { get }
    /// Whether the sink uses `curveTangents` (the flattener computes them
    /// only then).
    static var wantsCurveTangents: Bool { get }
    /// Offers the sink a whole arc (device pixels) from the last point to
    /// `end` (the arc's end as the flattener computed it), with (cos, sin)
    /// of its start and end parameters. A sink that covers arcs exactly
    /// takes it and returns `true`; otherwise the flattener flattens it.
    mutating func addArc(_ arc: EllipticalArc, end: Point, startParameter: Point, endParameter: Point) -> Bool
}

extension LineSink {
    mutating func addInteriorLine(to p: Point) { addLine(to: p) }
    mutating func curveTangents(start: Point, end: Point) {}
    var isSaturated: Bool { false }
    static var wantsCurveTangents: Bool { false }
    mutating func addArc(_ arc: EllipticalArc, end: Point, startParameter: Point, endParameter: Point) -> Bool {
        false
    }
}

/// The unit vector along the first non-zero difference, or `nil`.
func unitDirection(_ candidates: Point...) -> Point? {
    for d in candidates {
        let length = d.length
        if length > 0, length.isFinite { return d * (1 / length) }
    }
    return nil
}

/// Converts paths to polylines in device space within a tolerance.
enum Flattener {
    /// The default maximum distance, in device pixels, between a curve and
    /// its polyline: coverage then stays within 3/255 of the true curve's.
    static let defaultTolerance = 0.008
    /// The smallest tolerance accepted, in device pixels; finer values are
    /// raised to it (they would multiply edges without visible change).
    static let minimumTolerance = 1e-4
    /// The most line segments one curve or arc is split into. A curve
    /// needing more (hundreds of thousands of pixels long at the default
    /// tolerance) gets this many and a proportionally larger error.
    static let maximumSegmentsPerCurve = 1 << 16

    /// Flattens `path` mapped by `transform` into `sink`, closing every
    /// subpath. Curves whose control points all lie outside `cullRect`
    /// (device pixels) become their chords: seen from inside the rect a
    /// chord crosses every horizontal line the same net number of times as
    /// the curve, so fills are unchanged and off-screen curves cost nothing.
    ///
    /// - Returns: `false` (having fed the sink a partial contour set that
    ///   must be discarded) if a mapped coordinate is not finite or the
    ///   sink saturated (`LineSink.isSaturated`, checked after every
    ///   element, so the overshoot is at most one curve's
    ///   `maximumSegmentsPerCurve`).
    static func flatten<S: LineSink>(
        _ path: Path, transform t: AffineTransform, tolerance: Double, cullRect: Rect,
        into sink: inout S
    ) -> Bool {
        let tol = max(tolerance.isFinite ? tolerance : defaultTolerance, minimumTolerance)
        var current = Point.zero
        var open = false
        for element in path.elements {
            switch element {
            case .move(let p):
                let q = p.applying(t)
                guard q.isFinite else { return false }
                if open { sink.closeContour(explicitly: false) }
                sink.beginContour(at: q)
                open = true
                current = q
            case .line(let p):
                let q = p.applying(t)
                guard q.isFinite else { return false }
                sink.addLine(to: q)
                current = q
            case .quadCurve(let p, let c):
                let q = p.applying(t), qc = c.applying(t)
                guard q.isFinite, qc.isFinite else { return false }
                flattenQuad(current, qc, q, tol, cullRect, &sink)
                if S.wantsCurveTangents, let start = unitDirection(qc - current, q - current),
                    let end = unitDirection(q - qc, q - current)
                {
                    sink.curveTangents(start: start, end: end)
                }
                current = q
            case .curve(let p, let c1, let c2):
                let q = p.applying(t), q1 = c1.applying(t), q2 = c2.applying(t)
                guard q.isFinite, q1.isFinite, q2.isFinite else { return false }
                flattenCubic(current, q1, q2, q, tol, cullRect, &sink)
                if S.wantsCurveTangents, let start = unitDirection(q1 - current, q2 - current, q - current),
                    let end = unitDirection(q - q2, q - q1, q - current)
                {
                    sink.curveTangents(start: start, end: end)
                }
                current = q
            case .arc(let arc):
                let a = arc.applying(t)
                guard a.isFinite else { return false }
                let startAngle = a.startAngle, endAngle = a.startAngle + a.sweepAngle
                let startCosSin = _cosSin(startAngle)
                let endCosSin = _cosSin(endAngle)
                let end = a.point(cosSin: endCosSin)
                if !sink.addArc(
                    a, end: end, startParameter: Point(x: startCosSin.0, y: startCosSin.1),
                    endParameter: Point(x: endCosSin.0, y: endCosSin.1))
                {
                    flattenArc(a, startCosSin: startCosSin, end: end, tol, cullRect, &sink)
                }
                current = end
                if S.wantsCurveTangents, let start = unitDirection(a.derivative(cosSin: startCosSin)),
                    let end = unitDirection(a.derivative(cosSin: endCosSin))
                {
                    sink.curveTangents(start: start, end: end)
                }
            case .closeSubpath:
                if open { sink.closeContour(explicitly: true) }
                open = false
            }
            if sink.isSaturated { return false }
        }
        if open { sink.closeContour(explicitly: false) }
        return true
    }

    /// The number of uniform steps that keeps a Bézier within `tolerance`,
    /// given the largest second difference of its control points and the
    /// Wang factor (3/4 for cubics, 1/4 for quadratics).
    static func wangSegmentCount(secondDifference m: Double, factor: Double, tolerance: Double) -> Int {
        let n = (factor * m / tolerance).squareRoot().rounded(.up)
        return Int(saturatingFloor: n, in: 1...maximumSegmentsPerCurve)
    }

    static func flattenQuad<S: LineSink>(
        _ p0: Point, _ p1: Point, _ p2: Point, _ tol: Double, _ cull: Rect, _ sink: inout S
    ) {
        if outside(cull, p0, p1, p2, p2) {
            sink.addLine(to: p2)
            return
        }
        let dd = p0 - 2 * p1 + p2
        let n = wangSegmentCount(secondDifference: dd.length, factor: 0.25, tolerance: tol)
        let step = 1 / Double(n)
        for i in 1..<n {
            let s = Double(i) * step, u = 1 - s
            sink.addInteriorLine(to: p0 * (u * u) + p1 * (2 * u * s) + p2 * (s * s))
        }
        sink.addLine(to: p2)
    }

    static func flattenCubic<S: LineSink>(
        _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ tol: Double, _ cull: Rect, _ sink: inout S
    ) {
        if outside(cull, p0, p1, p2, p3) {
            sink.addLine(to: p3)
            return
        }
        let d1 = (p0 - 2 * p1 + p2).length, d2 = (p1 - 2 * p2 + p3).length
        let n = wangSegmentCount(secondDifference: max(d1, d2), factor: 0.75, tolerance: tol)
        let step = 1 / Double(n)
        for i in 1..<n {
            sink.addInteriorLine(to: cubicPoint(p0, p1, p2, p3, Double(i) * step))
        }
        sink.addLine(to: p3)
    }

    /// Flattens a device-space arc as the polygon that straddles it
    /// (`StraddlingArc`), ending at `end`; a single chord where that is
    /// already within tolerance or the arc's box misses `cull`.
    /// `startCosSin` is (cos, sin) of the start angle and `end` the arc's
    /// end point, both computed by the caller.
    static func flattenArc<S: LineSink>(
        _ arc: EllipticalArc, startCosSin: (Double, Double), end: Point, _ tol: Double, _ cull: Rect,
        _ sink: inout S
    ) {
        let r = arc.maximumRadius
        // The ellipse lies within r of its centre: cull by that box.
        let box = Rect(x: arc.center.x - r, y: arc.center.y - r, width: 2 * r, height: 2 * r)
        guard cull.intersection(box) != nil,
            let polygon = StraddlingArc(sweep: arc.sweepAngle, radius: r, tolerance: tol)
        else {
            sink.addLine(to: end)
            return
        }
        for vertex in polygon.vertices(
            center: arc.center, axis1: arc.axis1, axis2: arc.axis2,
            startCosSin: startCosSin)
        {
            sink.addInteriorLine(to: vertex)
        }
        sink.addLine(to: end)
    }

    /// `flattenArc` with the end computed here; returns the end point.
    @discardableResult
    static func flattenArc<S: LineSink>(_ arc: EllipticalArc, _ tol: Double, _ cull: Rect, _ sink: inout S) -> Point {
        let startCosSin = _cosSin(arc.startAngle)
        let end = arc.point(cosSin: _cosSin(arc.startAngle + arc.sweepAngle))
        flattenArc(arc, startCosSin: startCosSin, end: end, tol, cull, &sink)
        return end
    }

    /// Whether the box of four points misses `rect` entirely.
    @inline(__always)
    static func outside(_ rect: Rect, _ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        max(max(a.x, b.x), max(c.x, d.x)) < rect.minX
            || min(min(a.x, b.x), min(c.x, d.x)) > rect.maxX
            || max(max(a.y, b.y), max(c.y, d.y)) < rect.minY
            || min(min(a.y, b.y), min(c.y, d.y)) > rect.maxY
    }
}
