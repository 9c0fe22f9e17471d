// Font stage (CFF2): the 'CFF2' table -> the same outline sources as CFF
// (CharStrings, global and local subroutines, FDSelect) plus the
// variation store its charstrings blend with. The header (version 2, its
// size, the Top DICT's length) is followed by the Top DICT itself (no
// Name or String INDEX), then the Global Subr INDEX; INDEX counts are 32
// bits; every font has an FDArray; FDSelect adds format 4. Blends scale
// the store's deltas by region scalars at the instance's normalized
// coordinates (the ones fvar/avar give gvar). Checked at parse time.
// Layout: OpenType 1.9 "CFF2 — Compact Font Format (CFF) Version 2".

extension CFFOutlines {
    /// Parses a CFF2 table: header, Top DICT, Global Subr INDEX,
    /// CharStrings, VariationStore, FDArray with each Private DICT (its
    /// Subrs and vsindex), FDSelect.
    /// - Throws: `FontError` naming 'CFF2' and the offset at fault: a
    ///   major version other than 2, no CharStrings or FDArray, fewer
    ///   charstrings than `glyphCount`, several Font DICTs without
    ///   FDSelect, more than `maximumFontDicts` Font DICTs, or damaged
    ///   INDEXes, DICTs and variation data.
    init(cff2 table: FontTable, _ font: FontData, glyphCount: Int) throws(FontError) {
        let major = try font.u8(table, 0), headerSize = Int(try font.u8(table, 2))
        let topSize = Int(try font.u16(table, 3))
        guard major == 2 else {
            throw .invalid(table: table.tag, offset: table.offset, reason: "CFF2 major version \(major) is not 2")
        }
        // The Top DICT has no blends; an empty region list admits CFF2's
        // operators and refuses a blend.
        let top = try CFFDict(font, try table.slice(from: headerSize, length: topSize), regionCounts: [])
        let globalSubrs = try CFFIndex(font, table, at: headerSize + topSize, isCFF2: true)
        guard let charStringsOffset = top.integer(CFFDict.charStrings) else {
            throw .invalid(table: table.tag, offset: table.offset, reason: "the Top DICT has no CharStrings")
        }
        let charStrings = try CFFIndex(font, table, at: charStringsOffset, isCFF2: true)
        guard charStrings.count >= glyphCount else {
            throw .invalid(
                table: table.tag, offset: table.offset + charStringsOffset,
                reason: "\(charStrings.count) charstrings for \(glyphCount) glyphs")
        }
        let store = try top.integer(CFFDict.variationStore).map { offset throws(FontError) in
            try Self.variationStore(font, table, at: offset)
        }
        let regionCounts = try store.map { store throws(FontError) in try store.regionIndexCounts(font) } ?? []
        guard let arrayOffset = top.integer(CFFDict.fdArray) else {
            throw .invalid(table: table.tag, offset: table.offset, reason: "the Top DICT has no FDArray")
        }
        let array = try CFFIndex(font, table, at: arrayOffset, isCFF2: true)
        guard array.count >= 1, array.count <= Self.maximumFontDicts else {
            throw .invalid(table: table.tag, offset: table.offset + arrayOffset, reason: "\(array.count) Font DICTs")
        }
        var subrs: [CFFIndex?] = [], indices: [Int] = []
        for i in 0..<array.count {
            let fontDict = try CFFDict(font, try array.item(font, i), regionCounts: [])
            let (localSubrs, vsindex) = try Self.privateData(font, table, of: fontDict, regionCounts: regionCounts)
            subrs.append(localSubrs)
            indices.append(vsindex)
        }
        var fdSelect: FDSelect?
        if let selectOffset = top.integer(CFFDict.fdSelect) {
            fdSelect = try FDSelect(
                font, table, at: selectOffset, glyphCount: glyphCount, fontDictCount: array.count)
        } else if array.count > 1 {
            throw .invalid(
                table: table.tag, offset: table.offset, reason: "\(array.count) Font DICTs without FDSelect")
        }
        self.init(
            cff2: table, charStrings: charStrings, globalSubrs: globalSubrs, localSubrs: subrs,
            fdSelect: fdSelect, variationStore: store, variationIndices: indices)
    }

    /// The VariationStore at `offset`: a 16-bit length, then an Item
    /// Variation Store whose own region list gives the axis count.
    private static func variationStore(
        _ font: FontData, _ table: FontTable, at offset: Int
    ) throws(FontError) -> ItemVariationStore {
        let length = Int(try font.u16(table, offset))
        let store = try table.slice(from: offset + 2, length: length)
        let regionList = Int(try font.u32(store, 2))
        let axisCount = Int(try font.u16(store, regionList))
        guard axisCount <= VariationTables.maximumAxisCount else {
            throw .invalid(table: table.tag, offset: store.offset + regionList, reason: "\(axisCount) axes")
        }
        return try ItemVariationStore(font, store, axisCount: axisCount)
    }

    /// The local Subrs and the default vsindex of the Private DICT a Font
    /// DICT points to (Subrs' offset counts from the Private DICT's start).
    private static func privateData(
        _ font: FontData, _ table: FontTable, of fontDict: CFFDict, regionCounts: [Int]
    ) throws(FontError) -> (CFFIndex?, Int) {
        guard let size = fontDict.integer(CFFDict.privateDict, 0),
            let offset = fontDict.integer(CFFDict.privateDict, 1)
        else { return (nil, 0) }
        let privateDict = try CFFDict(font, try table.slice(from: offset, length: size), regionCounts: regionCounts)
        let vsindex = privateDict.integer(CFFDict.variationIndex) ?? 0
        guard vsindex == 0 || vsindex < regionCounts.count else {
            throw .invalid(table: table.tag, offset: table.offset + offset, reason: "vsindex \(vsindex) does not exist")
        }
        guard let subrs = privateDict.integer(CFFDict.subrs) else { return (nil, vsindex) }
        return (try CFFIndex(font, table, at: offset + subrs, isCFF2: true), vsindex)
    }
}

/// What a CFF2 charstring's blends read: the variation store, the
/// instance's normalized coordinates (one per axis, -1 ... 1; empty for
/// the default instance) and the glyph's Font DICT's default vsindex.
struct CFF2Blend {
    let store: ItemVariationStore?
    let coordinates: [Double]
    let defaultVariationIndex: Int

    /// The scalar of each region of ItemVariationData `variationIndex`, in
    /// the data's order (all 0 at the default instance; none without a
    /// store, where only vsindex 0 exists).
    /// - Throws: `.invalid` for an ItemVariationData the store does not
    ///   have or a region outside its region list.
    func scalars(_ font: FontData, variationIndex: Int) throws(FontError) -> [Double] {
        guard let store else {
            guard variationIndex == 0 else {
                throw .invalid(table: "CFF2", offset: 0, reason: "vsindex \(variationIndex) without a VariationStore")
            }
            return []
        }
        let regions = try store.regionIndices(font, variationData: variationIndex)
        guard coordinates.contains(where: { $0 != 0 }) else { return Array(repeating: 0, count: regions.count) }
        var result: [Double] = []
        result.reserveCapacity(regions.count)
        for region in regions {
            result.append(try store.regionScalar(font, region, coordinates: coordinates))
        }
        return result
    }
}

extension ItemVariationStore {
    /// The region indices of ItemVariationData `index`, in order.
    /// - Throws: `.invalid` for an index past the store's data or a
    ///   region past its region list; `.truncated` for a cut table.
    func regionIndices(_ font: FontData, variationData index: Int) throws(FontError) -> [Int] {
        guard index >= 0, index < dataOffsets.count else {
            throw .invalid(
                table: table.tag, offset: table.offset, reason: "item variation data \(index) of \(dataOffsets.count)")
        }
        let data = dataOffsets[index]
        let count = Int(try font.u16(table, data + 4))
        try font.check(table, data + 6, 2 * count)
        var regions: [Int] = []
        regions.reserveCapacity(count)
        for k in 0..<count {
            let region = Int(try font.u16(table, data + 6 + 2 * k))
            guard region < regionCount else {
                throw .invalid(
                    table: table.tag, offset: table.offset + data + 6 + 2 * k, reason: "region \(region) does not exist"
                )
            }
            regions.append(region)
        }
        return regions
    }

    /// The region count of every ItemVariationData, by index (what a
    /// CFF2 DICT blend needs to find its operands).
    func regionIndexCounts(_ font: FontData) throws(FontError) -> [Int] {
        var counts: [Int] = []
        for data in dataOffsets { counts.append(Int(try font.u16(table, data + 4))) }
        return counts
    }
}
