// Raster: rounded rects with circular corners — and so rects and circles —
// standing axis-aligned in device space, covered in closed form row by row
// instead of through edges. A stroke ring of such a shape (StrokeRing.swift)
// is the outer rounded rect minus the inner one. Both go through the same
// cells, sweep and kernels as edges (CellRow.swift, SpanKernel.swift); what
// changes is where a row's cell values come from.
//
// The area of a pixel inside a rounded rect RR, with rect R and corner
// squares Q_k (side r_k, disjoint), is
//     area(pixel ∩ RR) = area(pixel ∩ R) − Σ_k area(pixel ∩ K_k),
// K_k being the corner's cutout: the part of Q_k outside the corner's
// quarter disc. The first term is separable: the pixel's width inside R
// times its row's height inside R. For a cutout, measure u along the side
// from the rect's edge into the rect and v from the corner's other edge
// (each corner by its own reflection); the cutout is 0 ≤ v < g(u) with
//     g(u) = r − √(u(2r − u)),   0 ≤ u ≤ r,
// decreasing, convex, and its own inverse (the arc is symmetric about
// u = v). In a row whose band is v0 ≤ v ≤ v1 (clamped to 0...r, height
// h = v1 − v0), the cutout fills the band for u ≤ p1 = g(v1), misses it
// for u ≥ p0 = g(v0), and in between covers g(u) − v0; over a pixel's
// columns ua...ub:
//     cut = h·|[ua, ub] ∩ [0, p1]| + ∫ (g(u) − v0) du over [ua, ub] ∩ [p1, p0],
// and since g is convex the integral is the trapezoid under the chord
// between the ends minus the circular segment between chord and arc:
// r² times the unit segment of the ends' angle (ArcEdge.unitSegmentArea:
// a series for small angles, the closed form beyond, both within 1e-12).
// Everything is Double; each pixel's area is rounded once, to 1/2^24 of a
// pixel (Fixed.one), far inside the 1/255 contract: the result is the
// exact area, rounded to 8 bits like every other coverage.
//
// So a row is, left to right: the left edge's pixel, a run the left
// corner's cutout fills (its value vy − h), the pixels the left arc
// crosses, a run at the row's height inside R (vy), the right side's
// mirror image, and nothing after. Only pixels an edge or an arc crosses
// are computed; runs are one cell value each. Rows with no corner and the
// full height repeat one another (the row loop sends them as a band).
//
// Shapes are accepted only where this is exact and cheap: finite, within
// ±2^24 px (as arcs, ArcEdge.swift), corner squares not overlapping (the
// radii are clamped to fit when the path is made, so this holds up to
// rounding), and an axis-aligned uniform scale (t.b = t.c = 0, t.a = t.d
// > 0): a circle stays a circle. Anything else takes the edge path.

/// A rounded rect with circular corners in clip-relative device pixels,
/// covered in closed form (file comment).
struct RowRoundedRect: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Corner radii (device pixels, ≥ 0): top-left, top-right,
    /// bottom-right, bottom-left.
    var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    /// The largest coordinate magnitude accepted (device pixels).
    static let maximumCoordinate = 0x1p24

    /// `shape` (user space) mapped by `transform` and made relative to
    /// `clip`, or nil where the closed form does not apply (file comment).
    init?(_ shape: CircularRoundedRect, transform t: AffineTransform, clip: PixelRect) {
        guard t.b == 0, t.c == 0, t.a == t.d, t.a > 0 else { return nil }
        let s = t.a
        let r = shape.rect
        minX = r.minX * s + t.tx - Double(clip.minX)
        maxX = r.maxX * s + t.tx - Double(clip.minX)
        minY = r.minY * s + t.ty - Double(clip.minY)
        maxY = r.maxY * s + t.ty - Double(clip.minY)
        topLeft = shape.topLeft * s
        topRight = shape.topRight * s
        bottomRight = shape.bottomRight * s
        bottomLeft = shape.bottomLeft * s
        let limit = Self.maximumCoordinate
        guard abs(minX) < limit, abs(maxX) < limit, abs(minY) < limit, abs(maxY) < limit,
              minX <= maxX, minY <= maxY,
              topLeft >= 0, topRight >= 0, bottomRight >= 0, bottomLeft >= 0
        else { return nil }
        // Corner squares must not overlap (beyond rounding).
        let w = (maxX - minX) * (1 + 1e-12), h = (maxY - minY) * (1 + 1e-12)
        guard topLeft + topRight <= w, bottomLeft + bottomRight <= w,
              topLeft + bottomLeft <= h, topRight + bottomRight <= h
        else { return nil }
        pixels = PixelBounds(left: floorInt(minX), leftEnd: ceilInt(minX), right: floorInt(maxX), rightEnd: ceilInt(maxX),
                             top: floorInt(minY), bottomEnd: ceilInt(maxY))
    }

    /// The columns and rows the edges fall in (floors and ceilings of the
    /// bounds), worked out once per draw.
    var pixels = PixelBounds(left: 0, leftEnd: 0, right: 0, rightEnd: 0, top: 0, bottomEnd: 0)

    struct PixelBounds: Equatable {
        /// floor(minX), ceil(minX), floor(maxX), ceil(maxX), floor(minY), ceil(maxY).
        var left: Int, leftEnd: Int, right: Int, rightEnd: Int, top: Int, bottomEnd: Int
    }

    var isEmpty: Bool { !(minX < maxX && minY < maxY) }

    /// Rows y (clip-relative) whose band y...y+1 is inside the rect and
    /// meets no corner: all such rows have the same coverage.
    var plainRows: Range<Int> {
        let top = minY + max(topLeft, topRight), bottom = maxY - max(bottomLeft, bottomRight)
        let first = Int(top.rounded(.up)), end = Int(bottom.rounded(.down))
        return first < end ? first..<end : 0..<0
    }

    /// Adds `sign` (±1) times this shape's coverage of clip-relative row
    /// `y` to `row`, for columns 0..<`width`; returns the pixels computed
    /// one by one (the rest were runs).
    @inline(__always)
    func addRow(_ y: Int, sign: Int32, width: Int, into row: inout CellRow) -> Int {
        let top = Double(y)
        let y0 = max(top, minY), y1 = min(top + 1, maxY)
        guard y1 > y0, minX < maxX else { return 0 }
        let vy = y1 - y0
        let shape = RowShape(
            rect: self, vy: vy,
            topLeft: CornerBand(radius: topLeft, from: y0 - minY, to: y1 - minY),
            bottomLeft: CornerBand(radius: bottomLeft, from: maxY - y1, to: maxY - y0),
            topRight: CornerBand(radius: topRight, from: y0 - minY, to: y1 - minY),
            bottomRight: CornerBand(radius: bottomRight, from: maxY - y1, to: maxY - y0))
        var writer = RowWriter(sign: sign, width: width)
        let a0 = pixels.left, a1 = pixels.leftEnd
        let b0 = pixels.right, b1 = pixels.rightEnd
        let left = shape.leftRuns(a0, a1), right = shape.rightRuns(b0, b1)
        var computed = 0
        if left.end > right.start {
            // The sides' pixels meet (a narrow shape): every pixel of the
            // row is computed.
            computed &+= shape.explicit(a0..<b1, into: &writer, row: &row)
        } else {
            computed &+= shape.side(left.first, left: true, into: &writer, row: &row)
            if let run = left.run {
                writer.set(left.first.upperBound, run, row: &row)
                computed &+= shape.side(left.second, left: true, into: &writer, row: &row)
            }
            writer.set(left.end, vy, row: &row)
            computed &+= shape.side(right.first, left: false, into: &writer, row: &row)
            if let run = right.run {
                writer.set(right.first.upperBound, run, row: &row)
                computed &+= shape.side(right.second, left: false, into: &writer, row: &row)
            }
        }
        writer.set(b1, 0, row: &row)
        return computed
    }
}

extension RowRoundedRect {
    /// Whether the right side is the left side mirrored: the top corners
    /// have one radius, the bottom ones too, and the rect's left and right
    /// edges sit alike in their pixels.
    var mirrorsLeftRight: Bool {
        topLeft == topRight && bottomLeft == bottomRight
            && minX - Double(pixels.left) == Double(pixels.rightEnd) - maxX
    }

    /// Whether, on top of that, row j from the bottom is row j from the
    /// top: all four corners have one radius and the top and bottom edges
    /// sit alike in their pixels.
    var mirrorsTopBottom: Bool {
        topLeft == bottomLeft && minY - Double(pixels.top) == Double(pixels.bottomEnd) - maxY
    }

    /// If the shape is the same upside down row for row (the top corners'
    /// radii are the bottom ones', and the top and bottom edges sit alike
    /// in their pixels): the sum of a row and its mirror image.
    var mirroredRowSum: Int? {
        guard topLeft == bottomLeft, topRight == bottomRight,
              minY - Double(pixels.top) == Double(pixels.bottomEnd) - maxY
        else { return nil }
        return pixels.top &+ pixels.bottomEnd &- 1
    }

    /// The rows the top corners' band meets, and the bottom corners'.
    var topCornerRows: Int { topLeft > 0 ? ceilInt(minY + topLeft) &- pixels.top : 0 }
    var bottomCornerRows: Int { bottomLeft > 0 ? pixels.bottomEnd &- floorInt(maxY - bottomLeft) : 0 }

    /// `addRow` for a shape whose sides mirror each other, lying across
    /// the clip's columns (RasterCore.prepareCornerCaches): a corner row's
    /// left side is computed once, kept in `cache`, and reused for its
    /// right side, and for the mirrored row at the bottom if the shape
    /// mirrors top to bottom too. Returns nil (having added nothing) for
    /// rows that are not corner rows of one band only, or whose sides
    /// meet; `addRow` then does them.
    @inline(__always)
    func addCachedRow(_ y: Int, sign: Int32, width: Int, cache: inout CornerRowCache,
                      into row: inout CellRow) -> Int? {
        let jt = y &- pixels.top, jb = pixels.bottomEnd &- 1 &- y
        let inTop = jt >= 0 && jt < cache.topRows, inBottom = jb >= 0 && jb < cache.bottomRows
        guard inTop != inBottom else { return nil }
        let j = inTop ? jt : cache.sharesBottom ? jb : cache.topRows &+ jb
        let top = Double(y)
        let y0 = max(top, minY), y1 = min(top + 1, maxY)
        let vy = y1 - y0
        let a0 = pixels.left, b1 = pixels.rightEnd
        var entry = cache.rows[j]
        var computed = 0
        if entry.count == CornerRowCache.unknown {
            entry = cache.computeLeft(of: self, y: y, vy: vy, y0: y0, y1: y1)
            cache.rows[j] = entry
            computed = Int(entry.count)
        }
        guard entry.count != CornerRowCache.uncacheable else { return nil }
        var writer = RowWriter(sign: sign, width: width)
        let segments = cache.segments.base + Int(entry.first)
        for k in 0..<Int(entry.count) {
            writer.set(a0 &+ Int(segments[k].start), fixed: Int(segments[k].value), row: &row)
        }
        writer.set(a0 &+ Int(entry.end), vy, row: &row)
        var k = Int(entry.count)
        while k > 0 {
            k &-= 1
            writer.set(b1 &- Int(segments[k].end), fixed: Int(segments[k].value), row: &row)
        }
        writer.set(b1, fixed: 0, row: &row)
        return computed
    }
}

/// The left sides of a symmetric shape's corner rows (addCachedRow), per
/// draw: each row j of a corner band as runs of one value, in columns
/// from the rect's first column.
struct CornerRowCache {
    var segments = ScratchBuffer<SideSegment>(capacity: 0)
    var rows = ScratchBuffer<CornerRow>(capacity: 0)

    struct SideSegment {
        var start: Int32
        var end: Int32
        var value: Int32
    }

    struct CornerRow {
        /// The row's first segment, its count, and the column (from the
        /// rect's first) where the row's middle run starts.
        var first: Int32
        var count: Int32
        var end: Int32
    }

    /// Counts marking a row not computed yet, and one the cache cannot
    /// hold (its sides meet).
    static let unknown: Int32 = -1
    static let uncacheable: Int32 = -2

    /// The corner rows of the top band and of the bottom band, and
    /// whether the bottom ones are the top ones mirrored (kept once).
    private(set) var topRows = 0
    private(set) var bottomRows = 0
    private(set) var sharesBottom = false

    /// Empties the cache for `shape` (nil: none).
    mutating func reset(for shape: RowRoundedRect?) {
        segments.count = 0
        rows.count = 0
        topRows = shape?.topCornerRows ?? 0
        bottomRows = shape?.bottomCornerRows ?? 0
        sharesBottom = shape?.mirrorsTopBottom ?? false
        let count = sharesBottom ? max(topRows, bottomRows) : topRows &+ bottomRows
        rows.reserve(count)
        for _ in 0..<count { rows.append(CornerRow(first: 0, count: Self.unknown, end: 0)) }
    }

    /// Computes the left side of `shape`'s row `y` (its height y0...y1,
    /// vy) into the segments.
    mutating func computeLeft(of shape: RowRoundedRect, y: Int, vy: Double, y0: Double, y1: Double) -> CornerRow {
        let row = RowShape(
            rect: shape, vy: vy,
            topLeft: CornerBand(radius: shape.topLeft, from: y0 - shape.minY, to: y1 - shape.minY),
            bottomLeft: CornerBand(radius: shape.bottomLeft, from: shape.maxY - y1, to: shape.maxY - y0),
            topRight: CornerBand(radius: 0, from: 0, to: 0),
            bottomRight: CornerBand(radius: 0, from: 0, to: 0))
        let a0 = shape.pixels.left, a1 = shape.pixels.leftEnd, b1 = shape.pixels.rightEnd
        let left = row.leftRuns(a0, a1)
        // The mirrored right side must start at or after the left's end.
        guard left.end &- a0 <= b1 &- left.end, left.end &- a0 < Int(Int32.max) else {
            return CornerRow(first: 0, count: Self.uncacheable, end: 0)
        }
        let first = segments.count
        var sink = SegmentSink(segments: segments, origin: a0)
        row.sideValues(left.first, left: true, into: &sink)
        if let run = left.run {
            sink.segments.append(SideSegment(start: Int32(truncatingIfNeeded: left.first.upperBound &- a0),
                                             end: Int32(truncatingIfNeeded: left.second.lowerBound &- a0),
                                             value: Int32(truncatingIfNeeded: RowWriter.fixed(run))))
            row.sideValues(left.second, left: true, into: &sink)
        }
        segments = sink.segments
        return CornerRow(first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: segments.count &- first),
                         end: Int32(truncatingIfNeeded: left.end &- a0))
    }

    func deallocate() {
        segments.deallocate()
        rows.deallocate()
    }
}

/// A rounded rect (user space) with circular corners: the shapes the
/// closed form covers.
struct CircularRoundedRect: Equatable {
    var rect: Rect
    var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    /// The shape `shape` is, if its corners are circular: a circle is a
    /// rounded rect whose radius is half its side.
    init?(_ shape: PathShape) {
        switch shape {
        case .ellipse(let r):
            guard r.width == r.height else { return nil }
            let radius = r.width / 2
            self.init(rect: r, topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
        case .roundedRect(let r, let radii):
            guard radii.topLeft.width == radii.topLeft.height, radii.topRight.width == radii.topRight.height,
                  radii.bottomRight.width == radii.bottomRight.height,
                  radii.bottomLeft.width == radii.bottomLeft.height
            else { return nil }
            self.init(rect: r, topLeft: radii.topLeft.width, topRight: radii.topRight.width,
                      bottomRight: radii.bottomRight.width, bottomLeft: radii.bottomLeft.width)
        }
    }

    init(rect: Rect, topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.rect = rect
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
}

/// A draw covered in closed form: `outer`, minus `inner` (a stroke ring's
/// hole, inside `outer`) if there is one. Clip-relative.
struct RoundedRectDraw: Equatable {
    var outer: RowRoundedRect
    var inner: RowRoundedRect?
    /// The rows with coverage, and a band of rows inside them that all
    /// have the same coverage (possibly empty).
    var firstRow: Int
    var lastRow: Int
    var band: Range<Int>

    /// The draw of `outer` minus `inner` in a clip `height` rows high;
    /// nil if nothing can be covered.
    init?(outer: RowRoundedRect, inner: RowRoundedRect?, clipWidth: Int, clipHeight: Int) {
        guard !outer.isEmpty, outer.maxX > 0, outer.minX < Double(clipWidth), outer.maxY > 0,
              outer.minY < Double(clipHeight)
        else { return nil }
        self.outer = outer
        self.inner = inner.flatMap { $0.isEmpty ? nil : $0 }
        firstRow = max(0, Int(outer.minY.rounded(.down)))
        lastRow = min(clipHeight - 1, Int(outer.maxY.rounded(.up)) - 1)
        var band = outer.plainRows
        if let inner = self.inner {
            let b = inner.plainRows
            band = max(band.lowerBound, b.lowerBound)..<max(max(band.lowerBound, b.lowerBound), min(band.upperBound, b.upperBound))
        }
        self.band = band
        func caches(_ shape: RowRoundedRect) -> Bool {
            shape.mirrorsLeftRight && (shape.topLeft > 0 || shape.bottomLeft > 0) && shape.minX >= 0
                && shape.maxX <= Double(clipWidth)
        }
        cachesOuter = caches(outer)
        cachesInner = self.inner.map(caches) ?? false
        // Row y mirrors row `sum − y` if every shape mirrors top to bottom
        // about the same line.
        let sum = outer.mirroredRowSum
        mirroredRowSum = sum != nil && (self.inner == nil || self.inner?.mirroredRowSum == sum) ? sum : nil
    }

    /// If the draw is the same upside down row for row: row y has the
    /// coverage of row `mirroredRowSum − y` (clip-relative).
    var mirroredRowSum: Int?

    /// Whether each shape's corner rows go through a corner cache (sides
    /// mirroring each other, rounded, and across the clip's columns).
    var cachesOuter: Bool
    var cachesInner: Bool
}

/// One row of one rounded rect: its height in the row and the four
/// corners' bands.
private struct RowShape {
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
        var sink = CellSink(writer: writer, row: row)
        sideValues(first..<end, left: isLeft, into: &sink)
        writer = sink.writer
        row = sink.row
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
            let cut = isLeft ? band.cut(xa - rect.minX, xb - rect.minX, ascending: true, cache: &cache)
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
private struct SideRuns {
    var first: Range<Int>
    var run: Double?
    var second: Range<Int>

    /// The first column after the side's pixels (left side).
    var end: Int { run == nil ? first.upperBound : second.upperBound }
    /// The first column of the side's pixels (right side).
    var start: Int { first.lowerBound }
}

/// One corner's cutout within one row (file comment): the row's band
/// v0...v1 in the corner's own coordinates, and where the arc enters and
/// leaves it. A corner the row misses, or of radius 0, cuts nothing.
private struct CornerBand {
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
private struct ArcCache {
    var u = -1.0
    var g = 0.0
}

/// `x` rounded down / up to an integer: |x| is within 2^25 (clip-relative
/// coordinates of accepted shapes), well inside Fixed.round's range.
@inline(__always)
private func floorInt(_ x: Double) -> Int {
    let i = Fixed.round(x)
    return Double(i) > x ? i &- 1 : i
}

@inline(__always)
private func ceilInt(_ x: Double) -> Int {
    let i = Fixed.round(x)
    return Double(i) < x ? i &+ 1 : i
}

/// Receives a side's pixel values, column by column (RowShape.sideValues).
private protocol ColumnSink {
    mutating func put(_ column: Int, _ value: Double)
}

/// Sets the values into a row's cells.
private struct CellSink: ColumnSink {
    var writer: RowWriter
    var row: CellRow

    @inline(__always)
    mutating func put(_ column: Int, _ value: Double) { writer.set(column, value, row: &row) }
}

/// Keeps the values as one-pixel segments (CornerRowCache).
private struct SegmentSink: ColumnSink {
    var segments: ScratchBuffer<CornerRowCache.SideSegment>
    /// The column segments are counted from.
    let origin: Int

    @inline(__always)
    mutating func put(_ column: Int, _ value: Double) {
        let start = Int32(truncatingIfNeeded: column &- origin)
        segments.append(CornerRowCache.SideSegment(start: start, end: start &+ 1,
                                                   value: Int32(truncatingIfNeeded: RowWriter.fixed(value))))
    }
}

/// Writes one shape's row values into cells as differences, left to
/// right: `set(c, v)` makes column c and the ones after it (until the
/// next set) read v. Columns left of the clip fold into column 0;
/// columns past `width` are dropped (nothing after them shows).
private struct RowWriter {
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

extension RasterCore {
    /// `run` for a draw covered in closed form: rows from `cursor` up to
    /// `limit` (clip-relative), each shape's values into the cells, swept
    /// into `kernel`; the band of identical rows swept once and replayed.
    mutating func runRoundedRects<Kernel: SpanKernel>(_ draw: RoundedRectDraw, clip: PixelRect, cursor: inout RowCursor,
                                                      until limit: Int, into kernel: inout Kernel) {
        var row = CellRow(cells: cells.base, bits: bits.base)
        var y = cursor.y
        var computed = cursor.pieceCount
        let width = clip.width
        let end = min(draw.lastRow &+ 1, limit)
        while y < end {
            // The lower half of a draw that mirrors top to bottom replays
            // the sweeps recorded for the upper half.
            if let sum = draw.mirroredRowSum, sum &- y < y, sum &- y >= draw.firstRow {
                let source = mirroredRows[sum &- y &- draw.firstRow]
                if source.count != MirroredRow.unknown {
                    if source.count != MirroredRow.empty {
                        kernel.beginRow(clip.minY &+ y)
                        for i in Int(source.first)..<Int(source.first &+ source.count) {
                            Self.replay(mirrorRecords[i], into: &kernel)
                        }
                        statistics.repeatedRows &+= 1
                    }
                    y &+= 1
                    continue
                }
            }
            if draw.cachesOuter, let n = draw.outer.addCachedRow(y, sign: 1, width: width, cache: &cornerCaches.0,
                                                                   into: &row) {
                computed &+= n
            } else {
                computed &+= draw.outer.addRow(y, sign: 1, width: width, into: &row)
            }
            if let inner = draw.inner {
                if draw.cachesInner, let n = inner.addCachedRow(y, sign: -1, width: width, cache: &cornerCaches.1,
                                                                 into: &row) {
                    computed &+= n
                } else {
                    computed &+= inner.addRow(y, sign: -1, width: width, into: &row)
                }
            }
            // Whether a later row of this draw mirrors this one: its
            // sweep is then recorded.
            let mirrored = draw.mirroredRowSum.map { $0 &- y > y && $0 &- y <= draw.lastRow } ?? false
            guard row.isTouched else {
                if mirrored { mirroredRows[y &- draw.firstRow] = MirroredRow(first: 0, count: MirroredRow.empty) }
                y &+= 1
                continue
            }
            kernel.beginRow(clip.minY &+ y)
            statistics.rows &+= 1
            let bandEnd = min(draw.band.upperBound, end)
            if draw.band.contains(y) && bandEnd > y &+ 1 {
                y = sweep(&row, y: y, repeatingUntil: bandEnd, clip: clip, into: &kernel)
            } else if mirrored {
                var recorder = RecordingKernel(kernel: kernel, records: mirrorRecords)
                let first = recorder.records.count
                row.sweep(width: width, left: clip.minX, into: &recorder)
                kernel = recorder.kernel
                mirrorRecords = recorder.records
                mirroredRows[y &- draw.firstRow] = MirroredRow(first: Int32(truncatingIfNeeded: first),
                                                               count: Int32(truncatingIfNeeded: mirrorRecords.count &- first))
                y &+= 1
            } else {
                y = sweep(&row, y: y, repeatingUntil: y &+ 1, clip: clip, into: &kernel)
            }
        }
        cursor = RowCursor(y: y, nextArcRow: Int.max, pieceCount: computed, isDone: y > draw.lastRow)
        statistics.pieces = computed
    }

    /// Empties the corner caches for `draw` (RowRoundedRect.addCachedRow).
    mutating func prepareCornerCaches(_ draw: RoundedRectDraw) {
        cornerCaches.0.reset(for: draw.cachesOuter ? draw.outer : nil)
        cornerCaches.1.reset(for: draw.cachesInner ? draw.inner : nil)
        mirrorRecords.count = 0
        mirroredRows.count = 0
        if let sum = draw.mirroredRowSum {
            // The rows of the upper half: firstRow up to the middle.
            // (At most the draw's rows: the shape may reach far past the clip.)
            let count = max(0, min((sum &- 2 &* draw.firstRow) / 2 &+ 1, draw.lastRow &- draw.firstRow &+ 1))
            mirroredRows.reserve(count)
            for _ in 0..<count { mirroredRows.append(MirroredRow(first: 0, count: MirroredRow.unknown)) }
        }
    }
}

/// Where a recorded row of a draw's upper half lies in
/// `RasterCore.mirrorRecords` (its sweep's calls), or that it was empty or
/// not swept (yet) in this draw.
struct MirroredRow {
    var first: Int32
    var count: Int32

    static let unknown: Int32 = -1
    static let empty: Int32 = -2
}
