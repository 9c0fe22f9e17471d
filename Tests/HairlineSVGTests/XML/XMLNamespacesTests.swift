// XML: element names resolved against namespace declarations: SVG
// elements under any prefix are drawn, elements of other namespaces
// (also unprefixed under a foreign default) are skipped.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("XML namespaces")
struct XMLNamespacesTests {
    @Test("an SVG prefix draws, a foreign default namespace does not")
    func prefixesAndDefaults() throws {
        let text = #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
            <s:g xmlns="http://example.org/other" xmlns:s="http://www.w3.org/2000/svg">
            <s:rect width="1" height="1" fill="lime"/><rect width="2" height="2" fill="red"/></s:g></svg>
            """#
        let fills = try commands(text)
        #expect(fills.count == 1)
        #expect(fills.first?.color == Color(red: 0, green: 1, blue: 0))
    }

    @Test("files without declarations and with the usual ones are unchanged")
    func lenientAndFast() throws {
        let plain = try #require(try XMLTreeBuilder.parse(Array(#"<svg><rect/><svg:rect/></svg>"#.utf8)))
        #expect(!XMLNamespaces.needsResolution(plain))
        #expect(try commands(#"<svg width="4" height="4"><rect width="1" height="1"/></svg>"#).count == 1)
        let other = try #require(try XMLTreeBuilder.parse(Array(#"<svg xmlns:a="urn:a"><a:rect/></svg>"#.utf8)))
        #expect(XMLNamespaces.resolvingNames(other).children.map(\.name) == ["a:rect"])
    }
}
