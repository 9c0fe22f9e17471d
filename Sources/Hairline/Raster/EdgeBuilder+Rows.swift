// Raster: a draw's line edges built once over a tall clip (every row of a
// surface), taken out (`EdgeSnapshot`), then cut to the rows of one band
// of it (another clip with the same columns) for the row loop. An edge
// crossing the band's top or bottom keeps the x the whole edge has at
// each of the band's rows (its first row's boundary x plus whole steps,
// as the row loop steps it: RasterCore), so every row of the band gets
// exactly the pieces the whole draw gives it. Clip-relative fixed point
// (FixedPoint.swift); O(edges) per cut, no flattening or stroking.

/// What an edge builder's `isKnownSimple` is worked out from (EdgeBuilder).
struct EdgeSimplicity {
    var contourCount: Int
    var orientations: (Double, Double)
    var nested: Bool
    /// The lines the draw was built from (kept or culled), and whether
    /// one reached above or below the clip's rows: what decides whether
    /// its windings may be resolved as a whole (WindingResolution.swift).
    var lineCount: Int
    var reachesOutsideRows: Bool
}

/// A finished draw's line edges, taken out of an `EdgeBuilder`: owned
/// memory, immutable, read by any number of threads; the owner calls
/// `deallocate()` once.
struct EdgeSnapshot {
    /// The edges' storage (`count` of them, in the order the builder made
    /// them; `next` not used).
    private let storage: ScratchBuffer<Edge>
    /// The clip the edges were built for (device pixels).
    let clip: PixelRect
    /// The clip-relative rows that may have edges (empty: lower > upper).
    let firstRow: Int
    let lastRow: Int
    let simplicity: EdgeSimplicity

    init(storage: ScratchBuffer<Edge>, clip: PixelRect, firstRow: Int, lastRow: Int, simplicity: EdgeSimplicity) {
        self.storage = storage
        self.clip = clip
        self.firstRow = firstRow
        self.lastRow = lastRow
        self.simplicity = simplicity
    }

    /// The edges.
    var edges: UnsafeBufferPointer<Edge> { UnsafeBufferPointer(start: storage.base, count: storage.count) }

    /// The bytes the snapshot holds (its storage's capacity).
    var byteCount: Int { storage.capacity * MemoryLayout<Edge>.stride }

    func deallocate() { storage.deallocate() }

    /// Whether `cut(_:to:)` can give `clip` this draw's edges: the same
    /// columns, rows inside the snapshot's.
    func covers(_ clip: PixelRect) -> Bool {
        clip.minX == self.clip.minX && clip.maxX == self.clip.maxX && clip.minY >= self.clip.minY
            && clip.maxY <= self.clip.maxY && !clip.isEmpty
    }
}

extension EdgeBuilder {
    /// The finished draw's edges (after `finishArcs`), or nil if the draw
    /// is not made of line edges alone: exact arc edges or a closed form
    /// (those are built per clip). The builder's storage itself is taken
    /// when the edges fill at least half of it (the builder gets new
    /// storage of the same capacity: no copy of a large draw's edges),
    /// else the edges are copied into storage of their size.
    mutating func takeSnapshot() -> EdgeSnapshot? {
        guard arcPieces.count == 0, arcEdges.count == 0, closedForm.count == 0, !contourIsOpen else { return nil }
        let storage: ScratchBuffer<Edge>
        if edges.count * 2 >= edges.capacity {
            storage = edges
            edges = ScratchBuffer(capacity: storage.capacity)
        } else {
            var copy = ScratchBuffer<Edge>(capacity: edges.count)
            copy.base.update(from: edges.base, count: edges.count)
            copy.count = edges.count
            storage = copy
        }
        return EdgeSnapshot(
            storage: storage, clip: clip, firstRow: firstRow, lastRow: lastRow, simplicity: simplicity)
    }

    /// Starts a draw for `clip` whose edges are `snapshot`'s inside its
    /// rows (`snapshot.covers(clip)`): each edge reaching them is kept,
    /// cut at the clip's top and bottom rows where it crosses them, in the
    /// snapshot's order (the order a build for `clip` lists them in).
    mutating func cut(_ snapshot: EdgeSnapshot, to clip: PixelRect) {
        precondition(snapshot.covers(clip), "a snapshot cut to rows or columns it does not have")
        cut(
            snapshot.edges, builtFor: snapshot.clip, firstRow: snapshot.firstRow, lastRow: snapshot.lastRow,
            simplicity: snapshot.simplicity, to: clip)
    }

    /// Cuts this builder's own edges (built for a clip with `clip`'s
    /// columns and rows that hold `clip`'s) to `clip`'s rows, as `cut`
    /// cuts a snapshot; `spare` lends the storage the edges are read from
    /// (no allocation once it is large enough). A draw whose windings
    /// were resolved stays so.
    mutating func cutInPlace(to clip: PixelRect, spare: inout ScratchBuffer<Edge>) {
        let source = edges
        edges = spare
        let resolved = windingsResolved
        cut(
            UnsafeBufferPointer(start: source.base, count: source.count), builtFor: self.clip, firstRow: firstRow,
            lastRow: lastRow, simplicity: simplicity, to: clip)
        windingsResolved = resolved
        spare = source
    }

    private mutating func cut(
        _ sourceEdges: UnsafeBufferPointer<Edge>, builtFor sourceClip: PixelRect, firstRow sourceFirst: Int,
        lastRow sourceLast: Int, simplicity sourceSimplicity: EdgeSimplicity, to clip: PixelRect
    ) {
        reset(clip: clip)
        simplicity = sourceSimplicity
        // The clip's rows in the source's clip-relative rows.
        let offset = clip.minY - sourceClip.minY
        let top = Int32(truncatingIfNeeded: offset)
        let bottom = Int32(truncatingIfNeeded: offset + clip.height - 1)
        guard sourceFirst <= sourceLast, sourceFirst <= Int(bottom), sourceLast >= Int(top)
        else { return }
        edges.reserve(sourceEdges.count)
        guard let source = sourceEdges.baseAddress else { return }
        let out = edges.base, heads = rowHeads.base
        var count = 0
        var first = Int32.max, last: Int32 = -1
        for i in 0..<sourceEdges.count {
            let e = source + i
            let edgeFirst = e.pointee.firstRow, edgeLast = e.pointee.lastRow
            guard edgeLast >= top, edgeFirst <= bottom else { continue }
            let kept = out + count
            kept.initialize(to: e.pointee)
            let keptFirst = max(edgeFirst, top), keptLast = min(edgeLast, bottom)
            if keptFirst != edgeFirst || keptLast != edgeLast {
                Self.cutEnds(kept, firstRow: keptFirst, lastRow: keptLast)
            }
            let row = keptFirst &- top, lastRow = keptLast &- top
            kept.pointee.firstRow = row
            kept.pointee.lastRow = lastRow
            kept.pointee.next = heads[Int(row)]
            heads[Int(row)] = Int32(truncatingIfNeeded: count)
            count &+= 1
            first = min(first, row)
            last = max(last, lastRow)
        }
        edges.count = count
        firstRow = count > 0 ? Int(first) : Int.max
        lastRow = Int(last)
    }

    /// Cuts the edge at `e` (a whole edge, in its own clip-relative rows)
    /// to rows `firstRow...lastRow` of it: the ends moved to where the
    /// whole edge enters the first row and leaves the last, as the row
    /// loop steps it (its first row's boundary x plus whole steps).
    @inline(never)
    private static func cutEnds(_ e: UnsafeMutablePointer<Edge>, firstRow: Int32, lastRow: Int32) {
        let whole = e.pointee
        /// The whole edge's x where it enters row k (whole.firstRow < k).
        func x(enteringRow k: Int32) -> Int { whole.xBoundary &+ whole.step &* Int(k &- whole.firstRow &- 1) }
        if firstRow > whole.firstRow {
            e.pointee.x0 = x(enteringRow: firstRow)
            e.pointee.y0 = 0
        }
        if lastRow < whole.lastRow {
            e.pointee.x1 = x(enteringRow: lastRow &+ 1)
            e.pointee.y1 = Int32(truncatingIfNeeded: Fixed.one)
        }
        e.pointee.xBoundary = firstRow < lastRow ? x(enteringRow: firstRow &+ 1) : e.pointee.x1
    }
}
