// Text (color glyphs): a font's color glyph -> its layers (outline and
// paint, font units, y up), read once per font, glyph, foreground color and
// pixel size and kept: the one place Canvas text and the SVG reader get
// COLR v0/v1 (CPAL palette 0), sbix and CBDT glyphs from (Font+ColorGlyphs
// reads them). Placing the layers maps both the outline and the paint
// (gradients, bitmap patterns) from font units to user space.

import Hairline

/// The color layers of the color glyphs drawn so far, by font, glyph,
/// foreground color and pixel size; a value, used by one thread at a
/// time (a canvas keeps one, the SVG reader one per text element).
public struct ColorGlyphCache: Sendable {
    private struct Key: Hashable {
        var font: UInt
        var glyph: UInt16
        var foreground: Color
        var pixelsPerEm: Double
    }

    /// Each entry keeps its font, so that the font's identity (the address
    /// of its bytes) is not reused while the entry is here.
    private var entries: [Key: (font: Font, layers: [ColorGlyphLayer]?)] = [:]

    /// How many glyphs are kept before the cache is emptied (bounds the
    /// memory of callers that draw ever-new glyphs, colors or sizes).
    public static let maximumEntries = 4096

    /// An empty cache.
    public init() {}

    /// The layers of `glyph` of `font`, painted in order, nil if it is not
    /// a color glyph (`Font.colorLayers(of:foreground:pixelsPerEm:)`);
    /// read on the first call for the glyph, the color and the size.
    /// Fonts without color tables answer nil at once.
    /// - Parameters:
    ///   - glyph: a glyph of `font`.
    ///   - font: its font.
    ///   - foreground: the color of layers that ask for the text's color.
    ///   - pixelsPerEm: the size drawn, device pixels per em (picks the
    ///     bitmap strike; non-finite or negative: the largest).
    public mutating func layers(
        of glyph: GlyphID, in font: Font, foreground: Color, pixelsPerEm: Double
    ) -> [ColorGlyphLayer]? {
        guard font.hasColorGlyphs else { return nil }
        let size = pixelsPerEm.isFinite && pixelsPerEm > 0 ? pixelsPerEm : Double(UInt16.max)
        let key = Key(font: font.identity, glyph: glyph.rawValue, foreground: foreground, pixelsPerEm: size)
        if let known = entries[key] { return known.layers }
        let layers = font.colorLayers(of: glyph, foreground: foreground, pixelsPerEm: size)
        if entries.count >= Self.maximumEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = (font, layers)
        return layers
    }

    /// The number of glyphs kept (for tests).
    public var count: Int { entries.count }
}

extension ColorGlyphLayer {
    /// The layer with its outline and its paint mapped by `transform`
    /// (font units, y up -> the caller's space).
    public func applying(_ transform: AffineTransform) -> ColorGlyphLayer {
        ColorGlyphLayer(path: path.applying(transform), paint: paint.applyingTransform(transform))
    }
}
