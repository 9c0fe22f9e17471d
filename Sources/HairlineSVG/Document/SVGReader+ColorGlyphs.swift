// Document: color glyphs in <text> (COLR, CBDT, sbix via HairlineText's
// `Font.colorLayers(of:foreground:pixelsPerEm:)`) -> filled shapes in the
// text's user space, one per layer, each with its own paint: the layer's
// outline and paint mapped by the glyph's placement (font units, y up ->
// user space). Such glyphs are left out of the run's outline, so the
// text's fill and stroke do not paint them (as in resvg); their layers
// draw after the text's runs.

import Hairline
import HairlineText

extension SVGReader {
    /// Pixels per em asked of bitmap glyphs: more than any strike has, so
    /// the largest is taken.
    static let largestStrike = Double(UInt16.max)

    /// The layers of `glyph` of `font` placed by `place` (font units to
    /// user space), nil if it is not a color glyph; read once per font
    /// and glyph (`cache`, by font identity).
    static func colorGlyphLayers(
        _ glyph: GlyphID, of font: Font, place: AffineTransform,
        foreground: Color, cache: inout [UInt: [GlyphID: [ColorGlyphLayer]?]]
    )
        -> [(path: Path, paint: Paint)]?
    {
        guard font.hasColorGlyphs else { return nil }
        let layers: [ColorGlyphLayer]?
        if let cached = cache[font.identity]?[glyph] {
            layers = cached
        } else {
            // The largest bitmap strike (as resvg): the drawing may be scaled.
            layers = font.colorLayers(of: glyph, foreground: foreground, pixelsPerEm: largestStrike)
            cache[font.identity, default: [:]][glyph] = .some(layers)
        }
        guard let layers else { return nil }
        return layers.map { ($0.path.applying(place), $0.paint.applyingTransform(place)) }
    }

    /// The solid color a text's `fill` gives color glyphs' foreground
    /// layers (black for paint servers and `none`).
    static func foregroundColor(of style: InheritedStyle) -> Color {
        switch style.fill {
        case .color(let color): return color
        case .currentColor: return style.color
        default: return Color(red: 0, green: 0, blue: 0)
        }
    }
}
