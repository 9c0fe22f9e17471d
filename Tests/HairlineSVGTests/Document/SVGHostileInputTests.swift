// Hostile SVG: every truncation of a real document throws an error located
// inside the text it was given; enormous documents (many elements, long
// path data, huge numbers) parse in bounded time and draw safely; byte
// soup never traps.

import Hairline
@testable import HairlineSVG
import Testing

@Suite struct SVGHostileInputTests {
    static let document = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ <!ENTITY c "#fc0"> ]>
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30" viewBox="0 0 40 30">
          <defs><linearGradient id="g"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient></defs>
          <!-- a comment -->
          <g transform="translate(1 2) rotate(10)" style="fill: &c;; stroke: black">
            <rect x="1" y="1" width="30" height="18" rx="5" stroke-dasharray="2 1"/>
            <path d="M 2 2 C 10 0 20 30 38 28 Z" fill="url(#g)"/>
            <polygon points="1,1 9,1 5,8"/>
          </g>
        </svg>
        """

    @Test func everyTruncationThrowsWhereTheTextEnds() {
        let bytes = Array(Self.document.utf8)
        // The whole document parses.
        #expect(throws: Never.self) { _ = try SVGDocument(parsingUTF8: bytes) }
        // The last byte is a newline-free "</svg>"'s ">": every shorter
        // prefix is missing something.
        for length in 0..<bytes.count {
            do {
                _ = try SVGDocument(parsingUTF8: Array(bytes[..<length]))
                Issue.record("a prefix of \(length) bytes parsed")
            } catch {
                #expect(error.offset >= 0 && error.offset <= length, "prefix \(length): \(error)")
                #expect(error.line >= 1 && error.column >= 1, "prefix \(length): \(error)")
                #expect(error.description.contains("line \(error.line), column \(error.column)"))
            }
        }
    }

    @Test func enormousDocumentsParseAndDraw() throws {
        // 5,000 elements, a path of 5,000 segments and numbers at the
        // edge of Double: parsed, drawn into a small surface, nothing
        // non-premultiplied.
        var text = #"<svg width="64" height="64">"#
        for i in 0..<5_000 {
            text += "<rect x=\"\(i % 64)\" y=\"\(i / 64 % 64)\" width=\"1\" height=\"1\" fill=\"rgb(\(i % 256),0,0)\"/>"
        }
        text += #"<path d="M0 0"#
        for i in 0..<5_000 { text += " L\(i % 64) \((i * 7) % 64)" }
        text += #"" stroke="red" stroke-width="0.5"/>"#
        text += #"<circle cx="1e308" cy="-1e308" r="1e308"/><rect width="1e300" height="5" stroke="blue"/></svg>"#
        let document = try SVGDocument(parsing: text)
        let surface = try Surface(width: 64, height: 64)
        document.draw(in: Canvas(surface: surface))
        surface.withUnsafeBytes { bytes in
            for i in stride(from: 0, to: bytes.count, by: 4) {
                #expect(bytes[i] <= bytes[i + 3] && bytes[i + 1] <= bytes[i + 3] && bytes[i + 2] <= bytes[i + 3])
            }
        }
    }

    @Test func numbersPastDoubleAreIgnoredAtTheirValue() {
        let prefix = #"<svg width="10" height="10"><rect "#
        let text = prefix + #"width="1e999" height="5"/></svg>"#
        let ignored = ignoredValue(text)
        #expect(ignored?.message == message(.invalidNumber(attribute: "width", value: "1e999")))
        // Located inside the attribute that holds it.
        let start = prefix.utf8.count
        #expect(ignored?.line == 1 && (start...(start + 13)).contains(ignored?.offset ?? -1))
    }

    @Test func deepNestingOfGroupsIsRefusedAtTheLimit() {
        let deep = String(repeating: "<g>", count: 300) + String(repeating: "</g>", count: 300)
        #expect {
            _ = try SVGDocument(parsing: "<svg>" + deep + "</svg>")
        } throws: { error in
            guard let e = error as? SVGError, case .nestingTooDeep = e.kind else { return false }
            return e.offset > 0 && e.description.contains("nested")
        }
    }

    @Test func nestedUsesWithContextPaintServersStayBounded() throws {
        // Each use measures its content once before reading it with the
        // context paint: 2^40 reads unless both count against the cap.
        var body = ##"<linearGradient id="g"><stop/><stop offset="1" stop-color="red"/></linearGradient>"##
        body += #"<rect id="u0" width="4" height="4" fill="context-fill"/>"#
        for level in 1...40 {
            body +=
                ##"<g id="u\##(level)"><use href="#u\##(level - 1)" fill="url(#g)"/><use href="#u\##(level - 1)" fill="url(#g)"/></g>"##
        }
        let document = try SVGDocument(parsing: svg(body + ##"<use href="#u40" fill="url(#g)"/>"##))
        #expect(document.warnings.contains { $0.kind == .unsupportedElement })
    }

    @Test func markupEntitiesReferencingThemselvesDoNotExpandTwice() throws {
        // An entity's own references inside its text are not expanded again.
        let text = #"<!DOCTYPE svg [ <!ENTITY a "<g>&a;</g>"> ]><svg xmlns="http://www.w3.org/2000/svg">&a;&a;</svg>"#
        let document = try SVGDocument(parsing: text)
        #expect(document.root.children.count == 2)
    }
}
