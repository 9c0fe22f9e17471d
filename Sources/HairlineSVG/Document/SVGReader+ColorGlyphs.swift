// Document: color glyphs in <text> (COLR, CBDT, sbix via HairlineText's
// `ColorGlyphCache`, as Canvas text draws them) -> filled shapes in the
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
    /// user space), nil if it is not a color glyph; read once per font,
    /// glyph and foreground (`cache`, shared with Canvas text).
    static func colorGlyphLayers(
        _ glyph: GlyphID, of font: Font, place: AffineTransform,
        foreground: Color, cache: inout ColorGlyphCache
    )
        -> [(path: Path, paint: Paint)]?
    {
        // The largest bitmap strike (as resvg): the drawing may be scaled.
        guard let layers = cache.layers(of: glyph, in: font, foreground: foreground, pixelsPerEm: largestStrike)
        else { return nil }
        return layers.map {
            let placed = $0.applying(place)
            return (placed.path, placed.paint)
        }
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
