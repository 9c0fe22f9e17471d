// Mark normalization before GSUB (MarkNormalization.swift), on Noto Sans:
// marks after a base come out in canonical combining class order, a base
// and mark compose where NFC gives a character the font has (and only
// then), a composed mark is not blocked by a kept mark of lower class,
// and clusters stay the base's.
// The reference is Foundation's NFC of the same text, independent of the
// shaper's own pass.

import Foundation
import Testing
@testable import HairlineText

@Suite struct MarkNormalizationTests {
    static let noto = Result { try FixtureFonts.font("NotoSans-Regular.ttf") }

    func glyphs(_ text: String, _ font: Font) -> [GlyphID] {
        font.shape(Array(text.unicodeScalars)).glyphs.map(\.glyph)
    }

    @Test func baseAndMarkComposeToTheFontsCharacter() throws {
        let font = try Self.noto.get()
        let run = font.shape(Array("g\u{0327}".unicodeScalars))
        #expect(run.glyphs.map(\.glyph) == [font.glyph(for: "\u{0123}")])
        #expect(run.glyphs.map(\.cluster) == [0])
    }

    /// o + diaeresis (230) + low line (220): the low line sorts first and
    /// does not block the diaeresis, which composes: ö, then the low line,
    /// as NFC writes the same text.
    @Test func belowMarkSortsFirstAndDoesNotBlock() throws {
        let font = try Self.noto.get()
        let text = "o\u{0308}\u{0332}"
        let nfc = text.precomposedStringWithCanonicalMapping
        #expect(Array(nfc.unicodeScalars) == ["\u{00F6}", "\u{0332}"])
        #expect(glyphs(text, font) == nfc.unicodeScalars.map { font.glyph(for: $0) })
        #expect(font.shape(Array(text.unicodeScalars)).glyphs.map(\.cluster) == [0, 0])
    }

    /// x has no precomposed forms: its marks are only reordered, each
    /// glyph the cmap's, the cluster the base's.
    @Test func marksWithoutCompositionAreReordered() throws {
        let font = try Self.noto.get()
        let run = font.shape(Array("x\u{0301}\u{0333}\u{0300}y".unicodeScalars))
        let want: [Unicode.Scalar] = ["x", "\u{0333}", "\u{0301}", "\u{0300}", "y"]
        #expect(run.glyphs.map(\.glyph) == want.map { font.glyph(for: $0) })
        #expect(run.glyphs.map(\.cluster) == [0, 0, 0, 0, 4])
        // Two marks of one class keep their order, and the second is
        // blocked from composing by the first (NFC agrees: a + grave + acute).
        let text = "a\u{0300}\u{0301}"
        #expect(
            glyphs(text, font) == text.precomposedStringWithCanonicalMapping.unicodeScalars.map { font.glyph(for: $0) })
        #expect(glyphs(text, font).count == 2)
    }

    /// Random base + mark sequences from a pool of above, below and
    /// overlay marks shape to the glyphs of their NFC form wherever the
    /// font has every NFC character.
    @Test(arguments: 0..<4)
    func randomSequencesMatchNFC(seed: UInt64) throws {
        let font = try Self.noto.get()
        var state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let bases: [Unicode.Scalar] = ["a", "e", "o", "u", "c", "g", "n", "x"]
        let marks: [Unicode.Scalar] = [
            "\u{0300}", "\u{0301}", "\u{0308}", "\u{0327}", "\u{0323}", "\u{0332}", "\u{0303}",
        ]
        var compared = 0
        for _ in 0..<200 {
            var text = String.UnicodeScalarView()
            text.append(bases[next(bases.count)])
            for _ in 0..<(1 + next(3)) { text.append(marks[next(marks.count)]) }
            let nfc = String(text).precomposedStringWithCanonicalMapping.unicodeScalars
            let want = nfc.map { font.glyph(for: $0) }
            guard !want.contains(GlyphID(0)) else { continue }
            compared += 1
            let got = font.shape(Array(text), options: ShapingOptions(disabledFeatures: ["ccmp"])).glyphs.map(\.glyph)
            #expect(got == want, "\(Array(text).map { String($0.value, radix: 16) })")
        }
        #expect(compared > 100)
    }
}
