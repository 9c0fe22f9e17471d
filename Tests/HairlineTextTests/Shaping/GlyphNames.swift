// Test support: glyph names from a font's 'post' table (format 2.0), read
// plainly and independently of the shaper, so shaping tests can say which
// glyph they expect by the name the font's designer gave it
// ("uni0633.init") instead of by a number copied from the shaper's output.

struct GlyphNames {
    /// Names by glyph index (standard Macintosh names as "std<n>").
    let names: [String]

    init(_ font: [UInt8]) {
        let reader = ReferenceReader(font)
        guard let post = reader.tables["post"], reader.u32(post.offset) == 0x20000 else {
            names = []
            return
        }
        let count = reader.u16(post.offset + 32)
        let indices = (0..<count).map { reader.u16(post.offset + 34 + 2 * $0) }
        var strings: [String] = []
        var at = post.offset + 34 + 2 * count
        while at < post.offset + post.length {
            let length = Int(font[at])
            strings.append(String(decoding: font[(at + 1)..<(at + 1 + length)], as: UTF8.self))
            at += 1 + length
        }
        names = indices.map { $0 < 258 ? "std\($0)" : ($0 - 258 < strings.count ? strings[$0 - 258] : "?") }
    }

    /// The name of glyph `glyph` ("?" past the list).
    func name(_ glyph: Int) -> String { glyph < names.count ? names[glyph] : "?" }

    /// The index of the glyph named `name`, nil if none.
    func glyph(named name: String) -> Int? { names.firstIndex(of: name) }
}
