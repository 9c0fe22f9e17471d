// Stroke: flattened subpaths (user space) -> the stroke's outline as a
// union of closed pieces in device space: one quad per segment, one wedge
// per join (miter, bevel, or a round sector), caps and dots. Every piece
// has the same orientation, so a non-zero fill of all of them is exactly
// their union (overlaps add up, never cancel). Round parts are exact arcs
// mapped by the transform and flattened in device space within the
// tolerance. Inside curves the flattened polyline is joined roundly, so the
// outline is the polyline's Minkowski sum with the pen, within the
// flattening tolerance of the true curve's (GEOMETRY.md, "Strokes").

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

    /// Emits the stroke of every subpath of `polyline`.
    mutating func stroke(_ polyline: Polyline) {
        for sub in polyline.subpaths where sub.hasSegment && !sub.range.isEmpty {
            stroke(sub, polyline.vertices)
        }
    }

    private mutating func stroke(_ sub: Polyline.Subpath, _ v: [Polyline.Vertex]) {
        // The segments of non-zero length, as (start, end, isCorner at end).
        var first: (point: Point, direction: Point)?
        var previous: (end: Point, direction: Point, endIsCorner: Bool)?
        let lower = sub.range.lowerBound, n = sub.range.count
        var a = v[lower].point
        for s in 0..<(sub.isClosed ? n : n - 1) {
            let k = lower + (s + 1) % n
            let b = v[k].point
            let d = b - a
            let length = d.length
            guard length > 0, length.isFinite else { continue }
            let dir = d * (1 / length)
            emitSegment(a, b, dir)
            if let prev = previous {
                emitJoin(at: a, from: prev.direction, to: dir, round: !prev.endIsCorner)
            } else {
                first = (a, dir)
            }
            previous = (b, dir, v[k].isCorner)
            a = b
        }
        guard let start = first, let end = previous else {
            emitDot(at: v[sub.range.lowerBound].point, direction: sub.direction)
            return
        }
        if sub.isClosed {
            emitJoin(at: start.point, from: end.direction, to: start.direction,
                     round: !v[sub.range.lowerBound].isCorner)
        } else {
            emitCap(at: end.end, outward: end.direction)
            emitCap(at: start.point, outward: -start.direction)
        }
    }

    /// The left normal of a unit direction, scaled to the half width.
    @inline(__always)
    private func normal(_ d: Point) -> Point { Point(x: -d.y * halfWidth, y: d.x * halfWidth) }

    private mutating func emitSegment(_ a: Point, _ b: Point, _ d: Point) {
        let n = normal(d)
        polygon(a + n, b + n, b - n, a - n)
    }

    private mutating func emitJoin(at p: Point, from d0: Point, to d1: Point, round: Bool) {
        let cross = d0.cross(d1), dot = d0.dot(d1)
        if cross == 0 && dot > 0 { return }  // straight on
        // The turn φ (signed) and the side the offsets open on.
        let reversal = cross == 0
        let turn = reversal ? Double.pi : _atan2(cross, dot)
        let side: Double = (cross > 0 || reversal) ? -1 : 1
        let n0 = normal(d0) * side, n1 = normal(d1) * side
        let p0 = p + n0, p1 = p + n1
        switch round ? .round : join {
        case .round:
            sector(center: p, from: n0, sweep: turn)
        case .bevel:
            if !reversal { polygon(p, p0, p1) }
        case .miter:
            let sum = n0 + n1
            let cosHalf = sum.length / (2 * halfWidth)
            if !reversal, cosHalf > 0, 1 / cosHalf <= max(1, miterLimit) {
                let m = p + sum * (2 * halfWidth * halfWidth / sum.dot(sum))
                polygon(p, p0, m, p1)
            } else if !reversal {
                polygon(p, p0, p1)
            }
        }
    }

    private mutating func emitCap(at p: Point, outward d: Point) {
        let n = normal(d)
        switch cap {
        case .butt:
            return
        case .square:
            let e = d * halfWidth
            polygon(p + n, p + n + e, p - n + e, p - n)
        case .round:
            // Half a disc from one offset point through the tip to the other.
            let sweep = n.rotatedQuarter.dot(d) > 0 ? Double.pi : -Double.pi
            sector(center: p, from: n, sweep: sweep)
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
            sink.beginContour(at: t.apply(to: a)); sink.addLine(to: t.apply(to: b)); sink.addLine(to: t.apply(to: c))
        } else {
            sink.beginContour(at: t.apply(to: c)); sink.addLine(to: t.apply(to: b)); sink.addLine(to: t.apply(to: a))
        }
        sink.closeContour(explicitly: true)
    }

    /// A quadrilateral (convex, or a miter's dart).
    private mutating func polygon(_ a: Point, _ b: Point, _ c: Point, _ d: Point) {
        let area = a.cross(b) + b.cross(c) + c.cross(d) + d.cross(a)
        guard area != 0 else { return }
        let t = transform
        if area < 0 {
            sink.beginContour(at: t.apply(to: a)); sink.addLine(to: t.apply(to: b))
            sink.addLine(to: t.apply(to: c)); sink.addLine(to: t.apply(to: d))
        } else {
            sink.beginContour(at: t.apply(to: d)); sink.addLine(to: t.apply(to: c))
            sink.addLine(to: t.apply(to: b)); sink.addLine(to: t.apply(to: a))
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
        let arc = sweep < 0
            ? EllipticalArc(center: center, radii: Size(width: halfWidth, height: halfWidth),
                            startAngle: startAngle, sweepAngle: sweep)
            : EllipticalArc(center: center, radii: Size(width: halfWidth, height: halfWidth),
                            startAngle: startAngle + sweep, sweepAngle: -sweep)
        let device = arc.applying(transform)
        let isFullCircle = abs(sweep) >= 2 * Double.pi
        sink.beginContour(at: isFullCircle ? device.startPoint : transform.apply(to: center))
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
