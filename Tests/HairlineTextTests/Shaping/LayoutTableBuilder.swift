// Test support: builds GSUB/GPOS tables for synthetic fonts: one 'DFLT'
// script whose default language system lists every feature, features
// naming lookups by index, lookups of any type and flag with their
// subtables' bytes. Offsets are computed, not hand-written, so hostile
// variants can be made by changing a byte afterwards.

enum LayoutTableBuilder {
    /// A GSUB or GPOS table.
    /// - Parameters:
    ///   - features: (tag, lookup indices), all in the default language system.
    ///   - lookups: (type, flag, subtables).
    static func table(features: [(String, [Int])], lookups: [(type: Int, flag: Int, subtables: [[UInt8]])]) -> [UInt8] {
        // ScriptList: one record 'DFLT' -> Script (default LangSys at +4).
        var scripts = ByteWriter()
        scripts.u16(1); scripts.tag("DFLT"); scripts.u16(8)
        scripts.u16(4); scripts.u16(0)
        scripts.u16(0); scripts.u16(0xFFFF); scripts.u16(features.count)
        for i in features.indices { scripts.u16(i) }
        var featureList = ByteWriter()
        featureList.u16(features.count)
        var featureTables = ByteWriter()
        let featureHeader = 2 + 6 * features.count
        for (tag, indices) in features {
            featureList.tag(tag); featureList.u16(featureHeader + featureTables.count)
            featureTables.u16(0); featureTables.u16(indices.count)
            for index in indices { featureTables.u16(index) }
        }
        var lookupList = ByteWriter()
        lookupList.u16(lookups.count)
        var bodies = ByteWriter()
        let lookupHeader = 2 + 2 * lookups.count
        for lookup in lookups {
            lookupList.u16(lookupHeader + bodies.count)
            let start = bodies.count
            bodies.u16(lookup.type); bodies.u16(lookup.flag); bodies.u16(lookup.subtables.count)
            var offset = 6 + 2 * lookup.subtables.count
            for subtable in lookup.subtables {
                bodies.u16(offset)
                offset += subtable.count
            }
            for subtable in lookup.subtables { bodies.bytes += subtable }
            precondition(bodies.count - start == offset)
        }
        var w = ByteWriter()
        let scriptsAt = 10, featuresAt = scriptsAt + scripts.count
        let lookupsAt = featuresAt + featureList.count + featureTables.count
        w.u32(0x0001_0000); w.u16(scriptsAt); w.u16(featuresAt); w.u16(lookupsAt)
        return w.bytes + scripts.bytes + featureList.bytes + featureTables.bytes + lookupList.bytes + bodies.bytes
    }

    /// A Coverage format 1 table of sorted glyphs.
    static func coverage(_ glyphs: [Int]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(1); w.u16(glyphs.count)
        for g in glyphs { w.u16(g) }
        return w.bytes
    }

    /// SingleSubst format 2: `from` (sorted) -> `to`.
    static func singleSubstitution(_ from: [Int], _ to: [Int]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(2); w.u16(6 + 2 * to.count); w.u16(to.count)
        for g in to { w.u16(g) }
        return w.bytes + coverage(from)
    }

    /// MultipleSubst format 1: glyph `from` -> `to`.
    static func multipleSubstitution(_ from: Int, _ to: [Int]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(1); w.u16(8); w.u16(1); w.u16(8 + 6)
        w.bytes += coverage([from])
        w.u16(to.count)
        for g in to { w.u16(g) }
        return w.bytes
    }

    /// LigatureSubst format 1: the ligature `components` -> `ligature`.
    static func ligatureSubstitution(_ components: [Int], _ ligature: Int) -> [UInt8] {
        var w = ByteWriter()
        // Header 8, coverage 6, ligature set at 14 (count + offset: 4), ligature at +4.
        w.u16(1); w.u16(8); w.u16(1); w.u16(14)
        w.bytes += coverage([components[0]])
        w.u16(1); w.u16(4)
        w.u16(ligature); w.u16(components.count)
        for g in components.dropFirst() { w.u16(g) }
        return w.bytes
    }

    /// SequenceContext format 3 (GSUB type 5 / GPOS type 7): one coverage
    /// per input glyph (`inputs`), nested (sequence index, lookup index).
    static func context3(_ inputs: [[Int]], records: [(Int, Int)]) -> [UInt8] {
        var w = ByteWriter()
        let header = 6 + 2 * inputs.count + 4 * records.count
        w.u16(3); w.u16(inputs.count); w.u16(records.count)
        var coverages: [UInt8] = []
        for input in inputs {
            w.u16(header + coverages.count)
            coverages += coverage(input)
        }
        for (sequence, lookup) in records { w.u16(sequence); w.u16(lookup) }
        return w.bytes + coverages
    }
}
