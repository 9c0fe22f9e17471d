// Test support: assembles TrueType files from tables, with a correct table
// directory, and builds the tables themselves (head, hhea, maxp, hmtx,
// loca, glyf with simple and composite glyphs, cmap formats 4 and 12,
// name, OS/2, kern format 0, GPOS pair adjustment formats 1 and 2).

import Testing

/// Big-endian bytes.
struct ByteWriter {
    var bytes: [UInt8] = []
    mutating func u8(_ v: Int) { bytes.append(UInt8(truncatingIfNeeded: v)) }
    mutating func u16(_ v: Int) { u8(v >> 8); u8(v) }
    mutating func u32(_ v: Int) { u16(v >> 16); u16(v) }
    mutating func tag(_ t: String) { bytes += Array(t.utf8) }
    mutating func f2Dot14(_ v: Double) { u16(Int((v * 16384).rounded())) }
    var count: Int { bytes.count }
}

enum FontBuilder {
    /// A TrueType file from tables, tags sorted, each table 4-byte aligned.
    static func file(_ tables: [(String, [UInt8])], version: Int = 0x0001_0000) -> [UInt8] {
        let sorted = tables.sorted { $0.0 < $1.0 }
        var w = ByteWriter()
        w.u32(version); w.u16(sorted.count); w.u16(0); w.u16(0); w.u16(0)
        var offset = 12 + 16 * sorted.count
        var body: [UInt8] = []
        for (tag, data) in sorted {
            w.tag(tag); w.u32(0); w.u32(offset); w.u32(data.count)
            body += data
            while body.count % 4 != 0 { body.append(0) }
            offset = 12 + 16 * sorted.count + body.count
        }
        return w.bytes + body
    }

    struct Glyph { var data: [UInt8]; var advance: Int = 500; var leftSideBearing: Int = 0 }
    struct GlyphPointSpec { var x: Int; var y: Int; var on: Bool }

    /// A simple glyph, coordinates coded short when they fit and flags
    /// repeated when equal (so the decoder's every branch runs).
    static func simple(_ contours: [[GlyphPointSpec]]) -> [UInt8] {
        let points = contours.flatMap { $0 }
        var w = ByteWriter()
        w.u16(contours.count)
        w.u16(points.map(\.x).min() ?? 0); w.u16(points.map(\.y).min() ?? 0)
        w.u16(points.map(\.x).max() ?? 0); w.u16(points.map(\.y).max() ?? 0)
        var end = -1
        for contour in contours { end += contour.count; w.u16(end) }
        w.u16(0)  // no instructions
        var flags: [UInt8] = [], xs = ByteWriter(), ys = ByteWriter()
        var px = 0, py = 0
        for p in points {
            var flag: UInt8 = p.on ? 1 : 0
            for (delta, short, same, out) in [(p.x - px, UInt8(0x02), UInt8(0x10), 0), (p.y - py, 0x04, 0x20, 1)] {
                var cw = ByteWriter()
                if delta == 0 {
                    flag |= same
                } else if abs(delta) < 256 {
                    flag |= short | (delta > 0 ? same : 0); cw.u8(abs(delta))
                } else {
                    cw.u16(delta)
                }
                if out == 0 { xs.bytes += cw.bytes } else { ys.bytes += cw.bytes }
            }
            px = p.x; py = p.y
            flags.append(flag)
        }
        var i = 0
        while i < flags.count {
            var run = 1
            while i + run < flags.count, flags[i + run] == flags[i], run < 255 { run += 1 }
            if run > 1 { w.u8(Int(flags[i] | 0x08)); w.u8(run - 1) } else { w.u8(Int(flags[i])) }
            i += run
        }
        return w.bytes + xs.bytes + ys.bytes
    }

    enum Scale { case none, uniform(Double), xy(Double, Double), twoByTwo(Double, Double, Double, Double) }
    struct Component {
        var glyph: Int; var dx = 0; var dy = 0; var scale = Scale.none; var words = false; var extraFlags = 0
    }

    /// A composite glyph of components (bounding box given).
    static func composite(_ components: [Component], box: (Int, Int, Int, Int) = (0, 0, 100, 100)) -> [UInt8] {
        var w = ByteWriter()
        w.u16(-1); w.u16(box.0); w.u16(box.1); w.u16(box.2); w.u16(box.3)
        for (i, c) in components.enumerated() {
            let words = c.words || !(-128...127).contains(c.dx) || !(-128...127).contains(c.dy)
            var flags = 0x0002 | (words ? 0x0001 : 0) | (i + 1 < components.count ? 0x0020 : 0) | c.extraFlags
            switch c.scale {
            case .none: break
            case .uniform: flags |= 0x0008
            case .xy: flags |= 0x0040
            case .twoByTwo: flags |= 0x0080
            }
            w.u16(flags); w.u16(c.glyph)
            if words { w.u16(c.dx); w.u16(c.dy) } else { w.u8(c.dx); w.u8(c.dy) }
            switch c.scale {
            case .none: break
            case .uniform(let s): w.f2Dot14(s)
            case .xy(let x, let y): w.f2Dot14(x); w.f2Dot14(y)
            case .twoByTwo(let a, let b, let c, let d): w.f2Dot14(a); w.f2Dot14(b); w.f2Dot14(c); w.f2Dot14(d)
            }
        }
        return w.bytes
    }

    struct Segment { var start: Int; var end: Int; var delta = 0; var glyphs: [Int]? = nil }

    /// A cmap format 4 subtable; the 0xFFFF end segment is added.
    static func cmap4(_ segments: [Segment]) -> [UInt8] {
        let all = segments + [Segment(start: 0xFFFF, end: 0xFFFF, delta: 1)]
        let n = all.count
        var w = ByteWriter()
        w.u16(4); w.u16(0); w.u16(0); w.u16(2 * n); w.u16(0); w.u16(0); w.u16(0)
        for s in all { w.u16(s.end) }
        w.u16(0)
        for s in all { w.u16(s.start) }
        for s in all { w.u16(s.delta) }
        var array: [Int] = []
        for (i, s) in all.enumerated() {
            if let glyphs = s.glyphs {
                w.u16(2 * (n - i) + 2 * array.count); array += glyphs
            } else {
                w.u16(0)
            }
        }
        for g in array { w.u16(g) }
        var b = w.bytes
        b[2] = UInt8(b.count >> 8 & 0xFF); b[3] = UInt8(b.count & 0xFF)
        return b
    }

    /// A cmap format 12 subtable of (start, end, start glyph) groups.
    static func cmap12(_ groups: [(Int, Int, Int)]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(12); w.u16(0); w.u32(16 + 12 * groups.count); w.u32(0); w.u32(groups.count)
        for g in groups { w.u32(g.0); w.u32(g.1); w.u32(g.2) }
        return w.bytes
    }

    /// A cmap table of (platform, encoding, subtable).
    static func cmap(_ subtables: [(Int, Int, [UInt8])]) -> [UInt8] {
        var w = ByteWriter()
        w.u16(0); w.u16(subtables.count)
        var offset = 4 + 8 * subtables.count
        for s in subtables { w.u16(s.0); w.u16(s.1); w.u32(offset); offset += s.2.count }
        for s in subtables { w.bytes += s.2 }
        return w.bytes
    }

    /// A name table of (platform, encoding, language, id, text) records.
    static func name(_ records: [(Int, Int, Int, Int, String)]) -> [UInt8] {
        var w = ByteWriter(), storage = ByteWriter()
        w.u16(0); w.u16(records.count); w.u16(6 + 12 * records.count)
        for r in records {
            var s = ByteWriter()
            if r.0 == 1 {
                s.bytes = r.4.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            } else {
                for u in r.4.utf16 { s.u16(Int(u)) }
            }
            w.u16(r.0); w.u16(r.1); w.u16(r.2); w.u16(r.3); w.u16(s.count); w.u16(storage.count)
            storage.bytes += s.bytes
        }
        return w.bytes + storage.bytes
    }

    /// An OS/2 table, version 2 (96 bytes) or 1 (86 bytes).
    static func os2(
        version: Int = 2, selection: Int, typo: (Int, Int, Int) = (0, 0, 0), xHeight: Int = 0, capHeight: Int = 0
    ) -> [UInt8] {
        var b = [UInt8](repeating: 0, count: version >= 2 ? 96 : 86)
        func put(_ at: Int, _ v: Int) {
            b[at] = UInt8(truncatingIfNeeded: v >> 8); b[at + 1] = UInt8(truncatingIfNeeded: v)
        }
        put(0, version); put(62, selection); put(68, typo.0); put(70, typo.1); put(72, typo.2)
        if version >= 2 { put(86, xHeight); put(88, capHeight) }
        return b
    }

    /// A kern table, version 0, one format 0 horizontal subtable.
    static func kern(_ pairs: [(Int, Int, Int)]) -> [UInt8] {
        let sorted = pairs.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var w = ByteWriter()
        w.u16(0); w.u16(1)
        w.u16(0); w.u16(14 + 6 * sorted.count); w.u16(0x0001); w.u16(sorted.count); w.u16(0); w.u16(0); w.u16(0)
        for p in sorted { w.u16(p.0); w.u16(p.1); w.u16(p.2) }
        return w.bytes
    }

    /// GPOS with one 'DFLT' script whose default language system has one
    /// 'kern' feature over `subtables` (each its own lookup, type 2 or,
    /// when `extension`, type 9 wrapping type 2).
    static func gpos(_ subtables: [[UInt8]], extension: Bool = false) -> [UInt8] {
        var w = ByteWriter()
        w.u32(0x0001_0000); w.u16(10); w.u16(30); w.u16(42 + 2 * subtables.count)
        // ScriptList at 10: one record -> Script at 18 (from 10: 8) -> LangSys at +4.
        w.u16(1); w.tag("DFLT"); w.u16(8); w.u16(4); w.u16(0)
        w.u16(0); w.u16(0xFFFF); w.u16(1); w.u16(0)
        // FeatureList at 30: one 'kern' record -> Feature at 38 (from 30: 8).
        w.u16(1); w.tag("kern"); w.u16(8)
        w.u16(0); w.u16(subtables.count); for i in 0..<subtables.count { w.u16(i) }
        // LookupList: offsets, then each lookup followed by its subtable.
        let listStart = w.count
        w.u16(subtables.count)
        var lookups = ByteWriter()
        let headerSize = 2 + 2 * subtables.count
        for subtable in subtables {
            w.u16(headerSize + lookups.count)
            if `extension` {
                lookups.u16(9); lookups.u16(0); lookups.u16(1); lookups.u16(8)
                lookups.u16(1); lookups.u16(2); lookups.u32(8)
            } else {
                lookups.u16(2); lookups.u16(0); lookups.u16(1); lookups.u16(8)
            }
            lookups.bytes += subtable
        }
        precondition(listStart == 42 + 2 * subtables.count)
        return w.bytes + lookups.bytes
    }

    /// PairPos format 1 over (first, second, xAdvance) with `valueFormat1`
    /// (XAdvance bit set; XPlacement, YPlacement add fields before it).
    static func pairPos1(_ pairs: [(Int, Int, Int)], valueFormat1: Int = 0x0004) -> [UInt8] {
        let firsts = Array(Set(pairs.map(\.0))).sorted()
        var w = ByteWriter()
        w.u16(1); w.u16(0); w.u16(valueFormat1); w.u16(0); w.u16(firsts.count)
        var sets = ByteWriter()
        let base = 10 + 2 * firsts.count
        for first in firsts {
            w.u16(base + sets.count)
            let seconds = pairs.filter { $0.0 == first }.sorted { $0.1 < $1.1 }
            sets.u16(seconds.count)
            for p in seconds {
                sets.u16(p.1)
                for bit in 0..<8 where valueFormat1 & (1 << bit) != 0 { sets.u16(bit == 2 ? p.2 : 7) }
            }
        }
        let coverageOffset = base + sets.count
        w.bytes[2] = UInt8(coverageOffset >> 8); w.bytes[3] = UInt8(coverageOffset & 0xFF)
        var c = ByteWriter()
        c.u16(1); c.u16(firsts.count); for f in firsts { c.u16(f) }
        return w.bytes + sets.bytes + c.bytes
    }

    /// PairPos format 2: ClassDef 1 as ranges (format 2), ClassDef 2 as an
    /// array (format 1) from `class2Start`; `matrix[c1][c2]` XAdvances.
    static func pairPos2(class1: [(Int, Int, Int)], class2Start: Int, class2: [Int], matrix: [[Int]]) -> [UInt8] {
        let class1Count = matrix.count, class2Count = matrix.first?.count ?? 0
        var w = ByteWriter()
        let recordsEnd = 16 + 2 * class1Count * class2Count
        var cd1 = ByteWriter()
        cd1.u16(2); cd1.u16(class1.count); for r in class1 { cd1.u16(r.0); cd1.u16(r.1); cd1.u16(r.2) }
        var cd2 = ByteWriter()
        cd2.u16(1); cd2.u16(class2Start); cd2.u16(class2.count); for c in class2 { cd2.u16(c) }
        var coverage = ByteWriter()
        coverage.u16(2); coverage.u16(class1.count)
        var index = 0
        for r in class1 { coverage.u16(r.0); coverage.u16(r.1); coverage.u16(index); index += r.1 - r.0 + 1 }
        w.u16(2); w.u16(recordsEnd + cd1.count + cd2.count); w.u16(0x0004); w.u16(0)
        w.u16(recordsEnd); w.u16(recordsEnd + cd1.count); w.u16(class1Count); w.u16(class2Count)
        for row in matrix { for v in row { w.u16(v) } }
        return w.bytes + cd1.bytes + cd2.bytes + coverage.bytes
    }

    /// A whole font: glyphs, a cmap table, extra tables.
    static func font(
        glyphs: [Glyph], cmap: [UInt8], extra: [(String, [UInt8])] = [], longLoca: Bool = true,
        unitsPerEm: Int = 1000, numberOfHMetrics: Int? = nil, macStyle: Int = 0
    ) -> [UInt8] {
        var head = ByteWriter()
        head.u32(0x0001_0000); head.u32(0x0001_0000); head.u32(0); head.u32(0x5F0F_3CF5); head.u16(0);
        head.u16(unitsPerEm)
        head.bytes += [UInt8](repeating: 0, count: 16)
        head.u16(0); head.u16(-200); head.u16(1000); head.u16(800)
        head.u16(macStyle); head.u16(8); head.u16(2); head.u16(longLoca ? 1 : 0); head.u16(0)
        let metricsCount = numberOfHMetrics ?? glyphs.count
        var hhea = ByteWriter()
        hhea.u32(0x0001_0000); hhea.u16(800); hhea.u16(-200); hhea.u16(90)
        hhea.bytes += [UInt8](repeating: 0, count: 24); hhea.u16(metricsCount)
        var maxp = ByteWriter()
        maxp.u32(0x0000_5000); maxp.u16(glyphs.count)
        var hmtx = ByteWriter()
        for (i, g) in glyphs.enumerated() {
            if i < metricsCount { hmtx.u16(g.advance) }
            hmtx.u16(g.leftSideBearing)
        }
        var loca = ByteWriter(), glyf: [UInt8] = []
        for g in glyphs {
            if longLoca { loca.u32(glyf.count) } else { loca.u16(glyf.count / 2) }
            glyf += g.data
            if glyf.count % 2 == 1 { glyf.append(0) }
        }
        if longLoca { loca.u32(glyf.count) } else { loca.u16(glyf.count / 2) }
        return file(
            [
                ("head", head.bytes), ("hhea", hhea.bytes), ("maxp", maxp.bytes), ("hmtx", hmtx.bytes),
                ("loca", loca.bytes), ("glyf", glyf), ("cmap", cmap),
            ] + extra)
    }

    /// A square contour (on-curve points) from (x, y) with side `size`.
    static func square(_ x: Int, _ y: Int, _ size: Int) -> [GlyphPointSpec] {
        [
            .init(x: x, y: y, on: true), .init(x: x + size, y: y, on: true),
            .init(x: x + size, y: y + size, on: true), .init(x: x, y: y + size, on: true),
        ]
    }

    /// A small valid font: .notdef, a square 'A' (1), a diamond of
    /// off-curve points 'B' (2), an empty space (3), a composite 'C' (4) of
    /// 'A' shifted and scaled, with kern and GPOS pairs.
    static func small() -> [UInt8] {
        let a = simple([square(100, 0, 300)])
        let b = simple([
            [
                .init(x: 250, y: 0, on: false), .init(x: 500, y: 250, on: false),
                .init(x: 250, y: 500, on: false), .init(x: 0, y: 250, on: false),
            ]
        ])
        let c = composite([
            Component(glyph: 1, dx: 10, dy: -20, scale: .uniform(0.5)),
            Component(glyph: 2, dx: 300, dy: 5, scale: .twoByTwo(1, 0.25, 0, 1)),
        ])
        let map = cmap([
            (
                3, 1,
                cmap4(
                    [
                        Segment(start: 0x41, end: 0x42, delta: 1 - 0x41), Segment(start: 0x20, end: 0x20, glyphs: [3]),
                        Segment(start: 0x43, end: 0x43, glyphs: [4]),
                    ].sorted { $0.end < $1.end })
            )
        ])
        return font(
            glyphs: [
                Glyph(data: simple([square(0, 0, 400)])), Glyph(data: a, advance: 600), Glyph(data: b, advance: 550),
                Glyph(data: [], advance: 250), Glyph(data: c, advance: 700),
            ],
            cmap: map,
            extra: [
                ("kern", kern([(1, 2, -40), (2, 1, -30)])), ("GPOS", gpos([pairPos1([(1, 2, -50)])])),
                ("name", name([(3, 1, 0x409, 1, "Tiny"), (3, 1, 0x409, 2, "Regular"), (1, 0, 0, 4, "Tiny Regular")])),
            ])
    }
}

@Suite struct FontBuilderTests {
    @Test func directoryPointsAtEachTable() {
        let bytes = FontBuilder.file([("zzzz", [1, 2, 3]), ("aaaa", [9])])
        #expect(bytes[12..<16] == Array("aaaa".utf8)[...])
        #expect(bytes[12 + 16 + 15] == 3, "zzzz's length")
        #expect(bytes.count == 12 + 32 + 4 + 4)
    }
}
