// Font stage: GPOS pair adjustment. GPOS's script, feature and lookup lists
// in -> the PairPos subtables (lookup type 2, or 9 wrapping 2) of the 'kern'
// feature, found once at init; a glyph pair in -> the first value record's
// XAdvance from the first subtable covering the pair. Formats 1 (pair sets)
// and 2 (class pairs), Coverage and ClassDef formats 1 and 2. Layout:
// OpenType 1.9 GPOS and the common table formats (OTL).

/// Reading GPOS pair adjustment subtables.
enum PairAdjustment {
    /// More PairPos subtables than this is taken as a damaged GPOS (fonts
    /// have tens at most).
    static let maximumSubtableCount = 4096
    /// Lookup types: pair adjustment and the extension wrapping another type.
    static let pairLookup: UInt16 = 2, extensionLookup: UInt16 = 9
    /// ValueFormat's XAdvance bit; bits below it are XPlacement, YPlacement.
    static let xAdvanceBit: UInt16 = 0x0004

    /// The PairPos subtables of the 'kern' feature's lookups, in lookup order.
    static func subtables(_ font: FontData, _ gpos: FontTable) throws(FontError) -> [FontTable] {
        guard try font.u16(gpos, 0) == 1 else { return [] }
        let scripts = try gpos.slice(from: Int(try font.u16(gpos, 4)))
        let features = try gpos.slice(from: Int(try font.u16(gpos, 6)))
        let lookups = try gpos.slice(from: Int(try font.u16(gpos, 8)))
        var kernFeatures: [Int] = []
        for i in 0..<Int(try font.u16(features, 0)) where try font.tag(features, 2 + 6 * i) == "kern" {
            kernFeatures.append(i)
        }
        var chosen = try defaultFeatures(font, scripts).filter { kernFeatures.contains($0) }
        if chosen.isEmpty { chosen = kernFeatures }
        var lookupIndices = Set<Int>()
        for feature in chosen {
            let table = try features.slice(from: Int(try font.u16(features, 2 + 6 * feature + 4)))
            for i in 0..<Int(try font.u16(table, 2)) { lookupIndices.insert(Int(try font.u16(table, 4 + 2 * i))) }
        }
        let lookupCount = Int(try font.u16(lookups, 0))
        var result: [FontTable] = []
        for index in lookupIndices.sorted() where index < lookupCount {
            let lookup = try lookups.slice(from: Int(try font.u16(lookups, 2 + 2 * index)))
            let type = try font.u16(lookup, 0)
            for i in 0..<Int(try font.u16(lookup, 4)) {
                var subtable = try lookup.slice(from: Int(try font.u16(lookup, 6 + 2 * i)))
                var subtableType = type
                if type == extensionLookup {
                    subtableType = try font.u16(subtable, 2)
                    subtable = try subtable.slice(from: Int(try font.u32(subtable, 4)))
                }
                guard subtableType == pairLookup else { continue }
                guard result.count < maximumSubtableCount else {
                    throw .invalid(
                        table: "GPOS", offset: lookup.offset,
                        reason: "the kern feature has more than \(maximumSubtableCount) pair subtables")
                }
                result.append(subtable)
            }
        }
        return result
    }

    /// The feature indices of the default language system of the 'DFLT'
    /// script, else of 'latn'; empty without either.
    private static func defaultFeatures(_ font: FontData, _ scripts: FontTable) throws(FontError) -> [Int] {
        let count = Int(try font.u16(scripts, 0))
        for wanted in ["DFLT", "latn"] {
            for i in 0..<count where try font.tag(scripts, 2 + 6 * i) == wanted {
                let script = try scripts.slice(from: Int(try font.u16(scripts, 2 + 6 * i + 4)))
                let languageOffset = Int(try font.u16(script, 0))
                guard languageOffset != 0 else { continue }
                let language = try script.slice(from: languageOffset)
                return try (0..<Int(try font.u16(language, 4))).map { j throws(FontError) in
                    Int(try font.u16(language, 6 + 2 * j))
                }
            }
        }
        return []
    }

    /// The XAdvance of the pair's first value record, nil if the subtable
    /// does not cover the pair or is damaged.
    static func value(_ font: FontData, _ subtable: FontTable, _ left: UInt16, _ right: UInt16) -> Int? {
        (try? pairValue(font, subtable, left, right)) ?? nil
    }

    private static func pairValue(
        _ font: FontData, _ subtable: FontTable, _ left: UInt16, _ right: UInt16
    ) throws(FontError) -> Int? {
        let format = try font.u16(subtable, 0)
        let coverage = try subtable.slice(from: Int(try font.u16(subtable, 2)))
        guard let coverageIndex = try self.coverageIndex(font, coverage, left) else { return nil }
        let format1 = try font.u16(subtable, 4), format2 = try font.u16(subtable, 6)
        let size1 = recordSize(format1), size2 = recordSize(format2)
        switch format {
        case 1:
            guard coverageIndex < Int(try font.u16(subtable, 8)) else { return nil }
            let pairSet = try subtable.slice(from: Int(try font.u16(subtable, 10 + 2 * coverageIndex)))
            let stride = 2 + size1 + size2
            var low = 0, high = Int(try font.u16(pairSet, 0))
            while low < high {
                let mid = (low + high) / 2
                let record = 2 + stride * mid
                let second = try font.u16(pairSet, record)
                if second == right { return try xAdvance(font, pairSet, record + 2, format1) }
                if second < right { low = mid + 1 } else { high = mid }
            }
            return nil
        case 2:
            let class1 = try classOf(font, try subtable.slice(from: Int(try font.u16(subtable, 8))), left)
            let class2 = try classOf(font, try subtable.slice(from: Int(try font.u16(subtable, 10))), right)
            let class1Count = Int(try font.u16(subtable, 12)), class2Count = Int(try font.u16(subtable, 14))
            guard class1 < class1Count, class2 < class2Count else { return nil }
            return try xAdvance(font, subtable, 16 + (class1 * class2Count + class2) * (size1 + size2), format1)
        default:
            return nil
        }
    }

    /// A value record's size in bytes: two per ValueFormat bit set (of the
    /// eight defined).
    static func recordSize(_ format: UInt16) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

    /// The XAdvance of the value record at `at`, 0 if the format has none.
    static func xAdvance(_ font: FontData, _ table: FontTable, _ at: Int, _ format: UInt16) throws(FontError) -> Int {
        guard format & xAdvanceBit != 0 else { return 0 }
        return Int(try font.i16(table, at + 2 * (format & (xAdvanceBit - 1)).nonzeroBitCount))
    }

    /// The glyph's index in a Coverage table, nil if not covered.
    static func coverageIndex(_ font: FontData, _ table: FontTable, _ glyph: UInt16) throws(FontError) -> Int? {
        let format = try font.u16(table, 0), count = Int(try font.u16(table, 2))
        var low = 0, high = count
        switch format {
        case 1:
            while low < high {
                let mid = (low + high) / 2
                let found = try font.u16(table, 4 + 2 * mid)
                if found == glyph { return mid }
                if found < glyph { low = mid + 1 } else { high = mid }
            }
        case 2:
            guard let record = try findRange(font, table, count, glyph) else { return nil }
            return Int(try font.u16(table, record + 4)) + Int(glyph) - Int(try font.u16(table, record))
        default: break
        }
        return nil
    }

    /// The glyph's class in a ClassDef table (0 if not listed).
    static func classOf(_ font: FontData, _ table: FontTable, _ glyph: UInt16) throws(FontError) -> Int {
        switch try font.u16(table, 0) {
        case 1:
            let start = Int(try font.u16(table, 2)), count = Int(try font.u16(table, 4))
            let index = Int(glyph) - start
            guard index >= 0, index < count else { return 0 }
            return Int(try font.u16(table, 6 + 2 * index))
        case 2:
            guard let record = try findRange(font, table, Int(try font.u16(table, 2)), glyph) else { return 0 }
            return Int(try font.u16(table, record + 4))
        default:
            return 0
        }
    }

    /// The offset of the range record (start, end, value: 6 bytes from byte
    /// 4) containing `glyph`, by binary search over the starts.
    private static func findRange(
        _ font: FontData, _ table: FontTable, _ count: Int, _ glyph: UInt16
    ) throws(FontError) -> Int? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if try font.u16(table, 4 + 6 * mid) <= glyph { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return nil }
        let record = 4 + 6 * (low - 1)
        return try font.u16(table, record + 2) >= glyph ? record : nil
    }
}
