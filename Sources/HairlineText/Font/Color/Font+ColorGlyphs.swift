// Font stage (color glyphs): the public entry to a font's color glyphs. A
// glyph -> its color layers (outline and paint, font units, y up), from
// the first table that has it: COLR v1's paint graph, COLR v0's layers,
// then CBDT or sbix bitmaps (PNG decoded by HairlinePNG, drawn as an
// image-pattern rectangle). The tables are parsed once with the font; a
// damaged table is dropped (its glyphs draw as plain outlines), a damaged
// glyph has no color layers. Layouts: OpenType 1.9 COLR, CPAL, CBLC,
// CBDT, sbix.

import Hairline
import HairlinePNG

/// A font's color tables, those present and readable.
struct ColorTables: Sendable {
    let layers: ColorLayers?
    let palettes: ColorPalettes?
    let bitmaps: ColorBitmaps?
    let standardBitmaps: StandardBitmaps?

    /// Reads COLR, CPAL, CBLC/CBDT and sbix; nil if the font has none.
    init?(_ font: FontData, tables: [String: FontTable], glyphCount: Int) {
        layers = tables["COLR"].flatMap { try? ColorLayers(font, colr: $0) }
        palettes = tables["CPAL"].flatMap { try? ColorPalettes(font, cpal: $0) }
        if let cblc = tables["CBLC"], let cbdt = tables["CBDT"] {
            bitmaps = try? ColorBitmaps(font, cblc: cblc, cbdt: cbdt)
        } else {
            bitmaps = nil
        }
        standardBitmaps = tables["sbix"].flatMap { try? StandardBitmaps(font, sbix: $0, glyphCount: glyphCount) }
        if layers == nil, bitmaps == nil, standardBitmaps == nil { return nil }
    }
}

extension Font {
    /// Whether the font has color glyphs (COLR, CBDT or sbix).
    public var hasColorGlyphs: Bool { colorTables != nil }

    /// The color layers of `glyph`, painted in order; nil if the glyph is
    /// not a color glyph (draw its outline in the text's paint).
    ///
    /// COLR layers reference palette 0 of CPAL; an entry of 0xFFFF (or a
    /// missing palette) takes `foreground`. Bitmaps come from the strike
    /// nearest above `pixelsPerEm`, as an image pattern over their
    /// rectangle. Approximations are those of `ColorPaintGraph` (composite
    /// modes as source-over, nested clips as the innermost outline, sweep
    /// gradients over one turn).
    /// Complexity: O(paints) for COLR, at most 20,000 visits; a PNG decode
    /// for bitmaps.
    /// - Parameters:
    ///   - glyph: a glyph of this font.
    ///   - foreground: the text's color, for layers that ask for it.
    ///   - pixelsPerEm: the size the glyph is drawn at, device pixels per
    ///     em, choosing among bitmap strikes.
    public func colorLayers(
        of glyph: GlyphID, foreground: Color = Color(red: 0, green: 0, blue: 0),
        pixelsPerEm: Double = 128
    ) -> [ColorGlyphLayer]? {
        guard let colorTables else { return nil }
        let index = Int(glyph.rawValue)
        if let colr = colorTables.layers {
            if let root = colr.rootPaint(data, glyph: index) {
                var graph = ColorPaintGraph(
                    font: data, colr: colr, palettes: colorTables.palettes, foreground: foreground,
                    outline: { (g) throws(FontError) in try self.outline(of: GlyphID(UInt16(truncatingIfNeeded: g))) })
                guard (try? graph.walk(root, transform: .identity, clip: nil)) != nil else { return nil }
                return graph.layers
            }
            if let records = colr.layerRecords(data, glyph: index) {
                var layers: [ColorGlyphLayer] = []
                for record in records {
                    guard let path = try? outline(of: GlyphID(UInt16(truncatingIfNeeded: record.glyph))), !path.isEmpty
                    else { continue }
                    let color =
                        record.entry == 0xFFFF
                        ? foreground
                        : colorTables.palettes?.color(data, palette: 0, entry: record.entry) ?? foreground
                    layers.append(ColorGlyphLayer(path: path, paint: .solid(color)))
                }
                return layers
            }
        }
        let units = metrics.unitsPerEm
        var bitmap = colorTables.bitmaps?.bitmap(data, glyph: index, pixelsPerEm: pixelsPerEm, unitsPerEm: units)
        if bitmap == nil,
            let sbix = colorTables.standardBitmaps?.bitmap(
                data, glyph: index, pixelsPerEm: pixelsPerEm, unitsPerEm: units)
        {
            // sbix offsets count from the outline's bounding box corner
            // when the glyph has an outline (as resvg places them: glyf's
            // header box, a CFF outline's control points, rounded out).
            var corner = (x: 0.0, y: 0.0)
            if case .cff = glyphSource, let path = try? outline(of: glyph), !path.isEmpty {
                let box = path.controlPointBounds
                corner = (box.minX.rounded(.down), box.minY.rounded(.down))
            } else if let box = glyphSource.bounds(data, index) {
                corner = (Double(box.xMin), Double(box.yMin))
            }
            bitmap = BitmapGlyph(
                data: sbix.data, left: sbix.left + corner.x, top: sbix.top + corner.y,
                unitsPerPixel: sbix.unitsPerPixel)
        }
        guard let bitmap, let image = try? ImageDecoder.decode(bitmap.data) else { return nil }
        let scale = bitmap.unitsPerPixel
        let place = AffineTransform(a: scale, b: 0, c: 0, d: -scale, tx: bitmap.left, ty: bitmap.top)
        var rect = Path()
        rect.addRect(
            Rect(
                x: bitmap.left, y: bitmap.top - Double(image.height) * scale,
                width: Double(image.width) * scale, height: Double(image.height) * scale))
        let pattern = ImagePattern(image, transform: place, tileX: .decal, tileY: .decal, sampling: .bilinear)
        return [ColorGlyphLayer(path: rect, paint: .pattern(pattern))]
    }
}
