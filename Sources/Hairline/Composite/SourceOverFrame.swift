// Composite: the frame every separable and non-separable blend mode is
// composited in (Compositing and Blending Level 1, section 10: the mode's
// B(cb, cs) placed source-over): a transparent source or backdrop leaves
// the other pixel exactly; otherwise the alpha is αs + αb·(1 − αs) and
// each channel is the mode's value of the source-only and backdrop-only
// parts plus its own term, clamped to that alpha. Written once for both
// families of modes (SeparableBlender.swift, NonSeparableBlender.swift).

/// `source` blended onto `destination` (premultiplied RGBA8 packed) by a
/// mode whose channel is `channel(prepared, cs, cb, base)`: `base` is
/// `cs·(255 − αb) + cb·(255 − αs)`, the numerator's source-only and
/// backdrop-only parts; `prepared` is what `prepare` made once from both
/// pixels (both alphas non-zero); the result is clamped to the alpha.
@inline(__always)
func composeSourceOver<Prepared>(
    _ source: UInt32, _ destination: UInt32, prepare: (PixelChannels, PixelChannels) -> Prepared,
    channel: (Prepared, _ cs: UInt32, _ cb: UInt32, _ base: UInt32, _ index: Int) -> UInt32
) -> UInt32 {
    let s = PixelChannels(packed: source)
    let d = PixelChannels(packed: destination)
    // With either alpha 0, αs·αb·B vanishes: co = cb or co = cs exactly.
    if s.alpha == 0 { return d.packed }
    if d.alpha == 0 { return s.packed }
    let keepSource = fullWeight &- d.alpha
    let keepDestination = fullWeight &- s.alpha
    let alpha = s.alpha &+ div255(d.alpha &* keepDestination)
    let prepared = prepare(s, d)
    @inline(__always)
    func composed(_ cs: UInt32, _ cb: UInt32, _ index: Int) -> UInt32 {
        min(channel(prepared, cs, cb, cs &* keepSource &+ cb &* keepDestination, index), alpha)
    }
    return PixelChannels(
        red: composed(s.red, d.red, 0), green: composed(s.green, d.green, 1),
        blue: composed(s.blue, d.blue, 2), alpha: alpha
    ).packed
}
