// Line break conformance: LineBreakAnalyzer against Unicode 15.0's
// LineBreakTest.txt (every line: hex scalars with ÷ where a break is
// allowed and × where it is not), plus the rules the layout leans on.

import Testing
@testable import HairlineText

@Suite struct LineBreakConformanceTests {
    @Test func lineBreakTestFile() throws {
        var cases = 0, failures: [String] = []
        for line in try UnicodeFixtures.lines("LineBreakTest.txt") {
            let body = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let tokens = body.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard tokens.count >= 3 else { continue }
            var scalars: [Unicode.Scalar] = [], expected: [Bool] = []
            for token in tokens {
                if token == "÷" {
                    expected.append(true)
                } else if token == "×" {
                    expected.append(false)
                } else if let v = UInt32(token, radix: 16), let s = Unicode.Scalar(v) {
                    scalars.append(s)
                }
            }
            guard expected.count == scalars.count + 1 else { continue }
            cases += 1
            let got = LineBreakAnalyzer.opportunities(scalars).map { $0 != .prohibited }
            if got != expected {
                failures.append(String(line.prefix(300)) + " got " + got.map { $0 ? "÷" : "×" }.joined())
            }
        }
        print("LineBreakTest.txt: \(cases - failures.count) of \(cases) cases pass")
        #expect(cases > 7000)
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(15).joined(separator: "\n"))")
    }

    @Test func cjkBreaksBetweenIdeographsButNotAroundPunctuation() {
        let text = Array("日本語の「文章」です。".unicodeScalars)
        let o = LineBreakAnalyzer.opportunities(text)
        #expect(o[1] == .allowed)  // 日 ÷ 本
        #expect(o[4] == .allowed)  // の ÷ 「
        #expect(o[5] == .prohibited)  // 「 × 文 (no break after opening punctuation)
        #expect(o[7] == .prohibited)  // 章 × 」 (none before closing punctuation)
        #expect(o[10] == .prohibited)  // す × 。
        #expect(o[11] == .mandatory)
    }

    @Test func latinBreaksAfterSpacesAndHyphens() {
        let o = LineBreakAnalyzer.opportunities(Array("a well-known 3.14 (x)".unicodeScalars))
        let allowed = o.indices.filter { o[$0] == .allowed }
        #expect(allowed == [2, 7, 13, 18])
    }

    @Test func regionalIndicatorsPairUp() {
        // Four flags' letters: breaks only between pairs (LB30a).
        let ri = Array("\u{1F1EF}\u{1F1F5}\u{1F1FA}\u{1F1F8}".unicodeScalars)
        #expect(LineBreakAnalyzer.opportunities(ri) == [.prohibited, .prohibited, .allowed, .prohibited, .mandatory])
    }
}
