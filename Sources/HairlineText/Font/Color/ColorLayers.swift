// Font stage (color glyphs): COLR in -> a glyph's color layers, each an
// outline and a paint in font units (y up), painted in order. Version 0:
// the base glyph's layer records (glyph, palette entry). Version 1: the
// paint graph (ColorPaintGraph.swift) when the glyph is in the
// BaseGlyphList, else its version-0 layers. Base glyphs are found by
// binary search; every record read is bounds-checked. Layout: OpenType
// 1.9 COLR.

import Hairline

/// One layer of a color glyph: an outline filled with a paint.
public struct ColorGlyphLayer: Sendable, Equatable {
    /// The area painted, in font units (y up).
    public var path: Path
    /// What fills it, in font units (y up): a palette color, a gradient,
    /// or (bitmap glyphs) an image pattern.
    public var paint: Paint
}

/// COLR: base glyphs and their layers (v0) or paint graphs (v1).
struct ColorLayers: Sendable {
    let colr: FontTable
    let version: Int
    let baseCount: Int, baseAt: Int
    let layerCount: Int, layersAt: Int
    /// Version 1: the BaseGlyphList, LayerList and ClipList offsets (0: none).
    let baseListAt: Int, layerListAt: Int, clipListAt: Int

    init(_ font: FontData, colr: FontTable) throws(FontError) {
        version = Int(try font.u16(colr, 0))
        guard version <= 1 else { throw .unsupported("COLR version \(version)") }
        baseCount = Int(try font.u16(colr, 2))
        baseAt = Int(try font.u32(colr, 4))
        layersAt = Int(try font.u32(colr, 8))
        layerCount = Int(try font.u16(colr, 12))
        if baseCount > 0 { try font.check(colr, baseAt, 6 * baseCount) }
        if layerCount > 0 { try font.check(colr, layersAt, 4 * layerCount) }
        if version == 1 {
            baseListAt = Int(try font.u32(colr, 14))
            layerListAt = Int(try font.u32(colr, 18))
            clipListAt = Int(try font.u32(colr, 22))
        } else {
            (baseListAt, layerListAt, clipListAt) = (0, 0, 0)
        }
        self.colr = colr
    }

    /// The version-0 layers of `glyph`: (layer glyph, palette entry;
    /// 0xFFFF the text's color), nil if it is not a base glyph.
    func layerRecords(_ font: FontData, glyph: Int) -> [(glyph: Int, entry: Int)]? {
        var low = 0, high = baseCount
        while low < high {
            let mid = (low + high) / 2
            guard let id = try? font.u16(colr, baseAt + 6 * mid) else { return nil }
            if Int(id) < glyph {
                low = mid + 1
            } else if Int(id) > glyph {
                high = mid
            } else {
                guard let first = try? font.u16(colr, baseAt + 6 * mid + 2),
                    let count = try? font.u16(colr, baseAt + 6 * mid + 4)
                else { return nil }
                var layers: [(glyph: Int, entry: Int)] = []
                for i in Int(first)..<(Int(first) + Int(count)) where i < layerCount {
                    guard let g = try? font.u16(colr, layersAt + 4 * i),
                        let e = try? font.u16(colr, layersAt + 4 * i + 2)
                    else { break }
                    layers.append((Int(g), Int(e)))
                }
                return layers
            }
        }
        return nil
    }

    /// The offset (in COLR) of `glyph`'s root paint in the v1
    /// BaseGlyphList, nil if it has none.
    func rootPaint(_ font: FontData, glyph: Int) -> Int? {
        guard baseListAt != 0, let count = try? font.u32(colr, baseListAt) else { return nil }
        var low = 0, high = Int(count)
        while low < high {
            let mid = (low + high) / 2
            let record = baseListAt + 4 + 6 * mid
            guard let id = try? font.u16(colr, record) else { return nil }
            if Int(id) < glyph {
                low = mid + 1
            } else if Int(id) > glyph {
                high = mid
            } else {
                guard let offset = try? font.u32(colr, record + 2) else { return nil }
                return baseListAt + Int(offset)
            }
        }
        return nil
    }

    /// The offset (in COLR) of LayerList paint `index`.
    func layerPaint(_ font: FontData, index: Int) throws(FontError) -> Int {
        guard layerListAt != 0 else { throw .invalid(table: "COLR", offset: colr.offset, reason: "no LayerList") }
        let count = Int(try font.u32(colr, layerListAt))
        guard index < count else {
            throw .invalid(table: "COLR", offset: colr.offset + layerListAt, reason: "layer \(index) of \(count)")
        }
        return layerListAt + Int(try font.u32(colr, layerListAt + 4 + 4 * index))
    }
}

extension FontData {
    /// The big-endian 24-bit unsigned integer at `at` (COLR's Offset24).
    func u24(_ table: FontTable, _ at: Int) throws(FontError) -> Int {
        try check(table, at, 3)
        let i = table.offset + at
        return Int(bytes[i]) << 16 | Int(bytes[i + 1]) << 8 | Int(bytes[i + 2])
    }
}
