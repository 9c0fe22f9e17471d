// Tests: SVG 2's error handling. An invalid value is ignored as if absent
// (inherited or initial value), with a warning at the value; only XML
// faults, a non-SVG root and an unusable root size fail a document.
// Echoed user text is cut and escaped (issue 32).

import Testing
import Hairline
@testable import HairlineSVG

@Suite("error recovery")
struct SVGErrorRecoveryTests {
    /// The single fill command of `body`, which must read.
    func onlyFill(_ body: String) throws -> SVGFillCommand? {
        let fills = try commands(svg(body))
        #expect(fills.count <= 1)
        return fills.first
    }

    @Test("an invalid inherited property keeps the parent's value")
    func invalidInheritedProperty() throws {
        let fill = try onlyFill(##"<g fill="blue"><rect width="4" height="4" fill="#qqq"/></g>"##)
        #expect(fill?.color == Color(red: 0, green: 0, blue: 1))
        let text = svg(##"<g fill="blue"><rect width="4" height="4" fill="#qqq"/></g>"##)
        let warnings = try SVGDocument(parsing: text).warnings
        #expect(
            warnings.map(\.kind) == [.invalidValueIgnored(message(.invalidColor(attribute: "fill", value: "#qqq")))])
        #expect(warnings.first?.offset == offset(of: "#qqq", in: text))
        #expect(warnings.first?.line == 1 && warnings.first?.column == offset(of: "#qqq", in: text) + 1)
    }

    @Test("negative radii: rx and ry fall back to auto, r draws nothing")
    func negativeRadii() throws {
        let ellipse = try onlyFill(#"<ellipse cx="50" cy="50" rx="-10" ry="20"/>"#)
        #expect(ellipse?.path.bounds == Rect(x: 30, y: 30, width: 40, height: 40))
        #expect(try onlyFill(#"<circle cx="50" cy="50" r="-10"/>"#) == nil)
        #expect(try onlyFill(#"<ellipse cx="50" cy="50" rx="-10" ry="-20"/>"#) == nil)
        // A negative rx on a rect is auto: the ry (5) on both axes.
        let rect = try onlyFill(#"<rect width="40" height="40" rx="-3" ry="5"/>"#)
        let rounded = try onlyFill(#"<rect width="40" height="40" rx="5" ry="5"/>"#)
        #expect(rect?.path == rounded?.path)
    }

    @Test("an odd points list drops its last coordinate; a bad one draws up to the error")
    func points() throws {
        let odd = try onlyFill(#"<polyline points="0 0 10 0 10 10 99"/>"#)
        let even = try onlyFill(#"<polyline points="0 0 10 0 10 10"/>"#)
        #expect(odd?.path == even?.path)
        let bad = try onlyFill(#"<polyline points="0 0 10 0 10 10 x 20"/>"#)
        #expect(bad?.path == even?.path)
    }

    @Test("path data in error draws the segments before the error")
    func pathPrefix() throws {
        let cut = try onlyFill(#"<path d="M 10 10 L 50 10 L 50 50 L 60"/>"#)
        let whole = try onlyFill(#"<path d="M 10 10 L 50 10 L 50 50"/>"#)
        #expect(cut?.path == whole?.path)
        let flag = try onlyFill(#"<path d="M 10 10 L 50 10 L 50 50 A 5 5 0 2 1 60 60"/>"#)
        #expect(flag?.path == whole?.path)
        #expect(try onlyFill(#"<path d="L 10 10 L 50 10"/>"#) == nil)
    }

    @Test("a negative dash turns dashing off; a negative stroke-width removes the stroke")
    func strokes() throws {
        let text = svg(#"<path d="M0 0 H50" stroke="red" stroke-dasharray="5 -1"/>"#)
        let strokes = try SVGDocument(parsing: text).drawCommands().compactMap { c -> StrokeStyle? in
            if case .stroke(let s) = c { return s.style } else { return nil }
        }
        #expect(strokes.map(\.dashPattern) == [[]])
    }

    @Test("a malformed transform is ignored (identity); the element is drawn")
    func transform() throws {
        let fill = try onlyFill(#"<rect width="4" height="4" transform="qwe"/>"#)
        #expect(fill?.transform == .identity)
    }

    @Test("icc-color after a color falls back to the sRGB color")
    func iccColor() throws {
        let fill = try onlyFill(#"<rect width="4" height="4" fill="red icc-color(acme, 0.1, 0.2)"/>"#)
        #expect(fill?.color == Color(red: 1, green: 0, blue: 0))
        #expect(SVGColorParser.parse("icc-color(acme, 0.1)") == nil)
    }

    @Test(
        "ch, vw, vh, vmin and vmax are lengths",
        arguments: [
            ("2ch", SVGReader.defaultFontSize), ("10vw", 20.0), ("10vh", 10.0), ("10vmin", 10.0), ("10vmax", 20.0),
        ])
    func units(_ value: String, _ expected: Double) throws {
        let fills = try commands(svg(#"<rect width="\#(value)" height="1"/>"#, #"viewBox="0 0 200 100""#))
        #expect(fills.first?.path.bounds.width == expected)
    }

    @Test("font-size NaN, negative or overflowing is ignored with a warning", arguments: ["NaN", "-4", "1e300em"])
    func fontSize(_ value: String) throws {
        let text = svg(#"<g font-size="\#(value)"><rect width="1em" height="1"/></g>"#)
        #expect(ignoredValue(text)?.offset == offset(of: value, in: text))
        #expect(try commands(text).first?.path.bounds.width == SVGReader.defaultFontSize)
        #expect(SVGReader.maximumFontSize < 1e300)
    }

    @Test("a raw NUL character is an XML error at its byte")
    func nul() {
        let text = "<svg width='1' height='1'><text>a\u{0}b</text></svg>"
        let error = readError(text)
        #expect(error?.kind == .unexpectedCharacter("\u{0}", expected: "a character XML allows (U+0000 never is)"))
        #expect(error?.offset == offset(of: "\u{0}", in: text))
    }

    @Test("echoed values are cut to 60 characters and control characters escaped")
    func echo() throws {
        let long = String(repeating: "q", count: 200)
        let document = try SVGDocument(parsing: svg(#"<rect width="1" height="1" fill="\#(long)"/>"#))
        let description = document.warnings.first?.description ?? ""
        #expect(
            description.contains(String(repeating: "q", count: 20) + "…" + String(repeating: "q", count: 39) + "\""))
        #expect(!description.contains(String(repeating: "q", count: 40)))
        #expect(SVGEcho.quote("a\u{1B}[31mb\tc") == "a\\u{1B}[31mb\\u{9}c")
        #expect(
            SVGEcho.quote(String(repeating: "é", count: 61)) == String(repeating: "é", count: 20) + "…"
                + String(repeating: "é", count: 39))
        let warning = SVGWarning(.unsupportedValue("x\u{7}y"), element: "rect", attribute: "fill", at: 0)
        #expect(warning.description.contains("x\\u{7}y"))
        let error = SVGError(.invalidValue(attribute: "stroke-linecap", value: "\u{1B}]0;pwn\u{7}"), at: 0)
        #expect(error.message == "stroke-linecap=\"\\u{1B}]0;pwn\\u{7}\" is not a valid value")
    }

    @Test("a style attribute's malformed declaration is skipped, the rest applies")
    func styleDeclaration() throws {
        let fill = try onlyFill(#"<rect width="4" height="4" style="fill red; fill: blue"/>"#)
        #expect(fill?.color == Color(red: 0, green: 0, blue: 1))
    }
}
