// Tests for CSS color parsing: the named-color table (size, spellings,
// spot values checked against CSS Color 3), hex forms, rgb()/rgba() with
// numbers and percentages in both syntaxes, hsl(), clamping, and rejects.

import Testing
@testable import Hairline
@testable import HairlineSVG

/// One color text and the 8-bit RGBA it must give.
struct ColorCase: Sendable, CustomTestStringConvertible {
    let text: String
    let rgba: (UInt8, UInt8, UInt8, UInt8)
    init(_ text: String, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.text = text
        self.rgba = (r, g, b, a)
    }
    var testDescription: String { text }
}

private let colorCases: [ColorCase] = [
    ColorCase("#f00", 255, 0, 0),
    ColorCase("#F0A", 255, 0, 170),
    ColorCase("#f008", 255, 0, 0, 136),
    ColorCase("#ff8000", 255, 128, 0),
    ColorCase("#FF800080", 255, 128, 0, 128),
    ColorCase("  #123456\n", 0x12, 0x34, 0x56),
    ColorCase("rgb(255, 128, 0)", 255, 128, 0),
    ColorCase("rgb(255,128,0)", 255, 128, 0),
    ColorCase("RGB( 1 , 2 , 3 )", 1, 2, 3),
    ColorCase("rgb(100%, 50%, 0%)", 255, 128, 0),
    ColorCase("rgb(20%,40%,60%)", 51, 102, 153),
    ColorCase("rgba(255, 0, 0, 0.5)", 255, 0, 0, 128),
    ColorCase("rgba(0, 0, 255, 25%)", 0, 0, 255, 64),
    ColorCase("rgb(255 0 0 / 50%)", 255, 0, 0, 128),
    ColorCase("rgb(0 255 0)", 0, 255, 0),
    ColorCase("rgb(0 50% 0)", 0, 128, 0),
    ColorCase("rgba(0, 127, 0, 50%)", 0, 127, 0, 128),
    ColorCase("rgb(300, -5, 0)", 255, 0, 0),
    ColorCase("rgb(150%, 0%, 0%)", 255, 0, 0),
    ColorCase("rgba(0, 0, 0, 2)", 0, 0, 0, 255),
    ColorCase("hsl(120, 100%, 50%)", 0, 255, 0),
    ColorCase("hsl(0deg 100% 50%)", 255, 0, 0),
    ColorCase("hsla(240, 100%, 50%, 0.5)", 0, 0, 255, 128),
    ColorCase("hsl(-120, 100%, 25%)", 0, 0, 128),
    ColorCase("red", 255, 0, 0),
    ColorCase("CornflowerBlue", 100, 149, 237),
    ColorCase("lightgoldenrodyellow", 250, 250, 210),
    ColorCase("gray", 128, 128, 128),
    ColorCase("grey", 128, 128, 128),
    ColorCase("green", 0, 128, 0),
    ColorCase("lime", 0, 255, 0),
    ColorCase("rebeccapurple", 102, 51, 153),
    ColorCase("transparent", 0, 0, 0, 0),
]

private let invalidColors = [
    "", "#", "#ff", "#ggg", "#12345", "#1234567", "rgb(1,2)", "rgb(1,2,3,4,5)", "rgb(1,2,3", "rgb(,1,2,3)",
    "rgb(1,2,3,)", "rgb(1px, 2, 3)", "rgba(0, 50%, 0, 0.5)", "rgb(100%, 0, 0)", "hsl(10%, 50%, 50%)", "foo(1,2,3)",
    "bluish", "red blue", "url(#a)",
]

@Suite("CSS colors")
struct SVGColorTests {
    @Test("valid colors give their 8-bit RGBA", arguments: colorCases)
    func valid(_ row: ColorCase) throws {
        let color = try #require(SVGColorParser.parse(row.text))
        let bytes = (color.red * 255).rounded(), g = (color.green * 255).rounded()
        let b = (color.blue * 255).rounded(), a = (color.alpha * 255).rounded()
        #expect(
            bytes == Double(row.rgba.0) && g == Double(row.rgba.1) && b == Double(row.rgba.2)
                && a == Double(row.rgba.3),
            "\(row.text) gave \(color)")
    }

    @Test("invalid colors are rejected", arguments: invalidColors)
    func invalid(_ text: String) {
        #expect(SVGColorParser.parse(text) == nil)
    }

    @Test("the named-color table has the 147 SVG 1.1 names plus rebeccapurple, all lowercase")
    func namedTable() {
        let table = CSSNamedColors.table
        #expect(table.count == CSSNamedColors.svg11Count + 1)
        #expect(table.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(table.values.allSatisfy { $0 <= 0xFFFFFF })
        // The names whose X11 values differ from CSS's keep CSS's.
        #expect(table["maroon"] == 0x800000 && table["purple"] == 0x800080)
        // Every gray has its grey twin with the same value.
        for (name, value) in table where name.contains("gray") {
            #expect(table[name.replacingOccurrences(of: "gray", with: "grey")] == value, "\(name)")
        }
        for name in table.keys { #expect(SVGColorParser.parse(name.uppercased()) != nil, "\(name)") }
    }

    @Test("8-bit hex components map to exact n/255 values")
    func exactHex() throws {
        let color = try #require(SVGColorParser.parse("#336699"))
        #expect(color == Color(red8: 0x33, green8: 0x66, blue8: 0x99))
    }
}

private extension String {
    /// `replacingOccurrences` without Foundation.
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
