// Font stage: Unicode scalars -> glyph indices through cmap. Init picks one
// subtable (format 12 for Unicode full repertoire, else format 4 for the
// BMP) and checks its arrays lie inside cmap; lookups binary-search it and
// give glyph 0 for anything missing or out of range. Layout: OpenType 1.9
// cmap, formats 4 (segment mapping to delta values) and 12 (segmented coverage).

/// The cmap subtable the font's lookups use.
struct CharacterMap: Sendable {
    enum Kind: Sendable {
        /// No usable subtable: every lookup gives glyph 0.
        case none
        /// Format 4: the subtable, its segment count; the glyph id array
        /// may run to the end of cmap (subtable lengths are often wrong).
        case segments(FontTable, segmentCount: Int)
        /// Format 12: the groups (12 bytes each), their count.
        case groups(FontTable, groupCount: Int)
    }

    let kind: Kind
    let glyphCount: Int

    /// Scalars and codes above this are not Unicode.
    static let maximumCode: UInt32 = 0x10FFFF

    init(_ font: FontData, cmap: FontTable, glyphCount: Int) throws(FontError) {
        self.glyphCount = glyphCount
        let count = Int(try font.u16(cmap, 2))
        var format4: Int?, format12: Int?
        for i in 0..<count {
            let record = 4 + 8 * i
            let platform = try font.u16(cmap, record), encoding = try font.u16(cmap, record + 2)
            let offset = Int(try font.u32(cmap, record + 4))
            let format = try font.u16(cmap, offset)
            let unicodeFull = (platform == 3 && encoding == 10) || (platform == 0 && (encoding == 4 || encoding == 6))
            let unicodeBMP = (platform == 3 && encoding == 1) || (platform == 0 && encoding <= 3)
            if format == 12, unicodeFull, format12 == nil { format12 = offset }
            if format == 4, unicodeBMP || unicodeFull, format4 == nil { format4 = offset }
        }
        if let offset = format12 {
            let groupCount = Int(try font.u32(cmap, offset + 12))
            kind = .groups(try cmap.slice(from: offset + 16, length: 12 * groupCount), groupCount: groupCount)
        } else if let offset = format4 {
            let segmentCountX2 = Int(try font.u16(cmap, offset + 6))
            guard segmentCountX2 >= 2, segmentCountX2 % 2 == 0 else {
                throw .invalid(
                    table: "cmap", offset: cmap.offset + offset + 6,
                    reason: "segCountX2 \(segmentCountX2) is not even and positive")
            }
            let subtable = try cmap.slice(from: offset)
            try font.check(subtable, 0, 16 + 4 * segmentCountX2)
            kind = .segments(subtable, segmentCount: segmentCountX2 / 2)
        } else {
            kind = .none
        }
    }

    /// The glyph index for Unicode code point `code`, 0 if none.
    func glyph(_ font: FontData, for code: UInt32) -> UInt16 {
        let glyph: Int
        switch kind {
        case .none: return 0
        case .segments(let table, let count): glyph = (try? segmentGlyph(font, table, count, code)) ?? 0
        case .groups(let table, let count): glyph = (try? groupGlyph(font, table, count, code)) ?? 0
        }
        return glyph > 0 && glyph < glyphCount ? UInt16(glyph) : 0
    }

    /// Format 4: the first segment whose endCode >= code, then idDelta or
    /// the idRangeOffset indirection (the offset is from the field itself).
    private func segmentGlyph(
        _ font: FontData, _ table: FontTable, _ count: Int, _ code: UInt32
    ) throws(FontError) -> Int {
        guard code <= 0xFFFF else { return 0 }
        let c = Int(code)
        let ends = 14, starts = 16 + 2 * count, deltas = starts + 2 * count, rangeOffsets = deltas + 2 * count
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if Int(try font.u16(table, ends + 2 * mid)) < c { low = mid + 1 } else { high = mid }
        }
        guard low < count else { return 0 }
        let start = Int(try font.u16(table, starts + 2 * low))
        guard start <= c else { return 0 }
        let delta = Int(try font.u16(table, deltas + 2 * low))
        let rangeOffset = Int(try font.u16(table, rangeOffsets + 2 * low))
        if rangeOffset == 0 { return (c + delta) & 0xFFFF }
        let at = rangeOffsets + 2 * low + rangeOffset + 2 * (c - start)
        // The glyph id array may extend past the subtable's stated length
        // but never past cmap: `table` runs to cmap's end.
        let value = Int(try font.u16(table, at))
        return value == 0 ? 0 : (value + delta) & 0xFFFF
    }

    /// Format 12: the last group starting at or below code, if it covers it.
    private func groupGlyph(_ font: FontData, _ table: FontTable, _ count: Int, _ code: UInt32) throws(FontError) -> Int
    {
        guard code <= Self.maximumCode else { return 0 }
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if try font.u32(table, 12 * mid) <= code { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 0 }
        let group = 12 * (low - 1)
        let start = try font.u32(table, group), end = try font.u32(table, group + 4)
        guard code >= start, code <= end else { return 0 }
        return Int(try font.u32(table, group + 8)) + Int(code - start)
    }
}

extension Font {
    /// The glyph for a Unicode scalar (cmap format 12 preferred, else
    /// format 4); `.notdef` if the font has none.
    /// Complexity: O(log n) in the subtable's segments or groups.
    /// - Parameter scalar: any Unicode scalar.
    public func glyph(for scalar: Unicode.Scalar) -> GlyphID {
        GlyphID(characterMap.glyph(data, for: scalar.value))
    }
}
