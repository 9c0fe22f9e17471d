// The bundled fonts are the DejaVu files, whole: a TrueType header with its
// table directory, every table inside the file.

import Testing
@testable import HairlineText

@Suite struct BundledFontTests {
    @Test(arguments: BundledFont.allCases)
    func bundledFontsAreWholeTrueTypeFiles(_ font: BundledFont) throws {
        let bytes = try font.data()
        #expect(bytes.count > 600_000)
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        #expect(u32(0) == 0x0001_0000, "sfnt version 1.0 (TrueType outlines)")
        let tables = u16(4)
        #expect(tables >= 9)
        var tags: Set<String> = []
        for i in 0..<tables {
            let record = 12 + 16 * i
            tags.insert(String(decoding: bytes[record..<(record + 4)], as: UTF8.self))
            let offset = u32(record + 8), length = u32(record + 12)
            #expect(offset + length <= bytes.count, "table inside the file")
        }
        for tag in ["head", "hhea", "hmtx", "maxp", "cmap", "loca", "glyf", "name", "OS/2"] {
            #expect(tags.contains(tag), "\(tag) table")
        }
    }
}
