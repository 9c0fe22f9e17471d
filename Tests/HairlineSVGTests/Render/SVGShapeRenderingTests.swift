// Pixels: `shape-rendering`. crispEdges and optimizeSpeed draw shapes
// without anti-aliasing (each pixel all or nothing, in where the shape
// covers at least half of it), fills and strokes alike, paints unchanged;
// auto and geometricPrecision keep the exact coverage.

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

/// The alpha byte of a pixel (0 outside).
private func alpha(_ s: Surface, _ x: Int, _ y: Int) -> Int { Int(s.pixel(x: x, y: y)?.alpha ?? 0) }

@Suite("shape-rendering")
struct SVGShapeRenderingTests {
    @Test("crispEdges and optimizeSpeed make edge pixels all or nothing", arguments: ["crispEdges", "optimizeSpeed"])
    func crispFill(_ value: String) throws {
        // Edges at x = 2.75 (a quarter of pixel 2: out) and x = 7.6 (six
        // tenths of pixel 7: in).
        let s = try render(
            svg(
                #"<rect x="2.75" y="0" width="4.85" height="4" fill="blue" shape-rendering="\#(value)"/>"#,
                #"width="10" height="4""#))
        #expect(alpha(s, 2, 2) == 0)
        #expect(alpha(s, 3, 2) == 255)
        #expect(alpha(s, 7, 2) == 255)
        #expect(alpha(s, 8, 2) == 0)
        #expect(s.pixel(x: 5, y: 2).map { [$0.red, $0.green, $0.blue] } == [0, 0, 255])
    }

    @Test("auto and geometricPrecision keep exact coverage", arguments: ["auto", "geometricPrecision"])
    func smoothFill(_ value: String) throws {
        let s = try render(
            svg(
                #"<rect x="2.75" y="0" width="4.85" height="4" fill="blue" shape-rendering="\#(value)"/>"#,
                #"width="10" height="4""#))
        #expect(abs(alpha(s, 2, 2) - 64) <= 1)
        #expect(abs(alpha(s, 7, 2) - 153) <= 1)
    }

    @Test("a crisp stroke is aliased, inherits from the group, and keeps its gradient")
    func crispStrokeAndGradient() throws {
        let s = try render(
            svg(
                #"""
                <linearGradient id="g" gradientUnits="userSpaceOnUse" x2="20"><stop stop-color="black"/><stop offset="1" stop-color="red"/></linearGradient>
                <g shape-rendering="crispEdges"><line x1="0" y1="5.4" x2="20" y2="5.4" stroke="url(#g)"/></g>
                """#, #"width="20" height="10""#))
        // The 1-unit stroke covers y 4.9...5.9: pixel row 5 (nine tenths) in,
        // row 4 (a tenth) out.
        #expect(alpha(s, 10, 5) == 255)
        #expect(alpha(s, 10, 4) == 0)
        #expect(alpha(s, 10, 6) == 0)
        // The ramp: about half red in the middle.
        #expect(abs(Int(s.pixel(x: 10, y: 5)?.red ?? 0) - 134) <= 8)
    }

    @Test("a crisp shape off the canvas's edge, under a clip and in a group with opacity")
    func crispInContext() throws {
        let s = try render(
            svg(
                #"""
                <clipPath id="c"><rect width="6" height="10"/></clipPath>
                <g opacity="0.5" clip-path="url(#c)"><rect x="-3.3" y="2.6" width="12" height="4.8" fill="blue" shape-rendering="crispEdges"/></g>
                <rect x="2" y="8" width="3" height="1" fill="blue"/>
                """#, #"width="10" height="10""#))
        // Rows 3...6 (2.6 and 7.4 round in), columns 0...5 (the clip).
        #expect(alpha(s, 0, 3) == 128)
        #expect(alpha(s, 5, 6) == 128)
        #expect(alpha(s, 6, 4) == 0)
        #expect(alpha(s, 3, 2) == 0)
        #expect(alpha(s, 3, 7) == 0)
        // The rect after the group is drawn as usual.
        #expect(alpha(s, 3, 8) == 255)
    }
}

/// `text-rendering`: optimizeSpeed draws text without anti-aliasing (as
/// resvg), its other values as any shape; text ignores `shape-rendering`.
@Suite("text-rendering")
struct SVGTextRenderingTests {
    /// The alpha values of a line of text drawn with `attributes`.
    func alphas(_ attributes: String) throws -> [Int] {
        let s = try render(
            svg(
                #"<text x="3" y="20" font-size="17" \#(attributes)>Hairline</text>"#,
                #"width="90" height="28""#))
        return (0..<s.height).flatMap { y in (0..<s.width).map { x in alpha(s, x, y) } }
    }

    @Test("optimizeSpeed makes every text pixel all or nothing; it inherits")
    func crispText() throws {
        for attributes in [#"text-rendering="optimizeSpeed""#, #"style="text-rendering: optimizespeed""#] {
            let values = try alphas(attributes)
            #expect(values.allSatisfy { $0 == 0 || $0 == 255 })
            #expect(values.filter { $0 == 255 }.count > 100)
        }
        let s = try render(
            svg(
                #"<g text-rendering="optimizeSpeed"><text x="3" y="20" font-size="17">Hairline</text></g>"#,
                #"width="90" height="28""#))
        #expect((0..<s.height).allSatisfy { y in (0..<s.width).allSatisfy { [0, 255].contains(alpha(s, $0, y)) } })
    }

    @Test(
        "auto, optimizeLegibility and geometricPrecision keep the coverage; shape-rendering does not change text",
        arguments: [
            #"text-rendering="auto""#, #"text-rendering="optimizeLegibility""#,
            #"text-rendering="geometricPrecision""#, #"shape-rendering="crispEdges""#,
        ])
    func smoothText(_ attributes: String) throws {
        let values = try alphas(attributes)
        #expect(values.contains { $0 > 0 && $0 < 255 })
        #expect(values == (try alphas("")))
    }
}
