// Font stage: an OpenType file's bytes (one font, or a face of a 'ttcf'
// collection) in -> a parsed `Font`: the table directory read, every
// required table (head, hhea, hmtx, maxp, cmap, and loca + glyf or 'CFF ')
// checked eagerly, names, style and metrics read once. The `Font` keeps the
// bytes and the checked offsets; lookups read the bytes (no mutable cache,
// so it is a plain Sendable value). Format: OpenType 1.9 (font collections:
// the TTC header, versions 1 and 2).

/// A glyph's index in a font (0 is the missing-glyph glyph, `.notdef`).
public struct GlyphID: Hashable, Comparable, Sendable {
    /// The index into the font's glyphs.
    public let rawValue: UInt16
    /// The glyph with index `rawValue`.
    /// - Parameter rawValue: a glyph index (not checked against any font).
    public init(_ rawValue: UInt16) { self.rawValue = rawValue }
    /// Glyph 0, drawn for characters the font has no glyph for.
    public static let notdef = GlyphID(0)
    /// Orders glyphs by index.
    public static func < (lhs: GlyphID, rhs: GlyphID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A font's vertical metrics, in font units (`unitsPerEm` per em).
public struct FontMetrics: Equatable, Sendable {
    /// Font units per em (16 ... 16384; 2048 or 1000 usually).
    public var unitsPerEm: Int
    /// The line's extent above the baseline, in font units, positive.
    public var ascent: Int
    /// The line's extent below the baseline, in font units, positive.
    public var descent: Int
    /// The extra space between lines, in font units.
    public var lineGap: Int
    /// The height of capital letters, in font units: OS/2 v2+ sCapHeight,
    /// else the top of glyph 'H' (0 if neither).
    public var capHeight: Int
    /// The height of lowercase letters, in font units: OS/2 v2+ sxHeight,
    /// else the top of glyph 'x' (0 if neither).
    public var xHeight: Int
}

/// A glyph's bounding box (TrueType: its glyf header; CFF: its outline's
/// control points), in font units, y up.
public struct GlyphBounds: Equatable, Sendable {
    /// The left edge, in font units.
    public var xMin: Int
    /// The bottom edge, in font units (y up).
    public var yMin: Int
    /// The right edge, in font units.
    public var xMax: Int
    /// The top edge, in font units (y up).
    public var yMax: Int
}

/// An OpenType font (TrueType or CFF outlines, alone or one face of a
/// collection): glyph lookup, advances, kerning and outlines.
///
/// Parsing checks the table directory and every required table once;
/// queries then never trap and never fail except `outline(of:)`, which
/// reads a glyph's data and throws if it is damaged. All values are in font
/// units (`metrics.unitsPerEm` per em) with y up.
public struct Font: Sendable {
    /// Composite glyphs nest at most this many levels (real fonts use 2 or 3).
    public static let maximumCompositeDepth = 16
    /// The most points plus components one outline may gather: composites
    /// reusing components cannot blow up into huge outlines.
    static let maximumOutlineWork = 1 << 16
    /// Tables above this count are taken as a damaged directory (real fonts
    /// have about 10 to 40).
    static let maximumTableCount = 1024

    let data: FontData
    /// The file offset of this face's table directory (0 unless the face
    /// is one of a collection's).
    let directoryOffset: Int
    let glyphCountValue: Int
    let characterMap: CharacterMap
    let horizontalMetrics: HorizontalMetrics
    let glyphSource: GlyphSource
    let kerningTables: KerningTables
    /// Where GSUB, GPOS and GDEF are (read by the shaper, Shaping/).
    let layoutTables: LayoutTables
    /// fvar, avar, gvar and HVAR of a variable font (nil: static).
    let variations: VariationTables?
    /// The instance's normalized coordinates, one per axis; empty for the
    /// default instance (`varied(_:)` sets them).
    var instanceCoordinates: [Double] = []
    /// The synthetic bold and slant its outlines carry (`synthesized(_:)`
    /// sets it; `.none` for the face as read).
    var synthesisValue = FontSynthesis.none
    /// COLR/CPAL, CBLC/CBDT and sbix (nil: no color glyphs).
    let colorTables: ColorTables?
    /// The fallback fonts for characters this font lacks (nil: none; a
    /// missing character draws `.notdef`).
    public internal(set) var fallback: FontFallback?

    /// The family name (name id 1), "" if absent.
    public let familyName: String
    /// The style name (name id 2, "Book", "Bold"), "" if absent.
    public let styleName: String
    /// The full name (name id 4), "" if absent.
    public let fullName: String
    /// Whether the font is bold: OS/2 fsSelection bit 5 or head.macStyle bit 0.
    public let isBold: Bool
    /// The face's place in its family: weight, width and slant (OS/2,
    /// head), and the typographic family name.
    public let style: FontStyle
    /// The face's index in its collection (0 for a lone font).
    public let faceIndex: Int
    /// How far subscripts sit below and superscripts above the baseline,
    /// in font units, both positive: OS/2's ySubscriptYOffset and
    /// ySuperscriptYOffset, or a fifth and a third of the em without OS/2
    /// (or with zeros there).
    public let subscriptOffset: Int, superscriptOffset: Int
    /// Where an underline's centre sits (negative: below the baseline) and
    /// its thickness, in font units: post's underlinePosition and
    /// underlineThickness, or -1/10 and 1/20 of the em without them.
    public let underlinePosition: Int, underlineThickness: Int
    /// Where a line-through's centre sits above the baseline, in font
    /// units: OS/2's yStrikeoutPosition, or 3/10 of the em without it.
    public let strikeoutPosition: Int
    /// Vertical metrics, in font units: hhea's, or OS/2's typographic ones
    /// when fsSelection sets USE_TYPO_METRICS (bit 7).
    public let metrics: FontMetrics

    /// The number of glyphs (maxp.numGlyphs), at least 1.
    public var glyphCount: Int { glyphCountValue }

    /// Parses an OpenType font file (TrueType or CFF outlines), or face
    /// `faceIndex` of a font collection ('ttcf').
    ///
    /// Checks the directory and every required table eagerly (offsets,
    /// counts, loca monotonic and inside glyf or the CFF INDEXes inside
    /// 'CFF ', hmtx long enough, the cmap subtable in use); glyph data is
    /// checked when an outline is read.
    /// Complexity: O(glyph count + table count).
    /// - Parameters:
    ///   - data: the whole file.
    ///   - faceIndex: the face of a collection (0 for a lone font, which
    ///     has only face 0).
    /// - Throws: `FontError` naming the table and offset at fault;
    ///   `.faceOutOfRange` for a face the file does not have.
    public init(data: [UInt8], faceIndex: Int = 0) throws(FontError) {
        let font = FontData(bytes: data)
        let directory = try Self.directoryOffset(font, faceIndex: faceIndex)
        let tables = try Self.readDirectory(font, at: directory)
        func required(_ tag: String) throws(FontError) -> FontTable {
            guard let table = tables[tag] else { throw .missingTable(tag) }
            return table
        }
        let head = try required("head"), hhea = try required("hhea"), maxp = try required("maxp")
        let header = try FontHeader(font, head: head, maxp: maxp)
        self.data = font
        self.faceIndex = faceIndex
        directoryOffset = directory
        glyphCountValue = header.glyphCount
        horizontalMetrics = try HorizontalMetrics(
            font, hhea: hhea, hmtx: try required("hmtx"), glyphCount: header.glyphCount)
        characterMap = try CharacterMap(font, cmap: try required("cmap"), glyphCount: header.glyphCount)
        if let glyf = tables["glyf"] {
            glyphSource = .trueType(
                try GlyphLocations(
                    font, loca: try required("loca"), glyf: glyf,
                    isLong: header.hasLongOffsets, glyphCount: header.glyphCount))
        } else if let cff = tables["CFF "] {
            glyphSource = .cff(try CFFOutlines(font, cff: cff, glyphCount: header.glyphCount))
        } else if let cff2 = tables["CFF2"] {
            glyphSource = .cff(try CFFOutlines(cff2: cff2, font, glyphCount: header.glyphCount))
        } else if tables["CBDT"] != nil || tables["sbix"] != nil {
            glyphSource = .bitmapOnly  // Color bitmaps without outlines (Noto Color Emoji).
        } else {
            throw .missingTable("glyf")
        }
        kerningTables = try KerningTables(font, kern: tables["kern"], gpos: tables["GPOS"])
        layoutTables = LayoutTables(tables: tables)
        variations = VariationTables(font, tables: tables, glyphCount: header.glyphCount)
        colorTables = ColorTables(font, tables: tables, glyphCount: header.glyphCount)
        let names = try NameTable(font, name: tables["name"])
        familyName = names.familyName
        styleName = names.styleName
        fullName = names.fullName
        let os2 = try OS2Table(font, os2: tables["OS/2"])
        isBold = (os2?.isBold ?? false) || header.isBoldMacStyle
        style = FontStyle(names: names, os2: os2, header: header)
        let sub = abs(os2?.subscriptOffset ?? 0), sup = abs(os2?.superscriptOffset ?? 0)
        subscriptOffset = sub > 0 ? sub : header.unitsPerEm / 5
        superscriptOffset = sup > 0 ? sup : header.unitsPerEm / 3
        let post = tables["post"].flatMap { table in
            (try? font.i16(table, 8)).flatMap { position in (try? font.i16(table, 10)).map { (Int(position), Int($0)) }
            }
        }
        underlinePosition = post?.0 ?? -header.unitsPerEm / 10
        underlineThickness = post.map { $0.1 > 0 ? $0.1 : header.unitsPerEm / 20 } ?? header.unitsPerEm / 20
        let strikeout = os2?.strikeoutPosition ?? 0
        strikeoutPosition = strikeout != 0 ? strikeout : header.unitsPerEm * 3 / 10
        metrics = try Self.readMetrics(
            font, header: header, hhea: hhea, os2: os2, characterMap: characterMap,
            glyphSource: glyphSource)
    }

    /// Reads an OpenType font file from disk and parses it (face
    /// `faceIndex` of a collection).
    /// - Parameters:
    ///   - path: a file system path.
    ///   - faceIndex: the face of a collection (0 for a lone font).
    /// - Throws: `.unreadableFile` if the file cannot be read (or is larger
    ///   than `FontFile.maximumByteCount`), otherwise as `init(data:faceIndex:)`.
    public init(contentsOfFile path: String, faceIndex: Int = 0) throws(FontError) {
        try self.init(data: try FontFile.read(path), faceIndex: faceIndex)
    }

    /// Parses one of the fonts bundled with HairlineText.
    /// - Parameter bundled: the font.
    /// - Throws: `.unreadableFile` if the resource is missing or unreadable.
    public init(_ bundled: BundledFont) throws(FontError) {
        let bytes: [UInt8]
        do {
            bytes = try bundled.data()
        } catch {
            throw .unreadableFile(path: "\(bundled.rawValue).ttf", reason: error.description)
        }
        try self.init(data: bytes)
    }

    /// The table directory at file offset `start`: tag -> range, each
    /// checked to lie in the file (of `fileLength` bytes when only a
    /// prefix of it is in `font`: the ranges are then not all readable).
    static func readDirectory(
        _ font: FontData, at start: Int = 0, fileLength: Int? = nil
    ) throws(FontError)
        -> [String: FontTable]
    {
        let file = font.file
        let fileLength = fileLength ?? file.length
        let version = try font.u32(file, start)
        switch version {
        case 0x0001_0000, 0x7472_7565: break  // 1.0 and 'true': TrueType outlines.
        case 0x4F54_544F: break  // 'OTTO': CFF outlines.
        case 0x7474_6366: throw .invalid(table: "", offset: start, reason: "a collection's face is itself a collection")
        default: throw .invalid(table: "", offset: start, reason: "the sfnt version \(version) is not OpenType")
        }
        let count = Int(try font.u16(file, start + 4))
        guard count <= maximumTableCount else {
            throw .invalid(table: "", offset: start + 4, reason: "\(count) tables is more than \(maximumTableCount)")
        }
        var tables: [String: FontTable] = [:]
        for i in 0..<count {
            let record = start + 12 + 16 * i
            let tag = try font.tag(file, record)
            let offset = Int(try font.u32(file, record + 8)), length = Int(try font.u32(file, record + 12))
            guard offset <= fileLength, length <= fileLength - offset else {
                throw .invalid(
                    table: tag, offset: record + 8,
                    reason: "the table's \(length) bytes at offset \(offset) are not inside the \(fileLength)-byte file"
                )
            }
            if tables[tag] == nil { tables[tag] = FontTable(tag: tag, offset: offset, length: length) }
        }
        return tables
    }
}
