// Composite: the non-separable W3C blend modes (hue, saturation, color,
// luminosity), composited source-over: packed premultiplied RGBA8 -> packed
// premultiplied RGBA8. B works on whole un-premultiplied colors in Float
// with the spec's Lum, ClipColor, SetLum, Sat and SetSat; results are within
// 1 of exact. Source: W3C Compositing and Blending Level 1, section 10.2.

/// An un-premultiplied color, each component nominally in 0...1.
struct BlendColor {
    var red: Float
    var green: Float
    var blue: Float

    @inline(__always)
    init(red: Float, green: Float, blue: Float) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `Lum(C) = 0.3·R + 0.59·G + 0.11·B` (10.2).
    @inline(__always)
    var luminosity: Float {
        BlendColor.redWeight * red + BlendColor.greenWeight * green + BlendColor.blueWeight * blue
    }

    /// `Sat(C) = max − min` (10.2).
    @inline(__always)
    var saturation: Float { largest - smallest }

    @inline(__always)
    var smallest: Float { min(min(red, green), blue) }

    @inline(__always)
    var largest: Float { max(max(red, green), blue) }

    /// The spec's luma weights (section 10.2's `Lum`), summing to 1.
    static let redWeight: Float = 0.3
    static let greenWeight: Float = 0.59
    static let blueWeight: Float = 0.11

    /// `C + k` in every component.
    @inline(__always)
    func adding(_ k: Float) -> BlendColor {
        BlendColor(red: red + k, green: green + k, blue: blue + k)
    }

    /// `l + (C − l)·k` in every component: a scale about luminosity `l`.
    @inline(__always)
    func scaled(about l: Float, by k: Float) -> BlendColor {
        BlendColor(red: l + (red - l) * k, green: l + (green - l) * k, blue: l + (blue - l) * k)
    }

    /// `ClipColor(C)` (10.2): pulls the components toward `Lum(C)` until
    /// the smallest is ≥ 0 and then the largest ≤ 1, using the minimum and
    /// maximum taken on entry as the spec does. The `l > n`, `x > l` tests
    /// hold whenever a clip is due in exact arithmetic; they only skip
    /// grays that rounding nudged past 0 or 1, where the divisor would be 0.
    @inline(__always)
    func clipped() -> BlendColor {
        let l = luminosity
        let n = smallest
        let x = largest
        var c = self
        if n < 0, l > n {
            c = c.scaled(about: l, by: l / (l - n))
        }
        if x > 1, x > l {
            c = c.scaled(about: l, by: (1 - l) / (x - l))
        }
        return c
    }

    /// `SetLum(C, l)` (10.2): shifts every component by `l − Lum(C)`, then
    /// clips.
    @inline(__always)
    func withLuminosity(_ l: Float) -> BlendColor {
        adding(l - luminosity).clipped()
    }

    /// `SetSat(C, s)` (10.2): the minimum component becomes 0, the maximum
    /// `s`, the middle one keeps its relative place; all 0 when the
    /// components are equal. One expression serves min, mid and max:
    /// `(C − min)·s / (max − min)`.
    @inline(__always)
    func withSaturation(_ s: Float) -> BlendColor {
        let n = smallest
        let range = largest - n
        guard range > 0 else { return BlendColor(red: 0, green: 0, blue: 0) }
        let k = s / range
        return BlendColor(red: (red - n) * k, green: (green - n) * k, blue: (blue - n) * k)
    }
}

/// One non-separable mode's mixing function `B(Cb, Cs)`.
protocol NonSeparableMix {
    /// `B` for un-premultiplied backdrop `backdrop` and source `source`.
    static func mix(backdrop: BlendColor, source: BlendColor) -> BlendColor
}

/// Hue (10.2.1): `SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))`.
enum HueMix: NonSeparableMix {
    @inline(__always)
    static func mix(backdrop: BlendColor, source: BlendColor) -> BlendColor {
        source.withSaturation(backdrop.saturation).withLuminosity(backdrop.luminosity)
    }
}

/// Saturation (10.2.2): `SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))`.
enum SaturationMix: NonSeparableMix {
    @inline(__always)
    static func mix(backdrop: BlendColor, source: BlendColor) -> BlendColor {
        backdrop.withSaturation(source.saturation).withLuminosity(backdrop.luminosity)
    }
}

/// Color (10.2.3): `SetLum(Cs, Lum(Cb))`.
enum ColorMix: NonSeparableMix {
    @inline(__always)
    static func mix(backdrop: BlendColor, source: BlendColor) -> BlendColor {
        source.withLuminosity(backdrop.luminosity)
    }
}

/// Luminosity (10.2.4): `SetLum(Cb, Lum(Cs))`.
enum LuminosityMix: NonSeparableMix {
    @inline(__always)
    static func mix(backdrop: BlendColor, source: BlendColor) -> BlendColor {
        backdrop.withLuminosity(source.luminosity)
    }
}

/// A non-separable blend mode composited source-over (section 10): per
/// channel `co = (s·(255 − da) + d·(255 − sa) + sa·da·B) / 255` in bytes,
/// rounded, clamped to the exact source-over alpha.
enum NonSeparableBlender<Mix: NonSeparableMix>: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        composeSourceOver(
            source, destination,
            prepare: { s, d in
                let sa = Float(s.alpha), da = Float(d.alpha)
                let sourceScale = 1 / sa, backdropScale = 1 / da
                let mixed = Mix.mix(
                    backdrop: BlendColor(
                        red: Float(d.red) * backdropScale, green: Float(d.green) * backdropScale,
                        blue: Float(d.blue) * backdropScale),
                    source: BlendColor(
                        red: Float(s.red) * sourceScale, green: Float(s.green) * sourceScale,
                        blue: Float(s.blue) * sourceScale))
                return (mixed: mixed, both: sa * da)
            },
            channel: { prepared, _, _, base, index in
                let b = index == 0 ? prepared.mixed.red : (index == 1 ? prepared.mixed.green : prepared.mixed.blue)
                return roundedByte(Float(base) + prepared.both * b)
            })
    }
}
