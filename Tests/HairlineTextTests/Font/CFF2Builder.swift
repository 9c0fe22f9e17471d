// Test support: a tiny variable CFF2 font built by hand (head, hhea, maxp
// 0.5, hmtx, cmap, fvar with one 'wght' axis 100 ... 400 ... 900, avar,
// and a 'CFF2' table), so the expected outlines at each instance can be
// worked out on paper from the charstrings below. Offsets in DICTs are
// written as 5-byte integers so the layout is fixed before it is filled.

enum CFF2Builder {
    typealias B = FontBuilder

    /// Charstring operand bytes (CFFFontTests' encoding).
    static func n(_ v: Int) -> [UInt8] { CFFFontTests.operand(v) }

    /// A DICT integer in the fixed 5-byte form (29, int32).
    static func int32(_ v: Int) -> [UInt8] {
        [29, UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    /// A CFF2 INDEX (32-bit count, offset size 4).
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        var w = ByteWriter()
        w.u32(items.count)
        guard !items.isEmpty else { return w.bytes }
        w.u8(4)
        var offset = 1
        w.u32(offset)
        for item in items { offset += item.count; w.u32(offset) }
        for item in items { w.bytes += item }
        return w.bytes
    }

    // Operators.
    static let rmoveto: UInt8 = 21, hlineto: UInt8 = 6, rlineto: UInt8 = 5, rrcurveto: UInt8 = 8
    static let callsubr: UInt8 = 10, callgsubr: UInt8 = 29, vsindex: UInt8 = 15, blend: UInt8 = 16
    static let hstemhm: UInt8 = 18, hintmask: UInt8 = 19

    /// Glyph 1: a 300-unit square from (100, 0) whose width blends with
    /// both regions (+50 at wght 900, -100 at wght 100): two blends of one
    /// value each, the second behind other operands on the stack.
    static let square: [UInt8] =
        n(100) + n(0) + [rmoveto]
        + n(300) + n(50) + n(-100) + n(1) + [blend]
        + n(300)
        + n(-300) + n(-50) + n(100) + n(1) + [blend] + [hlineto]

    /// Glyph 2: vsindex 1 (region 0 only), a stem hint and its mask, a
    /// move, the local subroutine (a blended line), the global one (a line
    /// up) and a curve back down.
    static let subroutines: [UInt8] =
        n(1) + [vsindex]
        + n(0) + n(50) + [hstemhm] + [hintmask, 0x80]
        + n(10) + n(20) + [rmoveto]
        + n(-107) + [callsubr]
        + n(-107) + [callgsubr]
        + n(-20) + n(0) + n(-30) + n(-50) + n(0) + n(-50) + [rrcurveto]
    static let localSubr: [UInt8] = n(50) + n(10) + n(1) + [blend] + n(0) + [rlineto]
    static let globalSubr: [UInt8] = n(0) + n(100) + [rlineto]

    /// Glyph 3 (Font DICT 1, whose Private DICT says vsindex 1): a blend
    /// with one delta; read with vsindex 0's two regions it would fail.
    static let secondFontDict: [UInt8] =
        n(0) + n(0) + [rmoveto] + n(100) + n(20) + n(1) + [blend] + n(0) + [rlineto] + n(0) + n(100) + [rlineto]

    /// The VariationStore: its length, then an Item Variation Store with
    /// regions 0 (wght 0 ... 1 ... 1) and 1 (wght -1 ... -1 ... 0); data 0
    /// uses both, data 1 region 0 alone (no items: CFF2 keeps its deltas
    /// in the charstrings).
    static func variationStore() -> [UInt8] {
        var s = ByteWriter()
        s.u16(1); s.u32(16); s.u16(2); s.u32(32); s.u32(42)
        s.u16(1); s.u16(2)
        s.f2Dot14(0); s.f2Dot14(1); s.f2Dot14(1)
        s.f2Dot14(-1); s.f2Dot14(-1); s.f2Dot14(0)
        s.u16(0); s.u16(0); s.u16(2); s.u16(0); s.u16(1)
        s.u16(0); s.u16(0); s.u16(1); s.u16(0)
        var w = ByteWriter()
        w.u16(s.count)
        return w.bytes + s.bytes
    }

    /// FDSelect format 4: glyphs 0 ... 2 use Font DICT 0, glyph 3 Font DICT 1.
    static func fdSelect() -> [UInt8] {
        var w = ByteWriter()
        w.u8(4); w.u32(2)
        w.u32(0); w.u16(0)
        w.u32(3); w.u16(1)
        w.u32(4)
        return w.bytes
    }

    /// The 'CFF2' table; `charstrings` replaces the four glyphs'
    /// programs, `localSubrs` the local subroutines, `private1` Font DICT
    /// 1's Private DICT (the table's last bytes; hostile tests).
    static func table(
        charstrings: [[UInt8]]? = nil, localSubrs: [[UInt8]]? = nil, private1 replaced: [UInt8]? = nil
    ) -> [UInt8] {
        let glyphs = charstrings ?? [[], square, subroutines, secondFontDict]
        let headerSize = 5, topSize = 26
        let global = index([globalSubr])
        let charStringsBytes = index(glyphs)
        let store = variationStore(), select = fdSelect()
        // Private DICT 0: BlueValues with a blended first value (vsindex
        // 0: two deltas), then Subrs right after it.
        let private0Head: [UInt8] = [129, 142, 143, 140, 23, 139, 6]
        let private0Size = private0Head.count + 6
        let locals = index(localSubrs ?? [localSubr])
        let private1: [UInt8] = replaced ?? [140, 22]  // vsindex 1
        let charStringsOffset = headerSize + topSize + global.count
        let storeOffset = charStringsOffset + charStringsBytes.count
        let selectOffset = storeOffset + store.count
        let arrayOffset = selectOffset + select.count
        let fontDictSize = 11
        let arraySize = index([[UInt8](repeating: 0, count: fontDictSize), [UInt8](repeating: 0, count: fontDictSize)])
            .count
        let private0Offset = arrayOffset + arraySize
        let private1Offset = private0Offset + private0Size + locals.count
        let fontDicts = [
            int32(private0Size) + int32(private0Offset) + [18],
            int32(private1.count) + int32(private1Offset) + [18],
        ]
        let private0 = private0Head + int32(private0Size) + [19]
        let top =
            int32(charStringsOffset) + [17] + int32(storeOffset) + [24]
            + int32(arrayOffset) + [12, 36] + int32(selectOffset) + [12, 37]
        precondition(top.count == topSize)
        var w = ByteWriter()
        w.u8(2); w.u8(0); w.u8(headerSize); w.u16(topSize)
        return w.bytes + top + global + charStringsBytes + store + select + index(fontDicts) + private0 + locals
            + private1
    }

    /// The font: 'A' ... 'C' map to glyphs 1 ... 3; `cff2` replaces the
    /// table's bytes; `avar` adds VariationBuilder's avar, `hvar` its HVAR.
    static func font(cff2: [UInt8]? = nil, avar: Bool = true, hvar: Bool = false) -> [UInt8] {
        let glyphCount = 4
        var head = ByteWriter()
        head.u32(0x0001_0000); head.u32(0x0001_0000); head.u32(0); head.u32(0x5F0F_3CF5); head.u16(0)
        head.u16(1000)
        head.bytes += [UInt8](repeating: 0, count: 16)
        head.u16(0); head.u16(-200); head.u16(1000); head.u16(800)
        head.u16(0); head.u16(8); head.u16(2); head.u16(0); head.u16(0)
        var hhea = ByteWriter()
        hhea.u32(0x0001_0000); hhea.u16(800); hhea.u16(-200); hhea.u16(90)
        hhea.bytes += [UInt8](repeating: 0, count: 24); hhea.u16(glyphCount)
        var maxp = ByteWriter()
        maxp.u32(0x0000_5000); maxp.u16(glyphCount)
        var hmtx = ByteWriter()
        for _ in 0..<glyphCount { hmtx.u16(500); hmtx.u16(0) }
        let map = B.cmap([(3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x43, delta: 1 - 0x41)]))])
        var tables: [(String, [UInt8])] = [
            ("head", head.bytes), ("hhea", hhea.bytes), ("maxp", maxp.bytes), ("hmtx", hmtx.bytes),
            ("cmap", map), ("CFF2", cff2 ?? table()), ("fvar", VariationBuilder.fvar()),
        ]
        if avar { tables.append(("avar", VariationBuilder.avar())) }
        if hvar { tables.append(("HVAR", VariationBuilder.hvar())) }
        return B.file(tables, version: 0x4F54_544F)
    }
}
