// Color glyphs in the kit's labels (issue 36): a cell title with an emoji
// found by the table's fallback (Noto Color Emoji, COLR v1) draws colored
// pixels where the emoji is, none elsewhere, in a right-to-left cell too,
// and the same pixels on one worker as on four.

import Hairline
import HairlineCells
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct CellColorGlyphTests {
    static func table(direction: CellLayoutDirection) throws -> TableDescription {
        var section = TableSection(rows: 1)
        section.texts = [CellText("Dog \u{1F436}")]
        var table = TableDescription(cellStyle: .plain, sections: [section], width: 200, scale: 2)
        table.defaultHeaderHeight = 0
        table.layoutDirection = direction
        let emoji = try Font(
            contentsOfFile: RepositoryFiles.path(
                "Tests/HairlineTextTests/Fixtures/VariableAndColorFonts/NotoColorEmojiCOLR.subset.ttf"))
        table.fontFallback = FontFallback(fonts: [emoji])
        return table
    }

    /// The columns (device pixels) of saturated pixels.
    static func coloredColumns(_ surface: Surface) -> [Int] {
        var columns: Set<Int> = []
        for y in 0..<surface.height {
            for x in 0..<surface.width {
                let p = surface.pixel(x: x, y: y)!
                let hi = max(p.red, p.green, p.blue), lo = min(p.red, p.green, p.blue)
                if Int(hi) - Int(lo) > 60 { columns.insert(x) }
            }
        }
        return columns.sorted()
    }

    @Test func anEmojiTitleDrawsInColor() throws {
        let table = try Self.table(direction: .auto)
        let surface = try TableRenderer.render(table, workers: 1)
        let columns = Self.coloredColumns(surface)
        #expect(columns.count > 20, "the emoji is colored")
        // After "Dog " (15 pt inset at 2x), within about an em and a half.
        let font = try #require(CellTextStyle.standard).font
        let dog = TextLayout("Dog ", font: font, size: 17).width
        #expect((columns.first ?? 0) >= Int((15 + dog) * 2) - 4)
        #expect((columns.last ?? 0) <= Int((15 + dog + 17 * 1.6) * 2))
        let parallel = try TableRenderer.render(table, workers: 4)
        #expect(parallel.bytes == surface.bytes)
        // Right to left: the title (and its emoji) at the right side.
        let mirrored = Self.coloredColumns(
            try TableRenderer.render(try Self.table(direction: .rightToLeft), workers: 1))
        #expect(mirrored.count > 20 && (mirrored.first ?? 0) > 200)
    }
}
