// SVG text through a font database (the loader's `fontDatabase`): the
// fixture fonts of HairlineTextTests (Noto Sans Regular, Bold, Italic and
// MPLUS1p). font-weight, font-style and generic families pick the faces
// CSS picks; characters Noto Sans lacks (Japanese) come from MPLUS1p, each
// in its own font's units; without a database nothing changes.

import Hairline
import HairlineSVG
import HairlineTestSupport
import HairlineText
import Testing

@Suite("text with a font database")
struct SVGFontDatabaseTests {
    static func loader() -> SVGResourceLoader {
        let database = FontDatabase()
        database.addFonts(inDirectory: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts"))
        database.setGenericFamily(.sansSerif, to: ["Noto Sans"])
        var loader = SVGResourceLoader.none
        loader.fontDatabase = database
        return loader
    }

    static func text(
        _ attributes: String, _ content: String, loader: SVGResourceLoader = loader()
    ) throws -> (Path, [SVGWarning]) {
        let document = try SVGDocument(
            parsing: """
                <svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="0" y="40" font-size="20" \(attributes)>\(content)</text></svg>
                """, loader: loader)
        var path = Path()
        for command in document.fillCommands() { path.addPath(command.path) }
        return (path, document.warnings)
    }

    /// The outline of `text`'s glyphs in `font`, as SVG text places them.
    static func expected(_ text: String, font: Font) throws -> Path {
        let layout = TextLayout(text, font: font, size: 20, lineBreakMode: .clipping)
        let unit = 20 / Double(font.metrics.unitsPerEm)
        var path = Path()
        for (i, glyph) in layout.lines[0].glyphs.enumerated() {
            let outline = try font.outline(of: glyph)
            path.addPath(
                outline.applying(
                    AffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: layout.lines[0].positions[i], ty: 40)))
        }
        return path
    }

    /// Whether two paths have the same elements with points within 1e-9.
    static func nearlyEqual(_ a: Path, _ b: Path) -> Bool { a.isNearlyEqual(to: b, tolerance: 1e-9) }

    static func fixture(_ name: String) throws -> Font {
        try Font(contentsOfFile: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts/" + name))
    }

    @Test func weightsAndStylesPickTheirFaces() throws {
        let cases: [(String, String)] = [
            (#"font-family="Noto Sans""#, "NotoSans-Regular.ttf"),
            (#"font-family="Noto Sans" font-weight="bold""#, "NotoSans-Bold.ttf"),
            (#"font-family="Noto Sans" font-weight="600""#, "NotoSans-Bold.ttf"),
            (#"font-family="Noto Sans" font-style="italic""#, "NotoSans-Italic.ttf"),
            (#"font-family="Noto Sans" font-style="oblique""#, "NotoSans-Italic.ttf"),
            (#"font-family="sans-serif""#, "NotoSans-Regular.ttf"),
            (#"font-family="Unknown, 'Noto Sans'""#, "NotoSans-Regular.ttf"),
        ]
        for (attributes, file) in cases {
            let (path, warnings) = try Self.text(attributes, "Type")
            #expect(path == (try Self.expected("Type", font: try Self.fixture(file))), "\(attributes)")
            #expect(warnings.isEmpty, "\(attributes): \(warnings)")
        }
        let (_, warnings) = try Self.text(#"font-family="Unknown""#, "Type")
        #expect(warnings.map(\.attribute) == ["font-family"], "a family no font has is a substitution")
    }

    /// letter-spacing after every character, word-spacing after spaces
    /// too (lengths, em of the font size, % of the viewport's width); the
    /// anchor's width leaves out the last character's spacing.
    @Test func letterAndWordSpacing() throws {
        let (plain, _) = try Self.text(#"font-family="Noto Sans""#, "a b")
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        let layout = TextLayout("a b", font: noto, size: 20, lineBreakMode: .clipping)
        let positions = layout.lines[0].positions
        func starts(_ path: Path) -> [Double] {
            path.elements.compactMap { if case .move(let p) = $0 { return p.x } else { return nil } }
        }
        for (attributes, letter, word) in [
            (#"letter-spacing="3""#, 3.0, 0.0), (#"word-spacing="0.5em""#, 0, 10),
            (#"letter-spacing="1%" word-spacing="2""#, 4, 2),
        ] {
            let (spaced, warnings) = try Self.text(#"font-family="Noto Sans" "# + attributes, "a b")
            #expect(warnings.isEmpty)
            // 'b' (the last glyph) moved by two letter spacings and one word spacing.
            let shift = (starts(spaced).last ?? 0) - (starts(plain).last ?? 0)
            #expect(abs(shift - (2 * letter + word)) < 1e-9, "\(attributes): \(shift)")
        }
        let (anchored, _) = try Self.text(#"font-family="Noto Sans" letter-spacing="5" text-anchor="end""#, "ab")
        let (lone, _) = try Self.text(#"font-family="Noto Sans""#, "b")
        let advance = Double(noto.advance(of: noto.glyph(for: "b"))) * 20 / Double(noto.metrics.unitsPerEm)
        // 'b' ends the line: its origin at x = -advance, no spacing after it.
        #expect(positions.count == 3 && abs(anchored.bounds.maxX - (lone.bounds.maxX - advance)) < 1e-9)
    }

    /// baseline-shift moves a span's characters up (lengths, % and em of
    /// the span's font size, sub and super from the font's OS/2), nested
    /// spans add up, and the text element's own moves nothing.
    @Test func baselineShift() throws {
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        let (plain, _) = try Self.text(#"font-family="Noto Sans""#, "x<tspan>x</tspan>")
        let superRise = Double(noto.superscriptOffset) / Double(noto.metrics.unitsPerEm) * 20
        let subDrop = Double(noto.subscriptOffset) / Double(noto.metrics.unitsPerEm) * 20
        for (shift, rise) in [
            ("5", 5.0), ("-10%", -2), ("0.5em", 10), ("super", superRise), ("sub", -subDrop),
            ("baseline", 0),
        ] {
            let (shifted, warnings) = try Self.text(
                #"font-family="Noto Sans""#, #"x<tspan baseline-shift="\#(shift)">x</tspan>"#)
            #expect(warnings.isEmpty, "\(shift): \(warnings)")
            #expect(abs((plain.bounds.minY - shifted.bounds.minY) - max(0, rise)) < 1e-9, "\(shift)")
            #expect(abs((shifted.bounds.maxY - plain.bounds.maxY) - max(0, -rise)) < 1e-9, "\(shift)")
        }
        let (nested, _) = try Self.text(
            #"font-family="Noto Sans""#,
            #"x<tspan baseline-shift="3">x<tspan baseline-shift="4">x</tspan></tspan>"#)
        let (flat, _) = try Self.text(
            #"font-family="Noto Sans""#, #"x<tspan baseline-shift="3">x<tspan>x</tspan></tspan>"#)
        #expect(abs((flat.bounds.minY - nested.bounds.minY) - 4) < 1e-9)
        let (own, _) = try Self.text(#"font-family="Noto Sans" baseline-shift="20""#, "x")
        let (none, _) = try Self.text(#"font-family="Noto Sans""#, "x")
        #expect(own == none)
    }

    /// text-decoration: a rectangle per run, the font's underline
    /// thickness high, centred on post's underline position (underline),
    /// the ascent (overline) or OS/2's strikeout position (line-through),
    /// under or over the glyphs, in the style of the element that declared
    /// it (the text's own for lines declared on or outside the text).
    @Test func textDecoration() throws {
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        let unit = 20 / Double(noto.metrics.unitsPerEm)
        let thickness = Double(noto.underlineThickness) * unit
        let width = Double(noto.advance(of: noto.glyph(for: "x"))) * unit
        let centres: [(String, Double)] = [
            ("underline", Double(noto.underlinePosition)),
            ("overline", Double(noto.metrics.ascent)),
            ("line-through", Double(noto.strikeoutPosition)),
        ]
        for (value, above) in centres {
            let source =
                #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="0" y="40" font-size="20" font-family="Noto Sans" fill="blue" text-decoration=""#
                + value + #""><tspan fill="red">x</tspan></text></svg>"#
            let document = try SVGDocument(parsing: source, loader: Self.loader())
            let fills = document.fillCommands()
            #expect(fills.count == 2, "\(value)")
            let line = try #require(value == "line-through" ? fills.last : fills.first).path.bounds
            #expect(abs(line.minX) < 1e-9 && abs(line.width - width) < 1e-9, "\(value)")
            #expect(abs(line.height - thickness) < 1e-9 && abs(line.midY - (40 - above * unit)) < 1e-9, "\(value)")
            #expect(document.warnings.isEmpty)
        }
        let (undecorated, _) = try Self.text(#"font-family="Noto Sans" text-decoration="none""#, "x")
        let (plain, _) = try Self.text(#"font-family="Noto Sans""#, "x")
        #expect(undecorated == plain)
    }

    /// dominant-baseline (inherited) and alignment-baseline (a span's
    /// own) move the glyphs down so that the named line of the font sits
    /// on the baseline: the ascent, half the x-height, the centre of
    /// ascent and descent, the descent.
    @Test func dominantAndAlignmentBaselines() throws {
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        let unit = 20 / Double(noto.metrics.unitsPerEm)
        let ascent = Double(noto.metrics.ascent) * unit, descent = Double(noto.metrics.descent) * unit
        let (plain, _) = try Self.text(#"font-family="Noto Sans""#, "x")
        for (value, drop) in [
            ("text-before-edge", ascent), ("middle", Double(noto.metrics.xHeight) * unit / 2),
            ("central", (ascent - descent) / 2), ("text-after-edge", -descent), ("auto", 0),
        ] {
            let (moved, warnings) = try Self.text(#"font-family="Noto Sans" dominant-baseline=""# + value + #"""#, "x")
            #expect(warnings.isEmpty && abs(moved.bounds.minY - plain.bounds.minY - drop) < 1e-9, "\(value)")
            let (span, _) = try Self.text(
                #"font-family="Noto Sans""#, #"<tspan alignment-baseline=""# + value + #"">x</tspan>"#)
            #expect(abs(span.bounds.minY - plain.bounds.minY - drop) < 1e-9, "\(value) on a span")
        }
    }

    @Test func japaneseFallsBackToMPLUS() throws {
        let (path, warnings) = try Self.text(#"font-family="Noto Sans""#, "Aの")
        #expect(warnings.isEmpty)
        let noto = try Self.fixture("NotoSans-Regular.ttf"), mplus = try Self.fixture("MPLUS1p-Regular.ttf")
        var want = try Self.expected("A", font: noto)
        let advance = Double(noto.advance(of: noto.glyph(for: "A"))) * 20 / Double(noto.metrics.unitsPerEm)
        let unit = 20 / Double(mplus.metrics.unitsPerEm)
        want.addPath(
            try mplus.outline(of: mplus.glyph(for: "の"))
                .applying(AffineTransform(a: unit, b: 0, c: 0, d: -unit, tx: advance, ty: 40)))
        #expect(Self.nearlyEqual(path, want))
    }
}
