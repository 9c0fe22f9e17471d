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
            // Short runs: no set-up, every pixel clamped and checked.
            padRow(x0, by, count: count, into: out, PadRowAnywhere.self)
            return
        }
        // t is monotonic along the row (each operation of t(x) is), so the
        // pixels whose t is at or beyond an end of the ramp form the run's
        // two ends: each one entry's color (the pad), stored as a fill;
        // only the pixels between need their own entries, unclamped.
        let t0 = (a * x0 + by) + c, tLast = (a * (x0 + Double(count - 1)) + by) + c
        guard t0.isFinite && tLast.isFinite else {
            padRow(x0, by, count: count, into: out, PadRowAnywhere.self)
            return
        }
        // Pixels before `low` pad with the ramp's start (a ≥ 0) or end
        // (a < 0), pixels from `high` on with the other one.
        let low: Int, high: Int
        if a >= 0 {
            low = firstPixel(x0, by, count: count) { $0 > 0 }
            high = firstPixel(x0, by, count: count, from: low) { $0 >= 1 }
        } else {
            low = firstPixel(x0, by, count: count) { $0 < 1 }
            high = firstPixel(x0, by, count: count, from: low) { $0 <= 0 }
        }
        if low > 0 { fillPixels(out, count: low, with: ramp.filledEntry(a >= 0 ? 0 : rampSize - 1)) }
        if high < count {
            fillPixels(out + high, count: count - high, with: ramp.filledEntry(a >= 0 ? rampSize - 1 : 0))
        }
        let middle = high - low
        guard middle > 0 else { return }
        let xLow = x0 + Double(low)
        let first = Ramp.padIndex((a * xLow + by) + c)
        let last = Ramp.padIndex((a * (xLow + Double(middle - 1)) + by) + c)
        if abs(last &- first) <= 2 &* middle {
            // t is monotonic along the row, so are the entries, here about
            // as dense as the pixels: fill the run's once (each at most
            // once per gradient), then read them unchecked.
            ramp.fillEntries(min(first, last), max(first, last))
            padRow(xLow, by, count: middle, into: out + low, PadRowDenseInside.self)
        } else {
            // A steep gradient skips entries: fill only those read.
            padRow(xLow, by, count: middle, into: out + low, PadRowSteepInside.self)
        }
    }

    /// The first pixel from `start` of the run of `count` pixels from
    /// centre `x0` (row term `by`) whose t (computed as `shade` does)
    /// satisfies `test`, or `count` if none does: `test` must hold from
    /// some pixel on (t is monotonic along the row). A binary search.
    @inline(__always)
    private func firstPixel(
        _ x0: Double, _ by: Double, count: Int, from start: Int = 0, _ test: (Double) -> Bool
    ) -> Int {
        var lo = start, hi = count
        // Most rows start (and end) inside or outside at once.
        guard lo < hi else { return lo }
        if test((a * (x0 + Double(lo)) + by) + c) { return lo }
        if !test((a * (x0 + Double(hi &- 1)) + by) + c) { return hi }
        while lo < hi {
            let mid = Int(UInt(bitPattern: lo &+ hi) >> 1)
            if test((a * (x0 + Double(mid)) + by) + c) { hi = mid } else { lo = mid &+ 1 }
        }
        return lo
    }

    /// The pad extend mode's colors of `count` pixels from pixel centre
    /// `x0` on a row with `by` = b·(y + 0.5), four at a time in two-lane
    /// pairs: the entry `Ramp.padIndex` gives each, computed exactly as it
    /// does (`Ramp.extended` and `Ramp.entryIndices` in two lanes). Entries
    /// not checked (`Mode.checked`) must be filled. Unless `Mode.clamped`,
    /// every pixel's t must lie strictly between 0 and 1 (the clamp is
    /// then the identity). (A generic mode: each loop compiled alone.)
    @inline(__always)
    private func padRow<Mode: PadRowMode>(
        _ x0: Double, _ by: Double, count: Int, into out: UnsafeMutablePointer<UInt32>, _ mode: Mode.Type
    ) {
        let checked = Mode.checked, clamped = Mode.clamped
        let colors = ramp.colors
        let av = SIMD2(repeating: a), bv = SIMD2(repeating: by), cv = SIMD2(repeating: c)
        var xv = SIMD2(x0, x0 + 1)
        @inline(__always)
        func indices(_ xv: SIMD2<Double>) -> SIMD2<Int64> {
            let t = (av * xv + bv) + cv
            return Ramp.entryIndices(clamped ? Ramp.extended(t, .pad) : t)
        }
        @inline(__always)
        func store(_ k: SIMD2<Int64>, _ i: Int) {
            let k0 = Int(truncatingIfNeeded: k[0]), k1 = Int(truncatingIfNeeded: k[1])
            var c0 = colors[k0], c1 = colors[k1]
            if checked {
                if c0 == Ramp.unfilled { c0 = ramp.fill(k0) }
                if c1 == Ramp.unfilled { c1 = ramp.fill(k1) }
            }
            out[i] = c0
            out[i &+ 1] = c1
        }
        var i = 0
        while i &+ 4 <= count {
            let k = indices(xv), l = indices(xv + 2)
            store(k, i)
            store(l, i &+ 2)
            xv += 4
            i &+= 4
        }
        if i &+ 2 <= count {
            store(indices(xv), i)
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

/// How `LinearShader.padRow` reads the ramp: whether its entries may be
/// unfilled (`checked`) and whether t may lie outside 0 < t < 1 (`clamped`).
protocol PadRowMode {
    static var checked: Bool { get }
    static var clamped: Bool { get }
}

/// Pixels strictly inside the ramp, their entries filled.
enum PadRowDenseInside: PadRowMode {
    static var checked: Bool { false }
    static var clamped: Bool { false }
}

/// Pixels strictly inside the ramp, entries filled as read.
enum PadRowSteepInside: PadRowMode {
    static var checked: Bool { true }
    static var clamped: Bool { false }
}

/// Any t (non-finite too), entries filled as read.
enum PadRowAnywhere: PadRowMode {
    static var checked: Bool { true }
    static var clamped: Bool { true }
}
