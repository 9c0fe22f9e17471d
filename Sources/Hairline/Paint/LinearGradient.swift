// Paint: linear gradients, a `Gradient` laid along the line from a start
// point to an end point (user space, points, mapped by the paint's own
// transform). Here too: its device-space preparation and its shader.

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

extension LinearGradient {
    /// The shader of this gradient drawn through `userTransform` (user space to
    /// device pixels) with `alpha` (global alpha, 0...1), in BGRA order if
    /// `swapsRedBlue`, its ramp in `preparation`'s storage; nil if nothing
    /// would be drawn (a singular transform).
    func shader(
        through userTransform: AffineTransform, alpha: Double, swapsRedBlue: Bool,
        preparation: ShaderPreparation
    ) -> Shader? {
        guard let toPaint = self.transform.concatenating(userTransform).inverted() else { return nil }
        let d = end - start
        let length2 = d.dot(d)
        guard length2 > 0, length2.isFinite else {
            // SVG: a zero-length gradient paints its last stop's color.
            return preparation.lastStop(gradient, alpha: alpha, swapsRedBlue: swapsRedBlue)
        }
        let ramp = preparation.prepareRamp(gradient, alpha: alpha, swapsRedBlue: swapsRedBlue)
        let a = (toPaint.a * d.x + toPaint.b * d.y) / length2
        let b = (toPaint.c * d.x + toPaint.d * d.y) / length2
        let c = ((toPaint.tx - start.x) * d.x + (toPaint.ty - start.y) * d.y) / length2
        return .linear(LinearShader(ramp: ramp, a: a, b: b, c: c))
    }
}

/// t = a·x + b·y + c over device pixel centres.
struct LinearShader {
    let ramp: Ramp
    let a: Double, b: Double, c: Double
    /// |a| below this is "constant along the row" (a vertical gradient):
    /// t then moves less than a ramp step across 1e5 pixels.
    static let flatSlope = 1e-9

    @inline(__always)
    func rowConstant(y: Int) -> UInt32? {
        guard abs(a) < Self.flatSlope else { return nil }
        return ramp.color(b * (Double(y) + 0.5) + c)
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0, "a run of pixels")
        var t = a * (Double(x) + 0.5) + b * (Double(y) + 0.5) + c
        for i in 0..<count {
            out[i] = ramp.color(t)
            t += a
        }
    }
}
