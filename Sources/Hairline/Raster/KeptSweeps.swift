// Raster: the sweeps of recent single draws covered in closed form, kept
// from draw to draw (SweepCache, PairSweepCache.swift), for the draws that
// ask: an image drawn over a clip shape (SlicedKernel.swift) covers the
// same shape cell after cell. What a draw's row loop sends (the rows, and
// each row's spans and groups) depends on its geometry alone: the closed
// form in clip-relative device pixels and the clip's width. A later draw
// with the same geometry sends the kept calls again, moved to its clip's
// place, instead of working its rows out; every call is still composited
// by the draw's own kernel, so pixels are byte for byte a fresh sweep's.

/// A single closed-form draw's geometry: everything its sweep depends on.
struct SingleSweepKey: BitwiseCopyable {
    var draw: RoundedRectDraw
    /// The clip's width (device pixels).
    var width: Int
}

/// One kept row: its clip-relative index and its calls,
/// `calls[first..<first+count]`.
struct KeptRow: BitwiseCopyable {
    var y: Int32
    var first: Int32
    var count: Int32
}

typealias SingleSweepCache = SweepCache<SingleSweepKey, KeptRow, SpanRecord>

extension RasterCore {
    /// `rasterize` for a draw covered in closed form, its sweep kept: sent
    /// again from the cache if a recent draw had its geometry, else run
    /// and kept as it is sent. Any other draw is rasterized as usual.
    mutating func rasterizeKeepingSweeps<Kernel: SpanKernel>(
        _ list: EdgeList, rule: FillRule,
        into kernel: inout Kernel
    ) {
        guard let draw = list.roundedRects, coverageCache.singles.isEnabled else {
            rasterize(list, rule: rule, into: &kernel)
            return
        }
        var cursor = begin(list, preparingCaches: false)
        guard !cursor.isDone else { return }
        let clip = list.clip
        let (index, hit) = coverageCache.singles.slot(
            matching: { $0.pointee.width == clip.width && $0.pointee.draw == draw.pointee },
            key: { SingleSweepKey(draw: draw.pointee, width: clip.width) })
        let slot = coverageCache.singles.slots.base + index
        if hit {
            let rows = slot.pointee.rows, calls = slot.pointee.calls.base
            for r in 0..<rows.count {
                let row = rows[r]
                kernel.beginRow(clip.minY &+ Int(row.y))
                for i in Int(row.first)..<Int(row.first &+ row.count) {
                    var call = calls[i]
                    call.x &+= Int32(truncatingIfNeeded: clip.minX)
                    Self.replay(call, into: &kernel)
                }
            }
            statistics.keptRows = rows.count
            return
        }
        prepareCornerCaches(draw)
        withUnsafeMutablePointer(to: &kernel) { kernel in
            let log = KeptCalls(
                rows: slot.pointee.rows, calls: slot.pointee.calls,
                top: clip.minY, left: clip.minX, budget: coverageCache.singles.callBudget)
            var keeping = RecordingKernel(kernel: kernel, log: log)
            runRoundedRects(draw.pointee, clip: clip, cursor: &cursor, until: Int.max, into: &keeping)
            keeping.log.finishRow()
            slot.pointee.rows = keeping.log.rows
            slot.pointee.calls = keeping.log.calls
            coverageCache.singles.seal(index, complete: keeping.log.isComplete)
        }
    }
}

/// Keeps a draw's calls (RecordingKernel's log), rows and columns made
/// clip-relative (less `top`, `left`), until `budget` calls: past it the
/// draw is not kept (`isComplete` false).
struct KeptCalls: SpanLog {
    var rows: ScratchBuffer<KeptRow>
    var calls: ScratchBuffer<SpanRecord>
    let top: Int, left: Int, budget: Int
    private(set) var isComplete = true

    init(rows: ScratchBuffer<KeptRow>, calls: ScratchBuffer<SpanRecord>, top: Int, left: Int, budget: Int) {
        self.rows = rows
        self.calls = calls
        self.top = top
        self.left = left
        self.budget = budget
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        finishRow()
        if isComplete {
            rows.append(
                KeptRow(
                    y: Int32(truncatingIfNeeded: y &- top), first: Int32(truncatingIfNeeded: calls.count),
                    count: 0))
        }
    }

    /// Closes the current row's calls.
    mutating func finishRow() {
        guard isComplete, rows.count > 0 else { return }
        let last = rows.count &- 1
        rows[last].count = Int32(truncatingIfNeeded: calls.count) &- rows[last].first
    }

    @inline(__always)
    mutating func keep(x: Int, count: Int, coverage: UInt32, kind: SpanRecord.Kind) {
        guard isComplete else { return }
        guard calls.count < budget else {
            isComplete = false
            return
        }
        calls.append(
            SpanRecord(
                x: Int32(truncatingIfNeeded: x &- left), count: Int32(truncatingIfNeeded: count),
                coverage: coverage, kind: kind))
    }
}
