// Path: closed shapes built from exact segments and arcs: rectangles,
// ellipses and rounded rectangles with a radius per corner, clamped as CSS
// Backgrounds 3 ("corner overlap") clamps them. See GEOMETRY.md.

extension Path {
    /// Adds a closed rectangle, clockwise on screen from its top-left corner.
    /// A rect with negative size is standardized first.
    /// - Parameter rect: the rectangle, in user space (points).
    public mutating func addRect(_ rect: Rect) {
        let r = rect.standardized
        let wasEmpty = isEmpty
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
        if wasEmpty, let rectShape = PathShape.rect(rect) { shape = rectShape }
    }

    /// Adds a closed ellipse inscribed in `rect`, clockwise on screen from
    /// its rightmost point, as one exact arc.
    /// - Parameter rect: the ellipse's bounding box, in user space (points).
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        let wasEmpty = isEmpty
        let arc = EllipticalArc(
            center: Point(x: r.midX, y: r.midY),
            radii: Size(width: r.width / 2, height: r.height / 2),
            startAngle: 0, sweepAngle: 2 * Double.pi)
        move(to: arc.startPoint)
        appendArcElement(arc)
        closeSubpath()
        if wasEmpty && r.isFinite { shape = .ellipse(r) }
    }

    /// Adds a closed rounded rectangle with the same radius (in user-space
    /// units) at the corners in `corners`, shaped by `curve`.
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - cornerRadius: the radius, in points; clamped as CSS does (see
    ///     `CornerRadii.clamped(toFit:)`), ≤ 0 gives square corners.
    ///   - corners: the corners that round (all by default).
    ///   - curve: circular (default) or continuous corners.
    public mutating func addRoundedRect(
        in rect: Rect, cornerRadius: Double, corners: RectCorner = .all,
        curve: CornerCurve = .circular
    ) {
        addRoundedRect(in: rect, cornerRadii: CornerRadii(cornerRadius, corners: corners), curve: curve)
    }

    /// Adds a closed rounded rectangle with the given corner radii, clamped
    /// as CSS does (see `CornerRadii.clamped(toFit:)`); non-finite radii
    /// give a plain rectangle. The contour runs clockwise on screen,
    /// starting where the top-left corner meets the top edge.
    ///
    /// `.circular` corners are quarter ellipses, kept exact as arcs.
    /// `.continuous` corners are three cubics each (see `CornerCurve`),
    /// scaled by the corner's horizontal radius along horizontal edges and
    /// its vertical radius along vertical ones. A continuous corner takes
    /// 1.528665 radii of each of its edges; where the corners on a side need
    /// more than the side, each corner on it is blended toward the circular
    /// corner, point by point of its control polygon, by the largest
    /// fraction t in 0...1 for which both of its sides fit
    /// ((1 + 0.528665 t)(a + b) ≤ side, for the radii a and b along that
    /// side), so the outline changes continuously as the rect shrinks and a
    /// pill (radius = half the height) is circular at its ends.
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - cornerRadii: each corner's horizontal and vertical radii, in points.
    ///   - curve: circular (default) or continuous corners.
    public mutating func addRoundedRect(in rect: Rect, cornerRadii: CornerRadii, curve: CornerCurve = .circular) {
        let r = rect.standardized
        guard !cornerRadii.hasNonFinite else {
            addRect(r)
            return
        }
        let radii = cornerRadii.clamped(toFit: r)
        if curve == .continuous {
            addContinuousRoundedRect(r, radii)
            return
        }
        let wasEmpty = isEmpty
        defer {
            if wasEmpty, let roundedShape = PathShape.roundedRect(standardized: r, clamped: radii) {
                shape = roundedShape
            }
        }
        let halfPi = Double.pi / 2
        move(to: Point(x: r.minX + radii.topLeft.width, y: r.minY))
        addLine(to: Point(x: r.maxX - radii.topRight.width, y: r.minY))
        addCorner(Point(x: r.maxX, y: r.minY), radii.topRight, dx: -1, dy: 1, start: -halfPi)
        addLine(to: Point(x: r.maxX, y: r.maxY - radii.bottomRight.height))
        addCorner(Point(x: r.maxX, y: r.maxY), radii.bottomRight, dx: -1, dy: -1, start: 0)
        addLine(to: Point(x: r.minX + radii.bottomLeft.width, y: r.maxY))
        addCorner(Point(x: r.minX, y: r.maxY), radii.bottomLeft, dx: 1, dy: -1, start: halfPi)
        addLine(to: Point(x: r.minX, y: r.minY + radii.topLeft.height))
        addCorner(Point(x: r.minX, y: r.minY), radii.topLeft, dx: 1, dy: 1, start: Double.pi)
        closeSubpath()
    }

    /// Adds one quarter-ellipse corner (clockwise) at `vertex`, whose centre
    /// lies `radius` inside the rect along (dx, dy); a zero radius adds
    /// nothing (the lines meet at the vertex).
    private mutating func addCorner(_ vertex: Point, _ radius: Size, dx: Double, dy: Double, start: Double) {
        guard radius.width > 0, radius.height > 0 else {
            if currentPoint != vertex { addLine(to: vertex) }
            return
        }
        let center = Point(x: vertex.x + dx * radius.width, y: vertex.y + dy * radius.height)
        addArc(EllipticalArc(center: center, radii: radius, startAngle: start, sweepAngle: Double.pi / 2))
    }

    /// The continuous-corner outline of `r` with clamped `radii`.
    private mutating func addContinuousRoundedRect(_ r: Rect, _ radii: CornerRadii) {
        let k = ContinuousCorner.extent - 1
        // The blend each side allows its corners: 1 if both fit at full
        // extent, down to 0 where they only fit as circles.
        func allowed(_ side: Double, _ a: Double, _ b: Double) -> Double {
            let sum = a + b
            guard sum > 0 else { return 1 }
            return min(max((side / sum - 1) / k, 0), 1)
        }
        let top = allowed(r.width, radii.topLeft.width, radii.topRight.width)
        let bottom = allowed(r.width, radii.bottomLeft.width, radii.bottomRight.width)
        let left = allowed(r.height, radii.topLeft.height, radii.bottomLeft.height)
        let right = allowed(r.height, radii.topRight.height, radii.bottomRight.height)
        let tl = radii.topLeft, tr = radii.topRight, br = radii.bottomRight, bl = radii.bottomLeft
        let tTL = min(top, left), tTR = min(top, right), tBR = min(bottom, right), tBL = min(bottom, left)
        // Corner frames: vertex, first edge's direction and radius, second's.
        func extent(_ t: Double) -> Double { 1 + k * t }
        let start = tl.width > 0 && tl.height > 0 ? tl.width * extent(tTL) : 0
        move(to: Point(x: r.minX + start, y: r.minY))
        addContinuousCorner(
            Point(x: r.maxX, y: r.minY), Point(x: -1, y: 0), tr.width, Point(x: 0, y: 1), tr.height, tTR)
        addContinuousCorner(
            Point(x: r.maxX, y: r.maxY), Point(x: 0, y: -1), br.height, Point(x: -1, y: 0), br.width, tBR)
        addContinuousCorner(
            Point(x: r.minX, y: r.maxY), Point(x: 1, y: 0), bl.width, Point(x: 0, y: -1), bl.height, tBL)
        addContinuousCorner(Point(x: r.minX, y: r.minY), Point(x: 0, y: 1), tl.height, Point(x: 1, y: 0), tl.width, tTL)
        closeSubpath()
    }

    /// Adds a line to the corner's start, then its three cubics; `e1` and
    /// `e2` are the unit directions from `vertex` along the edge arrived on
    /// and the edge left on, `r1` and `r2` the radii along them, `t` the
    /// blend (0 circular, 1 continuous). A zero radius adds the vertex.
    private mutating func addContinuousCorner(
        _ vertex: Point, _ e1: Point, _ r1: Double, _ e2: Point, _ r2: Double,
        _ t: Double
    ) {
        guard r1 > 0, r2 > 0 else {
            if currentPoint != vertex { addLine(to: vertex) }
            return
        }
        func point(_ uv: (u: Double, v: Double)) -> Point {
            Point(x: vertex.x + uv.u * r1 * e1.x + uv.v * r2 * e2.x, y: vertex.y + uv.u * r1 * e1.y + uv.v * r2 * e2.y)
        }
        if t <= 0 {
            // Exactly circular: one exact quarter-ellipse arc.
            let center = point((1, 1))
            let start = point((1, 0))
            if currentPoint != start { addLine(to: start) }
            let startAngle = _atan2(start.y - center.y, start.x - center.x)
            addArc(
                EllipticalArc(
                    center: center, radii: Size(width: e1.x != 0 ? r1 : r2, height: e1.x != 0 ? r2 : r1),
                    startAngle: startAngle, sweepAngle: Double.pi / 2))
            return
        }
        let polygon = ContinuousCorner.blended(t)
        let start = point(polygon[0])
        if currentPoint != start { addLine(to: start) }
        for piece in 0..<3 {
            addCurve(
                to: point(polygon[3 * piece + 3]), control1: point(polygon[3 * piece + 1]),
                control2: point(polygon[3 * piece + 2]))
        }
    }
}

extension PathShape {
    /// The shape `Path.addRect(rect)` gives an empty path (nil if `rect`
    /// is not finite: that path then draws nothing).
    static func rect(_ rect: Rect) -> PathShape? {
        let r = rect.standardized
        return r.isFinite ? .roundedRect(r, CornerRadii(0)) : nil
    }

    /// The shape `Path.addRoundedRect(in: rect, cornerRadii: cornerRadii)`
    /// (circular corners) gives an empty path: non-finite radii give the
    /// plain rect, the others are clamped to fit (nil if `rect` is not
    /// finite).
    static func roundedRect(_ rect: Rect, cornerRadii: CornerRadii) -> PathShape? {
        guard !cornerRadii.hasNonFinite else { return Self.rect(rect) }
        let r = rect.standardized
        return roundedRect(standardized: r, clamped: cornerRadii.clamped(toFit: r))
    }

    /// The shape of a standardized rect `r` with radii already clamped to
    /// it (nil if `r` is not finite).
    static func roundedRect(standardized r: Rect, clamped radii: CornerRadii) -> PathShape? {
        r.isFinite ? .roundedRect(r, radii) : nil
    }

    /// The shape mapped by `t` if `t` keeps it one (no rotation or skew,
    /// finite, invertible): the mapped rect, each corner's radii scaled
    /// per axis and moved to the corner it lands on (a reflection swaps
    /// left and right or top and bottom), clamped again against rounding;
    /// nil otherwise.
    func applying(_ t: AffineTransform) -> PathShape? {
        guard t.b == 0, t.c == 0, t.a != 0, t.d != 0, t.isFinite else { return nil }
        switch self {
        case .ellipse(let r):
            let mapped = r.applying(t)
            return mapped.isFinite ? .ellipse(mapped) : nil
        case .roundedRect(let r, let radii):
            let mapped = r.applying(t)
            let sx = abs(t.a), sy = abs(t.d)
            func scaled(_ s: Size) -> Size { Size(width: s.width * sx, height: s.height * sy) }
            var top = (left: scaled(radii.topLeft), right: scaled(radii.topRight))
            var bottom = (left: scaled(radii.bottomLeft), right: scaled(radii.bottomRight))
            if t.a < 0 {
                top = (top.right, top.left)
                bottom = (bottom.right, bottom.left)
            }
            if t.d < 0 { swap(&top, &bottom) }
            let moved = CornerRadii(
                topLeft: top.left, topRight: top.right, bottomRight: bottom.right, bottomLeft: bottom.left)
            return Self.roundedRect(standardized: mapped, clamped: moved.clamped(toFit: mapped))
        }
    }
}
