// Composite: how a source pixel combines with the destination pixel under it.
// BlendMode -> the per-pixel formula the row kernels (BlendRow.swift) apply to
// premultiplied RGBA8, results rounded to nearest and always premultiplied.
// Source: W3C Compositing and Blending Level 1 (CRD 2024-03-21), section 9.1
// (Porter-Duff operators) and section 10 (blending); coverage as Skia does.

/// How a source color combines with the destination (backdrop) pixel.
///
/// Notation: `cs`, `cb` are the premultiplied source and destination colors
/// in 0...1, `αs`, `αb` their alphas, `Cs = cs / αs` and `Cb = cb / αb` the
/// un-premultiplied colors (taken as 0 when the alpha is 0); `co`, `αo` are
/// the premultiplied result.
///
/// **Porter-Duff operators** (W3C Compositing 1, section 9.1), premultiplied:
/// `co = cs·Fa + cb·Fb`, `αo = αs·Fa + αb·Fb`, with `Fa`, `Fb` given per case.
/// They are computed in exact 8-bit integer math: each channel is the
/// correctly rounded value of the formula (a single rounding, even where the
/// formula has two products).
///
/// **Blend modes** (section 10) blend the colors and composite the blended
/// source over the destination (section 10's "simple alpha compositing"):
/// `co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs)`,
/// `αo = αs + αb·(1 − αs)`, with the mixing function `B` given per case and
/// each component in 0...1. The separable modes other than `softLight`
/// reduce to integer polynomials or quotients of the premultiplied bytes and
/// are correctly rounded (ties up); `softLight` and the four non-separable
/// modes evaluate B in `Float` and round that, which is within 1 of exact
/// (measured: off the correctly rounded byte only when the exact value lies
/// within about 1e-4 of a rounding boundary). The result alpha is exact in
/// every mode, and every result channel is clamped to at most its alpha.
///
/// **Coverage.** A pixel that a shape covers by `c` (0...255) ends as
/// `dst' = dst + (result(src, dst) − dst)·c/255`: the full-coverage result,
/// linearly interpolated toward the old pixel (Skia's rule). For
/// `sourceOver` this equals blending the source scaled by `c/255`. Coverage
/// 0 leaves the destination untouched in every mode, so `clear`, `copy`,
/// `sourceIn` and the like act only inside the shape. The interpolation is
/// rounded once more, so a partly covered pixel is within 1 of the exact
/// interpolation of the exact formula.
///
/// Inputs must be premultiplied (each channel ≤ alpha, as `Surface`
/// guarantees); other input never traps but gives unspecified bytes.
public enum BlendMode: Hashable, Sendable, CaseIterable {
    /// Porter-Duff clear (9.1.1): `Fa = 0, Fb = 0`; the covered pixel becomes
    /// transparent black.
    case clear
    /// Porter-Duff copy (9.1.2): `Fa = 1, Fb = 0`; the source replaces the
    /// destination.
    case copy
    /// Porter-Duff source-over (9.1.4), the default: `Fa = 1, Fb = 1 − αs`,
    /// so `co = cs + cb·(1 − αs)`.
    case sourceOver
    /// Porter-Duff source-in (9.1.6): `Fa = αb, Fb = 0`; the source, kept
    /// only where the destination is.
    case sourceIn
    /// Porter-Duff source-out (9.1.8): `Fa = 1 − αb, Fb = 0`; the source,
    /// kept only where the destination is not.
    case sourceOut
    /// Porter-Duff source-atop (9.1.10): `Fa = αb, Fb = 1 − αs`; the source
    /// over the destination, inside the destination only.
    case sourceAtop
    /// Porter-Duff destination-over (9.1.5): `Fa = 1 − αb, Fb = 1`; the
    /// destination over the source.
    case destinationOver
    /// Porter-Duff destination-in (9.1.7): `Fa = 0, Fb = αs`; the
    /// destination, kept only where the source is.
    case destinationIn
    /// Porter-Duff destination-out (9.1.9): `Fa = 0, Fb = 1 − αs`; the
    /// destination, erased where the source is.
    case destinationOut
    /// Porter-Duff destination-atop (9.1.11): `Fa = 1 − αb, Fb = αs`; the
    /// destination over the source, inside the source only.
    case destinationAtop
    /// Porter-Duff xor (9.1.12): `Fa = 1 − αb, Fb = 1 − αs`; the parts of
    /// each that the other does not cover.
    case xor
    /// Porter-Duff plus, "lighter" (9.1.13): `Fa = 1, Fb = 1`, each channel
    /// and alpha clamped at 1: `co = min(1, cs + cb)`, `αo = min(1, αs + αb)`.
    case plus

    /// Multiply (10.1.2): `B = Cb·Cs`; never lighter than either color.
    case multiply
    /// Screen (10.1.3): `B = Cb + Cs − Cb·Cs`; never darker than either color.
    case screen
    /// Overlay (10.1.4): `B = HardLight(Cs, Cb)`, hard light with the roles
    /// of source and destination swapped.
    case overlay
    /// Darken (10.1.5): `B = min(Cb, Cs)`.
    case darken
    /// Lighten (10.1.6): `B = max(Cb, Cs)`.
    case lighten
    /// Color dodge (10.1.7): `B = 0` if `Cb == 0`, else `1` if `Cs == 1`,
    /// else `min(1, Cb / (1 − Cs))`.
    case colorDodge
    /// Color burn (10.1.8): `B = 1` if `Cb == 1`, else `0` if `Cs == 0`,
    /// else `1 − min(1, (1 − Cb) / Cs)`.
    case colorBurn
    /// Hard light (10.1.9): `B = Cb·2Cs` if `Cs ≤ 0.5`, else
    /// `Screen(Cb, 2Cs − 1)`.
    case hardLight
    /// Soft light (10.1.10): if `Cs ≤ 0.5`, `B = Cb − (1 − 2Cs)·Cb·(1 − Cb)`;
    /// else `B = Cb + (2Cs − 1)·(D(Cb) − Cb)`, where
    /// `D(Cb) = ((16Cb − 12)·Cb + 4)·Cb` if `Cb ≤ 0.25`, else `sqrt(Cb)`.
    case softLight
    /// Difference (10.1.11): `B = |Cb − Cs|`.
    case difference
    /// Exclusion (10.1.12): `B = Cb + Cs − 2·Cb·Cs`.
    case exclusion
    /// Hue (10.2.1, non-separable): `B = SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))`,
    /// the source's hue with the destination's saturation and luminosity.
    ///
    /// The helpers are section 10.2's: `Lum(C) = 0.3·R + 0.59·G + 0.11·B`;
    /// `Sat(C) = max − min`; `SetSat` rescales the channels so that the
    /// minimum is 0 and the maximum is `s` (all 0 when they are equal);
    /// `SetLum` adds `l − Lum(C)` to each channel and then `ClipColor` pulls
    /// the channels toward `Lum` until they lie in 0...1.
    case hue
    /// Saturation (10.2.2): `B = SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))`, the
    /// source's saturation with the destination's hue and luminosity.
    case saturation
    /// Color (10.2.3): `B = SetLum(Cs, Lum(Cb))`, the source's hue and
    /// saturation with the destination's luminosity.
    case color
    /// Luminosity (10.2.4): `B = SetLum(Cb, Lum(Cs))`, the source's
    /// luminosity with the destination's hue and saturation.
    case luminosity

    /// Whether this is one of the twelve Porter-Duff operators (section 9.1)
    /// rather than a blend mode composited source-over (section 10).
    @inlinable
    public var isPorterDuff: Bool {
        switch self {
        case .clear, .copy, .sourceOver, .sourceIn, .sourceOut, .sourceAtop,
            .destinationOver, .destinationIn, .destinationOut, .destinationAtop,
            .xor, .plus:
            return true
        case .multiply, .screen, .overlay, .darken, .lighten, .colorDodge,
            .colorBurn, .hardLight, .softLight, .difference, .exclusion,
            .hue, .saturation, .color, .luminosity:
            return false
        }
    }
}
