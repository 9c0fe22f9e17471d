// Path: closed shapes built from exact segments and arcs: rectangles,
// ellipses and rounded rectangles with a radius per corner, clamped as CSS
// Backgrounds 3 ("corner overlap") clamps them. See GEOMETRY.md.

/// A set of corners of a rectangle (the `byRoundingCorners:` mask).
public struct RectCorner: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let topLeft = RectCorner(rawValue: 1 << 0)
    public static let topRight = RectCorner(rawValue: 1 << 1)
    public static let bottomRight = RectCorner(rawValue: 1 << 2)
    public static let bottomLeft = RectCorner(rawValue: 1 << 3)
    /// The two top corners.
    public static let top: RectCorner = [.topLeft, .topRight]
    /// The two bottom corners.
    public static let bottom: RectCorner = [.bottomLeft, .bottomRight]
    /// Every corner.
    public static let all: RectCorner = [.topLeft, .topRight, .bottomRight, .bottomLeft]
}

/// The radii of a rounded rectangle's four corners, each an ellipse's
/// (horizontal, vertical) radii in user space (points).
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Size
    public var topRight: Size
    public var bottomRight: Size
    public var bottomLeft: Size

    /// Creates radii for each corner.
    public init(topLeft: Size, topRight: Size, bottomRight: Size, bottomLeft: Size) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same circular radius at every corner.
    public init(_ radius: Double) {
        let r = Size(width: radius, height: radius)
        self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
    }

    /// The same radius at the corners in `corners`, square corners elsewhere.
    public init(_ radius: Double, corners: RectCorner) {
        let r = Size(width: radius, height: radius)
        self.init(
            topLeft: corners.contains(.topLeft) ? r : .zero,
            topRight: corners.contains(.topRight) ? r : .zero,
            bottomRight: corners.contains(.bottomRight) ? r : .zero,
            bottomLeft: corners.contains(.bottomLeft) ? r : .zero)
    }

    /// The radii as CSS draws them inside `rect` (width and height ≥ 0):
    /// negative radii become 0, a corner with a zero radius on either axis
    /// is square, and if the radii on any side add up to more than that
    /// side, all radii are scaled by the smallest side/sum ratio.
    public func clamped(toFit rect: Rect) -> CornerRadii {
        func clean(_ s: Size) -> Size {
            let w = s.width.isFinite ? max(0, s.width) : 0
            let h = s.height.isFinite ? max(0, s.height) : 0
            return (w > 0 && h > 0) ? Size(width: w, height: h) : .zero
        }
        var r = CornerRadii(
            topLeft: clean(topLeft), topRight: clean(topRight),
            bottomRight: clean(bottomRight), bottomLeft: clean(bottomLeft))
        let w = rect.width, h = rect.height
        var f = 1.0
        func limit(_ side: Double, _ a: Double, _ b: Double) {
            let sum = a + b
            if sum > side { f = min(f, side / sum) }
        }
        limit(w, r.topLeft.width, r.topRight.width)
        limit(w, r.bottomLeft.width, r.bottomRight.width)
        limit(h, r.topLeft.height, r.bottomLeft.height)
        limit(h, r.topRight.height, r.bottomRight.height)
        if f < 1 {
            func scale(_ s: Size) -> Size { Size(width: s.width * f, height: s.height * f) }
            r = CornerRadii(
                topLeft: scale(r.topLeft), topRight: scale(r.topRight),
                bottomRight: scale(r.bottomRight), bottomLeft: scale(r.bottomLeft))
        }
        return r
    }

    /// Whether any radius is not finite.
    var hasNonFinite: Bool {
        ![topLeft, topRight, bottomRight, bottomLeft].allSatisfy {
            $0.width.isFinite && $0.height.isFinite
        }
    }
}

extension Path {
    /// Adds a closed rectangle, clockwise on screen from its top-left corner.
    /// A rect with negative size is standardized first.
    public mutating func addRect(_ rect: Rect) {
        let r = rect.standardized
        let wasEmpty = isEmpty
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
        if wasEmpty && r.isFinite { shape = .roundedRect(r, CornerRadii(0)) }
    }

    /// Adds a closed ellipse inscribed in `rect`, clockwise on screen from
    /// its rightmost point, as one exact arc.
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
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double, corners: RectCorner = .all,
                                        curve: CornerCurve = .circular) {
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
        defer { if wasEmpty && r.isFinite { shape = .roundedRect(r, radii) } }
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
        addContinuousCorner(Point(x: r.maxX, y: r.minY), Point(x: -1, y: 0), tr.width, Point(x: 0, y: 1), tr.height, tTR)
        addContinuousCorner(Point(x: r.maxX, y: r.maxY), Point(x: 0, y: -1), br.height, Point(x: -1, y: 0), br.width, tBR)
        addContinuousCorner(Point(x: r.minX, y: r.maxY), Point(x: 1, y: 0), bl.width, Point(x: 0, y: -1), bl.height, tBL)
        addContinuousCorner(Point(x: r.minX, y: r.minY), Point(x: 0, y: 1), tl.height, Point(x: 1, y: 0), tl.width, tTL)
        closeSubpath()
    }

    /// Adds a line to the corner's start, then its three cubics; `e1` and
    /// `e2` are the unit directions from `vertex` along the edge arrived on
    /// and the edge left on, `r1` and `r2` the radii along them, `t` the
    /// blend (0 circular, 1 continuous). A zero radius adds the vertex.
    private mutating func addContinuousCorner(_ vertex: Point, _ e1: Point, _ r1: Double, _ e2: Point, _ r2: Double,
                                              _ t: Double) {
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
            addArc(EllipticalArc(center: center, radii: Size(width: e1.x != 0 ? r1 : r2, height: e1.x != 0 ? r2 : r1),
                                 startAngle: startAngle, sweepAngle: Double.pi / 2))
            return
        }
        let polygon = ContinuousCorner.blended(t)
        let start = point(polygon[0])
        if currentPoint != start { addLine(to: start) }
        for piece in 0..<3 {
            addCurve(to: point(polygon[3 * piece + 3]), control1: point(polygon[3 * piece + 1]),
                     control2: point(polygon[3 * piece + 2]))
        }
    }
}
