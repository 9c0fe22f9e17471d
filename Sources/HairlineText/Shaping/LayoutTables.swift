// Shaping: where a font's OpenType layout tables are (GSUB, GPOS, GDEF),
// found once when the font is parsed (only the table directory's ranges:
// nothing is parsed then, so a damaged table costs nothing until shaping,
// which ignores what it cannot read). Also the glyph classes GDEF gives
// (base, ligature, mark, component) and its mark attachment classes and
// mark glyph sets, which lookup flags use to skip glyphs. Layout:
// OpenType 1.9 GDEF and the common table formats (OTL).

/// The byte ranges of a font's GSUB, GPOS and GDEF tables (nil: absent).
struct LayoutTables: Sendable {
    let gsub: FontTable?
    let gpos: FontTable?
    let gdef: FontTable?

    init(tables: [String: FontTable]) {
        gsub = tables["GSUB"]
        gpos = tables["GPOS"]
        gdef = tables["GDEF"]
    }
}

/// GDEF's glyph class of a glyph (0: not classified).
enum GlyphClass {
    static let base: UInt8 = 1, ligature: UInt8 = 2, mark: UInt8 = 3, component: UInt8 = 4
}

/// GDEF read for one shaping run: the class definitions' ranges, checked
/// once; damaged parts are left out (every glyph then unclassified).
struct GlyphDefinitions {
    let data: FontData
    let glyphClasses: FontTable?
    let markAttachClasses: FontTable?
    let markGlyphSets: FontTable?

    init(_ data: FontData, _ gdef: FontTable?) {
        self.data = data
        func sub(_ at: Int, _ long: Bool = false) -> FontTable? {
            guard let gdef, let offset = try? (long ? Int(data.u32(gdef, at)) : Int(data.u16(gdef, at))), offset != 0
            else { return nil }
            return try? gdef.slice(from: offset)
        }
        glyphClasses = sub(4)
        markAttachClasses = sub(10)
        let minor = gdef.flatMap { try? data.u16($0, 2) } ?? 0
        markGlyphSets = minor >= 2 ? sub(12) : nil
    }

    /// Whether GDEF classifies glyphs (otherwise lookup flags skip nothing
    /// and marks are recognised by their Unicode category only).
    var hasGlyphClasses: Bool { glyphClasses != nil }

    /// The glyph's GDEF class (0 if unclassified or damaged).
    func glyphClass(_ glyph: UInt16) -> UInt8 {
        guard let table = glyphClasses else { return 0 }
        return UInt8(truncatingIfNeeded: (try? PairAdjustment.classOf(data, table, glyph)) ?? 0)
    }

    /// The glyph's mark attachment class (0 if none).
    func markAttachClass(_ glyph: UInt16) -> Int {
        guard let table = markAttachClasses else { return 0 }
        return (try? PairAdjustment.classOf(data, table, glyph)) ?? 0
    }

    /// Whether mark glyph set `set` covers `glyph` (false if absent).
    func markSetCovers(_ set: Int, _ glyph: UInt16) -> Bool {
        guard let table = markGlyphSets, let count = try? data.u16(table, 2), set < Int(count),
            let offset = try? data.u32(table, 4 + 4 * set), let coverage = try? table.slice(from: Int(offset))
        else { return false }
        return ((try? PairAdjustment.coverageIndex(data, coverage, glyph)) ?? nil) != nil
    }
}
