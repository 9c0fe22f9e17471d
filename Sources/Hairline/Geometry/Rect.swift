// Geometry: axis-aligned rectangles (user space in points,
// or device space in pixels; the owner says which). Semantics follow
// Core Graphics: a negative size describes the same area as its
// standardized form, and insetting past the centre gives an empty rect.

/// An axis-aligned rectangle: an origin (its top-left corner when the size
/// is positive, y pointing down) and a size.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The corner the size is measured from.
    public var origin: Point
    /// The extent; a negative width or height extends left or up.
    public var size: Size

    /// Creates a rectangle from its origin and size.
    /// - Parameters:
    ///   - origin: the corner the size is measured from.
    ///   - size: the extent (negative: left or up).
    @inlinable
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its origin's coordinates and its size.
    /// - Parameters:
    ///   - x: the origin's horizontal coordinate.
    ///   - y: the origin's vertical coordinate.
    ///   - width: the extent to the right (negative: to the left).
    ///   - height: the extent downwards (negative: upwards).
    @inlinable
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.origin = Point(x: x, y: y)
        self.size = Size(width: width, height: height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate (the left edge, whatever the sign of the width).
    @inlinable public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The largest x coordinate (the right edge).
    @inlinable public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y coordinate (the top edge, y pointing down).
    @inlinable public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The largest y coordinate (the bottom edge).
    @inlinable public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The x coordinate of the centre.
    @inlinable public var midX: Double { origin.x + size.width / 2 }
    /// The y coordinate of the centre.
    @inlinable public var midY: Double { origin.y + size.height / 2 }
    /// The absolute width.
    @inlinable public var width: Double { abs(size.width) }
    /// The absolute height.
    @inlinable public var height: Double { abs(size.height) }

    /// Whether the rectangle encloses no area (zero or non-finite extent).
    @inlinable
    public var isEmpty: Bool { !(width > 0 && height > 0) }

    /// Whether every coordinate is finite.
    @inlinable
    public var isFinite: Bool {
        origin.isFinite && size.width.isFinite && size.height.isFinite
    }

    /// The same rectangle with a non-negative width and height.
    @inlinable
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// The rectangle shrunk by `dx` on the left and right and by `dy` on the
    /// top and bottom (negative values grow it), like `CGRectInset`. The
    /// result is standardized; if it would have a negative size it is an
    /// empty rectangle at the original centre.
    /// - Parameters:
    ///   - dx: the inset of the left and right sides.
    ///   - dy: the inset of the top and bottom sides.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        let r = standardized
        let w = r.size.width - 2 * dx
        let h = r.size.height - 2 * dy
        guard w >= 0, h >= 0 else {
            return Rect(x: r.midX, y: r.midY, width: 0, height: 0)
        }
        return Rect(x: r.origin.x + dx, y: r.origin.y + dy, width: w, height: h)
    }

    /// The rectangle shrunk by the given insets (negative insets grow it).
    /// The result is standardized; an over-inset side collapses to an empty
    /// rectangle at the original centre.
    /// - Parameter insets: the inset of each side.
    public func inset(by insets: EdgeInsets) -> Rect {
        let r = standardized
        let w = r.size.width - insets.left - insets.right
        let h = r.size.height - insets.top - insets.bottom
        guard w >= 0, h >= 0 else {
            return Rect(x: r.midX, y: r.midY, width: 0, height: 0)
        }
        return Rect(x: r.origin.x + insets.left, y: r.origin.y + insets.top, width: w, height: h)
    }

    /// The rectangle moved by (`dx`, `dy`).
    /// - Parameters:
    ///   - dx: the horizontal offset.
    ///   - dy: the vertical offset.
    @inlinable
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
    }

    /// The smallest rectangle containing both rectangles. An empty
    /// rectangle still contributes its origin.
    /// - Parameter other: the other rectangle, in the same space.
    public func union(_ other: Rect) -> Rect {
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap of two rectangles, or `nil` when they do not overlap
    /// with positive area.
    /// - Parameter other: the other rectangle, in the same space.
    public func intersection(_ other: Rect) -> Rect? {
        let x0 = Swift.max(minX, other.minX), y0 = Swift.max(minY, other.minY)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        guard x1 > x0, y1 > y0 else { return nil }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the point lies inside the half-open rectangle
    /// [minX, maxX) x [minY, maxY).
    /// - Parameter p: the point, in the rectangle's space.
    @inlinable
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// The smallest axis-aligned rectangle containing the image of this
    /// rectangle under `transform` (`CGRectApplyAffineTransform`), in the
    /// space the transform maps to. A rotation or skew gives the bounding
    /// box of the mapped corners; non-finite coefficients give a non-finite
    /// rectangle.
    /// - Parameter transform: the map to apply.
    public func applying(_ transform: AffineTransform) -> Rect {
        let r = standardized
        let p0 = Point(x: r.minX, y: r.minY).applying(transform)
        let p1 = Point(x: r.maxX, y: r.minY).applying(transform)
        let p2 = Point(x: r.minX, y: r.maxY).applying(transform)
        let p3 = Point(x: r.maxX, y: r.maxY).applying(transform)
        let x0 = min(min(p0.x, p1.x), min(p2.x, p3.x))
        let x1 = max(max(p0.x, p1.x), max(p2.x, p3.x))
        let y0 = min(min(p0.y, p1.y), min(p2.y, p3.y))
        let y1 = max(max(p0.y, p1.y), max(p2.y, p3.y))
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Replaces the rectangle by its bounding box under `transform` (see
    /// `applying(_:)`).
    /// - Parameter transform: the map to apply.
    public mutating func apply(_ transform: AffineTransform) {
        self = applying(transform)
    }

    /// A readable description, for messages and debugging.
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
}
