// Font stage: a simple glyph's glyf data -> a path in font units (y up).
// Decodes endPtsOfContours, the flags (with REPEAT) and the delta-coded x
// and y coordinates, each count checked against the glyph's own bytes;
// then each contour becomes quadratics with the implied on-curve midpoints
// between consecutive off-curve points. Layout: OpenType 1.9 glyf, simple glyph description.

import Hairline

/// The flag bits of a simple glyph's points.
enum PointFlag {
    static let onCurve: UInt8 = 0x01
    static let xShort: UInt8 = 0x02
    static let yShort: UInt8 = 0x04
    static let repeats: UInt8 = 0x08
    /// With xShort: the byte is positive; without: x equals the previous x.
    static let xSameOrPositive: UInt8 = 0x10
    static let ySameOrPositive: UInt8 = 0x20
}

/// One decoded point of a simple glyph, in font units.
struct GlyphPoint {
    /// The coordinates, in font units (whole in the font; a variable
    /// font's instance adds fractional deltas).
    var x: Double
    var y: Double
    var isOnCurve: Bool

    var point: Point { Point(x: x, y: y) }

    /// The midpoint of two points, the on-curve point two off-curve points imply.
    static func midpoint(_ p: GlyphPoint, _ q: GlyphPoint) -> Point {
        Point(x: (p.x + q.x) / 2, y: (p.y + q.y) / 2)
    }
}

extension Font {
    /// The outline of a simple glyph whose data is `table`.
    /// A variable font's instance moves the points by gvar's deltas for
    /// `glyph`.
    func simpleOutline(_ table: FontTable, contourCount: Int, glyph: Int, work: inout Int) throws(FontError) -> Path {
        guard contourCount > 0 else { return Path() }
        let header = GlyphLocations.headerSize
        var ends: [Int] = []
        ends.reserveCapacity(contourCount)
        for i in 0..<contourCount {
            let end = Int(try data.u16(table, header + 2 * i))
            guard end > (ends.last ?? -1) else {
                throw .invalid(
                    table: "glyf", offset: table.offset + header + 2 * i,
                    reason: "contour \(i) ends at point \(end), not after the previous contour")
            }
            ends.append(end)
        }
        let pointCount = (ends.last ?? -1) + 1
        work += pointCount
        guard work <= Self.maximumOutlineWork else {
            throw .invalid(
                table: "glyf", offset: table.offset,
                reason: "the outline has more than \(Self.maximumOutlineWork) points")
        }
        let instructionsAt = header + 2 * contourCount
        var at = instructionsAt + 2 + Int(try data.u16(table, instructionsAt))
        var points = try decodePoints(table, count: pointCount, at: &at)
        if !instanceCoordinates.isEmpty {
            try applyGlyphVariations(to: &points, glyph: glyph, contourEnds: ends, table: table)
        }
        var path = Path()
        var start = 0
        for end in ends {
            appendContour(points[start...end], to: &path)
            start = end + 1
        }
        return path
    }

    /// The flags and coordinates of `count` points starting at byte `at`.
    private func decodePoints(_ table: FontTable, count: Int, at: inout Int) throws(FontError) -> [GlyphPoint] {
        var flags: [UInt8] = []
        flags.reserveCapacity(count)
        while flags.count < count {
            let flag = try data.u8(table, at)
            at += 1
            flags.append(flag)
            if flag & PointFlag.repeats != 0 {
                let repeats = Int(try data.u8(table, at))
                guard repeats <= count - flags.count else {
                    throw .invalid(
                        table: "glyf", offset: table.offset + at,
                        reason: "a flag repeats past the glyph's \(count) points")
                }
                at += 1
                flags.append(contentsOf: repeatElement(flag, count: repeats))
            }
        }
        var points = flags.map { GlyphPoint(x: 0, y: 0, isOnCurve: $0 & PointFlag.onCurve != 0) }
        var value = 0
        for i in 0..<count {
            value += try delta(table, flags[i], short: PointFlag.xShort, same: PointFlag.xSameOrPositive, at: &at)
            points[i].x = Double(value)
        }
        value = 0
        for i in 0..<count {
            value += try delta(table, flags[i], short: PointFlag.yShort, same: PointFlag.ySameOrPositive, at: &at)
            points[i].y = Double(value)
        }
        return points
    }

    /// One coordinate delta: a byte with a sign bit, a repeat of the
    /// previous value, or a signed 16-bit value.
    @inline(__always)
    private func delta(
        _ table: FontTable, _ flag: UInt8, short: UInt8, same: UInt8, at: inout Int
    ) throws(FontError) -> Int {
        if flag & short != 0 {
            let byte = Int(try data.u8(table, at))
            at += 1
            return flag & same != 0 ? byte : -byte
        }
        if flag & same != 0 { return 0 }
        let word = Int(try data.i16(table, at))
        at += 2
        return word
    }

    /// Appends one closed contour: it starts at its first on-curve point,
    /// or at the midpoint of its last and first points if all are off-curve.
    private func appendContour(_ points: ArraySlice<GlyphPoint>, to path: inout Path) {
        guard let first = points.first, let last = points.last else { return }
        let startIndex = points.firstIndex(where: \.isOnCurve)
        let start = startIndex.map { points[$0].point } ?? GlyphPoint.midpoint(last, first)
        path.move(to: start)
        // Walk every point once, cyclically, after the start.
        let order = startIndex.map { Array(points[($0 + 1)...]) + Array(points[..<$0]) } ?? Array(points)
        var control: GlyphPoint?
        for point in order {
            if point.isOnCurve {
                if let c = control {
                    path.addQuadCurve(to: point.point, control: c.point)
                } else {
                    path.addLine(to: point.point)
                }
                control = nil
            } else {
                if let c = control { path.addQuadCurve(to: GlyphPoint.midpoint(c, point), control: c.point) }
                control = point
            }
        }
        if let c = control { path.addQuadCurve(to: start, control: c.point) }
        path.closeSubpath()
    }
}
