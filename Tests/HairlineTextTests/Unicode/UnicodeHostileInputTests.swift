// Hostile input for the Unicode algorithms: runs that a naive rule
// would rescan (dots, regional indicators, spaces), embeddings and
// isolates far past the depth limit, and unpaired brackets past the
// bracket stack: every call returns, levels stay within 0...126.

import Testing
@testable import HairlineText

@Suite struct UnicodeHostileInputTests {
    @Test func longRunsAreLinear() {
        let count = 100_000
        for scalar: Unicode.Scalar in [".", "\u{1F1EF}", " ", "1", "\u{0301}"] {
            let o = LineBreakAnalyzer.opportunities([Unicode.Scalar](repeating: scalar, count: count))
            #expect(o.count == count + 1)
            #expect(o.last == .mandatory)
        }
        // Regional indicators still pair up at the end of a long run.
        let flags = LineBreakAnalyzer.opportunities([Unicode.Scalar](repeating: "\u{1F1EF}", count: 1001))
        #expect(flags[1000] == .allowed && flags[999] == .prohibited)
    }

    @Test func embeddingsPastTheDepthLimit() {
        for opener: Unicode.Scalar in ["\u{202B}", "\u{202A}", "\u{2067}", "\u{2068}", "\u{202E}"] {
            let scalars =
                [Unicode.Scalar](repeating: opener, count: 400) + Array("abc אבג 123".unicodeScalars)
                + [Unicode.Scalar](repeating: "\u{2069}", count: 400)
            let p = BidiParagraph(scalars)
            #expect(p.levels.allSatisfy { $0 <= BidiParagraph.maximumDepth + 1 })
            #expect(Set(p.visualOrder(0..<scalars.count)).count == scalars.count)
        }
    }

    @Test func manyBracketsAndIsolates() {
        let scalars =
            Array(String(repeating: "(א", count: 5000).unicodeScalars)
            + Array(String(repeating: ")\u{2068}b", count: 5000).unicodeScalars)
        let p = BidiParagraph(scalars, direction: .leftToRight)
        #expect(p.levels.count == scalars.count)
        let layout = TextLayout(
            String(String.UnicodeScalarView(scalars)), font: try! Font(.dejaVuSans), size: 12,
            width: 300)
        #expect(layout.lines.count > 10)
    }
}
