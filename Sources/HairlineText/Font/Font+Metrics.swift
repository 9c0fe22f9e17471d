// Font stage: the global and per-glyph metrics. head, maxp, hhea, OS/2 and
// hmtx in -> units per em, glyph count, loca format, bold flags, vertical
// metrics and per-glyph advances and side bearings, all in font units.
// hmtx's length is checked against numberOfHMetrics and numGlyphs once, so
// lookups cannot fail. Layouts: OpenType 1.9 head, maxp, hhea, hmtx, OS/2.

/// The fields of head and maxp the parser uses.
struct FontHeader {
    /// Font units per em.
    let unitsPerEm: Int
    /// maxp.numGlyphs, at least 1.
    let glyphCount: Int
    /// head.indexToLocFormat == 1: loca holds 32-bit offsets.
    let hasLongOffsets: Bool
    /// head.macStyle bit 0.
    let isBoldMacStyle: Bool
    /// head.macStyle bit 1.
    let isItalicMacStyle: Bool

    /// Smallest and largest units per em the specification allows.
    static let unitsPerEmRange = 16...16384

    init(_ font: FontData, head: FontTable, maxp: FontTable) throws(FontError) {
        try font.check(head, 0, 54)
        let units = Int(try font.u16(head, 18))
        guard Self.unitsPerEmRange.contains(units) else {
            throw .invalid(
                table: "head", offset: head.offset + 18, reason: "unitsPerEm \(units) is outside 16 ... 16384")
        }
        unitsPerEm = units
        let macStyle = try font.u16(head, 44)
        isBoldMacStyle = macStyle & 1 != 0
        isItalicMacStyle = macStyle & 2 != 0
        let format = try font.i16(head, 50)
        guard format == 0 || format == 1 else {
            throw .invalid(
                table: "head", offset: head.offset + 50, reason: "indexToLocFormat \(format) is neither 0 nor 1")
        }
        hasLongOffsets = format == 1
        let count = Int(try font.u16(maxp, 4))
        guard count >= 1 else {
            throw .invalid(table: "maxp", offset: maxp.offset + 4, reason: "the font has no glyphs")
        }
        glyphCount = count
    }
}

/// The fields of OS/2 the parser uses (when the table is present).
struct OS2Table {
    /// fsSelection bit 5 (BOLD).
    let isBold: Bool
    /// fsSelection bit 0 (ITALIC) and bit 9 (OBLIQUE).
    let isItalic: Bool, isOblique: Bool
    /// usWeightClass (1...1000 in valid fonts) and usWidthClass (1...9).
    let weightClass: Int, widthClass: Int
    /// sTypoAscender, sTypoDescender (negative below), sTypoLineGap, when
    /// fsSelection bit 7 (USE_TYPO_METRICS) asks for them.
    let typoMetrics: (ascender: Int, descender: Int, lineGap: Int)?
    /// sCapHeight and sxHeight (version 2 and later).
    let capHeight: Int?, xHeight: Int?
    /// ySubscriptYOffset (positive below the baseline) and
    /// ySuperscriptYOffset (positive above).
    let subscriptOffset: Int, superscriptOffset: Int
    /// yStrikeoutSize and yStrikeoutPosition (above the baseline).
    let strikeoutSize: Int, strikeoutPosition: Int

    /// Reads OS/2, or gives nil without the table.
    init?(_ font: FontData, os2 table: FontTable?) throws(FontError) {
        guard let table else { return nil }
        let version = try font.u16(table, 0)
        let selection = try font.u16(table, 62)
        isBold = selection & (1 << 5) != 0
        isItalic = selection & 1 != 0
        isOblique = selection & (1 << 9) != 0
        weightClass = Int(try font.u16(table, 4))
        widthClass = Int(try font.u16(table, 6))
        subscriptOffset = Int(try font.i16(table, 16))
        superscriptOffset = Int(try font.i16(table, 24))
        strikeoutSize = Int(try font.i16(table, 26))
        strikeoutPosition = Int(try font.i16(table, 28))
        if selection & (1 << 7) != 0 {
            typoMetrics = (Int(try font.i16(table, 68)), Int(try font.i16(table, 70)), Int(try font.i16(table, 72)))
        } else {
            typoMetrics = nil
        }
        if version >= 2 {
            xHeight = Int(try font.i16(table, 86))
            capHeight = Int(try font.i16(table, 88))
        } else {
            xHeight = nil
            capHeight = nil
        }
    }
}

/// hmtx: advances and left side bearings, checked against the glyph count.
struct HorizontalMetrics: Sendable {
    let hmtx: FontTable
    /// hhea.numberOfHMetrics: 1 ... glyph count.
    let longMetricCount: Int
    let glyphCount: Int

    init(_ font: FontData, hhea: FontTable, hmtx: FontTable, glyphCount: Int) throws(FontError) {
        try font.check(hhea, 0, 36)
        let count = Int(try font.u16(hhea, 34))
        guard count >= 1, count <= glyphCount else {
            throw .invalid(
                table: "hhea", offset: hhea.offset + 34,
                reason: "numberOfHMetrics \(count) is not in 1 ... numGlyphs \(glyphCount)")
        }
        let needed = 4 * count + 2 * (glyphCount - count)
        guard hmtx.length >= needed else {
            throw .truncated(table: "hmtx", offset: hmtx.offset, needed: needed)
        }
        self.hmtx = hmtx
        longMetricCount = count
        self.glyphCount = glyphCount
    }

    /// The advance width of `glyph`, in font units; 0 out of range.
    func advance(_ font: FontData, _ glyph: Int) -> Int {
        guard glyph >= 0, glyph < glyphCount else { return 0 }
        let record = min(glyph, longMetricCount - 1)
        return Int((try? font.u16(hmtx, 4 * record)) ?? 0)
    }

    /// The left side bearing of `glyph`, in font units; 0 out of range.
    func leftSideBearing(_ font: FontData, _ glyph: Int) -> Int {
        guard glyph >= 0, glyph < glyphCount else { return 0 }
        let at = glyph < longMetricCount ? 4 * glyph + 2 : 4 * longMetricCount + 2 * (glyph - longMetricCount)
        return Int((try? font.i16(hmtx, at)) ?? 0)
    }
}

extension Font {
    /// The advance width of `glyph`, in font units (hmtx; glyphs past
    /// numberOfHMetrics take the last advance). 0 for a glyph out of range.
    /// - Parameter glyph: a glyph of this font.
    /// A variable font's instance adds its advance delta (rounded).
    public func advance(of glyph: GlyphID) -> Int {
        let advance = horizontalMetrics.advance(data, Int(glyph.rawValue))
        guard !instanceCoordinates.isEmpty else { return advance }
        let varied = Double(advance) + advanceVariation(of: Int(glyph.rawValue))
        return varied.isFinite ? Int(max(0, min(varied, 1e6)).rounded()) : advance
    }

    /// The left side bearing of `glyph`, in font units (hmtx). 0 for a
    /// glyph out of range.
    /// - Parameter glyph: a glyph of this font.
    public func leftSideBearing(of glyph: GlyphID) -> Int {
        horizontalMetrics.leftSideBearing(data, Int(glyph.rawValue))
    }

    /// The vertical metrics from hhea or OS/2, cap and x height falling
    /// back on the tops of 'H' and 'x'.
    static func readMetrics(
        _ font: FontData, header: FontHeader, hhea: FontTable, os2: OS2Table?,
        characterMap: CharacterMap, glyphSource: GlyphSource
    ) throws(FontError) -> FontMetrics {
        var ascent = Int(try font.i16(hhea, 4)), descender = Int(try font.i16(hhea, 6)),
            lineGap = Int(try font.i16(hhea, 8))
        if let typo = os2?.typoMetrics {
            (ascent, descender, lineGap) = typo
        }
        func top(of scalar: Unicode.Scalar) -> Int {
            let glyph = characterMap.glyph(font, for: scalar.value)
            guard glyph != 0 else { return 0 }
            return glyphSource.bounds(font, Int(glyph))?.yMax ?? 0
        }
        return FontMetrics(
            unitsPerEm: header.unitsPerEm, ascent: ascent, descent: -descender, lineGap: lineGap,
            capHeight: os2?.capHeight ?? top(of: "H"), xHeight: os2?.xHeight ?? top(of: "x"))
    }
}
