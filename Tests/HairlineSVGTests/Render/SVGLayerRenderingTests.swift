// Tests: group opacity, mix-blend-mode and masks as layers, markers and
// paint-order, checked on pixels against values computed by hand.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("layers, masks, markers")
struct SVGLayerRenderingTests {
    /// `body` drawn on a 10 x 10 surface at scale 1.
    func render(_ body: String) throws -> Surface {
        let document = try SVGDocument(parsing: svg(body, #"width="10" height="10""#))
        let surface = try Surface(width: 10, height: 10)
        document.draw(in: Canvas(surface: surface))
        return surface
    }

    func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [Int] {
        guard let p = s.pixel(x: x, y: y) else { return [] }
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    @Test("group opacity composites the group once: an overlap is not darker")
    func groupOpacity() throws {
        let s = try render(#"<g opacity="0.5"><rect width="10" height="10" fill="blue"/><rect width="5" height="10" fill="blue"/></g>"#)
        #expect(rgba(s, 2, 5) == rgba(s, 7, 5))
        #expect(rgba(s, 7, 5) == [0, 0, 128, 128])
    }

    @Test("mix-blend-mode multiply multiplies with what is below")
    func multiply() throws {
        let s = try render(##"<rect width="10" height="10" fill="#ff8000"/><rect width="10" height="10" fill="#808080" style="mix-blend-mode: multiply"/>"##)
        // 255·128/255 = 128, 128·128/255 ≈ 64, 0.
        let p = rgba(s, 5, 5)
        #expect(p.count == 4 && abs(p[0] - 128) <= 1 && abs(p[1] - 64) <= 1 && p[2] == 0 && p[3] == 255)
    }

    @Test("a luminance mask scales by luminance; an alpha mask by alpha; the mask region clips")
    func masks() throws {
        let luminance = try render(##"<mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="5" height="10"><rect width="10" height="10" fill="white"/></mask><rect width="10" height="10" fill="red" mask="url(#m)"/>"##)
        #expect(rgba(luminance, 2, 5) == [255, 0, 0, 255])
        #expect(rgba(luminance, 7, 5) == [0, 0, 0, 0])
        let alpha = try render(##"<mask id="m" style="mask-type: alpha"><rect width="10" height="10" fill="black" fill-opacity="0.5"/></mask><rect width="10" height="10" fill="red" mask="url(#m)"/>"##)
        #expect(rgba(alpha, 5, 5) == [128, 0, 0, 128])
        let black = try render(##"<mask id="m"><rect width="10" height="10" fill="black"/></mask><rect width="10" height="10" fill="red" mask="url(#m)"/>"##)
        #expect(rgba(black, 5, 5) == [0, 0, 0, 0])
    }

    @Test("markers are placed at each vertex, turned by orient=auto and scaled by the stroke width")
    func markers() throws {
        let text = svg(##"<marker id="m" orient="auto" markerWidth="2" markerHeight="2" refX="1" refY="1" overflow="visible"><rect width="2" height="1"/></marker><path d="M 10 10 L 50 10 L 50 50" fill="none" stroke="black" stroke-width="2" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>"##)
        let fills = try SVGDocument(parsing: text).fillCommands()
        #expect(fills.count == 3)
        let boxes = fills.map { $0.transformedPath.bounds }
        // Scale 2, ref (1, 1) on the vertex: the rect spans -2...2 along
        // the direction and -2...0 across it.
        #expect(boxes[0] == Rect(x: 8, y: 8, width: 4, height: 2))
        // Mid vertex: the bisector of east and south is 45°.
        #expect(abs(boxes[1].midX - (50 + 0.5 * 2.0.squareRoot())) < 1e-9)
        // End: heading south, the rect turns a quarter.
        #expect(isClose(fills[2].transform, AffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 52, ty: 48), tolerance: 1e-9))
    }

    @Test("paint-order stroke draws the stroke under the fill")
    func paintOrder() throws {
        let commands = try SVGDocument(parsing: svg(#"<rect width="4" height="4" fill="red" stroke="blue" style="paint-order: stroke"/>"#)).drawCommands()
        guard commands.count == 2, case .stroke = commands[0], case .fill = commands[1] else {
            Issue.record("expected stroke then fill, got \(commands)")
            return
        }
    }

    @Test("context-fill in a marker is the shape's fill")
    func contextFill() throws {
        let text = svg(##"<marker id="m"><rect width="1" height="1" fill="context-fill"/></marker><path d="M 1 1 L 5 5" fill="blue" marker-start="url(#m)"/>"##)
        let fills = try SVGDocument(parsing: text).fillCommands()
        #expect(fills.last?.color == Color(red: 0, green: 0, blue: 1))
    }
}
