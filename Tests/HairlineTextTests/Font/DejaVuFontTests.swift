// The parser on the bundled DejaVu fonts: names, style, metrics; advances
// and cmap lookups compared with the plain reference reader for every
// glyph and every BMP scalar; kerning compared with the reference's GPOS
// and kern scans; composite outlines equal to their transformed components;
// every outline closed and inside its glyph's bounds.

import Hairline
@testable import HairlineText
import Testing

@Suite struct DejaVuFontTests {
    static let fonts: [BundledFont: (Font, [UInt8])] = {
        var result: [BundledFont: (Font, [UInt8])] = [:]
        for bundled in BundledFont.allCases {
            if let bytes = try? bundled.data(), let font = try? Font(data: bytes) { result[bundled] = (font, bytes) }
        }
        return result
    }()

    func load(_ bundled: BundledFont) throws -> (Font, ReferenceReader) {
        let (font, bytes) = try #require(Self.fonts[bundled])
        return (font, ReferenceReader(bytes))
    }

    @Test func namesStyleAndMetrics() throws {
        let (book, _) = try load(.dejaVuSans), (bold, _) = try load(.dejaVuSansBold)
        #expect(book.familyName == "DejaVu Sans" && book.styleName == "Book" && book.fullName == "DejaVu Sans")
        #expect(bold.familyName == "DejaVu Sans" && bold.styleName == "Bold" && bold.fullName == "DejaVu Sans Bold")
        #expect(!book.isBold && bold.isBold)
        #expect(book.metrics.unitsPerEm == 2048 && bold.metrics.unitsPerEm == 2048)
        #expect(book.metrics.ascent == 1901 && book.metrics.descent == 483 && book.metrics.lineGap == 0)
        // OS/2 is version 1: cap and x heights are the tops of 'H' and 'x'.
        #expect(book.metrics.capHeight == book.bounds(of: book.glyph(for: "H"))?.yMax)
        #expect(book.metrics.capHeight == 1493 && book.metrics.xHeight == 1120)
        #expect(try Font(.dejaVuSans).glyphCount == book.glyphCount)
    }

    @Test(arguments: BundledFont.allCases)
    func advancesAndCharacterMapMatchTheReference(_ bundled: BundledFont) throws {
        let (font, reference) = try load(bundled)
        #expect(font.glyphCount == reference.glyphCount && font.glyphCount > 5000)
        for glyph in 0..<font.glyphCount {
            #expect(font.advance(of: GlyphID(UInt16(glyph))) == reference.advance(glyph))
        }
        #expect(font.advance(of: GlyphID(UInt16(font.glyphCount))) == 0)
        var mismatches = 0, mapped = 0
        for code in 0...0xFFFF {
            guard let scalar = Unicode.Scalar(code) else { continue }
            let glyph = Int(font.glyph(for: scalar).rawValue)
            if glyph != reference.cmap4(code) { mismatches += 1 }
            if glyph != 0 { mapped += 1 }
        }
        #expect(mismatches == 0)
        #expect(mapped > 3000)
        for code in [0x1D400, 0x1D7FF, 0x1F600, 0x10FFFF, 0x20000] {
            #expect(Int(font.glyph(for: Unicode.Scalar(code)!).rawValue) == reference.cmap12(code))
        }
        #expect(font.glyph(for: "A") != .notdef && font.glyph(for: "\u{E000}") == .notdef)
    }

    @Test(arguments: BundledFont.allCases)
    func kerningMatchesTheReference(_ bundled: BundledFont) throws {
        let (font, reference) = try load(bundled)
        func glyph(_ c: Character) -> GlyphID { font.glyph(for: c.unicodeScalars.first!) }
        let av = font.kerning(between: glyph("A"), and: glyph("V"))
        #expect(av < 0)
        #expect(font.kerning(between: glyph("T"), and: glyph("o")) < 0)
        #expect(font.kerning(between: glyph("L"), and: glyph("T")) < 0)
        let letters = Array("AVTLPYWFoaeyw.,-")
        var nonZero = 0
        for l in letters {
            for r in letters {
                let value = font.kerning(between: glyph(l), and: glyph(r))
                #expect(value == reference.kerning(Int(glyph(l).rawValue), Int(glyph(r).rawValue)), "\(l)\(r)")
                if value != 0 { nonZero += 1 }
            }
        }
        #expect(nonZero > 20)
        #expect(font.kerning(between: GlyphID(60000), and: glyph("A")) == 0)
    }

    @Test(arguments: ["é", "ñ", "ǻ", "ŷ", "Ä"])
    func compositeOutlinesAreTheirComponents(_ character: String) throws {
        let (font, reference) = try load(.dejaVuSans)
        let glyph = font.glyph(for: character.unicodeScalars.first!)
        let glyf = reference.tables["glyf"]!.offset, loca = reference.tables["loca"]!.offset
        let long = reference.s16(reference.tables["head"]!.offset + 50) == 1
        let start =
            glyf
            + (long ? reference.u32(loca + 4 * Int(glyph.rawValue)) : 2 * reference.u16(loca + 2 * Int(glyph.rawValue)))
        try #require(reference.s16(start) < 0, "a composite glyph")
        var expected = Path(), at = start + 10, more = true
        while more {
            let flags = reference.u16(at), component = reference.u16(at + 2)
            #expect(flags & 0x0002 != 0)
            var dx = 0, dy = 0
            if flags & 1 != 0 {
                dx = reference.s16(at + 4); dy = reference.s16(at + 6); at += 8
            } else {
                dx = Int(Int8(bitPattern: reference.b[at + 4])); dy = Int(Int8(bitPattern: reference.b[at + 5]));
                at += 6
            }
            #expect(flags & 0x00C8 == 0, "DejaVu's accents are not scaled")
            let outline = try font.outline(of: GlyphID(UInt16(component)))
            expected.addPath(outline.applying(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: Double(dx), ty: Double(dy))))
            more = flags & 0x0020 != 0
        }
        #expect(try font.outline(of: glyph) == expected)
        #expect(!expected.isEmpty)
    }

    @Test(arguments: BundledFont.allCases)
    func everyOutlineIsClosedAndInsideItsBounds(_ bundled: BundledFont) throws {
        let (font, _) = try load(bundled)
        var outside = 0, empty = 0
        for index in 0..<font.glyphCount {
            let glyph = GlyphID(UInt16(index))
            let path = try font.outline(of: glyph)
            guard let box = font.bounds(of: glyph) else {
                #expect(path.isEmpty)
                empty += 1
                continue
            }
            var open = false
            for element in path.elements {
                var points: [Point] = []
                switch element {
                case .move(let p): open = true; points = [p]
                case .line(let p): points = [p]
                case .quadCurve(let p, let c): points = [p, c]
                case .closeSubpath: open = false
                default: Issue.record("unexpected element \(element)")
                }
                for p in points
                where
                    !(Double(box.xMin) - 1...Double(box.xMax) + 1 ~= p.x
                    && Double(box.yMin) - 1...Double(box.yMax) + 1 ~= p.y)
                {
                    outside += 1
                }
            }
            #expect(!open, "glyph \(index) ends closed")
        }
        #expect(outside == 0)
        #expect(empty > 0 && empty < font.glyphCount / 10)
    }
}
