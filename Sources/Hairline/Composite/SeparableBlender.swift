// Composite: the separable W3C blend modes, composited source-over, as
// PixelBlenders: packed premultiplied RGBA8 -> packed premultiplied RGBA8.
// Per channel co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs). All but
// soft-light are exact integer math, correctly rounded; soft-light rounds a
// Float evaluation. Source: W3C Compositing and Blending Level 1, 10, 10.1.
//
// Units: with s, d, sa, da the bytes of cs, cb, αs, αb, the result byte is
//   co = (s·(255 − da) + d·(255 − sa) + X) / 255,   X = sa·da·B(d/da, s/sa),
// and X lies in 0...sa·da because B does in 0...1, so the numerator is at
// most 255·αo ≤ 255·255 and `div255` rounds it exactly. Each mode's X
// below is the spec's B multiplied through by sa·da; the pseudo-code's edge
// tests (Cb == 0, Cs == 1, Cs <= 0.5, ...) become exact tests on the bytes.

/// A pixel's four bytes as integers (R, G, B, A), each color channel
/// clamped to alpha on the way in so the bounds above hold for any input.
struct PixelChannels {
    var red: UInt32
    var green: UInt32
    var blue: UInt32
    var alpha: UInt32

    /// Unpacks a pixel stored as `PremultipliedColor.packed`.
    @inline(__always)
    init(packed: UInt32) {
        let v = UInt32(littleEndian: packed)
        alpha = v >> 24
        red = min(v & 0xFF, alpha)
        green = min((v >> 8) & 0xFF, alpha)
        blue = min((v >> 16) & 0xFF, alpha)
    }

    @inline(__always)
    init(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The bytes packed as `PremultipliedColor.packed`; each must be ≤ 255.
    @inline(__always)
    var packed: UInt32 {
        UInt32(littleEndian: red | green << 8 | blue << 16 | alpha << 24)
    }
}

/// One separable blend mode's result for one color channel.
protocol SeparableChannel {
    /// The result byte for source byte `s` and destination byte `d` with
    /// alphas `sa`, `da` (both > 0, `s ≤ sa`, `d ≤ da`), rounded to nearest,
    /// in 0...255. `base` is `s·(255 − da) + d·(255 − sa)`, the
    /// source-only and destination-only parts of the numerator.
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32
}

/// A separable blend mode composited source-over (section 10).
enum SeparableBlender<Mode: SeparableChannel>: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        composeSourceOver(
            source, destination, prepare: { s, d in (s.alpha, d.alpha) },
            channel: { alphas, cs, cb, base, _ in
                Mode.channel(s: cs, d: cb, sa: alphas.0, da: alphas.1, base: base)
            })
    }
}

// MARK: - Polynomial modes (exact)

/// Multiply (10.1.2): `B = Cb·Cs`, so `X = s·d`.
enum MultiplyChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        div255(base &+ s &* d)
    }
}

/// Screen (10.1.3): `B = Cb + Cs − Cb·Cs`, so `X = s·da + d·sa − s·d`.
enum ScreenChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        div255(base &+ (s &* da &- s &* d) &+ d &* sa)
    }
}

/// Hard light (10.1.9) as `X`: `2·s·d` when `Cs ≤ 0.5` (that is
/// `2s ≤ sa`), else `sa·da − 2·(da − d)·(sa − s)` (screen with `2Cs − 1`,
/// multiplied out). Overlay is the same with source and destination swapped.
@inline(__always)
func hardLightTerm(s: UInt32, d: UInt32, sa: UInt32, da: UInt32) -> UInt32 {
    if 2 &* s <= sa {
        return 2 &* s &* d
    }
    return sa &* da &- 2 &* (da &- d) &* (sa &- s)
}

/// Hard light (10.1.9): multiply or screen, by the source color.
enum HardLightChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        div255(base &+ hardLightTerm(s: s, d: d, sa: sa, da: da))
    }
}

/// Overlay (10.1.4): `B(Cb, Cs) = HardLight(Cs, Cb)`.
enum OverlayChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        div255(base &+ hardLightTerm(s: d, d: s, sa: da, da: sa))
    }
}

/// Darken (10.1.5): `B = min(Cb, Cs)`, so `X = min(s·da, d·sa)`.
enum DarkenChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        div255(base &+ min(s &* da, d &* sa))
    }
}

/// Lighten (10.1.6): `B = max(Cb, Cs)`, so `X = max(s·da, d·sa)`.
enum LightenChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        div255(base &+ max(s &* da, d &* sa))
    }
}

/// Difference (10.1.11): `B = |Cb − Cs|`, so `X = |s·da − d·sa|`.
enum DifferenceChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        let a = s &* da, b = d &* sa
        return div255(base &+ (max(a, b) &- min(a, b)))
    }
}

/// Exclusion (10.1.12): `B = Cb + Cs − 2·Cb·Cs`, so
/// `X = (s·da − s·d) + (d·sa − s·d)`, each bracket non-negative.
enum ExclusionChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        let sd = s &* d
        return div255(base &+ (s &* da &- sd) &+ (d &* sa &- sd))
    }
}

// MARK: - Quotient modes (dodge and burn exact, soft light in Float)

/// `round(numerator / denominator)`, ties up; `denominator` > 0 and
/// `2·numerator + denominator` must fit in 32 bits.
@inline(__always)
func roundedQuotient(_ numerator: UInt32, _ denominator: UInt32) -> UInt32 {
    (2 &* numerator &+ denominator) / (2 &* denominator)
}

/// Color dodge (10.1.7): `B = 0` if `Cb == 0`; else `1` if `Cs == 1`; else
/// `min(1, Cb / (1 − Cs))`.
///
/// With `Cb = d/da` and `Cs = s/sa`: `Cb == 0` is `d == 0`, `Cs == 1` is
/// `s == sa`, the quotient reaches 1 when `d·sa ≥ da·(sa − s)`, and below
/// that `X = sa·da·B = d·sa² / (sa − s)`, so the result is the rational
/// `(base·(sa − s) + d·sa²) / (255·(sa − s))`, rounded once (numerator
/// ≤ 2·255³, so the doubled numerator fits in 32 bits).
enum ColorDodgeChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        if d == 0 { return div255(base) }
        if s == sa { return div255(base &+ sa &* da) }
        let room = sa &- s
        if d &* sa >= da &* room { return div255(base &+ sa &* da) }
        return roundedQuotient(base &* room &+ d &* sa &* sa, fullWeight &* room)
    }
}

/// Color burn (10.1.8): `B = 1` if `Cb == 1`; else `0` if `Cs == 0`; else
/// `1 − min(1, (1 − Cb) / Cs)`.
///
/// `Cb == 1` is `d == da`, `Cs == 0` is `s == 0`; the quotient
/// `(da − d)·sa / (da·s)` reaches 1 when `(da − d)·sa ≥ da·s` (then B = 0);
/// below that `X = sa·da − (da − d)·sa² / s`, positive, and the result is
/// `(base·s + sa·da·s − (da − d)·sa²) / (255·s)`, rounded once (the
/// numerator is below s·(base + sa·da) ≤ 255³).
enum ColorBurnChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        if d == da { return div255(base &+ sa &* da) }
        if s == 0 { return div255(base) }
        let deficit = da &- d
        if deficit &* sa >= da &* s { return div255(base) }
        let numerator = base &* s &+ sa &* da &* s &- deficit &* sa &* sa
        return roundedQuotient(numerator, fullWeight &* s)
    }
}

/// Soft light (10.1.10): if `Cs ≤ 0.5`, `B = Cb − (1 − 2Cs)·Cb·(1 − Cb)`;
/// else `B = Cb + (2Cs − 1)·(D(Cb) − Cb)` with
/// `D(Cb) = ((16Cb − 12)·Cb + 4)·Cb` for `Cb ≤ 0.25`, else `sqrt(Cb)`.
///
/// The branches are chosen exactly on the bytes (`2s ≤ sa`, `4d ≤ da`); B is
/// evaluated in `Float` on the un-premultiplied colors, and the result byte
/// `(base + sa·da·B) / 255` is rounded to nearest (within 1 of exact).
enum SoftLightChannel: SeparableChannel {
    @inline(__always)
    static func channel(s: UInt32, d: UInt32, sa: UInt32, da: UInt32, base: UInt32) -> UInt32 {
        let cs = Float(s) / Float(sa)
        let cb = Float(d) / Float(da)
        let mixed: Float
        if 2 &* s <= sa {
            mixed = cb - (1 - 2 * cs) * cb * (1 - cb)
        } else {
            let lift = 4 &* d <= da ? ((16 * cb - 12) * cb + 4) * cb : cb.squareRoot()
            mixed = cb + (2 * cs - 1) * (lift - cb)
        }
        return roundedByte(Float(base) + Float(sa &* da) * mixed)
    }
}

/// `numerator / 255` rounded to nearest and clamped to 0...255 (NaN gives
/// 0): the one conversion from `Float` back to a byte. Never traps.
@inline(__always)
func roundedByte(_ numerator: Float) -> UInt32 {
    let value = numerator * (1 / Float(fullWeight))
    let clamped = value > 0 ? min(value, Float(fullWeight)) : 0
    return UInt32(clamped + 0.5)
}
