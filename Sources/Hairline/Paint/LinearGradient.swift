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

    /// Pixel (x, y)'s t is `a·(x + 0.5) + b·(y + 0.5) + c`, evaluated in
    /// that order from the pixel's own position (not stepped along the
    /// run), so a pixel's color does not depend on where its run starts.
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0 && abs(x) <= 1 << 40, "a run of pixels")
        guard count > 0 else { return }
        let by = b * (Double(y) + 0.5)
        // Half-integers below 2^52: stepping by 1 is exact.
        let x0 = Double(x) + 0.5
        guard ramp.extend == .pad else {
            var xd = x0
            for i in 0..<count {
                out[i] = ramp.color((a * xd + by) + c)
                xd += 1
            }
            return
        }
        guard count >= 16 else {
            // Short runs: no set-up.
            let colors = ramp.colors
            var xd = x0
            for i in 0..<count {
                let k = Ramp.padIndex((a * xd + by) + c)
                let color = colors[k]
                out[i] = color != Ramp.unfilled ? color : ramp.fill(k)
                xd += 1
            }
            return
        }
        let first = Ramp.padIndex((a * x0 + by) + c)
        let last = Ramp.padIndex((a * (x0 + Double(count - 1)) + by) + c)
        if abs(last &- first) <= 2 &* count {
            // t is monotonic along the row, so are the entries, here about
            // as dense as the pixels: fill the run's once (each at most
            // once per gradient), then read them unchecked.
            ramp.fillEntries(min(first, last), max(first, last))
            padRow(x0, by, count: count, into: out, checked: false)
        } else {
            // A steep gradient skips entries: fill only those read.
            padRow(x0, by, count: count, into: out, checked: true)
        }
    }

    /// The pad extend mode's colors of `count` pixels from pixel centre
    /// `x0` on a row with `by` = b·(y + 0.5), two at a time: the entry
    /// `Ramp.padIndex` gives each, computed exactly as it does
    /// (`Ramp.extended` and `Ramp.entryIndices` in two lanes). Entries not
    /// `checked` must be filled.
    @inline(__always)
    private func padRow(
        _ x0: Double, _ by: Double, count: Int, into out: UnsafeMutablePointer<UInt32>, checked: Bool
    ) {
        let colors = ramp.colors
        let av = SIMD2(repeating: a), bv = SIMD2(repeating: by), cv = SIMD2(repeating: c)
        var xv = SIMD2(x0, x0 + 1)
        var i = 0
        while i &+ 2 <= count {
            let k = Ramp.entryIndices(Ramp.extended((av * xv + bv) + cv, .pad))
            let k0 = Int(truncatingIfNeeded: k[0]), k1 = Int(truncatingIfNeeded: k[1])
            var c0 = colors[k0], c1 = colors[k1]
            if checked {
                if c0 == Ramp.unfilled { c0 = ramp.fill(k0) }
                if c1 == Ramp.unfilled { c1 = ramp.fill(k1) }
            }
            out[i] = c0
            out[i &+ 1] = c1
            xv += 2
            i &+= 2
        }
        if i < count {
            let k = Ramp.padIndex((a * xv[0] + by) + c)
            let color = colors[k]
            out[i] = !checked || color != Ramp.unfilled ? color : ramp.fill(k)
        }
    }
}
