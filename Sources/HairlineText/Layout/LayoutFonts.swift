// Text layout: the fonts one layout draws in. The layout's font first
// (index 0), then each fallback font as a character first needs it (a
// character the font lacks takes the font of its cluster's base if that
// has it, else the font's `FontFallback`). Approximate grapheme clusters:
// combining marks, joiners and variation selectors stay with their base's
// font. A fallback face lighter or more upright than a bold or slanted
// layout font gets the synthetic bold or slant that makes it match (as
// browsers draw fallback text). Only made for a font with a fallback:
// without one, layout is exactly as before (every glyph from the one font).

/// The fonts of a layout with fallback, index 0 the layout's own.
final class LayoutFonts {
    /// The fonts, the layout's first; at most `maximumCount`.
    private(set) var fonts: [Font]
    /// Points per font unit of each font at the layout's size.
    private(set) var units: [Double]
    let fallback: FontFallback
    let size: Double

    /// Fonts one layout may use (an index fits a byte).
    static let maximumCount = 255

    /// Whether fallback faces take the layout font's bold or slant.
    private let stylesFallback: Bool

    init(font: Font, fallback: FontFallback, size: Double) {
        fonts = [font]
        stylesFallback =
            font.style.weight >= FontSynthesis.boldThreshold || font.style.slant != .normal || !font.synthesis.isNone
        units = [size / Double(max(1, font.metrics.unitsPerEm))]
        self.fallback = fallback
        self.size = size
    }

    /// Whether `scalar` belongs with the scalar before it (its cluster's
    /// base): a combining mark, ZWJ / ZWNJ, a variation selector or an
    /// emoji modifier.
    static func extendsCluster(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v == 0x200C || v == 0x200D || (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v)
            || (0x1F3FB...0x1F3FF).contains(v)
        {
            return true
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    /// The font index and glyph for `scalar`, after a scalar drawn in font
    /// `previous`: the layout's font if it has the glyph (or the scalar
    /// extends a cluster of a fallback font that lacks it), else a fallback;
    /// `.notdef` of the layout's font if no font has it.
    func glyph(for scalar: Unicode.Scalar, after previous: UInt8) -> (font: UInt8, glyph: GlyphID) {
        let primary = fonts[0].glyph(for: scalar)
        // The common case first: the layout's font has it and the scalar
        // before was its too (no Unicode property is looked up).
        if primary != .notdef, previous == 0 { return (0, primary) }
        let extends = Self.extendsCluster(scalar)
        if extends, previous != 0 {
            let glyph = fonts[Int(previous)].glyph(for: scalar)
            if glyph != .notdef { return (previous, glyph) }
        }
        if primary != .notdef || scalar.properties.isWhitespace || scalar.value < 0x20 { return (0, primary) }
        // Joiners and selectors no font draws are left to the base's font.
        if extends, scalar.properties.isDefaultIgnorableCodePoint {
            return (previous, fonts[Int(previous)].glyph(for: scalar))
        }
        guard var font = fallback.font(for: scalar) else { return (0, primary) }
        if stylesFallback { font = font.synthesized(toMatch: fonts[0]) }
        return (index(of: font), font.glyph(for: scalar))
    }

    /// The index of `font`, added if new (the layout's font when the list
    /// is full).
    func index(of font: Font) -> UInt8 {
        if let i = fonts.firstIndex(where: { $0.identity == font.identity }) { return UInt8(i) }
        guard fonts.count < Self.maximumCount else { return 0 }
        fonts.append(font)
        units.append(size / Double(max(1, font.metrics.unitsPerEm)))
        return UInt8(fonts.count - 1)
    }

    /// The advance of `glyph` of font `i` plus its kerning with `next` when
    /// that is of the same font, in points.
    func advance(_ glyph: GlyphID, font i: UInt8, next: (glyph: GlyphID, font: UInt8)?) -> Double {
        let font = fonts[Int(i)]
        var units = font.advance(of: glyph)
        if let next, next.font == i { units += font.kerning(between: glyph, and: next.glyph) }
        return Double(units) * self.units[Int(i)]
    }
}
