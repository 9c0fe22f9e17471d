// Shaping: GSUB subtables applied at one glyph: single (1), multiple (2),
// alternate (3, the first alternate), ligature (4), contextual (5),
// chaining contextual (6), extension (7, unwrapped by LayoutHeader) and
// reverse chaining single (8). Glyph ids from the font are taken as they
// are (an id past the font's glyphs draws nothing); the buffer never grows
// past `ShapingBuffer.maximumCount`. Layout: OpenType 1.9 GSUB.

extension LookupApplier {
    /// Applies GSUB `subtable` of `lookup` at glyph `i`: the index to go
    /// on from, nil if it did not apply.
    mutating func substitute(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        let glyph = buffer.glyphs[i].glyph
        switch lookup.type {
        case 1:
            guard let coverage = offsetTable(subtable, 2), let index = coverageIndex(coverage, glyph) else {
                return nil
            }
            switch u16(subtable, 0) {
            case 1:
                guard let delta = u16(subtable, 4) else { return nil }
                replace(i, with: UInt16(truncatingIfNeeded: Int(glyph) + delta))
            case 2:
                guard let count = u16(subtable, 4), index < count, let new = u16(subtable, 6 + 2 * index) else {
                    return nil
                }
                replace(i, with: UInt16(new))
            default: return nil
            }
            return i + 1
        case 2, 3:
            guard u16(subtable, 0) == 1, let coverage = offsetTable(subtable, 2),
                let index = coverageIndex(coverage, glyph),
                let count = u16(subtable, 4), index < count, let sequence = offsetTable(subtable, 6 + 2 * index),
                let n = u16(sequence, 0), let glyphs = values(sequence, 2, n)
            else { return nil }
            if lookup.type == 3 {
                guard let first = glyphs.first else { return nil }
                replace(i, with: UInt16(first))
                return i + 1
            }
            return expand(i, into: glyphs.map { UInt16($0) })
        case 4:
            return ligate(lookup, subtable, at: i)
        case 5, 6:
            return applyContext(lookup, subtable, at: i, chained: lookup.type == 6)
        case 8:
            return reverseChain(lookup, subtable, at: i)
        default:
            return nil
        }
    }

    /// Replaces glyph `i`'s id, its class from GDEF (kept without GDEF).
    mutating func replace(_ i: Int, with glyph: UInt16) {
        buffer.glyphs[i].glyph = glyph
        if definitions.hasGlyphClasses { buffer.glyphs[i].glyphClass = definitions.glyphClass(glyph) }
    }

    /// Multiple substitution: glyph `i` becomes `glyphs` (same cluster); an
    /// empty sequence deletes it. Refused past the buffer's size limit.
    private mutating func expand(_ i: Int, into glyphs: [UInt16]) -> Int? {
        guard buffer.count - 1 + glyphs.count <= buffer.maximumCount else { return nil }
        let template = buffer.glyphs[i]
        var new: [GlyphInfo] = []
        for (k, glyph) in glyphs.enumerated() {
            var info = template
            info.glyph = glyph
            if definitions.hasGlyphClasses { info.glyphClass = definitions.glyphClass(glyph) }
            if glyphs.count > 1, info.ligatureID == 0 { info.ligatureComponent = UInt8(truncatingIfNeeded: k + 1) }
            new.append(info)
        }
        buffer.glyphs.replaceSubrange(i...i, with: new)
        return i + new.count
    }

    /// Ligature substitution: the first ligature of the set for glyph `i`
    /// whose components follow (skipping what the flags skip) replaces
    /// them; marks between components stay after the ligature, tagged with
    /// its id and their component.
    private mutating func ligate(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        guard u16(subtable, 0) == 1, let coverage = offsetTable(subtable, 2),
            let index = coverageIndex(coverage, buffer.glyphs[i].glyph), let count = u16(subtable, 4), index < count,
            let set = offsetTable(subtable, 6 + 2 * index), let ligatureCount = u16(set, 0)
        else { return nil }
        for l in 0..<ligatureCount {
            guard buffer.spend() else { return nil }
            guard let ligature = offsetTable(set, 2 + 2 * l), let glyph = u16(ligature, 0),
                let components = u16(ligature, 2), components >= 1,
                let rest = values(ligature, 4, components - 1),
                let positions = matchInput(at: i, rest: rest, lookup, .glyphs)
            else { continue }
            let id = buffer.makeLigatureID()
            let cluster = positions.map { buffer.glyphs[$0].cluster }.min() ?? buffer.glyphs[i].cluster
            // Marks between components: tagged with their component.
            var component = 1
            for k in i...(positions.last ?? i) {
                if positions.contains(k) {
                    component = (positions.firstIndex(of: k) ?? 0) + 1
                } else if buffer.glyphs[k].isMark {
                    buffer.glyphs[k].ligatureID = id
                    buffer.glyphs[k].ligatureComponent = UInt8(truncatingIfNeeded: component)
                }
                buffer.glyphs[k].cluster = cluster
            }
            replace(i, with: UInt16(glyph))
            buffer.glyphs[i].ligatureID = id
            buffer.glyphs[i].ligatureComponent = 0
            buffer.glyphs[i].ligatureComponentCount = UInt8(truncatingIfNeeded: components)
            if !definitions.hasGlyphClasses { buffer.glyphs[i].glyphClass = GlyphClass.ligature }
            for k in positions.dropFirst().reversed() { buffer.glyphs.remove(at: k) }
            return i + 1
        }
        return nil
    }

    /// Reverse chaining contextual single substitution (format 1).
    private mutating func reverseChain(_ lookup: Lookup, _ subtable: FontTable, at i: Int) -> Int? {
        guard u16(subtable, 0) == 1, let coverage = offsetTable(subtable, 2),
            let index = coverageIndex(coverage, buffer.glyphs[i].glyph),
            let b = u16(subtable, 4), let backtrack = values(subtable, 6, b),
            let l = u16(subtable, 6 + 2 * b), let lookahead = values(subtable, 8 + 2 * b, l),
            let n = u16(subtable, 8 + 2 * (b + l)), index < n,
            let new = u16(subtable, 10 + 2 * (b + l) + 2 * index),
            matchContext(before: i, backtrack: backtrack, after: i, lookahead: lookahead, lookup, .coverages(subtable))
        else { return nil }
        replace(i, with: UInt16(new))
        return i + 1
    }
}
