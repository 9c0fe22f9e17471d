// Shaping: a GSUB or GPOS table's three lists in -> the lookups a run
// applies. ScriptList (script tag -> language systems -> feature
// indices), FeatureList (feature tag -> lookup indices) and LookupList
// (lookup type, flag, subtables; extension subtables resolved to the
// subtable they wrap). Every offset is checked (FontData); a damaged list
// reads as empty, so a hostile font loses its features, never crashes.
// Layout: OpenType 1.9, "OpenType Layout common table formats".

/// One lookup: its type, flags and subtables (extensions unwrapped).
struct Lookup {
    /// The lookup type (GSUB 1-8, GPOS 1-9; extensions already resolved
    /// into `type` of the wrapped subtables).
    let type: UInt16
    /// LookupFlag: right-to-left (cursive), skip bases, ligatures, marks,
    /// mark filtering set, mark attachment class (high byte).
    let flag: UInt16
    /// The mark filtering set (GDEF), when the flag asks for one.
    let markFilteringSet: Int?
    /// The subtables, each a slice to the end of the table.
    let subtables: [FontTable]

    static let rightToLeft: UInt16 = 0x1, ignoreBases: UInt16 = 0x2, ignoreLigatures: UInt16 = 0x4
    static let ignoreMarks: UInt16 = 0x8, useMarkFilteringSet: UInt16 = 0x10
}

/// A GSUB or GPOS table's script, feature and lookup lists.
struct LayoutHeader {
    /// More subtables than this in one lookup is taken as damage (fonts
    /// have a few hundred at most).
    static let maximumSubtables = 4096
    let data: FontData
    let scripts: FontTable, features: FontTable, lookups: FontTable
    /// The extension lookup type of this table (GSUB 7, GPOS 9).
    let extensionType: UInt16

    /// The lists of `table`, nil if it is absent, of another major version
    /// or its header is damaged.
    init?(_ data: FontData, _ table: FontTable?, extensionType: UInt16) {
        guard let table, (try? data.u16(table, 0)) == 1,
            let s = try? data.u16(table, 4), let f = try? data.u16(table, 6), let l = try? data.u16(table, 8),
            let scripts = try? table.slice(from: Int(s)), let features = try? table.slice(from: Int(f)),
            let lookups = try? table.slice(from: Int(l))
        else { return nil }
        self.data = data
        self.scripts = scripts
        self.features = features
        self.lookups = lookups
        self.extensionType = extensionType
    }

    /// The feature indices of the language system chosen for the first of
    /// `scriptTags` the table has (then 'DFLT', 'dflt', 'latn'): the
    /// language `languageTag` if listed, else the script's default; the
    /// required feature first. Empty if none matches or it is damaged.
    func featureIndices(scriptTags: [String], languageTag: String? = nil) -> [Int] {
        (try? readFeatureIndices(scriptTags + ["DFLT", "dflt", "latn"], languageTag)) ?? []
    }

    private func readFeatureIndices(_ tags: [String], _ languageTag: String?) throws(FontError) -> [Int] {
        let count = Int(try data.u16(scripts, 0))
        for wanted in tags {
            for i in 0..<count where try data.tag(scripts, 2 + 6 * i) == wanted {
                let script = try scripts.slice(from: Int(try data.u16(scripts, 2 + 6 * i + 4)))
                var languageOffset = Int(try data.u16(script, 0))
                if let languageTag {
                    for j in 0..<Int(try data.u16(script, 2)) where try data.tag(script, 4 + 6 * j) == languageTag {
                        languageOffset = Int(try data.u16(script, 4 + 6 * j + 4))
                    }
                }
                guard languageOffset != 0 else { continue }
                let language = try script.slice(from: languageOffset)
                var result: [Int] = []
                let required = try data.u16(language, 2)
                if required != 0xFFFF { result.append(Int(required)) }
                for j in 0..<Int(try data.u16(language, 4)) { result.append(Int(try data.u16(language, 6 + 2 * j))) }
                return result
            }
        }
        return []
    }

    /// Feature `index`'s tag, nil if out of range.
    func featureTag(_ index: Int) -> String? {
        guard let count = try? data.u16(features, 0), index < Int(count) else { return nil }
        return try? data.tag(features, 2 + 6 * index)
    }

    /// Feature `index`'s lookup indices (empty if damaged).
    func lookupIndices(ofFeature index: Int) -> [Int] {
        guard let offset = try? data.u16(features, 2 + 6 * index + 4),
            let feature = try? features.slice(from: Int(offset)), let count = try? data.u16(feature, 2)
        else { return [] }
        return (0..<Int(count)).compactMap { (try? data.u16(feature, 4 + 2 * $0)).map(Int.init) }
    }

    /// The number of lookups (0 if damaged).
    var lookupCount: Int { (try? data.u16(lookups, 0)).map(Int.init) ?? 0 }

    /// Lookup `index`, nil if out of range or damaged.
    func lookup(_ index: Int) -> Lookup? { try? readLookup(index) }

    private func readLookup(_ index: Int) throws(FontError) -> Lookup? {
        guard index < Int(try data.u16(lookups, 0)) else { return nil }
        let lookup = try lookups.slice(from: Int(try data.u16(lookups, 2 + 2 * index)))
        let declaredType = try data.u16(lookup, 0)
        var type = declaredType
        let flag = try data.u16(lookup, 2)
        let count = Int(try data.u16(lookup, 4))
        guard count <= Self.maximumSubtables else { return nil }
        var subtables: [FontTable] = []
        for i in 0..<count {
            guard let offset = try? data.u16(lookup, 6 + 2 * i), var subtable = try? lookup.slice(from: Int(offset))
            else {
                continue
            }
            if declaredType == extensionType {
                // All subtables of an extension lookup wrap one type (the
                // first's); others are skipped.
                guard let wrapped = try? data.u16(subtable, 2), wrapped != extensionType,
                    type == extensionType || wrapped == type,
                    let far = try? data.u32(subtable, 4), let target = try? subtable.slice(from: Int(far))
                else { continue }
                type = wrapped
                subtable = target
            }
            subtables.append(subtable)
        }
        let markSet =
            flag & Lookup.useMarkFilteringSet != 0 ? (try? data.u16(lookup, 6 + 2 * count)).map(Int.init) : nil
        return Lookup(type: type, flag: flag, markFilteringSet: markSet, subtables: subtables)
    }
}
