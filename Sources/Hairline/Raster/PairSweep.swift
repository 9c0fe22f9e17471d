// Raster -> Composite contract for a fill and its stroke in one sweep: two
// draws over the same clip (a shape's fill and its stroke ring) accumulate
// into two cell rows, and one sweep walks both, handing each pixel its two
// coverages at once. The kernel composites `second over (first over
// destination)` per pixel: one load and one store of each pixel instead of
// two passes. Spans cover the clip's columns completely (a span of two
// zero coverages included: a kernel writing a pending clear needs it).

/// Receives two draws' coverage together, row by row, left to right, in
/// device pixels inside the clip: the first draw's operation then the
/// second's on every pixel, exactly as the two draws one after the other.
protocol PairKernel {
    /// Starts device row `y`. Rows arrive top to bottom; every row
    /// between the first and the last of the pass is begun.
    mutating func beginRow(_ y: Int)
    /// Columns `x..<x+count` (`count` ≥ 1), each with coverage `first` for
    /// the first draw and `second` for the second (0...255 each).
    mutating func span(x: Int, count: Int, first: UInt32, second: UInt32)
    /// Columns `x..<x+count` (`count` 1...4), column `x + i` with byte `i`
    /// (lowest first) of `first` and of `second`.
    mutating func group(x: Int, count: Int, first: UInt32, second: UInt32)
    /// Whether every pixel written depends on its two coverages only (the
    /// destination is one known value, a pending clear): pixels already
    /// written may then be copied where the same coverages recur.
    var copiesPixels: Bool { get }
    /// Copies columns `x..<x+count` of device row `row` (written earlier
    /// in this pass) into the same columns of the current row.
    mutating func copy(x: Int, count: Int, fromRow row: Int)
    /// Copies columns `source..<source+count` of the current row, written
    /// earlier, mirrored into columns `x..<x+count`: column `x + i` gets
    /// column `source + count − 1 − i`.
    mutating func copyMirrored(x: Int, count: Int, from source: Int)
    /// The pixel a span with coverages `first` and `second` stores (a
    /// kernel that copies pixels: every such pixel is the same).
    func pixel(first: UInt32, second: UInt32) -> UInt32
    /// Stores `pixel` (from `pixel(first:second:)`) in columns
    /// `x..<x+count`.
    mutating func fill(x: Int, count: Int, pixel: UInt32)
    /// Whether rows that repeat an earlier row's calls are better given
    /// that row's pixels whole (`copyRow`) than sent the calls again
    /// (only where `copiesPixels`).
    var copiesRows: Bool { get }
    /// Begins each device row of `rows` and gives it all of device row
    /// `source`'s pixels, every column of the surface (only where
    /// `copiesRows`, for rows the pass would send the calls `source`
    /// had: their pixels are then `source`'s). `source` was written
    /// earlier in this pass; no row between the last one begun and
    /// `rows` is left unbegun.
    mutating func copyRow(_ source: Int, into rows: Range<Int>)
    /// Begins each device row of `rows` and gives it all of device row
    /// `source`'s pixels, every column of the surface, as `copyRow` does,
    /// where `source`'s columns `run` are all `pixel` (only where
    /// `copiesPixels`, for rows the pass would send the calls `source`
    /// had). Returns false, having written nothing, where the kernel has
    /// no faster way than copying the rows or sending the calls.
    mutating func fillRows(_ rows: Range<Int>, like source: Int, run: Range<Int>, pixel: UInt32) -> Bool
}

extension PairKernel {
    /// No faster way: the caller copies the rows or sends the calls.
    mutating func fillRows(_ rows: Range<Int>, like source: Int, run: Range<Int>, pixel: UInt32) -> Bool {
        false
    }
}

extension CellRow {
    /// Sends the coverage of `first` and `second` (the cell rows of two
    /// draws over one clip, `width` columns from device column `left`) to
    /// `kernel` (whose row has begun) in one walk over the groups either
    /// touched, covering every column; leaves both rows' cells and bits
    /// zero.
    @inline(__always)
    static func sweep<Kernel: PairKernel>(
        _ first: inout CellRow, _ second: inout CellRow, width: Int, left: Int,
        into kernel: inout Kernel
    ) {
        if let last = sweepHoldingLastSpan(&first, &second, width: width, left: left, into: &kernel) {
            kernel.span(x: left &+ last.x, count: width &- last.x, first: last.first, second: last.second)
        }
    }

    /// `sweep`, except that the row's last span (up to `width`), if any,
    /// is returned instead of sent: its first column (clip-relative) and
    /// coverages.
    @inline(__always)
    static func sweepHoldingLastSpan<Kernel: PairKernel>(
        _ first: inout CellRow, _ second: inout CellRow, width: Int,
        left: Int, into kernel: inout Kernel
    )
        -> (x: Int, first: UInt32, second: UInt32)?
    {
        var sumA: Int32 = 0, sumB: Int32 = 0
        var x = 0  // the first column not sent yet (clip-relative)
        let lastWord = max(first.maxCell, second.maxCell) >> Self.wordShift
        var word = min(first.minCell, second.minCell) >> Self.wordShift
        let bitsA = first.bits, bitsB = second.bits
        while word <= lastWord {
            var touched = bitsA[word] | bitsB[word]
            bitsA[word] = 0
            bitsB[word] = 0
            while touched != 0 {
                let start = (word << 6 | touched.trailingZeroBitCount) << Self.groupShift
                touched &= touched &- 1
                if start > x, x < width {
                    kernel.span(
                        x: left &+ x, count: min(start, width) &- x, first: coverage(sumA),
                        second: coverage(sumB))
                }
                let a = coverage(ofGroupAt: first.cells + start, sum: &sumA)
                let b = coverage(ofGroupAt: second.cells + start, sum: &sumB)
                if start < width {
                    kernel.group(x: left &+ start, count: min(Self.groupSize, width &- start), first: a, second: b)
                }
                x = start &+ Self.groupSize
            }
            word &+= 1
        }
        first.minCell = Int.max
        first.maxCell = -1
        second.minCell = Int.max
        second.maxCell = -1
        return x < width ? (x, coverage(sumA), coverage(sumB)) : nil
    }
}

/// One call of a pair sweep, kept to be repeated on later rows: a span or
/// a group (sent again), or pixels to copy from the row the record was
/// made in, or a pixel (in `first`) to store (kernels that copy pixels).
struct PairRecord {
    enum Kind: UInt8 { case span, group, copy, fill }
    var x: Int32
    var count: Int32
    var first: UInt32
    var second: UInt32
    var kind: Kind
}

/// Where a pair recorder keeps the calls it passes on.
protocol PairLog {
    /// Whether the log keeps pixels where the kernel copies pixels
    /// (`PairKernel.copiesPixels`): a span's pixel as a fill, a group and
    /// copies as a copy from the recorded row (rows repeated in the same
    /// pass, over the same pending clear); else only spans and groups, as
    /// coverages (kept for later draws, whose pixels differ).
    static var keepsPixels: Bool { get }
    /// Keeps a call, columns in device pixels.
    mutating func keep(_ record: PairRecord)
    /// Keeps columns `x..<x+count` (device pixels) of the current row as
    /// pixels to copy (only called where `keepsPixels`).
    mutating func keepCopy(x: Int, count: Int)
}

/// Passes a pair sweep's calls to a kernel and keeps them in `log`. The
/// kernel is reached through a pointer (the caller's, valid while this is
/// used): copying it in and out per row showed as a memcpy per row.
struct RecordingPairKernel<Kernel: PairKernel, Log: PairLog>: PairKernel {
    let kernel: UnsafeMutablePointer<Kernel>
    var log: Log

    @inline(__always)
    mutating func beginRow(_ y: Int) { kernel.pointee.beginRow(y) }

    @inline(__always)
    mutating func span(x: Int, count: Int, first: UInt32, second: UInt32) {
        if Log.keepsPixels && kernel.pointee.copiesPixels {
            // The pixel is kept, not worked out again per row.
            fill(x: x, count: count, pixel: kernel.pointee.pixel(first: first, second: second))
            return
        }
        kernel.pointee.span(x: x, count: count, first: first, second: second)
        log.keep(
            PairRecord(
                x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                first: first, second: second, kind: .span))
    }

    @inline(__always)
    mutating func group(x: Int, count: Int, first: UInt32, second: UInt32) {
        kernel.pointee.group(x: x, count: count, first: first, second: second)
        guard Log.keepsPixels && kernel.pointee.copiesPixels else {
            log.keep(
                PairRecord(
                    x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                    first: first, second: second, kind: .group))
            return
        }
        keepCopy(x: x, count: count)
    }

    var copiesPixels: Bool { kernel.pointee.copiesPixels }

    @inline(__always)
    mutating func copy(x: Int, count: Int, fromRow row: Int) {
        kernel.pointee.copy(x: x, count: count, fromRow: row)
        if Log.keepsPixels { keepCopy(x: x, count: count) }
    }

    @inline(__always)
    mutating func copyMirrored(x: Int, count: Int, from source: Int) {
        kernel.pointee.copyMirrored(x: x, count: count, from: source)
        if Log.keepsPixels { keepCopy(x: x, count: count) }
    }

    func pixel(first: UInt32, second: UInt32) -> UInt32 { kernel.pointee.pixel(first: first, second: second) }

    var copiesRows: Bool { kernel.pointee.copiesRows }

    /// (Rows copied whole are not calls of a sweep: nothing is kept.)
    @inline(__always)
    mutating func copyRow(_ source: Int, into rows: Range<Int>) { kernel.pointee.copyRow(source, into: rows) }

    @inline(__always)
    mutating func fill(x: Int, count: Int, pixel: UInt32) {
        kernel.pointee.fill(x: x, count: count, pixel: pixel)
        if Log.keepsPixels {
            log.keep(
                PairRecord(
                    x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                    first: pixel, second: 0, kind: .fill))
        }
    }

    @inline(__always)
    private mutating func keepCopy(x: Int, count: Int) { log.keepCopy(x: x, count: count) }
}

/// Keeps pair calls as they are sent, pixels included, columns as sent (a
/// row's, to repeat or mirror in the same pass); a copy that continues the
/// last kept copy joins it.
struct PairRowRecords: PairLog {
    var records: ScratchBuffer<PairRecord>

    static var keepsPixels: Bool { true }

    @inline(__always)
    mutating func keep(_ record: PairRecord) { records.append(record) }

    @inline(__always)
    mutating func keepCopy(x: Int, count: Int) {
        if records.count > 0 {
            let last = records[records.count &- 1]
            if last.kind == .copy && Int(last.x &+ last.count) == x {
                records[records.count &- 1].count &+= Int32(truncatingIfNeeded: count)
                return
            }
        }
        records.append(
            PairRecord(
                x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                first: 0, second: 0, kind: .copy))
    }
}

extension PairRecord {
    /// Sends this call to `kernel` (whose row has begun); copies come
    /// from device row `source`, where the record was made.
    @inline(__always)
    func replay<Kernel: PairKernel>(into kernel: inout Kernel, source: Int) {
        switch kind {
        case .span: kernel.span(x: Int(x), count: Int(count), first: first, second: second)
        case .group: kernel.group(x: Int(x), count: Int(count), first: first, second: second)
        case .copy: kernel.copy(x: Int(x), count: Int(count), fromRow: source)
        case .fill: kernel.fill(x: Int(x), count: Int(count), pixel: first)
        }
    }
}
