// Pixels: `context-fill` and `context-stroke` standing for a gradient or a
// pattern (SVG 2 §13.3): the context element's server, resolved against its
// bounding box and in its user space, seen through a marker and a `<use>`.

import Testing
import Hairline
@testable import HairlineSVG

/// Renders `text` at scale 1 into a fresh (transparent) surface.
private func render(_ text: String) throws -> Surface {
    let document = try SVGDocument(parsing: text)
    let surface = try Surface(width: Int(document.width.rounded(.up)), height: Int(document.height.rounded(.up)))
    document.draw(in: Canvas(surface: surface, scale: 1))
    return surface
}

/// The red byte of a pixel (premultiplied; 0 outside).
private func red(_ s: Surface, _ x: Int, _ y: Int) -> Int { Int(s.pixel(x: x, y: y)?.red ?? 0) }

@Suite("context paint with servers")
struct SVGContextPaintTests {
    /// Black at x = 0 to red at x = 1 of the bounding box.
    static let ramp =
        #"<linearGradient id="g"><stop stop-color="black"/><stop offset="1" stop-color="red"/></linearGradient>"#

    @Test("a use's gradient spans the use's bounding box, not each shape's")
    func gradientInUse() throws {
        let s = try render(
            svg(
                Self.ramp + #"""
                    <defs><g id="two"><rect width="50" height="10" fill="context-fill"/>
                    <rect x="50" width="50" height="10" fill="context-fill"/></g></defs>
                    <use href="#two" fill="url(#g)"/>
                    """#))
        // One ramp over 0...100: half red at the middle, not black again.
        #expect(abs(red(s, 50, 5) - 128) <= 4)
        #expect(red(s, 97, 5) > 240)
        #expect(red(s, 2, 5) < 12)
    }

    @Test("a use's gradient stays in the use's space through a transform inside")
    func gradientThroughInnerTransform() throws {
        let s = try render(
            svg(
                Self.ramp + #"""
                    <defs><rect id="r" width="50" height="10" transform="translate(50 0)" fill="context-fill"/></defs>
                    <rect width="50" height="10" fill="none"/>
                    <use href="#r" fill="url(#g)"/>
                    """#))
        // The use's box is 50...100 (after the rect's transform): the ramp
        // runs over it in the use's space.
        #expect(red(s, 52, 5) < 16)
        #expect(red(s, 97, 5) > 235)
    }

    @Test("a marker's context-fill is the shape's gradient at the marker's place")
    func gradientOnMarker() throws {
        let s = try render(
            svg(
                Self.ramp + #"""
                    <marker id="m" markerUnits="userSpaceOnUse" markerWidth="10" markerHeight="10" refX="5" refY="5">
                      <rect width="10" height="10" fill="context-fill"/></marker>
                    <path d="M 5 50 L 95 50 L 95 60" fill="url(#g)" marker-start="url(#m)" marker-end="url(#m)"/>
                    """#))
        // Start marker at x = 5 (the box's left: black), the end one at
        // (95, 60) (its right: red).
        #expect(red(s, 5, 46) < 24)
        #expect(red(s, 95, 63) > 230)
    }

    @Test("a use's pattern is laid out in the use's user space")
    func patternInUse() throws {
        let s = try render(
            svg(
                #"""
                <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="20"><rect width="10" height="20" fill="#f00"/></pattern>
                <defs><rect id="r" width="40" height="20" transform="translate(5 0)" fill="context-fill"/></defs>
                <use href="#r" fill="url(#p)"/>
                """#))
        // Tiles at 0, 20, 40 of the use's space: red 5...10, clear 10...20, red 20...30.
        #expect(red(s, 7, 10) == 255)
        #expect(red(s, 15, 10) == 0)
        #expect(red(s, 25, 10) == 255)
    }
}
