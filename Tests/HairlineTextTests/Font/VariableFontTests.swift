// Variable fonts: avar's mapping, gvar's deltas (explicit, inferred by
// IUP, composite offsets, phantom-point advances) and HVAR's advances on
// a hand-built font whose expected values are worked out on paper from
// its bytes (VariationBuilder.swift); RobotoFlex (a real variable font)
// for consistency: its default instance is its plain outline exactly,
// HVAR and gvar's phantom points agree on every advance, ink grows with
// weight; hostile variation tables load or are dropped, never trap.

import Hairline
@testable import HairlineText
import Testing

@Suite struct VariableFontTests {
    static func points(_ path: Path) -> [Point] {
        path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p): return p
            default: return nil
            }
        }
    }

    @Test func fvarAxesAndAvarMapping() throws {
        let font = try Font(data: VariationBuilder.font())
        #expect(font.variationAxes == [VariationAxis(tag: "wght", minimum: 100, defaultValue: 400, maximum: 900)])
        // 650 is halfway to the maximum: 0.5, which avar maps to 0.8, kept
        // in F2Dot14 (13107 / 16384).
        #expect(font.varied([FontVariation("wght", 650)]).normalizedCoordinates == [13107.0 / 16384])
        // Below the default: -(400 - 250) / 300 = -0.5, on avar's identity part.
        #expect(font.varied([FontVariation("wght", 250)]).normalizedCoordinates == [-0.5])
        // Clamped to the axis; unknown tags ignored; the default is no instance.
        #expect(font.varied([FontVariation("wght", 5000)]).normalizedCoordinates == [1])
        #expect(font.varied([FontVariation("wdth", 50)]).normalizedCoordinates.isEmpty)
        #expect(font.varied([FontVariation("wght", 400)]).isVariedInstance == false)
        let plain = try Font(data: VariationBuilder.font(avar: false))
        #expect(plain.varied([FontVariation("wght", 650)]).normalizedCoordinates == [0.5])
        // Later settings of one axis win.
        #expect(font.varied([FontVariation("wght", 900), FontVariation("wght", 100)]).normalizedCoordinates == [-1])
    }

    @Test func gvarDeltasExplicitAndInferred() throws {
        let font = try Font(data: VariationBuilder.font())
        let square = GlyphID(1)
        #expect(
            Self.points(try font.outline(of: square)) == [
                Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100), Point(x: 0, y: 100),
            ])
        // At the peak: point 0 +(10, 0), point 2 +(30, 20) explicitly; point 1
        // (x = 100, the right reference's x; y = 0, the lower one's) takes
        // (30, 0); point 3 (x = 0, y = 100) takes (10, 20).
        let bold = font.varied([FontVariation("wght", 900)])
        #expect(
            Self.points(try bold.outline(of: square)) == [
                Point(x: 10, y: 0), Point(x: 130, y: 0), Point(x: 130, y: 120), Point(x: 10, y: 120),
            ])
        // At wght 650 (0.8 after avar, 13107 / 16384 in F2Dot14) every
        // delta is that many times as large.
        let semibold = font.varied([FontVariation("wght", 650)])
        let s = 13107.0 / 16384
        let expected = [
            Point(x: 10 * s, y: 0), Point(x: 100 + 30 * s, y: 0), Point(x: 100 + 30 * s, y: 100 + 20 * s),
            Point(x: 10 * s, y: 100 + 20 * s),
        ]
        for (got, want) in zip(Self.points(try semibold.outline(of: square)), expected) {
            #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9)
        }
        // The other side of the default: the tuple (peak +1) does not apply.
        #expect(
            Self.points(try font.varied([FontVariation("wght", 100)]).outline(of: square))
                == Self.points(try font.outline(of: square)))
        // The composite moves its component by (15, 5) on top of the component's own deltas.
        #expect(
            Self.points(try bold.outline(of: GlyphID(2))) == [
                Point(x: 225, y: 5), Point(x: 345, y: 5), Point(x: 345, y: 125), Point(x: 225, y: 125),
            ])
        #expect(bold.bounds(of: square) == GlyphBounds(xMin: 10, yMin: 0, xMax: 130, yMax: 120))
    }

    @Test func advancesFromPhantomPointsAndHVAR() throws {
        let font = try Font(data: VariationBuilder.font())
        #expect(font.advance(of: GlyphID(1)) == 500)
        // gvar's right phantom point moves by 50 at the peak, 40 at 0.8.
        #expect(font.varied([FontVariation("wght", 900)]).advance(of: GlyphID(1)) == 550)
        #expect(font.varied([FontVariation("wght", 650)]).advance(of: GlyphID(1)) == 540)  // 500 + 39.9996, rounded
        // HVAR, when present, is used instead: 77 at the peak.
        let withHVAR = try Font(data: VariationBuilder.font(withHVAR: true))
        #expect(withHVAR.varied([FontVariation("wght", 900)]).advance(of: GlyphID(1)) == 577)
        #expect(withHVAR.varied([FontVariation("wght", 900)]).advance(of: GlyphID(2)) == 500)
        #expect(
            withHVAR.varied([FontVariation("wght", 650)]).advance(of: GlyphID(1))
                == Int((13107.0 / 16384 * 77 + 500).rounded()))
    }

    @Test func instancesAreDistinctForCaches() throws {
        let font = try Font(data: VariationBuilder.font())
        let a = font.varied([FontVariation("wght", 900)]), b = font.varied([FontVariation("wght", 900)])
        let c = font.varied([FontVariation("wght", 650)])
        #expect(a == b && a.identity == b.identity)
        #expect(a != c && a.identity != c.identity && a.identity != font.identity)
        #expect(font.varied([FontVariation("wght", 400)]).identity == font.identity)
    }

    @Test func cssSettingsParse() {
        #expect(FontVariation.list(css: "normal") == [])
        #expect(
            FontVariation.list(css: "'wght' 800, \"wdth\" 50 ,'GRAD' -100.5") == [
                FontVariation("wght", 800), FontVariation("wdth", 50), FontVariation("GRAD", -100.5),
            ])
        #expect(FontVariation.list(css: "wght 800") == nil)
        #expect(FontVariation.list(css: "'wgh' 800") == nil)
        #expect(FontVariation.list(css: "'wght'") == nil)
        #expect(FontVariation.list(css: "'wght' 1e300") == nil)
        #expect(FontStyle.widthPercent(ofClass: 3) == 75 && FontStyle.widthPercent(ofClass: 9) == 200)
    }

    static let roboto = "RobotoFlex.subset.ttf"

    @Test func robotoFlexDefaultIsThePlainOutlineAndHVARAgreesWithPhantoms() throws {
        let font = try FixtureFonts.variableOrColorFont(Self.roboto)
        let tags = Set(font.variationAxes.map(\.tag))
        #expect(tags.isSuperset(of: ["wght", "wdth", "opsz", "slnt", "GRAD"]))
        let defaults = font.varied(font.variationAxes.map { FontVariation($0.tag, $0.defaultValue) })
        for scalar in "Bold Thin".unicodeScalars {
            let glyph = font.glyph(for: scalar)
            #expect(try defaults.outline(of: glyph) == (try font.outline(of: glyph)))
            #expect(defaults.advance(of: glyph) == font.advance(of: glyph))
        }
        // Two independent records of each advance's variation: HVAR's store
        // and gvar's phantom points (built from the same masters).
        for settings in [
            [FontVariation("wght", 100)], [FontVariation("wght", 1000)], [FontVariation("wdth", 25)],
            [FontVariation("wdth", 151), FontVariation("wght", 700)],
        ] {
            let instance = font.varied(settings)
            for scalar in "BoldThinWide".unicodeScalars {
                let glyph = Int(font.glyph(for: scalar).rawValue)
                let hvar = instance.advanceVariation(of: glyph), phantom = instance.phantomAdvanceVariation(of: glyph)
                #expect(abs(hvar - phantom) <= 1, "\(scalar) at \(settings): HVAR \(hvar), phantoms \(phantom)")
            }
        }
    }

    @Test func robotoFlexInkGrowsWithWeight() throws {
        let font = try FixtureFonts.variableOrColorFont(Self.roboto)
        let glyph = font.glyph(for: "o")
        var widths: [Int] = []
        for weight in [100.0, 400, 1000] {
            let instance = font.varied([FontVariation("wght", weight)])
            let box = try #require(instance.bounds(of: glyph))
            widths.append(box.xMax - box.xMin)
        }
        #expect(widths[0] < widths[1] && widths[1] < widths[2], "\(widths)")
    }

    /// Every truncation of fvar, avar, gvar and HVAR, and forged counts:
    /// the font loads (the damaged table dropped) or throws, and its
    /// instances' queries return.
    @Test func hostileVariationTables() throws {
        let tables: [(String, [UInt8])] = [
            ("fvar", VariationBuilder.fvar()), ("avar", VariationBuilder.avar()),
            ("gvar", VariationBuilder.gvar()), ("HVAR", VariationBuilder.hvar()),
        ]
        func build(_ replaced: String, _ bytes: [UInt8]) -> [UInt8] {
            let B = FontBuilder.self
            let square = B.simple([B.square(0, 0, 100)])
            let composite = B.composite([B.Component(glyph: 1, dx: 200, dy: 0, scale: .none)])
            let map = B.cmap([(3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x42, delta: 1 - 0x41)]))])
            return B.font(
                glyphs: [B.Glyph(data: square), B.Glyph(data: square), B.Glyph(data: composite)], cmap: map,
                extra: tables.map { $0.0 == replaced ? ($0.0, bytes) : $0 })
        }
        var loaded = 0
        for (tag, bytes) in tables {
            var variants = (0..<bytes.count).map { Array(bytes[0..<$0]) }
            // Forged: every 16-bit field set to 0xFFFF in turn.
            for at in stride(from: 0, to: bytes.count - 1, by: 2) {
                var forged = bytes
                forged[at] = 0xFF; forged[at + 1] = 0xFF
                variants.append(forged)
            }
            for variant in variants {
                guard let font = try? Font(data: build(tag, variant)) else { continue }
                loaded += 1
                for weight in [100.0, 650, 900] {
                    let instance = font.varied([FontVariation("wght", weight)])
                    for g in 0..<4 {
                        _ = try? instance.outline(of: GlyphID(UInt16(g)))
                        _ = instance.advance(of: GlyphID(UInt16(g)))
                        _ = instance.bounds(of: GlyphID(UInt16(g)))
                    }
                }
            }
        }
        #expect(loaded > 100)
    }

    /// A gvar whose one glyph claims 4095 tuples of every point is refused
    /// by the work budget or its bytes running out, quickly.
    @Test func gvarTupleBombTerminates() throws {
        var g = ByteWriter()
        g.u16(0x0FFF); g.u16(0xFFF0)  // serialized data far past the glyph's bytes
        for _ in 0..<4095 { g.u16(0); g.u16(0x8000); g.f2Dot14(1) }
        var w = ByteWriter()
        let dataStart = 20 + 4 * 4
        w.u16(1); w.u16(0); w.u16(1); w.u16(0); w.u32(dataStart); w.u16(3); w.u16(1); w.u32(dataStart)
        w.u32(0); w.u32(g.count); w.u32(g.count); w.u32(g.count)
        let B = FontBuilder.self
        let map = B.cmap([(3, 1, B.cmap4([B.Segment(start: 0x41, end: 0x41, delta: 1 - 0x41)]))])
        let bytes = B.font(
            glyphs: [
                B.Glyph(data: B.simple([B.square(0, 0, 100)])), B.Glyph(data: B.simple([B.square(0, 0, 100)])),
                B.Glyph(data: []),
            ], cmap: map,
            extra: [("fvar", VariationBuilder.fvar()), ("gvar", w.bytes + g.bytes)])
        let font = try Font(data: bytes).varied([FontVariation("wght", 900)])
        // The first tuple's data lies outside the glyph's bytes: a typed error.
        #expect(throws: FontError.self) { try font.outline(of: GlyphID(0)) }
        #expect(font.advance(of: GlyphID(0)) == 500)
    }
}
