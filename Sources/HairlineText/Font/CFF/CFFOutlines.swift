// Font stage (CFF): the 'CFF ' table -> what outlines need: the
// CharStrings INDEX, the global subroutines, and the local subroutines of
// the font's Private DICT, or for a CID-keyed font (ROS in its Top DICT)
// those of each Font DICT of the FDArray, chosen per glyph by FDSelect
// (formats 0 and 3). Checked once at parse time; charstrings decode in
// CFFCharstring.swift. CFF2 tables are read by CFFOutlines+CFF2.swift into
// the same sources plus a variation store. Layout: Adobe Technical Note
// #5176 (CFF).

import Hairline

/// A CFF table's outline sources.
struct CFFOutlines: Sendable {
    let cff: FontTable
    let charStrings: CFFIndex
    let globalSubrs: CFFIndex
    /// The local subroutines of each Font DICT (one for a name-keyed
    /// font), nil where a Private DICT has none.
    let localSubrs: [CFFIndex?]
    /// CID-keyed fonts: glyph -> Font DICT.
    let fdSelect: FDSelect?
    /// The charset's offset (0, 1, 2: the predefined ones), nil for a
    /// CID-keyed font; accented characters find their glyphs through it.
    let charsetOffset: Int?
    /// CFF2: the variation store that blends read (nil for CFF, or a
    /// CFF2 table without one).
    let variationStore: ItemVariationStore?
    /// CFF2: each Font DICT's default vsindex (its Private DICT's);
    /// empty for CFF.
    let variationIndices: [Int]
    /// Whether the table is CFF2 (charstrings with blends, no widths).
    let isCFF2: Bool

    /// The most Font DICTs read from an FDArray (CID fonts have a few
    /// dozen; FDSelect indexes them with one byte).
    static let maximumFontDicts = 256

    /// Parses the CFF header, the Name, Top DICT, String and Global Subr
    /// INDEXes, the Top DICT and the Private DICTs.
    /// - Throws: `FontError` naming 'CFF ' and the offset at fault; a
    ///   CharStrings INDEX with fewer items than `glyphCount` is invalid.
    init(_ font: FontData, cff: FontTable, glyphCount: Int) throws(FontError) {
        self.cff = cff
        let major = try font.u8(cff, 0), headerSize = Int(try font.u8(cff, 2))
        guard major == 1 else {
            throw .invalid(table: "CFF ", offset: cff.offset, reason: "CFF major version \(major) is not 1")
        }
        let names = try CFFIndex(font, cff, at: headerSize)
        let topDicts = try CFFIndex(font, cff, at: names.end)
        let strings = try CFFIndex(font, cff, at: topDicts.end)
        globalSubrs = try CFFIndex(font, cff, at: strings.end)
        let top = try CFFDict(font, try topDicts.item(font, 0))
        if let type = top.integer(CFFDict.charstringType), type != 2 {
            throw .unsupported("CFF charstring type \(type)")
        }
        guard let charStringsOffset = top.integer(CFFDict.charStrings) else {
            throw .invalid(table: "CFF ", offset: cff.offset, reason: "the Top DICT has no CharStrings")
        }
        charStrings = try CFFIndex(font, cff, at: charStringsOffset)
        guard charStrings.count >= glyphCount else {
            throw .invalid(
                table: "CFF ", offset: cff.offset + charStringsOffset,
                reason: "\(charStrings.count) charstrings for \(glyphCount) glyphs")
        }
        if top[CFFDict.registryOrderingSupplement] != nil {
            guard let arrayOffset = top.integer(CFFDict.fdArray), let selectOffset = top.integer(CFFDict.fdSelect)
            else {
                throw .invalid(
                    table: "CFF ", offset: cff.offset, reason: "a CID-keyed font without FDArray or FDSelect")
            }
            let array = try CFFIndex(font, cff, at: arrayOffset)
            guard array.count <= Self.maximumFontDicts else {
                throw .invalid(table: "CFF ", offset: cff.offset + arrayOffset, reason: "\(array.count) Font DICTs")
            }
            var subrs: [CFFIndex?] = []
            for i in 0..<array.count {
                subrs.append(try Self.localSubrs(font, cff, of: try CFFDict(font, try array.item(font, i))))
            }
            localSubrs = subrs
            fdSelect = try FDSelect(font, cff, at: selectOffset, glyphCount: glyphCount, fontDictCount: array.count)
        } else {
            localSubrs = [try Self.localSubrs(font, cff, of: top)]
            fdSelect = nil
        }
        // CID-keyed fonts have no Standard Encoding glyphs (no seac).
        charsetOffset = fdSelect == nil ? top.integer(CFFDict.charset) ?? 0 : nil
        variationStore = nil
        variationIndices = []
        isCFF2 = false
    }

    /// The sources of a CFF2 table, read by CFFOutlines+CFF2.swift.
    init(
        cff2: FontTable, charStrings: CFFIndex, globalSubrs: CFFIndex, localSubrs: [CFFIndex?],
        fdSelect: FDSelect?, variationStore: ItemVariationStore?, variationIndices: [Int]
    ) {
        cff = cff2
        self.charStrings = charStrings
        self.globalSubrs = globalSubrs
        self.localSubrs = localSubrs
        self.fdSelect = fdSelect
        charsetOffset = nil
        self.variationStore = variationStore
        self.variationIndices = variationIndices
        isCFF2 = true
    }

    /// The Subrs INDEX of the Private DICT a Top or Font DICT points to
    /// (its offset counts from the Private DICT's start).
    private static func localSubrs(_ font: FontData, _ cff: FontTable, of dict: CFFDict) throws(FontError) -> CFFIndex?
    {
        guard let size = dict.integer(CFFDict.privateDict, 0), let offset = dict.integer(CFFDict.privateDict, 1) else {
            return nil
        }
        let privateDict = try CFFDict(font, try cff.slice(from: offset, length: size))
        guard let subrs = privateDict.integer(CFFDict.subrs) else { return nil }
        return try CFFIndex(font, cff, at: offset + subrs)
    }

    /// The local subroutines for `glyph`.
    func localSubrs(for glyph: Int, _ font: FontData) -> CFFIndex? {
        let fd = fdSelect.map { $0.fontDict(font, glyph) } ?? 0
        return fd < localSubrs.count ? localSubrs[fd] : nil
    }

    /// The outline of `glyph` in font units, y up (cubic curves), at the
    /// normalized `coordinates` (CFF2 blends; empty: the default instance).
    /// - Throws: `.glyphOutOfRange`, or `.invalidCharstring` / `.truncated`
    ///   for a damaged charstring.
    func outline(_ font: FontData, glyph: Int, coordinates: [Double] = []) throws(FontError) -> Path {
        guard glyph >= 0, glyph < charStrings.count else {
            throw .glyphOutOfRange(glyph: glyph, glyphCount: charStrings.count)
        }
        var blend: CFF2Blend?
        if isCFF2 {
            let fd = fdSelect.map { $0.fontDict(font, glyph) } ?? 0
            blend = CFF2Blend(
                store: variationStore, coordinates: coordinates,
                defaultVariationIndex: fd < variationIndices.count ? variationIndices[fd] : 0)
        }
        var decoder = CFFCharstringDecoder(
            font: font, globalSubrs: globalSubrs,
            localSubrs: localSubrs(for: glyph, font), glyph: glyph, blend: blend)
        try decoder.run(try charStrings.item(font, glyph), depth: 0)
        if let seac = decoder.accentedCharacter {
            return try accentedOutline(
                font, glyph: glyph, dx: seac.dx, dy: seac.dy, base: seac.base, accent: seac.accent)
        }
        return decoder.finish()
    }
}

/// A CID font's FDSelect: glyph -> Font DICT index.
struct FDSelect: Sendable {
    enum Format: Sendable {
        /// One byte per glyph, from this offset (relative to 'CFF ').
        case perGlyph(Int)
        /// Ranges (first glyph u16, fd u8) from this offset, then the
        /// sentinel glyph; the range count.
        case ranges(Int, count: Int)
        /// CFF2's format 4: ranges (first glyph u32, fd u16) from this
        /// offset, then the sentinel; the range count.
        case wideRanges(Int, count: Int)
    }
    let table: FontTable
    let format: Format
    let fontDictCount: Int

    init(_ font: FontData, _ cff: FontTable, at start: Int, glyphCount: Int, fontDictCount: Int) throws(FontError) {
        table = cff
        self.fontDictCount = fontDictCount
        switch try font.u8(cff, start) {
        case 0:
            try font.check(cff, start + 1, glyphCount)
            format = .perGlyph(start + 1)
        case 3:
            let count = Int(try font.u16(cff, start + 1))
            try font.check(cff, start + 3, 3 * count + 2)
            format = .ranges(start + 3, count: count)
        case 4 where cff.tag == "CFF2":
            let count = Int(try font.u32(cff, start + 1))
            try font.check(cff, start + 5, 6 * count + 4)
            format = .wideRanges(start + 5, count: count)
        case let other:
            throw .invalid(
                table: cff.tag, offset: cff.offset + start, reason: "FDSelect format \(other) is not 0, 3 (or CFF2's 4)"
            )
        }
    }

    /// The Font DICT of `glyph` (0 where the data says nothing usable).
    func fontDict(_ font: FontData, _ glyph: Int) -> Int {
        switch format {
        case .perGlyph(let start):
            return Int((try? font.u8(table, start + glyph)) ?? 0)
        case .ranges(let start, let count):
            // The last range whose first glyph is at or below `glyph`.
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                let first = Int((try? font.u16(table, start + 3 * mid)) ?? 0xFFFF)
                if first <= glyph { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { return 0 }
            return Int((try? font.u8(table, start + 3 * (low - 1) + 2)) ?? 0)
        case .wideRanges(let start, let count):
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                let first = Int((try? font.u32(table, start + 6 * mid)) ?? 0xFFFF_FFFF)
                if first <= glyph { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { return 0 }
            return Int((try? font.u16(table, start + 6 * (low - 1) + 4)) ?? 0)
        }
    }
}
