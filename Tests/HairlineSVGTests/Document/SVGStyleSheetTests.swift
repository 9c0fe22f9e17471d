// Tests: <style> sheets — selectors, specificity, source order,
// !important and the cascade against presentation attributes and the
// style attribute — as the resolved fill colors.

import Testing
import Hairline
@testable import HairlineSVG

private let green = Color(red: 0, green: 128.0 / 255, blue: 0)

@Suite("style sheets")
struct SVGStyleSheetTests {
    /// The fill colors of the rects in `body` under the sheet `css`.
    func fills(_ css: String, _ body: String) throws -> [Color?] {
        try commands(svg("<style>\(css)</style>" + body)).map(\.color)
    }

    @Test(
        "each selector kind matches",
        arguments: [
            "rect { fill: green }", "* { fill: green }", "#r { fill: green }", ".a { fill: green }",
            "[x] { fill: green }",
            "[x='1'] { fill: green }", "[class~=b] { fill: green }", "g > rect { fill: green }",
            "svg rect { fill: green }",
            "rect:first-child { fill: green }", "svg > rect { fill: red } rect.a.b#r { fill: green }",
        ])
    func selectors(_ css: String) throws {
        #expect(try fills(css, #"<g><rect id="r" class="a b" x="1" width="1" height="1"/></g>"#) == [green])
    }

    @Test("specificity beats order, order breaks ties, !important beats the style attribute")
    func cascade() throws {
        #expect(try fills("#r { fill: green } rect { fill: red }", #"<rect id="r" width="1" height="1"/>"#) == [green])
        #expect(try fills("rect { fill: red } rect { fill: green }", #"<rect width="1" height="1"/>"#) == [green])
        #expect(try fills("rect { fill: green }", #"<rect fill="red" width="1" height="1"/>"#) == [green])
        #expect(try fills("rect { fill: red }", #"<rect style="fill: green" width="1" height="1"/>"#) == [green])
        #expect(
            try fills("rect { fill: green !important }", #"<rect style="fill: red" width="1" height="1"/>"#) == [green])
    }

    @Test("unsupported selectors drop their rule; comments and at-rules are skipped; other types are not CSS")
    func robustness() throws {
        #expect(
            try fills(
                "@import url(x.css); /* rect { fill: red } */ rect:hover { fill: red } rect { fill: green }",
                #"<rect width="1" height="1"/>"#) == [green])
        let document = try SVGDocument(
            parsing: svg(#"<style type="text/foo">rect { fill: red }</style><rect width="1" height="1"/>"#))
        #expect(document.fillCommands().map(\.color) == [.black])
        #expect(document.warnings.map(\.kind) == [.unsupportedElement])
    }

    @Test("a CSS transform applies like the attribute")
    func transform() throws {
        let fills = try commands(
            svg("<style>rect { transform: translate(5, 6) }</style><rect width=\"1\" height=\"1\"/>"))
        #expect(fills.first?.transform == AffineTransform(translationX: 5, y: 6))
    }
}
