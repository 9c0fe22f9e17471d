// Test support: builds the variation tables of a tiny variable font by
// hand (fvar with one 'wght' axis 100 ... 400 ... 900, avar, gvar, HVAR),
// so that the expected deltas can be worked out on paper from the bytes.

enum VariationBuilder {
    typealias B = FontBuilder

    /// fvar: one axis 'wght' 100 ... 400 ... 900 (16.16 fixed values).
    static func fvar() -> [UInt8] {
        var w = ByteWriter()
        w.u16(1); w.u16(0); w.u16(16); w.u16(2); w.u16(1); w.u16(20); w.u16(0); w.u16(8)
        w.tag("wght"); w.u32(100 << 16); w.u32(400 << 16); w.u32(900 << 16); w.u16(0); w.u16(256)
        return w.bytes
    }

    /// avar: normalized 0.5 maps to 0.8 (and -1, 0, 1 to themselves).
    static func avar() -> [UInt8] {
        var w = ByteWriter()
        w.u16(1); w.u16(0); w.u16(0); w.u16(1)
        w.u16(4)
        for (from, to) in [(-1.0, -1.0), (0, 0), (0.5, 0.8), (1, 1)] { w.f2Dot14(from); w.f2Dot14(to) }
        return w.bytes
    }

    /// gvar for three glyphs: glyph 1 (a 100-unit square) has one tuple
    /// peaking at wght 1.0 that moves point 0 by (10, 0), point 2 by
    /// (30, 20) and the right phantom point (5) by 50 (points 1 and 3 are
    /// inferred); glyph 2 (a composite of glyph 1) moves its component by
    /// (15, 5), every point listed.
    static func gvar() -> [UInt8] {
        var g1 = ByteWriter()
        g1.u16(1); g1.u16(4 + 6)  // one tuple; data after the 6-byte header
        g1.u16(13); g1.u16(0x8000 | 0x2000); g1.f2Dot14(1)  // size, embedded peak + private points
        g1.u8(3); g1.u8(0x02); g1.u8(0); g1.u8(2); g1.u8(3)  // points 0, 2, 5
        g1.u8(0x02); g1.u8(10); g1.u8(30); g1.u8(50)  // x deltas
        g1.u8(0x02); g1.u8(0); g1.u8(20); g1.u8(0)  // y deltas
        var g2 = ByteWriter()
        g2.u16(1); g2.u16(4 + 6)
        g2.u16(12); g2.u16(0x8000); g2.f2Dot14(1)  // every point: no point numbers at all
        g2.u8(0x04); g2.u8(15); g2.u8(0); g2.u8(0); g2.u8(0); g2.u8(0)  // the component, then 4 phantoms
        g2.u8(0x04); g2.u8(5); g2.u8(0); g2.u8(0); g2.u8(0); g2.u8(0)
        var w = ByteWriter()
        let glyphs = 3
        let dataStart = 20 + 4 * (glyphs + 1)
        w.u16(1); w.u16(0); w.u16(1); w.u16(0); w.u32(dataStart); w.u16(glyphs); w.u16(1); w.u32(dataStart)
        w.u32(0); w.u32(0); w.u32(g1.count); w.u32(g1.count + g2.count)
        return w.bytes + g1.bytes + g2.bytes
    }

    /// HVAR: one region peaking at wght 1.0; glyph 1's advance grows by 77
    /// there (glyphs map to items directly).
    static func hvar() -> [UInt8] {
        var store = ByteWriter()
        store.u16(1); store.u32(12); store.u16(1); store.u32(12 + 10)
        store.u16(1); store.u16(1); store.f2Dot14(0); store.f2Dot14(1); store.f2Dot14(1)  // region list
        store.u16(3); store.u16(0); store.u16(1); store.u16(0)  // item data
        store.u8(0); store.u8(77); store.u8(0)
        var w = ByteWriter()
        w.u16(1); w.u16(0); w.u32(20); w.u32(0); w.u32(0); w.u32(0)
        return w.bytes + store.bytes
    }

    /// The font: .notdef, the square (advance 500) and the composite of
    /// it at (200, 0); `withHVAR` adds HVAR.
    static func font(withHVAR: Bool = false, avar: Bool = true) -> [UInt8] {
        let square = B.simple([B.square(0, 0, 100)])
        let composite = B.composite([B.Component(glyph: 1, dx: 200, dy: 0, scale: .none)], box: (200, 0, 300, 100))
        let map = B.cmap([(3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x42, delta: 1 - 0x41)]))])
        var extra: [(String, [UInt8])] = [("fvar", fvar()), ("gvar", gvar())]
        if avar { extra.append(("avar", Self.avar())) }
        if withHVAR { extra.append(("HVAR", hvar())) }
        return B.font(
            glyphs: [
                B.Glyph(data: B.simple([B.square(0, 0, 400)])), B.Glyph(data: square, advance: 500),
                B.Glyph(data: composite, advance: 500),
            ],
            cmap: map, extra: extra)
    }
}
