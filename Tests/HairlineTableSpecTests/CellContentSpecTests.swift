// The spec keys of issue 37's cell content and looks: row images and
// image accessories (icons with variants, size, tint, selected file and
// tint), indentation, label insets and position, the dark appearance, the
// etched line, a section's own header view and a header view's image.
// Each reads to the table built in Swift (==, and the same pixels, at the
// spec's scale and rebuilt at 1x-3x); bad values are errors at their JSON
// path that say what was expected.

import Hairline
import HairlineCells
@testable import HairlineTableSpec
import Testing

@Suite struct CellContentSpecTests {
    /// The variants of `name` a build at `scale` keeps: the one UIKit's
    /// rule picks.
    static func images(_ name: String, scale: Double, variants: [(String, Double)]) -> [CellImage] {
        let fitting = variants.filter { $0.1 >= scale }.min { $0.1 < $1.1 } ?? variants.max { $0.1 < $1.1 }!
        return [CellImage(SpecFixtures.image(fitting.0), capInsets: EdgeInsets(all: 0), imageScale: fitting.1)]
    }

    static let tile = [("tile.png", 1.0), ("tile@2x.png", 2.0)]

    static let json = """
        {"width": 200, "style": {"layout": "plain", "accessory": "checkmark", "etchedLineColor": "#FFFFFF80",
                                 "etchedLineWidth": "hairline"},
         "textStyle": {"trailingInset": 20, "labelPosition": {"top": 6}, "imageLeadingInset": 12,
                       "imageSpacing": 9, "indentationWidth": 8},
         "headerView": {"title": "Head", "image": "tile.png", "imageSpacing": 4},
         "sections": [
           {"rows": 3, "texts": [
             {"title": "A", "image": "tile.png", "indentationLevel": 2},
             {"title": "B", "image": {"file": "tile.png", "size": [20, 20], "tint": "#FF9500",
                                      "selected": "bg.png", "selectedTint": null}},
             {"title": "C", "accessoryImage": {"file": "solo@3x.png", "selected": "tile.png"}}]},
           {"rows": 1, "headerView": {"title": "Own", "height": 40, "background": "teal",
                                      "shadow": {"offset": [0, 1], "color": "white"}, "image": {"file": "tile.png", "tint": "navy"}}}],
         "selectedRows": [[0, 1]]}
        """

    static func expected(scale: Double) throws -> TableDescription {
        var style = CellStyle(layout: .plain)
        style.accessory = .checkmark
        style.etchedLineColor = Color(red8: 255, green8: 255, blue8: 255, alpha8: 0x80)
        style.etchedLineWidth = .hairline
        var table = TableDescription(cellStyle: style, rowCounts: [3, 1], width: 200, scale: scale)
        var text = try #require(CellTextStyle.standard(for: .plain))
        text.trailingInset = 20
        text.labelPosition = .top(inset: 6)
        text.imageLeadingInset = 12
        text.imageSpacing = 9
        text.indentationWidth = 8
        table.textStyle = text
        let tile = images("tile.png", scale: scale, variants: Self.tile)
        var view = TableHeaderView(title: "Head")
        view.image = CellIcon(images: tile)
        view.imageSpacing = 4
        table.headerView = view
        var a = CellText("A")
        a.image = CellIcon(images: tile)
        a.indentationLevel = 2
        var b = CellText("B")
        b.image = CellIcon(
            images: tile, selectedImages: images("bg.png", scale: scale, variants: [("bg.png", 1), ("bg@2x.png", 2)]),
            size: Size(width: 20, height: 20), tint: Color(red8: 0xFF, green8: 0x95, blue8: 0))
        var c = CellText("C")
        c.accessoryImage = CellIcon(
            images: images("solo@3x.png", scale: scale, variants: [("solo@3x.png", 3)]), selectedImages: tile)
        table.sections[0].texts = [a, b, c]
        var own = TableHeaderView(title: "Own", height: 40)
        own.background = .color(Color(red8: 0, green8: 0x80, blue8: 0x80))
        own.shadow = TitleShadow(offset: Size(width: 0, height: 1), color: .white)
        own.image = CellIcon(images: tile, tint: Color(red8: 0, green8: 0, blue8: 0x80))
        table.sections[1].headerView = own
        table.selectedRows = [CellIndexPath(row: 1, section: 0)]
        return table
    }

    @Test func contentKeysReadToTheSwiftTable() throws {
        let spec = try SpecFixtures.load(Self.json)
        let expected = try Self.expected(scale: 1)
        #expect(spec.table == expected)
        #expect(try SpecFixtures.pixels(spec.table) == SpecFixtures.pixels(expected))
        for scale in [2.0, 3.0] {
            let rebuilt = try spec.table(scale: scale)
            #expect(rebuilt == (try Self.expected(scale: scale)), "@\(scale)x")
            #expect(try SpecFixtures.pixels(rebuilt) == SpecFixtures.pixels(try Self.expected(scale: scale)))
        }
    }

    @Test(arguments: [CellLayout.insetGrouped, .fullWidthGrouped, .plain])
    func theDarkAppearanceReadsToTheDarkTable(layout: CellLayout) throws {
        let spec = try SpecFixtures.load(
            """
            {"width": 200, "appearance": "dark", "style": {"layout": "\(layout)"},
             "textStyle": {"titleSize": 18}, "headerTitleStyle": {"size": 14},
             "sections": [{"rows": 1, "headerTitle": "A", "style": {"layout": "\(layout)"}}]}
            """)
        var table = TableDescription(
            cellStyle: CellStyle(layout: layout, appearance: .dark), rowCounts: [1], width: 200, scale: 1)
        table.sections[0].headerTitle = "A"
        table.sections[0].style = CellStyle(layout: layout, appearance: .dark)
        var text = try #require(CellTextStyle.standard(for: layout, appearance: .dark))
        text.titleSize = 18
        table.textStyle = text
        var title = try #require(SectionTitleStyle.standardHeader(for: layout, appearance: .dark))
        title.size = 14
        table.headerTitleStyle = title
        #expect(spec.table == table)
    }

    /// The error `json` raises, as text.
    static func error(_ json: String) -> String {
        do {
            _ = try SpecFixtures.load(json)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func badValuesAreErrorsAtTheirPaths() {
        let cases: [(String, [String])] = [
            (
                #"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "texts": [{"title": "A", "indentationLevel": -1}]}]}"#,
                ["$.sections[0].texts[0].indentationLevel", "an indentation level, a whole number in 0...1000"]
            ),
            (
                #"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "texts": [{"title": "A", "indentationLevel": 1.5}]}]}"#,
                ["$.sections[0].texts[0].indentationLevel", "0...1000"]
            ),
            (
                #"{"style": {"layout": "plain"}, "textStyle": {"labelPosition": "middle"}, "sections": [{"rows": 1}]}"#,
                ["$.textStyle.labelPosition", "\"center\", \"top\", \"bottom\""]
            ),
            (
                #"{"style": {"layout": "plain"}, "textStyle": {"labelPosition": {"top": 1, "bottom": 2}}, "sections": [{"rows": 1}]}"#,
                ["$.textStyle.labelPosition", "with one key"]
            ),
            (
                #"{"style": {"layout": "plain"}, "textStyle": {"labelPosition": {"top": -3}}, "sections": [{"rows": 1}]}"#,
                ["$.textStyle.labelPosition.top"]
            ),
            (
                #"{"appearance": "dark", "style": {"layout": "grouped"}, "sections": [{"rows": 1}]}"#,
                ["$.appearance", "iOS 6 had no dark appearance"]
            ),
            (
                #"{"appearance": "dim", "style": {"layout": "plain"}, "sections": [{"rows": 1}]}"#,
                ["$.appearance", "\"light\"", "\"dark\""]
            ),
            (
                #"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "texts": [{"title": "A", "image": {"file": "tile.png", "tintColor": "red"}}]}]}"#,
                ["$.sections[0].texts[0].image", "tintColor"]
            ),
            (
                #"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "texts": [{"title": "A", "accessoryImage": "nope.png"}]}]}"#,
                ["$.sections[0].texts[0].accessoryImage", "nope.png", "no such file"]
            ),
            (
                #"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "texts": [{"title": "A", "image": {"file": "tile.png", "size": [20]}}]}]}"#,
                ["$.sections[0].texts[0].image.size", "[width, height] in points"]
            ),
            (
                #"{"style": {"layout": "plain", "etchedLineWidth": {"devicePixels": -1}}, "sections": [{"rows": 1}]}"#,
                ["$.style.etchedLineWidth.devicePixels"]
            ),
            (
                #"{"style": {"layout": "plain"}, "sections": [{"rows": 1, "headerView": {"height": 30}}]}"#,
                ["$.sections[0].headerView", "title"]
            ),
        ]
        for (json, parts) in cases {
            let message = Self.error(json)
            for part in parts { #expect(message.contains(part), "\(json)\n-> \(message)") }
        }
    }
}
