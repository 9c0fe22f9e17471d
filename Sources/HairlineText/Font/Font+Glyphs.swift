// Font stage: glyph index -> outline, in font units with y up. CFF fonts
// decode their charstrings (CFF/); TrueType fonts read glyf: loca gives
// each glyph's byte range in glyf (checked monotonic and inside glyf once);
// simple glyphs decode in Font+SimpleGlyph.swift, composites here: each
// component's outline transformed (offset, scale, x/y scale or 2x2) and
// appended, with a depth limit, cycle detection and a cap on total work.
// Layout: OpenType 1.9 loca and glyf (composite glyph description).

import Hairline

/// loca and glyf: where each glyph's data lies.
struct GlyphLocations: Sendable {
    let loca: FontTable
    let glyf: FontTable
    let isLong: Bool
    let glyphCount: Int

    /// Size of a glyph header: numberOfContours and the bounding box.
    static let headerSize = 10

    init(_ font: FontData, loca: FontTable, glyf: FontTable, isLong: Bool, glyphCount: Int) throws(FontError) {
        self.loca = loca
        self.glyf = glyf
        self.isLong = isLong
        self.glyphCount = glyphCount
        try font.check(loca, 0, (isLong ? 4 : 2) * (glyphCount + 1))
        var previous = 0
        for glyph in 0...glyphCount {
            let offset = try self.offset(font, glyph)
            guard offset >= previous, offset <= glyf.length else {
                throw .invalid(
                    table: "loca", offset: loca.offset + (isLong ? 4 : 2) * glyph,
                    reason:
                        "glyph \(glyph)'s offset \(offset) is below the previous \(previous) or past glyf's \(glyf.length) bytes"
                )
            }
            previous = offset
        }
    }

    /// The glyf offset loca stores for `glyph` (0 ... glyph count).
    private func offset(_ font: FontData, _ glyph: Int) throws(FontError) -> Int {
        isLong ? Int(try font.u32(loca, 4 * glyph)) : 2 * Int(try font.u16(loca, 2 * glyph))
    }

    /// The bytes of `glyph` in glyf (empty for a glyph with no outline).
    /// - Throws: `.glyphOutOfRange` for an index past the glyph count.
    func data(_ font: FontData, _ glyph: Int) throws(FontError) -> FontTable {
        guard glyph >= 0, glyph < glyphCount else { throw .glyphOutOfRange(glyph: glyph, glyphCount: glyphCount) }
        let start = try offset(font, glyph), end = try offset(font, glyph + 1)
        guard start <= end else {
            throw .invalid(table: "loca", offset: loca.offset, reason: "glyph \(glyph) ends before it starts")
        }
        return try glyf.slice(from: start, length: end - start)
    }

    /// The glyph's header bounding box, nil if it has no data.
    func bounds(_ font: FontData, _ glyph: Int) -> GlyphBounds? {
        guard let table = try? data(font, glyph), table.length >= Self.headerSize,
            let xMin = try? font.i16(table, 2), let yMin = try? font.i16(table, 4),
            let xMax = try? font.i16(table, 6), let yMax = try? font.i16(table, 8)
        else { return nil }
        return GlyphBounds(xMin: Int(xMin), yMin: Int(yMin), xMax: Int(xMax), yMax: Int(yMax))
    }
}

/// Where a font's outlines come from: glyf (quadratic) or 'CFF ' / 'CFF2'
/// (cubic).
enum GlyphSource: Sendable {
    case trueType(GlyphLocations)
    case cff(CFFOutlines)
    /// No outlines: a font of color bitmaps only (CBDT or sbix).
    case bitmapOnly

    /// The glyph's bounding box (glyf header, or the CFF outline's exact
    /// bounds rounded out), nil if it has no outline or cannot be read.
    func bounds(_ font: FontData, _ glyph: Int) -> GlyphBounds? {
        switch self {
        case .trueType(let locations): return locations.bounds(font, glyph)
        case .bitmapOnly: return nil
        case .cff(let cff):
            guard let path = try? cff.outline(font, glyph: glyph), !path.isEmpty else { return nil }
            let box = path.bounds
            return GlyphBounds(
                xMin: Int(box.minX.rounded(.down)), yMin: Int(box.minY.rounded(.down)),
                xMax: Int(box.maxX.rounded(.up)), yMax: Int(box.maxY.rounded(.up)))
        }
    }
}

/// The flags of a composite glyph's component record.
struct ComponentFlags: OptionSet {
    let rawValue: UInt16
    static let argumentsAreWords = ComponentFlags(rawValue: 0x0001)
    static let argumentsAreOffsets = ComponentFlags(rawValue: 0x0002)
    static let hasScale = ComponentFlags(rawValue: 0x0008)
    static let moreComponents = ComponentFlags(rawValue: 0x0020)
    static let hasXYScale = ComponentFlags(rawValue: 0x0040)
    static let hasTwoByTwo = ComponentFlags(rawValue: 0x0080)
    static let scaledComponentOffset = ComponentFlags(rawValue: 0x0800)
}

extension Font {
    /// The glyph's bounding box in font units (y up): from its glyf header
    /// (TrueType), or its outline's exact bounds (CFF, rounded out);
    /// nil for an empty glyph (a space) or a glyph out of range.
    /// - Parameter glyph: a glyph of this font.
    public func bounds(of glyph: GlyphID) -> GlyphBounds? {
        if isVariedInstance || !synthesisValue.isNone {
            guard let path = try? outline(of: glyph), !path.isEmpty else { return nil }
            let box = path.bounds
            return GlyphBounds(
                xMin: Int(box.minX.rounded(.down)), yMin: Int(box.minY.rounded(.down)),
                xMax: Int(box.maxX.rounded(.up)), yMax: Int(box.maxY.rounded(.up)))
        }
        return glyphSource.bounds(data, Int(glyph.rawValue))
    }

    /// Whether the font's outlines are CFF (cubic) rather than TrueType.
    public var hasCFFOutlines: Bool {
        if case .cff = glyphSource { return true } else { return false }
    }

    /// The glyph's outline in font units, y up as in the font: quadratic
    /// curves kept (`addQuadCurve`) for TrueType, cubic ones (`addCurve`)
    /// for CFF, every contour closed, composites flattened into one path,
    /// then the font's `synthesis` applied (emboldened, slanted).
    /// An empty path for an empty glyph.
    /// Complexity: O(points), at most `maximumOutlineWork` points and
    /// components (CFF: `CFFOutlines.maximumOperations` operations).
    /// - Parameter glyph: a glyph of this font.
    /// - Throws: `FontError` if the glyph's data is damaged, the index is out
    ///   of range, a composite nests too deep or contains itself, or uses
    ///   point matching (`.unsupported`); `.invalidCharstring` for a bad
    ///   CFF charstring.
    public func outline(of glyph: GlyphID) throws(FontError) -> Path {
        let path = try designOutline(of: glyph)
        return synthesisValue.isNone ? path : synthesisValue.apply(to: path)
    }

    /// The glyph's outline as the font draws it, without `synthesis`.
    func designOutline(of glyph: GlyphID) throws(FontError) -> Path {
        if case .cff(let cff) = glyphSource {
            return try cff.outline(data, glyph: Int(glyph.rawValue), coordinates: instanceCoordinates)
        }
        var path = Path()
        var work = 0
        var ancestors: [Int] = []
        try appendOutline(of: Int(glyph.rawValue), to: &path, transform: nil, ancestors: &ancestors, work: &work)
        return path
    }

    /// Appends the outline of `glyph`, mapped by `transform`, to `path`.
    func appendOutline(
        of glyph: Int, to path: inout Path, transform: AffineTransform?,
        ancestors: inout [Int], work: inout Int
    ) throws(FontError) {
        if ancestors.contains(glyph) { throw .compositeCycle(glyph: glyph) }
        guard ancestors.count <= Self.maximumCompositeDepth else { throw .compositeTooDeep(glyph: glyph) }
        guard case .trueType(let locations) = glyphSource else { return }
        let table = try locations.data(data, glyph)
        guard table.length > 0 else { return }
        let contours = try data.i16(table, 0)
        if contours >= 0 {
            var outline = try simpleOutline(table, contourCount: Int(contours), glyph: glyph, work: &work)
            if let transform { outline.apply(transform) }
            path.addPath(outline)
            return
        }
        ancestors.append(glyph)
        defer { ancestors.removeLast() }
        var at = GlyphLocations.headerSize
        let componentDeltas = try compositeVariations(glyph: glyph, table: table)
        var component = 0
        while true {
            defer { component += 1 }
            let flags = ComponentFlags(rawValue: try data.u16(table, at))
            let componentGlyph = Int(try data.u16(table, at + 2))
            at += 4
            work += 1
            guard work <= Self.maximumOutlineWork else {
                throw .invalid(
                    table: "glyf", offset: table.offset + at,
                    reason: "the composite has more than \(Self.maximumOutlineWork) points and components")
            }
            guard flags.contains(.argumentsAreOffsets) else {
                throw .unsupported("composite glyph \(glyph) places a component by point matching")
            }
            var dx: Double, dy: Double
            if flags.contains(.argumentsAreWords) {
                dx = Double(try data.i16(table, at)); dy = Double(try data.i16(table, at + 2)); at += 4
            } else {
                dx = Double(try data.i8(table, at)); dy = Double(try data.i8(table, at + 1)); at += 2
            }
            if let componentDeltas, component < componentDeltas.count {
                dx += componentDeltas[component].x; dy += componentDeltas[component].y
            }
            var linear = AffineTransform.identity
            if flags.contains(.hasScale) {
                let scale = try data.f2Dot14(table, at)
                linear.a = scale; linear.d = scale; at += 2
            } else if flags.contains(.hasXYScale) {
                linear.a = try data.f2Dot14(table, at); linear.d = try data.f2Dot14(table, at + 2); at += 4
            } else if flags.contains(.hasTwoByTwo) {
                linear.a = try data.f2Dot14(table, at); linear.b = try data.f2Dot14(table, at + 2)
                linear.c = try data.f2Dot14(table, at + 4); linear.d = try data.f2Dot14(table, at + 6); at += 8
            }
            var local = linear
            if flags.contains(.scaledComponentOffset) {
                let offset = Point(x: dx, y: dy).applying(linear)
                local.tx = offset.x; local.ty = offset.y
            } else {
                local.tx = dx; local.ty = dy
            }
            let combined = transform.map { local.concatenating($0) } ?? local
            try appendOutline(of: componentGlyph, to: &path, transform: combined, ancestors: &ancestors, work: &work)
            guard flags.contains(.moreComponents) else { break }
        }
    }
}
