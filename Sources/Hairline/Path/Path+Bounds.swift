// Path: tight bounding boxes, from the curves' exact extrema (derivative
// roots of Béziers, the axis-extreme angles of arcs), not control points.

extension Path {
    /// The smallest rectangle containing every point of the path's curves,
    /// in the path's space; `Rect.zero` for an empty path. Control points
    /// that lie off the curve do not count (use `controlPointBounds`).
    ///
    /// Complexity: O(n) in the number of elements.
    public var bounds: Rect {
        var box = BoundsAccumulator()
        var current = Point.zero
        var start = Point.zero
        for element in elements {
            switch element {
            case .move(let p):
                box.add(p)
                current = p
                start = p
            case .line(let p):
                box.add(p)
                current = p
            case .quadCurve(let p, let c):
                box.add(p)
                var extrema = quadExtrema(current.x, c.x, p.x)
                extrema.append(contentsOf: quadExtrema(current.y, c.y, p.y))
                for i in 0..<extrema.count {
                    let t = extrema[i], u = 1 - t
                    box.add(current * (u * u) + c * (2 * u * t) + p * (t * t))
                }
                current = p
            case .curve(let p, let c1, let c2):
                box.add(p)
                var extrema = cubicExtrema(current.x, c1.x, c2.x, p.x)
                extrema.append(contentsOf: cubicExtrema(current.y, c1.y, c2.y, p.y))
                for i in 0..<extrema.count { box.add(cubicPoint(current, c1, c2, p, extrema[i])) }
                current = p
            case .arc(let arc):
                box.add(arc.endPoint)
                for angle in arc.extremeAngles() { box.add(arc.point(at: angle)) }
                current = arc.endPoint
            case .closeSubpath:
                current = start
            }
        }
        return box.rect
    }

    /// The smallest rectangle containing every point and control point, in
    /// the path's space (arcs contribute their exact extent); `Rect.zero`
    /// for an empty path.
    public var controlPointBounds: Rect {
        var box = BoundsAccumulator()
        for element in elements {
            switch element {
            case .move(let p), .line(let p): box.add(p)
            case .quadCurve(let p, let c): box.add(p); box.add(c)
            case .curve(let p, let c1, let c2): box.add(p); box.add(c1); box.add(c2)
            case .arc(let arc):
                box.add(arc.startPoint)
                box.add(arc.endPoint)
                for angle in arc.extremeAngles() { box.add(arc.point(at: angle)) }
            case .closeSubpath: break
            }
        }
        return box.rect
    }
}

/// A running min/max box.
private struct BoundsAccumulator {
    var minX = Double.infinity, minY = Double.infinity
    var maxX = -Double.infinity, maxY = -Double.infinity

    mutating func add(_ p: Point) {
        minX = min(minX, p.x); minY = min(minY, p.y)
        maxX = max(maxX, p.x); maxY = max(maxY, p.y)
    }

    var rect: Rect {
        guard minX <= maxX, minY <= maxY else { return .zero }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

/// Up to four curve parameters, kept inline (no array per curve: a path's
/// bounds are worked out for every shape an SVG document reads).
private struct Extrema {
    private var values: (Double, Double, Double, Double) = (0, 0, 0, 0)
    private(set) var count = 0

    /// Adds `t` if it lies in (0, 1) (NaN does not).
    mutating func append(_ t: Double) {
        guard t > 0 && t < 1 else { return }
        switch count {
        case 0: values.0 = t
        case 1: values.1 = t
        case 2: values.2 = t
        default: values.3 = t
        }
        count += 1
    }

    mutating func append(contentsOf other: Extrema) {
        for i in 0..<other.count { append(other[i]) }
    }

    subscript(i: Int) -> Double {
        switch i {
        case 0: return values.0
        case 1: return values.1
        case 2: return values.2
        default: return values.3
        }
    }
}

/// The parameter in (0, 1) where a quadratic Bézier coordinate is extreme.
private func quadExtrema(_ a: Double, _ b: Double, _ c: Double) -> Extrema {
    var result = Extrema()
    let den = a - 2 * b + c
    guard den != 0 else { return result }
    result.append((a - b) / den)
    return result
}

/// The parameters in (0, 1) where a cubic Bézier coordinate is extreme.
private func cubicExtrema(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> Extrema {
    // B'(t)/3 = a t² + b t + c.
    let a = -p0 + 3 * p1 - 3 * p2 + p3
    let b = 2 * (p0 - 2 * p1 + p2)
    let c = p1 - p0
    var roots = Extrema()
    let scale = max(abs(a), abs(b), abs(c))
    if scale == 0 { return roots }
    if abs(a) <= 1e-12 * scale {
        if b != 0 { roots.append(-c / b) }
    } else {
        let disc = b * b - 4 * a * c
        if disc >= 0 {
            let s = disc.squareRoot()
            roots.append((-b + s) / (2 * a))
            roots.append((-b - s) / (2 * a))
        }
    }
    return roots
}

/// The point at `t` on a cubic Bézier.
func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Point(
        x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
        y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

extension EllipticalArc {
    /// The parameters inside the arc's range where x or y is extreme.
    func extremeAngles() -> [Double] {
        guard sweepAngle.isFinite, startAngle.isFinite else { return [] }
        let lo = min(startAngle, startAngle + sweepAngle)
        let hi = max(startAngle, startAngle + sweepAngle)
        var result: [Double] = []
        // x(θ) = cx + a1x cos θ + a2x sin θ is extreme where tan θ = a2x / a1x.
        for base in [_atan2(axis2.x, axis1.x), _atan2(axis2.y, axis1.y)] {
            var k = ((lo - base) / Double.pi).rounded(.down)
            // Four half-turn steps cover any sweep up to a full turn; larger
            // sweeps have already visited every extreme.
            for _ in 0..<6 {
                let angle = base + k * Double.pi
                if angle > lo && angle < hi { result.append(angle) }
                k += 1
            }
        }
        return result
    }
}
