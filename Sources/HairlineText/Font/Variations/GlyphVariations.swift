// Font stage (variable fonts): gvar's tuple variation data for one glyph
// and an instance's normalized coordinates in -> a delta (x, y) in font
// units for each of the glyph's points and its four phantom points.
// Each tuple's scalar comes from its peak (embedded or shared) and
// optional intermediate region; its packed point numbers (private or
// shared; none: every point) and packed deltas are read with every count
// checked against the glyph's bytes. Points a tuple leaves out are inferred
// (IUP) per contour for simple glyphs, left unmoved for composites.
// Layout: OpenType 1.9 gvar and "Tuple Variation Store"; IUP as the
// specification's "Inferred deltas for un-referenced point numbers".

/// gvar: the per-glyph tuple variation data of a TrueType variable font.
struct GlyphVariations: Sendable {
    let gvar: FontTable
    let axisCount: Int
    let glyphCount: Int
    /// The shared peak tuples, axisCount coordinates each.
    let sharedTuples: [[Double]]
    let dataStart: Int
    let hasLongOffsets: Bool

    /// Tuples above this count per glyph are taken as damage (the field
    /// holds at most 4095).
    static let maximumSharedTupleCount = 4096
    /// Tuples times points one glyph may cost (real glyphs: a few thousand).
    static let maximumWork = 1 << 22

    init(_ font: FontData, gvar: FontTable, axisCount: Int, glyphCount: Int) throws(FontError) {
        guard try font.u16(gvar, 0) == 1 else { throw .unsupported("gvar major version other than 1") }
        guard Int(try font.u16(gvar, 4)) == axisCount else {
            throw .invalid(table: "gvar", offset: gvar.offset + 4, reason: "the axis count differs from fvar's")
        }
        let sharedCount = Int(try font.u16(gvar, 6)), sharedAt = Int(try font.u32(gvar, 8))
        guard Int(try font.u16(gvar, 12)) >= glyphCount else {
            throw .invalid(table: "gvar", offset: gvar.offset + 12, reason: "fewer glyphs than maxp's")
        }
        hasLongOffsets = try font.u16(gvar, 14) & 1 != 0
        dataStart = Int(try font.u32(gvar, 16))
        try font.check(gvar, 20, (hasLongOffsets ? 4 : 2) * (glyphCount + 1))
        var shared: [[Double]] = []
        shared.reserveCapacity(sharedCount)
        for i in 0..<sharedCount {
            var tuple: [Double] = []
            for axis in 0..<axisCount { tuple.append(try font.f2Dot14(gvar, sharedAt + 2 * (i * axisCount + axis))) }
            shared.append(tuple)
        }
        sharedTuples = shared
        self.gvar = gvar
        self.axisCount = axisCount
        self.glyphCount = glyphCount
    }

    /// The glyph's variation data, nil if it has none.
    func data(_ font: FontData, glyph: Int) throws(FontError) -> FontTable? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        func offset(_ i: Int) throws(FontError) -> Int {
            hasLongOffsets ? Int(try font.u32(gvar, 20 + 4 * i)) : 2 * Int(try font.u16(gvar, 20 + 2 * i))
        }
        let start = try offset(glyph), end = try offset(glyph + 1)
        guard end > start else { return nil }
        return try gvar.slice(from: dataStart + start, length: end - start)
    }

    /// The deltas of the glyph's `pointCount` points (outline points then
    /// the four phantom points) at `coordinates`; nil if nothing moves.
    /// `contourEnds` (the last point of each contour) enables inference of
    /// the points a tuple leaves out; empty for a composite glyph.
    /// Complexity: O(tuples × points).
    func deltas(
        _ font: FontData, glyph: Int, coordinates: [Double], pointCount: Int, contourEnds: [Int],
        original: [(x: Double, y: Double)]
    ) throws(FontError) -> [(x: Double, y: Double)]? {
        guard coordinates.count == axisCount, let table = try data(font, glyph: glyph) else { return nil }
        let header = Int(try font.u16(table, 0))
        let tupleCount = header & 0x0FFF
        guard tupleCount * (pointCount + 1) <= Self.maximumWork else {
            throw .invalid(
                table: "gvar", offset: table.offset,
                reason: "\(tupleCount) tuples over \(pointCount) points is too much work")
        }
        var serialized = Int(try font.u16(table, 2))
        var sharedPoints: [Int]?
        if header & 0x8000 != 0 {
            sharedPoints = try Self.pointNumbers(font, table, at: &serialized, pointCount: pointCount)
        }
        var result = Array(repeating: (x: 0.0, y: 0.0), count: pointCount)
        var moved = false
        var at = 4
        for _ in 0..<tupleCount {
            let size = Int(try font.u16(table, at)), index = Int(try font.u16(table, at + 2))
            at += 4
            var peak: [Double]
            if index & 0x8000 != 0 {
                peak = try (0..<axisCount).map { (axis) throws(FontError) in try font.f2Dot14(table, at + 2 * axis) }
                at += 2 * axisCount
            } else {
                guard index & 0x0FFF < sharedTuples.count else {
                    throw .invalid(
                        table: "gvar", offset: table.offset + at - 2,
                        reason: "shared tuple \(index & 0x0FFF) does not exist")
                }
                peak = sharedTuples[index & 0x0FFF]
            }
            var region: (start: [Double], end: [Double])?
            if index & 0x4000 != 0 {
                let start = try (0..<axisCount).map { (axis) throws(FontError) in try font.f2Dot14(table, at + 2 * axis)
                }
                let end = try (0..<axisCount).map { (axis) throws(FontError) in
                    try font.f2Dot14(table, at + 2 * (axisCount + axis))
                }
                region = (start, end)
                at += 4 * axisCount
            }
            let tupleData = serialized
            serialized += size
            let scalar = Self.scalar(peak: peak, region: region, coordinates: coordinates)
            guard scalar != 0 else { continue }
            var cursor = tupleData
            var points = sharedPoints
            if index & 0x2000 != 0 { points = try Self.pointNumbers(font, table, at: &cursor, pointCount: pointCount) }
            let count = points?.count ?? pointCount
            let xs = try Self.packedDeltas(font, table, at: &cursor, count: count)
            let ys = try Self.packedDeltas(font, table, at: &cursor, count: count)
            guard cursor <= serialized else {
                throw .invalid(
                    table: "gvar", offset: table.offset + tupleData, reason: "a tuple's data runs past its size")
            }
            moved = true
            guard let points else {
                for i in 0..<pointCount { result[i].x += scalar * xs[i]; result[i].y += scalar * ys[i] }
                continue
            }
            var tuple = Array(repeating: (x: 0.0, y: 0.0), count: pointCount)
            var touched = Array(repeating: false, count: pointCount)
            for (k, point) in points.enumerated() where point < pointCount {
                tuple[point].x += xs[k]; tuple[point].y += ys[k]; touched[point] = true
            }
            if !contourEnds.isEmpty, touched.contains(false) {
                Self.inferDeltas(&tuple, touched: touched, contourEnds: contourEnds, original: original)
            }
            for i in 0..<pointCount { result[i].x += scalar * tuple[i].x; result[i].y += scalar * tuple[i].y }
        }
        return moved ? result : nil
    }

    /// A tuple's scalar at `coordinates`: the product over axes of how far
    /// the instance lies toward the peak (0 outside the region).
    static func scalar(peak: [Double], region: (start: [Double], end: [Double])?, coordinates: [Double]) -> Double {
        var scalar = 1.0
        for axis in coordinates.indices {
            let p = peak[axis], c = coordinates[axis]
            if p == 0 { continue }
            if c == 0 { return 0 }
            if c == p { continue }
            if let region {
                let s = region.start[axis], e = region.end[axis]
                if s > p || p > e || (s < 0 && e > 0) { continue }
                if c < s || c > e { return 0 }
                scalar *= c < p ? (c - s) / (p - s) : (e - c) / (e - p)
            } else {
                if (c < 0) != (p < 0) || abs(c) > abs(p) { return 0 }
                scalar *= c / p
            }
        }
        return scalar
    }

    /// Packed point numbers at `at` (nil: every point), each below 65536.
    static func pointNumbers(
        _ font: FontData, _ table: FontTable, at: inout Int, pointCount: Int
    ) throws(FontError) -> [Int]? {
        var count = Int(try font.u8(table, at))
        at += 1
        if count == 0 { return nil }
        if count & 0x80 != 0 {
            count = (count & 0x7F) << 8 | Int(try font.u8(table, at))
            at += 1
        }
        var points: [Int] = []
        points.reserveCapacity(min(count, pointCount + 4))
        var value = 0
        while points.count < count {
            let control = Int(try font.u8(table, at))
            at += 1
            let run = min((control & 0x7F) + 1, count - points.count)
            for _ in 0..<run {
                if control & 0x80 != 0 {
                    value += Int(try font.u16(table, at)); at += 2
                } else {
                    value += Int(try font.u8(table, at)); at += 1
                }
                points.append(value & 0xFFFF)
            }
        }
        return points
    }

    /// `count` packed deltas at `at`: runs of zeros, bytes, words or
    /// 32-bit values.
    static func packedDeltas(
        _ font: FontData, _ table: FontTable, at: inout Int, count: Int
    ) throws(FontError) -> [Double] {
        var deltas: [Double] = []
        deltas.reserveCapacity(count)
        while deltas.count < count {
            let control = Int(try font.u8(table, at))
            at += 1
            let run = min((control & 0x3F) + 1, count - deltas.count)
            switch control & 0xC0 {
            case 0x80: deltas.append(contentsOf: repeatElement(0, count: run))
            case 0x40:
                for _ in 0..<run { deltas.append(Double(try font.i16(table, at))); at += 2 }
            case 0xC0:
                for _ in 0..<run { deltas.append(Double(Int32(bitPattern: try font.u32(table, at)))); at += 4 }
            default:
                for _ in 0..<run { deltas.append(Double(try font.i8(table, at))); at += 1 }
            }
        }
        return deltas
    }

    /// Fills in the deltas of untouched points of each contour from their
    /// touched neighbours (interpolated between, or the nearer one's
    /// delta outside them), coordinate by coordinate.
    static func inferDeltas(
        _ deltas: inout [(x: Double, y: Double)], touched: [Bool], contourEnds: [Int],
        original: [(x: Double, y: Double)]
    ) {
        var start = 0
        for end in contourEnds where end < original.count && end < deltas.count {
            defer { start = end + 1 }
            let indices = Array(start...end).filter { touched[$0] }
            guard let firstTouched = indices.first else { continue }
            if indices.count == 1 {
                for i in start...end where i != firstTouched { deltas[i] = deltas[firstTouched] }
                continue
            }
            for (k, a) in indices.enumerated() {
                let b = indices[(k + 1) % indices.count]
                // Untouched points after a, before b (cyclically in the contour).
                var i = a == end ? start : a + 1
                while i != b {
                    deltas[i].x = infer(original[i].x, original[a].x, original[b].x, deltas[a].x, deltas[b].x)
                    deltas[i].y = infer(original[i].y, original[a].y, original[b].y, deltas[a].y, deltas[b].y)
                    i = i == end ? start : i + 1
                }
            }
        }
    }

    /// One coordinate's inferred delta at `p` between references at `a`
    /// and `b` with deltas `da` and `db`.
    static func infer(_ p: Double, _ a: Double, _ b: Double, _ da: Double, _ db: Double) -> Double {
        if a == b { return da == db ? da : 0 }
        let (low, high, dLow, dHigh) = a < b ? (a, b, da, db) : (b, a, db, da)
        if p <= low { return dLow }
        if p >= high { return dHigh }
        return dLow + (dHigh - dLow) * (p - low) / (high - low)
    }
}
