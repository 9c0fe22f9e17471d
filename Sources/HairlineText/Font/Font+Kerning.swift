// Font stage: glyph pairs -> horizontal kerning in font units. GPOS pair
// adjustment (Font+PairAdjustment.swift) first, the old kern table (format
// 0, horizontal) second. Init finds the tables' subtables and checks their
// headers; lookups read the bytes and give 0 for anything damaged.
// Layout: OpenType 1.9 kern (Microsoft version 0) and GPOS.

/// The kerning data the font's lookups use.
struct KerningTables: Sendable {
    /// kern format 0's pairs (6 bytes each: left, right, value), sorted.
    let kernPairs: FontTable?
    /// GPOS PairPos subtables of the 'kern' feature's lookups, in lookup
    /// order; each slice runs from the subtable to the end of GPOS.
    let pairAdjustments: [FontTable]

    init(_ font: FontData, kern: FontTable?, gpos: FontTable?) throws(FontError) {
        kernPairs = try kern.flatMap { table throws(FontError) in try Self.readKern(font, table) }
        pairAdjustments = try gpos.map { table throws(FontError) in try PairAdjustment.subtables(font, table) } ?? []
    }

    /// Coverage bits of a kern subtable: horizontal, minimum, cross-stream.
    static let horizontal: UInt16 = 0x1, minimum: UInt16 = 0x2, crossStream: UInt16 = 0x4

    /// The first horizontal format 0 subtable's pairs, nil without one (or
    /// for Apple's version 1 tables).
    static func readKern(_ font: FontData, _ table: FontTable) throws(FontError) -> FontTable? {
        guard try font.u16(table, 0) == 0 else { return nil }
        let count = Int(try font.u16(table, 2))
        var at = 4
        for _ in 0..<count {
            let length = Int(try font.u16(table, at + 2))
            let coverage = try font.u16(table, at + 4)
            let format = coverage >> 8
            if format == 0, coverage & (horizontal | minimum | crossStream) == horizontal {
                let pairCount = Int(try font.u16(table, at + 6))
                return try table.slice(from: at + 14, length: 6 * pairCount)
            }
            guard length >= 6 else {
                throw .invalid(
                    table: "kern", offset: table.offset + at + 2,
                    reason: "a subtable's length \(length) is below its 6-byte header")
            }
            at += length
        }
        return nil
    }

    /// kern format 0's value for the pair, nil if absent.
    func kernValue(_ font: FontData, _ left: UInt16, _ right: UInt16) -> Int? {
        guard let pairs = kernPairs else { return nil }
        let key = UInt32(left) << 16 | UInt32(right)
        var low = 0, high = pairs.length / 6
        while low < high {
            let mid = (low + high) / 2
            guard let found = try? font.u32(pairs, 6 * mid) else { return nil }
            if found == key { return (try? font.i16(pairs, 6 * mid + 4)).map(Int.init) }
            if found < key { low = mid + 1 } else { high = mid }
        }
        return nil
    }
}

extension Font {
    /// The horizontal kerning between two glyphs, in font units (usually
    /// negative: added to the left glyph's advance). GPOS pair adjustment
    /// of the 'kern' feature first (the first subtable that covers the
    /// pair), else the kern table's format 0 pairs, else 0. Damaged data
    /// gives 0. Complexity: O(subtables × log n).
    /// - Parameters:
    ///   - left: the first glyph in logical order.
    ///   - right: the glyph after it.
    public func kerning(between left: GlyphID, and right: GlyphID) -> Int {
        for subtable in kerningTables.pairAdjustments {
            if let value = PairAdjustment.value(data, subtable, left.rawValue, right.rawValue) { return value }
        }
        return kerningTables.kernValue(data, left.rawValue, right.rawValue) ?? 0
    }
}
