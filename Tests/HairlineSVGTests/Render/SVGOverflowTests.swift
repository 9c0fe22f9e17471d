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
    let text =
        #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" \#(root)>"#
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

@Suite("marker orientation")
struct SVGMarkerOrientationTests {
    @Test("orient=auto at a U-turn is the mean of the two angles (web platform test markers-orient-002)")
    func uTurns() throws {
        let text = #"""
            <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
            <marker id="m" markerWidth="100" markerHeight="50" markerUnits="userSpaceOnUse" orient="auto" refX="50" refY="50">
              <path d="M50,-5L105,50h-110z" fill="green"/></marker>
            <g marker-start="url(#m)"><path d="M50,0v50z"/><path d="M100,50h-50z"/><path d="M50,100v-50z"/><path d="M0,50h50z"/></g>
            </svg>
            """#
        let document = try SVGDocument(parsing: text)
        let surface = try Surface(width: 100, height: 100)
        document.draw(in: Canvas(surface: surface, scale: 1))
        // Each start marker turns its triangle into the square: all green.
        for (x, y) in [(50, 20), (80, 50), (50, 80), (20, 50), (10, 10), (90, 90)] {
            #expect(
                surface.pixel(x: x, y: y).map { [$0.red, $0.green, $0.blue, $0.alpha] } == [0, 128, 0, 255],
                "(\(x), \(y))")
        }
    }
}
