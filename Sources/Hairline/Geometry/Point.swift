// Geometry: points and vectors in a 2D coordinate space (user space in
// points or device space in pixels; the owner of a value says which).
// Pure value math, no pixels.

/// A location or displacement in a 2D coordinate space.
///
/// Hairline's user space is in points with the origin at the top left and
/// y pointing down (UIKit's convention); device space is in pixels. A
/// `Point` does not know which space it lives in: the API that takes it
/// says so.
public struct Point: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate (y grows downwards).
    public var y: Double

    /// Creates a point from its coordinates.
    @inlinable
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite (neither NaN nor infinite).
    @inlinable
    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The Euclidean length of the point taken as a vector from the origin.
    @inlinable
    public var length: Double { (x * x + y * y).squareRoot() }

    public var description: String { "(\(x), \(y))" }

    @inlinable
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    @inlinable
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable
    public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    @inlinable
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }

    /// The dot product of two vectors.
    @inlinable
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the cross product of two vectors (positive when
    /// `other` is clockwise from `self` on screen, where y points down).
    @inlinable
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// The point at parameter `t` on the segment from `self` to `other`.
    @inlinable
    public func interpolated(to other: Point, by t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// The distance between two points.
    @inlinable
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The point mapped by `transform`, linear part and translation
    /// (`CGPointApplyAffineTransform`): from the space the transform maps
    /// from to the one it maps to (user space in points to device pixels
    /// for `Canvas.transform`). Non-finite coefficients give non-finite
    /// coordinates; nothing traps.
    @inlinable
    public func applying(_ transform: AffineTransform) -> Point {
        Point(x: transform.a * x + transform.c * y + transform.tx,
              y: transform.b * x + transform.d * y + transform.ty)
    }

    /// Maps the point in place by `transform` (see `applying(_:)`).
    @inlinable
    public mutating func apply(_ transform: AffineTransform) {
        self = applying(transform)
    }

    /// The point taken as a vector (a displacement, such as a direction or
    /// an ellipse's axis) mapped by the linear part of `transform` only,
    /// without its translation (`CGSizeApplyAffineTransform`).
    @inlinable
    public func applyingLinearPart(of transform: AffineTransform) -> Point {
        Point(x: transform.a * x + transform.c * y, y: transform.b * x + transform.d * y)
    }
}
