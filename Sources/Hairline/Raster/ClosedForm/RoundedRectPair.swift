// Raster: a fill and its stroke ring, both covered in closed form
// (RoundedRectRows.swift), in one sweep per row (PairSweep.swift). Each row's
// fill goes into the first rasterizer's cells and the ring into the
// second's, with the values each draw alone gives them; one sweep then
// hands the pixels both coverages. Rows both draws repeat (their bands'
// overlap) are swept once and replayed, and when both draws are the same
// upside down about one line, the lower rows replay the upper rows'
// sweeps. With a kernel whose pixels depend on their coverages alone (a
// pending clear under them), replays copy the pixels already written (on
// narrow surfaces a replayed row is its source row copied whole,
// `PairKernel.copyRow`), and a corner row whose shapes all mirror left to
// right about one axis is computed and swept over its left half only, its
// right half copied mirrored (ColumnMirror).

extension Rasterizer {
    /// Whether the builder's draw is covered in closed form (no edges).
    var isClosedForm: Bool { builder.roundedRects != nil }

    /// Rasterizes `first`'s draw and `second`'s (both closed form, over
    /// the same clip) in one sweep per row into `kernel`: each pixel gets
    /// the first draw's coverage and the second's together.
    static func rasterizePair<Kernel: PairKernel>(
        _ first: Rasterizer, then second: Rasterizer,
        into kernel: inout Kernel
    ) {
        let listA = first.edgeList, listB = second.edgeList
        precondition(first !== second, "one rasterizer for both draws")
        guard let a = listA.roundedRects, let b = listB.roundedRects else {
            preconditionFailure("rasterizePair needs two draws covered in closed form")
        }
        assert(listA.clip == listB.clip, "two draws over different clips")
        // Both cursors start with the cells sized and the caches emptied.
        // The corner caches are prepared only if a row needs them.
        let cursorA = first.core.begin(listA, preparingCaches: false)
        let cursorB = second.core.begin(listB, preparingCaches: false)
        guard !(cursorA.isDone && cursorB.isDone) else { return }
        first.core.runPair(a, b, second: &second.core, clip: listA.clip, into: &kernel)
    }
}

extension RasterCore {
    /// The row loop of `rasterizePair`: this core holds the first draw's
    /// cells and caches, `second` the second's.
    mutating func runPair<Kernel: PairKernel>(
        _ a: UnsafePointer<RoundedRectDraw>, _ b: UnsafePointer<RoundedRectDraw>,
        second: inout RasterCore, clip: PixelRect, into kernel: inout Kernel
    ) {
        // Invariant: both draws were begun over `clip` (cells sized for
        // its width, RasterCore.begin), `a` and `b` live for the call.
        assert(
            !clip.isEmpty && cells.capacity >= clip.width && second.cells.capacity >= clip.width,
            "two draws begun over the clip")
        // The draws are read where they lie (a copy of one is a library
        // copy of ~300 bytes, a tenth of a kept cell's time outside its
        // stores, with the rest of such copies).
        var rowA = CellRow(cells: cells.base, bits: bits.base)
        var rowB = CellRow(cells: second.cells.base, bits: second.bits.base)
        let rowsA = a.pointee.firstRow..<max(a.pointee.firstRow, a.pointee.lastRow &+ 1)
        let rowsB = b.pointee.firstRow..<max(b.pointee.firstRow, b.pointee.lastRow &+ 1)
        let top = min(rowsA.lowerBound, rowsB.lowerBound), bottom = max(rowsA.upperBound, rowsB.upperBound) &- 1
        let width = clip.width
        // Rows that both draws repeat.
        let bandStart = max(a.pointee.band.lowerBound, b.pointee.band.lowerBound)
        let bandEnd = min(a.pointee.band.upperBound, b.pointee.band.upperBound, bottom &+ 1)
        // Row y mirrors row `sum − y` if both draws do about one line.
        let sum = a.pointee.mirroredRowSum.flatMap { $0 == b.pointee.mirroredRowSum ? $0 : nil }
        // Column c mirrors column `axis − 1 − c` in the corner rows, if
        // the kernel can copy pixels (ColumnMirror).
        let mirror = ColumnMirror(a.pointee, b.pointee, width: width, enabled: kernel.copiesPixels)
        startRecords(mirroring: sum, top: top, bottom: bottom)
        /// Whether a later row mirrors row `y` (its sweep is then kept).
        func mirrored(_ y: Int) -> Bool { sum.map { $0 &- y > y && $0 &- y <= bottom } ?? false }
        var computedA = 0, computedB = 0
        var cachesReady = false
        // The sweeps of a draw with this geometry, kept from an earlier
        // draw (PairSweepCache.swift), or a slot to keep this one's in.
        let (slotIndex, hit) = coverageCache.pairs.slot(first: a, second: b, width: width, halves: kernel.copiesPixels)
        let slot = coverageCache.pairs.slots.base + slotIndex
        var keeping = !hit  // (this draw's sweeps fit the budget so far)
        var cursor = 0  // the next kept row (rows are computed in one order)
        var y = top
        while y <= bottom {
            let device = clip.minY &+ y
            kernel.beginRow(device)
            if let sum, sum &- y < y, sum &- y >= top {
                // Every upper row was swept or replayed, and kept.
                let source = pairRows[sum &- y &- top]
                assert(source.count >= 0, "a mirrored row not kept")
                if kernel.copiesRows {
                    // The same calls as that row: its pixels, whole.
                    kernel.copyRow(clip.minY &+ sum &- y, into: device..<(device &+ 1))
                } else {
                    replay(Int(source.first), count: Int(source.count), from: clip.minY &+ sum &- y, into: &kernel)
                }
                statistics.repeatedRows &+= 1
                y &+= 1
                continue
            }
            // A corner row of every shape: its left half only.
            let axis: Int? = mirror.coversRow(y) ? mirror.axis : nil
            let sweepWidth = axis.map { ($0 &+ 1) >> 1 } ?? width
            if axis != nil { statistics.halfSweptRows &+= 1 }
            // The row's calls: kept from an earlier draw (`keptRow`), or
            // worked out now and kept as they are sent.
            var keptRow: Int? = nil
            if hit {
                assert(cursor < slot.pointee.rows.count, "a kept draw with fewer rows")
                keptRow = cursor
                cursor &+= 1
                statistics.keptRows &+= 1
            } else {
                let computed = addPairRow(
                    y, a, b, rowsA: rowsA, rowsB: rowsB, width: sweepWidth,
                    half: axis != nil, second: &second, cachesReady: &cachesReady,
                    into: &rowA, &rowB)
                computedA &+= computed.first
                computedB &+= computed.second
            }
            statistics.rows &+= 1
            let repeats = y >= bandStart && y &+ 1 < bandEnd
            guard repeats || mirrored(y) || axis != nil else {
                if let held = Self.sweepRow(
                    &rowA, &rowB, width: width, left: clip.minX, kept: keptRow, slot: slot,
                    budget: coverageCache.pairs.callBudget, keeping: &keeping, into: &kernel)
                {
                    kernel.span(x: clip.minX &+ held.x, count: width &- held.x, first: held.first, second: held.second)
                }
                y &+= 1
                continue
            }
            let kept = sweepRecordingRow(
                &rowA, &rowB, width: sweepWidth, axis: axis, clip: clip, kept: keptRow,
                slot: slot, keeping: &keeping, into: &kernel)
            if mirrored(y) { pairRows[y &- top] = kept }
            guard repeats else {
                y &+= 1
                continue
            }
            let repeated = (device &+ 1)..<(clip.minY &+ bandEnd)
            if kernel.copiesPixels, let run = longestFill(kept),
                kernel.fillRows(
                    repeated, like: device, run: Int(run.x)..<Int(run.x &+ run.count), pixel: run.first)
            {
                // Every repeated row got this row's pixels, mostly filled.
                statistics.filledRows &+= repeated.count
            } else if kernel.copiesRows {
                // Every repeated row gets this row's pixels, whole.
                kernel.copyRow(device, into: repeated)
            } else {
                for repeated in (y &+ 1)..<bandEnd {
                    kernel.beginRow(clip.minY &+ repeated)
                    replay(Int(kept.first), count: Int(kept.count), from: device, into: &kernel)
                }
            }
            if sum != nil {
                for repeated in (y &+ 1)..<bandEnd where mirrored(repeated) { pairRows[repeated &- top] = kept }
            }
            statistics.repeatedRows &+= bandEnd &- y &- 1
            y = bandEnd
        }
        if !hit { coverageCache.pairs.seal(slotIndex, complete: keeping) }
        statistics.pieces = computedA
        second.statistics.pieces = computedB
    }

    /// Empties the records, and with a `sum` (row y mirrors row `sum − y`)
    /// gives each upper row from `top` that a row up to `bottom` mirrors an
    /// unknown place in `pairRows`, filled when the row is swept.
    private mutating func startRecords(mirroring sum: Int?, top: Int, bottom: Int) {
        pairRecords.count = 0
        pairRows.count = 0
        guard let sum else { return }
        let count = max(0, min((sum &- 2 &* top) / 2 &+ 1, bottom &- top &+ 1))
        pairRows.reserve(count)
        for _ in 0..<count { pairRows.append(MirroredRow(first: 0, count: MirroredRow.unknown)) }
    }

    /// Adds both draws' coverage of row `y` (clip-relative) to their cell
    /// rows, where they have any: the left half only (`half`, `width`
    /// columns) straight into the cells, or the whole row through the
    /// corner caches where a draw uses them (prepared on the first such
    /// row, `cachesReady`), or without them. Returns the pieces computed
    /// for each draw.
    @inline(__always)
    private mutating func addPairRow(
        _ y: Int, _ a: UnsafePointer<RoundedRectDraw>,
        _ b: UnsafePointer<RoundedRectDraw>, rowsA: Range<Int>, rowsB: Range<Int>,
        width: Int, half: Bool, second: inout RasterCore, cachesReady: inout Bool,
        into rowA: inout CellRow, _ rowB: inout CellRow
    ) -> (first: Int, second: Int) {
        assert(a.pointee.firstRow >= 0 && b.pointee.firstRow >= 0 && width >= 0, "two clip-relative draws")
        var computedA = 0, computedB = 0
        if half {
            // The left half straight into the cells: the corner caches
            // would only keep it for a right half not computed here
            // (their values are these, RoundedRectCache.swift).
            if rowsA.contains(y) { computedA = Self.addRow(a, y: y, width: width, half: true, into: &rowA) }
            if rowsB.contains(y) { computedB = Self.addRow(b, y: y, width: width, half: true, into: &rowB) }
        } else if a.pointee.usesCornerCache(y) || b.pointee.usesCornerCache(y) {
            if !cachesReady {
                prepareCornerCaches(a)
                second.prepareCornerCaches(b)
                cachesReady = true
            }
            if rowsA.contains(y) { computedA = addRow(a, y: y, width: width, into: &rowA) }
            if rowsB.contains(y) { computedB = second.addRow(b, y: y, width: width, into: &rowB) }
        } else {
            // No corner cache serves the row: `addRow` without them.
            if rowsA.contains(y) { computedA = Self.addRow(a, y: y, width: width, half: false, into: &rowA) }
            if rowsB.contains(y) { computedB = Self.addRow(b, y: y, width: width, half: false, into: &rowB) }
        }
        return (computedA, computedB)
    }

    /// Sweeps (or sends kept, `kept`) a row into `kernel` and records its
    /// calls in `pairRecords` for rows that repeat or mirror it; with an
    /// `axis`, the row's left half (`width` columns) is swept and its
    /// right half written mirrored. Returns where the row's records are.
    @inline(__always)
    private mutating func sweepRecordingRow<Kernel: PairKernel>(
        _ rowA: inout CellRow, _ rowB: inout CellRow, width: Int, axis: Int?, clip: PixelRect, kept: Int?,
        slot: UnsafeMutablePointer<PairSweepSlot>, keeping: inout Bool, into kernel: inout Kernel
    ) -> MirroredRow {
        assert(width >= 0 && clip.width >= 0, "a row of the clip")
        let first = pairRecords.count, budget = coverageCache.pairs.callBudget
        withUnsafeMutablePointer(to: &kernel) { kernel in
            var recorder = RecordingPairKernel(kernel: kernel, log: PairRowRecords(records: pairRecords))
            let held = Self.sweepRow(
                &rowA, &rowB, width: width, left: clip.minX, kept: kept, slot: slot,
                budget: budget, keeping: &keeping, into: &recorder)
            if let axis {
                // The row's middle run is sent once, across both halves
                // (its image ends at axis − x, cut at the clip's side).
                recorder.mirrorColumns(from: first, axis: axis, clip: clip)
                if let held, min(axis &- held.x, clip.width) > held.x {
                    recorder.span(
                        x: clip.minX &+ held.x, count: min(axis &- held.x, clip.width) &- held.x,
                        first: held.first, second: held.second)
                }
            } else if let held {
                recorder.span(
                    x: clip.minX &+ held.x, count: clip.width &- held.x, first: held.first,
                    second: held.second)
            }
            pairRecords = recorder.log.records
        }
        return MirroredRow(
            first: Int32(truncatingIfNeeded: first),
            count: Int32(truncatingIfNeeded: pairRecords.count &- first))
    }

    /// Adds `draw`'s coverage of row `y` without the corner caches: its
    /// left half only (`half`: columns `0..<width`, where no value right
    /// of it is written), or the whole row where no cache serves it
    /// (`RasterCore.addRow` then computes it this way too).
    @inline(__always)
    private static func addRow(
        _ draw: UnsafePointer<RoundedRectDraw>, y: Int, width: Int, half: Bool,
        into row: inout CellRow
    ) -> Int {
        // (Read through the pointer: a draw borrowed from behind it was
        // copied whole into every call.)
        var computed =
            half
            ? draw.pointee.outer.addLeftHalf(y, sign: 1, width: width, into: &row)
            : draw.pointee.outer.addRow(y, sign: 1, width: width, into: &row)
        if let inner = draw.pointee.inner {
            computed &+=
                half
                ? inner.addLeftHalf(y, sign: -1, width: width, into: &row)
                : inner.addRow(y, sign: -1, width: width, into: &row)
        }
        return computed
    }

    /// Sends row `kept` of `slot` (a draw of the same geometry kept it)
    /// to `kernel`, or, if nil, sweeps the two cell rows (`width` columns
    /// from device column `left`) into `kernel` and keeps the calls in
    /// `slot` as a new row (a draw past the budget, `keeping` turned
    /// false, keeps only the row at hand). Either way returns the row's
    /// last span, held back (`CellRow.sweepHoldingLastSpan`), columns
    /// clip-relative.
    @inline(__always)
    private static func sweepRow<Kernel: PairKernel>(
        _ rowA: inout CellRow, _ rowB: inout CellRow, width: Int,
        left: Int, kept: Int?, slot: UnsafeMutablePointer<PairSweepSlot>,
        budget: Int, keeping: inout Bool, into kernel: inout Kernel
    )
        -> (x: Int, first: UInt32, second: UInt32)?
    {
        assert(width >= 0 && budget >= 0, "a row of the clip and a call budget")
        if let kept {
            let row = slot.pointee.rows[kept]
            row.send(slot.pointee.calls.base, left: left, into: &kernel)
            return row.heldX >= 0 ? (Int(row.heldX), row.heldFirst, row.heldSecond) : nil
        }
        if !keeping {
            slot.pointee.rows.count = 0
            slot.pointee.calls.count = 0
        }
        return withUnsafeMutablePointer(to: &kernel) { kernel in
            var keeper = RecordingPairKernel(kernel: kernel, log: KeptPairCalls(calls: slot.pointee.calls, left: left))
            let first = keeper.log.calls.count
            let held = CellRow.sweepHoldingLastSpan(&rowA, &rowB, width: width, left: left, into: &keeper)
            slot.pointee.calls = keeper.log.calls
            slot.pointee.rows.append(
                SweptRow(
                    first: Int32(truncatingIfNeeded: first),
                    count: Int32(truncatingIfNeeded: keeper.log.calls.count &- first),
                    heldX: Int32(truncatingIfNeeded: held?.x ?? -1),
                    heldFirst: held?.first ?? 0, heldSecond: held?.second ?? 0))
            if keeper.log.calls.count > budget { keeping = false }
            return held
        }
    }

    /// The longest fill among the records of `row` (made with pixels
    /// kept), if any.
    @inline(__always)
    private func longestFill(_ row: MirroredRow) -> PairRecord? {
        var longest: PairRecord? = nil
        for i in Int(row.first)..<Int(row.first &+ row.count) {
            let record = pairRecords[i]
            if record.kind == .fill && record.count > longest?.count ?? 0 { longest = record }
        }
        return longest
    }

    /// Sends `count` kept pair calls from `first` to `kernel`; copies come
    /// from device row `source`.
    @inline(__always)
    private func replay<Kernel: PairKernel>(_ first: Int, count: Int, from source: Int, into kernel: inout Kernel) {
        for i in first..<(first &+ count) { pairRecords[i].replay(into: &kernel, source: source) }
    }
}

/// Where the rows of a fill and its ring (RoundedRectPair.swift) are their
/// own mirror images left to right: every shape of both draws is
/// symmetric about the same axis, lies across the clip's columns, goes
/// through the corner caches (whose right sides are their left sides
/// mirrored, exactly), and is wide enough that a corner row's sides never
/// meet. In rows that are corner rows of every shape with coverage there,
/// column c then has the coverages of column `axis − 1 − c`.
struct ColumnMirror {
    /// The sum of a column and its mirror image, plus one
    /// (`pixels.left + pixels.rightEnd` of every shape; clip-relative).
    let axis: Int
    /// The shapes' rows: their first row, end, and corner rows at the top
    /// and the bottom (up to four shapes).
    private var shapes: (Rows, Rows, Rows, Rows)
    private var count = 0

    private struct Rows {
        var top = 0, bottomEnd = 0, topCorners = 0, bottomCorners = 0

        @inline(__always)
        func contains(_ y: Int) -> Bool { y >= top && y < bottomEnd }

        /// Whether row y is a corner row of one band only, or outside.
        @inline(__always)
        func isMirrored(_ y: Int) -> Bool {
            guard contains(y) else { return true }
            let jt = y &- top, jb = bottomEnd &- 1 &- y
            return (jt < topCorners) != (jb < bottomCorners)
        }
    }

    /// The mirror of draws `a` and `b` in a clip `width` columns wide;
    /// one that covers no row if they do not mirror so, or if not
    /// `enabled`.
    init(_ a: borrowing RoundedRectDraw, _ b: borrowing RoundedRectDraw, width: Int, enabled: Bool) {
        axis = a.outer.pixels.left &+ a.outer.pixels.rightEnd
        shapes = (Rows(), Rows(), Rows(), Rows())
        // An inner shape goes through its cache (cachesInner is false
        // without one).
        let innerA = (a.inner == nil) != a.cachesInner, innerB = (b.inner == nil) != b.cachesInner
        let outers = a.cachesOuter, outerB = b.cachesOuter
        guard enabled, outers, outerB, innerA, innerB else { return }
        var mirrors = add(a.outer, width: width)
        if mirrors { mirrors = add(b.outer, width: width) }
        if mirrors, let inner = a.inner { mirrors = add(inner, width: width) }
        if mirrors, let inner = b.inner { mirrors = add(inner, width: width) }
        if !mirrors { count = 0 }
    }

    /// Adds `shape`'s rows; false if it does not mirror as required.
    private mutating func add(_ shape: RowRoundedRect, width: Int) -> Bool {
        // Corner rows whose sides cannot meet (CornerRowCache's
        // uncacheable rows): the left corner's pixels end by minX + r + 1,
        // the mirror starts at maxX − r − 1.
        let radius = max(shape.topLeft, shape.bottomLeft)
        guard shape.pixels.left &+ shape.pixels.rightEnd == axis, shape.pixels.left >= 0,
            shape.pixels.rightEnd <= width, shape.maxX - shape.minX >= 2 * radius + 4
        else { return false }
        let rows = Rows(
            top: shape.pixels.top, bottomEnd: shape.pixels.bottomEnd, topCorners: shape.topCornerRows,
            bottomCorners: shape.bottomCornerRows)
        switch count {
        case 0: shapes.0 = rows
        case 1: shapes.1 = rows
        case 2: shapes.2 = rows
        default: shapes.3 = rows
        }
        count += 1
        return true
    }

    /// Whether clip-relative row `y` is a corner row of every shape with
    /// coverage there (and of one band only): its right half is then its
    /// left half mirrored. Rows no shape has a corner in are plain: swept
    /// whole.
    @inline(__always)
    func coversRow(_ y: Int) -> Bool {
        guard count > 0 else { return false }
        var mirrored = shapes.0.isMirrored(y) && shapes.1.isMirrored(y)
        var any = shapes.0.contains(y) || shapes.1.contains(y)
        if count > 2 {
            mirrored = mirrored && shapes.2.isMirrored(y)
            any = any || shapes.2.contains(y)
        }
        if count > 3 {
            mirrored = mirrored && shapes.3.isMirrored(y)
            any = any || shapes.3.contains(y)
        }
        return mirrored && any
    }
}

extension RecordingPairKernel where Log == PairRowRecords {
    /// Writes the right half of a row whose left half the calls
    /// `records[first...]` wrote: each call mirrored about `axis`
    /// (clip-relative; column c ↔ axis − 1 − c), spans sent again, pixels
    /// copied mirrored; then the columns right of the mirror image. (The
    /// records are read by index as they grow: the mirrored calls are
    /// recorded too.)
    @inline(__always)
    mutating func mirrorColumns(from first: Int, axis: Int, clip: PixelRect) {
        let width = clip.width, left = clip.minX
        var i = log.records.count
        while i > first {
            i &-= 1
            let r = log.records[i]
            // Clip-relative columns of the call, and of its image (cut at
            // the clip's right side: what lies past it is empty there).
            let start = Int(r.x) &- left, end = start &+ Int(r.count)
            let imageStart = axis &- end, imageEnd = min(axis &- start, width)
            guard imageStart < imageEnd else { continue }
            switch r.kind {
            case .span:
                span(x: left &+ imageStart, count: imageEnd &- imageStart, first: r.first, second: r.second)
            case .fill:
                fill(x: left &+ imageStart, count: imageEnd &- imageStart, pixel: r.first)
            case .group, .copy:
                copyMirrored(x: left &+ imageStart, count: imageEnd &- imageStart, from: left &+ axis &- imageEnd)
            }
        }
        if axis < width { span(x: left &+ axis, count: width &- axis, first: 0, second: 0) }
    }
}
