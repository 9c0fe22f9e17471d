// The bundled fonts are the DejaVu files, whole: a TrueType header with its
// table directory, every table inside the file; their generated coverage
// is exactly their character maps' (every scalar of planes 0-2 and the
// last), and database fallback decodes a bundled face only for a
// character it has.

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

    @Test(arguments: BundledFont.allCases)
    func generatedCoverageIsTheCharacterMap(_ bundled: BundledFont) throws {
        let font = try Font(bundled)
        var covered = 0, mismatches: [UInt32] = []
        for value in UInt32(0)...0x2_FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let has = font.glyph(for: scalar) != .notdef
            if has { covered += 1 }
            if has != bundled.covers(scalar), mismatches.count < 5 { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(bundled): \(mismatches)")
        #expect(covered > 5_000)
        for value: UInt32 in [0x10_FFFF, 0xE_0001, 0xF_0000] {
            #expect(!bundled.covers(Unicode.Scalar(value)!))
        }
    }

    @Test func fallbackDecodesABundledFaceOnlyForItsCharacters() {
        let database = FontDatabase()
        #expect(database.fallbackFont(for: "日") == nil)
        #expect(database.parsedFaceCount == 0, "no bundled face has an ideograph: none decoded")
        #expect(database.fallbackFont(for: "ж")?.familyName == "DejaVu Sans")
        #expect(database.parsedFaceCount == 1, "the first bundled face has it")
    }
}
