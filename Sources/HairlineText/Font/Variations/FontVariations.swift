// Font stage (variable fonts): fvar's axes and avar's maps in -> the
// normalized design coordinates of one instance (-1 ... 1 per axis, F2Dot14
// precision), which gvar (TrueType outlines) and HVAR (advances) read.
// User values are clamped to each axis's range, normalized around its
// default, mapped through avar's segment maps (version 1) and rounded to
// 1/16384 as the specification requires. A damaged fvar or avar makes the
// font static (no axes), never refuses it. Layout: OpenType 1.9 fvar, avar;
// the normalization of "OpenType Font Variations Overview".

/// One design axis of a variable font (fvar), in user units.
public struct VariationAxis: Equatable, Sendable {
    /// The axis tag ("wght", "wdth", "slnt", "opsz", "ital", or a private one).
    public let tag: String
    /// The smallest value, the default and the largest, in the axis's
    /// user units (weight 1 ... 1000, width in percent, slant in degrees).
    public let minimum: Double, defaultValue: Double, maximum: Double
}

/// One axis setting: an axis tag and a value in its user units, as in CSS
/// `font-variation-settings: "wght" 700`.
public struct FontVariation: Hashable, Sendable {
    /// The four-character axis tag.
    public var tag: String
    /// The value in the axis's user units.
    public var value: Double
    /// A setting of axis `tag` to `value`.
    public init(_ tag: String, _ value: Double) {
        self.tag = tag
        self.value = value
    }
}

/// The variation tables of a variable TrueType font, parsed once: its axes,
/// avar's maps, gvar and HVAR.
struct VariationTables: Sendable {
    /// fvar's axes, in order.
    let axes: [VariationAxis]
    /// avar's segment maps, one per axis (empty: identity), pairs of
    /// normalized (from, to).
    let segmentMaps: [[(from: Double, to: Double)]]
    /// gvar, if present and readable.
    let glyphVariations: GlyphVariations?
    /// HVAR's advance deltas, if present and readable.
    let horizontalVariations: HorizontalVariations?

    /// Axes above this count are taken as damage (real fonts have 1 to 20).
    static let maximumAxisCount = 64
    /// avar pairs above this count per axis are taken as damage.
    static let maximumSegmentCount = 256

    /// Parses the variation tables, or gives nil for a static font or a
    /// damaged fvar (the font is then drawn at its default instance).
    init?(_ font: FontData, tables: [String: FontTable], glyphCount: Int) {
        guard let fvar = tables["fvar"], let axes = try? Self.readAxes(font, fvar), !axes.isEmpty else { return nil }
        self.axes = axes
        segmentMaps =
            tables["avar"].flatMap { try? Self.readSegmentMaps(font, $0, axisCount: axes.count) }
            ?? Array(repeating: [], count: axes.count)
        glyphVariations = tables["gvar"].flatMap {
            try? GlyphVariations(font, gvar: $0, axisCount: axes.count, glyphCount: glyphCount)
        }
        horizontalVariations = tables["HVAR"].flatMap {
            try? HorizontalVariations(font, hvar: $0, axisCount: axes.count)
        }
    }

    /// fvar's axis records (fvar version 1: 16-byte header, 20-byte axes).
    static func readAxes(_ font: FontData, _ fvar: FontTable) throws(FontError) -> [VariationAxis] {
        guard try font.u16(fvar, 0) == 1 else { throw .unsupported("fvar major version other than 1") }
        let axesAt = Int(try font.u16(fvar, 4)), count = Int(try font.u16(fvar, 8)), size = Int(try font.u16(fvar, 10))
        guard count <= maximumAxisCount, size >= 20 else {
            throw .invalid(table: "fvar", offset: fvar.offset + 8, reason: "\(count) axes of \(size) bytes")
        }
        var axes: [VariationAxis] = []
        for i in 0..<count {
            let at = axesAt + size * i
            let tag = try font.tag(fvar, at)
            let minimum = try font.fixed(fvar, at + 4), value = try font.fixed(fvar, at + 8),
                maximum = try font.fixed(fvar, at + 12)
            guard minimum <= value, value <= maximum else {
                throw .invalid(
                    table: "fvar", offset: fvar.offset + at, reason: "axis \(tag)'s default is outside its range")
            }
            axes.append(VariationAxis(tag: tag, minimum: minimum, defaultValue: value, maximum: maximum))
        }
        return axes
    }

    /// avar version 1's segment maps, one per axis.
    static func readSegmentMaps(
        _ font: FontData, _ avar: FontTable, axisCount: Int
    ) throws(FontError)
        -> [[(from: Double, to: Double)]]
    {
        guard try font.u16(avar, 0) == 1, Int(try font.u16(avar, 6)) == axisCount else {
            throw .unsupported("avar other than version 1 for every axis")
        }
        var maps: [[(from: Double, to: Double)]] = []
        var at = 8
        for _ in 0..<axisCount {
            let count = Int(try font.u16(avar, at))
            guard count <= maximumSegmentCount else {
                throw .invalid(table: "avar", offset: avar.offset + at, reason: "\(count) segments")
            }
            var map: [(from: Double, to: Double)] = []
            for j in 0..<count {
                map.append((try font.f2Dot14(avar, at + 2 + 4 * j), try font.f2Dot14(avar, at + 4 + 4 * j)))
            }
            // A map that is not increasing is ignored (the specification's rule).
            let increasing = zip(map, map.dropFirst()).allSatisfy { $0.from <= $1.from && $0.to <= $1.to }
            maps.append(increasing && map.count >= 3 ? map : [])
            at += 2 + 4 * count
        }
        return maps
    }

    /// The normalized coordinates (F2Dot14 precision, -1 ... 1) of the
    /// instance with `settings` (later settings of one axis win; unknown
    /// tags ignored; axes not set at their defaults).
    func normalizedCoordinates(for settings: [FontVariation]) -> [Double] {
        axes.enumerated().map { index, axis in
            guard let setting = settings.last(where: { $0.tag == axis.tag }), setting.value.isFinite else { return 0 }
            let value = min(max(setting.value, axis.minimum), axis.maximum)
            var normal = 0.0
            if value < axis.defaultValue {
                normal = -(axis.defaultValue - value) / (axis.defaultValue - axis.minimum)
            } else if value > axis.defaultValue {
                normal = (value - axis.defaultValue) / (axis.maximum - axis.defaultValue)
            }
            normal = Self.map(normal, through: segmentMaps[index])
            return (min(max(normal, -1), 1) * 16384).rounded() / 16384
        }
    }

    /// `value` mapped piecewise linearly through an avar segment map.
    static func map(_ value: Double, through map: [(from: Double, to: Double)]) -> Double {
        guard let first = map.first, let last = map.last else { return value }
        if value <= first.from { return first.to + (value - first.from) }
        if value >= last.from { return last.to + (value - last.from) }
        for (a, b) in zip(map, map.dropFirst()) where value < b.from {
            guard b.from > a.from else { return a.to }
            return a.to + (b.to - a.to) * (value - a.from) / (b.from - a.from)
        }
        return value
    }
}

extension FontData {
    /// The 16.16 fixed-point number at `at`.
    func fixed(_ table: FontTable, _ at: Int) throws(FontError) -> Double {
        Double(Int32(bitPattern: try u32(table, at))) / 65536
    }
}

extension Font {
    /// The font's design axes (fvar), empty for a static font.
    public var variationAxes: [VariationAxis] { variations?.axes ?? [] }

    /// Whether this font is an instance other than the default one.
    public var isVariedInstance: Bool { instanceCoordinates.contains { $0 != 0 } }

    /// The normalized coordinates of this instance, one per axis
    /// (-1 ... 1, 0 the default); empty for a static font or the default.
    public var normalizedCoordinates: [Double] { instanceCoordinates }

    /// This font at the instance `settings` name: outlines (gvar) and
    /// advances (HVAR, else gvar's phantom points) vary, everything else is
    /// shared. Values are clamped to each axis's range; tags the font has
    /// no axis for are ignored, and a static font returns itself.
    /// - Parameter settings: axis values in user units.
    public func varied(_ settings: [FontVariation]) -> Font {
        guard let variations else { return self }
        var copy = self
        let coordinates = variations.normalizedCoordinates(for: settings)
        copy.instanceCoordinates = coordinates.contains { $0 != 0 } ? coordinates : []
        return copy
    }

    /// The instance CSS Fonts 4 §5 asks of a variable font: `wght` from
    /// `weight`, `wdth` from `widthPercent`, `slnt` from `obliqueAngle`
    /// (degrees clockwise, so the axis gets its negative), `ital` 1 when
    /// `isItalic`, `opsz` from `opticalSize` (font-optical-sizing: auto),
    /// then the explicit `settings` (font-variation-settings) over them.
    /// - Parameters:
    ///   - weight: the CSS weight (400 normal, 700 bold).
    ///   - widthPercent: the CSS font-stretch percentage (100 normal).
    ///   - obliqueAngle: the oblique angle in degrees, nil when upright.
    ///   - isItalic: whether italic was asked for.
    ///   - opticalSize: the font size in CSS pixels, nil to leave opsz.
    ///   - settings: the explicit axis settings, applied last.
    public func cssInstance(
        weight: Double, widthPercent: Double, obliqueAngle: Double? = nil, isItalic: Bool = false,
        opticalSize: Double? = nil, settings: [FontVariation] = []
    ) -> Font {
        guard variations != nil else { return self }
        var all = [FontVariation("wght", weight), FontVariation("wdth", widthPercent)]
        if let obliqueAngle { all.append(FontVariation("slnt", -obliqueAngle)) }
        if isItalic { all.append(FontVariation("ital", 1)) }
        if let opticalSize { all.append(FontVariation("opsz", opticalSize)) }
        return varied(all + settings)
    }
}
