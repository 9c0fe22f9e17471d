// Raster: the sweeps of recent single draws covered in closed form, kept
// from draw to draw (SweepCache, PairSweepCache.swift), for the draws that
// ask: an image drawn over a clip shape (SlicedKernel.swift) covers the
// same shape cell after cell. What a draw's row loop sends (the rows, and
// each row's spans and groups) depends on its geometry alone: the closed
// form in clip-relative device pixels and the clip's width. A later draw
// with the same geometry sends the kept calls again, moved to its clip's
// place, instead of working its rows out; every call is still composited
// by the draw's own kernel, so pixels are byte for byte a fresh sweep's.
// A kernel that writes whole rows and can tell which rows get the same
// colors (a pattern fill onto a pending clear: SpanKernel.rowCopyKey)
// copies a row with the key and calls of one of the last few instead of
// compositing it again (RowCopies): a checker tile's rows repeat every few
// device rows, and a cell's straight rows all have the same calls. A fill
// and its solid border, both kept, go row by row, and a row repeating
// both is copied with the border on it (sendCopyingPairRows).

/// A single closed-form draw's geometry: everything its sweep depends on.
struct SingleSweepKey: BitwiseCopyable {
    var draw: RoundedRectDraw
    /// The clip's width (device pixels).
    var width: Int
}

extension SingleSweepKey {
    /// Whether the key at `key` is `draw`'s over a clip `width` columns
    /// wide (compared in place).
    @inline(__always)
    static func holds(_ key: UnsafePointer<SingleSweepKey>, _ draw: UnsafePointer<RoundedRectDraw>, width: Int) -> Bool
    {
        key.pointee.width == width && key.pointee.draw == draw.pointee
    }
}

/// One kept row: its clip-relative index and its calls,
/// `calls[first..<first+count]`; `group` is the index of the first kept
/// row of its run of rows with the same calls (its own, or the row
/// above's group).
struct KeptRow: BitwiseCopyable {
    var y: Int32
    var first: Int32
    var count: Int32
    var group: Int32
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
            matching: { SingleSweepKey.holds($0, draw, width: clip.width) },
            key: { SingleSweepKey(draw: draw.pointee, width: clip.width) })
        let slot = coverageCache.singles.slots.base + index
        if hit {
            let rows = slot.pointee.rows, calls = slot.pointee.calls.base
            if kernel.keysRows {
                sendCopyingRows(rows, calls: calls, clip: clip, into: &kernel)
            } else {
                for r in 0..<rows.count {
                    let row = rows[r]
                    kernel.beginRow(clip.minY &+ Int(row.y))
                    Self.replay(row, calls: calls, left: clip.minX, into: &kernel)
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
            runRoundedRects(draw, clip: clip, cursor: &cursor, until: Int.max, into: &keeping)
            keeping.log.finishRow()
            slot.pointee.rows = keeping.log.rows
            slot.pointee.calls = keeping.log.calls
            coverageCache.singles.seal(index, complete: keeping.log.isComplete)
        }
    }
}

extension RasterCore {
    /// Sends kept `rows` to a kernel that keys its rows (a pattern onto a
    /// pending clear): a row with the key and calls of one of the last
    /// few rows is copied from it, the others begun and their calls sent.
    /// (Apart from the plain loop, which stays as it was for every other
    /// kernel.)
    @inline(never)
    private mutating func sendCopyingRows<Kernel: SpanKernel>(
        _ rows: ScratchBuffer<KeptRow>, calls: UnsafeMutablePointer<SpanRecord>, clip: PixelRect,
        into kernel: inout Kernel
    ) {
        var copies = RowCopies()
        for r in 0..<rows.count {
            let row = rows[r]
            let y = clip.minY &+ Int(row.y)
            let key = kernel.rowCopyKey(y)
            if let slot = copies.slot(key: key, group: Int(row.group)) {
                kernel.copyRows(from: copies.row(slot), to: y..<(y &+ 1))
                copies.setRow(slot, y)
                statistics.copiedRows &+= 1
                continue
            }
            copies.add(key: key, group: Int(row.group), y: y)
            kernel.beginRow(y)
            Self.replay(row, calls: calls, left: clip.minX, into: &kernel)
        }
    }

    /// Sends a kept row's calls, moved right by `left` (the clip's place).
    @inline(__always)
    static func replay<Kernel: SpanKernel>(
        _ row: KeptRow, calls: UnsafeMutablePointer<SpanRecord>, left: Int, into kernel: inout Kernel
    ) {
        for i in Int(row.first)..<Int(row.first &+ row.count) {
            var call = calls[i]
            call.x &+= Int32(truncatingIfNeeded: left)
            replay(call, into: &kernel)
        }
    }
}

/// A kept sweep found for a draw (`RasterCore.keptSweep`): its rows and
/// calls, clip-relative, and the clip they are sent to.
struct KeptSweep {
    let rows: ScratchBuffer<KeptRow>
    let calls: UnsafeMutablePointer<SpanRecord>
    let clip: PixelRect
}

extension RasterCore {
    /// The kept sweep of a closed-form draw with `list`'s geometry, if one
    /// is kept: the draw begun (its statistics reset), nothing sent, and
    /// no slot emptied if none is.
    mutating func keptSweep(_ list: EdgeList) -> KeptSweep? {
        guard let draw = list.roundedRects, coverageCache.singles.isEnabled else { return nil }
        let clip = list.clip
        guard
            let index = coverageCache.singles.index(matching: { SingleSweepKey.holds($0, draw, width: clip.width) })
        else { return nil }
        guard !begin(list, preparingCaches: false).isDone else { return nil }
        let slot = coverageCache.singles.slots.base + index
        statistics.keptRows = slot.pointee.rows.count
        return KeptSweep(rows: slot.pointee.rows, calls: slot.pointee.calls.base, clip: clip)
    }

    /// Sends two kept sweeps over one clip row by row, `first`'s row and
    /// then (the row finished: `advance(toRow:)`) `second`'s: every pixel
    /// gets the first draw's operation before the second's, as drawing
    /// one after the other does. A row where both draws have rows, whose
    /// key (`firstKernel`'s, which writes whole rows onto a pending
    /// clear) and calls in both equal one of the last few such rows', is
    /// that row's final pixels: it is copied, neither draw sent (the
    /// second kernel does the same to rows alike: `blendsRowsAlike`).
    /// Returns the rows copied.
    static func sendCopyingPairRows<First: SpanKernel, Second: SpanKernel>(
        _ first: KeptSweep, into firstKernel: inout First, then second: KeptSweep, into secondKernel: inout Second
    ) -> Int {
        assert(firstKernel.keysRows && secondKernel.blendsRowsAlike, "kernels that copy rows")
        assert(first.clip == second.clip, "two draws over one clip")
        var copies = RowCopies()
        var copied = 0
        var i = 0, j = 0
        let top = first.clip.minY, left = first.clip.minX
        while i < first.rows.count || j < second.rows.count {
            let a = i < first.rows.count ? Int(first.rows[i].y) : Int.max
            let b = j < second.rows.count ? Int(second.rows[j].y) : Int.max
            let y = min(a, b)
            let device = top &+ y
            if a == y && b == y {
                // Both groups are kept row indices (non-negative, below 2^31).
                let group = Int(first.rows[i].group) << 32 | Int(second.rows[j].group)
                let key = firstKernel.rowCopyKey(device)
                if let slot = copies.slot(key: key, group: group) {
                    // The rows below with the same key and calls in both
                    // draws are copies of the same row: one call.
                    let groupA = first.rows[i].group, groupB = second.rows[j].group
                    var n = 1
                    while i &+ n < first.rows.count && j &+ n < second.rows.count
                        && Int(first.rows[i &+ n].y) == y &+ n && Int(second.rows[j &+ n].y) == y &+ n
                        && first.rows[i &+ n].group == groupA && second.rows[j &+ n].group == groupB
                        && firstKernel.rowCopyKey(device &+ n) == key
                    {
                        n &+= 1
                    }
                    firstKernel.copyRows(from: copies.row(slot), to: device..<(device &+ n))
                    copies.setRow(slot, device &+ n &- 1)
                    copied &+= n
                    i &+= n
                    j &+= n
                    continue
                }
                copies.add(key: key, group: group, y: device)
            }
            if a == y {
                firstKernel.beginRow(device)
                replay(first.rows[i], calls: first.calls, left: left, into: &firstKernel)
                i &+= 1
            }
            firstKernel.advance(toRow: device &+ 1)
            if b == y {
                secondKernel.beginRow(device)
                replay(second.rows[j], calls: second.calls, left: left, into: &secondKernel)
                j &+= 1
            }
        }
        return copied
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
            let index = Int32(truncatingIfNeeded: rows.count)
            rows.append(
                KeptRow(
                    y: Int32(truncatingIfNeeded: y &- top), first: Int32(truncatingIfNeeded: calls.count),
                    count: 0, group: index))
        }
    }

    /// Closes the current row's calls, and joins it to the group of the
    /// row above if that has the same calls.
    mutating func finishRow() {
        guard isComplete, rows.count > 0 else { return }
        let last = rows.count &- 1
        let row = rows[last]
        let count = Int32(truncatingIfNeeded: calls.count) &- row.first
        rows[last].count = count
        guard last > 0 else { return }
        let above = rows[last &- 1]
        guard above.count == count else { return }
        let a = calls.base + Int(above.first), b = calls.base + Int(row.first)
        for i in 0..<Int(count) where a[i] != b[i] { return }
        rows[last].group = above.group
    }

    @inline(__always)
    mutating func keep(x: Int, count: Int, coverage: UInt32, kind: SpanRecord.Kind) {
        guard isComplete else { return }
        if kind == .group {
            keepGroup(x: x, count: count, coverage: coverage)
        } else {
            append(x: x, count: count, coverage: coverage, kind: kind)
        }
    }

    /// Keeps a group, or where each of its pixels is fully covered or not
    /// at all (a hairline on whole pixels: its column full, the next one
    /// touched with no area), the fills of its full pixels instead: the
    /// same bytes (a kernel's fill is its blend at coverage 255; coverage
    /// 0 leaves a pixel as it is) for a fraction of the work, on every
    /// later draw that sends the kept calls.
    @inline(never)
    private mutating func keepGroup(x: Int, count: Int, coverage: UInt32) {
        assert((1...4).contains(count), "a group of one to four pixels")
        for i in 0..<count where coverage.coverageByte(i) != 0 && coverage.coverageByte(i) != 255 {
            append(x: x, count: count, coverage: coverage, kind: .group)
            return
        }
        var i = 0
        while i < count {
            guard coverage.coverageByte(i) == 255 else {
                i &+= 1
                continue
            }
            var end = i &+ 1
            while end < count && coverage.coverageByte(end) == 255 { end &+= 1 }
            append(x: x &+ i, count: end &- i, coverage: 255, kind: .fill)
            i = end
        }
    }

    @inline(__always)
    private mutating func append(x: Int, count: Int, coverage: UInt32, kind: SpanRecord.Kind) {
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

/// The last few rows a keyed kernel wrote (`SpanKernel.rowCopyKey`), by
/// key and group of equal calls (`KeptRow.group`): where a row to come
/// can be copied from. Four slots in vector lanes, no storage: a pattern
/// tile's rows come back within a few keys (equal image rows share one).
struct RowCopies {
    private var keys = SIMD4<Int>(repeating: 0)
    /// −1 in an empty slot (groups are kept row indices, never negative).
    private var groups = SIMD4<Int>(repeating: -1)
    private var ys = SIMD4<Int>(repeating: 0)
    private var next = 0

    /// The slot holding a row with `key` and `group`, if any.
    @inline(__always)
    func slot(key: Int, group: Int) -> Int? {
        let found = (keys .== SIMD4(repeating: key)) .& (groups .== SIMD4(repeating: group))
        guard any(found) else { return nil }
        for i in 0..<4 where found[i] { return i }
        return nil
    }

    /// The row slot `i` holds.
    @inline(__always)
    func row(_ i: Int) -> Int { ys[i] }

    /// Makes slot `i` hold row `y` (its key and group unchanged): the
    /// nearest row to copy from next time.
    @inline(__always)
    mutating func setRow(_ i: Int, _ y: Int) { ys[i] = y }

    /// Notes row `y`, written with `key`, in `group`, over the oldest slot.
    @inline(__always)
    mutating func add(key: Int, group: Int, y: Int) {
        keys[next] = key
        groups[next] = group
        ys[next] = y
        next = (next &+ 1) & 3
    }
}
