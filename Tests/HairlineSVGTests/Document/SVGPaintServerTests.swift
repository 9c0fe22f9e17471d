// Paint servers: <linearGradient>, <radialGradient> and <pattern>
// references read into the expected engine paints: stops, units, composed
// transforms, href inheritance, spread methods, fallbacks and warnings.

import Testing
import Hairline
@testable import HairlineSVG

/// The fill paints of `body` in a 100 x 100 document.
private func fillPaints(_ body: String) throws -> [SVGShapePaint] {
    try commands(svg(body)).map(\.paint)
}

private let red = Color(red: 1, green: 0, blue: 0)
private let blue = Color(red: 0, green: 0, blue: 1)
private let redBlue = #"<stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/>"#
private let redToBlue = Gradient(stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)])

@Suite("paint servers")
struct SVGPaintServerTests {
    @Test("a bounding-box linear gradient is built in unit space with the box in its transform")
    func linearBoundingBox() throws {
        let paints = try fillPaints(
            #"<defs><linearGradient id="g">\#(redBlue)</linearGradient></defs><rect x="10" y="20" width="40" height="10" fill="url(#g)"/>"#
        )
        let box = AffineTransform(a: 40, b: 0, c: 0, d: 10, tx: 10, ty: 20)
        #expect(
            paints == [
                .paint(
                    .linearGradient(
                        LinearGradient(
                            redToBlue, start: Point(x: 0, y: 0), end: Point(x: 1, y: 0),
                            transform: box)))
            ])
    }

    @Test("gradientTransform applies before the bounding-box mapping; percentages are fractions")
    func gradientTransformComposition() throws {
        let paints = try fillPaints(
            #"<linearGradient id="g" x1="50%" y2="1" x2="0.5" gradientTransform="rotate(90)">\#(redBlue)</linearGradient><rect x="10" y="20" width="40" height="10" fill="url(#g)"/>"#
        )
        guard case .paint(.linearGradient(let g)) = paints.first else { Issue.record("not linear"); return }
        #expect(g.start == Point(x: 0.5, y: 0) && g.end == Point(x: 0.5, y: 1))
        let expected = AffineTransform(rotationAngle: .pi / 2).concatenating(
            AffineTransform(a: 40, b: 0, c: 0, d: 10, tx: 10, ty: 20))
        #expect(isClose(g.transform, expected))
    }

    @Test("userSpaceOnUse coordinates are user lengths, percentages of the viewport")
    func linearUserSpace() throws {
        let paints = try fillPaints(
            #"<linearGradient id="g" gradientUnits="userSpaceOnUse" x1="10%" y1="5" x2="90" y2="50%">\#(redBlue)</linearGradient><rect width="10" height="10" fill="url(#g)"/>"#
        )
        #expect(
            paints == [
                .paint(.linearGradient(LinearGradient(redToBlue, start: Point(x: 10, y: 5), end: Point(x: 90, y: 50))))
            ])
    }

    @Test(
        "spreadMethod maps to the extend mode",
        arguments: [("pad", ExtendMode.pad), ("reflect", .reflect), ("repeat", .repeat)])
    func spreadMethods(_ name: String, _ mode: ExtendMode) throws {
        let paints = try fillPaints(
            #"<linearGradient id="g" spreadMethod="\#(name)">\#(redBlue)</linearGradient><rect width="10" height="10" fill="url(#g)"/>"#
        )
        guard case .paint(.linearGradient(let g)) = paints.first else { Issue.record("not linear"); return }
        #expect(g.gradient.extend == mode)
    }

    @Test("stops: percent offsets, clamped and monotonic, colors and opacities from attributes or style")
    func stops() throws {
        let paints = try fillPaints(
            #"""
            <linearGradient id="g"><stop offset="50%" stop-color="red" stop-opacity="0.5"/>
            <stop offset="0.2" style="stop-color: blue; stop-opacity: 25%"/><stop offset="1.5" stop-color="#0f0"/></linearGradient>
            <rect width="10" height="10" fill="url(#g)"/>
            """#)
        guard case .paint(.linearGradient(let g)) = paints.first else { Issue.record("not linear"); return }
        // Between stops of different alpha, intermediate stops interpolate
        // in straight alpha (SVG): the first of them is 1/8 of the way.
        let ends = [g.gradient.stops.first, g.gradient.stops.last]
        #expect(
            ends == [
                GradientStop(location: 0.5, color: red.withAlphaMultiplied(by: 0.5)),
                GradientStop(location: 1, color: Color(red: 0, green: 1, blue: 0)),
            ])
        #expect(g.gradient.stops[1] == GradientStop(location: 0.5, color: blue.withAlphaMultiplied(by: 0.25)))
        let step = 1.0 / Double(SVGReader.straightAlphaSubdivisions)
        let third = g.gradient.stops[2]
        #expect(abs(third.location - 0.5625) < 1e-12 && abs(third.color.alpha - (0.25 + step * 0.75)) < 1e-12)
        #expect(abs(third.color.blue - (1 - step)) < 1e-12 && abs(third.color.green - step) < 1e-12)
    }

    @Test("href inherits attributes and stops through a chain; own attributes win")
    func hrefInheritance() throws {
        let paints = try fillPaints(
            #"""
            <linearGradient id="a" spreadMethod="reflect" gradientUnits="userSpaceOnUse" x2="40">\#(redBlue)</linearGradient>
            <linearGradient id="b" xlink:href="#a" y2="30"/>
            <linearGradient id="c" href="#b" x2="20"/>
            <rect width="10" height="10" fill="url(#c)"/>
            """#)
        #expect(
            paints == [
                .paint(
                    .linearGradient(
                        LinearGradient(
                            Gradient(stops: redToBlue.stops, extend: .reflect),
                            start: .zero, end: Point(x: 20, y: 30))))
            ])
    }

    @Test("radial defaults: c = 50%, r = 50%, f = c, fr = 0; explicit focus")
    func radial() throws {
        let paints = try fillPaints(
            #"""
            <radialGradient id="a">\#(redBlue)</radialGradient>
            <radialGradient id="b" href="#a" cx="0.4" fx="0.1" fy="20%" fr="0.05" r="0.3"/>
            <rect width="10" height="20" fill="url(#a)"/><rect width="10" height="20" fill="url(#b)"/>
            """#)
        let box = AffineTransform(a: 10, b: 0, c: 0, d: 20, tx: 0, ty: 0)
        #expect(
            paints == [
                .paint(
                    .radialGradient(
                        RadialGradient(
                            redToBlue, startCenter: Point(x: 0.5, y: 0.5), startRadius: 0,
                            endCenter: Point(x: 0.5, y: 0.5), endRadius: 0.5, transform: box))),
                .paint(
                    .radialGradient(
                        RadialGradient(
                            redToBlue, startCenter: Point(x: 0.1, y: 0.2), startRadius: 0.05,
                            endCenter: Point(x: 0.4, y: 0.5), endRadius: 0.3, transform: box))),
            ])
    }

    @Test("no stops uses the fallback (else nothing), one stop is a solid color, fill-opacity scales stop alphas")
    func stopCounts() throws {
        let paints = try fillPaints(
            #"""
            <linearGradient id="none"/><linearGradient id="one"><stop stop-color="blue"/></linearGradient>
            <linearGradient id="two">\#(redBlue)</linearGradient>
            <rect width="1" height="1" fill="url(#none) red"/><rect width="1" height="1" fill="url(#one)"/>
            <g opacity="0.5"><rect width="1" height="1" fill="url(#two)" fill-opacity="0.5"/></g>
            """#)
        #expect(paints.count == 3)
        #expect(paints.first == .paint(.solid(red)))
        #expect(paints[1] == .paint(.solid(blue)))
        guard case .paint(.linearGradient(let g)) = paints.last else { Issue.record("not linear"); return }
        #expect(g.gradient.stops.map(\.color.alpha) == [0.25, 0.25])
    }

    @Test("a bounding box without area uses the fallback color in bounding-box units, else paints nothing")
    func zeroBoundingBox() throws {
        let withFallback = try SVGDocument(
            parsing: svg(
                #"<linearGradient id="g">\#(redBlue)</linearGradient><line x1="0" y1="5" x2="10" y2="5" fill="none" stroke="url(#g) red"/>"#
            ))
        let strokes = withFallback.drawCommands().compactMap { c -> SVGShapePaint? in
            if case .stroke(let s) = c { return s.paint } else { return nil }
        }
        #expect(strokes == [.paint(.solid(red))])
        #expect(withFallback.warnings.isEmpty)
        let without = try SVGDocument(
            parsing: svg(
                #"<linearGradient id="g">\#(redBlue)</linearGradient><line x1="0" y1="5" x2="10" y2="5" fill="none" stroke="url(#g)"/>"#
            ))
        #expect(without.drawCommands().isEmpty)
    }

    @Test("missing, invalid and cyclic references warn and use the fallback, else none")
    func badReferences() throws {
        let text = svg(
            #"""
            <linearGradient id="x" href="#y">\#(redBlue)</linearGradient><linearGradient id="y" href="#x"/>
            <rect id="r" width="1" height="1"/>
            <rect width="1" height="1" fill="url(#missing) blue"/><rect width="1" height="1" fill="url(#missing)"/>
            <rect width="1" height="1" fill="url(#r) blue"/><rect width="1" height="1" fill="url('#x') blue"/>
            """#)
        let document = try SVGDocument(parsing: text)
        // The cycle x -> y -> x ends the chain at y: x's own stops paint.
        let paints = document.fillCommands().map(\.paint)
        #expect(Array(paints.prefix(3)) == [.paint(.solid(.black)), .paint(.solid(blue)), .paint(.solid(blue))])
        guard case .paint(.linearGradient(let g))? = paints.last else { Issue.record("not linear"); return }
        #expect(g.gradient.stops.map(\.color) == [red, blue])
        #expect(
            document.warnings.map(\.kind) == [
                .missingReference("missing"), .missingReference("missing"),
                .invalidReference("r"), .referenceCycle("x"),
            ])
        #expect(document.warnings[0].offset == offset(of: "url(#missing) blue", in: text))
    }

    @Test("malformed gradient attributes are ignored with a warning at the value")
    func malformed() throws {
        let cases = [
            #"<linearGradient id="g"><stop offset="x"/></linearGradient><rect width="1" height="1" fill="url(#g)"/>"#,
            #"<linearGradient id="g" spreadMethod="mirror"/><rect width="1" height="1" fill="url(#g)"/>"#,
            #"<linearGradient id="g" gradientUnits="user"/><rect width="1" height="1" fill="url(#g)"/>"#,
            #"<linearGradient id="g"><stop stop-color="nope"/></linearGradient><rect width="1" height="1" fill="url(#g)"/>"#,
        ]
        let needles = [#""x""#, #""mirror""#, #""user""#, #""nope""#]
        for (body, needle) in zip(cases, needles) {
            let text = svg(body)
            #expect(ignoredValue(text)?.offset == offset(of: needle, in: text) + 1, "\(body)")
        }
    }

    @Test("a pattern resolves its tile in bounding-box or user units, with content in tile space")
    func patternTiles() throws {
        let paints = try fillPaints(
            #"""
            <pattern id="p" width="0.25" height="0.5" patternTransform="translate(1 2)"><rect width="2" height="3"/></pattern>
            <pattern id="q" href="#p" patternUnits="userSpaceOnUse" x="1" width="4" height="4" viewBox="0 0 2 2"/>
            <rect x="10" y="20" width="40" height="10" fill="url(#p)"/><rect width="1" height="1" fill="url(#q)"/>
            """#)
        guard case .pattern(let p) = paints.first, case .pattern(let q) = paints.last else {
            Issue.record("not patterns"); return
        }
        #expect(p.tile == Rect(x: 10, y: 20, width: 10, height: 5))
        #expect(p.transform == AffineTransform(translationX: 1, y: 2))
        #expect(p.content.count == 1)
        #expect(q.tile == Rect(x: 1, y: 0, width: 4, height: 4))
        if case .fill(let f) = q.content.first { #expect(f.transform == AffineTransform(scaleX: 2, y: 2)) }
    }

    @Test("a pattern that draws itself is a cycle: warned, and the inner use is invalid")
    func patternCycle() throws {
        let document = try SVGDocument(
            parsing: svg(
                #"""
                <pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="url(#p) red"/></pattern>
                <rect width="8" height="8" fill="url(#p)"/>
                """#))
        #expect(document.warnings.map(\.kind) == [.referenceCycle("p")])
        guard case .pattern(let p) = document.fillCommands().first?.paint, case .fill(let inner) = p.content.first
        else {
            Issue.record("no pattern"); return
        }
        #expect(inner.paint == .paint(.solid(red)))
    }
}
