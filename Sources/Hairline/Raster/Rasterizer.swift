// Raster: line edges (device pixels) -> coverage runs, one row at a time.
// Exact area: each row accumulates, per pixel cell, the signed area and
// cover of the edge pieces crossing it (the FreeType "gray" / font-rs
// family), then sweeps the touched cells left to right. Rows where contours
// could cross or overlap go through the slab resolver first, so coverage is
// the exact area under the fill rule there too (RowResolver.swift).
// Scratch memory lives here and is reused from draw to draw.

/// A part of an edge inside one row, in row-local coordinates: x relative
/// to the clip's left side (0...width), y relative to the row top (0...1),
/// with `ya <= yb`.
struct Piece {
    var xa: Double
    var ya: Double
    var xb: Double
    var yb: Double
    /// +1 or −1: the winding the piece adds to its right.
    var winding: Double
    var chain: Int32

    /// x at row-local height y within [ya, yb].
    @inline(__always)
    func x(at y: Double) -> Double {
        let h = yb - ya
        guard h > 0 else { return xa }
        return xa + (xb - xa) * ((y - ya) / h)
    }

    /// x at height y clamped to [ya, yb]: the piece's x where it is
    /// nearest to height y (a sort key continuous in y).
    @inline(__always)
    func x(atClamped y: Double) -> Double {
        x(at: min(max(y, ya), yb))
    }
}

/// The exact-area scanline rasterizer. Not thread-safe: one per canvas.
final class Rasterizer {
    /// Keeps the fields below off neighbouring objects' cache lines.
    private let leadingPad = CacheLinePad()
    /// The edges of the current draw, and the clip they were built for.
    var builder = EdgeBuilder()
    /// The row machinery and its scratch, kept between draws.
    private var core = RasterCore()
    /// Rows that needed the slab resolver in the last draw (for tests).
    private(set) var resolvedRowCount = 0
    /// Rows that repeated the row above in the last draw (for tests).
    private(set) var replayedRowCount = 0
    /// Rows resolved approximately in the last draw, past the exact
    /// resolver's work budget (for tests).
    private(set) var approximatedRowCount = 0

    private let trailingPad = CacheLinePad()

    deinit {
        core.deallocate()
        builder.edges.deallocate()
    }

    /// The exact row resolver's work limits (lowered by tests).
    var resolverLimits: ResolverLimits {
        get { core.resolverLimits }
        set { core.resolverLimits = newValue }
    }

    /// The capacities of every scratch buffer, in elements (for tests that
    /// check steady drawing stops allocating).
    var storageFootprint: [Int] { core.capacities }

    /// Rasterizes `builder.edges` inside `builder.clip` with `rule`,
    /// sending coverage runs to `sink`.
    func rasterize<S: CoverageSink>(rule: FillRule, into sink: inout S) {
        // Work on a local copy so the hot loops touch no class property
        // (no dynamic exclusivity checks); the copy owns the same storage
        // and is stored back, with any growth, at the end.
        var local = core
        local.rasterize(UnsafeBufferPointer(builder.edges.buffer), clip: builder.clip, minY: builder.minY,
                        maxY: builder.maxY, rule: rule, knownSimple: builder.isKnownSimple, into: &sink)
        core = local
        resolvedRowCount = local.resolvedRowCount
        replayedRowCount = local.replayedRowCount
        approximatedRowCount = local.approximatedRowCount
    }
}

/// The rasterizer's row loop and scratch storage (a value type so that a
/// local copy can run without exclusivity checks).
struct RasterCore {

    // Per-row cell accumulators, indexed by column − clip.minX.
    var area = ScratchBuffer<Double>(capacity: 0)
    var cover = ScratchBuffer<Double>(capacity: 0)
    /// One bit per column: touched in this row.
    var touched = ScratchBuffer<UInt64>(capacity: 0)
    /// One bit per word of `touched`: that word has a bit set, so the
    /// sweep visits only words with touched columns (a row whose cells
    /// sit at both ends of a wide clip skips everything between).
    var touchedSummary = ScratchBuffer<UInt64>(capacity: 0)
    /// How many accumulator columns are known to be zero between rows.
    private var zeroedColumns = 0
    var touchedMinWord = Int.max
    var touchedMaxWord = -1
    /// Bucket sort of edges by first row.
    var rowCounts = ScratchBuffer<Int32>(capacity: 0)
    var order = ScratchBuffer<Int32>(capacity: 0)
    var active = ScratchBuffer<Int32>(capacity: 0)
    /// This row's edge pieces.
    var pieces = ScratchBuffer<Piece>(capacity: 0)
    /// Scratch for RowResolver.
    var chains = ScratchBuffer<ChainSpan>(capacity: 0)
    var splits = ScratchBuffer<Double>(capacity: 0)
    var slab = ScratchBuffer<SlabEdge>(capacity: 0)
    /// The last swept row's coverage runs.
    var runs = ScratchBuffer<CoverageRun>(capacity: 0)
    /// Rows that needed the slab resolver in the last draw.
    var resolvedRowCount = 0
    /// Rows that repeated the row above in the last draw.
    var replayedRowCount = 0
    /// Rows the resolver approximated in the last draw (see
    /// `RasterCore.resolveRow`).
    var approximatedRowCount = 0
    /// The exact resolver's work limits.
    var resolverLimits = ResolverLimits()
    /// What the exact resolver may still spend in this draw beyond each
    /// row's small allowance.
    var exactWorkPool = 0

    var capacities: [Int] {
        [area.capacity, cover.capacity, touched.capacity, touchedSummary.capacity, rowCounts.capacity, order.capacity,
         active.capacity, pieces.capacity, chains.capacity, splits.capacity, slab.capacity, runs.capacity]
    }

    func deallocate() {
        area.deallocate(); cover.deallocate(); touched.deallocate(); touchedSummary.deallocate()
        rowCounts.deallocate(); order.deallocate(); active.deallocate()
        pieces.deallocate(); chains.deallocate(); splits.deallocate(); slab.deallocate()
        runs.deallocate()
    }

    /// How far (device px) the ends of an edge may differ in x for the
    /// edge to count as vertical when repeating rows: arcs and offset
    /// curves end a rounding error away from where they should, and 1e-9
    /// px changes no coverage byte.
    static let verticalSlack = 1e-9

    /// Rasterizes `edges` (built for `clip`, spanning heights minY...maxY)
    /// with `rule`, sending coverage runs to `sink`. `knownSimple`: the
    /// edges' winding is proven an indicator everywhere (Convexity.swift),
    /// so no row needs checking.
    mutating func rasterize<S: CoverageSink>(
        _ edges: UnsafeBufferPointer<Edge>, clip: PixelRect, minY: Double, maxY: Double,
        rule: FillRule, knownSimple: Bool = false, into sink: inout S
    ) {
        resolvedRowCount = 0
        replayedRowCount = 0
        approximatedRowCount = 0
        exactWorkPool = resolverLimits.drawBudget
        guard !clip.isEmpty, !edges.isEmpty else { return }
        let firstRow = max(clip.minY, Int(saturatingFloor: minY, in: clip.minY...clip.maxY))
        let endRow = min(clip.maxY, Int(saturatingCeil: maxY, in: clip.minY...clip.maxY))
        guard firstRow < endRow else { return }
        prepareRowStorage(width: clip.width)
        sortEdgesByRow(edges, firstRow: firstRow, endRow: endRow)
        active.count = 0
        var nextEdge = 0
        let edgeCount = edges.count
        let clipLeft = Double(clip.minX), clipRight = Double(clip.maxX)
        var y = firstRow
        while y < endRow {
            let rowTop = Double(y)
            // Admit edges starting in this row, drop those that ended.
            let bucketEnd = Int(rowCounts[y - firstRow + 1])
            while nextEdge < bucketEnd, nextEdge < edgeCount {
                active.append(order[nextEdge])
                nextEdge += 1
            }
            // While dropping, find whether every active edge is vertical
            // inside the clip over the whole row, and where the first one
            // ends: rows up to there then have this row's coverage.
            var kept = 0
            var vertical = true
            var bandEnd = endRow
            for i in 0..<active.count {
                let e = active[i]
                let edge = edges[Int(e)]
                if edge.y1 > rowTop {
                    active[kept] = e
                    kept += 1
                    if vertical {
                        let xl = min(edge.x0, edge.x1), xr = max(edge.x0, edge.x1)
                        vertical = edge.y0 <= rowTop
                            && (xr - xl <= Self.verticalSlack || xr <= clipLeft || xl >= clipRight)
                        bandEnd = min(bandEnd, Int(saturatingFloor: edge.y1, in: y...endRow))
                    }
                }
            }
            active.count = kept
            guard kept > 0 else {
                y += 1
                continue
            }
            if knownSimple {
                // Proven exact: accumulate each edge's part straight away.
                for i in 0..<kept {
                    Self.clip(edges[Int(active[i])], row: rowTop, clip: clip) { xa, ya, xb, yb, w, _ in
                        accumulate(xa: xa, ya: ya, xb: xb, yb: yb, weight: w, width: clip.width)
                    }
                }
                guard touchedMaxWord >= 0 else {
                    y += 1
                    continue
                }
            } else {
                pieces.count = 0
                for i in 0..<kept {
                    Self.clip(edges[Int(active[i])], row: rowTop, clip: clip) { xa, ya, xb, yb, w, chain in
                        pieces.append(Piece(xa: xa, ya: ya, xb: xb, yb: yb, winding: w, chain: chain))
                    }
                }
                guard pieces.count > 0 else {
                    y += 1
                    continue
                }
                if rowIsSimple() {
                    for i in 0..<pieces.count {
                        let p = pieces[i]
                        accumulate(xa: p.xa, ya: p.ya, xb: p.xb, yb: p.yb, weight: p.winding, width: clip.width)
                    }
                } else {
                    resolvedRowCount += 1
                    resolveRow(rule: rule, width: clip.width)
                }
            }
            sweep(width: clip.width)
            emitRuns(y: y, left: clip.minX, into: &sink)
            y += 1
            guard vertical else { continue }
            // The band ends where the next edge starts, too.
            if nextEdge < edgeCount {
                let start = Int(saturatingFloor: edges[Int(order[nextEdge])].y0, in: y...endRow)
                bandEnd = min(bandEnd, start)
            }
            while y < bandEnd {
                emitRuns(y: y, left: clip.minX, into: &sink)
                replayedRowCount += 1
                y += 1
            }
        }
    }

    /// Sizes and zeroes the per-row accumulators for `width` columns.
    private mutating func prepareRowStorage(width: Int) {
        let words = (width + 63) >> 6
        let summaryWords = (words + 63) >> 6
        if zeroedColumns < width + 1 || touched.capacity < words || touchedSummary.capacity < summaryWords {
            area.reserve(width + 1)
            cover.reserve(width + 1)
            touched.reserve(words)
            touchedSummary.reserve(summaryWords)
            area.base.initialize(repeating: 0, count: area.capacity)
            cover.base.initialize(repeating: 0, count: cover.capacity)
            touched.base.initialize(repeating: 0, count: touched.capacity)
            touchedSummary.base.initialize(repeating: 0, count: touchedSummary.capacity)
            zeroedColumns = min(area.capacity, cover.capacity)
        }
        touchedMinWord = Int.max
        touchedMaxWord = -1
    }

    /// Orders edge indices by the row they start in (counting sort, O(n +
    /// rows)); `rowCounts[k]` ends as the index in `order` where row
    /// `firstRow + k` begins.
    private mutating func sortEdgesByRow(_ edges: UnsafeBufferPointer<Edge>, firstRow: Int, endRow: Int) {
        let rows = endRow - firstRow
        rowCounts.reserve(rows + 2)
        rowCounts.base.initialize(repeating: 0, count: rows + 2)
        let n = edges.count
        order.reserve(n)
        order.count = n
        do {
            for e in edges {
                let r = Int(saturatingFloor: e.y0, in: firstRow...(endRow - 1)) - firstRow
                rowCounts[r + 2] += 1
            }
            // Prefix sums: rowCounts[r + 1] = first slot of row r.
            for r in 2..<(rows + 2) { rowCounts[r] += rowCounts[r - 1] }
            for (i, e) in edges.enumerated() {
                let r = Int(saturatingFloor: e.y0, in: firstRow...(endRow - 1)) - firstRow
                let slot = Int(rowCounts[r + 1])
                order[slot] = Int32(truncatingIfNeeded: i)
                rowCounts[r + 1] += 1
            }
        }
        // Now rowCounts[r + 1] is the end of row r's bucket.
    }

    /// Clips an edge to row `row` and the clip's columns and hands `body`
    /// its parts in row-local coordinates (xa, ya, xb, yb, winding,
    /// chain). Parts left of the clip are projected onto its left side
    /// (they still change the winding of every pixel to their right);
    /// parts right of it are dropped.
    @inline(__always)
    private static func clip(
        _ e: Edge, row: Double, clip: PixelRect,
        _ body: (Double, Double, Double, Double, Double, Int32) -> Void
    ) {
        let ya = max(e.y0, row), yb = min(e.y1, row + 1)
        guard yb > ya else { return }
        let left = Double(clip.minX)
        let width = Double(clip.width)
        var xa = (ya == e.y0 ? e.x0 : e.x(at: ya)) - left
        var xb = (yb == e.y1 ? e.x1 : e.x(at: yb)) - left
        var ta = ya - row, tb = yb - row
        let w = e.winding, chain = e.chain
        if xa <= 0 && xb <= 0 {
            body(0, ta, 0, tb, w, chain)
            return
        }
        if xa >= width && xb >= width { return }
        // Cut at x = 0: the left part becomes a vertical piece on the clip side.
        if xa < 0 || xb < 0 {
            let tc = ta + (tb - ta) * ((0 - xa) / (xb - xa))
            if xa < 0 {
                body(0, ta, 0, tc, w, chain)
                xa = 0; ta = tc
            } else {
                body(0, tc, 0, tb, w, chain)
                xb = 0; tb = tc
            }
        }
        // Cut at x = width: the right part changes no pixel.
        if xa > width || xb > width {
            let tc = ta + (tb - ta) * ((width - xa) / (xb - xa))
            if xa > width {
                xa = width; ta = tc
            } else {
                xb = width; tb = tc
            }
        }
        if tb > ta { body(xa, ta, xb, tb, w, chain) }
    }

    /// Adds the area and cover of a row-local segment from (xa, ya) to
    /// (xb, yb), `ya <= yb`, x within 0...width, times `weight`.
    @inline(__always)
    mutating func accumulate(xa: Double, ya: Double, xb: Double, yb: Double, weight: Double, width: Int) {
        let dy = (yb - ya) * weight
        guard dy != 0 else { return }
        let (xl, xr) = xa < xb ? (xa, xb) : (xb, xa)
        guard xl < Double(width) else { return }
        // xl, xr ≥ 0 here, so truncation is floor, and the ceiling needs
        // no libm call (x86-64's baseline has no rounding instruction).
        let first = Int(xl)
        let truncated = Int(xr)
        let ceiling = Double(truncated) < xr ? truncated + 1 : truncated
        let last = min(width - 1, max(first, ceiling - 1))
        // Raw pointers in locals: stores through them cannot alias the
        // buffers' own fields, so nothing is reloaded per cell.
        let area = self.area.base, cover = self.cover.base, touched = self.touched.base
        let summary = touchedSummary.base
        touchedMinWord = min(touchedMinWord, first >> 6)
        touchedMaxWord = max(touchedMaxWord, last >> 6)
        // Mark the words of `first` and `last` (a run of cells spans at
        // most those two words and any between: mark those too).
        var word = first >> 6
        while true {
            summary[word >> 6] |= 1 &<< UInt64(word & 63)
            if word >= last >> 6 { break }
            word += 1
        }
        if first == last {
            let mid = (xl + xr) * 0.5 - Double(first)
            area[first] += dy * (1 - mid)
            cover[first] += dy
            touched[first >> 6] |= 1 &<< UInt64(first & 63)
            return
        }
        let dydx = dy / (xr - xl)
        var x = xl
        var cell = first
        while cell <= last {
            let xNext = cell == last ? xr : Double(cell + 1)
            let d = (xNext - x) * dydx
            let mid = (x + xNext) * 0.5 - Double(cell)
            area[cell] += d * (1 - mid)
            cover[cell] += d
            touched[cell >> 6] |= 1 &<< UInt64(cell & 63)
            x = xNext
            cell += 1
        }
    }

    /// Turns the row's accumulated cells into `runs` (left to right,
    /// coverage 0 left out) and clears the cells.
    private mutating func sweep(width: Int) {
        runs.count = 0
        guard touchedMaxWord >= 0 else { return }
        let area = self.area.base, cover = self.cover.base, touched = self.touched.base
        let summary = touchedSummary.base
        var acc = 0.0
        var x = 0
        for summaryIndex in (touchedMinWord >> 6)...(touchedMaxWord >> 6) {
            var words = summary[summaryIndex]
            summary[summaryIndex] = 0
            while words != 0 {
                let wordIndex = summaryIndex << 6 + words.trailingZeroBitCount
                words &= words &- 1
                var bits = touched[wordIndex]
                touched[wordIndex] = 0
                while bits != 0 {
                    let cell = wordIndex << 6 + bits.trailingZeroBitCount
                    bits &= bits &- 1
                    if cell > x {
                        let c = coverageByte(acc)
                        if c > 0 { runs.append(CoverageRun(x: x, count: cell - x, coverage: c)) }
                    }
                    let c = coverageByte(acc + area[cell])
                    if c > 0 { runs.append(CoverageRun(x: cell, count: 1, coverage: c)) }
                    acc += cover[cell]
                    area[cell] = 0
                    cover[cell] = 0
                    x = cell + 1
                }
            }
        }
        if x < width {
            let c = coverageByte(acc)
            if c > 0 { runs.append(CoverageRun(x: x, count: width - x, coverage: c)) }
        }
        touchedMinWord = Int.max
        touchedMaxWord = -1
    }

    /// Sends `runs` to `sink` as row `y` (`left`: the clip's first column).
    @inline(__always)
    private func emitRuns<S: CoverageSink>(y: Int, left: Int, into sink: inout S) {
        for i in 0..<runs.count {
            let r = runs[i]
            sink.blendRun(x: left + Int(r.x), y: y, count: Int(r.count), coverage: r.coverage)
        }
    }
}

/// A run of equal coverage in a row, columns relative to the clip.
struct CoverageRun {
    var x: Int32
    var count: Int32
    var coverage: UInt8

    @inline(__always)
    init(x: Int, count: Int, coverage: UInt8) {
        self.x = Int32(truncatingIfNeeded: x)
        self.count = Int32(truncatingIfNeeded: count)
        self.coverage = coverage
    }
}
