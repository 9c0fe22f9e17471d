// Pixels: `overflow` on a marker viewport: `hidden` (the default) clips to
// markerWidth x markerHeight, `inherit` takes the ancestor's value, and an
// ancestor that sets none gives CSS's initial `visible`.

import Testing
import Hairline
@testable import HairlineSVG

/// Whether the pixel at (x, y) is drawn when a marker whose content
/// reaches 10 units left of its viewport (a 12-radius circle at the
/// vertex (50, 50)) is read with `overflow` attributes `marker` on the
/// marker and `root` on the root.
private func drawsOutsideViewport(marker: String, root: String) throws -> Bool {
    let text = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" \#(root)>"#
        + #"<marker id="m" markerUnits="userSpaceOnUse" \#(marker)><circle r="12" fill="blue"/></marker>"#
        + #"<path d="M 50 50 L 90 50" marker-start="url(#m)"/></svg>"#
    let document = try SVGDocument(parsing: text)
    let surface = try Surface(width: 100, height: 100)
    document.draw(in: Canvas(surface: surface, scale: 1))
    // (42, 44) is left of and above the vertex: outside the 3 x 3
    // viewport at (50, 50), inside the circle.
    return (surface.pixel(x: 42, y: 44)?.alpha ?? 0) > 0
}

@Suite("overflow")
struct SVGOverflowTests {
    @Test("a marker clips by default and not when visible")
    func defaultAndVisible() throws {
        #expect(try !drawsOutsideViewport(marker: "", root: ""))
        #expect(try drawsOutsideViewport(marker: #"overflow="visible""#, root: ""))
    }

    @Test("inherit takes the root's value, or visible when the root sets none")
    func inherit() throws {
        #expect(try drawsOutsideViewport(marker: #"overflow="inherit""#, root: #"overflow="visible""#))
        #expect(try !drawsOutsideViewport(marker: #"overflow="inherit""#, root: #"overflow="hidden""#))
        #expect(try drawsOutsideViewport(marker: #"overflow="inherit""#, root: ""))
    }
}
