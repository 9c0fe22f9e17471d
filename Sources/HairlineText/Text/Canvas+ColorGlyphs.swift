// Text (color glyphs): one laid-out line of a color font -> its color
// glyphs filled layer by layer (COLR v0/v1 with CPAL palette 0, sbix and
// CBDT bitmaps, from the canvas's ColorGlyphCache), and the line's other
// glyphs drawn as any text (cached masks or outlines). Layers are placed
// as the glyph's outline would be (font units, y up -> user space, the
// pen at the glyph's position, raised by its shaping offset); layers that
// ask for the text's color take the paint's color (black for gradients
// and patterns). Only lines of layouts with a color font come here.

import Hairline

extension Canvas {
    /// Draws `line` (of `layout`, its pen starting at `start`, user space,
    /// points): its plain glyphs as Canvas text draws them, then its color
    /// glyphs' layers in their own paints.
    func drawColorLine(
        _ line: TextLine, layout: TextLayout, start: Point, cached: Bool, state: TextCanvasState, paint: Paint
    ) {
        let foreground: Color
        if case .solid(let color) = paint { foreground = color } else { foreground = Color(red: 0, green: 0, blue: 0) }
        let t = transform
        // Device pixels per em (the bitmap strike's size).
        let pixelsPerEm = layout.size * (abs(t.a * t.d - t.b * t.c)).squareRoot()
        var plain = TextLine()
        plain.width = line.width
        plain.isRightToLeft = line.isRightToLeft
        var colored: [ColorGlyphLayer] = []
        for (i, glyph) in line.glyphs.enumerated() {
            let fontIndex = line.fontIndex(ofGlyph: i)
            let font = layout.font(at: fontIndex)
            let raise = line.yOffsets.isEmpty ? 0 : line.yOffsets[i]
            if let layers = state.colorGlyphs.layers(
                of: glyph, in: font, foreground: foreground, pixelsPerEm: pixelsPerEm)
            {
                let unit = layout.size / Double(max(1, font.metrics.unitsPerEm))
                let place = AffineTransform(
                    a: unit, b: 0, c: 0, d: -unit, tx: start.x + line.positions[i], ty: start.y - raise)
                for layer in layers { colored.append(layer.applying(place)) }
                continue
            }
            plain.glyphs.append(glyph)
            plain.positions.append(line.positions[i])
            if !line.fontIndices.isEmpty { plain.fontIndices.append(line.fontIndices[i]) }
            if !line.yOffsets.isEmpty { plain.yOffsets.append(raise) }
        }
        if !plain.glyphs.isEmpty {
            if cached, plain.yOffsets.isEmpty {
                drawCached(plain, layout: layout, start: start, state: state, paint: paint)
            } else {
                fillOutlines(
                    plain, font: layout.font(at:), size: layout.size, start: start, state: state, paint: paint)
            }
        }
        for layer in colored where !layer.path.isEmpty { fill(layer.path, with: layer.paint) }
    }
}
