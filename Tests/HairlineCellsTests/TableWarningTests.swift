// TableDescription.warnings() (issue 37 items 10 and 11): a detail text in
// the default layout is named, not dropped silently; characters no font
// has are named with their code points, where they are and the font; a
// fallback font that has them silences the warning; spaces and joiners
// are never reported.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct TableWarningTests {
    @Test func namesDetailsTheDefaultLayoutDrops() {
        var table = TableDescription(cellStyle: CellStyle(layout: .grouped), rowCounts: [2], width: 320)
        table.sections[0].texts = [CellText("Wi-Fi", detail: "Home"), CellText("Mail", detail: "On", layout: .value1)]
        #expect(
            table.warnings() == [
                "row 0:0's detail 'Home' is not drawn: the default layout has no detail text (subtitle, value1 and value2 draw one)"
            ])
    }

    @Test func namesMissingCharactersAndTheFont() throws {
        var table = TableDescription(cellStyle: CellStyle(layout: .plain), rowCounts: [1], width: 320)
        table.sections[0].headerTitle = "Réseau \u{200D}日本"
        table.sections[0].texts = [CellText("Wi-Fi\u{00A0}ア", detail: "x", layout: .subtitle)]
        let warnings = table.warnings()
        #expect(warnings.count == 2, "\(warnings)")
        #expect(
            warnings.first == "section 0's header title has characters '日本' (U+65E5, U+672C) that "
                + "'DejaVu Sans Bold' and its fallback fonts lack: drawn as boxes")
        #expect(
            warnings.last == "row 0:0's title has characters 'ア' (U+30A2) that 'DejaVu Sans' "
                + "and its fallback fonts lack: drawn as boxes")
        // A fallback font with the characters: nothing to say.
        let fallback = try Font(
            contentsOfFile: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts/MPLUS1p-Regular.ttf"))
        table.fontFallback = FontFallback(fonts: [fallback])
        #expect(table.warnings().isEmpty)
    }

    @Test func manyWarningsAreCapped() {
        var table = TableDescription(cellStyle: CellStyle(layout: .plain), rowCounts: [100], width: 320)
        table.sections[0].texts = (0..<100).map { CellText("Row \($0)", detail: "d") }
        let warnings = table.warnings()
        #expect(warnings.count == TableDescription.maximumWarningCount)
        #expect(
            warnings.last == "\(100 - TableDescription.maximumWarningCount + 1) more warnings about the table's text")
    }
}
