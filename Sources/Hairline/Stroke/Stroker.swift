// Stroke: flattened subpaths (user space) -> the stroke's outline as a
// union of closed pieces in device space: one quad per segment, one wedge
// per join (miter, bevel, or a round sector), caps and dots. Every piece
// has the same orientation, so a non-zero fill of all of them is exactly
// their union (overlaps add up, never cancel). Round parts are exact arcs
// mapped by the transform and flattened in device space within the
// tolerance. Inside curves the flattened polyline is joined roundly, so the
// outline is the polyline's Minkowski sum with the pen, within the
// flattening tolerance of the true curve's (GEOMETRY.md, "Strokes").

/// The largest cross product of two unit directions the stroker treats as
/// no turn (rounding noise, e.g. a tangent of (1, 6e-17) against a line's
/// (1, 0)).
let parallelTolerance = 1e-12

/// Emits stroke pieces into a device-space line sink.
struct StrokeEmitter<Sink: LineSink> {
    var sink: Sink
    /// User space -> device space.
    let transform: AffineTransform
    /// Half the stroke width, in user space.
    let halfWidth: Double
    let join: LineJoin
    let cap: LineCap
    /// Miter joins whose 1/cos(φ/2) exceeds this become bevels (φ the turn).
    let miterLimit: Double
    /// Device-space flattening tolerance for round parts, and the cull rect.
    let tolerance: Double
    let cullRect: Rect

    /// The user-space tolerance for round joins and caps, which are
    /// flattened here as part of the outline.
    let userTolerance: Double
    /// The two sides of the outline being built (user space), kept between
    /// draws by the renderer.
    var left: ScratchBuffer<Point>
    var right: ScratchBuffer<Point>
    /// The most points the two sides may hold; with more, or a saturated
    /// sink, the emitter stops and sets `exceededLimit`.
    let maximumPointCount: Int
    private(set) var exceededLimit = false
    /// Subpaths stroked, closed ones among them, and whether some inner
    /// join went through its vertex instead of cutting the offsets.
    private(set) var subpathCount = 0
    private(set) var closedCount = 0
    private(set) var innerWentThroughVertex = false

    /// Whether the outline is the two loops of one closed subpath with
    /// every inner join cut at the offsets' intersection: then the inner
    /// loop's edges lie on the inner offset lines, and if both loops are
    /// convex (the edge builder checks), the inner one lies inside the
    /// polyline's polygon (the intersection of the half-planes the offset
    /// lines bound), which lies inside the outer loop.
    var isNestedRing: Bool { subpathCount == 1 && closedCount == 1 && !innerWentThroughVertex }

    /// Segments shorter than this times their largest coordinate are
    /// rounding noise (about 500 ulps).
    static var noiseFactor: Double { 1e-13 }

    /// Emits the stroke of every subpath of `polyline`.
    mutating func stroke(_ polyline: Polyline) {
        for sub in polyline.subpaths where sub.hasSegment && !sub.range.isEmpty {
            subpathCount += 1
            stroke(sub, polyline.vertices)
            if exceededLimit || sink.isSaturated {
                exceededLimit = true
                return
            }
        }
    }

    /// One subpath as one outline contour (open) or two (closed): the
    /// offsets on the left (+normal) side forward and the right side back.
    /// This is the boundary chain of the union of per-segment quads, joins
    /// and caps (shared quad ends cancel), so its non-zero fill is exactly
    /// that union; on the inner side of a join the two offset lines are
    /// cut at their intersection when both segments are long enough for
    /// the cut-off loop to lie inside both quads, else the outline goes
    /// through the vertex.
    private mutating func stroke(_ sub: Polyline.Subpath, _ v: [Polyline.Vertex]) {
        left.count = 0
        right.count = 0
        let lower = sub.range.lowerBound, n = sub.range.count
        let segmentCount = sub.isClosed ? n : n - 1
        // The first segment, and the one before the vertex being joined.
        // At a vertex where a curve ends or starts, the style's join and
        // the caps use the curve's true tangent; the chord meets that
        // tangent with a round join, as the curve's own offset would.
        var first: FirstSegment?
        var previous: LastSegment?
        var a = v[lower].point
        for s in 0..<segmentCount {
            guard left.count + right.count <= maximumPointCount, !sink.isSaturated else {
                exceededLimit = true
                return
            }
            // The segment from vertex j (= s) to vertex k (the next, wrapping).
            let j = lower + s
            let k = s + 1 == n ? lower : j + 1
            let b = v[k].point
            let d = b - a
            let length = d.length
            // Segments no longer than the rounding noise of their
            // coordinates (an arc's computed end a few ulps from the point
            // the path closes to) have no meaningful direction: skip them.
            let noise = Self.noiseFactor * max(max(abs(a.x), abs(a.y)), max(abs(b.x), abs(b.y)))
            guard length > noise, length.isFinite else { continue }
            let dir = d * (1 / length)
            if let prev = previous {
                addCorner(
                    at: a, arriving: prev.direction, prev.length, prev.vertex,
                    leaving: dir, length, v[j].tangentOut)
            } else {
                let tangent = v[j].tangentOut
                first = (a, dir, length, tangent)
                if !sub.isClosed {
                    let startDirection = tangent ?? dir
                    left.append(a + normal(startDirection))
                    right.append(a - normal(startDirection))
                    if let tangent { addJoin(at: a, from: tangent, 0, to: dir, length, round: true) }
                }
            }
            previous = (b, dir, length, v[k])
            a = b
        }
        guard let start = first, let end = previous else {
            emitDot(at: v[lower].point, direction: sub.direction)
            return
        }
        if sub.isClosed {
            closedCount += 1
            addCorner(
                at: start.start, arriving: end.direction, end.length, end.vertex,
                leaving: start.direction, start.length, start.tangent)
            emitLoop(left, reversed: false)
            emitLoop(right, reversed: true)
            return
        }
        emitOpen(first: start, last: end)
    }

    /// The first segment of a subpath (`tangent`: the curve's true tangent
    /// where one starts there).
    private typealias FirstSegment = (start: Point, direction: Point, length: Double, tangent: Point?)
    /// The segment before the vertex being joined (`vertex`: its end).
    private typealias LastSegment = (end: Point, direction: Point, length: Double, vertex: Polyline.Vertex)

    /// Ends an open subpath's sides at its last segment and emits them as
    /// one contour: the left side out, around the end cap, the right side
    /// back, around the start cap.
    private mutating func emitOpen(first start: FirstSegment, last end: LastSegment) {
        let endDirection = end.vertex.tangentIn ?? end.direction
        if let tangent = end.vertex.tangentIn {
            addJoin(at: end.end, from: end.direction, end.length, to: tangent, 0, round: true)
        }
        left.append(end.end + normal(endDirection))
        right.append(end.end - normal(endDirection))
        let t = transform
        sink.beginContour(at: left[0].applying(t))
        for i in 1..<left.count { sink.addLine(to: left[i].applying(t)) }
        addCap(at: end.end, outward: endDirection)
        for i in stride(from: right.count - 1, through: 0, by: -1) { sink.addLine(to: right[i].applying(t)) }
        addCap(at: start.start, outward: -(start.tangent ?? start.direction))
        sink.closeContour(explicitly: true)
    }

    /// The join at a vertex between a segment arriving along `d0` and one
    /// leaving along `d1`: through the true curve tangents where curves end
    /// or start there (round joins between chord and tangent), with the
    /// style's join between the two tangents (or directions).
    private mutating func addCorner(
        at p: Point, arriving d0: Point, _ l0: Double, _ vertex: Polyline.Vertex,
        leaving d1: Point, _ l1: Double, _ tangentOut: Point?
    ) {
        guard vertex.tangentIn != nil || tangentOut != nil else {
            addJoin(at: p, from: d0, l0, to: d1, l1, round: !vertex.isCorner)
            return
        }
        let inDirection = vertex.tangentIn ?? d0
        let outDirection = tangentOut ?? d1
        // The corner as up to three joins at one point: chord → tangent
        // (round), tangent → tangent (the style's), tangent → chord (round).
        // When they all turn the same way as the chords do, their wedges
        // lie on one side: the outer side runs through all of them and the
        // inner side is the chords' own (the zero-length tangent steps add
        // nothing there), which keeps the outline free of spikes.
        let overall = d0.cross(d1)
        // Unit directions this close to parallel are the same direction
        // (a tangent computed as (1, 6e-17) against a line's (1, 0)).
        func turns(_ a: Point, _ b: Point) -> Bool { !(abs(a.cross(b)) <= parallelTolerance && a.dot(b) > 0) }
        func agrees(_ a: Point, _ b: Point) -> Bool {
            let c = a.cross(b)
            return c != 0 && (c > 0) == (overall > 0)
        }
        let first = turns(d0, inDirection), middle = turns(inDirection, outDirection), last = turns(outDirection, d1)
        let sameWay =
            overall != 0 && d0.dot(d1) > -1
            && (!first || agrees(d0, inDirection)) && (!middle || agrees(inDirection, outDirection))
            && (!last || agrees(outDirection, d1))
        guard sameWay else {
            if vertex.tangentIn != nil { addJoin(at: p, from: d0, l0, to: inDirection, 0, round: true) }
            addJoin(
                at: p, from: inDirection, vertex.tangentIn == nil ? l0 : 0, to: outDirection,
                tangentOut == nil ? l1 : 0, round: !vertex.isCorner)
            if tangentOut != nil { addJoin(at: p, from: outDirection, 0, to: d1, l1, round: true) }
            return
        }
        if !first && !middle && !last {
            // Every step is straight on: the offsets continue.
            left.append(p + normal(d1))
            right.append(p - normal(d1))
            return
        }
        let side = Self.outerSide(overall)
        if first { addOuter(at: p, from: d0, to: inDirection, side: side, round: true) }
        if middle { addOuter(at: p, from: inDirection, to: outDirection, side: side, round: !vertex.isCorner) }
        if last { addOuter(at: p, from: outDirection, to: d1, side: side, round: true) }
        addInner(at: p, from: d0, l0, to: d1, l1, side: side)
    }

    private mutating func emitLoop(_ points: ScratchBuffer<Point>, reversed: Bool) {
        let n = points.count
        guard n > 2 else { return }
        let t = transform
        if reversed {
            sink.beginContour(at: points[n - 1].applying(t))
            for i in stride(from: n - 2, through: 0, by: -1) { sink.addLine(to: points[i].applying(t)) }
        } else {
            sink.beginContour(at: points[0].applying(t))
            for i in 1..<n { sink.addLine(to: points[i].applying(t)) }
        }
        sink.closeContour(explicitly: true)
    }

    /// The left normal of a unit direction, scaled to the half width.
    @inline(__always)
    private func normal(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

    /// Adds the join at `p` between a segment of direction `d0` and length
    /// `l0` and the next, `d1` and `l1`, to both sides.
    private mutating func addJoin(at p: Point, from d0: Point, _ l0: Double, to d1: Point, _ l1: Double, round: Bool) {
        let cross = d0.cross(d1), dot = d0.dot(d1)
        if abs(cross) <= parallelTolerance && dot > 0 {  // straight on: the offsets continue
            left.append(p + normal(d0))
            right.append(p - normal(d0))
            return
        }
        let side = Self.outerSide(cross)
        addOuter(at: p, from: d0, to: d1, side: side, round: round, reach: min(l0, l1))
        addInner(at: p, from: d0, l0, to: d1, l1, side: side)
    }

    /// The side (+1 left, −1 right) a turn of cross product `cross` opens
    /// on; a reversal (cross 0) counts as opening on the right.
    @inline(__always)
    private static func outerSide(_ cross: Double) -> Double { cross >= 0 ? -1 : 1 }

    /// Appends a join's outer points, from the first segment's offset
    /// through the join's shape to the second's, on `side`. `reach` is the
    /// shorter of the two segments (0 where one is a curve's tangent).
    private mutating func addOuter(
        at p: Point, from d0: Point, to d1: Point, side: Double, round: Bool,
        reach: Double = 0
    ) {
        let cross = d0.cross(d1), dot = d0.dot(d1)
        let reversal = cross == 0 && dot <= 0
        let n0 = normal(d0) * side, n1 = normal(d1) * side
        let style = round ? LineJoin.round : join
        if style == .round, !reversal, let offset = smallTurnMiter(n0, n1, reach: reach) {
            // A turn so small (the joins between a curve's chords) that
            // the offset lines' intersection lies within the tolerance of
            // the round join: one point, no trigonometry.
            appendOuter(p + offset, side: side)
            return
        }
        appendOuter(p + n0, side: side)
        switch style {
        case .round:
            let turn = reversal ? Double.pi : _atan2(cross, dot)
            if side > 0 {
                Self.appendArc(center: p, radius: halfWidth, from: n0, sweep: turn, tolerance: userTolerance, to: &left)
            } else {
                Self.appendArc(
                    center: p, radius: halfWidth, from: n0, sweep: turn, tolerance: userTolerance, to: &right)
            }
        case .bevel:
            break
        case .miter:
            if !reversal, let m = Self.miterPoint(n0, n1, halfWidth: halfWidth), m.ratio <= max(1, miterLimit) {
                appendOuter(p + m.offset, side: side)
            }
        }
        appendOuter(p + n1, side: side)
    }

    /// Appends a point to the left side (`side` > 0) or the right one.
    @inline(__always)
    private mutating func appendOuter(_ point: Point, side: Double) {
        if side > 0 { left.append(point) } else { right.append(point) }
    }

    /// The outer offset lines' intersection (relative to the vertex) for
    /// a turn from offset `n0` to `n1` if it lies within the tolerance of
    /// the round join, r·(1/cos(φ/2) − 1) ≤ tolerance, and no farther
    /// along either segment than `reach`, r·tan(φ/2) ≤ reach; else nil.
    /// Squared forms, so one division and no square root.
    @inline(__always)
    private func smallTurnMiter(_ n0: Point, _ n1: Point, reach: Double) -> Point? {
        let sum = n0 + n1
        let sumSquared = sum.dot(sum)
        let r2 = halfWidth * halfWidth
        // cos²(φ/2) = |n0 + n1|² / (4r²).
        let cos2 = sumSquared / (4 * r2)
        let limit = 1 + userTolerance / halfWidth
        guard cos2 > 0, cos2 * limit * limit >= 1, r2 * (1 - cos2) <= reach * reach * cos2 else { return nil }
        return sum * (2 * r2 / sumSquared)
    }

    /// Where the outer offset lines of a turn meet, relative to the vertex,
    /// for offsets `n0` and `n1` of length `halfWidth`, and the miter
    /// ratio 1/cos(φ/2) (φ the turn); nil for a reversal.
    @inline(__always)
    private static func miterPoint(_ n0: Point, _ n1: Point, halfWidth r: Double) -> (offset: Point, ratio: Double)? {
        let sum = n0 + n1
        let sumSquared = sum.dot(sum)
        let cosHalf = sumSquared.squareRoot() / (2 * r)
        guard cosHalf > 0, cosHalf.isFinite else { return nil }
        return (sum * (2 * r * r / sumSquared), 1 / cosHalf)
    }

    /// Appends the inner side of a turn from `d0` (segment length `l0`) to
    /// `d1` (`l1`) at `p`: the offset lines' intersection if the loop it
    /// cuts off lies inside both segments' quads, else through `p`.
    private mutating func addInner(at p: Point, from d0: Point, _ l0: Double, to d1: Point, _ l1: Double, side: Double)
    {
        let cross = d0.cross(d1), dot = d0.dot(d1)
        let q0 = p - normal(d0) * side, q1 = p - normal(d1) * side
        let sinTurn = abs(cross), tanHalf = abs(cross) / (1 + dot)
        let reach = halfWidth * max(sinTurn, tanHalf)
        if cross != 0, dot > -1, reach <= min(l0, l1) {
            let x = q0 + d0 * ((q1 - q0).cross(d1) / cross)
            if side > 0 { right.append(x) } else { left.append(x) }
        } else if side > 0 {
            innerWentThroughVertex = true
            right.append(q0); right.append(p); right.append(q1)
        } else {
            innerWentThroughVertex = true
            left.append(q0); left.append(p); left.append(q1)
        }
    }

    /// Appends the points strictly between the ends of an arc of the pen
    /// circle around `center`, from offset `from` turning `sweep` radians,
    /// flattened in user space within `tolerance` on both sides of the
    /// circle: the polygon that straddles it (`StraddlingArc`, as
    /// `Flattener.flattenArc` flattens path arcs). Nothing when the single
    /// chord between the ends is within tolerance.
    private static func appendArc(
        center: Point, radius r: Double, from: Point, sweep: Double, tolerance: Double,
        to points: inout ScratchBuffer<Point>
    ) {
        guard let polygon = StraddlingArc(sweep: sweep, radius: r, tolerance: tolerance) else { return }
        // The pen circle in centre form: θ = 0 at `from`, θ = π/2 a
        // quarter turn on (the direction positive sweeps turn).
        for vertex in polygon.vertices(center: center, axis1: from, axis2: from.rotatedQuarter, startCosSin: (1, 0)) {
            points.append(vertex)
        }
    }

    /// Adds an end cap's points to the open contour, going from the left
    /// offset at `p` to the right one around the outside. Uses `left` as
    /// scratch: the caller has emitted it already.
    private mutating func addCap(at p: Point, outward d: Point) {
        let n = normal(d)
        let t = transform
        switch cap {
        case .butt:
            return
        case .square:
            let e = d * halfWidth
            sink.addLine(to: (p + n + e).applying(t))
            sink.addLine(to: (p - n + e).applying(t))
        case .round:
            let sweep = n.rotatedQuarter.dot(d) > 0 ? Double.pi : -Double.pi
            left.count = 0
            Self.appendArc(center: p, radius: halfWidth, from: n, sweep: sweep, tolerance: userTolerance, to: &left)
            for i in 0..<left.count { sink.addLine(to: left[i].applying(t)) }
        }
    }

    private mutating func emitDot(at p: Point, direction d: Point) {
        switch cap {
        case .butt:
            return
        case .round:
            sector(center: p, from: Point(x: halfWidth, y: 0), sweep: -2 * Double.pi)
        case .square:
            let e = d * halfWidth, n = normal(d)
            polygon(p - e + n, p + e + n, p + e - n, p - e - n)
        }
    }

    // MARK: Pieces, all with negative shoelace orientation in user space

    /// A triangle.
    private mutating func polygon(_ a: Point, _ b: Point, _ c: Point) {
        let area = a.cross(b) + b.cross(c) + c.cross(a)
        guard area != 0 else { return }
        let t = transform
        if area < 0 {
            sink.beginContour(at: a.applying(t)); sink.addLine(to: b.applying(t)); sink.addLine(to: c.applying(t))
        } else {
            sink.beginContour(at: c.applying(t)); sink.addLine(to: b.applying(t)); sink.addLine(to: a.applying(t))
        }
        sink.closeContour(explicitly: true)
    }

    /// A quadrilateral (convex, or a miter's dart).
    private mutating func polygon(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        let area = a.cross(b) + b.cross(c) + c.cross(d) + d.cross(a)
        guard area != 0 else { return }
        let t = transform
        if area < 0 {
            sink.beginContour(at: a.applying(t)); sink.addLine(to: b.applying(t))
            sink.addLine(to: c.applying(t)); sink.addLine(to: d.applying(t))
        } else {
            sink.beginContour(at: d.applying(t)); sink.addLine(to: c.applying(t))
            sink.addLine(to: b.applying(t)); sink.addLine(to: a.applying(t))
        }
        sink.closeContour(explicitly: true)
    }

    /// A pie slice of the pen circle around `center`, starting at offset
    /// `from` (length halfWidth) and turning `sweep` radians.
    private mutating func sector(center: Point, from: Point, sweep: Double) {
        guard sweep != 0 else { return }
        let startAngle = _atan2(from.y, from.x)
        // Positive sweeps run with increasing angle, which has positive
        // shoelace area: emit those backwards.
        let arc =
            sweep < 0
            ? EllipticalArc(
                center: center, radii: Size(width: halfWidth, height: halfWidth),
                startAngle: startAngle, sweepAngle: sweep)
            : EllipticalArc(
                center: center, radii: Size(width: halfWidth, height: halfWidth),
                startAngle: startAngle + sweep, sweepAngle: -sweep)
        let device = arc.applying(transform)
        let isFullCircle = abs(sweep) >= 2 * Double.pi
        sink.beginContour(at: isFullCircle ? device.startPoint : center.applying(transform))
        if !isFullCircle { sink.addLine(to: device.startPoint) }
        _ = Flattener.flattenArc(device, tolerance, cullRect, &sink)
        sink.closeContour(explicitly: true)
    }
}

extension Point {
    /// The vector turned a quarter turn in the direction of increasing
    /// angle ((x, y) -> (−y, x)).
    var rotatedQuarter: Point { Point(x: -y, y: x) }
}
