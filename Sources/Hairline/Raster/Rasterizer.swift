// Raster: fixed-point line edges (Edge.swift) -> coverage, one row at a
// time, composited as it is swept. Each edge is stepped from row to row by
// adding its per-row x step (a DDA: no multiply or divide per row); its
// piece in each row goes into the row's delta cells (CellRow.swift), and
// the sweep prefix-sums them straight into a compositing kernel. Draws not
// proven simple (Convexity.swift) gather each row's pieces first, so that
// rows where contours may cross or overlap go through the slab resolver
// (RowResolver.swift) and stay exact under the fill rule. Scratch memory
// lives here and is reused from draw to draw.

/// The exact-area scanline rasterizer. Not thread-safe: one per canvas.
final class Rasterizer {
    /// Keeps the fields below off neighbouring objects' cache lines.
    private let leadingPad = CacheLinePad()
    /// The edges of the current draw, and the clip they were built for.
    /// (Accesses are not checked for exclusivity at run time: a rasterizer
    /// is used by one thread, and no method hands out overlapping inout
    /// accesses to its own properties.)
    @exclusivity(unchecked) var builder = EdgeBuilder()
    /// The row machinery and its scratch, kept between draws.
    @exclusivity(unchecked) var core = RasterCore()
    @exclusivity(unchecked) var windingScratch = WindingScratch()
    /// Rows that needed the slab resolver in the last draw (for tests).
    var resolvedRowCount: Int { core.resolvedRowCount }
    /// Rows resolved approximately in the last draw, past the exact
    /// resolver's work budget (for tests).
    var approximatedRowCount: Int { core.approximatedRowCount }
    /// Slabs the exact resolver's sweep went through in the last draw, and
    /// those where it sorted its order again instead of applying events.
    var sweptSlabCount: Int { core.sweptSlabCount }
    var resortedSlabCount: Int { core.resortedSlabCount }
    /// Clusters the exact resolver resolved in sub-bands in the last draw.
    var subBandClusterCount: Int { core.subBandClusterCount }
    /// What the last draw's row loop did (for the benchmark's profile;
    /// read before the builder starts the next draw).
    var statistics: RasterStatistics {
        var result = core.statistics
        result.edges = builder.edges.count
        result.arcs = builder.arcEdges.count
        result.closedFormShapes = builder.closedFormShapeCount
        return result
    }

    private let trailingPad = CacheLinePad()

    deinit {
        core.deallocate()
        builder.deallocate()
        windingScratch.deallocate()
    }

    /// Whether `resolveWindings` may change the draw being built: most
    /// draws are covered in closed form, known simple for every clip's
    /// rows, have too many lines (a draw's own lines are never more than
    /// over the surface's rows) or nothing in the clip. Checked before the
    /// call, so that the rebuild closure is not made for them.
    @inline(__always)
    var mayResolveWindings: Bool {
        builder.lineCount <= resolverLimits.wholeDrawEdgeLimit && builder.closedForm.count == 0 && !builder.isEmpty
            && (builder.reachesOutsideRows || !builder.isKnownSimple)
    }

    /// Resolves the windings of the draw being built as a whole
    /// (WindingResolution.swift) if it is small and not known simple, so
    /// that its rows accumulate. `clip` is the draw's clip, the builder's
    /// edges built for it; `rebuild` builds the same draw for another
    /// clip. The result depends on the draw alone, never on `clip`'s
    /// rows: a draw reaching above or below them is rebuilt over every
    /// row of the surface (`surfaceHeight`), resolved there and cut back
    /// to `clip`, so a band of a surface gets the rows the whole surface
    /// gets.
    /// Called only where `mayResolveWindings`.
    @inline(never)
    func resolveWindings(
        rule: FillRule, clip: PixelRect, surfaceHeight: Int, rebuild: (PixelRect) -> Bool
    ) {
        let limit = resolverLimits.wholeDrawEdgeLimit
        // Arcs of a draw not known simple become chords here, as a
        // prepared draw's do before its edges are taken.
        builder.finishArcs()
        guard builder.lineCount <= limit, builder.closedForm.count == 0 else { return }
        if !builder.reachesOutsideRows {
            guard builder.mayResolveWindings(limit: limit) else { return }
            builder.resolveWindings(rule: rule, scratch: &windingScratch)
            return
        }
        let tall = PixelRect(minX: clip.minX, minY: 0, maxX: clip.maxX, maxY: surfaceHeight)
        guard tall != clip, tall.minY <= clip.minY, tall.maxY >= clip.maxY else { return }
        if rebuild(tall) {
            builder.finishArcs()
            if !builder.reachesOutsideRows, builder.mayResolveWindings(limit: limit),
                builder.resolveWindings(rule: rule, scratch: &windingScratch)
            {
                builder.cutInPlace(to: clip, spare: &windingScratch.spareEdges)
                return
            }
        }
        // Not resolved over the surface's rows either: the draw's own edges.
        _ = rebuild(clip)
        builder.finishArcs()
    }

    /// Starts a draw for `clip` from `snapshot`'s edges, resolved as a
    /// whole first where `resolveWindings` would resolve the draw.
    func cut(_ snapshot: EdgeSnapshot, rule: FillRule, to clip: PixelRect) {
        let limit = resolverLimits.wholeDrawEdgeLimit
        let simplicity = snapshot.simplicity
        guard simplicity.lineCount <= limit, !simplicity.reachesOutsideRows, snapshot.edges.count <= limit else {
            builder.cut(snapshot, to: clip)
            return
        }
        builder.cut(snapshot, to: snapshot.clip)
        guard builder.mayResolveWindings(limit: limit), builder.resolveWindings(rule: rule, scratch: &windingScratch)
        else {
            builder.cut(snapshot, to: clip)
            return
        }
        if clip != snapshot.clip { builder.cutInPlace(to: clip, spare: &windingScratch.spareEdges) }
    }

    /// The exact row resolver's work limits (lowered by tests).
    var resolverLimits: ResolverLimits {
        get { core.resolverLimits }
        set { core.resolverLimits = newValue }
    }

    /// The capacities of every scratch buffer, in elements (for tests that
    /// check steady drawing stops allocating).
    var storageFootprint: [Int] { core.capacities + builder.capacities }

    /// Rasterizes the builder's edges inside its clip with `rule`, sending
    /// each row's coverage to `kernel`.
    func rasterize<Kernel: SpanKernel>(rule: FillRule, into kernel: inout Kernel) {
        // The core is worked on in place (no dynamic exclusivity checks:
        // `@exclusivity(unchecked)`): a local copy and its store back were
        // two ~550-byte copies per draw, measurable on small cells.
        builder.finishArcs()
        core.rasterize(edgeList, rule: rule, into: &kernel)
    }

    /// `rasterize`, the sweep of a draw covered in closed form kept for
    /// later draws of its geometry, or sent from an earlier one's
    /// (KeptSweeps.swift).
    func rasterizeKeepingSweeps<Kernel: SpanKernel>(rule: FillRule, into kernel: inout Kernel) {
        builder.finishArcs()
        core.rasterizeKeepingSweeps(edgeList, rule: rule, into: &kernel)
    }

    /// The builder's edges as the row loop reads them.
    var edgeList: EdgeList {
        // Field by field (a copy of the whole builder is ~560 bytes).
        EdgeList(
            edges: UnsafePointer(builder.edges.base), rowHeads: UnsafePointer(builder.rowHeads.base),
            arcs: builder.arcEdges.base, arcOrder: UnsafePointer(builder.arcOrder.base),
            arcCount: builder.arcEdges.count, firstRow: builder.firstRow, lastRow: builder.lastRow,
            clip: builder.clip, isKnownSimple: builder.isKnownSimple, roundedRects: builder.roundedRects)
    }

    /// `rasterize(_:rule:into:then:rule:into:chunkRows:)` when both
    /// draws' rows lie in its first chunk, each draw's sweep kept or sent
    /// from a kept one (`rasterizeKeepingSweeps`): the first draw whole,
    /// the first kernel told the chunk's end, the second draw whole, as the
    /// chunked loop does with one chunk, call for call (a draw of a kept
    /// sweep's geometry sends the same calls; KeptSweeps.swift). Returns
    /// false, having drawn nothing, if the rows need more than one chunk.
    /// A cell drawn again and again with a gradient or a pattern fill and
    /// its border (no pair sweep: PairSweep.swift takes solid pairs only)
    /// then works its rows out once. Where both sweeps are kept, the first
    /// kernel keys its rows and the second does the same to rows alike (a
    /// pattern fill onto a clear and a solid border), the two go row by
    /// row instead and a row repeating both draws is copied whole
    /// (`RasterCore.sendCopyingPairRows`): the same pixels.
    static func rasterizeKeepingSweeps<First: SpanKernel, Second: SpanKernel>(
        _ first: Rasterizer, rule firstRule: FillRule, into firstKernel: inout First,
        then second: Rasterizer, rule secondRule: FillRule, into secondKernel: inout Second, chunkRows: Int
    ) -> Bool {
        first.builder.finishArcs()
        second.builder.finishArcs()
        assert(first.builder.clip == second.builder.clip, "two draws over different clips")
        // (Field by field: a copy of a builder is ~310 bytes.)
        let limit = min(first.builder.firstRow, second.builder.firstRow) &+ chunkRows
        guard first.builder.lastRow < limit, second.builder.lastRow < limit else { return false }
        // Both kept, the first keying its rows and the second doing the
        // same to rows alike (a pattern cell's fill and its border): row
        // by row, rows that repeat both draws copied whole.
        if firstKernel.keysRows && secondKernel.blendsRowsAlike,
            let kept = first.core.keptSweep(first.edgeList), let keptSecond = second.core.keptSweep(second.edgeList)
        {
            first.core.statistics.copiedRows = RasterCore.sendCopyingPairRows(
                kept, into: &firstKernel, then: keptSecond, into: &secondKernel)
            firstKernel.advance(toRow: first.builder.clip.minY &+ limit)
            return true
        }
        first.rasterizeKeepingSweeps(rule: firstRule, into: &firstKernel)
        firstKernel.advance(toRow: first.builder.clip.minY &+ limit)
        second.rasterizeKeepingSweeps(rule: secondRule, into: &secondKernel)
        return true
    }

    /// Rasterizes two draws over the same clip in one pass down the rows:
    /// `first`'s edges into `firstKernel`, then `second`'s into
    /// `secondKernel`, alternating every `chunkRows` rows, so that each
    /// pixel gets the first draw's operation before the second's (the same
    /// result as the two draws one after the other) while its rows are
    /// still in cache. `firstKernel` is told when each chunk ends
    /// (`SpanKernel.advance(toRow:)`). Each chunk boundary costs a re-swept
    /// row per draw (a band of repeated rows is cut there): measured on the
    /// 3x cell (543 KB, within L2), 16-row chunks were 3–7% slower than
    /// one chunk, so callers pick chunks of about a megabyte of pixels.
    static func rasterize<First: SpanKernel, Second: SpanKernel>(
        _ first: Rasterizer, rule firstRule: FillRule, into firstKernel: inout First,
        then second: Rasterizer, rule secondRule: FillRule, into secondKernel: inout Second, chunkRows: Int
    ) {
        first.builder.finishArcs()
        second.builder.finishArcs()
        let firstList = first.edgeList, secondList = second.edgeList
        assert(firstList.clip == secondList.clip, "two draws over different clips")
        assert(first !== second, "one rasterizer for both draws")
        var cursorA = first.core.begin(firstList), cursorB = second.core.begin(secondList)
        var limit = min(firstList.firstRow, secondList.firstRow)
        while !(cursorA.isDone && cursorB.isDone) {
            limit = limit &+ chunkRows
            first.core.run(firstList, rule: firstRule, cursor: &cursorA, until: limit, into: &firstKernel)
            firstKernel.advance(toRow: firstList.clip.minY &+ limit)
            second.core.run(secondList, rule: secondRule, cursor: &cursorB, until: limit, into: &secondKernel)
        }
    }
}
