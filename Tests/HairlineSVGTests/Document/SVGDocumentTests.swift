// Tests for the document model: width/height/viewBox resolution and the
// preserveAspectRatio mapping, each element type's path, lengths with
// units and percentages, nested viewports, and drawing onto a Canvas.

import Dispatch
import Synchronization
import Testing
import Hairline
@testable import HairlineSVG

/// Root attributes and the size, mapping and warnings they must give.
struct SizeCase: Sendable, CustomTestStringConvertible {
    let attributes: String
    let size: Size
    let mapping: AffineTransform
    var warnings: [SVGWarning.Kind] = []
    var testDescription: String { attributes }
}

private let sizeCases: [SizeCase] = [
    SizeCase(attributes: #"width="100" height="50""#, size: Size(width: 100, height: 50), mapping: .identity),
    SizeCase(attributes: #"width="100px" height="50pt""#, size: Size(width: 100, height: 50), mapping: .identity),
    SizeCase(attributes: #"viewBox="0 0 40 30""#, size: Size(width: 40, height: 30), mapping: .identity),
    SizeCase(
        attributes: #"width="80" viewBox="0 0 40 30""#, size: Size(width: 80, height: 60),
        mapping: AffineTransform(scaleX: 2, y: 2)),
    SizeCase(
        attributes: #"height="15" viewBox="0,0,40,30""#, size: Size(width: 20, height: 15),
        mapping: AffineTransform(scaleX: 0.5, y: 0.5)),
    SizeCase(
        attributes: #"width="100%" height="100%" viewBox="0 0 24 24""#, size: Size(width: 24, height: 24),
        mapping: .identity, warnings: [.unsupportedValue("100%"), .unsupportedValue("100%")]),
    SizeCase(
        attributes: #"width="10mm" viewBox="0 0 10 20""#, size: Size(width: 10, height: 20),
        mapping: .identity, warnings: [.unsupportedValue("10mm")]),
    SizeCase(attributes: "", size: Size(width: 300, height: 150), mapping: .identity, warnings: [.defaultSize]),
    SizeCase(
        attributes: #"width="10""#, size: Size(width: 10, height: 150), mapping: .identity, warnings: [.defaultSize]),
    // preserveAspectRatio: a 200 x 100 viewBox in a 100 x 100 viewport.
    SizeCase(
        attributes: #"width="100" height="100" viewBox="0 0 200 100""#, size: Size(width: 100, height: 100),
        mapping: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 25)),
    SizeCase(
        attributes: #"width="100" height="100" viewBox="0 0 200 100" preserveAspectRatio="xMinYMax meet""#,
        size: Size(width: 100, height: 100), mapping: AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 50)),
    SizeCase(
        attributes: #"width="100" height="100" viewBox="0 0 200 100" preserveAspectRatio="xMinYMin""#,
        size: Size(width: 100, height: 100), mapping: AffineTransform(scaleX: 0.5, y: 0.5)),
    SizeCase(
        attributes: #"width="100" height="100" viewBox="0 0 200 100" preserveAspectRatio="xMidYMid slice""#,
        size: Size(width: 100, height: 100), mapping: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -50, ty: 0)),
    SizeCase(
        attributes: #"width="100" height="100" viewBox="0 0 200 100" preserveAspectRatio="xMaxYMid slice""#,
        size: Size(width: 100, height: 100), mapping: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: -100, ty: 0)),
    SizeCase(
        attributes: #"width="100" height="100" viewBox="0 0 200 100" preserveAspectRatio="defer none""#,
        size: Size(width: 100, height: 100), mapping: AffineTransform(scaleX: 0.5, y: 1)),
    SizeCase(
        attributes: #"width="100" height="100" viewBox="10 20 100 100""#, size: Size(width: 100, height: 100),
        mapping: AffineTransform(translationX: -10, y: -20)),
]

@Suite("SVG document")
struct SVGDocumentTests {
    @Test("width, height and viewBox resolve to a size and mapping", arguments: sizeCases)
    func sizes(_ row: SizeCase) throws {
        let document = try SVGDocument(parsing: "<svg \(row.attributes)/>")
        #expect(document.width == row.size.width && document.height == row.size.height)
        #expect(isClose(document.viewBoxTransform, row.mapping), "got \(document.viewBoxTransform)")
        #expect(document.warnings.map(\.kind) == row.warnings)
    }

    @Test("the viewBox mapping is part of every fill's transform")
    func mappingInCommands() throws {
        let text = svg(
            #"<rect x="10" y="10" width="20" height="20"/>"#, #"width="100" height="100" viewBox="0 0 200 100""#)
        let command = try #require(try commands(text).first)
        #expect(command.transformedPath.bounds == Rect(x: 5, y: 30, width: 10, height: 10))
    }

    @Test("rect: plain, rounded with SVG 2 auto radii, clamped, zero-sized")
    func rects() throws {
        let plain = try commands(svg(#"<rect x="1" y="2" width="30" height="40"/>"#))
        #expect(plain.map(\.path) == [path { $0.addRect(Rect(x: 1, y: 2, width: 30, height: 40)) }])
        let autoRY = try commands(svg(#"<rect width="30" height="40" rx="5"/>"#))
        let autoRX = try commands(svg(#"<rect width="30" height="40" ry="5"/>"#))
        let rounded = path {
            $0.addRoundedRect(in: Rect(x: 0, y: 0, width: 30, height: 40), cornerRadii: CornerRadii(5))
        }
        #expect(autoRY.map(\.path) == [rounded] && autoRX.map(\.path) == [rounded])
        let clamped = try commands(svg(#"<rect width="20" height="10" rx="100" ry="3"/>"#))
        let expected = path {
            let r = Size(width: 10, height: 3)
            $0.addRoundedRect(
                in: Rect(x: 0, y: 0, width: 20, height: 10),
                cornerRadii: CornerRadii(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r))
        }
        #expect(clamped.map(\.path) == [expected])
        #expect(try commands(svg(#"<rect width="0" height="10"/><rect width="10"/>"#)).isEmpty)
    }

    @Test("circle, ellipse (with SVG 2 auto radius) and line")
    func roundShapes() throws {
        let circle = try commands(svg(#"<circle cx="50" cy="40" r="10"/>"#))
        #expect(circle.map(\.path) == [path { $0.addEllipse(in: Rect(x: 40, y: 30, width: 20, height: 20)) }])
        let ellipse = try commands(svg(#"<ellipse cx="50" cy="40" rx="10" ry="5"/>"#))
        #expect(ellipse.map(\.path) == [path { $0.addEllipse(in: Rect(x: 40, y: 35, width: 20, height: 10)) }])
        let autoEllipse = try commands(svg(#"<ellipse rx="10"/>"#))
        #expect(autoEllipse.map(\.path) == [path { $0.addEllipse(in: Rect(x: -10, y: -10, width: 20, height: 20)) }])
        #expect(try commands(svg(#"<circle r="0"/><ellipse rx="0" ry="4"/>"#)).isEmpty)
        let line = try commands(svg(#"<line x1="1" y1="2" x2="3" y2="4"/>"#))
        #expect(
            line.map(\.path) == [
                path {
                    $0.move(to: Point(x: 1, y: 2)); $0.addLine(to: Point(x: 3, y: 4))
                }
            ])
    }

    @Test("polyline stays open, polygon closes; points take any separators")
    func polys() throws {
        let points = [Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 10, y: -5.5)]
        let open = path { p in
            p.move(to: points[0])
            for q in points.dropFirst() { p.addLine(to: q) }
        }
        var closed = open
        closed.closeSubpath()
        #expect(try commands(svg(#"<polyline points="0,0 10,0 10-5.5"/>"#)).map(\.path) == [open])
        #expect(try commands(svg(#"<polygon points=" 0 0,10 0 , 10 -5.5 "/>"#)).map(\.path) == [closed])
        #expect(try commands(svg(#"<polygon points=""/><polyline/>"#)).isEmpty)
    }

    @Test("path: d is parsed by Path(svgPathData:); empty d draws nothing")
    func paths() throws {
        let d = "M10 10 h20 v20 h-20 z M15 15 a5 5 0 1 0 10 0"
        #expect(try commands(svg("<path d=\"\(d)\"/>")).map(\.path) == [try Path(svgPathData: d)])
        #expect(try commands(svg(#"<path d=""/><path d="  "/><path/>"#)).isEmpty)
    }

    @Test("lengths: units convert as CSS does, percentages use the nearest viewport")
    func lengths() throws {
        let units = try commands(svg(#"<rect x="1in" y="3pt" width="2.54cm" height="10px"/>"#))
        #expect(units.first?.path.bounds == Rect(x: 96, y: 4, width: 96, height: 10))
        let percent = try commands(
            svg(
                #"<rect width="50%" height="25%"/><circle r="10%"/>"#,
                #"width="100" height="100" viewBox="0 0 200 100""#))
        #expect(percent.first?.path.bounds == Rect(x: 0, y: 0, width: 100, height: 25))
        let r = 0.1 * ((200.0 * 200 + 100 * 100) / 2).squareRoot()
        let bounds = try #require(percent.last?.path.bounds)
        #expect(abs(bounds.width - 2 * r) < 1e-9)
        // em is the element's font size (16 by default, else inherited),
        // rem the root's; ex is half an em, with a warning (no font).
        let document = try SVGDocument(
            parsing: svg(
                #"<rect width="2em" height="1"/><g font-size="20"><rect width="2em" height="1rem"/></g><rect width="2ex" height="1"/>"#,
                #"width="100" height="100" font-size="8""#))
        #expect(
            document.fillCommands().map(\.path.bounds.size) == [
                Size(width: 16, height: 1), Size(width: 40, height: 8),
                Size(width: 8, height: 1),
            ])
        #expect(document.warnings.map(\.kind) == [.unsupportedValue("2ex")])
    }

    @Test("a nested svg is placed at x, y with its own viewBox, clipped to its viewport")
    func nestedSVG() throws {
        let text = svg(
            #"<svg x="10" y="20" width="50" height="50" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>"#)
        let document = try SVGDocument(parsing: text)
        #expect(document.fillCommands().first?.transformedPath.bounds == Rect(x: 10, y: 20, width: 50, height: 50))
        #expect(document.warnings.isEmpty)
        guard case .beginClip(let clip) = document.drawCommands().first else {
            Issue.record("expected the viewport clip first")
            return
        }
        #expect(clip.clip.path.applying(clip.transform).bounds == Rect(x: 10, y: 20, width: 50, height: 50))
    }

    @Test("zero sizes and display: none on the root draw nothing")
    func disabled() throws {
        #expect(try commands(svg("<rect width='5' height='5'/>", #"width="0" height="10""#)).isEmpty)
        #expect(
            try commands(svg("<rect width='5' height='5'/>", #"width="10" height="10" viewBox="0 0 0 10""#)).isEmpty)
        #expect(try commands(svg("<rect width='5' height='5'/>", #"width="10" height="10" display="none""#)).isEmpty)
    }

    @Test("draw(in:) fills onto a canvas and leaves its transform as it was")
    func drawing() throws {
        let document = try SVGDocument(
            parsing: svg(#"<g transform="scale(3)"><rect width="5" height="5" stroke="red" marker-end="url(#m)"/></g>"#)
        )
        let canvas = Canvas(surface: try Surface(width: 20, height: 20), scale: 2)
        canvas.translateBy(x: 1, y: 1)
        let before = canvas.transform
        let warnings = document.draw(in: canvas)
        #expect(canvas.transform == before)
        #expect(warnings == document.warnings && warnings.count == 1)
    }

    @Test("a document is Sendable and reads from UTF-8 bytes with a byte order mark")
    func bytes() throws {
        let document = try SVGDocument(
            parsingUTF8: [0xEF, 0xBB, 0xBF] + Array(svg("<rect width='1' height='1'/>").utf8))
        let sendable: any Sendable = document
        #expect(sendable is SVGDocument)
        #expect(document.fillCommands().count == 1)
    }

    @Test("the draw commands are kept with the document and made afresh when its tree changes")
    func keptCommands() throws {
        var document = try SVGDocument(
            parsing: svg(
                #"<marker id="m" markerWidth="4" markerHeight="4"><circle cx="2" cy="2" r="2"/></marker>"#
                    + #"<path d="M1 1 L9 1 L9 9" stroke="red" marker-mid="url(#m)"/><rect width="3" height="3"/>"#))
        func walked(_ d: SVGDocument) -> [SVGDrawCommand] {
            var commands: [SVGDrawCommand] = []
            d.root.appendDrawCommands(to: &commands, parentTransform: .identity, parentOpacity: 1)
            return commands
        }
        let first = document.drawCommands()
        #expect(first == walked(document) && first.count >= 4)
        #expect(document.drawCommands() == first)
        // Rendered from several threads at once, one document makes its
        // commands once and every render gets them.
        let copies = Array(repeating: document, count: 8)
        let results = Mutex<[[SVGDrawCommand]]>([])
        DispatchQueue.concurrentPerform(iterations: copies.count) { i in
            let commands = copies[i].drawCommands()
            results.withLock { $0.append(commands) }
        }
        #expect(results.withLock { $0.count == 8 && $0.allSatisfy { $0 == first } })
        // A change in the tree: the document's commands follow it; a
        // copy made before keeps its own.
        let before = document
        var nodes = document.root.children
        nodes.removeLast()
        document.root.content = .group(nodes)
        #expect(document.drawCommands() == walked(document) && document.drawCommands().count == first.count - 1)
        #expect(before.drawCommands() == first)
        document.root.opacity = 0.5
        #expect(document.drawCommands() == walked(document) && document.drawCommands() != first.dropLast())
    }
}
