// Font stage (color glyphs): CPAL in -> the colors of palette entries
// (sRGB, straight alpha) that COLR layers and paints name by index. Colors
// are stored BGRA, one byte each; a palette is a run of `entryCount`
// records starting at its first index. A damaged CPAL gives no palettes
// (every entry then draws in the text's color). Layout: OpenType 1.9 CPAL.

import Hairline

/// CPAL: the font's color palettes.
struct ColorPalettes: Sendable {
    let cpal: FontTable
    /// Colors per palette.
    let entryCount: Int
    let paletteCount: Int
    let recordsAt: Int
    let recordCount: Int

    init(_ font: FontData, cpal: FontTable) throws(FontError) {
        entryCount = Int(try font.u16(cpal, 2))
        paletteCount = Int(try font.u16(cpal, 4))
        recordCount = Int(try font.u16(cpal, 6))
        recordsAt = Int(try font.u32(cpal, 8))
        try font.check(cpal, recordsAt, 4 * recordCount)
        try font.check(cpal, 12, 2 * paletteCount)
        self.cpal = cpal
    }

    /// The color of entry `entry` of palette `palette` (palette 0 when
    /// `palette` is out of range); nil for an entry the palette lacks.
    func color(_ font: FontData, palette: Int, entry: Int) -> Color? {
        guard paletteCount > 0, entry >= 0, entry < entryCount else { return nil }
        let chosen = palette >= 0 && palette < paletteCount ? palette : 0
        guard let first = try? font.u16(cpal, 12 + 2 * chosen) else { return nil }
        let record = Int(first) + entry
        guard record < recordCount, let bgra = try? font.u32(cpal, recordsAt + 4 * record) else { return nil }
        return Color(
            red: Double(bgra >> 8 & 0xFF) / 255, green: Double(bgra >> 16 & 0xFF) / 255,
            blue: Double(bgra >> 24) / 255, alpha: Double(bgra & 0xFF) / 255)
    }
}
