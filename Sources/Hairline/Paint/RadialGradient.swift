// Paint: two-circle radial gradients with SVG 2 and Core Graphics
// semantics (a focal circle and an end circle, user space, points, mapped
// by the paint's own transform). A value only; Shader.swift shades it.

/// A two-circle radial gradient, as SVG 2 (focal point and radius) and Core
/// Graphics (`drawRadialGradient`) define it: the color at t is drawn on the
/// circle centred at lerp(startCenter, endCenter, t) with radius
/// lerp(startRadius, endRadius, t); a point takes the color of the largest
/// t whose circle passes through it with a radius ≥ 0. Points no circle
/// reaches stay unpainted (transparent source).
public struct RadialGradient: Hashable, Sendable {
    /// The colors along t.
    public var gradient: Gradient
    /// The circle of t = 0 (SVG's focal point `fx, fy` and focal radius `fr`).
    public var startCenter: Point
    /// The radius of the t = 0 circle, in the gradient's space (0 by
    /// default: a focal point).
    public var startRadius: Double
    /// The circle of t = 1 (SVG's `cx, cy, r`).
    public var endCenter: Point
    /// The radius of the t = 1 circle, in the gradient's space.
    public var endRadius: Double
    /// Maps the gradient's space to user space (points).
    public var transform: AffineTransform

    /// Creates a two-circle radial gradient.
    /// - Parameters:
    ///   - gradient: the colors along t.
    ///   - startCenter: the centre of the t = 0 circle (the focal point).
    ///   - startRadius: its radius (0 by default).
    ///   - endCenter: the centre of the t = 1 circle.
    ///   - endRadius: its radius.
    ///   - transform: maps the gradient's space to user space.
    public init(_ gradient: Gradient, startCenter: Point, startRadius: Double = 0,
                endCenter: Point, endRadius: Double, transform: AffineTransform = .identity) {
        self.gradient = gradient
        self.startCenter = startCenter
        self.startRadius = startRadius
        self.endCenter = endCenter
        self.endRadius = endRadius
        self.transform = transform
    }

    /// A plain radial gradient: t = 0 at `center`, 1 at `radius` from it.
    /// - Parameters:
    ///   - gradient: the colors along t.
    ///   - center: the centre, in the gradient's space.
    ///   - radius: the distance where t = 1.
    ///   - transform: maps the gradient's space to user space.
    public init(_ gradient: Gradient, center: Point, radius: Double, transform: AffineTransform = .identity) {
        self.init(gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: radius,
                  transform: transform)
    }
}
