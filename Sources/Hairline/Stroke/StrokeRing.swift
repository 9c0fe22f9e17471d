// Stroke: the stroke of a rect, a rounded rect with circular corners or a
// circle, built as exact geometry instead of outlined. The stroke of a
// closed convex curve of width w = 2d is the set of points within d of it:
// the region between its outer parallel curve at distance d and its inner
// one. For a rounded rect both are rounded rects with the same corner
// centres (GEOMETRY.md, "Strokes"): outside, a corner of radius r > 0
// becomes r + d (tangent-continuous, so no join applies), a square corner
// becomes the join (miter: the square corner of the outset rect, as the
// 90° miter's ratio √2 is within any limit ≥ √2; round: a quarter circle
// of radius d; bevel: the chamfer between the offset sides' ends); inside,
// every corner becomes max(r − d, 0), where that erosion is again a
// rounded rect (each side still holds both inner corners); a side of 2d
// or less leaves no hole. A circle's stroke is an annulus. Both contours
// are closed arcs and lines, so the rasterizer covers them exactly
// (ArcEdge.swift), in one draw known simple: the outer contour clockwise,
// the inner one counter-clockwise inside it.

enum StrokeRing {
    /// Replaces `path` with the stroke of `shape` with half width `d`
    /// (user space) and `join`: two nested contours, or one where no hole
    /// is left. Returns whether there are two, or nil (leaving `path`
    /// unspecified) where the construction does not apply: elliptical
    /// corners and ellipses (their parallel curves are not ellipses), and
    /// inner corners that would not fit their sides.
    static func build(
        _ shape: PathShape, halfWidth d: Double, join: LineJoin, miterLimit: Double,
        into path: inout Path
    ) -> Bool? {
        guard d > 0, d.isFinite else { return nil }
        path.removeAll(keepingCapacity: true)
        switch shape {
        case .ellipse(let rect):
            guard rect.width == rect.height, rect.width > 0 else { return nil }
            let r = rect.width / 2, center = Point(x: rect.midX, y: rect.midY)
            path.addArc(
                EllipticalArc(
                    center: center, radii: Size(width: r + d, height: r + d),
                    startAngle: 0, sweepAngle: 2 * Double.pi))
            path.closeSubpath()
            guard r > d else { return false }
            path.addArc(
                EllipticalArc(
                    center: center, radii: Size(width: r - d, height: r - d),
                    startAngle: 0, sweepAngle: -2 * Double.pi))
            path.closeSubpath()
            return true
        case .roundedRect(let rect, let radii):
            let tl = radii.topLeft, tr = radii.topRight, br = radii.bottomRight, bl = radii.bottomLeft
            guard tl.width == tl.height, tr.width == tr.height, br.width == br.height, bl.width == bl.height,
                rect.width > 0 || rect.height > 0
            else { return nil }
            let r = Radii(tl.width, tr.width, br.width, bl.width)
            let outerJoin: Corner
            switch join {
            case .miter: outerJoin = miterSquares(miterLimit) ? .square : .bevel(d)
            case .round: outerJoin = .round(d)
            case .bevel: outerJoin = .bevel(d)
            }
            addContour(&path, rect.insetBy(dx: -d, dy: -d), clockwise: true) {
                r[$0] > 0 ? .round(r[$0] + d) : outerJoin
            }
            guard rect.width > 2 * d, rect.height > 2 * d else { return false }
            guard innerCornersFit(rect, r, halfWidth: d) else { return nil }
            addContour(&path, rect.insetBy(dx: d, dy: d), clockwise: false) { r[$0] > d ? .round(r[$0] - d) : .square }
            return true
        }
    }

    /// The stroke `build` makes, as the rounded rects the rasterizer covers
    /// in closed form (RoundedRectRows.swift): the outer one and the hole,
    /// if any. Nil where `build` returns nil, or where a corner is a bevel
    /// (not a circular corner).
    static func roundedRects(
        _ shape: PathShape, halfWidth d: Double, join: LineJoin,
        miterLimit: Double
    ) -> (outer: CircularRoundedRect, inner: CircularRoundedRect?)? {
        guard d > 0, d.isFinite, let base = CircularRoundedRect(shape) else { return nil }
        let rect = base.rect
        let r = Radii(base.topLeft, base.topRight, base.bottomRight, base.bottomLeft)
        if case .ellipse = shape {
            guard rect.width > 0 else { return nil }
            let radius = r[0]
            let outer = CircularRoundedRect(
                rect: rect.insetBy(dx: -d, dy: -d), topLeft: radius + d,
                topRight: radius + d, bottomRight: radius + d, bottomLeft: radius + d)
            guard radius > d else { return (outer, nil) }
            return (
                outer,
                CircularRoundedRect(
                    rect: rect.insetBy(dx: d, dy: d), topLeft: radius - d,
                    topRight: radius - d, bottomRight: radius - d, bottomLeft: radius - d)
            )
        }
        guard rect.width > 0 || rect.height > 0 else { return nil }
        let square: Double
        switch join {
        case .miter:
            guard miterSquares(miterLimit) else { return nil }
            square = 0
        case .round: square = d
        case .bevel: square = 0
        }
        if join == .bevel && (r[0] == 0 || r[1] == 0 || r[2] == 0 || r[3] == 0) { return nil }
        func outward(_ i: Int) -> Double { r[i] > 0 ? r[i] + d : square }
        let outer = CircularRoundedRect(
            rect: rect.insetBy(dx: -d, dy: -d), topLeft: outward(0), topRight: outward(1),
            bottomRight: outward(2), bottomLeft: outward(3))
        guard rect.width > 2 * d, rect.height > 2 * d else { return (outer, nil) }
        guard innerCornersFit(rect, r, halfWidth: d) else { return nil }
        func inward(_ i: Int) -> Double { r[i] > d ? r[i] - d : 0 }
        return (
            outer,
            CircularRoundedRect(
                rect: rect.insetBy(dx: d, dy: d), topLeft: inward(0), topRight: inward(1),
                bottomRight: inward(2), bottomLeft: inward(3))
        )
    }

    /// Whether each side of `rect` still holds its two inner corners (the
    /// inner contour is a rounded rect) for corner radii `r` and half
    /// width `d`.
    static func innerCornersFit(_ rect: Rect, _ r: Radii, halfWidth d: Double) -> Bool {
        let reach = Radii(max(r[0], d), max(r[1], d), max(r[2], d), max(r[3], d))
        return reach[0] + reach[1] <= rect.width && reach[3] + reach[2] <= rect.width
            && reach[0] + reach[3] <= rect.height && reach[1] + reach[2] <= rect.height
    }

    /// Whether a miter join with `miterLimit` keeps a square corner square
    /// (its ratio at 90°, √2, within the limit).
    static func miterSquares(_ miterLimit: Double) -> Bool { max(1, miterLimit) >= 2.0.squareRoot() }

    /// Four corner values: top-left, top-right, bottom-right, bottom-left.
    struct Radii {
        var values: (Double, Double, Double, Double)
        init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) { values = (a, b, c, d) }
        subscript(i: Int) -> Double {
            switch i {
            case 0: return values.0
            case 1: return values.1
            case 2: return values.2
            default: return values.3
            }
        }
    }

    /// How a contour turns a corner of its rect.
    enum Corner {
        case square
        /// A quarter circle of this radius.
        case round(Double)
        /// A straight cut between the points this far from the vertex.
        case bevel(Double)

        var extent: Double {
            switch self {
            case .square: return 0
            case .round(let r), .bevel(let r): return r
            }
        }
    }

    /// Adds a closed contour round `rect` with `corner(i)` at corner i
    /// (0 top-left, 1 top-right, 2 bottom-right, 3 bottom-left), clockwise
    /// on screen from the top side, or counter-clockwise.
    static func addContour(_ path: inout Path, _ rect: Rect, clockwise: Bool, _ corner: (Int) -> Corner) {
        for k in 0..<4 {
            // Clockwise 0, 1, 2, 3; counter-clockwise 0, 3, 2, 1.
            let i = clockwise ? k : (4 - k) & 3
            let v = Point(x: i == 0 || i == 3 ? rect.minX : rect.maxX, y: i < 2 ? rect.minY : rect.maxY)
            // The clockwise sides leaving corner j run +x, +y, −x, −y.
            func side(_ j: Int) -> Point {
                switch j & 3 {
                case 0: return Point(x: 1, y: 0)
                case 1: return Point(x: 0, y: 1)
                case 2: return Point(x: -1, y: 0)
                default: return Point(x: 0, y: -1)
                }
            }
            // The direction arriving at the vertex and leaving it.
            let inward = clockwise ? side(i + 3) : -side(i)
            let outward = clockwise ? side(i) : -side(i + 3)
            let c = corner(i)
            let start = v - inward * c.extent, end = v + outward * c.extent
            if k == 0 { path.move(to: start) } else { path.addLine(to: start) }
            switch c {
            case .square:
                break
            case .bevel:
                path.addLine(to: end)
            case .round(let radius):
                let center = start + outward * radius
                // The angle of −outward, an axis direction: exact quarter turns.
                let startAngle =
                    outward.x > 0 ? Double.pi : outward.x < 0 ? 0 : outward.y > 0 ? -Double.pi / 2 : Double.pi / 2
                path.addArc(
                    EllipticalArc(
                        center: center, radii: Size(width: radius, height: radius),
                        startAngle: startAngle, sweepAngle: clockwise ? Double.pi / 2 : -Double.pi / 2))
            }
        }
        path.closeSubpath()
    }
}
