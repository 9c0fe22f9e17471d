// <text> per-character positioning: x/y/dx/dy/rotate lists on texts and
// tspans (inner lists win, rotate's last value repeats), text chunks each
// anchored by text-anchor, <textPath> (glyphs at the middle of their
// advance on the path, turned to its tangent, hidden off its ends,
// startOffset in lengths and percentages, the text's x as a further offset), <tref>, and the
// path measure against closed-form lengths. Expected outlines are built
// here from the font's own advances and outlines, not from the reader.

import Hairline
@testable import HairlineSVG
import HairlineText
import Testing

@Suite("text positioning")
struct SVGTextPositioningTests {
    static let font = Result { () throws(FontError) in try Font(.dejaVuSans) }

    /// The outline of one character at `size`, its pen mapped by `placement`
    /// (glyph space: user units, y down, origin on the baseline).
    private func glyph(
        _ character: Unicode.Scalar, size: Double = SVGReader.defaultFontSize, _ placement: AffineTransform
    ) throws -> Path {
        let font = try Self.font.get()
        let unit = size / Double(font.metrics.unitsPerEm)
        let outline = try font.outline(of: font.glyph(for: character))
        return outline.applying(AffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: 0, ty: 0).concatenating(placement))
    }

    /// The advance of one character at `size` (user units).
    private func advance(_ character: Unicode.Scalar, size: Double = SVGReader.defaultFontSize) throws -> Double {
        let font = try Self.font.get()
        return Double(font.advance(of: font.glyph(for: character))) * size / Double(font.metrics.unitsPerEm)
    }

    /// The single fill path of `body` in a 200 x 100 document.
    private func fill(_ body: String) throws -> Path {
        let document = try SVGDocument(parsing: svg(body, #"width="200" height="100""#))
        let fills = document.fillCommands()
        #expect(fills.count == 1)
        return try #require(fills.first?.path)
    }

    /// Whether two paths have the same elements with points within `tolerance`.
    private func isClose(_ a: Path, _ b: Path, tolerance: Double = 1e-9) -> Bool {
        guard a.elements.count == b.elements.count else { return false }
        func points(_ element: PathElement) -> [Point] {
            switch element {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [p, c]
            case .curve(let p, let c1, let c2): return [p, c1, c2]
            case .arc(let arc): return [arc.endPoint]
            case .closeSubpath: return []
            }
        }
        return zip(a.elements, b.elements).allSatisfy { u, v in
            let p = points(u), q = points(v)
            return p.count == q.count
                && zip(p, q).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
        }
    }

    private func translation(_ x: Double, _ y: Double) -> AffineTransform { AffineTransform(translationX: x, y: y) }

    @Test("x and y lists place each character; missing values continue from the pen")
    func perCharacterLists() throws {
        let path = try fill(#"<text x="10 50 90" y="30 40">abcd</text>"#)
        var expected = try glyph("a", translation(10, 30))
        expected.addPath(try glyph("b", translation(50, 40)))
        expected.addPath(try glyph("c", translation(90, 40)))
        expected.addPath(try glyph("d", translation(90 + advance("c"), 40)))
        #expect(isClose(path, expected))
    }

    @Test("dx and dy lists shift each character and accumulate; a tspan's lists win over its text's")
    func relativeListsAndNesting() throws {
        let path = try fill(#"<text x="10" y="30" dx="1 2 3">a<tspan dx="20" dy="5">b</tspan>c</text>"#)
        let xB = try 10 + 1 + advance("a") + 20
        var expected = try glyph("a", translation(11, 30))
        expected.addPath(try glyph("b", translation(xB, 35)))
        expected.addPath(try glyph("c", translation(xB + advance("b") + 3, 35)))
        #expect(isClose(path, expected, tolerance: 1e-6))
    }

    @Test("rotate turns each glyph about its pen position; the last angle repeats")
    func rotate() throws {
        let path = try fill(#"<text x="20" y="50" rotate="90 180">abc</text>"#)
        let turn90 = SVGTransformParser.rotation(degrees: 90), turn180 = SVGTransformParser.rotation(degrees: 180)
        var expected = try glyph("a", turn90.concatenating(translation(20, 50)))
        let xB = 20 + (try advance("a"))
        expected.addPath(try glyph("b", turn180.concatenating(translation(xB, 50))))
        expected.addPath(try glyph("c", turn180.concatenating(translation(xB + advance("b"), 50))))
        #expect(isClose(path, expected, tolerance: 1e-6))
        // 90° turns x towards y: a glyph standing above its baseline lies
        // right of its pen, below the baseline (y down).
        let bounds = try fill(#"<text x="20" y="50" rotate="90">l</text>"#).bounds
        #expect(bounds.minX >= 20 - 1e-9 && bounds.minY >= 50 - 1e-9 && bounds.width > 5)
    }

    @Test("every absolute position starts a chunk that text-anchor moves on its own")
    func chunksAnchorSeparately() throws {
        let path = try fill(#"<text x="50 150" y="30" text-anchor="middle">ab</text>"#)
        var expected = try glyph("a", translation(50 - advance("a") / 2, 30))
        expected.addPath(try glyph("b", translation(150 - advance("b") / 2, 30)))
        #expect(isClose(path, expected))
        let end = try fill(#"<text x="100" y="30" text-anchor="end">a<tspan x="180">bc</tspan></text>"#)
        var expectedEnd = try glyph("a", translation(100 - advance("a"), 30))
        let bc = try advance("b") + advance("c")
        expectedEnd.addPath(try glyph("b", translation(180 - bc, 30)))
        expectedEnd.addPath(try glyph("c", translation(180 - bc + advance("b"), 30)))
        #expect(isClose(end, expectedEnd, tolerance: 1e-6))
    }

    @Test("on a straight textPath glyphs sit as on a line from its start plus startOffset")
    func straightTextPath() throws {
        let body =
            ##"<defs><path id="p" d="M 10 30 L 190 30"/></defs><text><textPath href="#p" startOffset="5">ab</textPath></text>"##
        var expected = try glyph("a", translation(15, 30))
        expected.addPath(try glyph("b", translation(15 + advance("a"), 30)))
        #expect(isClose(try fill(body), expected, tolerance: 1e-6))
        // 50% of a 180-long path: 90 along it.
        let percent =
            ##"<defs><path id="p" d="M 10 30 L 190 30"/></defs><text><textPath xlink:href="#p" startOffset="50%">a</textPath></text>"##
        #expect(isClose(try fill(percent), try glyph("a", translation(100, 30)), tolerance: 1e-6))
        // The text's x moves the start along the path, as in resvg.
        let moved =
            ##"<defs><path id="p" d="M 10 30 L 190 30"/></defs><text x="7"><textPath href="#p" startOffset="5">a</textPath></text>"##
        #expect(isClose(try fill(moved), try glyph("a", translation(22, 30)), tolerance: 1e-6))
    }

    @Test("a vertical textPath turns glyphs to its tangent about their advance's middle")
    func turnedTextPath() throws {
        let body = ##"<defs><path id="p" d="M 100 10 L 100 90"/></defs><text><textPath href="#p">a</textPath></text>"##
        let half = try advance("a") / 2
        let placement = translation(-half, 0).concatenating(AffineTransform(rotationAngle: .pi / 2))
            .concatenating(translation(100, 10 + half))
        #expect(isClose(try fill(body), try glyph("a", placement), tolerance: 1e-6))
    }

    @Test("glyphs whose middle falls off the path are not drawn; side is ignored, as in resvg")
    func offThePath() throws {
        let short = try advance("a") * 1.2
        let body =
            ##"<defs><path id="p" d="M 10 30 h \##(short)"/></defs><text><textPath href="#p">aaaa</textPath></text>"##
        #expect(isClose(try fill(body), try glyph("a", translation(10, 30)), tolerance: 1e-6))
        // side="right" is read as resvg reads it: not at all.
        let right =
            ##"<defs><path id="p" d="M 10 30 L 110 30"/></defs><text><textPath href="#p" side="right">a</textPath></text>"##
        #expect(isClose(try fill(right), try glyph("a", translation(10, 30)), tolerance: 1e-6))
    }

    @Test("a tref draws the referenced element's character data in its own style")
    func textReference() throws {
        let body =
            ##"<defs><text id="src">a<tspan>b</tspan></text></defs><text x="10" y="30"><tref href="#src"/></text>"##
        var expected = try glyph("a", translation(10, 30))
        expected.addPath(try glyph("b", translation(10 + advance("a"), 30)))
        #expect(isClose(try fill(body), expected, tolerance: 1e-6))
    }

    @Test("the path measure: lengths of lines, closed shapes and curves; points and tangents")
    func pathMeasure() throws {
        var square = Path()
        square.addRect(Rect(x: 0, y: 0, width: 10, height: 20))
        let measure = SVGTextPathMeasure(square)
        #expect(abs(measure.length - 60) < 1e-12)
        let point = try #require(measure.position(at: 15))
        #expect(abs(point.point.x - 10) < 1e-12 && abs(point.point.y - 5) < 1e-12)
        #expect(abs(point.angle - .pi / 2) < 1e-12)
        #expect(measure.position(at: 60.5) == nil && measure.position(at: -0.5) == nil)
        // A circle of radius 50: 2πr within the chord polygon's error.
        var circle = Path()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 100, height: 100))
        let round = SVGTextPathMeasure(circle)
        #expect(abs(round.length - 100 * .pi) < 0.05)
        #expect(SVGTextPathMeasure(Path()).position(at: 0) == nil)
    }

    @Test("textLength with spacing spreads the difference between the characters")
    func textLengthSpacing() throws {
        let natural = try advance("a") + advance("b") + advance("c")
        let path = try fill(#"<text x="10" y="30" textLength="100">abc</text>"#)
        let gap = (100 - natural) / 2
        var expected = try glyph("a", translation(10, 30))
        expected.addPath(try glyph("b", translation(10 + advance("a") + gap, 30)))
        expected.addPath(try glyph("c", translation(10 + advance("a") + advance("b") + 2 * gap, 30)))
        #expect(isClose(path, expected, tolerance: 1e-6))
        // The last glyph ends exactly textLength after the start.
        #expect(abs(10 + natural + 2 * gap - 110) < 1e-9)
    }

    @Test("spacingAndGlyphs stretches glyphs and their positions by textLength over the advance")
    func textLengthStretch() throws {
        let natural = try advance("a") + advance("b")
        let factor = 60 / natural
        let path = try fill(#"<text x="10" y="30" textLength="60" lengthAdjust="spacingAndGlyphs">ab</text>"#)
        let stretch = AffineTransform(scaleX: factor, y: 1)
        var expected = try glyph("a", stretch.concatenating(translation(10, 30)))
        expected.addPath(try glyph("b", stretch.concatenating(translation(10 + advance("a") * factor, 30))))
        #expect(isClose(path, expected, tolerance: 1e-6))
    }

    @Test("vertical writing: Latin turns with the line and is centred on it; CJK stands upright")
    func verticalWriting() throws {
        let font = try Self.font.get()
        let unit = SVGReader.defaultFontSize / Double(font.metrics.unitsPerEm)
        let half = Double(font.metrics.ascent - font.metrics.descent) * unit / 2
        let quarter = SVGTransformParser.rotation(degrees: 90)
        let path = try fill(#"<text x="100" y="10" writing-mode="tb">ab</text>"#)
        var expected = try glyph("a", translation(0, half).concatenating(quarter).concatenating(translation(100, 10)))
        let b = try translation(0, half).concatenating(quarter).concatenating(translation(100, 10 + advance("a")))
        expected.addPath(try glyph("b", b))
        #expect(isClose(path, expected, tolerance: 1e-6))
        // dx moves across the line (right), dy along it (down).
        let shifted = try fill(#"<text x="100" y="10" dx="5" dy="7" writing-mode="vertical-rl">a</text>"#)
        let a = translation(0, half).concatenating(quarter).concatenating(translation(105, 17))
        #expect(isClose(shifted, try glyph("a", a), tolerance: 1e-6))
        #expect(SVGVerticalOrientation.isUpright("日") && SVGVerticalOrientation.isUpright("あ"))
        #expect(!SVGVerticalOrientation.isUpright("a") && !SVGVerticalOrientation.isUpright("\u{3001}"))
        #expect(!SVGVerticalOrientation.isUpright("\u{30FC}") && SVGVerticalOrientation.isUpright("\u{20000}"))
    }

    @Test("chunks are shaped apart: no kerning across an absolute position")
    func noKerningAcrossChunks() throws {
        let font = try Self.font.get()
        let t = font.glyph(for: "T"), e = font.glyph(for: "e")
        #expect(font.kerning(between: t, and: e) != 0, "DejaVu Sans kerns T and e")
        let path = try fill(#"<text x="10" y="30 50">Te</text>"#)
        var expected = try glyph("T", translation(10, 30))
        expected.addPath(try glyph("e", translation(10 + advance("T"), 50)))
        #expect(isClose(path, expected, tolerance: 1e-6))
    }
}
