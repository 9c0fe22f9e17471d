// Raster: one row of one closed-form rounded rect (RoundedRectRows.swift):
// the corners' cutouts in the row (CornerBand: where the arc enters and
// leaves the row's band, and the cutout's area over any columns), the
// side's pixels and runs (RowShape), and the values written into the cells
// as differences (RowWriter) or kept for a corner cache (SegmentSink).

/// One row of one rounded rect: its height in the row and the four
/// corners' bands.
struct RowShape {
    let rect: RowRoundedRect
    let vy: Double
    let topLeft: CornerBand, bottomLeft: CornerBand, topRight: CornerBand, bottomRight: CornerBand

    /// The area of column `c` inside the shape within the row.
    @inline(__always)
    func value(_ c: Int) -> Double {
        let xa = Double(c), xb = xa + 1
        let inside = min(xb, rect.maxX) - max(xa, rect.minX)
        guard inside > 0 else { return 0 }
        // A cache per corner (each has its own arc), used once here.
        var c0 = ArcCache(), c1 = ArcCache(), c2 = ArcCache(), c3 = ArcCache()
        let la = xa - rect.minX, lb = xb - rect.minX
        let ra = rect.maxX - xb, rb = rect.maxX - xa
        return inside * vy - topLeft.cut(la, lb, ascending: true, cache: &c0)
            - bottomLeft.cut(la, lb, ascending: true, cache: &c1)
            - topRight.cut(ra, rb, ascending: false, cache: &c2)
            - bottomRight.cut(ra, rb, ascending: false, cache: &c3)
    }

    /// Sets columns `range` to their values, every corner cutting them;
    /// returns how many.
    @inline(never)
    func explicit(_ range: Range<Int>, into writer: inout RowWriter, row: inout CellRow) -> Int {
        // Only columns inside the clip are computed (the first one's
        // value replaces whatever was set to the left of the clip).
        let first = max(range.lowerBound, 0), end = min(range.upperBound, writer.width)
        guard first < end else { return 0 }
        for c in first..<end { writer.set(c, value(c), row: &row) }
        return end &- first
    }

    /// Sets columns `range` of the left side (`isLeft`) or the right one
    /// (only that side's corners cut them); returns how many.
    @inline(__always)
    func side(_ range: Range<Int>, left isLeft: Bool, into writer: inout RowWriter, row: inout CellRow) -> Int {
        let both = isLeft ? topLeft.isActive && bottomLeft.isActive : topRight.isActive && bottomRight.isActive
        if both { return explicit(range, into: &writer, row: &row) }
        let first = max(range.lowerBound, 0), end = min(range.upperBound, writer.width)
        guard first < end else { return 0 }
        // The columns are inside the row and ascending: their cells take
        // the differences directly and are marked touched once.
        var sink = CellValueSink(row, sign: writer.sign, last: writer.last)
        sideValues(first..<end, left: isLeft, into: &sink)
        writer.last = sink.last
        row.include(first, end &- 1)
        return end &- first
    }

    /// The values of columns `range` of the left side (`isLeft`) or the
    /// right one, in order, where at most one of that side's corners meets
    /// the row.
    @inline(__always)
    func sideValues<Sink: ColumnSink>(_ range: Range<Int>, left isLeft: Bool, into sink: inout Sink) {
        let band = isLeft ? (topLeft.isActive ? topLeft : bottomLeft) : (topRight.isActive ? topRight : bottomRight)
        var cache = ArcCache()
        for c in range {
            let xa = Double(c), xb = xa + 1
            let inside = max(min(xb, rect.maxX) - max(xa, rect.minX), 0)
            // u runs from the side's edge into the rect: with the columns
            // on the left, against them on the right.
            let cut =
                isLeft
                ? band.cut(xa - rect.minX, xb - rect.minX, ascending: true, cache: &cache)
                : band.cut(rect.maxX - xb, rect.maxX - xa, ascending: false, cache: &cache)
            sink.put(c, inside * vy - cut)
        }
    }

    /// The left side's pixels: `first` (the edge's pixel, and the arc's
    /// if they meet), then, if `run` is set, a run of that value up to
    /// `second` (the arc's pixels); `end` is where the row's middle run
    /// starts.
    func leftRuns(_ a0: Int, _ a1: Int) -> SideRuns {
        let x = rect.minX
        switch (topLeft.isActive, bottomLeft.isActive) {
        case (true, true):
            let end = ceilInt(x + max(topLeft.p0, bottomLeft.p0))
            return SideRuns(first: a0..<max(a1, end), run: nil, second: 0..<0)
        case (false, false):
            return SideRuns(first: a0..<a1, run: nil, second: 0..<0)
        default:
            let band = topLeft.isActive ? topLeft : bottomLeft
            let s = floorInt(x + band.p1), e = ceilInt(x + band.p0)
            if s <= a1 { return SideRuns(first: a0..<max(a1, e), run: nil, second: 0..<0) }
            return SideRuns(first: a0..<a1, run: vy - band.height, second: s..<e)
        }
    }

    /// The right side's pixels, left to right: `first`, then if `run` is
    /// set a run of that value up to `second` (the edge's pixel); `start`
    /// is where the row's middle run ends.
    func rightRuns(_ b0: Int, _ b1: Int) -> SideRuns {
        let x = rect.maxX
        switch (topRight.isActive, bottomRight.isActive) {
        case (true, true):
            let start = floorInt(x - max(topRight.p0, bottomRight.p0))
            return SideRuns(first: min(b0, start)..<b1, run: nil, second: 0..<0)
        case (false, false):
            return SideRuns(first: b0..<b1, run: nil, second: 0..<0)
        default:
            let band = topRight.isActive ? topRight : bottomRight
            let s = floorInt(x - band.p0), e = ceilInt(x - band.p1)
            if e >= b0 { return SideRuns(first: min(s, b0)..<b1, run: nil, second: 0..<0) }
            return SideRuns(first: s..<e, run: vy - band.height, second: b0..<b1)
        }
    }
}

/// A side's computed pixels and the run between them (RowShape).
struct SideRuns {
    var first: Range<Int>
    var run: Double?
    var second: Range<Int>

    /// The first column after the side's pixels (left side).
    var end: Int { run == nil ? first.upperBound : second.upperBound }
    /// The first column of the side's pixels (right side).
    var start: Int { first.lowerBound }
}

/// One corner's cutout within one row (RoundedRectRows.swift): the row's band
/// v0...v1 in the corner's own coordinates, and where the arc enters and
/// leaves it. A corner the row misses, or of radius 0, cuts nothing.
struct CornerBand {
    let r: Double
    let v0: Double, v1: Double
    /// u where the arc is at v1 and at v0 (p1 ≤ p0).
    let p1: Double, p0: Double

    /// The band from `from` to `to` (the row's part of the rect, in v).
    @inline(__always)
    init(radius: Double, from: Double, to: Double) {
        if radius > 0 && from < radius {
            r = radius
            v0 = max(from, 0)
            v1 = min(to, radius)
            p1 = Self.g(v1, radius)
            p0 = Self.g(v0, radius)
        } else {
            r = 0; v0 = 0; v1 = 0; p1 = 0; p0 = 0
        }
    }

    var isActive: Bool { r > 0 }
    var height: Double { v1 - v0 }

    /// The arc: g(u) = r − √(u(2r − u)), for u in 0...r.
    @inline(__always)
    static func g(_ u: Double, _ r: Double) -> Double {
        r - max(u * (2 * r - u), 0).squareRoot()
    }

    /// The cutout's area in the band over u from `ua` to `ub` (ua < ub).
    /// Consecutive columns share an end: `cache` keeps the arc's height
    /// at the end the next column shares (its lower end if the columns
    /// go in `ascending` u, its upper one otherwise).
    @inline(__always)
    func cut(_ ua: Double, _ ub: Double, ascending: Bool, cache: inout ArcCache) -> Double {
        let a = max(ua, 0), b = min(ub, r)
        guard b > a else { return 0 }
        let h = v1 - v0
        if b <= p1 { return (b - a) * h }
        if a >= p0 { return 0 }
        let s = max(a, p1), e = min(b, p0)
        let gs = s == p1 ? v1 : s == cache.u ? cache.g : Self.g(s, r)
        let ge = e == p0 ? v0 : e == cache.u ? cache.g : Self.g(e, r)
        cache = ascending ? ArcCache(u: e, g: ge) : ArcCache(u: s, g: gs)
        // The ends as unit vectors from the centre (r, r).
        let k = 1 / r
        let sx = (s - r) * k, sy = (gs - r) * k, ex = (e - r) * k, ey = (ge - r) * k
        let segment = r * r * ArcEdge.unitSegmentArea(sine: abs(sx * ey - sy * ex), cosine: sx * ex + sy * ey)
        let trapezoid = (e - s) * ((gs + ge) * 0.5 - v0)
        return (a < p1 ? (p1 - a) * h : 0) + max(trapezoid - segment, 0)
    }
}

/// The arc's height at the last column end computed (CornerBand.cut).
struct ArcCache {
    var u = -1.0
    var g = 0.0
}

/// `x` rounded down / up to an integer: |x| is within 2^25 (clip-relative
/// coordinates of accepted shapes), well inside Fixed.round's range.
@inline(__always)
func floorInt(_ x: Double) -> Int {
    let i = Fixed.round(x)
    return Double(i) > x ? i &- 1 : i
}

@inline(__always)
func ceilInt(_ x: Double) -> Int {
    let i = Fixed.round(x)
    return Double(i) < x ? i &+ 1 : i
}

/// Receives a side's pixel values, column by column (RowShape.sideValues).
protocol ColumnSink {
    mutating func put(_ column: Int, _ value: Double)
}

/// Adds the values' differences to a row's cells, left to right, marking
/// each cell that changes (`CellRow.addDelta` without its checks): the
/// columns are inside the row, and the caller widens the row's touched
/// range once (`CellRow.include`).
struct CellValueSink: ColumnSink {
    let cells: UnsafeMutablePointer<Int32>
    let bits: UnsafeMutablePointer<UInt64>
    let sign: Int32
    /// The value set last, in cell units (RowWriter.last).
    var last: Int

    init(_ row: CellRow, sign: Int32, last: Int) {
        cells = row.cells
        bits = row.bits
        self.sign = sign
        self.last = last
    }

    @inline(__always)
    mutating func put(_ column: Int, _ value: Double) { put(column, fixed: RowWriter.fixed(value)) }

    /// `put` with the value in cell units.
    @inline(__always)
    mutating func put(_ column: Int, fixed v: Int) {
        let delta = v &- last
        guard delta != 0 else { return }
        last = v
        cells[column] &+= Int32(truncatingIfNeeded: delta) &* sign
        let group = column >> CellRow.groupShift
        bits[group >> 6] |= 1 &<< UInt64(truncatingIfNeeded: group)
    }
}

/// Keeps the values as one-pixel segments (CornerRowCache).
struct SegmentSink: ColumnSink {
    var segments: ScratchBuffer<CornerRowCache.SideSegment>
    /// The column segments are counted from.
    let origin: Int

    @inline(__always)
    mutating func put(_ column: Int, _ value: Double) {
        let start = Int32(truncatingIfNeeded: column &- origin)
        segments.append(
            CornerRowCache.SideSegment(
                start: start, end: start &+ 1,
                value: Int32(truncatingIfNeeded: RowWriter.fixed(value))))
    }
}

/// Writes one shape's row values into cells as differences, left to
/// right: `set(c, v)` makes column c and the ones after it (until the
/// next set) read v. Columns left of the clip fold into column 0;
/// columns past `width` are dropped (nothing after them shows).
struct RowWriter {
    let sign: Int32
    let width: Int
    /// The value set last, in cell units.
    var last = 0

    init(sign: Int32, width: Int) {
        self.sign = sign
        self.width = width
    }

    @inline(__always)
    mutating func set(_ column: Int, _ value: Double, row: inout CellRow) {
        set(column, fixed: Self.fixed(value), row: &row)
    }

    /// An area (0...1 up to rounding) clamped and rounded to cell units
    /// (|value·2^24| ≤ 2^24: Fixed.round's range).
    @inline(__always)
    static func fixed(_ value: Double) -> Int {
        Fixed.round(min(max(value, 0), 1) * Double(Fixed.one))
    }

    /// `set` with the value in cell units.
    @inline(__always)
    mutating func set(_ column: Int, fixed v: Int, row: inout CellRow) {
        guard column < width else { return }
        let delta = v &- last
        guard delta != 0 else { return }
        last = v
        row.addDelta(Int32(truncatingIfNeeded: delta) &* sign, at: max(column, 0))
    }
}
