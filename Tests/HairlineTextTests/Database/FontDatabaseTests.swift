// The font database on the fixture fonts: indexing a folder (names, OS/2
// weights and slants), CSS matching in a family with generic families,
// the bundled default, per-character fallback (MPLUS1p for Japanese),
// missing-character warnings, collections built here from two fonts
// (faces, identities, forged headers), unreadable files skipped with a
// warning, and queries from many threads at once.

import Dispatch
import Foundation
@testable import HairlineText
import Testing

@Suite struct FontDatabaseTests {
    static func fixtureDatabase() -> FontDatabase {
        let database = FontDatabase()
        database.addFonts(inDirectory: FixtureFonts.folder)
        return database
    }

    @Test func indexesTheFolder() {
        let database = Self.fixtureDatabase()
        #expect(!database.hasIndexedFonts)
        let faces = database.faceDescriptions
        #expect(database.hasIndexedFonts)
        // 7 fixtures + the bundled DejaVu Sans and Bold.
        #expect(faces.count == 9, "\(faces.map(\.family))")
        let bold = faces.first { $0.family == "Noto Sans" && $0.style.weight == 700 }
        #expect(bold != nil)
        #expect(faces.contains { $0.family == "Noto Sans" && $0.style.slant == .italic })
        #expect(database.warnings.isEmpty)
    }

    /// Indexing from a file's first 64 KiB gives what the whole file gives.
    @Test(arguments: [
        "CFF-and-SBIX.otf", "MPLUS1p-Regular.ttf", "NotoSans-Regular.ttf", "NotoSans-Bold.ttf",
        "NotoSans-Italic.ttf",
    ])
    func prefixIndexingMatchesWholeFiles(name: String) throws {
        let fromPrefix = try FontFaceInfo.faces(inFileAt: FixtureFonts.path(name))
        let whole = FontFaceInfo.faces(in: FixtureFonts.bytes(name), source: .file(FixtureFonts.path(name)))
        #expect(fromPrefix.faces.map(\.style) == whole.faces.map(\.style) && !whole.faces.isEmpty)
        #expect(fromPrefix.errors.isEmpty && whole.errors.isEmpty)
    }

    @Test func matchesAsCSSDoes() throws {
        let database = Self.fixtureDatabase()
        let regular = try #require(database.match([.named("noto sans")]))
        #expect(regular.font.fullName == "Noto Sans Regular" || regular.font.styleName == "Regular")
        #expect(regular.isFromList && regular.familyIndex == 0)
        let bold = try #require(database.match([.named("Noto Sans")], request: FontRequest(weight: 600)))
        #expect(bold.font.isBold)
        let italic = try #require(database.match([.named("Noto Sans")], request: FontRequest(slant: .oblique)))
        #expect(italic.font.style.slant == .italic, "oblique falls back to italic")
        let second = try #require(database.match([.named("No Such Family"), .named("Noto Sans")]))
        #expect(second.familyIndex == 1)
        let fallback = try #require(database.match([.named("No Such Family")], request: FontRequest(weight: 700)))
        #expect(!fallback.isFromList && fallback.font.familyName == "DejaVu Sans" && fallback.font.isBold)
        #expect(try #require(database.match([.generic(.sansSerif)])).font.familyName == "DejaVu Sans")
        database.setGenericFamily(.sansSerif, to: ["Noto Sans"])
        #expect(try #require(database.match([.generic(.sansSerif)])).font.familyName == "Noto Sans")
        // A face parsed once is kept: the same bytes each time.
        let again = try #require(database.match([.named("Noto Sans")]))
        #expect(again.font.identity == regular.font.identity && again.faceNumber == regular.faceNumber)
    }

    @Test func fallsBackPerCharacter() throws {
        let database = Self.fixtureDatabase()
        let japanese = try #require(database.fallbackFont(for: "日"))
        // MPLUS1p: the one fixture with Japanese (Noto Sans and DejaVu have none).
        #expect(japanese.glyph(for: "日") != .notdef && !japanese.familyName.hasPrefix("Noto"), "\(japanese.familyName)")
        #expect(database.fallbackFont(for: "\u{10FFFD}") == nil)
        #expect(database.fallbackFont(for: "\u{10FFFD}") == nil, "cached")
        let font = try #require(database.font(for: [.named("Noto Sans")]))
        #expect(font.fallback != nil)
        #expect(font.fallback?.font(for: "ア")?.familyName == japanese.familyName)
        #expect(font.fallback?.font(for: "\u{10FFFD}") == nil)
        #expect(database.missingCharacterWarnings == ["no font has U+10FF80–U+10FFFF characters (1 drawn as boxes)"])
    }

    /// A collection of `fonts`: the TTC header, then each font with its
    /// table offsets moved by where it now starts.
    static func collection(_ fonts: [[UInt8]]) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] {
            [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        let headerSize = 12 + 4 * fonts.count
        var starts: [Int] = [], at = headerSize
        for font in fonts { starts.append(at); at += (font.count + 3) & ~3 }
        var out = Array("ttcf".utf8) + u32(0x0001_0000) + u32(fonts.count) + starts.flatMap(u32)
        for (font, start) in zip(fonts, starts) {
            var moved = font
            let tableCount = Int(font[4]) << 8 | Int(font[5])
            for i in 0..<tableCount {
                let field = 12 + 16 * i + 8
                let offset =
                    Int(font[field]) << 24 | Int(font[field + 1]) << 16 | Int(font[field + 2]) << 8
                    | Int(font[field + 3])
                moved.replaceSubrange(field..<(field + 4), with: u32(offset + start))
            }
            out += moved + Array(repeating: 0, count: ((font.count + 3) & ~3) - font.count)
        }
        return out
    }

    @Test func readsCollections() throws {
        let dejaVu = try BundledFont.dejaVuSans.data(), noto = FixtureFonts.bytes("NotoSans-Regular.ttf")
        let bytes = Self.collection([dejaVu, noto])
        #expect(try Font.faceCount(in: bytes) == 2)
        let first = try Font(data: bytes), second = try Font(data: bytes, faceIndex: 1)
        #expect(first.familyName == "DejaVu Sans" && second.familyName == "Noto Sans" && second.faceIndex == 1)
        #expect(first.identity != second.identity && first != second)
        let plain = try Font(data: noto)
        #expect(try second.outline(of: second.glyph(for: "g")) == plain.outline(of: plain.glyph(for: "g")))
        #expect(throws: FontError.faceOutOfRange(face: 2, faceCount: 2)) { try Font(data: bytes, faceIndex: 2) }
        #expect(throws: FontError.faceOutOfRange(face: 1, faceCount: 1)) { try Font(data: noto, faceIndex: 1) }
        let database = FontDatabase()
        database.addFont(data: bytes)
        #expect(database.faceCount == 4)
        #expect(try #require(database.match([.named("Noto Sans")])).font.faceIndex == 1)
    }

    @Test func forgedCollectionsAreRefused() {
        var bytes = Self.collection([FixtureFonts.bytes("NotoSans-Regular.ttf")])
        bytes[8...11] = [0xFF, 0xFF, 0xFF, 0xFF]
        #expect(throws: FontError.self) { try Font.faceCount(in: bytes) }
        bytes[8...11] = [0, 0, 0, 1]
        bytes[12...15] = [0x7F, 0, 0, 0]
        #expect(throws: FontError.self) { try Font(data: bytes) }
        #expect(throws: FontError.self) { try Font(data: Array(bytes.prefix(14))) }
        let database = FontDatabase()
        database.addFont(data: bytes)
        #expect(database.faceCount == 2, "only the bundled faces")
        #expect(database.warnings.count == 1)
    }

    @Test func skipsUnreadableFilesWithAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hairline-fontdb-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0, 1, 0, 0, 0, 9]).write(to: folder.appendingPathComponent("broken.ttf"))
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let database = FontDatabase()
        database.addFonts(inDirectory: folder.path)
        database.addFont(file: folder.appendingPathComponent("missing.otf").path)
        #expect(database.faceCount == 2)
        #expect(database.warnings.count == 2, "\(database.warnings)")
        #expect(database.match([.named("Anything")])?.font.familyName == "DejaVu Sans")
    }

    @Test func answersFromManyThreads() {
        let database = Self.fixtureDatabase()
        let scalars: [Unicode.Scalar] = ["日", "本", "a", "\u{10FFFD}", "ア", "é"]
        nonisolated(unsafe) let found = UnsafeMutableBufferPointer<Bool>.allocate(capacity: 64)
        defer { found.deallocate() }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            let weight = [400, 700][i % 2]
            let font = database.match([.named("Noto Sans")], request: FontRequest(weight: weight))
            let fallback = database.fallbackFont(for: scalars[i % scalars.count])
            found[i] = font != nil && (fallback != nil) == (scalars[i % scalars.count] != "\u{10FFFD}")
        }
        #expect(found.allSatisfy { $0 })
    }
}
