// Hostile fonts: truncations at every length of a small font and around
// every table of DejaVu, seeded random byte flips, forged offsets and
// counts, composites that contain themselves or nest 40 deep. Each either
// throws a FontError or loads, and then every query on it returns without
// trapping (outlines may throw).

import Hairline
@testable import HairlineText
import HairlineTestSupport
import Testing

@Suite struct HostileFontTests {
    typealias B = FontBuilder
    static let box = B.Glyph(data: B.simple([B.square(0, 0, 100)]))

    /// Parses and, if it loads, runs every query; the number of outlines that threw.
    @discardableResult
    static func exercise(_ bytes: [UInt8], glyphLimit: Int = 64) -> Bool {
        guard let font = try? Font(data: bytes) else { return false }
        for scalar in ["A", "V", " ", "é", "\u{0}", "\u{FFFF}", "\u{1F600}", "\u{10FFFF}"] as [Unicode.Scalar] {
            _ = font.glyph(for: scalar)
        }
        let count = font.glyphCount
        var glyphs = Array(0..<min(count, glyphLimit)) + [count - 1, count, 65535]
        glyphs += [Int(font.glyph(for: "A").rawValue), Int(font.glyph(for: "é").rawValue)]
        for g in glyphs {
            let glyph = GlyphID(UInt16(truncatingIfNeeded: g))
            _ = font.advance(of: glyph) + font.leftSideBearing(of: glyph)
            _ = font.bounds(of: glyph)
            _ = try? font.outline(of: glyph)
            _ = font.kerning(between: glyph, and: GlyphID(UInt16(truncatingIfNeeded: g &+ 1)))
        }
        _ = font.metrics
        return true
    }

    @Test func everyTruncationOfTheSmallFont() {
        let bytes = B.small()
        var loaded = 0
        for length in 0..<bytes.count where Self.exercise(Array(bytes[0..<length])) { loaded += 1 }
        #expect(Self.exercise(bytes))
        #expect(loaded < 8, "only tail padding can go")
        #expect(throws: FontError.truncated(table: "", offset: 0, needed: 4)) { try Font(data: []) }
    }

    @Test func truncationsOfDejaVu() throws {
        let bytes = try BundledFont.dejaVuSans.data()
        let reference = ReferenceReader(bytes)
        var lengths = Set(0..<2048)
        for (_, table) in reference.tables {
            for d in -16...16 { lengths.insert(table.offset + d); lengths.insert(table.offset + table.length + d) }
        }
        var random = SplitMix64(seed: 19)
        for _ in 0..<300 { lengths.insert(random.int(in: 0...bytes.count - 1)) }
        var loaded = 0
        for length in lengths.sorted() where length >= 0 && length < bytes.count {
            do {
                _ = try Font(data: Array(bytes[0..<length]))
                loaded += 1
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
        #expect(loaded <= 20, "only cuts inside the last table's padding or an unread table tail load")
    }

    @Test func randomByteFlipsOfTheSmallFont() {
        let seed = B.small()
        var random = SplitMix64(seed: 1919)
        var loaded = 0
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0...random.int(in: 0...3) {
                let at = random.int(in: 0...bytes.count - 1)
                bytes[at] =
                    random.int(in: 0...1) == 0
                    ? bytes[at] ^ UInt8(1 << random.int(in: 0...7)) : UInt8(truncatingIfNeeded: random.next())
            }
            if Self.exercise(bytes) { loaded += 1 }
        }
        #expect(loaded > 300, "many damaged fonts still load and are queried")
    }

    @Test func randomByteFlipsInDejaVuTables() throws {
        let seed = try BundledFont.dejaVuSansBold.data()
        let tables = ReferenceReader(seed).tables.values.sorted { $0.offset < $1.offset }
        var random = SplitMix64(seed: 2019)
        for _ in 0..<120 {
            var bytes = seed
            let table = tables[random.int(in: 0...tables.count - 1)]
            for _ in 0...random.int(in: 0...3) {
                let span = min(table.length, random.int(in: 0...1) == 0 ? 64 : table.length)
                guard span > 0 else { continue }
                bytes[table.offset + random.int(in: 0...span - 1)] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            }
            Self.exercise(bytes, glyphLimit: 24)
        }
        #expect(Self.exercise(seed))
    }

    /// The small font with `value` (16 bits) written at `at` in table `tag`.
    static func forged(_ tag: String, at: Int, _ value: Int, width: Int = 2) -> [UInt8] {
        var bytes = B.small()
        let table = ReferenceReader(bytes).tables[tag]!
        for i in 0..<width { bytes[table.offset + at + i] = UInt8(truncatingIfNeeded: value >> (8 * (width - 1 - i))) }
        return bytes
    }

    static func directoryOffset(_ tag: String) -> Int {
        let bytes = B.small()
        let reader = ReferenceReader(bytes)
        return (0..<reader.u16(4)).map { 12 + 16 * $0 }.first { reader.tag($0) == tag }!
    }

    @Test func forgedOffsetsAndCounts() throws {
        func error(_ bytes: [UInt8]) -> FontError? {
            do { _ = try Font(data: bytes); return nil } catch { return error }
        }
        var bytes = B.small()
        let glyf = Self.directoryOffset("glyf")
        bytes[glyf + 8] = 0x7F  // offset far past the end
        #expect(error(bytes).map { if case .invalid(table: "glyf", _, _) = $0 { true } else { false } } == true)
        bytes = B.small(); bytes[5] = 0xFF  // 255 tables
        #expect(error(bytes) != nil, "table records read from the tables' own bytes")
        bytes = B.small(); bytes[4] = 0x7F
        #expect(error(bytes).map { if case .invalid(table: "", offset: 4, _) = $0 { true } else { false } } == true)
        // loca going backwards, past glyf; hhea's numberOfHMetrics above numGlyphs; cmap segments past the table.
        #expect(
            error(Self.forged("loca", at: 8, 0, width: 4)).map {
                if case .invalid(table: "loca", _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("loca", at: 20, 0x7FFF_FFFF, width: 4)).map {
                if case .invalid(table: "loca", _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("hhea", at: 34, 6)).map {
                if case .invalid(table: "hhea", _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("maxp", at: 4, 60000)).map {
                if case .truncated(table: "hmtx", _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("cmap", at: 12 + 6, 0x7FFE)).map {
                if case .truncated(table: "cmap", _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("cmap", at: 8, 0x7FFF_0000, width: 4)).map {
                if case .truncated(table: "cmap", _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("head", at: 50, 7)).map {
                if case .invalid(table: "head", offset: _, _) = $0 { true } else { false }
            } == true)
        #expect(
            error(Self.forged("GPOS", at: 8, 0xFFF0)).map {
                if case .truncated(table: "GPOS", _, _) = $0 { true } else { false }
            } == true)
        // Glyph-level damage loads, and the outline throws: a point count far beyond the glyph's bytes.
        let reader = ReferenceReader(B.small())
        let glyphA = reader.u32(reader.tables["loca"]!.offset + 4)
        let damaged = try Font(data: Self.forged("glyf", at: glyphA + 10, 0xFFFE))
        #expect(throws: FontError.self) { try damaged.outline(of: GlyphID(1)) }
        #expect(Self.exercise(Self.forged("glyf", at: glyphA + 10, 0xFFFE)))
        // A simple glyph's bytes read as a composite: whatever it gives, no trap.
        #expect(Self.exercise(Self.forged("glyf", at: glyphA, -1)))
    }

    @Test func compositesThatContainThemselvesOrNestTooDeep() throws {
        let selfReference = B.composite([B.Component(glyph: 1)])
        let a = B.composite([B.Component(glyph: 3)]), b = B.composite([B.Component(glyph: 2, dx: 5)])
        let cycles = try Font(
            data: B.font(
                glyphs: [Self.box, B.Glyph(data: selfReference), B.Glyph(data: a), B.Glyph(data: b)], cmap: B.cmap([])))
        #expect(throws: FontError.compositeCycle(glyph: 1)) { try cycles.outline(of: GlyphID(1)) }
        #expect(throws: FontError.compositeCycle(glyph: 2)) { try cycles.outline(of: GlyphID(2)) }
        #expect(throws: FontError.compositeCycle(glyph: 3)) { try cycles.outline(of: GlyphID(3)) }
        // Glyph i + 1 is glyph i shifted: 40 levels.
        var glyphs = [Self.box]
        for i in 0..<40 { glyphs.append(B.Glyph(data: B.composite([B.Component(glyph: i, dx: 1)]))) }
        let deep = try Font(data: B.font(glyphs: glyphs, cmap: B.cmap([])))
        #expect(throws: FontError.compositeTooDeep(glyph: 23)) { try deep.outline(of: GlyphID(40)) }
        #expect(try deep.outline(of: GlyphID(16)).elements.count == 5)
        // A bomb: each level uses the one below 200 times.
        var bomb = [Self.box]
        for i in 0..<4 { bomb.append(B.Glyph(data: B.composite(Array(repeating: B.Component(glyph: i), count: 200)))) }
        let bombFont = try Font(data: B.font(glyphs: bomb, cmap: B.cmap([])))
        #expect(throws: FontError.self) { try bombFont.outline(of: GlyphID(4)) }
        #expect(try bombFont.outline(of: GlyphID(1)).elements.count == 1000)
        // Point matching is not supported.
        let matched = B.composite([B.Component(glyph: 0, extraFlags: 0)]).enumerated().map {
            $0.offset == 11 ? $0.element & ~2 : $0.element
        }
        let matchFont = try Font(data: B.font(glyphs: [Self.box, B.Glyph(data: matched)], cmap: B.cmap([])))
        #expect(throws: FontError.unsupported("composite glyph 1 places a component by point matching")) {
            try matchFont.outline(of: GlyphID(1))
        }
    }
}

/// Hostile CFF fonts and collections: every truncation around the 'CFF '
/// table of the fixture, seeded byte flips inside it, and collections
/// whose face offsets point anywhere. Each throws or loads, and a loaded
/// font answers every query (outlines may throw).
@Suite struct HostileCFFTests {
    static let bytes = FixtureFonts.bytes(CFFFontTests.fileName)

    static func cffRange() throws -> Range<Int> {
        let table = try #require(try Font.readDirectory(FontData(bytes: bytes))["CFF "])
        return table.offset..<(table.offset + table.length)
    }

    @Test func truncationsInsideTheCFFTable() throws {
        let range = try Self.cffRange()
        var loaded = 0
        for length in stride(from: range.lowerBound, to: range.upperBound, by: max(1, range.count / 400)) {
            // The table cut short where the directory still says it is whole.
            var cut = Self.bytes
            for i in length..<range.upperBound { cut[i] = 0 }
            if HostileFontTests.exercise(cut) { loaded += 1 }
            if HostileFontTests.exercise(Array(Self.bytes[0..<length])) { loaded += 1 }
        }
        #expect(loaded >= 0)
    }

    @Test(arguments: 0..<8)
    func byteFlipsInsideTheCFFTable(seed: UInt64) throws {
        let range = try Self.cffRange()
        var rng = SplitMix64(seed: 3600 + seed)
        for _ in 0..<150 {
            var bytes = Self.bytes
            for _ in 0..<(1 + rng.int(in: 0...7)) {
                bytes[rng.int(in: range.lowerBound...(range.upperBound - 1))] = UInt8(rng.int(in: 0...255))
            }
            HostileFontTests.exercise(bytes)
        }
    }

    @Test func collectionsWithForgedOffsets() {
        let font = FixtureFonts.bytes("NotoSans-Regular.ttf")
        var rng = SplitMix64(seed: 36)
        for _ in 0..<200 {
            var bytes = FontDatabaseTests.collection([Self.bytes, font])
            let field = 12 + 4 * rng.int(in: 0...1)
            let forged = rng.int(in: 0...(bytes.count + 100))
            bytes[field] = UInt8(forged >> 24 & 0xFF); bytes[field + 1] = UInt8(forged >> 16 & 0xFF)
            bytes[field + 2] = UInt8(forged >> 8 & 0xFF); bytes[field + 3] = UInt8(forged & 0xFF)
            for face in 0..<3 { _ = try? Font(data: bytes, faceIndex: face) }
            HostileFontTests.exercise(bytes)
        }
    }
}
