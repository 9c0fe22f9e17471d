// Canonical composition of a base and a mark (`Font.composition`, the
// standard library's NFC) against Foundation's NFC, the implementation it
// replaced: every canonical pair of Unicode's decompositions whose second
// character is a mark (the pairs the shaper composes), and a grid of
// Latin, Greek and Cyrillic letters with every combining diacritic
// (U+0300–U+036F), composing or not.

import Foundation
import Testing

@testable import HairlineText

@Suite struct MarkCompositionTests {
    /// `base` + `mark` composed by Foundation, nil unless one character.
    static func foundationComposition(_ base: Unicode.Scalar, _ mark: Unicode.Scalar) -> Unicode.Scalar? {
        var pair = String.UnicodeScalarView()
        pair.append(base)
        pair.append(mark)
        let composed = String(pair).precomposedStringWithCanonicalMapping.unicodeScalars
        return composed.count == 1 ? composed.first : nil
    }

    /// (base, mark, composite) from every scalar whose canonical
    /// decomposition ends in a mark: the base is the NFC of the rest.
    static func canonicalPairs() -> [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)] {
        var pairs: [(Unicode.Scalar, Unicode.Scalar, Unicode.Scalar)] = []
        for value in UInt32(0xC0)...0x2_FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .unassigned else {
                continue
            }
            let decomposed = Array(String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars)
            guard decomposed.count >= 2, let mark = decomposed.last,
                mark.properties.canonicalCombiningClass.rawValue != 0
            else { continue }
            var rest = String.UnicodeScalarView()
            rest.append(contentsOf: decomposed.dropLast())
            let base = String(rest).precomposedStringWithCanonicalMapping.unicodeScalars
            guard base.count == 1, let first = base.first else { continue }
            pairs.append((first, mark, scalar))
        }
        return pairs
    }

    @Test func everyCanonicalPairComposesAsFoundationDoes() {
        let pairs = Self.canonicalPairs()
        #expect(pairs.count > 900, "Latin, Greek, Cyrillic, Indic nukta forms, ...")
        var composing = 0
        for (base, mark, composite) in pairs {
            let expected = Self.foundationComposition(base, mark)
            let actual = Font.composition(base, mark)
            #expect(actual == expected, "U+\(String(base.value, radix: 16)) U+\(String(mark.value, radix: 16))")
            if actual == composite { composing += 1 }
        }
        // Composition exclusions (e.g. U+0958 DEVANAGARI QA) decompose but
        // never compose: most pairs do.
        #expect(composing > pairs.count * 3 / 4)
        #expect(Font.composition("g", "\u{0327}") == "\u{0123}")
        #expect(Font.composition("\u{0915}", "\u{093C}") == nil, "U+0958 is a composition exclusion")
        #expect(Font.composition("x", "\u{0301}") == nil)
    }

    @Test func letterAndDiacriticGridMatchesFoundation() {
        let bases =
            Array(UInt32(0x41)...0x5A) + Array(UInt32(0x61)...0x7A) + Array(UInt32(0x391)...0x3C9)
            + Array(UInt32(0x410)...0x44F) + [0xC6, 0xD8, 0xE6, 0xF8, 0x1B7, 0x292]
        var composed = 0
        for b in bases {
            guard let base = Unicode.Scalar(b) else { continue }
            for m in UInt32(0x300)...0x36F {
                let mark = Unicode.Scalar(m)!
                let actual = Font.composition(base, mark)
                #expect(actual == Self.foundationComposition(base, mark))
                if actual != nil { composed += 1 }
            }
        }
        #expect(composed > 400)
    }
}
