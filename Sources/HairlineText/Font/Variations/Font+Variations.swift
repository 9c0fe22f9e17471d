// Font stage (variable fonts): the hooks by which an instance's
// coordinates reach glyph outlines and advances. Simple glyphs: gvar's
// deltas added to their decoded points (font units, y up) before the
// contours are built; composites: the deltas of their components'
// offsets; advances: HVAR's delta, else the difference of the deltas of
// gvar's two horizontal phantom points. A damaged gvar or HVAR leaves the
// default instance's values (never a trap). Layout: OpenType 1.9 gvar
// ("Phantom points"), HVAR.

extension Font {
    /// Moves the decoded points of simple glyph `glyph` by its deltas at
    /// this instance (points inferred per contour where a tuple is sparse).
    func applyGlyphVariations(
        to points: inout [GlyphPoint], glyph: Int, contourEnds: [Int],
        table: FontTable
    ) throws(FontError) {
        guard let gvar = variations?.glyphVariations else { return }
        var original = points.map { (x: $0.x, y: $0.y) }
        original.append(contentsOf: phantomPoints(glyph: glyph, table: table))
        guard
            let deltas = try gvar.deltas(
                data, glyph: glyph, coordinates: instanceCoordinates,
                pointCount: original.count, contourEnds: contourEnds, original: original)
        else { return }
        for i in points.indices {
            points[i].x += deltas[i].x
            points[i].y += deltas[i].y
        }
    }

    /// The deltas of composite glyph `glyph`'s component offsets at this
    /// instance, one per component in order; nil for the default.
    func compositeVariations(glyph: Int, table: FontTable) throws(FontError) -> [(x: Double, y: Double)]? {
        guard !instanceCoordinates.isEmpty, let gvar = variations?.glyphVariations else { return nil }
        let count = try componentCount(table)
        let original = Array(repeating: (x: 0.0, y: 0.0), count: count + Self.phantomPointCount)
        return try gvar.deltas(
            data, glyph: glyph, coordinates: instanceCoordinates, pointCount: original.count,
            contourEnds: [], original: original)
    }

    /// gvar gives every glyph four phantom points after its own: left and
    /// right (advance), top and bottom (vertical advance).
    static let phantomPointCount = 4

    /// The horizontal phantom points' default positions (left side
    /// bearing origin and advance) and two vertical ones at 0.
    private func phantomPoints(glyph: Int, table: FontTable) -> [(x: Double, y: Double)] {
        let xMin = Double((try? data.i16(table, 2)) ?? 0)
        let left = xMin - Double(horizontalMetrics.leftSideBearing(data, glyph))
        let right = left + Double(horizontalMetrics.advance(data, glyph))
        return [(left, 0), (right, 0), (0, 0), (0, 0)]
    }

    /// The number of components of composite glyph data `table`.
    private func componentCount(_ table: FontTable) throws(FontError) -> Int {
        var at = GlyphLocations.headerSize, count = 0
        while count < Self.maximumOutlineWork {
            let flags = ComponentFlags(rawValue: try data.u16(table, at))
            count += 1
            at += 4 + (flags.contains(.argumentsAreWords) ? 4 : 2)
            if flags.contains(.hasScale) {
                at += 2
            } else if flags.contains(.hasXYScale) {
                at += 4
            } else if flags.contains(.hasTwoByTwo) {
                at += 8
            }
            guard flags.contains(.moreComponents) else { break }
        }
        return count
    }

    /// How much this instance changes `glyph`'s advance, in font units:
    /// HVAR's delta, else gvar's right phantom point's x delta minus the
    /// left one's; 0 for the default instance or damaged data.
    func advanceVariation(of glyph: Int) -> Double {
        guard !instanceCoordinates.isEmpty, let variations else { return 0 }
        if let hvar = variations.horizontalVariations {
            return (try? hvar.advanceDelta(data, glyph: glyph, coordinates: instanceCoordinates)) ?? 0
        }
        return phantomAdvanceVariation(of: glyph)
    }

    /// The advance delta of `glyph` from gvar's phantom points alone
    /// (right minus left), in font units; 0 without gvar data.
    func phantomAdvanceVariation(of glyph: Int) -> Double {
        guard !instanceCoordinates.isEmpty, let gvar = variations?.glyphVariations,
            case .trueType(let locations) = glyphSource,
            let table = try? locations.data(data, glyph)
        else { return 0 }
        var outlinePoints = 0
        if table.length >= GlyphLocations.headerSize, let contours = try? data.i16(table, 0) {
            if contours > 0 {
                outlinePoints =
                    Int((try? data.u16(table, GlyphLocations.headerSize + 2 * (Int(contours) - 1))) ?? 0) + 1
            } else if contours < 0 {
                outlinePoints = (try? componentCount(table)) ?? 0
            }
        }
        let count = outlinePoints + Self.phantomPointCount
        let original = Array(repeating: (x: 0.0, y: 0.0), count: count)
        guard
            let deltas = try? gvar.deltas(
                data, glyph: glyph, coordinates: instanceCoordinates, pointCount: count,
                contourEnds: [], original: original)
        else { return 0 }
        return deltas[outlinePoints + 1].x - deltas[outlinePoints].x
    }
}
