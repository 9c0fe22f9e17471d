// Font stage: synthetic styles for a face its family lacks (CSS Fonts 4
// §5.2 step 4 and `font-synthesis`). Outlines in font units, y up, in ->
// outlines out: an oblique as a horizontal skew (x += tan(angle) * y, so
// ascenders lean right about the baseline), a bold as an outline
// embolden (every point moved outward along its corner's bisector so each
// edge moves by half the strength: stems grow by the whole strength, as
// FreeType's FT_Outline_EmboldenXY does). Advances and metrics are kept,
// as Chrome's and Skia's synthetic bold and italic keep them.

import Hairline

/// The synthetic slant and weight a font is drawn with.
///
/// Made by `Font.synthesized(weight:slant:obliqueAngle:)` when text asks
/// for a bold or slanted face its family does not have; the font's
/// outlines (`Font.outline(of:)`) then carry it, so every text path
/// (glyph cache, SVG text, color glyph layers) draws it.
public struct FontSynthesis: Hashable, Sendable {
    /// The slant in degrees, positive leaning right (CSS `oblique 14deg`);
    /// 0 for none. Clamped to ±`maximumObliqueAngle`.
    public var obliqueAngle: Double
    /// How much wider every stroke of a glyph gets, in font units (half on
    /// each side); 0 for none. Clamped to 0 ... `maximumEmboldenFraction`
    /// of the em by `Font.synthesized(_:)`.
    public var emboldenStrength: Double

    /// No synthesis: outlines as the font draws them.
    public static let none = FontSynthesis()

    /// The slant CSS and browsers give an oblique without an angle and a
    /// synthetic italic, in degrees (CSS Fonts 4 `oblique` default; Skia's
    /// fake italic skew of 1/4 is 14.04 degrees).
    public static let defaultObliqueAngle = FontStyle.defaultObliqueAngle
    /// The steepest slant accepted, in degrees (CSS allows ±90, where the
    /// skew is infinite; 80 degrees is already a 5.7:1 lean).
    public static let maximumObliqueAngle = 80.0
    /// Synthetic bold's strength as a fraction of the em: FreeType's
    /// FT_GlyphSlot_Embolden (em / 24), which Skia's fake bold also uses
    /// at text sizes up to 9 points (1/32 at 36 and above).
    public static let boldStrengthPerEm = 1.0 / 24
    /// The largest strength accepted, as a fraction of the em (a stroke
    /// wider than a quarter em fills counters of any face).
    public static let maximumEmboldenFraction = 0.25
    /// The weight from which CSS synthesizes bold for a lighter face
    /// (`font-synthesis-weight`, the bold threshold of CSS Fonts 4 §5.2).
    public static let boldThreshold = 600

    /// A synthesis of `obliqueAngle` degrees and `emboldenStrength` font
    /// units (both 0 by default: none).
    public init(obliqueAngle: Double = 0, emboldenStrength: Double = 0) {
        self.obliqueAngle = obliqueAngle
        self.emboldenStrength = emboldenStrength
    }

    /// Whether it changes nothing.
    public var isNone: Bool { obliqueAngle == 0 && emboldenStrength == 0 }

    /// The skew of the slant in font units (y up): x += tan(angle) * y.
    var skew: AffineTransform {
        let radians = obliqueAngle * .pi / 180
        return AffineTransform(a: 1, b: 0, c: _sin(radians) / _cos(radians), d: 1, tx: 0, ty: 0)
    }

    /// `outline` emboldened, then slanted (the order FreeType and Skia use:
    /// the stroke grows upright, then leans with the glyph).
    func apply(to outline: Path) -> Path {
        guard !isNone, !outline.isEmpty else { return outline }
        var path = emboldenStrength > 0 ? OutlineEmbolden.emboldened(outline, by: emboldenStrength) : outline
        if obliqueAngle != 0 { path.apply(skew) }
        return path
    }
}

extension Font {
    /// The synthesis this font's outlines carry (`.none` for a face as
    /// read).
    public var synthesis: FontSynthesis { synthesisValue }

    /// This font drawn with `synthesis` (replacing any it had): the slant
    /// clamped to ±`FontSynthesis.maximumObliqueAngle` degrees, the
    /// strength to 0 ... `maximumEmboldenFraction` em; non-finite values
    /// count as 0. Advances, kerning and metrics are unchanged.
    public func synthesized(_ synthesis: FontSynthesis) -> Font {
        var copy = self
        let limit = FontSynthesis.maximumObliqueAngle
        let strongest = Double(metrics.unitsPerEm) * FontSynthesis.maximumEmboldenFraction
        let angle = synthesis.obliqueAngle.isFinite ? min(max(synthesis.obliqueAngle, -limit), limit) : 0
        let strength =
            synthesis.emboldenStrength.isFinite ? min(max(synthesis.emboldenStrength, 0), strongest) : 0
        copy.synthesisValue = FontSynthesis(obliqueAngle: angle, emboldenStrength: strength)
        return copy
    }

    /// This face as CSS draws it for text asking `weight`, `slant` and
    /// `obliqueAngle` (CSS Fonts 4 §5.2, `font-synthesis: weight style`):
    /// bold (em / 24) when `weight` is at least 600 and the face is
    /// lighter than 600 with no `wght` axis reaching 600; a slant of
    /// `obliqueAngle` (14 degrees if nil; italic always 14) when italic or
    /// oblique is asked and the face is upright with no `slnt` or `ital`
    /// axis. A face that has what is asked is returned as it is.
    /// - Parameters:
    ///   - weight: the CSS weight asked (400 normal, 700 bold).
    ///   - slant: the CSS font-style asked.
    ///   - obliqueAngle: the oblique angle in degrees, nil for the default.
    public func synthesized(weight: Int, slant: FontSlant, obliqueAngle: Double? = nil) -> Font {
        var wanted = FontSynthesis.none
        if needsSyntheticBold(forWeight: weight) {
            wanted.emboldenStrength = Double(metrics.unitsPerEm) * FontSynthesis.boldStrengthPerEm
        }
        if slant != .normal, style.slant == .normal,
            !variationAxes.contains(where: { $0.tag == "slnt" || $0.tag == "ital" })
        {
            wanted.obliqueAngle =
                slant == .oblique
                ? obliqueAngle ?? FontSynthesis.defaultObliqueAngle : FontSynthesis.defaultObliqueAngle
        }
        if wanted == synthesis { return self }
        return synthesized(wanted)
    }

    /// Whether text asking `weight` gets a synthetic bold of this face.
    func needsSyntheticBold(forWeight weight: Int) -> Bool {
        guard weight >= FontSynthesis.boldThreshold, style.weight < FontSynthesis.boldThreshold else { return false }
        let reaches = variationAxes.contains { $0.tag == "wght" && $0.maximum >= Double(FontSynthesis.boldThreshold) }
        return !reaches
    }

    /// This fallback face with the synthesis that makes it look like
    /// `primary` (the font whose text it stands in for): bold when
    /// `primary` is bold (by its face or its synthesis) and this face is
    /// not, slanted when `primary` slants and this face is upright.
    func synthesized(toMatch primary: Font) -> Font {
        let primaryWeight =
            primary.synthesis.emboldenStrength > 0 ? max(primary.style.weight, 700) : primary.style.weight
        let slant: FontSlant = primary.synthesis.obliqueAngle != 0 ? .oblique : primary.style.slant
        let angle = primary.synthesis.obliqueAngle != 0 ? primary.synthesis.obliqueAngle : nil
        return synthesized(weight: primaryWeight, slant: slant, obliqueAngle: angle)
    }
}
