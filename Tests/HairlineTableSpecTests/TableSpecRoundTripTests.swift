// Every field of the table spec format round-trips: a spec with the field
// set reads to a TableDescription equal (==) to the same table built in
// Swift, renders the same pixels byte for byte, and rebuilt at other
// scales (image variants, pinstripes) equals the Swift table at them.

import Foundation
import Hairline
import HairlineCells
import HairlineTableSpec
import HairlineText
import Testing

/// A spec and the Swift table it must read to, at any scale.
struct RoundTrip: Sendable, CustomTestStringConvertible {
    let name: String
    let json: String
    let expected: @Sendable (Double) -> TableDescription
    var testDescription: String { name }

    init(_ name: String, json: String, expected: @escaping @Sendable (Double) -> TableDescription) {
        self.name = name
        self.json = json
        self.expected = expected
    }

    /// The common spec with `members` added to its grouped style.
    static func style(
        _ name: String, _ members: String, layout: CellLayout = .grouped, extra: String = "",
        _ change: @escaping @Sendable (inout CellStyle, Double) -> Void
    ) -> RoundTrip {
        RoundTrip(name, json: SpecFixtures.spec(extra, style: ##"{"layout": "\##(layout)", \##(members)}"##)) { scale in
            var style = CellStyle(layout: layout)
            change(&style, scale)
            var table = SpecFixtures.table(style, scale: scale)
            if !extra.isEmpty { table.selectedRows = [CellIndexPath(row: 1, section: 0)] }
            return table
        }
    }

    /// The common spec with `members` added to its root.
    static func root(
        _ name: String, _ members: String, layout: CellLayout = .grouped,
        _ change: @escaping @Sendable (inout TableDescription, Double) -> Void
    ) -> RoundTrip {
        RoundTrip(name, json: SpecFixtures.spec(members, style: ##"{"layout": "\##(layout)"}"##)) { scale in
            var table = SpecFixtures.table(CellStyle(layout: layout), scale: scale)
            change(&table, scale)
            return table
        }
    }

    /// The common spec with `sections` as its sections.
    static func sections(
        _ name: String, _ sections: String,
        _ make: @escaping @Sendable (CellStyle) -> [TableSection]
    ) -> RoundTrip {
        RoundTrip(name, json: SpecFixtures.spec(sections: sections)) { scale in
            var table = SpecFixtures.table(scale: scale)
            table.sections = make(table.cellStyle)
            return table
        }
    }
}

/// The selection the `extra` of style cases makes: row 1 of section 0.
let selectRow = ##""selectedRows": [[0, 1]]"##

@Suite struct TableSpecRoundTripTests {
    static let rootCases: [RoundTrip] = [
        RoundTrip("width", json: ##"{"width": 250, "style": {"layout": "plain"}, "sections": [{"rows": 1}]}"##) {
            TableDescription(cellStyle: .plain, rowCounts: [1], width: 250, scale: $0)
        },
        RoundTrip("defaults", json: ##"{"style": {"layout": "insetGrouped"}, "sections": [{"rows": 1}]}"##) {
            TableDescription(cellStyle: .insetGrouped, sections: [TableSection(rows: 1)], scale: $0)
        },
        RoundTrip(
            "scale",
            json:
                ##"{"scale": 2, "width": 200, "style": {"layout": "grouped"}, "sections": [{"rows": 2}, {"rows": 1}]}"##
        ) {
            SpecFixtures.table(scale: $0)
        },
        .root("background color", ##""background": "#123456""##) { t, _ in
            t.background = .color(Color(red8: 0x12, green8: 0x34, blue8: 0x56))
        },
        .root("background pattern", ##""background": {"pattern": "tile.png"}"##) { t, s in
            let variant = s <= 1 ? ("tile.png", 1.0) : ("tile@2x.png", 2.0)
            t.background = .pattern(SpecFixtures.image(variant.0), imageScale: variant.1)
        },
        .root("horizontalInset", ##""horizontalInset": 20"##) { t, _ in t.horizontalInset = 20 },
        .root("defaultHeaderHeight", ##""defaultHeaderHeight": 5.5"##) { t, _ in t.defaultHeaderHeight = 5.5 },
        .root("defaultFooterHeight", ##""defaultFooterHeight": 7"##) { t, _ in t.defaultFooterHeight = 7 },
        .root("headerColor", ##""headerColor": "#F00""##) { t, _ in
            t.headerColor = Color(red8: 255, green8: 0, blue8: 0)
        },
        .root("headerColor null", ##""headerColor": null"##, layout: .plain) { t, _ in t.headerColor = nil },
        .root("selectedRows", ##""selectedRows": [[0, 1], [1, 0], [0, 1]]"##) { t, _ in
            t.selectedRows = [CellIndexPath(row: 1, section: 0), CellIndexPath(row: 0, section: 1)]
        },
    ]

    static let titleCases: [RoundTrip] = [
        .root(
            "headerTitleStyle",
            ##"""
            "headerTitleStyle": {"font": "regular", "size": 15, "color": "#102030", "shadow": {"offset": [1, -1], "blur": 2,
            "color": "#00000080"}, "isUppercased": true, "alignment": "center", "horizontalInset": 12, "topPadding": 4,
            "bottomPadding": 3, "lineBreakMode": "truncatingMiddle", "maximumLines": 2}
            """##
        ) { t, _ in
            var style = SectionTitleStyle.standardHeader(for: .grouped)!
            style.font = SpecFixtures.regular
            style.size = 15
            style.color = Color(red8: 0x10, green8: 0x20, blue8: 0x30)
            style.shadow = TitleShadow(
                offset: Size(width: 1, height: -1), blur: 2,
                color: Color(red8: 0, green8: 0, blue8: 0, alpha8: 0x80))
            style.isUppercased = true
            style.alignment = .center
            style.horizontalInset = 12
            style.topPadding = 4
            style.bottomPadding = 3
            style.lineBreakMode = .truncatingMiddle
            style.maximumLines = 2
            t.headerTitleStyle = style
            t.sections[0].headerTitle = "Network"
        }.with(sectionsJSON: ##"[{"rows": 2, "headerTitle": "Network"}, {"rows": 1}]"##),
        .root(
            "footerTitleStyle",
            ##"""
            "footerTitleStyle": {"font": "\##(SpecFixtures.fontPath)", "shadow": null, "lineBreakMode": "characterWrapping",
            "maximumLines": 0, "alignment": "trailing"}
            """##
        ) { t, _ in
            var style = SectionTitleStyle.standardFooter(for: .grouped)!
            style.font = try! Font(contentsOfFile: SpecFixtures.fontPath)
            style.shadow = nil
            style.lineBreakMode = .characterWrapping
            style.maximumLines = 0
            style.alignment = .trailing
            t.footerTitleStyle = style
            t.sections[1].footerTitle = "A footer long enough to wrap onto a second line in a narrow table."
        }.with(
            sectionsJSON:
                ##"[{"rows": 2}, {"rows": 1, "footerTitle": "A footer long enough to wrap onto a second line in a narrow table."}]"##
        ),
        .root(
            "textStyle",
            ##"""
            "textStyle": {"font": "bold", "titleSize": 16, "detailSize": 14, "subtitleSize": 11, "value2TitleSize": 10,
            "value2DetailSize": 13, "titleColor": "#222", "detailColor": "#777", "value2TitleColor": "#05F",
            "selectedColor": null, "leadingInset": 12, "value2ColumnWidth": 60}
            """##
        ) { t, _ in
            var style = CellTextStyle.standard(for: .grouped)!
            style.font = SpecFixtures.bold
            // "font" is every label's: it replaces iOS 6's bold title font.
            style.titleFont = nil
            style.titleSize = 16
            style.detailSize = 14
            style.subtitleSize = 11
            style.value2TitleSize = 10
            style.value2DetailSize = 13
            style.titleColor = Color(red8: 0x22, green8: 0x22, blue8: 0x22)
            style.detailColor = Color(red8: 0x77, green8: 0x77, blue8: 0x77)
            style.value2TitleColor = Color(red8: 0x00, green8: 0x55, blue8: 0xFF)
            style.selectedColor = nil
            style.leadingInset = 12
            style.value2ColumnWidth = 60
            t.textStyle = style
            t.sections[0].texts = [
                CellText("Mail", detail: "Inbox", layout: .subtitle),
                CellText("mobile", detail: "555", layout: .value2),
            ]
            t.sections[1].texts = [CellText("Wi-Fi", detail: "Home", layout: .value1)]
            t.selectedRows = [CellIndexPath(row: 0, section: 1)]
        }.with(
            sectionsJSON: ##"""
                [{"rows": 2, "texts": [{"title": "Mail", "detail": "Inbox", "layout": "subtitle"},
                                       {"title": "mobile", "detail": "555", "layout": "value2"}]},
                 {"rows": 1, "texts": [{"title": "Wi-Fi", "detail": "Home", "layout": "value1"}]}],
                "selectedRows": [[1, 0]]
                """##),
        .root("textStyle titleFont", ##""textStyle": {"titleFont": "regular"}"##) { t, _ in
            var style = CellTextStyle.standard(for: .grouped)!
            style.titleFont = SpecFixtures.regular
            t.textStyle = style
        },
        .root("textStyle selectedColor", ##""textStyle": {"selectedColor": "#FFEE00"}"##) { t, _ in
            var style = CellTextStyle.standard(for: .grouped)!
            style.selectedColor = Color(red8: 0xFF, green8: 0xEE, blue8: 0x00)
            t.textStyle = style
        },
        .root(
            "headerView",
            ##"""
            "headerView": {"title": "Settings", "height": 50, "size": 18, "color": "#FFFFFF",
            "shadow": {"offset": [0, 2], "blur": 3, "color": "#00000088"}, "background": {"verticalGradient": ["#36C", "#69F"]},
            "font": "regular", "alignment": "leading", "horizontalInset": 20}
            """##
        ) { t, _ in
            var view = TableHeaderView(
                title: "Settings", height: 50, size: 18, color: .white,
                shadow: TitleShadow(
                    offset: Size(width: 0, height: 2), blur: 3,
                    color: Color(red8: 0, green8: 0, blue8: 0, alpha8: 0x88)),
                background: .verticalGradient(
                    Color(red8: 0x33, green8: 0x66, blue8: 0xCC),
                    Color(red8: 0x66, green8: 0x99, blue8: 0xFF)))
            view.font = SpecFixtures.regular
            view.alignment = .leading
            view.horizontalInset = 20
            t.headerView = view
        },
        .root("headerView defaults", ##""headerView": {"title": "Plain Title", "shadow": null}"##) { t, _ in
            t.headerView = TableHeaderView(title: "Plain Title", shadow: nil)
        },
    ]

    static let sectionCases: [RoundTrip] = [
        .sections(
            "rowHeights and heights",
            ##"[{"rowHeights": [30, 60.5], "headerHeight": 0, "footerHeight": 12}, {"rows": 3, "rowHeight": 20}]"##
        ) { _ in
            [
                TableSection(rowHeights: [30, 60.5], headerHeight: 0, footerHeight: 12),
                TableSection(rows: 3, rowHeight: 20),
            ]
        },
        .sections(
            "titles", ##"[{"rows": 1, "headerTitle": "Network", "footerTitle": "Stay connected."}, {"rows": 0}]"##
        ) { _ in
            var first = TableSection(rows: 1)
            first.headerTitle = "Network"
            first.footerTitle = "Stay connected."
            return [first, TableSection(rows: 0)]
        },
        .sections(
            "full section style", ##"[{"rows": 2, "style": {"layout": "plain", "separatorInset": 0}}, {"rows": 1}]"##
        ) { _ in
            var first = TableSection(rows: 2)
            var style = CellStyle(layout: .plain)
            style.separatorInset = 0
            first.style = style
            return [first, TableSection(rows: 1)]
        },
        .sections(
            "inherited section style", ##"[{"rows": 2}, {"rows": 1, "style": {"fill": "#EEF", "cornerRadius": 4}}]"##
        ) { table in
            var second = TableSection(rows: 1)
            var style = table
            style.fill = .color(Color(red8: 0xEE, green8: 0xEE, blue8: 0xFF))
            style.cornerRadius = 4
            second.style = style
            return [TableSection(rows: 2), second]
        },
        .sections(
            "section horizontalInset", ##"[{"rows": 2, "horizontalInset": 0}, {"rows": 1, "horizontalInset": 30}]"##
        ) { _ in
            var first = TableSection(rows: 2), second = TableSection(rows: 1)
            first.horizontalInset = 0
            second.horizontalInset = 30
            return [first, second]
        },
        .sections(
            "texts",
            ##"[{"rows": 3, "texts": ["Wi-Fi", null, {"title": "About", "detail": "1.0"}]}, {"rows": 1, "texts": []}]"##
        ) { _ in
            var first = TableSection(rows: 3)
            first.texts = [CellText("Wi-Fi"), nil, CellText("About", detail: "1.0")]
            return [first, TableSection(rows: 1)]
        },
    ]

    static let styleCases: [RoundTrip] = [
        .style("layout grouped", ##""cornerRadius": 10"##) { _, _ in },
        .style("layout insetGrouped", ##""cornerRadius": 10"##, layout: .insetGrouped) { _, _ in },
        .style("layout plain", ##""cornerRadius": 10"##, layout: .plain) { _, _ in },
        .style("layout fullWidthGrouped", ##""cornerRadius": 10"##, layout: .fullWidthGrouped) { _, _ in },
        .style("fill", ##""fill": "#ABC""##) { s, _ in s.fill = .color(Color(red8: 0xAA, green8: 0xBB, blue8: 0xCC)) },
        .style("selectedFill", ##""selectedFill": {"color": "#11223380"}"##, extra: selectRow) { s, _ in
            s.selectedFill = .color(Color(red8: 0x11, green8: 0x22, blue8: 0x33, alpha8: 0x80))
        },
        .style("alternateFill", ##""alternateFill": "#f2f5fa""##, extra: selectRow) { s, _ in
            s.alternateFill = .color(Color(red8: 0xF2, green8: 0xF5, blue8: 0xFA))
        },
        .style("alternateFill null", ##""alternateFill": null"##) { s, _ in s.alternateFill = nil },
        .style("alternation", ##""alternateFill": "#EEE", "alternation": "even""##, layout: .plain) { s, _ in
            s.alternateFill = .color(Color(red8: 0xEE, green8: 0xEE, blue8: 0xEE))
            s.alternation = .even
        },
        .style("separatorColor", ##""separatorColor": "clear""##, layout: .insetGrouped) { s, _ in
            s.separatorColor = .clear
        },
        .style("separatorInset", ##""separatorInset": 40, "separatorTrailingInset": 8"##, layout: .plain) { s, _ in
            s.separatorInset = 40
            s.separatorTrailingInset = 8
        },
        .style("borderWidth devicePixels", ##""borderWidth": {"devicePixels": 2}"##) { s, _ in
            s.borderWidth = .devicePixels(2)
        },
        .style("borderWidth points", ##""borderWidth": {"points": 1}"##) { s, _ in s.borderWidth = .points(1) },
        .style("borderWidth hairline", ##""borderWidth": "hairline""##) { s, _ in s.borderWidth = .hairline },
        .style("corners", ##""cornerRadius": 14, "cornerCurve": "continuous""##, layout: .insetGrouped) { s, _ in
            s.cornerRadius = 14
            s.cornerCurve = .continuous
        },
        .style(
            "hidesSeparatorsNextToSelection", ##""hidesSeparatorsNextToSelection": false"##, layout: .plain,
            extra: selectRow
        ) { s, _ in s.hidesSeparatorsNextToSelection = false },
        .style("cellGap", ##""cellGap": 1"##, layout: .insetGrouped) { s, _ in s.cellGap = 1 },
        .style("accessory", ##""accessory": "detailDisclosureButton", "accessoryColor": "#F80""##) { s, _ in
            s.accessory = .detailDisclosureButton
            s.accessoryColor = Color(red8: 0xFF, green8: 0x88, blue8: 0x00)
        },
        .style(
            "selectedAccessoryColor", ##""accessory": "checkmark", "selectedAccessoryColor": "#0F0""##, layout: .plain,
            extra: selectRow
        ) { s, _ in
            s.accessory = .checkmark
            s.selectedAccessoryColor = Color(red8: 0, green8: 0xFF, blue8: 0)
        },
        .style(
            "selectedAccessoryColor null", ##""accessory": "disclosureIndicator", "selectedAccessoryColor": null"##,
            extra: selectRow
        ) { s, _ in
            s.accessory = .disclosureIndicator
            s.selectedAccessoryColor = nil
        },
        .style(
            "imageSet",
            ##"""
            "imageSet": {"single": "single.png", "top": {"file": "top.png", "capInsets": [6, 6, 6, 6]}, "middle": "middle.png",
            "bottom": {"file": "bottom@2x.png", "capInsets": [4, 5, 6, 7]},
            "selected": {"single": "single-selected.png", "middle": {"file": "bg.png", "scale": 2}}}
            """##, extra: selectRow
        ) { s, scale in
            // Of each image's variants, the one for the build's scale (the
            // smallest at least it, else the largest): only that is read.
            func variants(_ names: [(String, Double)], insets: Double = 0) -> [CellImage] {
                let chosen = names.filter { $0.1 >= scale }.min { $0.1 < $1.1 } ?? names.max { $0.1 < $1.1 }!
                return [
                    CellImage(
                        SpecFixtures.image(chosen.0), capInsets: EdgeInsets(all: insets * chosen.1),
                        imageScale: chosen.1)
                ]
            }
            let bottom = SpecFixtures.image("bottom@2x.png")
            s.imageSet = CellImageSet(
                images: [
                    .single: variants([("single.png", 1), ("single@2x.png", 2), ("single@3x.png", 3)]),
                    .top: variants([("top.png", 1), ("top@2x.png", 2)], insets: 6),
                    .middle: variants([("middle.png", 1)]),
                    .bottom: [
                        CellImage(
                            bottom, capInsets: EdgeInsets(top: 8, left: 10, bottom: 12, right: 14),
                            imageScale: 2)
                    ],
                ],
                selectedImages: [
                    .single: variants([("single-selected.png", 1), ("single-selected@2x.png", 2)]),
                    .middle: [
                        CellImage(
                            SpecFixtures.image("bg.png"), capInsets: EdgeInsets(all: 0),
                            imageScale: 2)
                    ],
                ])
        },
        .style("imageSet null", ##""imageSet": null"##) { s, _ in s.imageSet = nil },
    ]

    static let fillCases: [RoundTrip] = [
        .style("fill #RRGGBB", ##""fill": "#a0B1c2""##) { s, _ in
            s.fill = .color(Color(red8: 0xA0, green8: 0xB1, blue8: 0xC2))
        },
        .style("fill clear", ##""fill": {"color": "clear"}"##) { s, _ in s.fill = .color(.clear) },
        .style("verticalGradient", ##""fill": {"verticalGradient": ["#FFF", "#D9E0F2"]}"##) { s, _ in
            s.fill = .verticalGradient(.white, Color(red8: 0xD9, green8: 0xE0, blue8: 0xF2))
        },
        .style(
            "linearGradient",
            ##"""
            "selectedFill": {"linearGradient": {"stops": [[0, "#058CF5"], [0.4, "#0470EE"], [1, "#015EE6"]],
            "start": [0, 0.5], "end": [1.5, 0.5], "extend": "reflect"}}
            """##, extra: selectRow
        ) { s, _ in
            s.selectedFill = .linearGradient(
                Gradient(
                    stops: [
                        GradientStop(location: 0, color: Color(red8: 0x05, green8: 0x8C, blue8: 0xF5)),
                        GradientStop(location: 0.4, color: Color(red8: 0x04, green8: 0x70, blue8: 0xEE)),
                        GradientStop(location: 1, color: Color(red8: 0x01, green8: 0x5E, blue8: 0xE6)),
                    ],
                    extend: .reflect),
                start: UnitPoint(x: 0, y: 0.5), end: UnitPoint(x: 1.5, y: 0.5))
        },
        .style("linearGradient defaults", ##""fill": {"linearGradient": {"stops": [[0, "#FFF"], [1, "#000"]]}}"##) {
            s, _ in
            s.fill = .linearGradient(Gradient(from: .white, to: .black), start: .top, end: .bottom)
        },
        .style("pattern variants", ##""fill": {"pattern": "tile.png"}"##) { s, scale in
            let variant = scale <= 1 ? ("tile.png", 1.0) : ("tile@2x.png", 2.0)
            s.fill = .pattern(SpecFixtures.image(variant.0), imageScale: variant.1)
        },
        .style(
            "pattern scale and sampling", ##""fill": {"pattern": "bg@2x.png", "scale": 1.5, "sampling": "bilinear"}"##
        ) { s, _ in
            s.fill = .pattern(SpecFixtures.image("bg@2x.png"), imageScale: 1.5, sampling: .bilinear)
        },
        .style("pattern @3x only", ##""fill": {"pattern": "solo.png"}"##) { s, _ in
            s.fill = .pattern(SpecFixtures.image("solo@3x.png"), imageScale: 3)
        },
        .style("pattern named variant", ##""fill": {"pattern": "tile@2x.png"}"##) { s, _ in
            s.fill = .pattern(SpecFixtures.image("tile@2x.png"), imageScale: 2)
        },
        .style("image fill", ##""fill": {"image": "bg.png", "capInsets": [4, 3, 2, 1]}"##) { s, scale in
            let variant = scale <= 1 ? ("bg.png", 1.0) : ("bg@2x.png", 2.0)
            s.fill = .stretchableImage(
                SpecFixtures.image(variant.0),
                capInsets: EdgeInsets(
                    top: 4 * variant.1, left: 3 * variant.1,
                    bottom: 2 * variant.1, right: 1 * variant.1),
                imageScale: variant.1)
        },
        .style("image fill scale", ##""fill": {"image": "bg.png", "scale": 3}"##) { s, _ in
            s.fill = .stretchableImage(SpecFixtures.image("bg.png"), capInsets: EdgeInsets(all: 0), imageScale: 3)
        },
    ]

    static func check(_ trip: RoundTrip) throws {
        let spec = try SpecFixtures.load(trip.json)
        let expected = trip.expected(spec.scale)
        #expect(spec.table == expected)
        #expect(try SpecFixtures.pixels(spec.table) == SpecFixtures.pixels(expected), "the same pixels")
        for scale in [1.0, 2, 3] {
            #expect(try spec.table(scale: scale) == trip.expected(scale), "rebuilt at \(scale)x")
        }
    }

    @Test(arguments: rootCases) func rootFields(_ trip: RoundTrip) throws { try Self.check(trip) }
    @Test(arguments: titleCases) func textFields(_ trip: RoundTrip) throws { try Self.check(trip) }
    @Test(arguments: sectionCases) func sectionFields(_ trip: RoundTrip) throws { try Self.check(trip) }
    @Test(arguments: styleCases) func styleFields(_ trip: RoundTrip) throws { try Self.check(trip) }
    @Test(arguments: fillCases) func fills(_ trip: RoundTrip) throws { try Self.check(trip) }

    /// The pinstripe background of a grouped table is made at the scale
    /// asked for, as `TableDescription.init` makes it.
    @Test func pinstripesFollowTheScale() throws {
        let spec = try SpecFixtures.load(SpecFixtures.spec(##""scale": 3"##))
        #expect(spec.scale == 3)
        #expect(spec.table.background == TableDescription.pinstripes(scale: 3))
        #expect(try spec.table(scale: 2).background == TableDescription.pinstripes(scale: 2))
        #expect(try spec.table(scale: 1.5) == SpecFixtures.table(scale: 1.5))
    }

    /// Colors in every written form.
    @Test func colors() throws {
        let forms: [(String, Color)] = [
            ("#FFF", .white), ("#000000", .black),
            ("#12345678", Color(red8: 0x12, green8: 0x34, blue8: 0x56, alpha8: 0x78)),
            ("clear", .clear), ("#abcdef", Color(red8: 0xAB, green8: 0xCD, blue8: 0xEF)), ("#00000000", .clear),
        ]
        for (text, color) in forms {
            let spec = try SpecFixtures.load(
                SpecFixtures.spec(style: ##"{"layout": "plain", "separatorColor": "\##(text)"}"##))
            #expect(spec.table.cellStyle.separatorColor == color, "\(text)")
        }
    }
}

extension RoundTrip {
    /// The same case with its sections (and anything after them) written
    /// as `sectionsJSON` in place of the common ones.
    func with(sectionsJSON: String) -> RoundTrip {
        let common = ##""sections": [{"rows": 2}, {"rows": 1}]"##
        return RoundTrip(
            name, json: json.replacingOccurrences(of: common, with: ##""sections": "## + sectionsJSON),
            expected: expected)
    }
}
