// Paint: a Paint prepared for one draw -> premultiplied source colors for a
// run of device pixels. Preparation (once per draw) inverts the transforms
// and fills the gradient ramp; `shade` (once per run) evaluates the paint at
// pixel centres (x + 0.5, y + 0.5) into a row buffer. Global alpha is
// baked into the colors here.

/// Where a shader keeps its gradient ramp: `rampSize` premultiplied packed
/// colors owned by the renderer and reused between draws.
let rampSize = 1024

/// A paint ready to evaluate in device space.
enum Shader {
    case solid(UInt32)
    case linear(LinearShader)
    case radial(RadialShader)
    case conic(ConicShader)
    case pattern(PatternShader)

    /// The color of every pixel of row `y`, if the shader does not vary
    /// along rows (a solid, or a gradient perpendicular to the rows).
    @inline(__always)
    func rowConstant(y: Int) -> UInt32? {
        switch self {
        case .solid(let c): return c
        case .linear(let s): return s.rowConstant(y: y)
        // (Patterns: PatternShader.rowConstant, asked by the kernel for
        // the patterns that can have constant rows only; binding the
        // payload here would copy it every row.)
        default: return nil
        }
    }

    /// Whether every color the shader produces is opaque (source-over at
    /// full coverage may then write the colors straight into the surface).
    var isOpaque: Bool {
        switch self {
        case .solid(let c): return packedAlpha(c) == 255
        case .linear(let s): return s.ramp.isOpaque
        case .radial: return false  // points no circle reaches are transparent
        case .conic(let s): return s.ramp.isOpaque
        case .pattern(let s): return s.isOpaque
        }
    }

    /// Writes the colors of pixels x..<x+count of row y.
    @inline(__always)
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        switch self {
        case .solid(let c): fillPixels(out, count: count, with: c)
        case .linear(let s): s.shade(x: x, y: y, count: count, into: out)
        case .radial(let s): s.shade(x: x, y: y, count: count, into: out)
        case .conic(let s): s.shade(x: x, y: y, count: count, into: out)
        case .pattern(let s): s.shade(x: x, y: y, count: count, into: out)
        }
    }
}

/// A gradient's ramp: `rampSize` colors for t = 0...1, and its extend mode.
struct Ramp {
    let colors: UnsafePointer<UInt32>
    let extend: ExtendMode
    /// Whether every ramp color is opaque.
    let isOpaque: Bool

    @inline(__always)
    func color(_ t: Double) -> UInt32 {
        let u = Gradient.extended(t, extend)
        return colors[Int(u * Double(rampSize - 1) + 0.5)]
    }

    /// Fills `storage` with the gradient's premultiplied colors at
    /// t = i / (rampSize − 1), alpha scaled by `alpha`.
    static func fill(_ storage: UnsafeMutablePointer<UInt32>, gradient: Gradient, alpha: Double) {
        let stops = gradient.normalizedStops
        guard !stops.isEmpty else {
            storage.update(repeating: 0, count: rampSize)
            return
        }
        var k = 0
        // The current segment's premultiplied ends, worked out once per
        // segment (packLerp's arithmetic, hoisted: the same values).
        var segment = -1
        var lerp = Lerp(stops[0].color, stops[0].color)
        for i in 0..<rampSize {
            let t = Double(i) / Double(rampSize - 1)
            // The last stop at or before t: at a hard edge the later color wins.
            while k + 1 < stops.count, stops[k + 1].location <= t { k += 1 }
            if t <= stops[0].location && k == 0 {
                if segment != -2 { lerp = Lerp(stops[0].color, stops[0].color); segment = -2 }
                storage[i] = lerp.packed(0, alpha: alpha)
            } else if k == stops.count - 1 {
                if segment != -3 { lerp = Lerp(stops[k].color, stops[k].color); segment = -3 }
                storage[i] = lerp.packed(0, alpha: alpha)
            } else {
                let a = stops[k], b = stops[k + 1]
                if segment != k { lerp = Lerp(a.color, b.color); segment = k }
                storage[i] = lerp.packed((t - a.location) / (b.location - a.location), alpha: alpha)
            }
        }
    }

    /// `packLerp` of two colors with its per-color work done once.
    struct Lerp {
        let r0: Double, g0: Double, b0: Double, a0: Double
        let dr: Double, dg: Double, db: Double, da: Double

        init(_ a: Color, _ b: Color) {
            let aa = Color.unit(a.alpha), ba = Color.unit(b.alpha)
            r0 = Color.unit(a.red) * aa
            g0 = Color.unit(a.green) * aa
            b0 = Color.unit(a.blue) * aa
            a0 = aa
            dr = Color.unit(b.red) * ba - r0
            dg = Color.unit(b.green) * ba - g0
            db = Color.unit(b.blue) * ba - b0
            da = ba - aa
        }

        @inline(__always)
        func packed(_ f: Double, alpha: Double) -> UInt32 {
            PremultipliedColor(red: Color.byte((r0 + dr * f) * alpha), green: Color.byte((g0 + dg * f) * alpha),
                               blue: Color.byte((b0 + db * f) * alpha), alpha: Color.byte((a0 + da * f) * alpha)).packed
        }
    }

    /// Premultiplied lerp of two straight colors, alpha scaled, packed.
    static func packLerp(_ a: Color, _ b: Color, _ f: Double, alpha: Double) -> UInt32 {
        let aa = Color.unit(a.alpha), ba = Color.unit(b.alpha)
        let r = Color.unit(a.red) * aa + (Color.unit(b.red) * ba - Color.unit(a.red) * aa) * f
        let g = Color.unit(a.green) * aa + (Color.unit(b.green) * ba - Color.unit(a.green) * aa) * f
        let bl = Color.unit(a.blue) * aa + (Color.unit(b.blue) * ba - Color.unit(a.blue) * aa) * f
        let al = aa + (ba - aa) * f
        return PremultipliedColor(
            red: Color.byte(r * alpha), green: Color.byte(g * alpha), blue: Color.byte(bl * alpha),
            alpha: Color.byte(al * alpha)).packed
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
        var t = a * (Double(x) + 0.5) + b * (Double(y) + 0.5) + c
        for i in 0..<count {
            out[i] = ramp.color(t)
            t += a
        }
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

/// t = angle around the centre / 2π, in paint space.
struct ConicShader {
    let ramp: Ramp
    let toPaint: AffineTransform
    let center: Point
    let startAngle: Double

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
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
