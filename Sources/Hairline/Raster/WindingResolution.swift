// Raster: a small draw that is not known simple, resolved once for the
// whole draw instead of row by row (the row resolver, RowResolver.swift,
// works each crossing row out on its own). Every crossing height of two
// edges and every edge end cuts the draw into slabs in which no two edges
// cross; in each slab the edges are ordered by x at the slab's middle
// (the order swept down the slabs, changed only where edges end, start
// or cross; sorted afresh in each slab for draws of a few lines), the
// winding summed left to right, and each edge's piece kept with the
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
    /// The crossings (height and the two lines), sorted by height.
    var crossings = ScratchBuffer<PieceCrossing>()
    /// The lines by bottom (`SlabEntry.x` holds the bottom).
    var ends = ScratchBuffer<SlabEntry>()
    /// The sweep's places touched at a slab's top, and the lines starting
    /// there.
    var touched = ScratchBuffer<Int32>()
    var starting = ScratchBuffer<Int32>()
    /// Storage a draw's edges are cut from (`EdgeBuilder.cutInPlace`).
    var spareEdges = ScratchBuffer<Edge>()
    /// Draws of at least this many lines sweep their slabs, smaller ones
    /// sort every slab (`EdgeBuilder.sweepLineMinimum`; tests set 0 or
    /// `Int.max` to compare the two).
    var sweepLineMinimum = EdgeBuilder.sweepLineMinimum

    func deallocate() {
        lines.deallocate(); heights.deallocate(); order.deallocate(); spareEdges.deallocate()
        crossings.deallocate(); ends.deallocate(); touched.deallocate(); starting.deallocate()
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
    /// The winding left of the line in the current slab (the sweep).
    var before: Int32 = 0
    var openTop: Double
    /// The line's place in the sweep's order.
    var slot: Int32 = 0

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

    /// Draws of at least this many lines sweep their slabs
    /// (`sweepSlabs`); smaller ones sort every slab (`sortEverySlab`),
    /// which costs a little less than the sweep's set-up where a slab
    /// holds a few lines (measured: the shape suite's 10-vertex polygons
    /// at 8 px 0.5 % slower swept, its 40-vertex ones 40 % faster).
    static let sweepLineMinimum = 24

    /// Resolves the draw's windings as a whole (see the file comment):
    /// the draw becomes known simple, with edges bounding the inside under
    /// `rule`. Works in device rows (the clip's offset added back), so a
    /// draw built for any clip whose rows hold it gives the same edges.
    /// Returns false, the edges untouched, for a draw without two edges.
    @discardableResult
    mutating func resolveWindings(rule: FillRule, scratch s: inout WindingScratch) -> Bool {
        let n = edges.count
        guard n >= 2, firstRow <= lastRow else { return false }
        s.lines.count = 0
        s.lines.reserve(n)
        // The slabs' heights, sorted, for the sorted slabs; the sweep
        // takes them in order from its three sorted streams (tops, ends,
        // crossings).
        let sweeps = n >= s.sweepLineMinimum
        s.heights.count = 0
        if !sweeps { s.heights.reserve(2 * n + n * (n - 1) / 2) }
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
            if !sweeps {
                s.heights.append(y0)
                s.heights.append(y1)
            }
        }
        let lines = s.lines.base
        // Crossing heights (and, for the sweep, their lines).
        s.crossings.count = 0
        for i in 0..<n {
            let a = lines[i]
            for j in (i + 1)..<n {
                let b = lines[j]
                if b.y0 >= a.y1 { break }
                let lo = b.y0, hi = min(a.y1, b.y1)
                guard lo < hi else { continue }
                // x(at:) at a line's own end is that end: the same values
                // without the clamps' tests.
                let d0 = a.x(at: lo) - b.x0
                let d1 = a.y1 <= b.y1 ? a.x1 - b.x(at: hi) : a.x(at: hi) - b.x1
                guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { continue }
                let y = lo + (hi - lo) * (d0 / (d0 - d1))
                if y > lo && y < hi {
                    if sweeps {
                        s.crossings.append(
                            PieceCrossing(y: y, a: Int32(truncatingIfNeeded: i), b: Int32(truncatingIfNeeded: j)))
                    } else {
                        s.heights.append(y)
                    }
                }
            }
        }
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
        if sweeps {
            sweepSlabs(&s, insideMask: insideMask, writer: &writer)
        } else {
            // (Heights are device rows, outside the bucket sort's 0...1;
            // moved into it and back exactly, the bucket sort measured no
            // faster here: session 21.)
            sortByKey(s.heights.buffer)
            removeRepeats(&s.heights)
            sortEverySlab(&s, insideMask: insideMask, writer: &writer)
        }
        edges.count = writer.count
        firstRow = writer.firstRow
        lastRow = writer.lastRow
        windingsResolved = true
        return true
    }

    /// The slabs between `s.heights`, each sorting all of its lines by x
    /// at its middle (insertion into the last slab's order) and walking
    /// the winding across all of them: the order and changes the sweep
    /// (`sweepSlabs`) keeps, worked out afresh in every slab.
    private mutating func sortEverySlab(_ s: inout WindingScratch, insideMask: Int32, writer: inout EdgeWriter) {
        let lines = s.lines.base, n = s.lines.count
        let heights = s.heights.base, unique = s.heights.count
        let order = s.order.base
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
                take(inside(w) &- before, at: a, l, writer: &writer)
                if l.pointee.y1 == b { emit(l, to: b, writer: &writer) }
            }
        }
    }

    /// The slabs between the heights where lines start, end or cross
    /// (taken in order from the three sorted streams), swept: the lines
    /// spanning the current slab are kept in left-to-right order
    /// (`s.order`, each line's place in `ResolvedLine.slot`), with the
    /// winding left of each (`before`), and only what happens at a slab's
    /// top changes them: a line that ends hands its place to the next line
    /// of its chain starting there, or leaves; two lines crossing there
    /// swap places; a line starting there comes in where its x at the
    /// middle belongs. Each touched place must be in order with its
    /// neighbours at the slab's middle, and the windings and changes are
    /// worked out from the leftmost touched place only while the winding
    /// differs from what it was. Where many lines start or end at once, a
    /// crossing's lines are not neighbours or a touched place is clearly
    /// out of order with a neighbour, the slab sorts all of its lines and
    /// walks them all, as `sortEverySlab` does in every slab. Where the
    /// lines' x at the middle are further apart than their rounding, the
    /// order is the one sorting gives, so the kept pieces are the same.
    /// O(events) a slab instead of O(lines).
    private mutating func sweepSlabs(_ s: inout WindingScratch, insideMask: Int32, writer: inout EdgeWriter) {
        let lines = s.lines.base, n = s.lines.count
        @inline(__always) func inside(_ w: Int32) -> Int32 { w & insideMask != 0 ? 1 : 0 }
        // The lines by bottom, the crossings by height.
        s.ends.count = 0
        s.ends.reserve(n)
        for i in 0..<n where lines[i].y1 > lines[i].y0 {
            s.ends.append(SlabEntry(x: lines[i].y1, index: Int32(truncatingIfNeeded: i)))
        }
        sortByKey(s.ends.buffer)
        sortByKey(s.crossings.buffer)
        s.order.reserve(n)
        s.touched.reserve(2 * s.crossings.count + 2 * n + 1)
        s.starting.reserve(n)
        let order = s.order.base, ends = s.ends.base, endCount = s.ends.count
        let crossings = s.crossings.base, crossingCount = s.crossings.count
        let touched = s.touched.base, starting = s.starting.base
        @inline(__always) func x(_ i: Int, _ y: Double) -> Double {
            let l = lines + Int(order[i].index)
            return l.pointee.x0 + l.pointee.slope * (y - l.pointee.y0)
        }
        // Whether a line at `left` lies clearly right of one at `right`
        // (more than the rounding of x at a height: two lines closer than
        // that keep the order the sweep's events gave them, as a crossing
        // computed an ulp off would otherwise be undone with no event
        // left to swap the lines again).
        @inline(__always) func inverted(_ left: Double, _ right: Double) -> Bool {
            left - right > (abs(right) + 1) * 0x1p-30
        }
        @inline(__always) func place(_ i: Int) {
            lines[Int(order[i].index)].slot = Int32(truncatingIfNeeded: i)
        }
        // At most this many places shifted by lines leaving or coming in
        // a slab; more, and the slab sorts all of its lines.
        let shiftLimit = 8
        var m = 0, next = 0, nextEnd = 0, nextCrossing = 0
        // The slabs' heights in order: the least of the next line top,
        // line end and crossing (the lines are by top).
        var a = lines[0].y0
        while true {
            var touchedCount = 0, startingCount = 0
            var resort = false
            var shifts = 0
            while next < n && lines[next].y0 <= a {
                if lines[next].y1 > lines[next].y0 {
                    starting[startingCount] = Int32(truncatingIfNeeded: next)
                    startingCount += 1
                }
                next += 1
            }
            // Lines that end here: each closed, its place handed to the
            // next line of its chain if one starts here, else emptied.
            while nextEnd < endCount && ends[nextEnd].x <= a {
                let e = Int(ends[nextEnd].index)
                nextEnd += 1
                let ended = lines[e]
                emit(lines + e, to: ended.y1, writer: &writer)
                let at = Int(ended.slot)
                var continuation = -1
                for t in 0..<startingCount {
                    let q = lines + Int(starting[t])
                    if q.pointee.chain == ended.chain && q.pointee.x0 == ended.x1 && q.pointee.winding == ended.winding
                    {
                        continuation = t
                        break
                    }
                }
                if continuation >= 0 {
                    order[at].index = starting[continuation]
                    place(at)
                    startingCount -= 1
                    starting[continuation] = starting[startingCount]
                    touched[touchedCount] = Int32(truncatingIfNeeded: at)
                    touchedCount += 1
                } else if !resort && shifts < shiftLimit {
                    shifts += 1
                    for i in at..<(m - 1) {
                        order[i] = order[i + 1]
                        place(i)
                    }
                    m -= 1
                    for t in 0..<touchedCount where Int(touched[t]) > at { touched[t] -= 1 }
                    // The place's new line has a new left neighbour.
                    if at < m {
                        touched[touchedCount] = Int32(truncatingIfNeeded: at)
                        touchedCount += 1
                    }
                } else {
                    order[at].index = -1
                    resort = true
                }
            }
            // Crossings here: the two lines swap places.
            while nextCrossing < crossingCount && crossings[nextCrossing].y <= a {
                let c = crossings[nextCrossing]
                nextCrossing += 1
                guard !resort else { continue }
                let p = Int(lines[Int(c.a)].slot), q = Int(lines[Int(c.b)].slot)
                guard p - q == 1 || q - p == 1 else {
                    resort = true
                    continue
                }
                let left = min(p, q)
                let moved = order[left]
                order[left] = order[left + 1]
                order[left + 1] = moved
                place(left)
                place(left + 1)
                touched[touchedCount] = Int32(truncatingIfNeeded: left)
                touched[touchedCount + 1] = Int32(truncatingIfNeeded: left + 1)
                touchedCount += 2
            }
            // The slab ends at the next height where something happens.
            var b = Double.infinity
            if next < n { b = lines[next].y0 }
            if nextEnd < endCount { b = min(b, ends[nextEnd].x) }
            if nextCrossing < crossingCount { b = min(b, crossings[nextCrossing].y) }
            guard b < .infinity else { break }
            let mid = 0.5 * (a + b)
            defer { a = b }
            // Lines starting here (not continuations) come in by x at the
            // middle, after the lines at the same x (as sorting puts them).
            for t in 0..<startingCount {
                let index = starting[t]
                if !resort && shifts < shiftLimit {
                    shifts += 1
                    let l = lines + Int(index)
                    let xNew = l.pointee.x0 + l.pointee.slope * (mid - l.pointee.y0)
                    var lo = 0, hi = m
                    while lo < hi {
                        let h = (lo + hi) >> 1
                        if x(h, mid) <= xNew { lo = h + 1 } else { hi = h }
                    }
                    var i = m
                    while i > lo {
                        order[i] = order[i - 1]
                        place(i)
                        i -= 1
                    }
                    order[lo] = SlabEntry(x: 0, index: index)
                    place(lo)
                    m += 1
                    for u in 0..<touchedCount where Int(touched[u]) >= lo { touched[u] += 1 }
                    touched[touchedCount] = Int32(truncatingIfNeeded: lo)
                    touchedCount += 1
                } else {
                    order[m] = SlabEntry(x: 0, index: index)
                    m += 1
                    resort = true
                }
            }
            var lo = 0, hi = m - 1
            if !resort {
                // Each touched place strictly in order with its neighbours.
                lo = m
                hi = -1
                for t in 0..<touchedCount {
                    let i = Int(touched[t])
                    guard i < m else { continue }
                    lo = min(lo, i)
                    hi = max(hi, i)
                    let xi = x(i, mid)
                    if (i > 0 && inverted(x(i - 1, mid), xi)) || (i + 1 < m && inverted(xi, x(i + 1, mid))) {
                        resort = true
                        break
                    }
                }
            }
            if resort {
                // Every line of the slab sorted by x at the middle
                // (insertion into the order as it stands), the emptied
                // places dropped.
                var kept = 0
                for j in 0..<m where order[j].index >= 0 {
                    var entry = order[j]
                    let l = lines + Int(entry.index)
                    entry.x = l.pointee.x0 + l.pointee.slope * (mid - l.pointee.y0)
                    var t = kept
                    while t > 0 && inverted(order[t - 1].x, entry.x) {
                        order[t] = order[t - 1]
                        t -= 1
                    }
                    order[t] = entry
                    kept += 1
                }
                m = kept
                for j in 0..<m { place(j) }
                lo = 0
                hi = m - 1
            }
            // The windings and changes from `lo` on, while they change.
            guard lo < m else { continue }
            var w: Int32 = 0
            if lo > 0 {
                let l = lines + Int(order[lo - 1].index)
                w = l.pointee.before &+ l.pointee.winding
            }
            var i = lo
            while i < m {
                let l = lines + Int(order[i].index)
                if i > hi && l.pointee.before == w { break }
                l.pointee.before = w
                let before = inside(w)
                w &+= l.pointee.winding
                take(inside(w) &- before, at: a, l, writer: &writer)
                i += 1
            }
        }
        // The lines left end at the last height.
        for j in 0..<m where order[j].index >= 0 {
            let l = lines + Int(order[j].index)
            emit(l, to: l.pointee.y1, writer: &writer)
        }
    }

    /// Gives `line` the change `change` of the rule's inside from height
    /// `a` on: a line starting at `a` opens its piece there; another whose
    /// change differs keeps its open piece down to `a` and opens the next.
    @inline(__always)
    private mutating func take(
        _ change: Int32, at a: Double, _ line: UnsafeMutablePointer<ResolvedLine>, writer: inout EdgeWriter
    ) {
        if line.pointee.y0 == a {
            line.pointee.openChange = change
            line.pointee.openTop = a
        } else if change != line.pointee.openChange {
            emit(line, to: a, writer: &writer)
            line.pointee.openChange = change
            line.pointee.openTop = a
        }
    }

    /// Keeps `line`'s open piece, from its `openTop` down to `bottom`,
    /// as an edge with its change as winding (nothing for a change of 0).
    @inline(__always)
    private mutating func emit(_ line: UnsafePointer<ResolvedLine>, to bottom: Double, writer: inout EdgeWriter) {
        guard line.pointee.openChange != 0 else { return }
        emitPiece(line, to: bottom, writer: &writer)
    }

    @inline(never)
    private mutating func emitPiece(_ line: UnsafePointer<ResolvedLine>, to bottom: Double, writer: inout EdgeWriter) {
        if writer.count >= edges.capacity {
            edges.count = writer.count
            edges.reserve(writer.count + 16)
            writer.reload(edges)
        }
        // Device rows back to clip-relative ones (exact: the clip's top is
        // an integer below the row).
        let top = Double(clip.minY)
        let l = line.pointee
        writer.addClipRelative(
            x0: l.x(at: l.openTop), y0: l.openTop - top, x1: l.x(at: bottom), y1: bottom - top,
            winding: l.openChange, chain: l.chain)
    }
}
