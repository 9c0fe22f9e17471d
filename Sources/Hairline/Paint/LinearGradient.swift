// Paint: linear gradients, a `Gradient` laid along the line from a start
// point to an end point (user space, points, mapped by the paint's own
// transform). A value only; Shader.swift shades it.

/// A linear gradient: t = 0 at `start`, 1 at `end`, constant along lines
/// perpendicular to start→end (in the gradient's space).
public struct LinearGradient: Hashable, Sendable {
    /// The colors along t.
    public var gradient: Gradient
    /// Where t = 0, in the gradient's space (user space mapped by `transform`).
    public var start: Point
    /// Where t = 1, in the gradient's space. When it equals `start` (or
    /// the distance is not finite) the whole shape takes the last stop's
    /// color, as SVG specifies; a singular `transform` draws nothing.
    public var end: Point
    /// Maps the gradient's space to user space (points); identity by default.
    public var transform: AffineTransform

    /// Creates a linear gradient between two points.
    /// - Parameters:
    ///   - gradient: the colors along t.
    ///   - start: where t = 0, in the gradient's space.
    ///   - end: where t = 1, in the gradient's space.
    ///   - transform: maps the gradient's space to user space (identity by default).
    public init(_ gradient: Gradient, start: Point, end: Point, transform: AffineTransform = .identity) {
        self.gradient = gradient
        self.start = start
        self.end = end
        self.transform = transform
    }
}
