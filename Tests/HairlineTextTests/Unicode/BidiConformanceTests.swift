// Bidi conformance: BidiParagraph against Unicode 15.0's BidiTest.txt
// (bidi classes, paragraph directions as a bit set, levels and visual
// order) and BidiCharacterTest.txt (scalars with brackets, one direction,
// paragraph level, levels, visual order). Every case must pass; debug runs
// check a deterministic sample (every `stride`-th line), HAIRLINE_UNICODE_FULL=1
// checks every line.

import Testing
@testable import HairlineText

@Suite struct BidiConformanceTests {
    static let classNames: [Substring: BidiClass] = [
        "L": .leftToRight, "R": .rightToLeft, "AL": .arabicLetter, "EN": .europeanNumber,
        "ES": .europeanSeparator, "ET": .europeanTerminator, "AN": .arabicNumber, "CS": .commonSeparator,
        "NSM": .nonspacingMark, "BN": .boundaryNeutral, "B": .paragraphSeparator, "S": .segmentSeparator,
        "WS": .whitespace, "ON": .otherNeutral, "LRE": .leftToRightEmbedding, "LRO": .leftToRightOverride,
        "RLE": .rightToLeftEmbedding, "RLO": .rightToLeftOverride, "PDF": .popDirectionalFormat,
        "LRI": .leftToRightIsolate, "RLI": .rightToLeftIsolate, "FSI": .firstStrongIsolate,
        "PDI": .popDirectionalIsolate,
    ]

    /// Levels as the files write them: nil for a removed character.
    static func levelsText(_ p: BidiParagraph, _ levels: [UInt8]) -> [UInt8?] {
        levels.indices.map { p.isRemoved($0) ? nil : levels[$0] }
    }

    /// Visual order without removed characters.
    static func order(_ p: BidiParagraph) -> [Int] {
        p.visualOrder(0..<p.classes.count).filter { !p.isRemoved($0) }
    }

    static func parseLevels(_ field: Substring) -> [UInt8?] {
        field.split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
    }

    @Test func bidiTestFile() throws {
        let stride = UnicodeFixtures.runsAll ? 1 : 29
        var levels: [UInt8?] = [], order: [Int] = []
        var cases = 0, failures: [String] = []
        var dataLine = 0
        for line in try UnicodeFixtures.lines("BidiTest.txt") {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("@Levels:") {
                levels = Self.parseLevels(line.dropFirst(8).drop(while: { $0 == " " || $0 == "\t" }))
                continue
            }
            if line.hasPrefix("@Reorder:") {
                order = line.dropFirst(9).split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Int($0) }
                continue
            }
            if line.hasPrefix("@") { continue }
            dataLine += 1
            guard dataLine % stride == 0 else { continue }
            let fields = line.split(separator: ";")
            guard fields.count == 2, let bits = Int(fields[1].trimmingPrefix(" ")) else { continue }
            let classes = fields[0].split(separator: " ").compactMap { Self.classNames[$0] }
            let lineLevels = levels
            for (bit, direction) in [(1, TextDirection.natural), (2, .leftToRight), (4, .rightToLeft)]
            where bits & bit != 0 {
                cases += 1
                let p = BidiParagraph(classes: classes, direction: direction)
                let got = Self.levelsText(p, p.lineLevels(0..<classes.count))
                if got != lineLevels || Self.order(p) != order {
                    if failures.count < 20 {
                        failures.append("\(line) dir \(direction): levels \(got) order \(Self.order(p))")
                    } else {
                        failures.append("")
                    }
                }
            }
        }
        print("BidiTest.txt: \(cases - failures.count) of \(cases) cases pass (stride \(stride))")
        #expect(cases > 1000)
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func bidiCharacterTestFile() throws {
        let stride = UnicodeFixtures.runsAll ? 1 : 11
        var cases = 0, failures: [String] = []
        var dataLine = 0
        for line in try UnicodeFixtures.lines("BidiCharacterTest.txt") {
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            dataLine += 1
            guard dataLine % stride == 0 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap {
                UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
            }
            let direction: TextDirection = fields[1] == "0" ? .leftToRight : fields[1] == "1" ? .rightToLeft : .natural
            let expectedLevels = Self.parseLevels(fields[3])
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }
            cases += 1
            let p = BidiParagraph(scalars, direction: direction)
            let got = Self.levelsText(p, p.lineLevels(0..<scalars.count))
            if UInt8(fields[2]) != p.paragraphLevel || got != expectedLevels || Self.order(p) != expectedOrder {
                if failures.count < 20 {
                    failures.append("\(line): level \(p.paragraphLevel) levels \(got) order \(Self.order(p))")
                } else {
                    failures.append("")
                }
            }
        }
        print("BidiCharacterTest.txt: \(cases - failures.count) of \(cases) cases pass (stride \(stride))")
        #expect(cases > 1000)
        #expect(failures.isEmpty, "\(failures.count) failures; first: \(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test func visualRunsOfMixedLines() {
        let ltr = BidiParagraph(Array("abc אבג def".unicodeScalars))
        #expect(ltr.paragraphLevel == 0)
        #expect(
            ltr.visualRuns(0..<11).map { [$0.range.lowerBound, $0.range.upperBound, Int($0.level)] }
                == [[0, 4, 0], [4, 7, 1], [7, 11, 0]])
        let rtl = BidiParagraph(Array("אבג abc דהו".unicodeScalars))
        #expect(rtl.paragraphLevel == 1)
        #expect(
            rtl.visualRuns(0..<11).map { [$0.range.lowerBound, $0.range.upperBound, Int($0.level)] }
                == [[7, 11, 1], [4, 7, 2], [0, 4, 1]])
        #expect(rtl.visualOrder(0..<11) == [10, 9, 8, 7, 4, 5, 6, 3, 2, 1, 0])
        // Mirroring and bracket data from the tables.
        #expect(Unicode.Scalar("(").bidiMirror == ")" && Unicode.Scalar("«").bidiMirror == "»")
        #expect(Unicode.Scalar("a").bidiMirror == nil)
        #expect(
            Unicode.Scalar("[").bidiPairedBracket.type == .open && Unicode.Scalar("]").bidiPairedBracket.pair == "[")
        #expect(BidiClass("א") == .rightToLeft && BidiClass("ب") == .arabicLetter && BidiClass("٣") == .arabicNumber)
        #expect(LineBreakClass("日") == .id && LineBreakClass("。") == .cl && LineBreakClass("「") == .opEastAsian)
    }
}
