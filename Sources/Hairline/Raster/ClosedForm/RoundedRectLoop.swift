// Raster: the row loop of a draw covered in closed form
// (RoundedRectRows.swift): each row's shapes into the cells (through the
// corner caches where they serve, RoundedRectCache.swift), swept into the
// kernel; bands of identical rows swept once and replayed, and the lower
// half of a draw that is the same upside down replaying the upper half.

extension RasterCore {
    /// `run` for a draw covered in closed form: rows from `cursor` up to
    /// `limit` (clip-relative), each shape's values into the cells, swept
    /// into `kernel`; the band of identical rows swept once and replayed.
    mutating func runRoundedRects<Kernel: SpanKernel>(
        _ draw: UnsafePointer<RoundedRectDraw>, clip: PixelRect, cursor: inout RowCursor,
        until limit: Int, into kernel: inout Kernel
    ) {
        if let columns = draw.pointee.wholePixelColumns(clipWidth: clip.width) {
            runWholePixelRect(
                columns, firstRow: draw.pointee.firstRow, lastRow: draw.pointee.lastRow, clip: clip, cursor: &cursor,
                until: limit,
                into: &kernel)
            return
        }
        var row = CellRow(cells: cells.base, bits: bits.base)
        let lastRow = draw.pointee.lastRow, mirroredSum = draw.pointee.mirroredRowSum
        var y = cursor.y
        var computed = cursor.pieceCount
        let width = clip.width
        let end = min(draw.pointee.lastRow &+ 1, limit)
        while y < end {
            // The lower half of a draw that mirrors top to bottom replays
            // the sweeps recorded for the upper half.
            if let sum = draw.pointee.mirroredRowSum, sum &- y < y, sum &- y >= draw.pointee.firstRow {
                let source = mirroredRows[sum &- y &- draw.pointee.firstRow]
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
            computed &+= addRow(draw, y: y, width: width, into: &row)
            // Whether a later row of this draw mirrors this one: its
            // sweep is then recorded.
            let mirrored = mirroredSum.map { $0 &- y > y && $0 &- y <= lastRow } ?? false
            guard row.isTouched else {
                if mirrored {
                    mirroredRows[y &- draw.pointee.firstRow] = MirroredRow(first: 0, count: MirroredRow.empty)
                }
                y &+= 1
                continue
            }
            kernel.beginRow(clip.minY &+ y)
            statistics.rows &+= 1
            let bandEnd = min(draw.pointee.band.upperBound, end)
            if draw.pointee.band.contains(y) && bandEnd > y &+ 1 {
                y = sweep(&row, y: y, repeatingUntil: bandEnd, clip: clip, into: &kernel)
            } else if mirrored {
                let first = mirrorRecords.count
                withUnsafeMutablePointer(to: &kernel) { kernel in
                    var recorder = RecordingKernel(kernel: kernel, log: RowRecords(records: mirrorRecords))
                    row.sweep(width: width, left: clip.minX, into: &recorder)
                    mirrorRecords = recorder.log.records
                }
                mirroredRows[y &- draw.pointee.firstRow] = MirroredRow(
                    first: Int32(truncatingIfNeeded: first),
                    count: Int32(truncatingIfNeeded: mirrorRecords.count &- first))
                y &+= 1
            } else {
                y = sweep(&row, y: y, repeatingUntil: y &+ 1, clip: clip, into: &kernel)
            }
        }
        cursor = RowCursor(y: y, nextArcRow: Int.max, pieceCount: computed, isDone: y > draw.pointee.lastRow)
        statistics.pieces = computed
    }

    /// `run` for a rectangle on whole device pixels: every row of it
    /// covers the clip-relative `columns` fully and nothing else, so each
    /// row is one `fill` (the call its sweep would make) without cells.
    @inline(__always)
    private mutating func runWholePixelRect<Kernel: SpanKernel>(
        _ columns: Range<Int>, firstRow: Int, lastRow: Int, clip: PixelRect, cursor: inout RowCursor,
        until limit: Int, into kernel: inout Kernel
    ) {
        var y = max(cursor.y, firstRow)
        let end = min(lastRow &+ 1, limit)
        if !columns.isEmpty {
            let first = y
            let x = clip.minX &+ columns.lowerBound, count = columns.count
            while y < end {
                kernel.beginRow(clip.minY &+ y)
                kernel.fill(x: x, count: count)
                y &+= 1
            }
            statistics.rows &+= max(0, end &- first)
        } else {
            y = max(y, end)
        }
        cursor = RowCursor(y: y, nextArcRow: Int.max, pieceCount: cursor.pieceCount, isDone: y > lastRow)
        statistics.pieces = cursor.pieceCount
    }

    /// Adds `draw`'s coverage of clip-relative row `y` (the outer shape's,
    /// minus the inner one's) to `row`, through the corner caches where
    /// they serve; returns the pixels computed one by one.
    @inline(__always)
    mutating func addRow(_ draw: UnsafePointer<RoundedRectDraw>, y: Int, width: Int, into row: inout CellRow) -> Int {
        var computed = 0
        if draw.pointee.cachesOuter,
            let n = draw.pointee.outer.addCachedRow(
                y, sign: 1, width: width, cache: &cornerCaches.0,
                into: &row)
        {
            computed &+= n
        } else {
            computed &+= draw.pointee.outer.addRow(y, sign: 1, width: width, into: &row)
        }
        if let inner = draw.pointee.inner {
            if draw.pointee.cachesInner,
                let n = inner.addCachedRow(
                    y, sign: -1, width: width, cache: &cornerCaches.1,
                    into: &row)
            {
                computed &+= n
            } else {
                computed &+= inner.addRow(y, sign: -1, width: width, into: &row)
            }
        }
        return computed
    }

    /// Empties the corner caches for `draw` (RowRoundedRect.addCachedRow).
    mutating func prepareCornerCaches(_ draw: UnsafePointer<RoundedRectDraw>) {
        assert(draw.pointee.firstRow >= 0, "a clip-relative closed-form draw")
        // Read in place (the draw is ~280 bytes; a copy per draw showed).
        cornerCaches.0.reset(for: draw.pointee.cachesOuter ? draw.pointee.outer : nil)
        cornerCaches.1.reset(for: draw.pointee.cachesInner ? draw.pointee.inner : nil)
        mirrorRecords.count = 0
        mirroredRows.count = 0
        if let sum = draw.pointee.mirroredRowSum {
            // The rows of the upper half: firstRow up to the middle.
            // (At most the draw's rows: the shape may reach far past the clip.)
            let first = draw.pointee.firstRow, last = draw.pointee.lastRow
            let count = max(0, min((sum &- 2 &* first) / 2 &+ 1, last &- first &+ 1))
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
