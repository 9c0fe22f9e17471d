// Raster: a small draw that is not known simple, resolved once for the
// whole draw instead of row by row (the row resolver, RowResolver.swift,
// works each crossing row out on its own). Every crossing height of two
// edges and every edge end cuts the draw into slabs in which no two edges
// cross; in each slab the edges are ordered by x at the slab's middle,
// the winding summed left to right, and each edge's piece kept with the
// change of the fill rule's inside it makes (−1, 0 or +1; consecutive
// pieces of an edge with one change kept as one). In every slab the kept
// changes sum to zero whatever order ties take, so the kept pieces bound
// the inside with windings 0 and 1 only: every row accumulates them
// exactly, and the draw becomes known simple. An order misjudged at a
// crossing computed a few ulps off costs an area of that size, nothing
// more. Device rows (the result does not depend on the clip's rows:
// Rasterizer.resolveWindings); O(n²) pair tests, so only draws of at most
// `ResolverLimits.wholeDrawEdgeLimit` edges.

/// Scratch for `EdgeBuilder.resolveWindings`, kept between draws.
struct WindingScratch {
    var lines = ScratchBuffer<ResolvedLine>()
    var heights = ScratchBuffer<Double>()
    var order = ScratchBuffer<SlabEntry>()
    /// Storage a draw's edges are cut from (`EdgeBuilder.cutInPlace`).
    var spareEdges = ScratchBuffer<Edge>()

    func deallocate() {
        lines.deallocate(); heights.deallocate(); order.deallocate(); spareEdges.deallocate()
    }
}

/// An edge (x clip-relative, y in device rows), top to bottom, with the piece of it
/// being kept (from `openTop`, change `openChange`).
struct ResolvedLine {
    var x0: Double, y0: Double, x1: Double, y1: Double
    /// x per unit of y.
    var slope: Double
    var winding: Int32
    var chain: Int32
    var openChange: Int32
    var openTop: Double

    @inline(__always)
    func x(at y: Double) -> Double {
        if y <= y0 { return x0 }
        if y >= y1 { return x1 }
        return x0 + slope * (y - y0)
    }
}

/// A line of the current slab: its x at the slab's middle (or, while the
/// lines are made, its top).
struct SlabEntry: SortKeyed {
    var x: Double
    var index: Int32

    var sortKey: Double { x }
}

extension EdgeBuilder {
    /// Whether the draw is one whose windings are resolved as a whole
    /// when its edges do not depend on the clip's rows: line edges only
    /// (at least two), not known simple, built from at most `limit` lines
    /// into at most `limit` edges.
    func mayResolveWindings(limit: Int) -> Bool {
        !isKnownSimple && arcEdges.count == 0 && arcPieces.count == 0 && closedForm.count == 0 && edges.count >= 2
            && edges.count <= limit && lineCount <= limit && !isSaturated
    }

    /// How many slabs (edge ends and crossings) a draw may have per row
    /// it spans to be resolved as a whole: the sweep visits every edge
    /// spanning a slab, the row resolver every piece of a row, so a few
    /// rows crossed by many edges (the shape suite's 40-vertex polygons at
    /// 8 px: ~30 slabs a row) are cheaper row by row (measured: 2x faster
    /// as a whole at ~4 slabs a row, 18 % slower at ~30).
    static let wholeDrawSlabsPerRow = 16

    /// Resolves the draw's windings as a whole (see the file comment):
    /// the draw becomes known simple, with edges bounding the inside under
    /// `rule`. Works in device rows (the clip's offset added back), so a
    /// draw built for any clip whose rows hold it gives the same edges.
    /// Returns false, the edges untouched, where the draw has more than
    /// `wholeDrawSlabsPerRow` slabs a row (a decision of the draw's edges
    /// alone: the same for every clip).
    @discardableResult
    mutating func resolveWindings(rule: FillRule, scratch s: inout WindingScratch) -> Bool {
        let n = edges.count
        guard n >= 2, firstRow <= lastRow else { return false }
        let slabLimit = Self.wholeDrawSlabsPerRow * (lastRow - firstRow + 1)
        s.lines.count = 0
        s.lines.reserve(n)
        s.heights.count = 0
        s.heights.reserve(2 * n + n * (n - 1) / 2)
        let one = Double(Fixed.one), xOne = Double(Fixed.xOne), top = clip.minY
        // Lines by top: the tops sorted with their edges' indices (16-byte
        // records: the same comparisons and swaps, so the same order, as
        // sorting the lines themselves), then the lines made in that order.
        s.order.reserve(n)
        let order = s.order.base
        @inline(__always) func y0(_ e: Edge) -> Double { Double(Int(e.firstRow) &+ top) + Double(e.y0) / one }
        for i in 0..<n { order[i] = SlabEntry(x: y0(edges[i]), index: Int32(truncatingIfNeeded: i)) }
        sortByKey(UnsafeMutableBufferPointer(start: order, count: n))
        for k in 0..<n {
            let e = edges[Int(order[k].index)]
            let y0 = y0(e)
            let y1 = Double(Int(e.lastRow) &+ top) + Double(e.y1) / one
            let x0 = Double(e.x0) / xOne, x1 = Double(e.x1) / xOne
            s.lines.append(
                ResolvedLine(
                    x0: x0, y0: y0, x1: x1, y1: y1, slope: (x1 - x0) / (y1 - y0),
                    winding: e.winding, chain: e.chain, openChange: 0, openTop: 0))
            s.heights.append(y0)
            s.heights.append(y1)
        }
        let lines = s.lines.base
        // Crossing heights.
        for i in 0..<n {
            let a = lines[i]
            for j in (i + 1)..<n {
                let b = lines[j]
                if b.y0 >= a.y1 { break }
                let lo = b.y0, hi = min(a.y1, b.y1)
                guard lo < hi else { continue }
                let d0 = a.x(at: lo) - b.x(at: lo), d1 = a.x(at: hi) - b.x(at: hi)
                guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { continue }
                let y = lo + (hi - lo) * (d0 / (d0 - d1))
                if y > lo && y < hi {
                    s.heights.append(y)
                    if s.heights.count > slabLimit { return false }
                }
            }
        }
        // (Heights are device rows, outside the bucket sort's 0...1; moved
        // into it and back exactly, the bucket sort measured no faster
        // here: session 21.)
        sortByKey(s.heights.buffer)
        removeRepeats(&s.heights)
        let heights = s.heights.base, unique = s.heights.count
        // Rewrite the edges.
        if firstRow <= lastRow {
            (rowHeads.base + firstRow).update(repeating: -1, count: lastRow - firstRow + 1)
        }
        edges.count = 0
        firstRow = Int.max
        lastRow = -1
        var writer = EdgeWriter(self)
        // The fill rule's inside: w & 1 (even-odd) or w ≠ 0 (non-zero).
        let insideMask: Int32 = rule == .evenOdd ? 1 : -1
        @inline(__always) func inside(_ w: Int32) -> Int32 { w & insideMask != 0 ? 1 : 0 }
        var m = 0, next = 0
        for k in 0..<(unique - 1) {
            let a = heights[k], b = heights[k + 1]
            let mid = 0.5 * (a + b)
            // The lines that go on (in the last slab's order), then those
            // that start, each inserted by x at the slab's middle into
            // the ones before it; those that ended dropped. (One pass:
            // an insertion writes only at or before the entry it took.)
            var kept = 0
            @inline(__always) func insert(_ index: Int32) {
                let l = lines + Int(index)
                let entry = SlabEntry(x: l.pointee.x0 + l.pointee.slope * (mid - l.pointee.y0), index: index)
                var t = kept
                while t > 0 && order[t - 1].x > entry.x {
                    order[t] = order[t - 1]
                    t -= 1
                }
                order[t] = entry
                kept += 1
            }
            for j in 0..<m {
                let index = order[j].index
                if lines[Int(index)].y1 > a { insert(index) }
            }
            while next < n && lines[next].y0 <= a {
                insert(Int32(truncatingIfNeeded: next))
                next += 1
            }
            m = kept
            var w: Int32 = 0
            for j in 0..<m {
                let l = lines + Int(order[j].index)
                let before = inside(w)
                w &+= l.pointee.winding
                let change = inside(w) &- before
                if l.pointee.y0 == a {
                    l.pointee.openChange = change
                    l.pointee.openTop = a
                } else if change != l.pointee.openChange {
                    emit(l.pointee, to: a, writer: &writer)
                    l.pointee.openChange = change
                    l.pointee.openTop = a
                }
                if l.pointee.y1 == b { emit(l.pointee, to: b, writer: &writer) }
            }
        }
        edges.count = writer.count
        firstRow = writer.firstRow
        lastRow = writer.lastRow
        windingsResolved = true
        return true
    }

    @inline(__always)
    private mutating func emit(_ line: ResolvedLine, to bottom: Double, writer: inout EdgeWriter) {
        guard line.openChange != 0 else { return }
        if writer.count >= edges.capacity {
            edges.count = writer.count
            edges.reserve(writer.count + 16)
            writer.reload(edges)
        }
        // Device rows back to clip-relative ones (exact: the clip's top is
        // an integer below the row).
        let top = Double(clip.minY)
        writer.addClipRelative(
            x0: line.x(at: line.openTop), y0: line.openTop - top, x1: line.x(at: bottom), y1: bottom - top,
            winding: line.openChange, chain: line.chain)
    }
}
