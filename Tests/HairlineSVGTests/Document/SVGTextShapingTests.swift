// SVG text through the shaper, with the fixture fonts of HairlineTextTests
// (Amiri and Noto Sans, OFL) in a font database: Arabic joins and is
// ordered by bidi with the paragraph left to right (`direction: ltr`, as
// resvg lays it), `unicode-bidi: bidi-override` with `direction: rtl`
// reverses Latin, `font-variant: small-caps` takes the font's `smcp`
// glyphs, and a mark turns with its base under `rotate`. Expected outlines
// come from `Font.shape` on each run, laid left to right here.

import Hairline
import HairlineSVG
import HairlineTestSupport
import HairlineText
import Testing

@Suite("text through the shaper")
struct SVGTextShapingTests {
    static let size = 20.0, baseline = 40.0

    static func fixture(_ name: String) throws -> Font {
        try Font(contentsOfFile: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts/" + name))
    }

    /// The fill of one <text> at (0, 40), font size 20.
    static func text(_ attributes: String, _ content: String) throws -> (Path, [SVGWarning]) {
        let database = FontDatabase()
        database.addFonts(inDirectory: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts"))
        var loader = SVGResourceLoader.none
        loader.fontDatabase = database
        let document = try SVGDocument(
            parsing: """
                <svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="0" y="40" font-size="20" \(attributes)>\(content)</text></svg>
                """, loader: loader)
        var path = Path()
        for command in document.fillCommands() { path.addPath(command.path) }
        return (path, document.warnings)
    }

    /// Runs shaped one by one (`Font.shape`) and laid left to right from
    /// x = 0 on the baseline, offsets applied, each glyph turned by
    /// `rotate` degrees about its cluster's pen position.
    static func expected(
        _ runs: [(text: String, rightToLeft: Bool, features: Set<String>)], font: Font, rotate: Double = 0
    ) throws -> Path {
        let unit = size / Double(font.metrics.unitsPerEm)
        var path = Path()
        var pen = 0.0
        for run in runs {
            let shaped = font.shape(
                Array(run.text.unicodeScalars),
                options: ShapingOptions(isRightToLeft: run.rightToLeft, enabledFeatures: run.features))
            var clusterPen = pen, previousCluster = -1
            for glyph in shaped.glyphs {
                if glyph.cluster != previousCluster { clusterPen = pen }
                previousCluster = glyph.cluster
                let turn = AffineTransform(rotationAngle: rotate * .pi / 180)
                let local = AffineTransform(
                    a: unit, b: 0, c: 0, d: -unit, tx: pen - clusterPen + Double(glyph.xOffset) * unit,
                    ty: -Double(glyph.yOffset) * unit)
                let place = local.concatenating(turn).concatenating(
                    AffineTransform(translationX: clusterPen, y: baseline))
                path.addPath(try font.outline(of: glyph.glyph).applying(place))
                pen += Double(glyph.xAdvance) * unit
            }
        }
        return path
    }

    /// Whether two paths have the same elements with points within 1e-6.
    static func nearlyEqual(_ a: Path, _ b: Path) -> Bool { a.isNearlyEqual(to: b, tolerance: 1e-6) }

    @Test func arabicJoinsAndLatinInsideKeepsItsOrder() throws {
        let amiri = try Self.fixture("Amiri-Regular.ttf")
        // Left-to-right paragraph: "ابت" (level 1), " SVG " (0: the
        // spaces between R and L take the embedding's direction), "ثج" (1).
        let (path, warnings) = try Self.text(#"font-family="Amiri""#, "ابت SVG ثج")
        #expect(warnings.isEmpty)
        let want = try Self.expected(
            [("ابت", true, []), (" SVG ", false, []), ("ثج", true, [])], font: amiri)
        let matches = Self.nearlyEqual(path, want)
        #expect(matches)
        // The joined forms differ from the isolated letters the cmap gives.
        let isolated = "ابت".unicodeScalars.map { amiri.glyph(for: $0) }
        let shaped = amiri.shape(Array("ابت".unicodeScalars)).glyphs.map(\.glyph)
        #expect(Set(isolated) != Set(shaped))
    }

    @Test func bidiOverrideReversesLatin() throws {
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        let (path, warnings) = try Self.text(
            #"font-family="Noto Sans" direction="rtl" unicode-bidi="bidi-override""#, "abc")
        #expect(warnings.isEmpty)
        let reversed = Self.nearlyEqual(path, try Self.expected([("abc", true, [])], font: noto))
        #expect(reversed)
        // Not overridden: the same text stays left to right.
        let (plain, _) = try Self.text(#"font-family="Noto Sans" direction="rtl""#, "abc")
        let inOrder = Self.nearlyEqual(plain, try Self.expected([("abc", false, [])], font: noto))
        let same = Self.nearlyEqual(plain, path)
        #expect(inOrder && !same)
    }

    @Test func smallCapsUseTheFontsSmcpGlyphs() throws {
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        let (path, warnings) = try Self.text(#"font-family="Noto Sans" font-variant="small-caps""#, "Text")
        #expect(warnings.isEmpty)
        let matches = Self.nearlyEqual(path, try Self.expected([("Text", false, ["smcp"])], font: noto))
        #expect(matches)
        let smcp = noto.shape(Array("Text".unicodeScalars), options: ShapingOptions(enabledFeatures: ["smcp"]))
        #expect(smcp.glyphs.map(\.glyph) != "Text".unicodeScalars.map { noto.glyph(for: $0) })
    }

    @Test func aMarkTurnsWithItsBase() throws {
        let noto = try Self.fixture("NotoSans-Regular.ttf")
        // e + combining acute, rotated 30 degrees: one cluster turned about
        // its pen position, the acute on its anchor.
        let (path, _) = try Self.text(#"font-family="Noto Sans" rotate="30""#, "e\u{301}")
        let matches = Self.nearlyEqual(path, try Self.expected([("e\u{301}", false, [])], font: noto, rotate: 30))
        #expect(matches)
    }

    /// The fill of an SVG body (inside a 400 x 60 <svg>), with the fixture fonts.
    static func body(_ body: String) throws -> Path {
        let database = FontDatabase()
        database.addFonts(inDirectory: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts"))
        var loader = SVGResourceLoader.none
        loader.fontDatabase = database
        let document = try SVGDocument(
            parsing: #"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60">"# + body + "</svg>",
            loader: loader)
        var path = Path()
        for command in document.fillCommands() { path.addPath(command.path) }
        return path
    }

    /// An override on the text encloses its tspans' characters too (CSS
    /// Writing Modes 3 §2.2): "ab<tspan>cd</tspan>ef" reverses whole, as
    /// "abcdef" does, not as "fe", "cd", "ba".
    @Test func overrideOnTheTextReachesNestedSpans() throws {
        let attributes = #"font-family="Noto Sans" direction="rtl" unicode-bidi="bidi-override""#
        let (whole, _) = try Self.text(attributes, "abcdef")
        let (nested, warnings) = try Self.text(attributes, "ab<tspan>c<tspan>d</tspan></tspan>ef")
        #expect(warnings.isEmpty)
        let same = Self.nearlyEqual(nested, whole)
        #expect(same)
        // An isolate on a span inside the override: its characters keep
        // their own (left-to-right) order inside the reversed text.
        let (isolated, _) = try Self.text(
            attributes, #"ab<tspan direction="ltr" unicode-bidi="isolate">cd</tspan>ef"#)
        #expect(!Self.nearlyEqual(isolated, whole))
    }

    /// unicode-bidi is not inherited: on a <g> it does not reach the text
    /// (direction, inherited, does).
    @Test func unicodeBidiOnAGroupStaysThere() throws {
        let text = #"<text x="0" y="40" font-size="20" font-family="Noto Sans">abc</text>"#
        let group = try Self.body(#"<g direction="rtl" unicode-bidi="bidi-override">"# + text + "</g>")
        let (plain, _) = try Self.text(#"font-family="Noto Sans" direction="rtl""#, "abc")
        let same = Self.nearlyEqual(group, plain)
        #expect(same)
    }

    /// A font change inside a word keeps the kerning across it (resvg
    /// shapes a chunk in every span's font): "A<tspan bold>V</tspan>A"
    /// ends two kerned pairs (about 0.13 em in Noto Sans) short of the
    /// same text with kerning off.
    @Test func kerningCrossesAFontChange() throws {
        let mixed = #"A<tspan font-weight="bold">V</tspan>A"#
        let kerned = try Self.body(
            #"<text x="0" y="40" font-size="20" font-family="Noto Sans">"# + mixed + "</text>")
        let unkerned = try Self.body(
            #"<text x="0" y="40" font-size="20" font-family="Noto Sans" style="font-kerning: none">"# + mixed
                + "</text>")
        #expect(kerned.bounds.minX == unkerned.bounds.minX)
        let shortening = unkerned.bounds.maxX - kerned.bounds.maxX
        #expect(shortening > 0.08 * 20 && shortening < 0.2 * 20, "\(shortening)")
    }

    /// `dominant-baseline: no-change` keeps the parent's baseline (SVG 1.1
    /// §10.9.2): the span's glyphs sit as the text's own, not at `auto`.
    @Test func noChangeKeepsTheParentsDominantBaseline() throws {
        func text(_ content: String) throws -> Path {
            try Self.body(
                #"<text x="0" y="40" font-size="20" font-family="Noto Sans" dominant-baseline="middle">"# + content
                    + "</text>")
        }
        let whole = try text("HH")
        let kept = try text(#"H<tspan dominant-baseline="no-change">H</tspan>"#)
        let reset = try text(#"H<tspan dominant-baseline="auto">H</tspan>"#)
        #expect(Self.nearlyEqual(kept, whole))
        #expect(reset.bounds.minY < whole.bounds.minY - 1)
    }
}
