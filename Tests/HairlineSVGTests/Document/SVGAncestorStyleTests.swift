// Document: referenced elements (clip paths, masks, patterns, markers)
// inherit properties from their own ancestors where they are written
// (CSS inheritance follows the document tree), not from the referencing
// element.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("style inherited by referenced elements")
struct SVGAncestorStyleTests {
    @Test("a clip path's children take clip-rule from the clip path's parent")
    func clipRuleFromParent() throws {
        // Two nested squares in one path: even-odd leaves a hole.
        let text = svg(
            #"""
            <g clip-rule="evenodd"><clipPath id="c"><path d="M0 0H10V10H0Z M2 2H8V8H2Z"/></clipPath></g>
            <rect width="10" height="10" clip-path="url(#c)"/>
            """#)
        let commands = try SVGDocument(parsing: text).drawCommands()
        let clips = commands.compactMap { if case .beginClip(let c) = $0 { return c.clip } else { return nil } }
        #expect(clips.map(\.rule) == [.evenOdd])
    }

    @Test("a pattern's content takes fill from the pattern's ancestors, not from the shape")
    func patternContentFill() throws {
        let text = svg(
            #"""
            <g fill="blue"><pattern id="p" patternUnits="userSpaceOnUse" width="10" height="10"><rect width="5" height="5"/></pattern></g>
            <rect width="20" height="20" fill="url(#p)"/>
            """#)
        let fills = try commands(text)
        guard case .pattern(let pattern) = fills.first?.paint else { Issue.record("no pattern"); return }
        guard case .fill(let inner) = pattern.content.first else { Issue.record("no content"); return }
        #expect(inner.color == Color(red: 0, green: 0, blue: 1))
    }
}
