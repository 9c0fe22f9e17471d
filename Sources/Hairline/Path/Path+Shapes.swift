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
        move(to: Point(x: r.minX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.minY))
        addLine(to: Point(x: r.maxX, y: r.maxY))
        addLine(to: Point(x: r.minX, y: r.maxY))
        closeSubpath()
    }

    /// Adds a closed ellipse inscribed in `rect`, clockwise on screen from
    /// its rightmost point, as one exact arc.
    public mutating func addEllipse(in rect: Rect) {
        let r = rect.standardized
        let arc = EllipticalArc(
            center: Point(x: r.midX, y: r.midY),
            radii: Size(width: r.width / 2, height: r.height / 2),
            startAngle: 0, sweepAngle: 2 * Double.pi)
        move(to: arc.startPoint)
        appendArcElement(arc)
        closeSubpath()
    }

    /// Adds a closed rounded rectangle with the same circular radius (in
    /// user-space units) at the corners in `corners`.
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double, corners: RectCorner = .all) {
        addRoundedRect(in: rect, cornerRadii: CornerRadii(cornerRadius, corners: corners))
    }

    /// Adds a closed rounded rectangle whose corners are quarter ellipses
    /// with the given radii, clamped as CSS does (see
    /// `CornerRadii.clamped(toFit:)`); non-finite radii give a plain
    /// rectangle. The contour runs clockwise on screen, starting at the end
    /// of the top-left corner.
    public mutating func addRoundedRect(in rect: Rect, cornerRadii: CornerRadii) {
        let r = rect.standardized
        guard !cornerRadii.hasNonFinite else {
            addRect(r)
            return
        }
        let radii = cornerRadii.clamped(toFit: r)
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
}
