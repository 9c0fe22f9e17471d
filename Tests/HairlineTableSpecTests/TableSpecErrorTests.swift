// Malformed specs: wrong types, unknown and missing keys, missing or
// broken images and fonts, negative sizes, non-numbers and infinities,
// huge counts and sizes, invalid JSON (truncated, trailing commas, bad
// escapes, lone surrogates, duplicate keys, deep nesting, bad UTF-8),
// selections outside the table. Each throws a TableSpecError whose path
// and line:column are the bad value's (the `‸` in each case marks it).

import Foundation
import Hairline
import HairlineCells
@testable import HairlineTableSpec
import Testing

/// A spec that must fail at the `‸`, with `path` and a message containing
/// `fragment`.
struct Malformed: Sendable, CustomTestStringConvertible {
    let text: String
    let path: String
    let fragment: String
    var testDescription: String { "\(path): \(fragment)" }

    init(_ text: String, _ path: String, _ fragment: String) {
        self.text = text
        self.path = path
        self.fragment = fragment
    }

    /// A spec of one grouped section of one row with `members` (JSON
    /// text) added to the root.
    static func root(_ members: String, _ path: String, _ fragment: String) -> Malformed {
        Malformed(##"{"style": {"layout": "grouped"}, "sections": [{"rows": 1}], \##(members)}"##, path, fragment)
    }

    /// The same with `members` added to the style.
    static func style(_ members: String, _ path: String, _ fragment: String) -> Malformed {
        Malformed(##"{"style": {"layout": "grouped", \##(members)}, "sections": [{"rows": 2}]}"##, path, fragment)
    }

    /// A spec whose sections are `sections`.
    static func sections(_ sections: String, _ path: String, _ fragment: String) -> Malformed {
        Malformed(##"{"style": {"layout": "grouped"}, "sections": \##(sections)}"##, path, fragment)
    }
}

@Suite struct TableSpecErrorTests {
    static let wrongTypesCases: [Malformed] = [
        .root(##""width": ‸"wide""##, "$.width", ##"expected a non-negative number of points, found "wide""##),
        .sections(
            ##"[{"rows": ‸true}]"##, "$.sections[0].rows",
            "expected a row count, a whole number in 0...100000, found true"),
        .sections(##"[{"rows": ‸2.5}]"##, "$.sections[0].rows", "found 2.5"),
        Malformed(
            ##"{"style": ‸[], "sections": [{"rows": 1}]}"##, "$.style",
            "expected an object (a cell style), found an empty array"),
        .style(
            ##""hidesSeparatorsNextToSelection": ‸1"##, "$.style.hidesSeparatorsNextToSelection",
            "expected true or false, found 1"),
        Malformed(
            ##"{"style": {"layout": ‸"fancy"}, "sections": [{"rows": 1}]}"##, "$.style.layout",
            ##"expected one of "grouped", "insetGrouped", "plain", "fullWidthGrouped", found "fancy""##),
        .style(##""fill": ‸42"##, "$.style.fill", "expected a fill: a color, or an object with one of"),
        .style(
            ##""separatorColor": ‸"#12""##, "$.style.separatorColor",
            ##"expected a color ("#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA", a CSS name such as "teal", rgb(…), hsl(…), "transparent" or "clear"), found "#12""##
        ),
        .style(##""separatorColor": ‸"reddish""##, "$.style.separatorColor", ##"found "reddish""##),
        .style(##""separatorColor": ‸"#GG0000""##, "$.style.separatorColor", "expected a color"),
        .style(##""cornerCurve": ‸"square""##, "$.style.cornerCurve", ##"expected "circular" or "continuous""##),
        .style(##""alternation": ‸2"##, "$.style.alternation", ##"expected "odd" or "even", found 2"##),
        .style(##""accessory": ‸"star""##, "$.style.accessory", ##""detailDisclosureButton""##),
        .sections(##"[{"rows": 2, "texts": ["A", ‸5]}]"##, "$.sections[0].texts[1]", "expected a row's text"),
        .sections(
            ##"[{"rows": 1, "texts": [{"title": "A", "layout": ‸"value3"}]}]"##, "$.sections[0].texts[0].layout",
            ##""value2""##),
        .sections(##"[{"rows": 1, "headerTitle": ‸7}]"##, "$.sections[0].headerTitle", "expected a string, found 7"),
        .sections(
            ##"[{"rowHeights": [44, ‸"x"]}]"##, "$.sections[0].rowHeights[1]",
            "expected a non-negative number of points"),
        .root(
            ##""selectedRows": [‸[0]]"##, "$.selectedRows[0]",
            "expected [section, row], two whole numbers, found an array of 1 value"),
        .root(
            ##""selectedRows": ‸{}"##, "$.selectedRows",
            "expected an array of [section, row] pairs, found an empty object"),
        .style(
            ##""fill": {"verticalGradient": ‸["#FFF", "#000", "#888"]}"##, "$.style.fill.verticalGradient",
            "expected [top color, bottom color]"),
        .style(
            ##""fill": {"linearGradient": {"stops": [[‸2, "#FFF"]]}}"##, "$.style.fill.linearGradient.stops[0][0]",
            "expected a location in 0...1, found 2"),
        .style(##""fill": {"linearGradient": {"stops": ‸[]}}"##, "$.style.fill.linearGradient.stops", "at least one"),
        .style(
            ##""fill": {"linearGradient": {"stops": [[0, "#FFF"]], "start": [‸"a", 1]}}"##,
            "$.style.fill.linearGradient.start[0]", "expected a finite number"),
        .style(
            ##""fill": {"image": "bg.png", "capInsets": ‸[1, 2, 3]}"##, "$.style.fill.capInsets",
            "expected [top, left, bottom, right] in points"),
        .style(
            ##""borderWidth": {"devicePixels": ‸1.5}"##, "$.style.borderWidth.devicePixels",
            "expected a whole number of device pixels in 0...100"),
        .style(
            ##""borderWidth": ‸{"devicePixels": 1, "points": 1}"##, "$.style.borderWidth",
            ##"expected "hairline", {"devicePixels": n} or {"points": w}"##),
        .style(##""borderWidth": ‸"thin""##, "$.style.borderWidth", ##"expected "hairline""##),
        .root(
            ##""headerView": {"title": "T", "size": ‸5000}"##, "$.headerView.size",
            "expected a number of points up to 1000, found 5000"),
        .root(
            ##""headerView": {"title": "T", "shadow": {"offset": ‸[0], "color": "#000"}}"##,
            "$.headerView.shadow.offset", "expected [dx, dy] in points"),
        .root(
            ##""headerTitleStyle": {"maximumLines": ‸-1}"##, "$.headerTitleStyle.maximumLines", "expected a line count"),
        .root(
            ##""headerTitleStyle": {"lineBreakMode": ‸"wrap"}"##, "$.headerTitleStyle.lineBreakMode",
            ##""wordWrapping""##),
        .root(
            ##""textStyle": {"font": ‸""}"##, "$.textStyle.font",
            ##"expected "regular", "bold" or a TrueType file name, found """##),
        .root(##""headerColor": ‸true"##, "$.headerColor", "expected a color"),
        .style(##""fill": {"pattern": ‸""}"##, "$.style.fill.pattern", ##"expected an image file name, found """##),
        .style(
            ##""fill": {"pattern": "tile.png", "scale": ‸0}"##, "$.style.fill.scale",
            "expected an image scale in 0.25...16"),
        Malformed(##"‸[]"##, "$", "expected an object (the table), found an empty array"),
    ]

    static let keysCases: [Malformed] = [
        .root(##"‸"colour": 1"##, "$.colour", ##"unknown key "colour"; expected one of "width", "scale", "style""##),
        .root(##"‸"two words": 1"##, ##"$["two words"]"##, ##"unknown key "two words""##),
        .style(##"‸"fil": "#FFF""##, "$.style.fil", ##"unknown key "fil"; expected one of "layout", "fill""##),
        .sections(
            ##"[{‸"row": 1}]"##, "$.sections[0].row", ##"unknown key "row"; expected one of "rows", "rowHeight""##),
        .style(
            ##""fill": {"pattern": "tile.png", ‸"capInsets": [0, 0, 0, 0]}"##, "$.style.fill.capInsets",
            ##"unknown key "capInsets"; expected one of "pattern", "scale", "sampling""##),
        .style(
            ##""imageSet": {‸"left": "single.png"}"##, "$.style.imageSet.left",
            ##"expected one of "single", "top", "middle", "bottom", "selected""##),
        .style(
            ##""imageSet": {"selected": {‸"selected": "single.png"}}"##, "$.style.imageSet.selected.selected",
            ##"unknown key "selected""##),
        .root(
            ##""textStyle": {‸"size": 3}"##, "$.textStyle.size",
            ##"unknown key "size"; expected one of "font", "titleFont", "titleSize""##),
        .root(
            ##""headerView": {"title": "T", ‸"subtitle": "U"}"##, "$.headerView.subtitle", ##"unknown key "subtitle""##),
        .root(
            ##""headerView": {"title": "T", "shadow": {"offset": [0, 1], "color": "#000", ‸"spread": 1}}"##,
            "$.headerView.shadow.spread", ##"expected one of "offset", "blur", "color""##),
        .style(
            ##""fill": {"linearGradient": {"stops": [[0, "#FFF"]], ‸"angle": 90}}"##,
            "$.style.fill.linearGradient.angle", ##"unknown key "angle""##),
        .style(##""fill": ‸{"color": "#FFF", "pattern": "tile.png"}"##, "$.style.fill", "a fill with only one of"),
        .style(##""fill": ‸{}"##, "$.style.fill", "expected a fill: a color, or an object with one of"),
        Malformed(##"‸{"sections": [{"rows": 1}]}"##, "$", ##"expected the key "style", found an object without it"##),
        Malformed(
            ##"{"style": ‸{"fill": "#FFF"}, "sections": [{"rows": 1}]}"##, "$.style", ##"expected the key "layout""##),
        Malformed(##"‸{"style": {"layout": "plain"}}"##, "$", ##"expected the key "sections""##),
        .sections(##"[‸{}]"##, "$.sections[0]", ##"expected the key "rows""##),
        .root(##""headerView": ‸{"height": 40}"##, "$.headerView", ##"expected the key "title""##),
        .root(
            ##""headerView": {"title": "T", "shadow": ‸{"offset": [0, 1]}}"##, "$.headerView.shadow",
            ##"expected the key "color""##),
        .style(
            ##""imageSet": {"top": ‸{"capInsets": [1, 1, 1, 1]}}"##, "$.style.imageSet.top",
            ##"expected the key "file""##),
        .style(
            ##""fill": {"linearGradient": ‸{"start": [0, 0]}}"##, "$.style.fill.linearGradient",
            ##"expected the key "stops""##),
    ]

    static let filesCases: [Malformed] = [
        .style(
            ##""fill": {"pattern": ‸"nope.png"}"##, "$.style.fill.pattern",
            ##"expected a PNG image, found "nope.png" ("##),
        .style(##""fill": {"image": ‸"broken.png"}"##, "$.style.fill.image", ##"found "broken.png" ("##),
        .style(
            ##""imageSet": {"top": ‸"nope.png"}"##, "$.style.imageSet.top",
            "no such file (nor nope@2x.png, nope@3x.png)"),
        .style(##""imageSet": {"top": {"file": ‸"nope@2x.png"}}"##, "$.style.imageSet.top.file", "nope@2x.png"),
        .style(
            ##""imageSet": {"selected": {"single": ‸"broken.png"}}"##, "$.style.imageSet.selected.single", "broken.png"),
        .root(
            ##""background": {"pattern": ‸"missing/tile.png", "scale": 2}"##, "$.background.pattern", "missing/tile.png"
        ),
        .root(
            ##""textStyle": {"font": ‸"nope.ttf"}"##, "$.textStyle.font",
            ##"expected a TrueType font, found "nope.ttf""##),
        .root(
            ##""headerView": {"title": "T", "font": ‸"broken.png"}"##, "$.headerView.font",
            ##"expected a TrueType font, found "broken.png""##),
    ]

    static let numbersCases: [Malformed] = [
        .style(##""cornerRadius": ‸-1"##, "$.style.cornerRadius", "expected a non-negative number of points, found -1"),
        .style(##""cellGap": ‸-0.5"##, "$.style.cellGap", "found -0.5"),
        .style(##""separatorInset": ‸-1"##, "$.style.separatorInset", "non-negative"),
        .style(##""fill": {"image": "bg.png", "capInsets": [‸-1, 0, 0, 0]}"##, "$.style.fill.capInsets[0]", "found -1"),
        .sections(##"[{"rows": 1, "headerHeight": ‸-1}]"##, "$.sections[0].headerHeight", "found -1"),
        .sections(##"[{"rows": 1, "footerHeight": ‸-2}]"##, "$.sections[0].footerHeight", "found -2"),
        .sections(##"[{"rowHeights": [‸-1]}]"##, "$.sections[0].rowHeights[0]", "found -1"),
        .sections(##"[{"rows": 1, "horizontalInset": ‸-5}]"##, "$.sections[0].horizontalInset", "found -5"),
        .root(##""horizontalInset": ‸-5"##, "$.horizontalInset", "found -5"),
        .root(##""headerView": {"title": "T", "height": ‸-1}"##, "$.headerView.height", "found -1"),
        .root(##""width": ‸0"##, "$.width", "expected a positive number of points, found 0"),
        .root(##""width": ‸100001"##, "$.width", "expected a number of points up to 100000, found 100001"),
        .root(##""width": ‸"NaN""##, "$.width", ##"found "NaN""##),
        .root(##""width": ‸1e999"##, "$.width", "expected a number of points up to 100000, found 1e999"),
        .root(##""width": ‸-1e999"##, "$.width", "expected a non-negative number of points, found -1e999"),
        .sections(##"[{"rows": 1, "rowHeight": ‸1E400}]"##, "$.sections[0].rowHeight", "found 1E400"),
        .root(##""scale": ‸0"##, "$.scale", "expected a scale in 0.25...16 device pixels per point, found 0"),
        .root(##""scale": ‸17"##, "$.scale", "found 17"),
        .root(
            ##""width": ‸NaN"##, "$.width",
            "invalid JSON: expected a value (an object, array, string, number, true, false or null), found 'NaN'"),
        .root(##""width": -‸Infinity"##, "$.width", "expected a digit after '-', found 'Infinity'"),
    ]

    static let countsCases: [Malformed] = [
        .sections(
            ##"[{"rows": ‸100001}]"##, "$.sections[0].rows",
            "expected a row count, a whole number in 0...100000, found 100001"),
        .sections(
            "[{\"rowHeights\": ‸[" + Array(repeating: "1", count: 100_001).joined(separator: ",") + "]}]",
            "$.sections[0].rowHeights", "expected an array of row heights in points of at most 100000 elements"),
        .sections(
            "‸[" + Array(repeating: ##"{"rows": 0}"##, count: 10_001).joined(separator: ",") + "]",
            "$.sections", "expected an array of sections of at most 10000 elements, found an array of 10001 values"),
        .sections(
            "[" + Array(repeating: ##"{"rows": 100000}"##, count: 10).joined(separator: ",") + ##", {"rows": ‸1}]"##,
            "$.sections[10].rows",
            "expected at most 1000000 rows in the whole table (this section brings it to 1000001)"),
        .sections(
            ##"‸[{"rows": 100000, "rowHeight": 100}]"##, "$.sections",
            "expected a table a surface can hold (at most 65536 device pixels a side and 268435456 in all), "
                + "found 375 x 10000020 device pixels at scale 1"),
        .root(##""scale": 16, "width": ‸5000"##, "$.width", "found 80000 x 1024 device pixels at scale 16"),
        .sections(##"‸[{"rows": 1010, "rowHeight": 65}]"##, "$.sections", "found 375 x 65670 device pixels"),
        .sections(##"‸[]"##, "$.sections", "expected an array of at least one section, found an empty array"),
    ]

    static let syntaxCases: [Malformed] = [
        Malformed(
            ##"{"style": {"layout": "grouped"‸"##, "$.style",
            "invalid JSON: expected ',' or '}' after the value of \"layout\", found the end of the text"),
        Malformed(
            ##"{"style": {"layout": "gro‸"##, "$.style.layout",
            "expected '\"' to close the string, found the end of the text"),
        Malformed(
            ##"{"style": {"layout": "grouped", ‸}}"##, "$.style", "expected a key in double quotes after ',', found '}'"
        ),
        Malformed(
            ##"{"style": {"layout": "grouped"}, "sections": [{"rows": 1}, ‸]}"##, "$.sections[1]",
            "expected a value after ',', found ']'"),
        Malformed(
            ##"{"sections": [{"rows": 1, "headerTitle": "a\‸q"}]}"##, "$.sections[0].headerTitle",
            ##"expected one of " \ / b f n r t u after '\', found 'q'"##),
        Malformed(##"{"sections": [{"headerTitle": "‸\uD800x"}]}"##, "$.sections[0].headerTitle", "low surrogate"),
        Malformed(
            ##"{"sections": [{"headerTitle": "‸\uD83D\u0041"}]}"##, "$.sections[0].headerTitle",
            ##"found \uD83D alone"##),
        Malformed(
            ##"{"sections": [{"headerTitle": "x‸\uDC00"}]}"##, "$.sections[0].headerTitle",
            ##"a high surrogate (D800...DBFF) before a low surrogate, found \uDC00 alone"##),
        Malformed(
            ##"{"sections": [{"headerTitle": "\u‸12"}]}"##, "$.sections[0].headerTitle",
            "expected four hexadecimal digits after '\\u', found '12'"),
        Malformed(
            ##"{"style": {"layout": "grouped"}, ‸"style": {"layout": "plain"}}"##, "$.style",
            "expected each key once in an object, found \"style\" again (first at line 1, column 2)"),
        Malformed(
            "{\"sections\": [{\"headerTitle\": \"a‸\u{0A}\"}]}", "$.sections[0].headerTitle",
            "control characters must be escaped), found a line feed"),
        Malformed(##"{"width": 0‸1}"##, "$.width", "numbers have no leading zeros"),
        Malformed(##"{"width": ‸+1}"##, "$.width", "expected a value"),
        Malformed(##"{"width": ‸.5}"##, "$.width", "found '.'"),
        Malformed(##"{"width": 1.‸}"##, "$.width", "expected a digit after '.', found '}'"),
        Malformed(##"{"width": 1e‸}"##, "$.width", "expected a digit in the exponent"),
        Malformed(##"{‸'style': 1}"##, "$", "expected a key in double quotes or '}', found '''"),
        Malformed("{‸// a comment\n}", "$", "found '/'"),
        Malformed(
            "‸", "$",
            "expected a value (an object, array, string, number, true, false or null), found the end of the text"),
        Malformed("  \n ‸", "$", "found the end of the text"),
        Malformed(
            ##"{"style": {"layout": "grouped"}, "sections": [{"rows": 1}]} ‸x"##, "$",
            "expected the end of the text after the value, found 'x'"),
        Malformed(##"{"style" ‸{}}"##, "$", "expected ':' after the key"),
        Malformed(##"{"width": 1 ‸"style": 2}"##, "$", ##"expected ',' or '}' after the value of "width""##),
        Malformed(##"{"sections": [1 ‸2]}"##, "$.sections", "expected ',' or ']' after element 0, found '2'"),
        Malformed(##"{"width": ‸tru}"##, "$.width", "found 'tru'"),
        Malformed(##"{"width": ‸é}"##, "$.width", "found 'é'"),
    ]

    static let selectionCases: [Malformed] = [
        .root(
            ##""selectedRows": [[‸5, 0]]"##, "$.selectedRows[0][0]", "expected a section of the table, 0...0, found 5"),
        .root(
            ##""selectedRows": [[0, 0], [0, ‸9]]"##, "$.selectedRows[1][1]",
            "expected a row of section 0, 0...0, found 9"),
        .root(
            ##""selectedRows": [[0, ‸-1]]"##, "$.selectedRows[0][1]",
            "expected a row index, a whole number from 0, found -1"),
        Malformed(
            ##"{"style": {"layout": "plain"}, "sections": [{"rows": 0}], "selectedRows": [[0, ‸0]]}"##,
            "$.selectedRows[0][1]", "expected a row of section 0, which has none"),
        .sections(
            ##"[{"rows": 1, "texts": ‸["a", "b"]}]"##, "$.sections[0].texts",
            "expected at most one text per row (1 row)"),
        .sections(
            ##"[{"rows": 1, "rowHeights": ‸[44]}]"##, "$.sections[0].rowHeights",
            ##"expected either "rows" (with "rowHeight") or "rowHeights""##),
        .sections(
            ##"[{"rowHeights": [44], "rowHeight": ‸30}]"##, "$.sections[0].rowHeight",
            ##"expected no "rowHeight" beside "rowHeights""##),
    ]

    /// Loads the case's spec and checks its error.
    static func check(_ malformed: Malformed) {
        let (json, location) = SpecFixtures.marked(malformed.text)
        do {
            let spec = try SpecFixtures.load(json)
            Issue.record("no error; read \(spec.table.sections.count) sections")
        } catch {
            #expect(error.path == malformed.path)
            #expect(error.location == location, "\(error)")
            let message = error.description
            #expect(message.hasPrefix(malformed.path + ": "), "\(message)")
            #expect(message.hasSuffix("(\(location))"), "\(message)")
            #expect(message.contains(malformed.fragment), "\(message)")
        }
    }

    @Test(arguments: wrongTypesCases) func wrongTypes(_ c: Malformed) { Self.check(c) }
    @Test(arguments: keysCases) func unknownAndMissingKeys(_ c: Malformed) { Self.check(c) }
    @Test(arguments: filesCases) func missingAndBrokenFiles(_ c: Malformed) { Self.check(c) }
    @Test(arguments: numbersCases) func negativeAndNonFiniteNumbers(_ c: Malformed) { Self.check(c) }
    @Test(arguments: countsCases) func hugeCountsAndSizes(_ c: Malformed) { Self.check(c) }
    @Test(arguments: syntaxCases) func invalidJSON(_ c: Malformed) { Self.check(c) }
    @Test(arguments: selectionCases) func selectionsAndRowsOutsideTheTable(_ c: Malformed) { Self.check(c) }

    /// The brief's own example, message and all, on several lines.
    @Test func messageNamesPathExpectationFindingAndPlace() {
        let (json, _) = SpecFixtures.marked(
            """
            {
              "style": {"layout": "grouped"},
              "sections": [
                {"rows": 2},
                {"rows": 1, "rowHeight": -3}
              ]
            }
            """)
        #expect(
            throws: TableSpecError.invalidValue(
                path: "$.sections[1].rowHeight",
                expected: "a non-negative number of points", found: "-3",
                at: SpecLocation(line: 5, column: 30))
        ) {
            try SpecFixtures.load(json)
        }
        do {
            _ = try SpecFixtures.load(json)
        } catch {
            #expect(
                error.description
                    == "$.sections[1].rowHeight: expected a non-negative number of points, found -3 (line 5, column 30)"
            )
        }
    }

    /// Nesting past 64 arrays and objects fails where the 65th opens.
    @Test func deepNesting() {
        let depth = TableSpec.maximumNestingDepth
        let allowed =
            ##"{"a": "## + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
        #expect(throws: Never.self) { try JSONParser.parse(Array(allowed.utf8)) }
        let path = "$.sections" + String(repeating: "[0]", count: depth - 1)
        Self.check(
            Malformed(
                ##"{"sections": "## + String(repeating: "[", count: depth - 1) + "‸["
                    + String(repeating: "]", count: depth) + "}",
                path, "expected at most 64 arrays and objects nested in one another, found '['"))
    }

    /// Bytes that are not UTF-8, in and out of strings.
    @Test func invalidUTF8() {
        let cases: [([UInt8], Int, String)] = [
            (
                Array(##"{"style": ""##.utf8) + [0xFF] + Array(##""}"##.utf8), 12,
                "expected UTF-8 text, found the byte 0xFF (not UTF-8)"
            ),
            // overlong
            (Array(##"{"style": ""##.utf8) + [0xC0, 0x80] + Array(##""}"##.utf8), 12, "expected UTF-8 text"),
            // surrogate
            (Array(##"{"style": ""##.utf8) + [0xED, 0xA0, 0x80] + Array(##""}"##.utf8), 12, "expected UTF-8 text"),
            // cut short
            (Array(##"{"style": ""##.utf8) + [0xE2, 0x82] + Array(##""}"##.utf8), 12, "expected UTF-8 text"),
            (Array(##"{"style": "##.utf8) + [0xFE], 11, "found the byte 0xFE (not UTF-8)"),
        ]
        for (bytes, column, fragment) in cases {
            do {
                _ = try TableSpec(json: bytes, baseDirectory: "")
                Issue.record("no error for \(bytes)")
            } catch {
                #expect(error.location == SpecLocation(line: 1, column: column), "\(error)")
                #expect(error.description.contains(fragment), "\(error)")
            }
        }
    }

    /// Specs past 16 MiB are refused before they are parsed.
    @Test func tooLong() {
        let bytes = [UInt8](repeating: 0x20, count: TableSpec.maximumByteCount + 1)
        #expect(
            throws: TableSpecError.tooLong(byteCount: TableSpec.maximumByteCount + 1, limit: TableSpec.maximumByteCount)
        ) {
            try TableSpec(json: bytes, baseDirectory: "")
        }
    }

    /// Scales outside the kit's range are refused; a table too large at a
    /// scale asked for fails at its sections.
    @Test func scalesAskedFor() throws {
        let spec = try SpecFixtures.load(
            ##"{"style": {"layout": "plain"}, "sections": [{"rows": 100, "rowHeight": 50}]}"##)
        #expect(throws: TableSpecError.invalidScale(0.1)) { try spec.table(scale: 0.1) }
        #expect(throws: TableSpecError.invalidScale(.infinity)) { try spec.table(scale: .infinity) }
        do {
            _ = try spec.table(scale: 16)
            Issue.record("a 5000 pt table at 16x fits no surface")
        } catch {
            #expect(error.path == "$.sections")
            #expect(error.description.contains("found 6000 x 80448 device pixels at scale 16"), "\(error)")
        }
    }

    /// A file that cannot be read, and a spec's images relative to its
    /// own folder.
    @Test func loadingFiles() throws {
        #expect(throws: TableSpecError.self) { try TableSpec.load(contentsOfFile: "/nonexistent/spec.json") }
        let url = URL(fileURLWithPath: SpecFixtures.folder).appendingPathComponent("spec.json")
        try Data(##"{"style": {"layout": "plain", "fill": {"pattern": "tile.png"}}, "sections": [{"rows": 1}]}"##.utf8)
            .write(to: url)
        let spec = try TableSpec.load(contentsOfFile: url.path)
        #expect(spec.baseDirectory == SpecFixtures.folder)
        #expect(spec.table.cellStyle.fill == .pattern(SpecFixtures.image("tile.png"), imageScale: 1))
    }
}

/// Spec colors are CSS colors, read by the same parser as the SVG reader's
/// (`Color(css:)`): every form it takes is taken, with the same value.
@Suite struct SpecColorTests {
    @Test func specColorsAreCSSColors() throws {
        let texts = [
            "#0a8", "#0A8F", "#00AA88", "#00aa8880", "teal", "RebeccaPurple", "rgb(0 128 128 / 50%)",
            "rgba(0, 128, 128, 0.5)", "hsl(180, 100%, 25%)", "transparent", "  navy ",
        ]
        for text in texts {
            let expected = try #require(Color(css: text), "\(text) is a CSS color")
            let json =
                "{\"width\": 320, \"style\": {\"layout\": \"plain\", \"separatorColor\": \"\(text)\"}, \"sections\": [{\"rows\": 1}]}"
            let spec = try TableSpec(json: Array(json.utf8), baseDirectory: "/nonexistent")
            let table = try spec.table(scale: 1)
            #expect(table.cellStyle.separatorColor == expected, "\(text)")
        }
        #expect(Color(css: "#12") == nil && Color(css: "tealish") == nil && Color(css: "rgb(1, 2%, 3)") == nil)
        #expect(Color(css: "#abc") == Color(red8: 0xAA, green8: 0xBB, blue8: 0xCC))
        #expect(Color(css: "#abcd") == Color(red8: 0xAA, green8: 0xBB, blue8: 0xCC, alpha8: 0xDD))
    }
}
