// Shaping against hostile and synthetic layout tables: each lookup type's
// effect on a tiny font built in the test (so the expected glyphs are
// known by construction), and tables built to loop or explode (a
// contextual lookup calling itself, a multiple substitution doubling a
// glyph at every level, forged offsets in a real font's GSUB and GPOS),
// which must end with a bounded result and never trap.

import Testing
import HairlineTestSupport
@testable import HairlineText

@Suite struct HostileShapingTests {
    /// A font of four square glyphs: 'A' 1, 'B' 2, 'C' 3 (600 units each),
    /// with `gsub` (and `gpos`) when given.
    static func font(gsub: [UInt8]? = nil, gpos: [UInt8]? = nil) throws -> Font {
        let square = FontBuilder.simple([FontBuilder.square(0, 0, 400)])
        let map = FontBuilder.cmap([
            (3, 1, FontBuilder.cmap4([FontBuilder.Segment(start: 0x41, end: 0x43, delta: 1 - 0x41)]))
        ])
        var extra: [(String, [UInt8])] = []
        if let gsub { extra.append(("GSUB", gsub)) }
        if let gpos { extra.append(("GPOS", gpos)) }
        let glyphs = (0..<4).map { _ in FontBuilder.Glyph(data: square, advance: 600) }
        return try Font(data: FontBuilder.font(glyphs: glyphs, cmap: map, extra: extra))
    }

    func ids(_ run: ShapedRun) -> [Int] { run.glyphs.map { Int($0.glyph.rawValue) } }

    @Test func singleLigatureAndMultipleSubstitutionsApplyInLookupOrder() throws {
        let gsub = LayoutTableBuilder.table(
            features: [("liga", [0, 1]), ("ccmp", [2])],
            lookups: [
                (4, 0, [LayoutTableBuilder.ligatureSubstitution([1, 2], 3)]),
                (1, 0, [LayoutTableBuilder.singleSubstitution([3], [2])]),
                (2, 0, [LayoutTableBuilder.multipleSubstitution(1, [2, 2])]),
            ])
        let font = try Self.font(gsub: gsub)
        // "AB" -> ligature C (lookup 0) -> B (lookup 1); lookup 2 then finds no A.
        let run = font.shape(Array("ABA".unicodeScalars))
        #expect(ids(run) == [2, 2, 2])
        #expect(run.glyphs.map(\.cluster) == [0, 2, 2])
        // Without liga: only ccmp's multiple substitution, on each A.
        let plain = font.shape(Array("ABA".unicodeScalars), options: ShapingOptions(disabledFeatures: ["liga"]))
        #expect(ids(plain) == [2, 2, 2, 2, 2])
        #expect(plain.glyphs.map(\.cluster) == [0, 0, 1, 2, 2])
    }

    @Test func contextualLookupAppliesItsNestedLookupOnlyInContext() throws {
        // Lookup 0: in the sequence A B, apply lookup 1 (B -> C) at index 1.
        let gsub = LayoutTableBuilder.table(
            features: [("calt", [0])],
            lookups: [
                (5, 0, [LayoutTableBuilder.context3([[1], [2]], records: [(1, 1)])]),
                (1, 0, [LayoutTableBuilder.singleSubstitution([2], [3])]),
            ])
        let run = try Self.font(gsub: gsub).shape(Array("ABBAB".unicodeScalars))
        #expect(ids(run) == [1, 3, 2, 1, 3])
    }

    @Test func aLookupCallingItselfStops() throws {
        let gsub = LayoutTableBuilder.table(
            features: [("ccmp", [0])],
            lookups: [(5, 0, [LayoutTableBuilder.context3([[1]], records: [(0, 0), (0, 0)])])])
        let run = try Self.font(gsub: gsub).shape(Array(repeating: "A", count: 40))
        #expect(ids(run) == Array(repeating: 1, count: 40))
    }

    @Test func aDoublingCascadeIsBoundedByTheBufferLimit() throws {
        // Lookup 0 at an A: lookup 1 (A -> A A), then lookup 0 again at the
        // same place: 2^depth glyphs without the limits.
        let gsub = LayoutTableBuilder.table(
            features: [("ccmp", [0])],
            lookups: [
                (5, 0, [LayoutTableBuilder.context3([[1]], records: [(0, 1), (0, 0), (0, 0)])]),
                (2, 0, [LayoutTableBuilder.multipleSubstitution(1, [1, 1])]),
            ])
        let run = try Self.font(gsub: gsub).shape(Array("AAAA".unicodeScalars))
        #expect(run.glyphs.count > 4)
        #expect(run.glyphs.count <= ShapingBuffer.minimumMaximumCount)
        #expect(run.glyphs.allSatisfy { $0.glyph.rawValue == 1 && (0..<4).contains($0.cluster) })
    }

    @Test func forgedOffsetsInRealTablesNeverTrap() throws {
        // Amiri with random bytes written over its GSUB, GPOS and GDEF.
        let bytes = FixtureFonts.bytes("Amiri-Regular.ttf")
        let reader = ReferenceReader(bytes)
        let ranges = ["GSUB", "GPOS", "GDEF"].compactMap { reader.tables[$0] }
        #expect(ranges.count == 3)
        let text = Array("بِسْمِ اللَّهِ سلام".unicodeScalars)
        for seed in 0..<24 as Range<UInt64> {
            var rng = SplitMix64(seed: seed)
            var damaged = bytes
            for _ in 0..<48 {
                let range = ranges[Int(rng.next() % UInt64(ranges.count))]
                // Header and list areas are hit most: the first 2 KB of each table.
                let at = range.offset + Int(rng.next() % UInt64(min(range.length, seed % 2 == 0 ? 2048 : range.length)))
                damaged[at] = UInt8(truncatingIfNeeded: rng.next())
            }
            guard let font = try? Font(data: damaged) else { continue }
            let run = font.shape(text)
            #expect(run.glyphs.count <= ShapingBuffer.minimumMaximumCount, "seed \(seed)")
            #expect(run.glyphs.allSatisfy { (0..<text.count).contains($0.cluster) }, "seed \(seed)")
        }
    }

    @Test func truncatedLayoutTablesShapeAsPlainGlyphs() throws {
        // GSUB cut after its header: the lists' offsets point past its end.
        let gsub = Array(
            LayoutTableBuilder.table(
                features: [("liga", [0])], lookups: [(4, 0, [LayoutTableBuilder.ligatureSubstitution([1, 2], 3)])]
            ).prefix(12))
        let run = try Self.font(gsub: gsub).shape(Array("AB".unicodeScalars))
        #expect(ids(run) == [1, 2])
        #expect(run.glyphs.map(\.xAdvance) == [600, 600])
    }
}
