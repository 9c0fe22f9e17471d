// Document: mask and pattern reference cycles broken before reading, as
// resvg breaks them: a link back to the server being checked is dropped
// where it closes the cycle, and the reader then draws without it.

import Testing
import Hairline
@testable import HairlineSVG

/// The dropped links of `text` as (id of the element, property).
private func droppedLinks(_ text: String) throws -> Set<String> {
    let root = try #require(try XMLTreeBuilder.parse(Array(text.utf8)))
    let byID = SVGReader.elementsByID(in: root)
    let idByOffset = Dictionary(uniqueKeysWithValues: byID.map { ($0.value.offset, $0.key) })
    return Set(SVGReader.recursiveLinks(in: root, byID).map { "\(idByOffset[$0.offset] ?? "?").\($0.property)" })
}

@Suite("recursive links")
struct SVGRecursiveLinkTests {
    @Test("masks masking each other: the second mask's link back is dropped")
    func masksOnMasks() throws {
        let text = svg(
            #"""
            <mask id="m1" mask="url(#m2)"><rect id="r1" width="10" height="10" fill="white"/></mask>
            <mask id="m2" mask="url(#m1)"><rect id="r2" width="10" height="10" fill="white"/></mask>
            <rect id="r3" width="10" height="10" mask="url(#m2)"/>
            """#)
        #expect(try droppedLinks(text) == ["m2.mask"])
        // r3 is masked by m2 alone (m2 no longer masked by m1).
        let document = try SVGDocument(parsing: text)
        let masked = try #require(document.root.children.first { $0.mask != nil })
        #expect(masked.mask?.content.first?.mask == nil)
    }

    @Test("children of masks masked by each other: the inner child's link is dropped")
    func masksOnChildren() throws {
        let text = svg(
            #"""
            <mask id="m1"><rect id="r1" width="10" height="10" mask="url(#m2)"/></mask>
            <mask id="m2"><rect id="r2" width="10" height="10" mask="url(#m1)"/></mask>
            <rect id="self" width="1" height="1"/><mask id="m3"><rect id="r4" width="1" height="1" mask="url(#m3)"/></mask>
            """#)
        // r4 names its own mask: that cycle is the reader's (warned there).
        #expect(try droppedLinks(text) == ["r2.mask"])
    }

    @Test("patterns filling with each other: the second pattern's fill is none, its stroke stays")
    func patternsOnChildren() throws {
        let text = svg(
            #"""
            <pattern id="p1" patternUnits="userSpaceOnUse" width="10" height="10"><rect id="a" width="10" height="10" fill="url(#p2)"/></pattern>
            <pattern id="p2" patternUnits="userSpaceOnUse" width="10" height="10"><rect id="b" width="10" height="10" style="fill: url(#p1)" stroke="red"/></pattern>
            <rect width="20" height="20" fill="url(#p2)"/>
            """#)
        #expect(try droppedLinks(text) == ["b.fill"])
        #expect(try SVGDocument(parsing: text).warnings.map(\.kind) == [.referenceCycle("p1")])
        let fills = try commands(text)
        guard case .pattern(let pattern) = fills.first?.paint else { Issue.record("no pattern"); return }
        // The tile draws b's stroke only.
        #expect(pattern.content.allSatisfy { if case .stroke = $0 { return true } else { return false } })
        #expect(!pattern.content.isEmpty)
    }
}
