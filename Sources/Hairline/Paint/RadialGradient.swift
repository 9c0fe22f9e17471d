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

    /// Pixel (x, y)'s color is that of its own centre: p =
    /// `Point(x + 0.5, y + 0.5).applying(toPaint)`, evaluated in that order
    /// (not stepped along the run), so it does not depend on where its run
    /// starts. Runs of 2 or more take two pixels at a time, with results
    /// identical to `parameter(_:)` and `Ramp.color(_:)`.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0 && abs(x) <= 1 << 40, "a run of pixels")
        guard count > 0 else { return }
        let yd = Double(y) + 0.5
        let cy = toPaint.c * yd, dy = toPaint.d * yd
        // Half-integers below 2^52: stepping by 1 is exact.
        let x0 = Double(x) + 0.5
        guard count >= 2 else {
            let p = Point(x: (toPaint.a * x0 + cy) + toPaint.tx, y: (toPaint.b * x0 + dy) + toPaint.ty)
            if let t = parameter(p) { out[0] = ramp.color(t) } else { out[0] = 0 }
            return
        }
        // The branch `parameter` takes depends on the shader only.
        let linear = abs(qa) < 1e-12 * max(1, cd.dot(cd))
        switch (linear, ramp.extend) {
        case (true, .pad): row(x0, cy, dy, count: count, into: out, linear: true, extend: .pad)
        case (true, .repeat): row(x0, cy, dy, count: count, into: out, linear: true, extend: .repeat)
        case (true, .reflect): row(x0, cy, dy, count: count, into: out, linear: true, extend: .reflect)
        case (false, .pad): row(x0, cy, dy, count: count, into: out, linear: false, extend: .pad)
        case (false, .repeat): row(x0, cy, dy, count: count, into: out, linear: false, extend: .repeat)
        case (false, .reflect): row(x0, cy, dy, count: count, into: out, linear: false, extend: .reflect)
        }
    }

    /// `count` pixels from pixel centre `x0` on a row where c·(y + 0.5) =
    /// `cy` and d·(y + 0.5) = `dy`, two at a time: `parameter(_:)` in two
    /// lanes (the same operations in the same order; `linear` is its
    /// branch), then the ramp entry `Ramp.color(_:)` reads.
    @inline(__always)
    private func row(
        _ x0: Double, _ cy: Double, _ dy: Double, count: Int, into out: UnsafeMutablePointer<UInt32>,
        linear: Bool, extend: ExtendMode
    ) {
        let colors = ramp.colors
        let a = SIMD2(repeating: toPaint.a), b = SIMD2(repeating: toPaint.b)
        let cyv = SIMD2(repeating: cy), dyv = SIMD2(repeating: dy)
        let tx = SIMD2(repeating: toPaint.tx), ty = SIMD2(repeating: toPaint.ty)
        var xv = SIMD2(x0, x0 + 1)
        var i = 0
        while i &+ 2 <= count {
            let px = (a * xv + cyv) + tx, py = (b * xv + dyv) + ty
            let (t, valid) = parameters(px, py, linear: linear)
            // Pixels no circle reaches read entry 0 and are cleared.
            let k = Ramp.entryIndices(Ramp.extended(t.replacing(with: 0, where: .!valid), extend))
            let k0 = Int(truncatingIfNeeded: k[0]), k1 = Int(truncatingIfNeeded: k[1])
            var c0 = colors[k0], c1 = colors[k1]
            if c0 == Ramp.unfilled { c0 = ramp.fill(k0) }
            if c1 == Ramp.unfilled { c1 = ramp.fill(k1) }
            out[i] = valid[0] ? c0 : 0
            out[i &+ 1] = valid[1] ? c1 : 0
            xv += 2
            i &+= 2
        }
        if i < count {
            let xd = xv[0]
            let p = Point(x: (toPaint.a * xd + cy) + toPaint.tx, y: (toPaint.b * xd + dy) + toPaint.ty)
            if let t = parameter(p) { out[i] = ramp.color(t) } else { out[i] = 0 }
        }
    }

    /// `parameter(_:)` for the points (px, py) in two lanes: t, and whether
    /// it exists (where it does not, t is unspecified). `linear` must be the
    /// branch `parameter` takes.
    @inline(__always)
    func parameters(
        _ px: SIMD2<Double>, _ py: SIMD2<Double>, linear: Bool
    ) -> (SIMD2<Double>, SIMDMask<SIMD2<Int64>>) {
        let pdx = px - c0.x, pdy = py - c0.y
        let b = (pdx * cd.x + pdy * cd.y) + r0 * dr
        let c = (pdx * pdx + pdy * pdy) - r0 * r0
        if linear {
            let t = c / (2 * b)
            return (t, (b .!= 0) .& (r0 + t * dr .>= 0))
        }
        let disc = b * b - qa * c
        let s = disc.squareRoot()  // NaN where disc < 0: those are cleared
        let t1 = (b + s) / qa, t2 = (b - s) / qa
        let ordered = t1 .> t2
        let hi = t2.replacing(with: t1, where: ordered), lo = t1.replacing(with: t2, where: ordered)
        let hiReaches = r0 + hi * dr .>= 0, loReaches = r0 + lo * dr .>= 0
        return (lo.replacing(with: hi, where: hiReaches), (disc .>= 0) .& (hiReaches .| loReaches))
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
