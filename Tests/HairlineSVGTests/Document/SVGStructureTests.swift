// Tests: <use>, <symbol>, nested <svg> viewports, <switch>, conditional
// attributes and transform-origin, as exact transforms, paths and clips.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("structure")
struct SVGStructureTests {
    @Test("use draws its target translated by x and y, with the use's style inherited")
    func use() throws {
        let text = svg(##"<defs><rect id="r" width="4" height="4"/></defs><use href="#r" x="10" y="20" fill="blue"/>"##)
        let fills = try commands(text)
        #expect(fills.count == 1)
        #expect(fills.first?.transform == AffineTransform(translationX: 10, y: 20))
        #expect(fills.first?.color == Color(red: 0, green: 0, blue: 1))
        #expect(try SVGDocument(parsing: text).warnings.isEmpty)
    }

    @Test("href wins over xlink:href; missing and cyclic references warn and draw nothing")
    func references() throws {
        let both = svg(
            ##"<rect id="a" width="1" height="1"/><rect id="b" width="2" height="2"/><use href="#b" xlink:href="#a" x="5"/>"##
        )
        #expect(try commands(both).last?.path.bounds == Rect(x: 0, y: 0, width: 2, height: 2))
        let missing = try SVGDocument(parsing: svg(##"<use href="#nope"/>"##))
        #expect(missing.warnings.map(\.kind) == [.missingReference("nope")])
        let cycle = try SVGDocument(parsing: svg(##"<g id="g"><rect width="1" height="1"/><use href="#g"/></g>"##))
        #expect(cycle.fillCommands().count == 1)
        #expect(cycle.warnings.map(\.kind) == [.referenceCycle("g")])
        let mutual = try SVGDocument(parsing: svg(##"<use id="u1" href="#u2"/><use id="u2" href="#u1"/>"##))
        #expect(mutual.fillCommands().isEmpty)
        #expect(mutual.warnings.map(\.kind) == [.referenceCycle("u2"), .referenceCycle("u1")])
    }

    @Test("exponential use expansion stops at the instance limit")
    func expansionLimit() throws {
        var body = #"<rect id="l0" width="1" height="1"/>"#
        for level in 1...8 {
            body += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        let document = try SVGDocument(parsing: svg("<defs>" + body + "</defs>" + ##"<use href="#l8"/>"##))
        #expect(document.fillCommands().count <= SVGReader.maximumUseInstances)
    }

    @Test("a symbol is a viewport of the use's size: viewBox fitted, clipped unless overflow is visible")
    func symbol() throws {
        let text = svg(
            ##"<symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10"/></symbol><use href="#s" width="50" height="50"/>"##
        )
        let commands = try SVGDocument(parsing: text).drawCommands()
        guard commands.count == 3, case .beginClip(let clip) = commands[0], case .fill(let fill) = commands[1] else {
            Issue.record("expected a clipped fill, got \(commands)")
            return
        }
        #expect(clip.clip.path.bounds == Rect(x: 0, y: 0, width: 50, height: 50))
        #expect(fill.transform == AffineTransform(scaleX: 5, y: 5))
        let visible = svg(
            ##"<symbol id="s" overflow="visible"><rect width="10" height="10"/></symbol><use href="#s"/>"##)
        #expect(try SVGDocument(parsing: visible).drawCommands().count == 1)
        // Not drawn unless used.
        let unused = try SVGDocument(parsing: svg(##"<symbol id="s"><rect width="10" height="10"/></symbol>"##))
        #expect(unused.drawCommands().isEmpty)
    }

    @Test("a nested svg is clipped to its viewport")
    func nestedSVGClip() throws {
        let text = svg(
            #"<svg x="10" y="10" width="20" height="20" viewBox="0 0 10 10"><rect width="50" height="50"/></svg>"#)
        let commands = try SVGDocument(parsing: text).drawCommands()
        guard case .beginClip(let clip) = commands.first else {
            Issue.record("expected a clip, got \(commands)")
            return
        }
        #expect(clip.clip.path.bounds == Rect(x: 0, y: 0, width: 20, height: 20))
        #expect(clip.transform == AffineTransform(translationX: 10, y: 10))
    }

    @Test(
        "switch draws its first child whose conditions pass",
        arguments: [
            (#"<rect width="1" height="1" requiredExtensions="http://x"/><rect width="2" height="2"/>"#, 2.0),
            (#"<rect width="1" height="1" systemLanguage="ru, en-GB"/><rect width="2" height="2"/>"#, 1.0),
            (
                #"<rect width="1" height="1" systemLanguage="ru"/><rect width="2" height="2"/><rect width="3" height="3"/>"#,
                2.0
            ),
            (#"<unknown/><rect width="3" height="3"/><rect width="2" height="2"/>"#, 3.0),
        ])
    func switchChild(_ body: String, _ width: Double) throws {
        let fills = try commands(svg("<switch>\(body)</switch>"))
        #expect(fills.map(\.path.bounds.width) == [width])
    }

    @Test(
        "transform-origin moves the transform's fixed point",
        arguments: [
            ("center", Point(x: 50, y: 50)), ("left top", Point(x: 0, y: 0)), ("bottom", Point(x: 50, y: 100)),
            ("right bottom", Point(x: 100, y: 100)), ("25% top", Point(x: 25, y: 0)),
            ("10px 20px", Point(x: 10, y: 20)),
        ])
    func transformOrigin(_ value: String, _ origin: Point) throws {
        let fills = try commands(
            svg(#"<rect width="1" height="1" transform="scale(2)" transform-origin="\#(value)"/>"#))
        let expected = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: -origin.x, ty: -origin.y)
        #expect(
            fills.first.map { isClose($0.transform, expected) } == true, "\(String(describing: fills.first?.transform))"
        )
    }

    @Test("a use inside a marker may name what a use outside instantiates; markers stop the recursion")
    func useInsideMarker() throws {
        let text = svg(
            #"""
            <defs>
              <marker id="m1" markerWidth="6" markerHeight="6" refX="1" refY="3"><use href="#p"/></marker>
              <marker id="m2" markerWidth="6" markerHeight="6" refX="5" refY="3"><use href="#p"/></marker>
              <path id="p" d="M 1 1 5 3 1 5" fill="none" stroke="blue" marker-start="url(#m1)" marker-end="url(#m2)"/>
            </defs>
            <path d="M 10 10 L 90 90" stroke="green" marker-start="url(#m1)" marker-end="url(#m2)"/>
            """#)
        let commands = try SVGDocument(parsing: text).drawCommands()
        let strokes = commands.filter { if case .stroke = $0 { return true } else { return false } }
        // The line, and per end marker its chevron plus the other marker's
        // chevron once (a marker inside itself is the cycle that stops).
        #expect(strokes.count == 5)
    }

    @Test("a transform on a symbol is ignored with a warning (SVG 1.1; Chrome and resvg)")
    func symbolTransformIgnored() throws {
        let text = svg(
            ##"<symbol id="s" transform="translate(50 0)"><rect width="10" height="10"/></symbol><use href="#s"/>"##)
        let document = try SVGDocument(parsing: text)
        #expect(document.fillCommands().first?.transformedPath.bounds == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(document.warnings.map(\.attribute) == ["transform"])
    }

    @Test(
        "markers on a circle or an ellipse go at its four extreme points (the closing one twice, as its path is closed)"
    )
    func markersOnEllipse() throws {
        let text = svg(
            ##"""
            <marker id="m" markerUnits="userSpaceOnUse" markerWidth="2" markerHeight="2" refX="1" refY="1">
              <rect width="2" height="2"/></marker>
            <ellipse cx="50" cy="50" rx="40" ry="20" fill="none" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>
            """##)
        let centres = try commands(text).map { f -> Point in
            let b = f.transformedPath.bounds
            return Point(x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2)
        }
        let expected = [
            Point(x: 90, y: 50), Point(x: 50, y: 70), Point(x: 10, y: 50), Point(x: 50, y: 30), Point(x: 90, y: 50),
            Point(x: 90, y: 50),
        ]
        #expect(centres.count == expected.count)
        for (c, e) in zip(centres, expected) { #expect(abs(c.x - e.x) < 1e-9 && abs(c.y - e.y) < 1e-9, "\(c)") }
    }
}

@Suite("root properties")
struct SVGRootTests {
    @Test("background-color on the root fills the whole viewport behind the content")
    func backgroundColor() throws {
        let text = svg(
            #"<rect width="1" height="1"/>"#,
            #"width="20" height="10" viewBox="0 0 10 5" style="background-color: #0000ff80""#)
        let fills = try SVGDocument(parsing: text).fillCommands()
        #expect(fills.count == 2)
        #expect(fills.first?.transformedPath.bounds == Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(fills.first?.color.map { abs($0.alpha - 128.0 / 255) < 1e-9 && $0.blue == 1 } == true)
    }

    @Test("a root whose conditions fail draws nothing, silently")
    func rootConditions() throws {
        let document = try SVGDocument(
            parsing: svg(#"<rect width="1" height="1"/>"#, #"width="10" height="10" systemLanguage="ru-RU""#))
        #expect(document.drawCommands().isEmpty)
        #expect(document.warnings.isEmpty)
    }
}

@Suite("gradient stops at offset 0")
struct SVGZeroOffsetStopTests {
    @Test("several stops at 0: the pad takes the first, the ramp starts from the last")
    func zeroOffsets() throws {
        let text = svg(
            #"<linearGradient id="g"><stop offset="0" stop-color="black"/><stop offset="0" stop-color="red"/><stop offset="0" stop-color="blue"/><stop offset="1" stop-color="white"/></linearGradient><rect width="10" height="10" fill="url(#g)"/>"#
        )
        guard case .paint(.linearGradient(let g))? = try commands(text).first?.paint else {
            Issue.record("not linear")
            return
        }
        #expect(g.gradient.stops.map(\.color) == [.black, Color(red: 0, green: 0, blue: 1), .white])
        #expect(g.gradient.stops.map(\.location) == [0, SVGReader.hardStopOffset, 1])
    }
}
