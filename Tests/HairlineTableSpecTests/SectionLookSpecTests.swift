// The spec keys of per-section looks and the table's own views (issue 37
// item 3): a section's title styles and bars, the footer view and a
// header view's title offset, read into the Swift API's values; a bad bar
// is an error at its JSON path.

import Hairline
import HairlineCells
@testable import HairlineTableSpec
import Testing

@Suite struct SectionLookSpecTests {
    static func table(_ json: String) throws -> TableDescription {
        try TableSpec(json: Array(json.utf8), baseDirectory: "/nonexistent").table
    }

    @Test func readsSectionLooksAndViews() throws {
        let table = try Self.table(
            """
            {"style": {"layout": "plain"}, "width": 200,
             "headerView": {"title": "Seed", "titleOffset": [0, 10]},
             "footerView": {"title": "v1.0", "height": 30, "background": "teal", "shadow": null},
             "sections": [
               {"rows": 1, "headerBar": "none", "headerTitle": "A"},
               {"rows": 1, "headerBar": "#336699", "footerBar": "automatic",
                "headerTitleStyle": {"size": 22, "color": "red"}, "footerTitleStyle": {"alignment": "center"}}
             ]}
            """)
        #expect(table.headerView?.titleOffset == Size(width: 0, height: 10))
        #expect(table.footerView?.title == "v1.0" && table.footerView?.height == 30 && table.footerView?.shadow == nil)
        #expect(table.footerView?.background == .color(Color(red8: 0, green8: 0x80, blue8: 0x80)))
        #expect(table.sections[0].headerBar == .hidden)
        #expect(table.sections[1].headerBar == .color(Color(red8: 0x33, green8: 0x66, blue8: 0x99)))
        #expect(table.sections[1].footerBar == .automatic)
        #expect(table.sections[1].headerTitleStyle?.size == 22)
        #expect(table.sections[1].headerTitleStyle?.color == Color(red8: 255, green8: 0, blue8: 0))
        // Unset keys keep the section layout's standard look.
        let standard = try #require(SectionTitleStyle.standardHeader(for: .plain))
        #expect(table.sections[1].headerTitleStyle?.font == standard.font)
        #expect(table.sections[1].footerTitleStyle?.alignment == .center)
        #expect(table.sections[0].headerTitleStyle == nil)
        // The footer view's 30 pt are part of the table.
        let layout = try table.layout()
        #expect(layout.footerView.height == 30 && layout.footerView.maxY == layout.pixelHeight)
    }

    @Test func aBadBarIsAnErrorAtItsPath() throws {
        #expect {
            try Self.table(#"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "headerBar": "sometimes"}]}"#)
        } throws: { error in
            "\(error)".contains("$.sections[0].headerBar") && "\(error)".contains("\"automatic\", \"none\" or a color")
        }
    }
}
