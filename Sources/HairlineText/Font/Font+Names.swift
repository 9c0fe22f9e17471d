// Font stage: the name table -> family, style, full and typographic
// family and subfamily names. Windows
// Unicode records (platform 3, encoding 1 or 10, UTF-16BE) are preferred,
// US English first; Mac Roman records (platform 1, encoding 0) are the
// fallback. Records whose strings lie outside the table are skipped.
// Layout: OpenType 1.9 name, formats 0 and 1.

/// The names the font exposes.
struct NameTable {
    let familyName: String
    let styleName: String
    let fullName: String
    /// Name ids 16 and 17 ("" if absent): the family and style of a
    /// family with more than four faces (Noto Sans for "Noto Sans Light").
    let typographicFamilyName: String
    let typographicStyleName: String

    /// Name ids of the family, subfamily (style) and full names.
    static let familyID: UInt16 = 1, styleID: UInt16 = 2, fullID: UInt16 = 4
    /// Name ids of the typographic family and subfamily.
    static let typographicFamilyID: UInt16 = 16, typographicStyleID: UInt16 = 17
    static let wantedIDs: Set<UInt16> = [familyID, styleID, fullID, typographicFamilyID, typographicStyleID]
    /// Windows' language id of US English, preferred among Windows records.
    static let usEnglish: UInt16 = 0x0409

    init(_ font: FontData, name table: FontTable?) throws(FontError) {
        guard let table else {
            (familyName, styleName, fullName) = ("", "", "")
            (typographicFamilyName, typographicStyleName) = ("", "")
            return
        }
        let count = Int(try font.u16(table, 2))
        let storage = Int(try font.u16(table, 4))
        // Rank of the best record so far per id: 3 Windows English, 2 other
        // Windows, 1 Mac Roman.
        var best: [UInt16: (rank: Int, text: String)] = [:]
        for i in 0..<count {
            let record = 6 + 12 * i
            let platform = try font.u16(table, record), encoding = try font.u16(table, record + 2)
            let language = try font.u16(table, record + 4), id = try font.u16(table, record + 6)
            guard Self.wantedIDs.contains(id) else { continue }
            let rank: Int
            if platform == 3, encoding == 1 || encoding == 10 {
                rank = language == Self.usEnglish ? 3 : 2
            } else if platform == 1, encoding == 0, language == 0 {
                rank = 1
            } else {
                continue
            }
            guard rank > best[id]?.rank ?? 0 else { continue }
            let length = Int(try font.u16(table, record + 8)), offset = Int(try font.u16(table, record + 10))
            guard let bytes = try? table.slice(from: storage + offset, length: length) else { continue }
            let raw = font.bytes[bytes.offset..<(bytes.offset + bytes.length)]
            best[id] = (rank, rank == 1 ? Self.macRoman(raw) : Self.utf16BigEndian(raw))
        }
        familyName = best[Self.familyID]?.text ?? ""
        styleName = best[Self.styleID]?.text ?? ""
        fullName = best[Self.fullID]?.text ?? ""
        typographicFamilyName = best[Self.typographicFamilyID]?.text ?? ""
        typographicStyleName = best[Self.typographicStyleID]?.text ?? ""
    }

    /// UTF-16BE bytes as a string (an odd last byte is dropped, unpaired
    /// surrogates become U+FFFD).
    static func utf16BigEndian(_ bytes: ArraySlice<UInt8>) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            units.append(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1]))
            i += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// Mac Roman bytes as a string.
    static func macRoman(_ bytes: ArraySlice<UInt8>) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(byte < 0x80 ? Unicode.Scalar(byte) : macRomanHigh[Int(byte) - 0x80])
        }
        return String(text)
    }

    /// Mac Roman's bytes 0x80 ... 0xFF (0xF0 is Apple's logo, private use U+F8FF).
    static let macRomanHigh: [Unicode.Scalar] = Array(
        "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u{A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ"
            .unicodeScalars)
}
