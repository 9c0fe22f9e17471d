// Raster: the per-draw corner caches of closed-form rounded rects
// (RoundedRectRows.swift). Where a shape's sides mirror each other, a
// corner row's left side is computed once, kept as runs of one value, and
// replayed mirrored for the right side, and for the bottom rows of a shape
// that mirrors top to bottom too.

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

    /// Whether `addCachedRow` would take row `y` (a corner row of one band
    /// only), were the shape's corner cache in use.
    @inline(__always)
    func isCachedRow(_ y: Int) -> Bool {
        let jt = y &- pixels.top, jb = pixels.bottomEnd &- 1 &- y
        let inTop = jt >= 0 && jt < topCornerRows, inBottom = jb >= 0 && jb < bottomCornerRows
        return inTop != inBottom
    }

    /// `addRow` for a shape whose sides mirror each other, lying across
    /// the clip's columns (RasterCore.prepareCornerCaches): a corner row's
    /// left side is computed once, kept in `cache`, and reused for its
    /// right side, and for the mirrored row at the bottom if the shape
    /// mirrors top to bottom too. Returns nil (having added nothing) for
    /// rows that are not corner rows of one band only, or whose sides
    /// meet; `addRow` then does them.
    @inline(__always)
    func addCachedRow(
        _ y: Int, sign: Int32, width: Int, cache: inout CornerRowCache,
        into row: inout CellRow
    ) -> Int? {
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
        let segments = cache.segments.base + Int(entry.first)
        let count = Int(entry.count), middle = a0 &+ Int(entry.end)
        guard b1 <= width else {
            // Not across the clip's columns (the draw's caches require it):
            // set value by value, dropping what lies past the row.
            var writer = RowWriter(sign: sign, width: width)
            for k in 0..<count { writer.set(a0 &+ Int(segments[k].start), fixed: Int(segments[k].value), row: &row) }
            writer.set(middle, vy, row: &row)
            var k = count
            while k > 0 {
                k &-= 1
                writer.set(b1 &- Int(segments[k].end), fixed: Int(segments[k].value), row: &row)
            }
            writer.set(b1, fixed: 0, row: &row)
            return computed
        }
        // Every column is inside the row (0 ≤ a0, b1 ≤ width) but b1 at
        // the row's end: the cells take the differences directly, the
        // touched range widened once.
        var sink = CellValueSink(row, sign: sign, last: 0)
        for k in 0..<count { sink.put(a0 &+ Int(segments[k].start), fixed: Int(segments[k].value)) }
        sink.put(middle, fixed: RowWriter.fixed(vy))
        var k = count
        while k > 0 {
            k &-= 1
            sink.put(b1 &- Int(segments[k].end), fixed: Int(segments[k].value))
        }
        if b1 < width { sink.put(b1, fixed: 0) }
        row.include(count > 0 ? a0 &+ Int(segments[0].start) : middle, min(b1, width &- 1))
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
            sink.segments.append(
                SideSegment(
                    start: Int32(truncatingIfNeeded: left.first.upperBound &- a0),
                    end: Int32(truncatingIfNeeded: left.second.lowerBound &- a0),
                    value: Int32(truncatingIfNeeded: RowWriter.fixed(run))))
            row.sideValues(left.second, left: true, into: &sink)
        }
        segments = sink.segments
        return CornerRow(
            first: Int32(truncatingIfNeeded: first), count: Int32(truncatingIfNeeded: segments.count &- first),
            end: Int32(truncatingIfNeeded: left.end &- a0))
    }

    func deallocate() {
        segments.deallocate()
        rows.deallocate()
    }
}
