// <text>: the glyph outlines the reader builds, checked against outlines
// placed here from the font's own advances and kerning (not from
// TextLayout or the reader), and rendered pixel for pixel against a plain
// fill of them; anchors, weights, families among loader fonts, inheritance,
// whitespace, entities, tspans, paint servers on the text's box, warnings,
// and malformed or hostile input.

import Hairline
@testable import HairlineSVG
import HairlineTestSupport
import HairlineText
import Testing

/// Outlines of `text` in `font` at `size`, the pen from `x` on baseline `y`,
/// shifted left by `anchor` (0, 0.5, 1) times the advance; built from
/// `advance(of:)` and `kerning(between:and:)` glyph by glyph.
private func glyphPath(
    _ text: String, font: Font, size: Double, x: Double, y: Double,
    anchor: Double = 0
) -> (path: Path, advance: Double) {
    let unit = size / Double(font.metrics.unitsPerEm)
    let glyphs = text.unicodeScalars.map { font.glyph(for: $0) }
    var positions: [Double] = []
    var pen = 0.0
    for (i, glyph) in glyphs.enumerated() {
        positions.append(pen)
        let kerning = i + 1 < glyphs.count ? font.kerning(between: glyph, and: glyphs[i + 1]) : 0
        pen += Double(font.advance(of: glyph) + kerning) * unit
    }
    let shift = -anchor * pen
    var path = Path()
    for (i, glyph) in glyphs.enumerated() {
        guard let outline = try? font.outline(of: glyph), !outline.isEmpty else { continue }
        path.addPath(
            outline.applying(AffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: x + positions[i] + shift, ty: y)))
    }
    return (path, pen)
}

/// The points of a path's elements, in order (arcs do not occur in glyphs).
private func points(_ path: Path) -> [Point?] {
    path.elements.flatMap { element -> [Point?] in
        switch element {
        case .move(let p), .line(let p): return [p]
        case .quadCurve(let p, let c): return [p, c]
        case .curve(let p, let c1, let c2): return [p, c1, c2]
        case .arc: return [nil]
        case .closeSubpath: return [nil, nil]
        }
    }
}

/// Whether two paths have the same elements with points within 1e-9
/// (for runs whose pen positions are summed in another order).
private func isClose(_ a: Path, _ b: Path) -> Bool {
    let p = points(a), q = points(b)
    guard p.count == q.count else { return false }
    return zip(p, q).allSatisfy { u, v in
        guard let u, let v else { return u == nil && v == nil }
        return abs(u.x - v.x) <= 1e-9 && abs(u.y - v.y) <= 1e-9
    }
}

/// The bytes of a surface.
private func bytes(_ surface: Surface) -> [UInt8] {
    surface.withUnsafeBytes { Array($0) }
}

/// The fill commands and warnings of `body` in a 200 x 60 document.
private func read(
    _ body: String, loader: SVGResourceLoader = .none
) throws -> (fills: [SVGFillCommand], warnings: [SVGWarning]) {
    let document = try SVGDocument(parsing: svg(body, #"width="200" height="60""#), loader: loader)
    return (document.fillCommands(), document.warnings)
}

/// The synthetic font "Tiny" (the font fuzz driver's seed): squares and
/// diamonds for A, B, C.
private func tinyFont() throws -> Font {
    try Font(data: try #require(RepositoryFiles.bytes(at: "Fuzz/seeds/font/small.ttf")))
}

@Suite("text")
struct SVGTextTests {
    static let regular = Result { () throws(FontError) in try Font(.dejaVuSans) }
    static let bold = Result { () throws(FontError) in try Font(.dejaVuSansBold) }

    // MARK: Geometry

    @Test("a text draws exactly its glyph outlines, pixel for pixel", arguments: [1.0, 2.0, 3.0])
    func rendersItsGlyphOutlines(scale: Double) throws {
        let font = try Self.regular.get()
        // "AV" and "Wa" kern; U+E000 is not in the font (.notdef's box).
        let content = "Hairline AV Wa \u{E000}!"
        let text = svg(#"<text x="5.25" y="40.5" font-size="21">\#(content)</text>"#, #"width="200" height="60""#)
        let document = try SVGDocument(parsing: text)
        let expected = glyphPath(content, font: font, size: 21, x: 5.25, y: 40.5).path
        let fills = document.fillCommands()
        #expect(fills.count == 1)
        #expect(fills.first?.path == expected)
        #expect(fills.first?.rule == .nonZero && fills.first?.color == .black)
        #expect(document.warnings.isEmpty)

        let size = (width: Int(200 * scale), height: Int(60 * scale))
        let drawn = try Surface(width: size.width, height: size.height)
        document.draw(in: Canvas(surface: drawn, scale: scale))
        let filled = try Surface(width: size.width, height: size.height)
        Canvas(surface: filled, scale: scale).fill(expected, with: .black)
        #expect(bytes(drawn) == bytes(filled))
        #expect(bytes(drawn).contains { $0 != 0 }, "something is drawn")
    }

    @Test(
        "text-anchor middle and end shift the line by half and all of its advance",
        arguments: [("middle", 0.5), ("end", 1.0)])
    func anchors(_ anchor: String, _ fraction: Double) throws {
        let font = try Self.regular.get()
        let start = try read(#"<text x="100" y="30" font-size="20">To AVA</text>"#).fills
        let shifted = try read(#"<text x="100" y="30" font-size="20" text-anchor="\#(anchor)">To AVA</text>"#).fills
        let expected = glyphPath("To AVA", font: font, size: 20, x: 100, y: 30, anchor: fraction)
        #expect(shifted.first?.path == expected.path)
        let a = try #require(start.first?.path.bounds), b = try #require(shifted.first?.path.bounds)
        #expect(abs(a.minX - fraction * expected.advance - b.minX) < 1e-9)
        #expect(abs(a.width - b.width) < 1e-9 && a.minY == b.minY && a.height == b.height)
    }

    @Test("trailing preserved spaces count in the anchored advance")
    func anchoredPreservedSpaces() throws {
        let font = try Self.regular.get()
        let fills = try read(#"<text xml:space="preserve" x="150" y="30" text-anchor="end"> a&#9;b  </text>"#).fills
        #expect(
            fills.first?.path
                == glyphPath(" a b  ", font: font, size: SVGReader.defaultFontSize, x: 150, y: 30, anchor: 1).path)
    }

    @Test("x, y, dx and dy place the line; em is the text's font size")
    func placement() throws {
        let font = try Self.regular.get()
        let fills = try read(#"<text x="1em" y="2em" dx="3" dy="-4" font-size="20">Hi</text>"#).fills
        #expect(fills.first?.path == glyphPath("Hi", font: font, size: 20, x: 23, y: 36).path)
        let percent = try read(#"<text x="10%" y="50%">Hi</text>"#).fills
        #expect(percent.first?.path == glyphPath("Hi", font: font, size: SVGReader.defaultFontSize, x: 20, y: 30).path)
    }

    // MARK: Fonts

    @Test(
        "font-weight 600 and above selects DejaVu Sans Bold",
        arguments: [
            (#"font-weight="bold""#, true), (#"font-weight="600""#, true), (#"font-weight="1000""#, true),
            (#"style="font-weight: 700""#, true), (#"font-weight="bolder""#, true), (#"font-weight="599""#, false),
            (#"font-weight="normal""#, false), (#"font-weight="1""#, false),
        ])
    func weights(_ attribute: String, _ isBold: Bool) throws {
        let font = isBold ? try Self.bold.get() : try Self.regular.get()
        let (fills, warnings) = try read(#"<text x="4" y="30" font-size="18" \#(attribute)>Bold AV</text>"#)
        let expected = glyphPath("Bold AV", font: font, size: 18, x: 4, y: 30)
        #expect(fills.first?.path == expected.path)
        #expect(warnings.isEmpty)
        // The faces differ: bold is wider.
        let other = glyphPath(
            "Bold AV", font: isBold ? try Self.regular.get() : try Self.bold.get(), size: 18, x: 4, y: 30)
        #expect(isBold ? expected.advance > other.advance : expected.advance < other.advance)
    }

    @Test(
        "the font shorthand sets size, family, weight and style, and resets what it leaves out",
        arguments: [
            (#"style="font: bold 18px DejaVu Sans""#, true, 18.0),
            (#"style="font: normal 700 18px/1.5 'DejaVu Sans', serif""#, true, 18.0),
            (#"style="font: normal small-caps 600 24px sans-serif""#, true, 24.0),
            (#"font-weight="bold" style="font: 20px sans-serif""#, false, 20.0),  // reset to normal
        ] as [(String, Bool, Double)])
    func fontShorthand(_ attribute: String, _ isBold: Bool, _ size: Double) throws {
        let font = isBold ? try Self.bold.get() : try Self.regular.get()
        let (fills, warnings) = try read(
            #"<g font-weight="bold" font-size="40"><text x="4" y="40" \#(attribute)>AV</text></g>"#)
        #expect(fills.first?.path == glyphPath("AV", font: font, size: size, x: 4, y: 40).path)
        #expect(warnings.isEmpty)
    }

    @Test(
        "a font shorthand outside its grammar warns and is ignored",
        arguments: [
            "font: caption", "font: bold sans-serif", "font: 12px", "font: 12px / serif",
        ])
    func invalidFontShorthand(_ declaration: String) throws {
        let (fills, warnings) = try read(#"<text x="4" y="40" font-size="18" style="\#(declaration)">AV</text>"#)
        #expect(fills.first?.path == glyphPath("AV", font: try Self.regular.get(), size: 18, x: 4, y: 40).path)
        #expect(warnings.count == 1)
    }

    @Test("lighter and bolder are relative to the parent's weight")
    func relativeWeights() throws {
        let regular = try Self.regular.get(), bold = try Self.bold.get()
        let fills = try read(
            #"<g font-weight="700"><text y="20" font-weight="lighter">a</text><text y="30" font-weight="bolder">a</text></g><g font-weight="300"><text y="40" font-weight="bolder">a</text><text y="50" style="font-weight: bolder"><tspan font-weight="bolder">a</tspan></text></g><g font-weight="800"><text y="60" font-weight="lighter">a</text></g>"#
        ).fills
        #expect(
            fills.map(\.path) == [
                glyphPath("a", font: regular, size: SVGReader.defaultFontSize, x: 0, y: 20).path,  // 700 -> 400
                glyphPath("a", font: bold, size: SVGReader.defaultFontSize, x: 0, y: 30).path,  // 700 -> 900
                glyphPath("a", font: regular, size: SVGReader.defaultFontSize, x: 0, y: 40).path,  // 300 -> 400
                glyphPath("a", font: bold, size: SVGReader.defaultFontSize, x: 0, y: 50).path,  // 300 -> 400 -> 700
                glyphPath("a", font: bold, size: SVGReader.defaultFontSize, x: 0, y: 60).path,
            ])  // 800 -> 700
    }

    @Test("families resolve among the loader's fonts, first match first, case-insensitively")
    func loaderFamilies() throws {
        let tiny = try tinyFont()
        let loader = SVGResourceLoader(fonts: [tiny])
        let (fills, warnings) = try read(
            #"<text x="2" y="30" font-size="10" font-family="Nope, 'TINY', sans-serif">ABC</text>"#,
            loader: loader)
        #expect(fills.first?.path == glyphPath("ABC", font: tiny, size: 10, x: 2, y: 30).path)
        #expect(warnings.isEmpty)
        // The generic family comes first: the default font.
        let generic = try read(
            #"<text x="2" y="30" font-size="10" font-family="sans-serif, Tiny">ABC</text>"#, loader: loader)
        #expect(generic.fills.first?.path == glyphPath("ABC", font: try Self.regular.get(), size: 10, x: 2, y: 30).path)
        // Tiny has no bold face: its regular one with synthetic bold (em /
        // 24), silently; and no italic one: a synthetic slant.
        let text = svg(
            #"<text y="30" font-family="Tiny" font-weight="bold">AB</text><text y="50" font-family="Tiny" font-weight="bold" font-style="italic">AB</text>"#
        )
        let document = try SVGDocument(parsing: text, loader: loader)
        let emboldened = tiny.synthesized(FontSynthesis(emboldenStrength: Double(tiny.metrics.unitsPerEm) / 24))
        let both = tiny.synthesized(
            FontSynthesis(obliqueAngle: 14, emboldenStrength: Double(tiny.metrics.unitsPerEm) / 24))
        #expect(
            document.fillCommands().map(\.path) == [
                glyphPath("AB", font: emboldened, size: SVGReader.defaultFontSize, x: 0, y: 30).path,
                glyphPath("AB", font: both, size: SVGReader.defaultFontSize, x: 0, y: 50).path,
            ])
        #expect(document.warnings.isEmpty)
    }

    @Test("italic and oblique text without an italic face slant the upright one")
    func syntheticSlant() throws {
        let regular = try Self.regular.get()
        for (attributes, angle) in [
            (#"font-style="italic""#, 14.0), (#"font-style="oblique""#, 14),
            (#"style="font-style: oblique 30deg""#, 30),
            (#"style="font-style: oblique -0.25turn""#, -80),
            (#"style="font: oblique 20deg 12px sans-serif""#, 20),
            (#"style="font: oblique 12px sans-serif""#, 14),
            (#"style="font: normal oblique -0.1rad 12px sans-serif""#, -0.1 * 180 / Double.pi),
        ] {
            let (fills, warnings) = try read(#"<text x="3" y="30" \#(attributes)>Af</text>"#)
            let slanted = regular.synthesized(FontSynthesis(obliqueAngle: angle))
            #expect(
                fills.map(\.path) == [
                    glyphPath("Af", font: slanted, size: SVGReader.defaultFontSize, x: 3, y: 30).path
                ],
                "\(attributes)")
            #expect(warnings.isEmpty, "\(attributes): \(warnings)")
        }
        let (_, warnings) = try read(#"<text y="30" style="font-style: oblique 91deg">Af</text>"#)
        #expect(warnings.map(\.attribute) == ["font-style"], "an angle beyond 90 degrees is invalid")
        // In the shorthand, an angle beyond 90 degrees is not the style's:
        // the value is outside the grammar (one warning, ignored).
        let (_, shorthand) = try read(#"<text y="30" style="font: oblique 91deg 12px serif">Af</text>"#)
        #expect(shorthand.count == 1, "\(shorthand)")
    }

    @Test("a loaded DejaVu Sans Bold answers its family's bold requests")
    func loadedBoldFace() throws {
        let bold = try Self.bold.get()
        let loader = SVGResourceLoader(loadImage: { _ in throw SVGResourceError.noImageLoader }, fonts: [bold])
        let (fills, warnings) = try read(
            #"<text y="30" font-family="dejavu sans" font-weight="700">Ab</text>"#, loader: loader)
        #expect(fills.first?.path == glyphPath("Ab", font: bold, size: SVGReader.defaultFontSize, x: 0, y: 30).path)
        #expect(warnings.isEmpty)
        #expect(loader.fonts.count == 1 && SVGResourceLoader.none.fonts.isEmpty)
    }

    @Test(
        "unknown families fall back to DejaVu Sans with one warning; generic ones silently",
        arguments: [
            (#"font-family="Helvetica Neue, Arial""#, "Helvetica Neue, Arial"), (#"font-family="'Nope'""#, "Nope"),
            (#"font-family="serif""#, nil), (#"font-family="Nope, monospace""#, nil),
            (#"style="font-family: system-ui""#, nil),
            ("", nil),
        ] as [(String, String?)])
    func fallbackFamilies(_ attribute: String, _ substituted: String?) throws {
        let (fills, warnings) = try read(#"<text y="30" \#(attribute)>Ab</text><text y="50" \#(attribute)>Ab</text>"#)
        let regular = try Self.regular.get()
        #expect(
            fills.map(\.path) == [
                glyphPath("Ab", font: regular, size: SVGReader.defaultFontSize, x: 0, y: 30).path,
                glyphPath("Ab", font: regular, size: SVGReader.defaultFontSize, x: 0, y: 50).path,
            ])
        #expect(warnings.map(\.kind) == (substituted.map { [.fontSubstituted($0)] } ?? []))
    }

    // MARK: Properties

    @Test(
        "font-size, fill and text-anchor inherit from a group, as attributes or in style",
        arguments: [
            #"font-size="30" fill="red" text-anchor="end""#, #"style="font-size: 30px; fill: red; text-anchor: end""#,
            #"font-size="20" style="fill: #f00"><g font-size="150%" text-anchor="end""#,
            #"font-size="15" fill="red" text-anchor="end"><g font-size="2em""#,
        ])
    func inheritance(_ attributes: String) throws {
        let closing = attributes.contains("<g") ? "</g></g>" : "</g>"
        let fills = try read(#"<g \#(attributes)><text x="190" y="40">Hi</text>\#(closing)"#).fills
        #expect(
            fills.first?.path == glyphPath("Hi", font: try Self.regular.get(), size: 30, x: 190, y: 40, anchor: 1).path)
        #expect(fills.first?.color == Color(red: 1, green: 0, blue: 0))
    }

    @Test(
        "font-size keywords and units",
        arguments: [
            ("medium", 12.0), ("x-large", 18), ("xx-small", 7.2), ("larger", 14.4), ("smaller", 12 / 1.2), ("12pt", 16),
            ("1in", 96), ("inherit", 12), ("1.5rem", 18), ("0.5em", 6),
        ] as [(String, Double)])
    func fontSizes(_ value: String, _ size: Double) throws {
        let fills = try read(#"<text y="40" font-size="\#(value)">x</text>"#).fills
        let expected = glyphPath("x", font: try Self.regular.get(), size: size, x: 0, y: 40).path
        let bounds = try #require(fills.first?.path.bounds)
        #expect(abs(bounds.width - expected.bounds.width) < 1e-9 && abs(bounds.minY - expected.bounds.minY) < 1e-9)
    }

    // MARK: Content

    @Test(
        "whitespace: newlines removed, tabs as spaces, runs collapsed, ends stripped",
        arguments: [
            ("\n   Hello \t  world\n  ", "Hello world"), ("a\nb", "ab"), ("a \n b", "a b"), ("  ", ""),
            ("a<tspan> b </tspan> c", "a b c"), (" <tspan> </tspan>a", "a"),
        ])
    func defaultWhitespace(_ content: String, _ drawn: String) throws {
        let fills = try read(#"<text x="10" y="30" text-anchor="middle">\#(content)</text>"#).fills
        if drawn.isEmpty {
            #expect(fills.isEmpty)
        } else {
            #expect(
                fills.first?.path
                    == glyphPath(
                        drawn, font: try Self.regular.get(), size: SVGReader.defaultFontSize, x: 10, y: 30, anchor: 0.5
                    ).path)
        }
    }

    @Test("xml:space preserve: newlines and tabs become spaces, nothing is removed; it inherits")
    func preservedWhitespace() throws {
        let font = try Self.regular.get()
        let fills = try read(
            "<g xml:space='preserve'><text x='10' y='30' text-anchor='middle'>\n a\t\tb  \r\n</text></g>"
        ).fills
        #expect(
            fills.first?.path
                == glyphPath("  a  b   ", font: font, size: SVGReader.defaultFontSize, x: 10, y: 30, anchor: 0.5).path)
        let reset = try read("<g xml:space='preserve'><text xml:space='default' x='10' y='30'> a  b </text></g>").fills
        #expect(reset.first?.path == glyphPath("a b", font: font, size: SVGReader.defaultFontSize, x: 10, y: 30).path)
    }

    @Test("entities, character references, CDATA and tspan content are the text; metadata is not")
    func content() throws {
        let text =
            #"<!DOCTYPE svg [<!ENTITY name "Hair">]>"#
            + svg(
                ##"<text x="3" y="30">&name;&amp;<tspan>C&lt;</tspan>&#x44;<![CDATA[<E>]]><title>no</title><a href="#x">F</a></text>"##,
                #"width="200" height="60""#)
        let document = try SVGDocument(parsing: text)
        #expect(
            document.fillCommands().first?.path
                == glyphPath("Hair&C<D<E>F", font: try Self.regular.get(), size: SVGReader.defaultFontSize, x: 3, y: 30)
                .path)
        #expect(document.warnings.isEmpty)
        // Text outside <text> is still not read (a bare & there was never checked).
        #expect(throws: Never.self) { _ = try SVGDocument(parsing: svg("<desc>Tom & Jerry</desc>")) }
        let bad = svg("<text>Tom & Jerry</text>")
        #expect(readError(bad)?.offset == offset(of: "&", in: bad))
        #expect(readError(svg("<text>&nope;</text>"))?.kind == .unknownEntity("nope"))
    }

    @Test("tspans: own fill and weight, one shape per paint; dx and dy move the pen")
    func tspans() throws {
        let regular = try Self.regular.get(), bold = try Self.bold.get()
        let (fills, warnings) = try read(
            #"<text x="5" y="30">ab<tspan fill="red" font-weight="bold">cd</tspan>ef</text>"#)
        #expect(warnings.isEmpty)
        #expect(fills.map(\.color) == [.black, Color(red: 1, green: 0, blue: 0), .black])
        let ab = glyphPath("ab", font: regular, size: SVGReader.defaultFontSize, x: 5, y: 30)
        let cd = glyphPath("cd", font: bold, size: SVGReader.defaultFontSize, x: 5 + ab.advance, y: 30)
        let ef = glyphPath("ef", font: regular, size: SVGReader.defaultFontSize, x: 5 + ab.advance + cd.advance, y: 30)
        #expect(fills.count == 3 && zip(fills.map(\.path), [ab.path, cd.path, ef.path]).allSatisfy(isClose))
        // A shift inside one paint: still one shape; dy moves the baseline.
        let shifted = try read(#"<text x="5" y="30">A<tspan dx="4" dy="-2">V</tspan>A</text>"#).fills
        let unit = SVGReader.defaultFontSize / Double(regular.metrics.unitsPerEm)
        let a = regular.glyph(for: "A"), v = regular.glyph(for: "V")
        let vX = 5 + Double(regular.advance(of: a) + regular.kerning(between: a, and: v)) * unit + 4
        let aX = vX + Double(regular.advance(of: v) + regular.kerning(between: v, and: a)) * unit
        #expect(shifted.count == 1)
        let expected = glyphPath("A", font: regular, size: SVGReader.defaultFontSize, x: 5, y: 30).path
        var path = expected
        path.addPath(glyphPath("V", font: regular, size: SVGReader.defaultFontSize, x: vX, y: 28).path)
        path.addPath(glyphPath("A", font: regular, size: SVGReader.defaultFontSize, x: aX, y: 28).path)
        #expect(isClose(try #require(shifted.first?.path), path))
    }

    @Test("a gradient on a text spans the text's bounding box")
    func gradientOnTextBounds() throws {
        let fills = try read(
            #"<linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><text x="10" y="40" font-size="30" fill="url(#g)">Wave<tspan font-size="10">s</tspan></text>"#
        ).fills
        #expect(fills.count == 1)
        let fill = try #require(fills.first)
        let box = fill.path.bounds
        guard case .paint(.linearGradient(let gradient)) = fill.paint else {
            Issue.record("not a linear gradient: \(fill.paint)")
            return
        }
        #expect(
            gradient.transform == AffineTransform(a: box.width, b: 0, c: 0, d: box.height, tx: box.minX, ty: box.minY))
        #expect(box.minX > 10 && box.maxY > 40 && box.minY < 40 - 20)
    }

    @Test("strokes, opacity, transforms and clip paths apply as to shapes")
    func shapeMachinery() throws {
        let text = svg(
            #"<clipPath id="c"><text x="0" y="20" font-size="20">Clip</text></clipPath><text transform="translate(5 6)" opacity="0.5" stroke="blue" stroke-width="0.5" fill="none" clip-path="url(#c)" y="20" font-size="20">Clip</text>"#
        )
        let commands = try SVGDocument(parsing: text).drawCommands()
        let path = glyphPath("Clip", font: try Self.regular.get(), size: 20, x: 0, y: 20).path
        #expect(commands.count == 3)
        guard case .beginClip(let clip) = commands.first, case .stroke(let stroke) = commands[1] else {
            Issue.record("\(commands)")
            return
        }
        #expect(clip.clip == SVGClip(path: path, rule: .nonZero))
        #expect(
            stroke.path == path && stroke.style.width == 0.5
                && stroke.transform == AffineTransform(translationX: 5, y: 6))
        #expect(stroke.color == Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    }

    // MARK: Errors, warnings, limits

    @Test(
        "a malformed font-size is ignored with a warning at its value",
        arguments: ["abc", "-3", "NaN", "12qq", "-1em", "1e999", "1e300em"])
    func malformedFontSize(_ value: String) throws {
        for body in [
            #"<text font-size="\#(value)">a</text>"#, #"<text style="fill: red; font-size: \#(value)">a</text>"#,
            #"<g font-size="\#(value)"><rect width="1" height="1"/></g>"#,
        ] {
            let text = svg(body)
            let error = ignoredValue(text)
            let isNegative = value.hasPrefix("-")
            #expect(
                error?.message
                    == message(
                        isNegative
                            ? .negativeValue(attribute: "font-size", value: value)
                            : .invalidNumber(attribute: "font-size", value: value)), "\(body)")
            #expect(error?.offset == offset(of: value, in: text), "\(body)")
        }
    }

    @Test(
        "malformed font-weight, font-family and text-anchor are ignored at their values",
        arguments: [
            ("font-weight", "heavy"), ("font-weight", "0.5"), ("font-weight", "1001"), ("font-family", "Arial,"),
            ("font-family", "'Open Sans"), ("font-family", "'A' B"), ("text-anchor", "center"),
        ])
    func malformedTextProperties(_ name: String, _ value: String) throws {
        let text = svg(#"<text \#(name)="\#(value)">a</text>"#)
        let error = ignoredValue(text)
        #expect(error?.message == message(.invalidValue(attribute: name, value: value)))
        #expect(error?.offset == offset(of: value, in: text))
    }

    @Test(
        "size 0, empty and hidden texts draw nothing and warn nothing",
        arguments: [
            #"<text font-size="0">abc</text>"#, "<text></text>", "<text/>", "<text>  \n\t </text>",
            #"<text display="none">a</text>"#,
            #"<text><tspan display="none">a</tspan></text>"#, #"<text fill="none">a</text>"#,
            #"<text visibility="hidden">a</text>"#,
            #"<g font-size="10"><text font-size="0%">abc</text></g>"#,
        ])
    func drawsNothing(_ body: String) throws {
        let document = try SVGDocument(parsing: svg(body))
        #expect(document.drawCommands().isEmpty)
        #expect(document.warnings.isEmpty)
    }

    @Test("positioning lists are read without warnings; a malformed entry or rotate list warns at it")
    func positioningLists() throws {
        let text = svg(##"<text x="7 20 30" y="30,40" rotate="5">ab<tspan x="50">c</tspan></text>"##)
        let document = try SVGDocument(parsing: text)
        #expect(document.warnings.isEmpty)
        #expect(document.fillCommands().count == 1)
        // A malformed entry of a list warns at that entry.
        let bad = svg(#"<text x="1 2 zz">a</text>"#)
        #expect(ignoredValue(bad)?.offset == offset(of: "zz", in: bad))
        let badRotate = svg(#"<text rotate="5 q">a</text>"#)
        let warnings = try SVGDocument(parsing: badRotate).warnings
        #expect(warnings.map(\.attribute) == ["rotate"])
    }

    @Test("editors' initial text properties are accepted silently; other values warn")
    func initialTextProperties() throws {
        let quiet = try read(
            #"<text y="20" style="font-style:normal;font-variant:normal;line-height:1.25;letter-spacing:0px;word-spacing:0px;font-stretch:normal">a</text>"#
        )
        #expect(quiet.warnings.isEmpty && quiet.fills.count == 1)
        let loud = try read(
            #"<text y="20" style="font-style:italic;letter-spacing:2px" text-decoration="underline">a</text>"#)
        // font-style, letter-spacing and text-decoration are read now: an
        // italic with no italic face is slanted, silently.
        #expect(loud.warnings.isEmpty)
    }

    @Test("a 100,000-character text draws its first 10,000 characters, with a warning")
    func longText() throws {
        let content = String(repeating: "a", count: 100_000)
        let text = svg(#"<text y="20" font-size="4">\#(content)</text>"#)
        let document = try SVGDocument(parsing: text)
        #expect(document.warnings.map(\.kind) == [.textTooLong(limit: SVGReader.maximumTextLength)])
        let font = try Self.regular.get()
        let advance = Double(font.advance(of: font.glyph(for: "a"))) * 4 / Double(font.metrics.unitsPerEm)
        let bounds = try #require(document.fillCommands().first?.path.bounds)
        #expect(abs(bounds.maxX - Double(SVGReader.maximumTextLength - 1) * advance) < advance)
        let surface = try Surface(width: 100, height: 100)
        document.draw(in: Canvas(surface: surface))
        #expect(surface.pixel(x: 1, y: 19)?.alpha ?? 0 > 0)
    }

    @Test("without readable fallback fonts a text is not drawn, with one warning; loaded fonts still draw")
    func unreadableFallback() throws {
        let text = svg(#"<text y="20">a</text><text y="40">b</text><text y="60" font-family="Tiny">AB</text>"#)
        var reader = SVGReader()
        let failure = FontError.unreadableFile(path: "DejaVuSans.ttf", reason: "gone")
        reader.fonts = SVGFontResolver(fonts: [try tinyFont()], fallback: .failure(failure))
        let document = try reader.read(
            root: try XMLTreeBuilder.parse(Array(text.utf8), keepingTextIn: SVGReader.textElementNames))
        #expect(reader.warnings.map(\.kind) == [.fontUnavailable(failure.description)])
        #expect(reader.warnings.first?.offset == offset(of: "<text", in: text))
        #expect(document.root.children.count == 1)
    }

    @Test("huge font sizes and deep tspans do not trap")
    func hostileSizes() throws {
        for size in ["1e300", "1e308", "3e38", "0.0000001"] {
            let document = try SVGDocument(parsing: svg(#"<text y="50" font-size="\#(size)">AVAVAVAV</text>"#))
            let surface = try Surface(width: 20, height: 20)
            document.draw(in: Canvas(surface: surface))
        }
        let depth = XMLTreeBuilder.maximumDepth - 3
        let nested = svg(
            "<text y='20'>" + String(repeating: "<tspan>a", count: depth) + String(repeating: "</tspan>", count: depth)
                + "</text>")
        let fills = try SVGDocument(parsing: nested).fillCommands()
        #expect(fills.count == 1)
    }
}
