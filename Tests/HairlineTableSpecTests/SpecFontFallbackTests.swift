// A spec's text with a font database (TableSpec.Options.fontDatabase):
// every table built carries the fallback, so a Japanese section title and
// cell titles draw glyphs from the fixture MPLUS1p instead of boxes, and
// the same spec's Latin text draws the same pixels with or without it.

import HairlineCells
import HairlineTableSpec
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct SpecFontFallbackTests {
    static func spec(_ title: String) -> [UInt8] {
        Array(
            #"{"width": 240, "style": {"layout": "grouped"}, "sections": [{"rows": 1, "headerTitle": "\#(title)", "texts": ["\#(title)"]}]}"#
                .utf8)
    }

    static func database() -> FontDatabase {
        let database = FontDatabase()
        database.addFonts(inDirectory: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts"))
        return database
    }

    @Test func japaneseTitlesUseTheFallback() throws {
        let database = Self.database()
        var options = TableSpec.Options()
        options.fontDatabase = database
        let with = try TableSpec(json: Self.spec("日本語の表"), baseDirectory: "", options: options)
        let without = try TableSpec(json: Self.spec("日本語の表"), baseDirectory: "")
        #expect(with.table.fontFallback != nil && without.table.fontFallback == nil)
        #expect(try with.table(scale: 2).fontFallback != nil)
        let a = try TableRenderer.render(with.table), b = try TableRenderer.render(without.table)
        #expect(a.bytes != b.bytes)
        #expect(database.missingCharacterWarnings.isEmpty)
    }

    @Test func latinIsTheSameWithOrWithoutIt() throws {
        var options = TableSpec.Options()
        options.fontDatabase = Self.database()
        let with = try TableSpec(json: Self.spec("Wi-Fi Network Status"), baseDirectory: "", options: options)
        let without = try TableSpec(json: Self.spec("Wi-Fi Network Status"), baseDirectory: "")
        for scale in [1.0, 2, 3] {
            let a = try TableRenderer.render(try with.table(scale: scale)),
                b = try TableRenderer.render(try without.table(scale: scale))
            #expect(a.bytes == b.bytes, "\(scale)x")
        }
    }
}
