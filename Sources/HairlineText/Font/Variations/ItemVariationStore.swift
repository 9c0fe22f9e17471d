// Font stage (variable fonts): an Item Variation Store and a delta-set
// index map in -> the delta of one item (an advance, a metric, a COLR
// value) at an instance's normalized coordinates, in font units. Regions'
// scalars multiply per axis; rows of word and byte (or long and word)
// deltas are read with every offset checked. HVAR maps glyphs to items
// and gives advance-width deltas. Layout: OpenType 1.9 "Item Variation
// Store", "DeltaSetIndexMap", HVAR.

/// An Item Variation Store: regions and rows of deltas.
struct ItemVariationStore: Sendable {
    let table: FontTable
    let axisCount: Int
    let regionList: Int
    let regionCount: Int
    /// Offsets of the ItemVariationData subtables, relative to the store.
    let dataOffsets: [Int]

    /// Subtables above this count are taken as damage.
    static let maximumDataCount = 4096

    init(_ font: FontData, _ store: FontTable, axisCount: Int) throws(FontError) {
        guard try font.u16(store, 0) == 1 else { throw .unsupported("item variation store format other than 1") }
        regionList = Int(try font.u32(store, 2))
        let count = Int(try font.u16(store, 6))
        guard count <= Self.maximumDataCount else {
            throw .invalid(table: store.tag, offset: store.offset + 6, reason: "\(count) item variation data")
        }
        guard Int(try font.u16(store, regionList)) == axisCount else {
            throw .invalid(
                table: store.tag, offset: store.offset + regionList, reason: "the region axis count differs from fvar's"
            )
        }
        regionCount = Int(try font.u16(store, regionList + 2))
        try font.check(store, regionList + 4, 6 * axisCount * regionCount)
        var offsets: [Int] = []
        for i in 0..<count { offsets.append(Int(try font.u32(store, 8 + 4 * i))) }
        dataOffsets = offsets
        table = store
        self.axisCount = axisCount
    }

    /// The scalar of region `region` at `coordinates`.
    func regionScalar(_ font: FontData, _ region: Int, coordinates: [Double]) throws(FontError) -> Double {
        var scalar = 1.0
        for axis in 0..<min(axisCount, coordinates.count) {
            let at = regionList + 4 + 6 * (region * axisCount + axis)
            let start = try font.f2Dot14(table, at), peak = try font.f2Dot14(table, at + 2),
                end = try font.f2Dot14(table, at + 4)
            let c = coordinates[axis]
            if start > peak || peak > end || (start < 0 && end > 0 && peak != 0) || peak == 0 { continue }
            if c < start || c > end { return 0 }
            if c == peak { continue }
            scalar *= c < peak ? (c - start) / (peak - start) : (end - c) / (end - peak)
        }
        return scalar
    }

    /// The delta of item (`outer`, `inner`) at `coordinates`, in font
    /// units; 0 for an item the store does not have.
    func delta(_ font: FontData, outer: Int, inner: Int, coordinates: [Double]) throws(FontError) -> Double {
        guard outer < dataOffsets.count else { return 0 }
        let data = dataOffsets[outer]
        let itemCount = Int(try font.u16(table, data)), wordField = Int(try font.u16(table, data + 2))
        let regionIndexCount = Int(try font.u16(table, data + 4))
        guard inner < itemCount else { return 0 }
        let isLong = wordField & 0x8000 != 0, wordCount = wordField & 0x7FFF
        guard wordCount <= regionIndexCount else {
            throw .invalid(table: table.tag, offset: table.offset + data + 2, reason: "more word deltas than regions")
        }
        let wide = isLong ? 4 : 2, narrow = isLong ? 2 : 1
        let rowSize = wordCount * wide + (regionIndexCount - wordCount) * narrow
        let row = data + 6 + 2 * regionIndexCount + inner * rowSize
        var total = 0.0
        for k in 0..<regionIndexCount {
            let region = Int(try font.u16(table, data + 6 + 2 * k))
            guard region < regionCount else {
                throw .invalid(
                    table: table.tag, offset: table.offset + data + 6 + 2 * k, reason: "region \(region) does not exist"
                )
            }
            let value: Double
            if k < wordCount {
                value =
                    isLong
                    ? Double(Int32(bitPattern: try font.u32(table, row + wide * k)))
                    : Double(try font.i16(table, row + wide * k))
            } else {
                let at = row + wide * wordCount + narrow * (k - wordCount)
                value = isLong ? Double(try font.i16(table, at)) : Double(try font.i8(table, at))
            }
            guard value != 0 else { continue }
            total += value * (try regionScalar(font, region, coordinates: coordinates))
        }
        return total
    }
}

/// A DeltaSetIndexMap: item index -> (outer, inner) of a variation store.
struct DeltaSetIndexMap: Sendable {
    let table: FontTable
    let count: Int
    let entrySize: Int
    let innerBits: Int
    let dataStart: Int

    init(_ font: FontData, _ map: FontTable) throws(FontError) {
        let format = try font.u8(map, 0), entryFormat = Int(try font.u8(map, 1))
        switch format {
        case 0: count = Int(try font.u16(map, 2)); dataStart = 4
        case 1: count = Int(try font.u32(map, 2)); dataStart = 6
        default: throw .unsupported("delta-set index map format \(format)")
        }
        entrySize = (entryFormat >> 4 & 3) + 1
        innerBits = (entryFormat & 0x0F) + 1
        try font.check(map, dataStart, count * entrySize)
        table = map
    }

    /// The (outer, inner) pair of item `index` (past the end: the last).
    func entry(_ font: FontData, _ index: Int) throws(FontError) -> (outer: Int, inner: Int) {
        guard count > 0 else { return (0, index) }
        let at = dataStart + entrySize * min(index, count - 1)
        var value = 0
        for k in 0..<entrySize { value = value << 8 | Int(try font.u8(table, at + k)) }
        return (value >> innerBits, value & ((1 << innerBits) - 1))
    }
}

/// HVAR: advance-width deltas per glyph.
struct HorizontalVariations: Sendable {
    let store: ItemVariationStore
    let advanceMap: DeltaSetIndexMap?

    init(_ font: FontData, hvar: FontTable, axisCount: Int) throws(FontError) {
        guard try font.u16(hvar, 0) == 1 else { throw .unsupported("HVAR major version other than 1") }
        store = try ItemVariationStore(font, try hvar.slice(from: Int(try font.u32(hvar, 4))), axisCount: axisCount)
        let mapAt = Int(try font.u32(hvar, 8))
        advanceMap = mapAt == 0 ? nil : try DeltaSetIndexMap(font, try hvar.slice(from: mapAt))
    }

    /// The advance delta of `glyph` at `coordinates`, in font units.
    func advanceDelta(_ font: FontData, glyph: Int, coordinates: [Double]) throws(FontError) -> Double {
        let item: (outer: Int, inner: Int) = try advanceMap?.entry(font, glyph) ?? (0, glyph)
        return try store.delta(font, outer: item.outer, inner: item.inner, coordinates: coordinates)
    }
}
