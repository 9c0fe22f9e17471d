// Paint: conic (sweep) gradients, t growing with the angle around a centre
// (user space, points, mapped by the paint's own transform). A value only;
// Shader.swift shades it.

/// A conic (sweep) gradient: t grows with the angle around `center`, from 0
/// at `startAngle` to 1 a full turn later (clockwise on screen, y down).
public struct ConicGradient: Hashable, Sendable {
    /// The colors along t.
    public var gradient: Gradient
    /// The point the angle turns around, in the gradient's space (user
    /// space mapped by `transform`).
    public var center: Point
    /// Radians from the +x axis where t = 0.
    public var startAngle: Double
    /// Maps the gradient's space to user space (points).
    public var transform: AffineTransform

    /// Creates a conic gradient.
    /// - Parameters:
    ///   - gradient: the colors along t.
    ///   - center: the point the angle turns around.
    ///   - startAngle: radians from the +x axis where t = 0.
    ///   - transform: maps the gradient's space to user space.
    public init(_ gradient: Gradient, center: Point, startAngle: Double = 0, transform: AffineTransform = .identity) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.transform = transform
    }
}
