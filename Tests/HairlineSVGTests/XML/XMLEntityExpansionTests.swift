// XML: internal entities whose text is markup, used in content, read as
// elements (XML 1.0 §4.4.2), with offsets mapped back to the document and
// the expansion bounded.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("markup entities")
struct XMLEntityExpansionTests {
    static let doctype = #"<!DOCTYPE svg [ <!ENTITY R "<rect width='10' height='10' fill='#0f0'/>"> ]>"#

    @Test("an entity of markup referenced twice draws two elements")
    func elementsFromEntity() throws {
        let text = Self.doctype + svg(#"<g>&R;</g><g transform="translate(20 0)">&R;</g>"#)
        let fills = try commands(text)
        #expect(fills.count == 2)
        #expect(
            fills.map(\.transformedPath.bounds) == [
                Rect(x: 0, y: 0, width: 10, height: 10),
                Rect(x: 20, y: 0, width: 10, height: 10),
            ])
        #expect(fills.allSatisfy { $0.color == Color(red: 0, green: 1, blue: 0) })
    }

    @Test("offsets after an expansion map back to the document for warnings")
    func warningOffsetsMapBack() throws {
        let text = Self.doctype + svg(#"&R;<rect width="5" height="5" fill="nonsense"/>"#)
        let document = try SVGDocument(parsing: text)
        let warning = try #require(document.warnings.first)
        #expect(warning.offset == offset(of: "nonsense", in: text))
    }

    @Test("entities without markup, attributes and comments are left to the tokenizer")
    func plainEntitiesUnchanged() throws {
        let bytes = Array(#"<!DOCTYPE svg [ <!ENTITY c "blue"> ]><svg><rect fill="&c;"/><!-- &c; --></svg>"#.utf8)
        #expect(try XMLEntityExpansion.expanding(bytes).bytes == bytes)
    }

    @Test("a huge expansion is refused with a typed error, not built")
    func expansionIsBounded() {
        let body = String(repeating: "<g/>", count: 10_000)
        let refs = String(repeating: "&E;", count: 100)
        let text = "<!DOCTYPE svg [ <!ENTITY E \"\(body)\"> ]>" + svg(refs)
        guard case .entityExpansionTooLarge = readError(text)?.kind else {
            Issue.record("expected entityExpansionTooLarge")
            return
        }
    }
}
