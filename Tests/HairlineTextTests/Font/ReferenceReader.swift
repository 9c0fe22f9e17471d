// Test support: an independent, deliberately plain reader of the tables the
// font parser reads (hmtx, cmap formats 4 and 12 by linear scans, kern
// format 0 and GPOS pair adjustment by linear scans): the oracle the
// parser's binary searches are compared against. Slow and simple; traps on
// bad data (it only reads the bundled and synthetic fonts).

import Testing

struct ReferenceReader {
    let b: [UInt8]
    var tables: [String: (offset: Int, length: Int)] = [:]

    init(_ bytes: [UInt8]) {
        b = bytes
        for i in 0..<u16(4) {
            let r = 12 + 16 * i
            tables[String(decoding: b[r..<(r + 4)], as: UTF8.self)] = (u32(r + 8), u32(r + 12))
        }
    }

    func u16(_ at: Int) -> Int { Int(b[at]) << 8 | Int(b[at + 1]) }
    func s16(_ at: Int) -> Int { let v = u16(at); return v >= 0x8000 ? v - 0x10000 : v }
    func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
    func tag(_ at: Int) -> String { String(decoding: b[at..<(at + 4)], as: UTF8.self) }

    var glyphCount: Int { u16(tables["maxp"]!.offset + 4) }

    func advance(_ glyph: Int) -> Int {
        let metrics = u16(tables["hhea"]!.offset + 34)
        return u16(tables["hmtx"]!.offset + 4 * min(glyph, metrics - 1))
    }

    /// The offset of the first cmap subtable with this format for one of the encodings.
    func cmapSubtable(format: Int, encodings: [(Int, Int)]) -> Int? {
        let cmap = tables["cmap"]!.offset
        for i in 0..<u16(cmap + 2) {
            let r = cmap + 4 + 8 * i
            let at = cmap + u32(r + 4)
            if u16(at) == format, encodings.contains(where: { $0 == (u16(r), u16(r + 2)) }) { return at }
        }
        return nil
    }

    /// Format 4 by scanning every segment.
    func cmap4(_ code: Int) -> Int {
        guard let t = cmapSubtable(format: 4, encodings: [(3, 1), (0, 3)]), code <= 0xFFFF else { return 0 }
        let n = u16(t + 6) / 2
        for i in 0..<n {
            let end = u16(t + 14 + 2 * i), start = u16(t + 16 + 2 * n + 2 * i)
            guard start <= code, code <= end else { continue }
            let delta = u16(t + 16 + 4 * n + 2 * i)
            let rangeField = t + 16 + 6 * n + 2 * i
            let range = u16(rangeField)
            if range == 0 { return (code + delta) % 65536 }
            let g = u16(rangeField + range + 2 * (code - start))
            return g == 0 ? 0 : (g + delta) % 65536
        }
        return 0
    }

    /// Format 12 by scanning every group.
    func cmap12(_ code: Int) -> Int {
        guard let t = cmapSubtable(format: 12, encodings: [(3, 10), (0, 4)]) else { return 0 }
        for i in 0..<u32(t + 12) {
            let g = t + 16 + 12 * i
            if u32(g) <= code, code <= u32(g + 4) { return u32(g + 8) + code - u32(g) }
        }
        return 0
    }

    /// kern format 0 by scanning every pair.
    func kern(_ left: Int, _ right: Int) -> Int? {
        guard let k = tables["kern"]?.offset else { return nil }
        let t = k + 4, n = u16(t + 6)
        for i in 0..<n where u16(t + 14 + 6 * i) == left && u16(t + 16 + 6 * i) == right { return s16(t + 18 + 6 * i) }
        return nil
    }

    /// Every PairPos subtable of every 'kern' feature's lookups in the
    /// default language system of DFLT or latn (all kern features if none).
    func pairSubtables() -> [Int] {
        guard let g = tables["GPOS"]?.offset else { return [] }
        let scripts = g + u16(g + 4), features = g + u16(g + 6), lookups = g + u16(g + 8)
        let kernFeatures = (0..<u16(features)).filter { tag(features + 2 + 6 * $0) == "kern" }
        var chosen: [Int] = []
        outer: for want in ["DFLT", "latn"] {
            for i in 0..<u16(scripts) where tag(scripts + 2 + 6 * i) == want {
                let script = scripts + u16(scripts + 6 + 6 * i)
                guard u16(script) != 0 else { continue }
                let lang = script + u16(script)
                chosen = (0..<u16(lang + 4)).map { u16(lang + 6 + 2 * $0) }.filter { kernFeatures.contains($0) }
                break outer
            }
        }
        if chosen.isEmpty { chosen = kernFeatures }
        var indices: [Int] = []
        for f in chosen {
            let feature = features + u16(features + 6 + 6 * f)
            for j in 0..<u16(feature + 2) { indices.append(u16(feature + 4 + 2 * j)) }
        }
        var result: [Int] = []
        for index in Set(indices).sorted() {
            let lookup = lookups + u16(lookups + 2 + 2 * index)
            for s in 0..<u16(lookup + 4) {
                let sub = lookup + u16(lookup + 6 + 2 * s)
                if u16(lookup) == 2 { result.append(sub) }
                if u16(lookup) == 9, u16(sub + 2) == 2 { result.append(sub + u32(sub + 4)) }
            }
        }
        return result
    }

    func valueSize(_ format: Int) -> Int { 2 * (0..<8).filter { format & (1 << $0) != 0 }.count }
    func xAdvance(_ at: Int, _ format: Int) -> Int {
        guard format & 4 != 0 else { return 0 }
        return s16(at + (format & 1 != 0 ? 2 : 0) + (format & 2 != 0 ? 2 : 0))
    }

    func coverage(_ t: Int, _ glyph: Int) -> Int? {
        if u16(t) == 1 { return (0..<u16(t + 2)).first { u16(t + 4 + 2 * $0) == glyph } }
        for i in 0..<u16(t + 2) {
            let r = t + 4 + 6 * i
            if u16(r) <= glyph, glyph <= u16(r + 2) { return u16(r + 4) + glyph - u16(r) }
        }
        return nil
    }

    func classOf(_ t: Int, _ glyph: Int) -> Int {
        if u16(t) == 1 {
            let i = glyph - u16(t + 2)
            return i >= 0 && i < u16(t + 4) ? u16(t + 6 + 2 * i) : 0
        }
        for i in 0..<u16(t + 2) {
            let r = t + 4 + 6 * i
            if u16(r) <= glyph, glyph <= u16(r + 2) { return u16(r + 4) }
        }
        return 0
    }

    /// GPOS first (first subtable covering the pair), else kern, else 0.
    func kerning(_ left: Int, _ right: Int) -> Int {
        for s in pairSubtables() {
            guard let index = coverage(s + u16(s + 2), left) else { continue }
            let f1 = u16(s + 4), f2 = u16(s + 6)
            if u16(s) == 1 {
                let set = s + u16(s + 10 + 2 * index)
                let size = 2 + valueSize(f1) + valueSize(f2)
                for j in 0..<u16(set) where u16(set + 2 + size * j) == right { return xAdvance(set + 4 + size * j, f1) }
            } else if u16(s) == 2 {
                let c1 = classOf(s + u16(s + 8), left), c2 = classOf(s + u16(s + 10), right)
                let record = s + 16 + (c1 * u16(s + 14) + c2) * (valueSize(f1) + valueSize(f2))
                return xAdvance(record, f1)
            }
        }
        return kern(left, right) ?? 0
    }
}

@Suite struct ReferenceReaderTests {
    @Test func readsTheSmallFont() {
        let reader = ReferenceReader(FontBuilder.small())
        #expect(reader.glyphCount == 5)
        #expect(reader.cmap4(0x41) == 1 && reader.cmap4(0x20) == 3 && reader.cmap4(0x43) == 4)
        #expect(reader.kerning(1, 2) == -50 && reader.kerning(2, 1) == -30 && reader.kerning(1, 1) == 0)
    }
}
