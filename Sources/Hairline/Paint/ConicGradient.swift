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

    /// Pixel (x, y)'s color is that of its own centre: p =
    /// `Point(x + 0.5, y + 0.5).applying(toPaint)`, evaluated in that order
    /// (not stepped along the run), so it does not depend on where its run
    /// starts. The angle is a libm `atan2` per pixel; the rest takes two
    /// pixels at a time, the floors exact without libm (`Ramp.floor`).
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0 && abs(x) <= 1 << 40, "a run of pixels")
        let yd = Double(y) + 0.5
        let cy = toPaint.c * yd, dy = toPaint.d * yd
        let turn = SIMD2<Double>(repeating: 2 * Double.pi)
        let colors = ramp.colors, extend = ramp.extend
        // Half-integers below 2^52: stepping by 1 is exact.
        var xd = Double(x) + 0.5
        var i = 0
        while i < count {
            let angle0 = angle(xd, cy, dy)
            let angle1 = i &+ 1 < count ? angle(xd + 1, cy, dy) : angle0
            var t = SIMD2(angle0, angle1) / turn
            t -= Ramp.floor(t)  // 0...1
            let k = Ramp.entryIndices(Ramp.extended(t, extend))
            let k0 = Int(truncatingIfNeeded: k[0]), k1 = Int(truncatingIfNeeded: k[1])
            let c0 = colors[k0]
            out[i] = c0 != Ramp.unfilled ? c0 : ramp.fill(k0)
            if i &+ 1 < count {
                let c1 = colors[k1]
                out[i &+ 1] = c1 != Ramp.unfilled ? c1 : ramp.fill(k1)
            }
            xd += 2
            i &+= 2
        }
    }

    /// The angle from `startAngle` of the pixel centre (xd, y + 0.5) around
    /// the centre, in paint space (c·(y + 0.5) = `cy`, d·(y + 0.5) = `dy`).
    @inline(__always)
    private func angle(_ xd: Double, _ cy: Double, _ dy: Double) -> Double {
        let px = (toPaint.a * xd + cy) + toPaint.tx, py = (toPaint.b * xd + dy) + toPaint.ty
        return _atan2(py - center.y, px - center.x) - startAngle
    }
}
