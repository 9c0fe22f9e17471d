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
    /// - Parameters:
    ///   - x: the horizontal coordinate.
    ///   - y: the vertical coordinate (down is positive).
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

    /// A readable description, for messages and debugging.
    public var description: String { "(\(x), \(y))" }

    /// The component-wise sum (a point moved by a vector, or two vectors
    /// added).
    /// - Parameters:
    ///   - a: a point or vector.
    ///   - b: the vector added.
    @inlinable
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The component-wise difference (the vector from `b` to `a`).
    /// - Parameters:
    ///   - a: a point or vector.
    ///   - b: the point or vector subtracted.
    @inlinable
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    /// The vector scaled by `s`.
    /// - Parameters:
    ///   - a: the vector.
    ///   - s: the factor.
    @inlinable
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The vector scaled by `s`.
    /// - Parameters:
    ///   - s: the factor.
    ///   - a: the vector.
    @inlinable
    public static func * (s: Double, a: Point) -> Point { Point(x: a.x * s, y: a.y * s) }
    /// The vector reversed.
    /// - Parameter a: the vector.
    @inlinable
    public static prefix func - (a: Point) -> Point { Point(x: -a.x, y: -a.y) }

    /// The dot product of two vectors.
    /// - Parameter other: the other vector.
    @inlinable
    public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the cross product of two vectors (positive when
    /// `other` is clockwise from `self` on screen, where y points down).
    /// - Parameter other: the other vector.
    @inlinable
    public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// The point at parameter `t` on the segment from `self` to `other`.
    /// - Parameters:
    ///   - other: the segment's end (t = 1).
    ///   - t: the parameter; values outside 0...1 extrapolate.
    @inlinable
    public func interpolated(to other: Point, by t: Double) -> Point {
        Point(x: x + (other.x - x) * t, y: y + (other.y - y) * t)
    }

    /// The distance between two points.
    /// - Parameter other: the other point, in the same space.
    @inlinable
    public func distance(to other: Point) -> Double { (self - other).length }

    /// The point mapped by `transform`, linear part and translation
    /// (`CGPointApplyAffineTransform`): from the space the transform maps
    /// from to the one it maps to (user space in points to device pixels
    /// for `Canvas.transform`). Non-finite coefficients give non-finite
    /// coordinates; nothing traps.
    /// - Parameter transform: the map to apply.
    @inlinable
    public func applying(_ transform: AffineTransform) -> Point {
        Point(
            x: transform.a * x + transform.c * y + transform.tx,
            y: transform.b * x + transform.d * y + transform.ty)
    }

    /// Maps the point in place by `transform` (see `applying(_:)`).
    /// - Parameter transform: the map to apply.
    @inlinable
    public mutating func apply(_ transform: AffineTransform) {
        self = applying(transform)
    }

    /// The point taken as a vector (a displacement, such as a direction or
    /// an ellipse's axis) mapped by the linear part of `transform` only,
    /// without its translation (`CGSizeApplyAffineTransform`).
    /// - Parameter transform: the map whose linear part (a, b, c, d) applies.
    @inlinable
    public func applyingLinearPart(of transform: AffineTransform) -> Point {
        Point(x: transform.a * x + transform.c * y, y: transform.b * x + transform.d * y)
    }
}
