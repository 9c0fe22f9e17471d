// CFF2 Private DICTs with blends (issue 36): a Private DICT whose vsindex
// selects ItemVariationData 1 (one region) and then blends its BlueValues
// with that one region's delta parses (with vsindex 0's two regions the
// same operands would be refused), and its Font DICT's charstrings, which
// have no vsindex of their own, blend with data 1's region list at the
// default, at wght 900 and at the avar-mapped wght 650 (exact points).
// Hostile Private DICTs (a blend count past the stack, a negative one, a
// short blend, more than 513 operands, an unknown vsindex, a run-away
// real, random bytes) throw or parse, never trap or hang.

import Hairline
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct CFF2PrivateDictTests {
    /// DICT operand bytes for small integers (-107 ... 107).
    static func v(_ value: Int) -> UInt8 { UInt8(value + 139) }

    /// vsindex 1; BlueValues [-10 + 20 x scalar, 0] (a blend of one value
    /// with data 1's one delta); then a second blended pair.
    static let blendedPrivate: [UInt8] =
        [v(1), 22] + [v(-10), v(20), v(1), 23, v(0), 6]
        + [v(5), v(7), v(3), v(-4), v(2), 23, 7]

    static func glyph3(_ font: Font) throws -> [Point] { CFF2FontTests.points(try font.outline(of: GlyphID(3))) }

    @Test func aBlendAfterVsindexUsesItsRegionList() throws {
        let font = try Font(data: CFF2Builder.font(cff2: CFF2Builder.table(private1: Self.blendedPrivate)))
        #expect(try Self.glyph3(font) == [Point(x: 0, y: 0), Point(x: 100, y: 0), Point(x: 100, y: 100)])
        let heavy = font.varied([FontVariation("wght", 900)])
        #expect(try Self.glyph3(heavy) == [Point(x: 0, y: 0), Point(x: 120, y: 0), Point(x: 120, y: 100)])
        // Data 1 has region 0 only (wght 0 ... 1): wght 100 leaves it.
        let light = font.varied([FontVariation("wght", 100)])
        #expect(try Self.glyph3(light)[1] == Point(x: 100, y: 0))
        let middle = font.varied([FontVariation("wght", 650)])
        let c = 13107.0 / 16384
        #expect(try Self.glyph3(middle)[1] == Point(x: 100 + 20 * c, y: 0))
        // Glyph 1 (Font DICT 0, vsindex 0) keeps both regions.
        #expect(CFF2FontTests.points(try heavy.outline(of: GlyphID(1))) == CFF2FontTests.square(right: 450))
    }

    /// The DICT's blended values at an instance: each default plus its
    /// deltas times data 1's one region scalar.
    @Test func blendedValuesAtAnInstance() throws {
        let bytes = Self.blendedPrivate
        let dict = try CFFDict(
            FontData(bytes: bytes), FontTable(tag: "CFF2", offset: 0, length: bytes.count), regionCounts: [2, 1])
        #expect(dict.integer(CFFDict.variationIndex) == 1)
        #expect(dict.entries[6] == [-10, 0] && dict.entries[7] == [5, 7])
        #expect(dict.deltas[6] == [[20], []] && dict.deltas[7] == [[3], [-4]])
        #expect(dict.values(6, scalars: [0]) == [-10, 0])
        #expect(dict.values(6, scalars: [1]) == [10, 0])
        #expect(dict.values(7, scalars: [0.5]) == [6.5, 5])
        #expect(dict.values(7, scalars: []) == [5, 7], "the default instance")
        #expect(dict.values(19, scalars: [1]) == nil)
        // Without blends (a CFF1 DICT): the values as written.
        let plain = try CFFDict(
            FontData(bytes: [Self.v(3), Self.v(4), 6]), FontTable(tag: "CFF ", offset: 0, length: 3))
        #expect(plain.values(6, scalars: [1]) == [3, 4] && plain.deltas.isEmpty)
    }

    /// The same blend read with vsindex 0 (two regions) lacks an operand.
    @Test func theSameBlendWithTwoRegionsIsRefused() {
        let withoutVsindex = Array(Self.blendedPrivate.dropFirst(2))
        #expect(throws: FontError.self) {
            try Font(data: CFF2Builder.font(cff2: CFF2Builder.table(private1: withoutVsindex)))
        }
    }

    @Test func hostilePrivateDictsThrow() {
        let v = Self.v
        let int32Max: [UInt8] = [29, 0x7F, 0xFF, 0xFF, 0xFF]
        let cases: [(String, [UInt8])] = [
            ("a huge blend count", [v(1), 22, v(0), v(0)] + int32Max + [23]),
            ("a negative blend count", [v(1), 22, v(0), v(0), v(-3), 23]),
            ("a short blend", [v(1), 22, v(0), v(2), 23]),
            ("a blend without a count", [v(1), 22, 23]),
            ("more than 513 operands", [UInt8](repeating: v(1), count: 600) + [6]),
            ("vsindex 5", [v(5), 22]),
            ("a negative vsindex", [v(-1), 22]),
            ("a cut-off number", [v(1), 22, 28, 0x01]),
        ]
        for (what, dict) in cases {
            #expect(throws: FontError.self, "\(what)") {
                let font = try Font(data: CFF2Builder.font(cff2: CFF2Builder.table(private1: dict)))
                _ = try font.varied([FontVariation("wght", 900)]).outline(of: GlyphID(3))
            }
        }
    }

    /// A real number of 100,000 nibbles with no end, and random bytes:
    /// refused or read, within the DICT's bytes (in linear time).
    @Test(arguments: 0..<4)
    func randomPrivateDictsNeverTrap(seed: UInt64) {
        let longReal: [UInt8] = [30] + [UInt8](repeating: 0x11, count: 100_000)
        // Read to the DICT's end (a dangling operand, no vsindex): the font
        // is kept; glyph 3's one-delta blend then fails against vsindex
        // 0's two regions, by an error.
        let long = try? Font(data: CFF2Builder.font(cff2: CFF2Builder.table(private1: longReal)))
        #expect(long != nil)
        #expect(throws: FontError.self) { try long?.varied([FontVariation("wght", 900)]).outline(of: GlyphID(3)) }
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let length = Int(rng.next() % 24)
            let dict = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            guard let font = try? Font(data: CFF2Builder.font(cff2: CFF2Builder.table(private1: dict))) else {
                continue
            }
            for instance in [font, font.varied([FontVariation("wght", 900)])] {
                _ = try? instance.outline(of: GlyphID(3))
            }
        }
    }
}
