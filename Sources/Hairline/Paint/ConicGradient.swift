// Paint: conic (sweep) gradients, t growing with the angle around a centre
// (user space, points, mapped by the paint's own transform). Here too: its
// device-space preparation and its shader.

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

extension ConicGradient {
    /// The shader of this gradient drawn through `userTransform` (user space to
    /// device pixels) with `alpha` (global alpha, 0...1), in BGRA order if
    /// `swapsRedBlue`, its ramp in `preparation`'s storage; nil if nothing
    /// would be drawn (a singular transform, non-finite geometry).
    func shader(
        through userTransform: AffineTransform, alpha: Double, swapsRedBlue: Bool,
        preparation: ShaderPreparation
    ) -> Shader? {
        guard let toPaint = self.transform.concatenating(userTransform).inverted(), center.isFinite,
            startAngle.isFinite
        else { return nil }
        return .conic(
            ConicShader(
                ramp: preparation.prepareRamp(gradient, alpha: alpha, swapsRedBlue: swapsRedBlue),
                toPaint: toPaint, center: center, startAngle: startAngle))
    }
}

/// t = angle around the centre / 2π, in paint space.
struct ConicShader {
    let ramp: Ramp
    let toPaint: AffineTransform
    let center: Point
    let startAngle: Double

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0, "a run of pixels")
        var p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(toPaint)
        let step = Point(x: toPaint.a, y: toPaint.b)
        let turn = 2 * Double.pi
        for i in 0..<count {
            let angle = _atan2(p.y - center.y, p.x - center.x) - startAngle
            var t = angle / turn
            t -= t.rounded(.down)
            out[i] = ramp.color(t)
            p = p + step
        }
    }
}
