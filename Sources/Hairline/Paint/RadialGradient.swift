// Paint: two-circle radial gradients with SVG 2 and Core Graphics
// semantics (a focal circle and an end circle, user space, points, mapped
// by the paint's own transform). Here too: its device-space preparation and its shader.

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
    public init(
        _ gradient: Gradient, startCenter: Point, startRadius: Double = 0,
        endCenter: Point, endRadius: Double, transform: AffineTransform = .identity
    ) {
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
        self.init(
            gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: radius,
            transform: transform)
    }
}

extension RadialGradient {
    /// The shader of this gradient drawn through `userTransform` (user space to
    /// device pixels) with `alpha` (global alpha, 0...1), in BGRA order if
    /// `swapsRedBlue`, its ramp in `preparation`'s storage; nil if nothing
    /// would be drawn (a singular transform, non-finite geometry).
    func shader(
        through userTransform: AffineTransform, alpha: Double, swapsRedBlue: Bool,
        preparation: ShaderPreparation
    ) -> Shader? {
        guard let toPaint = self.transform.concatenating(userTransform).inverted() else { return nil }
        guard startRadius.isFinite, endRadius.isFinite, startCenter.isFinite, endCenter.isFinite else {
            return nil
        }
        if startRadius <= 0 && endRadius <= 0 {
            return preparation.lastStop(gradient, alpha: alpha, swapsRedBlue: swapsRedBlue)
        }
        let cd = endCenter - startCenter
        let dr = endRadius - startRadius
        return .radial(
            RadialShader(
                ramp: preparation.prepareRamp(gradient, alpha: alpha, swapsRedBlue: swapsRedBlue), toPaint: toPaint,
                c0: startCenter, r0: startRadius, cd: cd, dr: dr, qa: cd.dot(cd) - dr * dr))
    }
}

/// The two-circle radial gradient in paint space, reached from device
/// space by an inverse transform.
struct RadialShader {
    let ramp: Ramp
    let toPaint: AffineTransform
    let c0: Point, r0: Double
    let cd: Point, dr: Double
    /// cd·cd − dr², the quadratic's leading coefficient.
    let qa: Double

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0, "a run of pixels")
        var p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(toPaint)
        let step = Point(x: toPaint.a, y: toPaint.b)
        for i in 0..<count {
            if let t = parameter(p) { out[i] = ramp.color(t) } else { out[i] = 0 }
            p = p + step
        }
    }

    /// The largest t whose circle passes through `p` with radius ≥ 0.
    @inline(__always)
    func parameter(_ p: Point) -> Double? {
        let pd = p - c0
        let b = pd.dot(cd) + r0 * dr
        let c = pd.dot(pd) - r0 * r0
        if abs(qa) < 1e-12 * max(1, cd.dot(cd)) {
            // Linear: 2·b·t = c.
            guard b != 0 else { return nil }
            let t = c / (2 * b)
            return r0 + t * dr >= 0 ? t : nil
        }
        let disc = b * b - qa * c
        guard disc >= 0 else { return nil }
        let s = disc.squareRoot()
        let t1 = (b + s) / qa, t2 = (b - s) / qa
        let (hi, lo) = t1 > t2 ? (t1, t2) : (t2, t1)
        if r0 + hi * dr >= 0 { return hi }
        if r0 + lo * dr >= 0 { return lo }
        return nil
    }
}
