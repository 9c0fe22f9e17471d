// Font stage (color glyphs): CBLC/CBDT and sbix in -> a glyph's bitmap
// (PNG bytes) and where it sits, in font units (y up). CBLC's strikes map
// glyph ranges to image data in CBDT (index formats 1-5; image formats
// 17, 18 and 19, PNG with small, big or shared metrics); sbix's strikes
// hold per-glyph 'png ' data with an origin offset. The strike chosen is
// the smallest at or above the asked pixels per em, else the largest.
// Every offset is checked; a damaged table gives no bitmap.
// Layouts: OpenType 1.9 CBLC, CBDT, sbix.

/// A glyph's bitmap: its encoded image and its rectangle in font units.
struct BitmapGlyph {
    /// The image file's bytes (PNG).
    let data: [UInt8]
    /// The image's left edge and top edge, in font units (y up).
    let left: Double, top: Double
    /// Font units per image pixel.
    let unitsPerPixel: Double
}

/// CBLC and CBDT: color bitmaps by strike.
struct ColorBitmaps: Sendable {
    let cblc: FontTable
    let cbdt: FontTable
    /// Strikes: (record offset in CBLC, pixels per em).
    let strikes: [(at: Int, ppem: Int)]

    /// Strikes above this count are taken as damage.
    static let maximumStrikeCount = 256

    init(_ font: FontData, cblc: FontTable, cbdt: FontTable) throws(FontError) {
        let count = Int(try font.u32(cblc, 4))
        guard count <= Self.maximumStrikeCount else {
            throw .invalid(table: "CBLC", offset: cblc.offset + 4, reason: "\(count) strikes")
        }
        var strikes: [(at: Int, ppem: Int)] = []
        for i in 0..<count {
            let at = 8 + 48 * i
            strikes.append((at, Int(try font.u8(cblc, at + 44))))
        }
        self.strikes = strikes
        self.cblc = cblc
        self.cbdt = cbdt
    }

    /// The bitmap of `glyph` in the strike best for `pixelsPerEm`.
    func bitmap(_ font: FontData, glyph: Int, pixelsPerEm: Double, unitsPerEm: Int) -> BitmapGlyph? {
        for strike in ColorBitmaps.ordered(strikes.map(\.ppem), for: pixelsPerEm) {
            let record = strikes[strike]
            if let found = try? bitmap(font, glyph: glyph, strikeAt: record.at) {
                let scale = Double(unitsPerEm) / Double(max(1, record.ppem))
                return BitmapGlyph(data: found.data, left: found.x * scale, top: found.y * scale, unitsPerPixel: scale)
            }
        }
        return nil
    }

    /// Strike indices, best first for `pixelsPerEm`: those at or above it
    /// from the smallest, then the smaller ones from the largest.
    static func ordered(_ ppems: [Int], for pixelsPerEm: Double) -> [Int] {
        let indices = ppems.indices
        let above = indices.filter { Double(ppems[$0]) >= pixelsPerEm }.sorted { ppems[$0] < ppems[$1] }
        let below = indices.filter { Double(ppems[$0]) < pixelsPerEm }.sorted { ppems[$0] > ppems[$1] }
        return above + below
    }

    /// The PNG and its top-left (pixels, y up) in the strike at `strikeAt`.
    private func bitmap(
        _ font: FontData, glyph: Int, strikeAt: Int
    ) throws(FontError) -> (data: [UInt8], x: Double, y: Double)? {
        let arrayAt = Int(try font.u32(cblc, strikeAt)), subtableCount = Int(try font.u32(cblc, strikeAt + 8))
        guard subtableCount <= 65536 else { return nil }
        for i in 0..<subtableCount {
            let record = arrayAt + 8 * i
            let first = Int(try font.u16(cblc, record)), last = Int(try font.u16(cblc, record + 2))
            guard glyph >= first, glyph <= last else { continue }
            let header = arrayAt + Int(try font.u32(cblc, record + 4))
            let indexFormat = try font.u16(cblc, header), imageFormat = try font.u16(cblc, header + 2)
            let imageData = Int(try font.u32(cblc, header + 4))
            var range: (start: Int, end: Int)?
            var sharedMetrics: Int?
            switch indexFormat {
            case 1:
                let k = glyph - first
                range = (Int(try font.u32(cblc, header + 8 + 4 * k)), Int(try font.u32(cblc, header + 12 + 4 * k)))
            case 3:
                let k = glyph - first
                range = (Int(try font.u16(cblc, header + 8 + 2 * k)), Int(try font.u16(cblc, header + 10 + 2 * k)))
            case 2:
                let size = Int(try font.u32(cblc, header + 8))
                range = (size * (glyph - first), size * (glyph - first + 1))
                sharedMetrics = header + 12
            case 4:
                let count = Int(try font.u32(cblc, header + 8))
                for j in 0..<min(count, 65536) where Int(try font.u16(cblc, header + 12 + 4 * j)) == glyph {
                    range = (Int(try font.u16(cblc, header + 14 + 4 * j)), Int(try font.u16(cblc, header + 18 + 4 * j)))
                    break
                }
            case 5:
                let size = Int(try font.u32(cblc, header + 8))
                let count = Int(try font.u32(cblc, header + 20))
                for j in 0..<min(count, 65536) where Int(try font.u16(cblc, header + 24 + 2 * j)) == glyph {
                    range = (size * j, size * (j + 1))
                    break
                }
                sharedMetrics = header + 12
            default: return nil
            }
            guard let range, range.end > range.start else { return nil }
            let glyphData = try cbdt.slice(from: imageData + range.start, length: range.end - range.start)
            return try image(font, glyphData, format: imageFormat, sharedMetrics: sharedMetrics)
        }
        return nil
    }

    /// Decodes image formats 17, 18 and 19 (PNG) of one glyph's data.
    private func image(
        _ font: FontData, _ data: FontTable, format: UInt16, sharedMetrics: Int?
    ) throws(FontError)
        -> (data: [UInt8], x: Double, y: Double)?
    {
        let x: Int, y: Int, lengthAt: Int
        switch format {
        case 17: x = Int(try font.i8(data, 2)); y = Int(try font.i8(data, 3)); lengthAt = 5
        case 18: x = Int(try font.i8(data, 2)); y = Int(try font.i8(data, 3)); lengthAt = 8
        case 19:
            guard let sharedMetrics else { return nil }
            x = Int(try font.i8(cblc, sharedMetrics + 2)); y = Int(try font.i8(cblc, sharedMetrics + 3)); lengthAt = 0
        default: return nil
        }
        let length = Int(try font.u32(data, lengthAt))
        let png = try data.slice(from: lengthAt + 4, length: length)
        return (Array(font.bytes[png.offset..<(png.offset + png.length)]), Double(x), Double(y))
    }
}

/// sbix: bitmaps by strike, each glyph's with its origin offset.
struct StandardBitmaps: Sendable {
    let sbix: FontTable
    let glyphCount: Int
    let strikes: [(at: Int, ppem: Int)]

    init(_ font: FontData, sbix: FontTable, glyphCount: Int) throws(FontError) {
        let count = Int(try font.u32(sbix, 4))
        guard count <= ColorBitmaps.maximumStrikeCount else {
            throw .invalid(table: "sbix", offset: sbix.offset + 4, reason: "\(count) strikes")
        }
        var strikes: [(at: Int, ppem: Int)] = []
        for i in 0..<count {
            let at = Int(try font.u32(sbix, 8 + 4 * i))
            try font.check(sbix, at, 4 + 4 * (glyphCount + 1))
            strikes.append((at, Int(try font.u16(sbix, at))))
        }
        self.strikes = strikes
        self.sbix = sbix
        self.glyphCount = glyphCount
    }

    /// The bitmap of `glyph` in the strike best for `pixelsPerEm`: its
    /// bottom-left at the origin offset (pixels) from the glyph origin.
    func bitmap(_ font: FontData, glyph: Int, pixelsPerEm: Double, unitsPerEm: Int) -> BitmapGlyph? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        for strike in ColorBitmaps.ordered(strikes.map(\.ppem), for: pixelsPerEm) {
            let at = strikes[strike].at
            guard let start = try? font.u32(sbix, at + 4 + 4 * glyph),
                let end = try? font.u32(sbix, at + 8 + 4 * glyph),
                end > start, end - start > 8,
                let data = try? sbix.slice(from: at + Int(start), length: Int(end - start)),
                let kind = try? font.tag(data, 4), kind == "png ",
                let dx = try? font.i16(data, 0), let dy = try? font.i16(data, 2),
                let height = Self.pngHeight(font, data, at: 8)
            else { continue }
            let scale = Double(unitsPerEm) / Double(max(1, strikes[strike].ppem))
            let png = Array(font.bytes[(data.offset + 8)..<(data.offset + data.length)])
            return BitmapGlyph(
                data: png, left: Double(dx) * scale, top: (Double(dy) + Double(height)) * scale,
                unitsPerPixel: scale)
        }
        return nil
    }

    /// The height in the IHDR of the PNG at `at`, nil if it is not one.
    static func pngHeight(_ font: FontData, _ data: FontTable, at: Int) -> Int? {
        guard let magic = try? font.u32(data, at), magic == 0x8950_4E47, let height = try? font.u32(data, at + 20)
        else { return nil }
        return Int(height)
    }
}
