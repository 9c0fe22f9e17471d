// Tests for style resolution: presentation attributes vs the style
// attribute (style wins), CSS inheritance of fill, fill-rule,
// fill-opacity and color, `inherit`, currentColor, opacity multiplied down
// the tree, display and visibility, and malformed style values.

import Testing
import Hairline
@testable import HairlineSVG

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let green = Color(red8: 0, green8: 128, blue8: 0)

/// A body and the (color, rule) of each fill it must produce.
struct StyleCase: Sendable, CustomTestStringConvertible {
    let body: String
    let fills: [(Color, FillRule)]
    init(_ body: String, _ fills: [(Color, FillRule)]) {
        self.body = body
        self.fills = fills
    }
    var testDescription: String { body }
}

private let box = #"width="1" height="1""#

private let styleCases: [StyleCase] = [
    StyleCase("<rect \(box)/>", [(.black, .nonZero)]),
    StyleCase("<rect \(box) fill='red'/>", [(red, .nonZero)]),
    StyleCase("<rect \(box) style='fill: blue' fill='red'/>", [(blue, .nonZero)]),
    StyleCase("<rect \(box) fill='red' style='fill:blue;fill-rule:evenodd'/>", [(blue, .evenOdd)]),
    StyleCase(
        "<rect \(box) style=' fill : blue !important ; /* c; */ fill-opacity: 50% ; '/>",
        [(blue.withAlphaMultiplied(by: 0.5), .nonZero)]),
    StyleCase("<rect \(box) style='FILL: Blue'/>", [(blue, .nonZero)]),
    StyleCase("<rect \(box) fill='none'/>", []),
    StyleCase("<rect \(box) fill='red' fill-opacity='0'/>", []),
    // Inheritance.
    StyleCase(
        "<g fill='red' fill-rule='evenodd' fill-opacity='0.5'><rect \(box)/></g>",
        [(red.withAlphaMultiplied(by: 0.5), .evenOdd)]),
    StyleCase(
        "<g style='fill:red'><g><rect \(box)/></g><rect \(box) fill='blue'/></g>",
        [(red, .nonZero), (blue, .nonZero)]),
    StyleCase(
        "<g fill='red'><rect \(box) fill='blue'/><rect \(box) fill='inherit'/></g>",
        [(blue, .nonZero), (red, .nonZero)]),
    StyleCase("<g fill='none'><rect \(box)/><rect \(box) fill='blue'/></g>", [(blue, .nonZero)]),
    StyleCase(
        "<g fill-rule='evenodd'><rect \(box) fill-rule='nonzero'/><rect \(box)/></g>",
        [(.black, .nonZero), (.black, .evenOdd)]),
    // currentColor follows the element's own color property.
    StyleCase(
        "<g color='green'><rect \(box) fill='currentColor'/><rect \(box) fill='currentColor' color='blue'/></g>",
        [(green, .nonZero), (blue, .nonZero)]),
    StyleCase("<g fill='currentColor' color='red'><rect \(box) color='blue'/></g>", [(blue, .nonZero)]),
    StyleCase("<rect \(box) fill='currentColor'/>", [(.black, .nonZero)]),
    // Opacity: not inherited, but multiplied into everything a group draws.
    StyleCase(
        "<g opacity='0.5'><rect \(box) opacity='0.5' fill-opacity='0.5'/></g>",
        [(Color.black.withAlphaMultiplied(by: 0.125), .nonZero)]),
    StyleCase(
        "<g opacity='0.5'><rect \(box) opacity='inherit'/></g>", [(Color.black.withAlphaMultiplied(by: 0.25), .nonZero)]
    ),
    StyleCase("<rect \(box) opacity='150%' fill-opacity='-1'/>", []),
    StyleCase("<g opacity='0'><rect \(box)/></g>", []),
    // display and visibility.
    StyleCase(
        "<g display='none'><rect \(box)/></g><rect \(box) style='display:none'/><rect \(box) display='inline'/>",
        [(.black, .nonZero)]),
    StyleCase(
        "<g visibility='hidden'><rect \(box)/><rect \(box) fill='red' visibility='visible'/></g>", [(red, .nonZero)]),
    // Paint servers fall back.
    StyleCase("<rect \(box) fill='url(#g) red'/><rect \(box) fill='url(#g)'/>", [(red, .nonZero)]),
]

@Suite("style resolution")
struct SVGStyleTests {
    @Test("fills resolve to the expected colors and rules", arguments: styleCases)
    func fills(_ row: StyleCase) throws {
        let fills = try commands(svg(row.body))
        #expect(fills.count == row.fills.count)
        for (command, (color, rule)) in zip(fills, row.fills) {
            #expect(isClose(command.color ?? .clear, color), "got \(command.color)")
            #expect(command.rule == rule)
        }
    }

    @Test("style declarations keep document offsets, also after references")
    func declarationOffsets() throws {
        let text = #"<svg style="fill:&#x20;bogus"/>"#
        let error = ignoredValue(text)
        #expect(error?.message == message(.invalidColor(attribute: "fill", value: "bogus")))
        #expect(error?.offset == offset(of: "bogus", in: text))
    }

    @Test("malformed style values are ignored with a warning at the value")
    func malformed() {
        let cases: [(String, SVGError.Kind, String)] = [
            (#"<rect fill="bluish"/>"#, .invalidColor(attribute: "fill", value: "bluish"), "bluish"),
            (#"<rect style="fill: #12"/>"#, .invalidColor(attribute: "fill", value: "#12"), "#12"),
            (#"<rect color="nope"/>"#, .invalidColor(attribute: "color", value: "nope"), "nope"),
            (#"<rect fill-rule="winding"/>"#, .invalidValue(attribute: "fill-rule", value: "winding"), "winding"),
            (#"<rect opacity="half"/>"#, .invalidNumber(attribute: "opacity", value: "half"), "half"),
            (#"<rect fill-opacity="1px"/>"#, .invalidNumber(attribute: "fill-opacity", value: "1px"), "1px"),
            (#"<rect visibility="maybe"/>"#, .invalidValue(attribute: "visibility", value: "maybe"), "maybe"),
            (#"<rect style="fill red"/>"#, .invalidValue(attribute: "style", value: "fill red"), "fill red"),
            (#"<rect style="fill: red; : blue"/>"#, .invalidValue(attribute: "style", value: ": blue"), ": blue"),
        ]
        for (body, kind, at) in cases {
            let text = svg(body)
            let error = ignoredValue(text)
            #expect(error?.message == message(kind), "\(body)")
            #expect(error?.offset == offset(of: at, in: text), "\(body)")
        }
    }
}
