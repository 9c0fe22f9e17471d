// Pixels: paint server edge cases of issue 33 rendered into a Surface and
// sampled at known pixels: gradient attributes across kinds, transforms
// without an inverse, equal focal and end radii, a gradient without stops
// and its fallback, pattern tiles of whole device pixels (period and
// nearest sampling at a fractional offset), and pattern reference cycles.

import Testing
import Hairline
@testable import HairlineSVG

/// Renders `text` at `scale` into a fresh (transparent) surface.
private func render(_ text: String, scale: Double = 1) throws -> Surface {
    let document = try SVGDocument(parsing: text)
    let surface = try Surface(
        width: Int((document.width * scale).rounded(.up)),
        height: Int((document.height * scale).rounded(.up)))
    document.draw(in: Canvas(surface: surface, scale: scale))
    return surface
}

/// The premultiplied RGBA bytes of a pixel (all zero outside).
private func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [Int] {
    guard let p = s.pixel(x: x, y: y) else { return [0, 0, 0, 0] }
    return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
}

/// Whether two byte quadruples agree within `tolerance` per channel.
private func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 2) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite("paint server edge cases")
struct SVGPaintServerEdgeTests {
    @Test("a linear gradient takes only the common attributes from a radial one it references")
    func linearFromRadial() throws {
        // y2 on the radial gradient must not turn the ramp diagonal; its
        // spreadMethod still applies.
        let s = try render(
            svg(
                #"""
                <radialGradient id="r" y2="1" spreadMethod="reflect"/>
                <linearGradient id="l" href="#r" x2="0.5"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
                <rect width="100" height="100" fill="url(#l)"/>
                """#))
        // Horizontal: every row alike.
        #expect(near(rgba(s, 25, 5), rgba(s, 25, 95)))
        // Reflected: black at x = 50, back to white at 100.
        #expect(near(rgba(s, 49, 50), [5, 5, 5, 255], 8))
        #expect(near(rgba(s, 99, 50), [250, 250, 250, 255], 8))
    }

    @Test("a radial gradient ignores x1...y2 of a linear one it references")
    func radialFromLinear() throws {
        let s = try render(
            svg(
                #"""
                <linearGradient id="l" x1="1" cx="1"/>
                <radialGradient id="r" href="#l"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient>
                <rect width="100" height="100" fill="url(#r)"/>
                """#))
        // Centred at (50, 50) (cx from a linear gradient ignored): symmetric.
        #expect(near(rgba(s, 20, 50), rgba(s, 79, 50)))
        #expect(near(rgba(s, 50, 50), [250, 250, 250, 255], 8))
    }

    @Test("a gradientTransform or patternTransform without an inverse is ignored")
    func singularServerTransforms() throws {
        let g = try render(
            svg(
                #"""
                <linearGradient id="g" gradientTransform="matrix(0 0 0 0 0 0)"><stop stop-color="white"/><stop offset="1" stop-color="black"/></linearGradient>
                <rect width="100" height="100" fill="url(#g)"/>
                """#))
        #expect(near(rgba(g, 0, 50), [254, 254, 254, 255], 4))
        #expect(near(rgba(g, 99, 50), [1, 1, 1, 255], 4))
        let p = try render(
            svg(
                #"""
                <pattern id="p" patternUnits="userSpaceOnUse" width="20" height="20" patternTransform="scale(0)">
                  <rect width="10" height="10" fill="#00f"/></pattern>
                <rect width="100" height="100" fill="url(#p)"/>
                """#))
        #expect(rgba(p, 5, 5) == [0, 0, 255, 255])
        #expect(rgba(p, 15, 5) == [0, 0, 0, 0])
    }

    @Test("fr equal to r paints the first stop inside the circle and the last outside")
    func focalRadiusEqualToRadius() throws {
        let s = try render(
            svg(
                #"""
                <radialGradient id="g" fr="0.5"><stop stop-color="black"/><stop offset="1" stop-color="white"/></radialGradient>
                <rect width="100" height="100" fill="url(#g)"/>
                """#))
        #expect(rgba(s, 50, 50) == [0, 0, 0, 255])
        #expect(rgba(s, 30, 50) == [0, 0, 0, 255])
        #expect(rgba(s, 2, 2) == [255, 255, 255, 255])
    }

    @Test("a gradient without stops uses the fallback color, else nothing")
    func gradientWithoutStops() throws {
        let s = try render(
            svg(
                #"""
                <linearGradient id="g"/>
                <rect width="50" height="100" fill="url(#g) #0f0"/><rect x="50" width="50" height="100" fill="url(#g)"/>
                """#))
        #expect(rgba(s, 25, 50) == [0, 255, 0, 255])
        #expect(rgba(s, 75, 50) == [0, 0, 0, 0])
    }

    @Test("a pattern tile is whole device pixels: 25 units at scale 1.5 repeat every 38 pixels")
    func wholePixelTilePeriod() throws {
        // A 1-unit blue bar at the top of each 25-unit tile.
        let s = try render(
            svg(
                #"""
                <pattern id="p" patternUnits="userSpaceOnUse" width="25" height="25">
                  <rect width="25" height="1" fill="#00f"/></pattern>
                <rect width="100" height="100" fill="url(#p)"/>
                """#), scale: 1.5)
        #expect(rgba(s, 10, 38) == [0, 0, 255, 255])
        #expect(rgba(s, 10, 76) == [0, 0, 255, 255])
        #expect(rgba(s, 10, 114) == [0, 0, 255, 255])
        #expect(rgba(s, 10, 75) == [0, 0, 0, 0])
        #expect(rgba(s, 10, 113) == [0, 0, 0, 0])
    }

    @Test("a tile at unit scale and a fractional offset is sampled nearest: hard edges")
    func nearestAtFractionalOffset() throws {
        let s = try render(
            svg(
                #"""
                <pattern id="p" patternUnits="userSpaceOnUse" x="0.25" width="4" height="4">
                  <rect width="2" height="4" fill="#f00"/></pattern>
                <rect width="16" height="4" fill="url(#p)"/>
                """#, #"width="16" height="4""#))
        for x in 0..<16 {
            let red = x % 4 < 2
            #expect(rgba(s, x, 2) == (red ? [255, 0, 0, 255] : [0, 0, 0, 0]), "column \(x)")
        }
    }

    @Test("a tile under half a pixel becomes one pixel of its average color")
    func subPixelTile() throws {
        // A 0.2-unit tile, half blue: about half-transparent blue everywhere.
        let s = try render(
            svg(
                #"""
                <pattern id="p" patternUnits="userSpaceOnUse" width="0.2" height="0.2"><rect width="0.1" height="0.2" fill="blue"/></pattern>
                <rect width="10" height="10" fill="url(#p)"/>
                """#, #"width="10" height="10""#))
        let p = rgba(s, 5, 5)
        #expect(p[2] > 100 && p[2] < 156 && p[3] > 100 && p[3] < 156, "\(p)")
    }
}
