// Synthetic bold and slant: the slanted outline's points are the skewed
// originals; the emboldened outline of a rectilinear glyph has the exact
// area of its polygon grown by half the strength per edge, and drawn
// coverage grows by that; a real italic or bold face in the database wins
// over synthesis, which comes only when no face reaches the weight or
// slant (and not for a variable font with the axis); fallback faces take
// the layout font's bold and slant; synthesized fonts are distinct in
// caches. A golden (Tests/Goldens/Text/synthetic-styles@2x.png, looked at
// when recorded): Noto Sans Regular as is, bold, italic and both, with
// M+ 1p ideographs falling back in the same style.

import Hairline
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct FontSynthesisTests {
    static let noto = try! FixtureFonts.font("NotoSans-Regular.ttf")

    /// The points of a path's elements in order (end points and controls).
    static func points(_ path: Path) -> [Point] {
        path.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [c, p]
            case .curve(let p, let c1, let c2): return [c1, c2, p]
            case .arc, .closeSubpath: return []
            }
        }
    }

    /// Twice the shoelace area of each contour of a line-only path, summed.
    static func polygonArea(_ path: Path) -> Double {
        var contours: [[Point]] = []
        for element in path.elements {
            switch element {
            case .move(let p): contours.append([p])
            case .line(let p): contours[contours.count - 1].append(p)
            default: break
            }
        }
        return contours.reduce(0) { sum, contour in
            var area = 0.0
            for (i, p) in contour.enumerated() {
                let q = contour[(i + 1) % contour.count]
                area += p.x * q.y - q.x * p.y
            }
            return sum + area / 2
        }
    }

    @Test(arguments: [14.0, -20, 45])
    func slantedOutlinesAreTheSkewedOriginals(angle: Double) throws {
        let slanted = Self.noto.synthesized(FontSynthesis(obliqueAngle: angle))
        let tangent = _sin(angle * .pi / 180) / _cos(angle * .pi / 180)
        for scalar in "AgQ@&ß8".unicodeScalars {
            let glyph = Self.noto.glyph(for: scalar)
            let original = Self.points(try Self.noto.outline(of: glyph))
            let skewed = Self.points(try slanted.outline(of: glyph))
            #expect(original.count == skewed.count && !original.isEmpty)
            for (p, q) in zip(original, skewed) {
                #expect(abs(q.x - (p.x + tangent * p.y)) < 1e-9 && q.y == p.y, "\(scalar): \(p) -> \(q)")
            }
            // Advances and the upright design are untouched.
            #expect(slanted.advance(of: glyph) == Self.noto.advance(of: glyph))
        }
        let bounds = try #require(slanted.bounds(of: Self.noto.glyph(for: "l")))
        let upright = try #require(Self.noto.bounds(of: Self.noto.glyph(for: "l")))
        #expect(bounds.yMax == upright.yMax && (angle > 0 ? bounds.xMax > upright.xMax : bounds.xMin < upright.xMin))
    }

    /// A counterclockwise and a clockwise square both grow by half the
    /// strength on every side; a hole inside shrinks by as much.
    @Test func emboldenMovesEveryEdgeOutward() {
        func square(_ x0: Double, _ y0: Double, _ side: Double, clockwise: Bool) -> [Point] {
            let corners = [
                Point(x: x0, y: y0), Point(x: x0 + side, y: y0), Point(x: x0 + side, y: y0 + side),
                Point(x: x0, y: y0 + side),
            ]
            return clockwise ? corners.reversed() : corners
        }
        for clockwise in [false, true] {
            var path = Path()
            for (i, contour) in [square(0, 0, 100, clockwise: clockwise), square(30, 30, 40, clockwise: !clockwise)]
                .enumerated()
            {
                path.move(to: contour[0])
                for p in contour.dropFirst() { path.addLine(to: p) }
                if i == 0 { path.addLine(to: contour[0]) }  // an explicit closing point too
                path.closeSubpath()
            }
            let bold = OutlineEmbolden.emboldened(path, by: 10)
            let box = bold.bounds
            #expect(box.minX == -5 && box.minY == -5 && box.maxX == 105 && box.maxY == 105)
            let hole = Self.points(bold).suffix(4)
            let holeXs: [Double] = hole.map(\.x)
            #expect(holeXs.min() == 35 && holeXs.max() == 65, "\(hole)")
            let area: Double = abs(Self.polygonArea(bold)), expected: Double = 110 * 110 - 30 * 30
            #expect(abs(area - expected) < 1e-9)
        }
    }

    /// Noto Sans 'H' is one rectilinear polygon: emboldened by s, its area
    /// grows by perimeter x s/2 + 4 (s/2)^2 (each edge moves out by s/2;
    /// convex corners exceed concave ones by four).
    @Test func emboldenedAreaIsTheGrownPolygon() throws {
        let glyph = Self.noto.glyph(for: "H")
        let outline = try Self.noto.outline(of: glyph)
        let contour = Self.points(outline)
        #expect(
            outline.elements.allSatisfy {
                if case .quadCurve = $0 { false } else if case .curve = $0 { false } else { true }
            })
        var perimeter = 0.0
        for (i, p) in contour.enumerated() {
            let q = contour[(i + 1) % contour.count]
            #expect(p.x == q.x || p.y == q.y, "rectilinear")
            perimeter += (q - p).length
        }
        let strength = Double(Self.noto.metrics.unitsPerEm) / 24
        let bold = Self.noto.synthesized(weight: 700, slant: .normal)
        #expect(bold.synthesis == FontSynthesis(emboldenStrength: strength))
        let area = abs(Self.polygonArea(outline)), grown = abs(Self.polygonArea(try bold.outline(of: glyph)))
        let half = strength / 2
        #expect(abs(grown - (area + perimeter * half + 4 * half * half)) < 1e-6, "\(area) -> \(grown)")

        // Drawn coverage (alpha summed over the surface, in pixels) is the
        // exact area at the drawing scale, before and after.
        let size = 48.0, unit = size / Double(Self.noto.metrics.unitsPerEm)
        func coverage(_ font: Font) throws -> Double {
            let surface = try Surface(width: 60, height: 60)
            Canvas(surface: surface, scale: 1).draw(
                "H", font: font, size: size, at: Point(x: 6, y: 50), paint: .solid(.black))
            var sum = 0
            for y in 0..<surface.height {
                for x in 0..<surface.width { sum += Int(surface.pixel(x: x, y: y)!.alpha) }
            }
            return Double(sum) / 255
        }
        let regularCoverage = try coverage(Self.noto), boldCoverage = try coverage(bold)
        #expect(abs(regularCoverage - area * unit * unit) < 0.005 * area * unit * unit)
        #expect(abs(boldCoverage - grown * unit * unit) < 0.005 * grown * unit * unit)
        #expect(boldCoverage > regularCoverage * 1.1)
    }

    @Test func aRealFaceWinsOverSynthesis() throws {
        let database = FontDatabase()
        database.addFonts(inDirectory: FixtureFonts.folder)
        let family: [FontFamily] = [.named("Noto Sans")]
        let italic = try #require(database.font(for: family, request: FontRequest(slant: .italic)))
        #expect(italic.style.slant == .italic && italic.synthesis.isNone)
        let oblique = try #require(database.font(for: family, request: FontRequest(slant: .oblique)))
        #expect(oblique.style.slant == .italic && oblique.synthesis.isNone, "oblique takes the italic face")
        for weight in [600, 700, 900] {
            let bold = try #require(database.font(for: family, request: FontRequest(weight: weight)))
            #expect(bold.style.weight == 700 && bold.synthesis.isNone, "\(weight)")
        }
        // Bold italic: the italic face (slant narrows before weight), emboldened.
        let boldItalic = try #require(database.font(for: family, request: FontRequest(weight: 700, slant: .italic)))
        #expect(boldItalic.style.slant == .italic && boldItalic.synthesis.obliqueAngle == 0)
        #expect(boldItalic.synthesis.emboldenStrength == Double(boldItalic.metrics.unitsPerEm) / 24)
    }

    @Test func synthesisOnlyWhereNoFaceReaches() throws {
        let database = FontDatabase()
        database.addFont(file: FixtureFonts.path("NotoSans-Regular.ttf"))
        let family: [FontFamily] = [.named("Noto Sans")]
        let regular = try #require(database.font(for: family, request: FontRequest(weight: 500)))
        #expect(regular.synthesis.isNone, "500 is not bold")
        let bold = try #require(database.font(for: family, request: FontRequest(weight: 600)))
        #expect(bold.style.weight == 400 && bold.synthesis.emboldenStrength == 1000.0 / 24)
        let slanted = try #require(database.font(for: family, request: FontRequest(slant: .oblique)))
        #expect(slanted.synthesis == FontSynthesis(obliqueAngle: FontSynthesis.defaultObliqueAngle))
        #expect(Self.noto.synthesized(weight: 400, slant: .oblique, obliqueAngle: 30).synthesis.obliqueAngle == 30)
        #expect(Self.noto.synthesized(weight: 400, slant: .italic, obliqueAngle: 30).synthesis.obliqueAngle == 14)
        // A variable font whose wght axis reaches bold is varied, not emboldened.
        let flex = try FixtureFonts.variableOrColorFont("RobotoFlex.subset.ttf")
        if flex.variationAxes.contains(where: { $0.tag == "wght" && $0.maximum >= 600 }) {
            #expect(flex.synthesized(weight: 700, slant: .normal).synthesis.isNone)
        }
        // The bold face itself is never emboldened.
        let notoBold = try FixtureFonts.font("NotoSans-Bold.ttf")
        #expect(notoBold.synthesized(weight: 900, slant: .normal).synthesis.isNone)
    }

    @Test func hostileSynthesisValuesAreClamped() throws {
        let font = Self.noto.synthesized(FontSynthesis(obliqueAngle: .infinity, emboldenStrength: 1e300))
        #expect(font.synthesis.obliqueAngle == 0 && font.synthesis.emboldenStrength == 250)
        let steep = Self.noto.synthesized(FontSynthesis(obliqueAngle: 90, emboldenStrength: -.nan))
        #expect(steep.synthesis == FontSynthesis(obliqueAngle: FontSynthesis.maximumObliqueAngle))
        #expect(try steep.outline(of: Self.noto.glyph(for: "W")).isFinite)
        #expect(try font.outline(of: Self.noto.glyph(for: "W")).isFinite)
    }

    /// Coincident points (a hostile outline's, or a contour's closing
    /// one) share their neighbours' shift, found in linear time; a contour
    /// of one point repeated, or a path of no area, stays as it is.
    @Test func emboldenIsLinearInCoincidentPoints() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        for _ in 0..<20_000 { path.addLine(to: Point(x: 0, y: 0)) }
        path.addLine(to: Point(x: 100, y: 0))
        path.addLine(to: Point(x: 0, y: 100))
        path.closeSubpath()
        let bold = OutlineEmbolden.emboldened(path, by: 10)
        let moved = Self.points(bold)
        #expect(moved.count == 20_003)
        // Every copy of the corner moved alike: out of the triangle.
        #expect(moved.prefix(20_001).allSatisfy { $0 == moved[0] } && moved[0].x < 0 && moved[0].y < 0)
        var dot = Path()
        dot.move(to: Point(x: 5, y: 5))
        for _ in 0..<1000 { dot.addLine(to: Point(x: 5, y: 5)) }
        dot.closeSubpath()
        #expect(OutlineEmbolden.emboldened(dot, by: 10) == dot)
        #expect(OutlineEmbolden.distinctNeighbours([Point(x: 1, y: 1), Point(x: 1, y: 1)][...]) == nil)
    }

    @Test func synthesizedFontsAreDistinctInCaches() {
        let bold = Self.noto.synthesized(weight: 700, slant: .normal)
        let slanted = Self.noto.synthesized(weight: 400, slant: .italic)
        #expect(Set([Self.noto.identity, bold.identity, slanted.identity]).count == 3)
        #expect(bold != Self.noto && bold == Self.noto.synthesized(weight: 700, slant: .normal))
        #expect(bold.identity == Self.noto.synthesized(weight: 800, slant: .normal).identity)
        #expect(bold.synthesized(.none) == Self.noto)
    }

    /// A bold or slanted layout font's fallback faces (MPLUS1p here, which
    /// has only a regular face) are drawn bold or slanted too.
    @Test func fallbackFacesTakeTheLayoutFontsStyle() throws {
        let mplus = try FixtureFonts.font("MPLUS1p-Regular.ttf")
        let fallback = FontFallback(fonts: [mplus])
        let notoBold = try FixtureFonts.font("NotoSans-Bold.ttf")
        let cases: [(Font, FontSynthesis)] = [
            (Self.noto, .none),
            (notoBold, FontSynthesis(emboldenStrength: Double(mplus.metrics.unitsPerEm) / 24)),
            (Self.noto.synthesized(weight: 400, slant: .oblique, obliqueAngle: 20), FontSynthesis(obliqueAngle: 20)),
        ]
        for (font, expected) in cases {
            let layout = TextLayout("A日本", font: font.withFallback(fallback), size: 20, lineBreakMode: .clipping)
            #expect(layout.fontCount == 2)
            #expect(layout.fonts[1].familyName == mplus.familyName && layout.fonts[1].synthesis == expected)
        }
    }

    @Test func syntheticStylesGolden() throws {
        let mplus = try FixtureFonts.font("MPLUS1p-Regular.ttf")
        let fallback = FontFallback(fonts: [mplus])
        let scale = 2.0
        let surface = try Surface(width: Int(230 * scale), height: Int(116 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        let styles: [(Int, FontSlant)] = [(400, .normal), (700, .normal), (400, .italic), (700, .oblique)]
        var inks: [Int] = []
        for (row, (weight, slant)) in styles.enumerated() {
            let font = Self.noto.synthesized(weight: weight, slant: slant).withFallback(fallback)
            canvas.draw(
                "Hamburg gaQ 設定", font: font, size: 20, at: Point(x: 8, y: 24 + 27 * Double(row)), paint: .solid(.black)
            )
            surface.flush()
            inks.append(surface.bytes.reduce(0) { $0 + Int(255 - $1) })
        }
        // Each line adds ink; the bold lines add more than the upright
        // regular line (the italic about as much: a skew keeps areas).
        let added = zip(inks, [0] + inks).map { $0 - $1 }
        #expect(added[1] > added[0] * 5 / 4 && added[3] > added[0] * 5 / 4, "\(added)")
        #expect(abs(added[2] - added[0]) < added[0] / 20, "\(added)")
        assertSnapshot(of: surface, named: "synthetic-styles@2x", suite: "Text")
    }
}
