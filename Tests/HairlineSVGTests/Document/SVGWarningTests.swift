// Tests that nothing is dropped silently: unsupported elements,
// attributes and values each warn with element, attribute and offset;
// harmless metadata does not; group opacity warns once, only on overlap.
// Also SVG-level errors: bad path data, numbers, sizes and points.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("warnings and SVG errors")
struct SVGWarningTests {
    @Test("stroke properties are read without warnings")
    func strokesDoNotWarn() throws {
        let text = svg(
            #"""
            <rect width="1" height="1" stroke="red" stroke-width="2"/><rect width="1" height="1" style="stroke:blue"/><rect width="1" height="1" stroke="none"/>
            """#)
        #expect(try SVGDocument(parsing: text).warnings.isEmpty)
    }

    @Test(
        "unsupported elements warn once each and their content is skipped",
        arguments: [
            "textPath", "tspan", "filter", "foreignObject", "script",
        ])
    func unsupportedElements(_ name: String) throws {
        let text = svg(
            "<\(name) fill='red'><rect width='1' height='1' stroke='red'/></\(name)><rect width='1' height='1'/>")
        let document = try SVGDocument(parsing: text)
        #expect(
            document.warnings == [
                SVGWarning(
                    .unsupportedElement, element: name, at: offset(of: "<\(name)", in: text),
                    line: 1, column: offset(of: "<\(name)", in: text) + 1)
            ])
        #expect(document.fillCommands().count == 1)
    }

    @Test("unsupported attributes and properties warn with their name")
    func unsupportedAttributes() throws {
        let text = svg(
            #"<rect width="1" height="1" style="filter: blur(2px); hyphens: auto" mix-blend-mode="multiply" transform="scale(1)"/>"#
        )
        let warnings = try SVGDocument(parsing: text).warnings
        #expect(warnings.map(\.kind) == Array(repeating: .unsupportedAttribute, count: 3))
        // mix-blend-mode is CSS only: as an attribute it is not read.
        #expect(warnings.map(\.attribute) == ["mix-blend-mode", "filter", "hyphens"])
        #expect(warnings[1].offset == offset(of: "filter", in: text))
    }

    @Test("metadata, defs, namespaced data and identity attributes draw nothing and warn nothing")
    func harmless() throws {
        let text = svg(
            #"""
            <title>t</title><desc>d</desc><metadata><rdf:RDF/></metadata>
            <defs><linearGradient id="g"/><rect id="r" width="1" height="1"/></defs>
            <sodipodi:namedview xmlns:sodipodi="x"/>
            <g id="layer" class="c" inkscape:label="L" data-x="1" aria-hidden="true" xml:space="preserve">
              <svg:rect xmlns:svg="http://www.w3.org/2000/svg" width="1" height="1"/>
            </g>
            """#, #"width="10" height="10" version="1.1" xmlns:xlink="http://www.w3.org/1999/xlink""#)
        let document = try SVGDocument(parsing: text)
        #expect(document.warnings.isEmpty)
        #expect(document.fillCommands().count == 1)
    }

    @Test("a style sheet inside defs applies; one of another type warns")
    func styleSheetInDefs() throws {
        let text = svg(#"<defs><style>.a { fill: red }</style></defs><rect class="a" width="1" height="1"/>"#)
        let document = try SVGDocument(parsing: text)
        #expect(document.warnings.isEmpty)
        #expect(document.fillCommands().map(\.color) == [Color(red: 1, green: 0, blue: 0)])
        let other = svg(
            #"<defs><style type="text/less">.a { fill: red }</style></defs><rect class="a" width="1" height="1"/>"#)
        let otherDocument = try SVGDocument(parsing: other)
        #expect(otherDocument.warnings.map(\.kind) == [.unsupportedElement])
        #expect(otherDocument.warnings.first?.element == "style")
        #expect(otherDocument.warnings.first?.offset == offset(of: "<style", in: other))
    }

    @Test("url() fills to a missing element warn and use their fallback")
    func paintServers() throws {
        let text = svg(#"<rect width="1" height="1" fill="url(#g) #00f"/>"#)
        let document = try SVGDocument(parsing: text)
        #expect(document.warnings.map(\.kind) == [.missingReference("g")])
        #expect(document.warnings.first?.offset == offset(of: "url", in: text))
        #expect(document.fillCommands().first?.color == Color(red: 0, green: 0, blue: 1))
    }

    @Test("group opacity over several draws is a layer; over one it is multiplied in; no warning")
    func groupOpacity() throws {
        let single = try SVGDocument(parsing: svg(#"<g opacity="0.5"><rect width="10" height="10"/></g>"#))
        #expect(single.warnings.isEmpty)
        #expect(single.fillCommands().map { $0.color?.alpha } == [0.5])
        let overlapping = try SVGDocument(
            parsing: svg(
                #"""
                <g opacity="0.5"><rect width="10" height="10"/><g transform="translate(5 5)"><rect width="10" height="10"/></g></g>
                """#))
        #expect(overlapping.warnings.isEmpty)
        let commands = overlapping.drawCommands()
        guard commands.count == 4, case .beginLayer(let layer) = commands[0], case .endLayer = commands[3] else {
            Issue.record("expected a layer around two fills, got \(commands)")
            return
        }
        #expect(layer.opacity == 0.5 && layer.blendMode == .sourceOver && layer.mask == nil)
        #expect(overlapping.fillCommands().allSatisfy { $0.color?.alpha == 1 })
    }

    @Test("bad path data warns at the offending byte of the document and draws up to it")
    func badPathData() throws {
        let text = svg(#"<g>\#n  <path d="M10 20 L30 40 X"/></g>"#)
        let error = ignoredValue(text)
        #expect(error?.message == message(.invalidPathData(.unexpectedCharacter("X", at: 14))))
        #expect(
            try commands(text).first?.path.elements == [.move(to: Point(x: 10, y: 20)), .line(to: Point(x: 30, y: 40))])
        #expect(error?.offset == offset(of: "X\"", in: text))
        #expect(error?.line == 2 && error?.column == 26)
        let withReference = svg(#"<path d="M0 0&#x20;L1 1 L2"/>"#)
        let referenceError = ignoredValue(withReference)
        #expect(referenceError?.message == message(.invalidPathData(.missingNumber(command: "L", at: 12))))
        #expect(referenceError?.offset == offset(of: "\"/>", in: withReference))
    }

    @Test("bad numbers, negative sizes and odd point lists are ignored with a warning at the value")
    func badValues() {
        let cases: [(String, String, SVGError.Kind, String)] = [
            (#"<rect width="-1" height="1"/>"#, #"width="10""#, .negativeValue(attribute: "width", value: "-1"), "-1"),
            (
                #"<rect width="1" height="1" rx="-2"/>"#, #"width="10""#, .negativeValue(attribute: "rx", value: "-2"),
                "-2"
            ),
            (#"<circle r="-5"/>"#, #"width="10""#, .negativeValue(attribute: "r", value: "-5"), "-5"),
            (#"<rect width="1x" height="1"/>"#, #"width="10""#, .invalidNumber(attribute: "width", value: "1x"), "1x"),
            (
                #"<rect width="" height="1"/>"#, #"width="10""#, .invalidNumber(attribute: "width", value: ""),
                #"" height"#
            ),
            (#"<circle r="1e999"/>"#, #"width="10""#, .invalidNumber(attribute: "r", value: "1e999"), "1e999"),
            (
                #"<polygon points="1 2 3"/>"#, #"width="10""#, .invalidValue(attribute: "points", value: "1 2 3"),
                #""/>"#
            ),
            (
                #"<polygon points="1 2 x 4"/>"#, #"width="10""#, .invalidValue(attribute: "points", value: "1 2 x 4"),
                "x 4"
            ),
            ("", #"height="ten""#, .invalidNumber(attribute: "height", value: "ten"), "ten"),
            ("", #"viewBox="0 0 10""#, .invalidValue(attribute: "viewBox", value: "0 0 10"), #""></svg>"#),
            ("", #"viewBox="0 0 -1 10""#, .negativeValue(attribute: "viewBox", value: "0 0 -1 10"), "0 0 -1"),
            (
                "", #"viewBox="0 0 1 1" preserveAspectRatio="xMidYMid cover""#,
                .invalidValue(attribute: "preserveAspectRatio", value: "xMidYMid cover"), "xMidYMid"
            ),
        ]
        for (body, root, kind, at) in cases {
            let text = "<svg \(root)>\(body)</svg>"
            let error = ignoredValue(text)
            #expect(error?.message == message(kind), "\(body) \(root)")
            #expect(error?.offset == offset(of: at, in: text), "\(body) \(root)")
        }
    }

    @Test("warnings and errors describe themselves with position and subject")
    func descriptions() throws {
        let document = try SVGDocument(parsing: "<svg width='1' height='1'>\n<filter>hi</filter></svg>")
        #expect(
            document.warnings.first?.description
                == "line 2, column 1 (byte 27): <filter>: element not supported; it and its content are not drawn")
        #expect(SVGError(.expectedName, at: 3).description == "byte 3: expected an element or attribute name")
    }
}
