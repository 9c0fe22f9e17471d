// Raster: the row loop (RasterCore) and what it reads and keeps between
// calls: the draw's edges (EdgeList), the edges being stepped
// (ActiveEdge), where it stands (RowCursor) and the pieces of rows that
// need checking (PieceSink, PieceCollector). Rasterizer.swift drives it;
// each edge is stepped by its per-row x step, its pieces go into the row's
// delta cells (CellRow.swift) and the sweep prefix-sums them into a
// compositing kernel; rows not proven simple go through RowResolver.swift.
// Coordinates are clip-relative device pixels in fixed point (Fixed).

/// An edge the row loop is stepping: what it reads per row, packed.
struct ActiveEdge {
    /// x (32.32, clip-relative) at the top of the next row.
    var x: Int
    /// x per full row.
    var step: Int
    /// x at the bottom end.
    var x1: Int
    /// The row the edge ends in, and its bottom's height there.
    var lastRow: Int32
    var y1: Int32
    var winding: Int32
    var chain: Int32
}

/// Receives the pieces of one row's edges: x in cell units (16.16,
/// clip-relative), y in 0...`Fixed.one` from the row's top, `ya < yb`.
protocol PieceSink {
    mutating func add(xa: Int, ya: Int, xb: Int, yb: Int, winding: Int32, chain: Int32)
}

extension CellRow: PieceSink {
    @inline(__always)
    mutating func add(xa: Int, ya: Int, xb: Int, yb: Int, winding: Int32, chain: Int32) {
        add(xa: xa, ya: ya, xb: xb, yb: yb, winding: Int(winding))
    }
}

/// A draw's edges as the row loop reads them (EdgeBuilder's storage).
struct EdgeList {
    let edges: UnsafePointer<Edge>
    let rowHeads: UnsafePointer<Int32>
    /// The exact arc edges (ArcEdge.swift), by first row; the row loop
    /// steps them in place. Only draws known simple have any.
    let arcs: UnsafeMutablePointer<ArcEdge>
    /// The arcs' indices by first row.
    let arcOrder: UnsafePointer<Int32>
    let arcCount: Int

    /// The first row of the arc at `position` in `arcOrder`, or Int.max
    /// past the last arc.
    @inline(__always)
    func firstRow(ofArcAt position: Int) -> Int {
        position < arcCount ? Int(arcs[Int(arcOrder[position])].firstRow) : Int.max
    }
    /// Clip-relative rows with edges (empty: firstRow > lastRow).
    let firstRow: Int
    let lastRow: Int
    let clip: PixelRect
    /// The edges' winding is proven an indicator everywhere, so no row
    /// needs checking.
    let isKnownSimple: Bool
    /// A draw covered in closed form instead of by the edges (there are
    /// none then): RoundedRectRows.swift. In the builder's storage.
    let roundedRects: UnsafePointer<RoundedRectDraw>?
}

/// The rasterizer's row loop and scratch storage (a value type so that a
/// rasterizer can run it in place, its own storage inside).
struct RasterCore {
    /// One row's delta cells and touched bits (CellRow.swift), zero
    /// between rows (empty until the first draw: every growth zeroes all).
    var cells = ScratchBuffer<Int32>()
    var bits = ScratchBuffer<UInt64>()
    /// The edges being stepped.
    var active = ScratchBuffer<ActiveEdge>(capacity: 0)
    /// The arc edges being stepped (indices into `EdgeList.arcs`).
    var activeArcs = ScratchBuffer<Int32>(capacity: 0)
    /// This row's edge pieces (draws not proven simple).
    var pieces = ScratchBuffer<Piece>(capacity: 0)
    /// The row's pieces regrouped by chain for the resolver
    /// (`groupPiecesByChain`, which swaps it with `pieces`).
    var groupedPieces = ScratchBuffer<Piece>(capacity: 0)
    /// The sweep calls of a row that later rows repeat.
    var records = ScratchBuffer<SpanRecord>(capacity: 0)
    /// Scratch for RowResolver.
    var chains = ScratchBuffer<ChainSpan>(capacity: 0)
    /// The row check's grouping: the span of each chain id (a sparse set:
    /// an entry counts only when it points at a span of that chain), and
    /// the row's piece indices grouped by chain.
    var chainSlots = ScratchBuffer<Int32>(capacity: 0)
    var pieceOrder = ScratchBuffer<Int32>(capacity: 0)
    var splits = ScratchBuffer<Double>(capacity: 0)
    var slab = ScratchBuffer<SlabEdge>(capacity: 0)
    var clusterPieces = ScratchBuffer<KeyedPiece>(capacity: 0)
    var piecesByTop = ScratchBuffer<PieceHeight>(capacity: 0)
    var piecesByBottom = ScratchBuffer<PieceHeight>(capacity: 0)
    var startingNow = ScratchBuffer<Int32>(capacity: 0)
    var touched = ScratchBuffer<Int32>(capacity: 0)
    var crossings = ScratchBuffer<PieceCrossing>(capacity: 0)
    var sweepSlots = ScratchBuffer<SweepSlot>(capacity: 0)
    var slotOf = ScratchBuffer<Int32>(capacity: 0)
    var bandHeights = ScratchBuffer<Double>(capacity: 0)
    var bandTree = ScratchBuffer<Double>(capacity: 0)
    /// A sub-band's chains by x (RowResolver+Ordered.swift), and the flip
    /// of each chain of the cluster in each of its sub-bands.
    var spanning = ScratchBuffer<KeyedIndex>(capacity: 0)
    var chainFlips = ScratchBuffer<Double>(capacity: 0)
    /// Whether the row check proved that every two chains of the row whose
    /// x extents overlap keep one strict order (set by `rowIsSimple`): the
    /// sub-bands then need no meeting heights.
    var rowChainsKeepTheirOrder = false
    /// Where `bucketSortByKey` sorts the resolver's crossings, piece
    /// heights and split heights into (each changes places with the list
    /// it sorts), and its bucket counts.
    var crossingSpare = ScratchBuffer<PieceCrossing>(capacity: 0)
    var heightSpare = ScratchBuffer<PieceHeight>(capacity: 0)
    var valueSpare = ScratchBuffer<Double>(capacity: 0)
    var bucketCounts = ScratchBuffer<Int32>(capacity: 0)
    /// Corner rows of a closed-form draw's outer and inner shape
    /// (RoundedRectCache.swift), per draw.
    var cornerCaches = (CornerRowCache(), CornerRowCache())
    /// The sweeps of a closed-form draw's upper rows, for the lower rows
    /// that mirror them (RasterCore.runRoundedRects), per draw.
    var mirrorRecords = ScratchBuffer<SpanRecord>(capacity: 0)
    var mirroredRows = ScratchBuffer<MirroredRow>(capacity: 0)
    /// The same for a fill and its stroke swept together
    /// (RoundedRectPair.swift), per draw.
    var pairRecords = ScratchBuffer<PairRecord>(capacity: 0)
    var pairRows = ScratchBuffer<MirroredRow>(capacity: 0)
    /// Where the sweeps of closed-form draws are kept across draws and
    /// looked up (CoverageCache.swift): the canvas's, or the caller's, or
    /// one that keeps nothing.
    var coverageCache = CoverageCache.disabled()
    /// What the last draw did (for the benchmark's profile).
    var statistics = RasterStatistics()
    /// Rows that needed the slab resolver in the last draw.
    var resolvedRowCount = 0
    /// Rows the resolver approximated in the last draw (see
    /// `RasterCore.resolveRow`).
    var approximatedRowCount = 0
    /// Slabs the sweep of the exact resolver went through in the last
    /// draw, and those of them where it sorted the order again (see
    /// `RasterCore.resolveSlabsBySweep`).
    var sweptSlabCount = 0
    var resortedSlabCount = 0
    /// Clusters the exact resolver resolved in sub-bands in the last draw
    /// (see `RasterCore.resolveClusterBySubBands`).
    var subBandClusterCount = 0
    /// The exact resolver's work limits.
    var resolverLimits = ResolverLimits()
    /// What the exact resolver may still spend in this draw beyond each
    /// row's small allowance.
    var exactWorkPool = 0

    var capacities: [Int] {
        [
            cells.capacity, bits.capacity, mirrorRecords.capacity, mirroredRows.capacity, pairRecords.capacity,
            pairRows.capacity, cornerCaches.0.segments.capacity, cornerCaches.0.rows.capacity,
            cornerCaches.1.segments.capacity, cornerCaches.1.rows.capacity, active.capacity, activeArcs.capacity,
            records.capacity, pieces.capacity, groupedPieces.capacity, chains.capacity, chainSlots.capacity,
            pieceOrder.capacity, splits.capacity,
            slab.capacity, clusterPieces.capacity, piecesByTop.capacity, piecesByBottom.capacity,
            startingNow.capacity, touched.capacity, crossings.capacity, sweepSlots.capacity, slotOf.capacity,
            bandHeights.capacity, bandTree.capacity, crossingSpare.capacity, heightSpare.capacity,
            valueSpare.capacity, bucketCounts.capacity, spanning.capacity, chainFlips.capacity,
        ]
    }

    func deallocate() {
        cells.deallocate(); bits.deallocate(); cornerCaches.0.deallocate(); cornerCaches.1.deallocate()
        mirrorRecords.deallocate(); mirroredRows.deallocate(); pairRecords.deallocate(); pairRows.deallocate()
        active.deallocate(); activeArcs.deallocate(); records.deallocate()
        pieces.deallocate(); groupedPieces.deallocate(); chains.deallocate(); chainSlots.deallocate()
        pieceOrder.deallocate(); splits.deallocate(); slab.deallocate()
        clusterPieces.deallocate(); piecesByTop.deallocate(); piecesByBottom.deallocate()
        startingNow.deallocate(); touched.deallocate(); crossings.deallocate(); sweepSlots.deallocate()
        slotOf.deallocate(); bandHeights.deallocate(); bandTree.deallocate()
        crossingSpare.deallocate(); heightSpare.deallocate(); valueSpare.deallocate()
        bucketCounts.deallocate(); spanning.deallocate(); chainFlips.deallocate()
    }

    /// Rasterizes `list` with `rule`, sending coverage to `kernel`.
    mutating func rasterize<Kernel: SpanKernel>(_ list: EdgeList, rule: FillRule, into kernel: inout Kernel) {
        var cursor = begin(list)
        run(list, rule: rule, cursor: &cursor, until: Int.max, into: &kernel)
    }

    /// Starts the row loop of `list`: clears the last draw's counts and
    /// the scratch lists; returns where the loop stands.
    /// (`preparingCaches` false: the corner caches are left for the caller
    /// to prepare before any row goes through them, `prepareCornerCaches`.)
    mutating func begin(_ list: EdgeList, preparingCaches: Bool = true) -> RowCursor {
        resolvedRowCount = 0
        approximatedRowCount = 0
        sweptSlabCount = 0
        resortedSlabCount = 0
        subBandClusterCount = 0
        exactWorkPool = resolverLimits.drawBudget
        statistics = RasterStatistics()
        let isDone = list.clip.isEmpty || list.firstRow > list.lastRow
        if !isDone {
            prepareCells(width: list.clip.width)
            if preparingCaches, let draw = list.roundedRects { prepareCornerCaches(draw) }
            active.count = 0
            activeArcs.count = 0
        }
        assert(list.arcCount == 0 || list.isKnownSimple, "arc edges in a draw that is not known simple")
        return RowCursor(
            y: list.firstRow, nextArcRow: list.firstRow(ofArcAt: 0),
            isDone: isDone)
    }

    /// Runs the row loop of `list` from `cursor` up to (not including)
    /// clip-relative row `limit`, sending coverage to `kernel`; the rows
    /// after are left for the next call (a band of repeated rows is cut
    /// there and goes on in the next call).
    mutating func run<Kernel: SpanKernel>(
        _ list: EdgeList, rule: FillRule, cursor: inout RowCursor, until limit: Int,
        into kernel: inout Kernel
    ) {
        guard !cursor.isDone else { return }
        if let draw = list.roundedRects {
            runRoundedRects(draw, clip: list.clip, cursor: &cursor, until: limit, into: &kernel)
            return
        }
        let clip = list.clip
        // The next arc edge to start, and its first row.
        var nextArc = cursor.nextArc
        var nextArcRow = cursor.nextArcRow
        var row = CellRow(cells: cells.base, bits: bits.base)
        row.pieceCount = cursor.pieceCount
        var y = cursor.y
        defer {
            cursor = RowCursor(
                y: y, nextArc: nextArc, nextArcRow: nextArcRow, pieceCount: row.pieceCount,
                isDone: y > list.lastRow)
            statistics.pieces = row.pieceCount
        }
        while y <= list.lastRow && y < limit {
            if active.count == 0 && activeArcs.count == 0 {
                y = nextRowWithEdges(list, from: y, nextArcRow: nextArcRow)
                guard y <= list.lastRow && y < limit else { break }
            }
            let band = coverRow(list, y: y, rule: rule, nextArc: &nextArc, nextArcRow: &nextArcRow, into: &row)
            guard row.isTouched else {
                y &+= 1
                continue
            }
            kernel.beginRow(clip.minY &+ y)
            statistics.rows &+= 1
            let end = band.isVertical ? bandEnd(list, after: y, limit: min(band.end, nextArcRow, limit)) : y &+ 1
            y = sweep(&row, y: y, repeatingUntil: end, clip: clip, into: &kernel)
        }
    }

    /// The first row from `y` where an edge starts (or the next arc does),
    /// past `list.lastRow` if none: when no edge carries over, the rows
    /// before it have no coverage.
    @inline(__always)
    private func nextRowWithEdges(_ list: EdgeList, from y: Int, nextArcRow: Int) -> Int {
        var y = y
        while y <= list.lastRow && list.rowHeads[y] < 0 && y != nextArcRow { y &+= 1 }
        return y
    }

    /// Adds row `y`'s coverage to `row`: a simple draw's edges and arcs
    /// straight into the cells (stepping to the next arc to start), any
    /// other draw's pieces collected and resolved under `rule`. Returns
    /// the band of rows that may repeat this one.
    @inline(__always)
    private mutating func coverRow(
        _ list: EdgeList, y: Int, rule: FillRule, nextArc: inout Int,
        nextArcRow: inout Int, into row: inout CellRow
    ) -> RowBand {
        guard list.isKnownSimple else {
            var collector = PieceCollector(pieces: pieces)
            collector.pieces.count = 0
            let band = step(list, y: y, into: &collector)
            pieces = collector.pieces
            if pieces.count > 0 { accumulatePieces(rule: rule, width: list.clip.width, into: &row) }
            return band
        }
        var band = step(list, y: y, into: &row)
        if nextArcRow <= y || activeArcs.count > 0 {
            if stepArcs(list, y: y, next: &nextArc, into: &row) { band.isVertical = false }
            nextArcRow = list.firstRow(ofArcAt: nextArc)
        }
        return band
    }

    /// Sweeps clip-relative row `y` (begun) into `kernel`; if the rows up
    /// to `end` have the same coverage, records the sweep's calls and
    /// repeats them on those rows. Returns the next row.
    @inline(__always)
    mutating func sweep<Kernel: SpanKernel>(
        _ row: inout CellRow, y: Int, repeatingUntil end: Int, clip: PixelRect,
        into kernel: inout Kernel
    ) -> Int {
        guard end > y &+ 1 else {
            row.sweep(width: clip.width, left: clip.minX, into: &kernel)
            return y &+ 1
        }
        records.count = 0
        withUnsafeMutablePointer(to: &kernel) { kernel in
            var recorder = RecordingKernel(kernel: kernel, log: RowRecords(records: records))
            row.sweep(width: clip.width, left: clip.minX, into: &recorder)
            records = recorder.log.records
        }
        statistics.repeatedRows &+= end &- y &- 1
        for repeated in (y &+ 1)..<end {
            kernel.beginRow(clip.minY &+ repeated)
            Self.replay(records, into: &kernel)
        }
        return end
    }

    /// The first row after `y` (before `limit`) where an edge starts, or
    /// `limit`.
    @inline(__always)
    private func bandEnd(_ list: EdgeList, after y: Int, limit: Int) -> Int {
        var next = y &+ 1
        while next < limit && list.rowHeads[next] < 0 { next &+= 1 }
        return next
    }

    /// Sends recorded sweep calls to `kernel` (whose row has begun).
    @inline(__always)
    static func replay<Kernel: SpanKernel>(_ records: ScratchBuffer<SpanRecord>, into kernel: inout Kernel) {
        for i in 0..<records.count { replay(records[i], into: &kernel) }
    }

    /// Sends one recorded call to `kernel`.
    @inline(__always)
    static func replay<Kernel: SpanKernel>(_ r: SpanRecord, into kernel: inout Kernel) {
        switch r.kind {
        case .fill: kernel.fill(x: Int(r.x), count: Int(r.count))
        case .blend: kernel.blend(x: Int(r.x), count: Int(r.count), coverage: r.coverage)
        case .group: kernel.blendGroup(x: Int(r.x), count: Int(r.count), coverage: r.coverage)
        }
    }

    /// Sizes the cells and bits for `width` columns; they are zero between
    /// rows, so only new storage is cleared.
    private mutating func prepareCells(width: Int) {
        let cellCount = CellRow.cellCount(width: width), wordCount = CellRow.wordCount(width: width)
        if cells.capacity < cellCount {
            cells.reserve(cellCount)
            cells.base.initialize(repeating: 0, count: cells.capacity)
        }
        if bits.capacity < wordCount {
            bits.reserve(wordCount)
            bits.base.initialize(repeating: 0, count: bits.capacity)
        }
    }

    /// Sends row `y`'s pieces to `sink`: one per edge being stepped (which
    /// then steps to the next row, or is dropped in its last), then the
    /// first piece of each edge starting in the row (which joins the
    /// stepped ones if it goes on). Returns whether the row was made of
    /// whole-height vertical pieces only, and the first row where a
    /// stepped edge ends.
    @inline(__always)
    private mutating func step<Sink: PieceSink>(_ list: EdgeList, y: Int, into sink: inout Sink) -> RowBand {
        let row = Int32(truncatingIfNeeded: y)
        let edges = active.base
        let count = active.count
        var kept = 0
        var steps = 0  // the steps of the kept edges, or-ed
        var firstEnd = Int32.max
        for i in 0..<count {
            let e = edges[i]
            // x stays inside the edge's x range (Edge.step), so the cell
            // x, x >> 16, is in 0...width·one.
            if row < e.lastRow {
                let next = e.x &+ e.step
                sink.add(
                    xa: e.x >> Fixed.edgeToCellShift, ya: 0, xb: next >> Fixed.edgeToCellShift, yb: Fixed.one,
                    winding: e.winding, chain: e.chain)
                if kept != i { edges[kept] = e }
                edges[kept].x = next
                kept &+= 1
                steps |= e.step
                if e.lastRow < firstEnd { firstEnd = e.lastRow }
            } else {
                sink.add(
                    xa: e.x >> Fixed.edgeToCellShift, ya: 0, xb: e.x1 >> Fixed.edgeToCellShift, yb: Int(e.y1),
                    winding: e.winding, chain: e.chain)
            }
        }
        active.count = kept
        var index = list.rowHeads[y]
        let band = RowBand(isVertical: kept == count && steps == 0 && index < 0, end: Int(firstEnd))
        while index >= 0 {
            let e = list.edges[Int(index)]
            if e.lastRow == row {
                sink.add(
                    xa: e.x0 >> Fixed.edgeToCellShift, ya: Int(e.y0), xb: e.x1 >> Fixed.edgeToCellShift, yb: Int(e.y1),
                    winding: e.winding, chain: e.chain)
            } else {
                sink.add(
                    xa: e.x0 >> Fixed.edgeToCellShift, ya: Int(e.y0), xb: e.xBoundary >> Fixed.edgeToCellShift,
                    yb: Fixed.one,
                    winding: e.winding, chain: e.chain)
                active.append(
                    ActiveEdge(
                        x: e.xBoundary, step: e.step, x1: e.x1, lastRow: e.lastRow, y1: e.y1,
                        winding: e.winding, chain: e.chain))
            }
            index = e.next
        }
        return band
    }

    /// Accumulates a row's gathered pieces: straight away where the row
    /// check proves it exact, through the slab resolver otherwise.
    private mutating func accumulatePieces(rule: FillRule, width: Int, into row: inout CellRow) {
        if rowIsSimple() {
            for i in 0..<pieces.count {
                let p = pieces[i]
                row.add(xa: p.xa, ya: p.ya, xb: p.xb, yb: p.yb, weight: p.winding, width: width)
            }
        } else {
            resolvedRowCount += 1
            groupPiecesByChain()
            resolveRow(rule: rule, width: width, into: &row)
        }
    }
}

/// Gathers a row's pieces, converted to pixels, for the row check.
struct PieceCollector: PieceSink {
    var pieces: ScratchBuffer<Piece>

    @inline(__always)
    mutating func add(xa: Int, ya: Int, xb: Int, yb: Int, winding: Int32, chain: Int32) {
        // Exact: 16.16 values are dyadic rationals well inside Double.
        let xScale = 1 / Double(Fixed.cellOne), yScale = 1 / Double(Fixed.one)
        pieces.append(
            Piece(
                xa: Double(xa) * xScale, ya: Double(ya) * yScale, xb: Double(xb) * xScale,
                yb: Double(yb) * yScale, winding: Double(winding), chain: chain))
    }
}

/// Where a draw's row loop stands between `RasterCore.run` calls.
struct RowCursor {
    /// The next clip-relative row to look at.
    var y: Int
    /// The next arc edge to start (its place in `EdgeList.arcOrder`), and
    /// its first row.
    var nextArc = 0
    var nextArcRow: Int
    /// Pieces added so far (statistics).
    var pieceCount = 0
    /// Whether every row is done.
    var isDone: Bool
}

/// What a row's step found: whether every piece was a whole-height
/// vertical piece of an edge going on (then the next rows, until `end` or
/// a row where an edge starts, have the same coverage).
struct RowBand {
    var isVertical: Bool
    /// The first row where an edge being stepped ends.
    var end: Int
}
