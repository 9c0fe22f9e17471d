// Stroke properties: each attribute and style form, inheritance, SVG's
// defaults (no stroke, width 1, miter limit 4), painting order (fill, then
// stroke), malformed values, and pixels drawn through the canvas.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("stroke properties")
struct SVGStrokeTests {
    func strokes(_ body: String) throws -> [SVGStrokeCommand] {
        try SVGDocument(parsing: svg(body)).drawCommands().compactMap {
            if case .stroke(let s) = $0 { return s } else { return nil }
        }
    }

    @Test func everyStrokePropertyIsRead() throws {
        let s = try strokes(
            #"""
            <path d="M0 0 L10 10" stroke="#ff0000" stroke-width="3" stroke-linejoin="round" stroke-linecap="square"
                  stroke-miterlimit="7" stroke-dasharray="4, 2 1" stroke-dashoffset="1.5" stroke-opacity="0.5"/>
            """#)
        try #require(s.count == 1)
        #expect(s[0].color == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(
            s[0].style
                == StrokeStyle(
                    width: 3, lineJoin: .round, lineCap: .square, miterLimit: 7,
                    dashPattern: [4, 2, 1], dashPhase: 1.5))
    }

    @Test func defaultsAreSVGs() throws {
        #expect(try strokes(#"<rect width="5" height="5"/>"#).isEmpty)
        let s = try strokes(#"<rect width="5" height="5" stroke="blue"/>"#)
        #expect(s.first?.style == StrokeStyle(width: 1, lineJoin: .miter, lineCap: .butt, miterLimit: 4))
        #expect(try strokes(#"<rect width="5" height="5" stroke="blue" stroke-width="0"/>"#).isEmpty)
    }

    @Test func styleAttributeWinsAndGroupsInherit() throws {
        let s = try strokes(
            #"""
            <g stroke="green" stroke-width="2" stroke-linecap="round"><path d="M0 0 H5" style="stroke-width: 4; stroke: rgb(0,0,255)"/><path d="M0 0 H5"/></g>
            """#)
        try #require(s.count == 2)
        #expect(s[0].style.width == 4 && s[0].color == Color(red: 0, green: 0, blue: 1))
        #expect(s[0].style.lineCap == .round)
        #expect(s[1].style.width == 2 && s[1].color == Color(red: 0, green: 128.0 / 255, blue: 0))
    }

    @Test func fillComesBeforeStroke() throws {
        let commands = try SVGDocument(parsing: svg(#"<rect width="5" height="5" fill="red" stroke="blue"/>"#))
            .drawCommands()
        guard commands.count == 2, case .fill = commands[0], case .stroke = commands[1] else {
            Issue.record("expected fill then stroke, got \(commands)")
            return
        }
    }

    @Test(arguments: [
        #"stroke-width="-1""#, #"stroke-linejoin="pointy""#, #"stroke-linecap="flat""#,
        #"stroke-miterlimit="0.5""#, #"stroke-dasharray="4 -2""#, #"stroke-dasharray="4 x""#, #"stroke="nocolor""#,
    ])
    func malformedValuesAreIgnored(_ attribute: String) throws {
        let paint = attribute.hasPrefix("stroke=") ? "" : #"stroke="red""#
        let text = svg(#"<path d="M0 0 H5" \#(paint) \#(attribute)/>"#)
        #expect(ignoredValue(text) != nil, "\(attribute)")
        // The stroke keeps its defaults (a negative width: no stroke).
        let strokes = try SVGDocument(parsing: text).drawCommands().compactMap { c -> StrokeStyle? in
            if case .stroke(let s) = c { return s.style } else { return nil }
        }
        let expected = StrokeStyle(width: 1, lineJoin: .miter, lineCap: .butt, miterLimit: 4)
        #expect(
            strokes == (attribute == #"stroke-width="-1""# || attribute == #"stroke="nocolor""# ? [] : [expected]),
            "\(attribute)")
    }

    @Test func strokesReachThePixels() throws {
        // A 1-unit border on a rect inset by 0.5: one crisp pixel ring at 1x.
        let document = try SVGDocument(
            parsing: #"""
                <svg xmlns="http://www.w3.org/2000/svg" width="10" height="8">
                  <rect x="0.5" y="0.5" width="9" height="7" fill="none" stroke="black"/>
                </svg>
                """#)
        let surface = try Surface(width: 10, height: 8)
        document.draw(in: Canvas(surface: surface))
        for y in 0..<8 {
            for x in 0..<10 {
                let border = x == 0 || y == 0 || x == 9 || y == 7
                #expect(surface.pixel(x: x, y: y)?.alpha == (border ? 255 : 0), "(\(x), \(y))")
            }
        }
    }
}

@Suite("fill and stroke together")
struct SVGFillStrokeTogetherTests {
    @Test func elementWithFillAndStrokeDrawsAsTheTwoApart() throws {
        let document = try SVGDocument(
            parsing: svg(
                #"""
                <rect x="1.5" y="1.5" width="14" height="9" rx="3" fill="#ffd" stroke="#c8c8cc" stroke-width="1"/>
                <circle cx="10" cy="8" r="4" fill="rgba(0,0,255,0.5)" stroke="red" stroke-width="2" stroke-linejoin="round"/>
                """#))
        let together = try Surface(width: 24, height: 16), apart = try Surface(width: 24, height: 16)
        _ = document.draw(in: Canvas(surface: together))
        let canvas = Canvas(surface: apart)
        for command in document.drawCommands() {
            switch command {
            case .fill(let f):
                canvas.withSavedState {
                    canvas.concatenate(f.transform)
                    if case .paint(let p) = f.paint { canvas.fill(f.path, with: p, rule: f.rule) }
                }
            case .stroke(let s):
                canvas.withSavedState {
                    canvas.concatenate(s.transform)
                    if case .paint(let p) = s.paint { canvas.stroke(s.path, with: p, style: s.style) }
                }
            default:
                break
            }
        }
        #expect(together.bytes == apart.bytes)
        #expect(together.bytes.contains { $0 != 0 })
    }
}
