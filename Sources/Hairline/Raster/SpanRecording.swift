// Raster: one recorder for every place a sweep's calls are kept while they
// are sent. `RecordingKernel` passes each call to a kernel and to a log;
// the log decides what is kept and how: `RowRecords` keeps one row's calls
// as sent, so that later rows with the same coverage repeat them instead
// of sweeping again (RasterCore.sweep, RoundedRectLoop's mirrored rows);
// `KeptCalls` (KeptSweeps.swift) keeps a whole draw's rows, clip-relative
// and up to a budget, for later draws of the same geometry. A pair sweep
// has the same recorder over its own calls (PairSweep.swift). Columns are
// device pixels.

/// One call of a row's sweep, kept to be repeated on later rows.
struct SpanRecord: Equatable {
    enum Kind: UInt8 { case fill, blend, group }
    var x: Int32
    var count: Int32
    var coverage: UInt32
    var kind: Kind
}

/// Where a recorder keeps the calls it passes on.
protocol SpanLog {
    /// Device row `y` begins (the recorder's `beginRow`).
    mutating func beginRow(_ y: Int)
    /// Keeps a call: columns `x..<x+count` (device pixels) with
    /// `coverage` (255 for a fill; packed bytes for a group).
    mutating func keep(x: Int, count: Int, coverage: UInt32, kind: SpanRecord.Kind)
}

/// Passes a sweep's calls to a kernel and keeps them in `log`. The kernel
/// is reached through a pointer (the caller's, valid while this is used):
/// holding it by value copied it in and out per recorded row, with the
/// retains and releases of its references.
struct RecordingKernel<Kernel: SpanKernel, Log: SpanLog>: SpanKernel {
    let kernel: UnsafeMutablePointer<Kernel>
    var log: Log

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        kernel.pointee.beginRow(y)
        log.beginRow(y)
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        kernel.pointee.fill(x: x, count: count)
        log.keep(x: x, count: count, coverage: 255, kind: .fill)
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        kernel.pointee.blend(x: x, count: count, coverage: coverage)
        log.keep(x: x, count: count, coverage: coverage, kind: .blend)
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        kernel.pointee.blendGroup(x: x, count: count, coverage: coverage)
        log.keep(x: x, count: count, coverage: coverage, kind: .group)
    }

    @inline(__always)
    mutating func advance(toRow y: Int) { kernel.pointee.advance(toRow: y) }
}

/// Keeps calls as they are sent, columns as sent (a row's, to repeat on
/// the rows below it in the same draw).
struct RowRecords: SpanLog {
    var records: ScratchBuffer<SpanRecord>

    @inline(__always)
    mutating func beginRow(_ y: Int) {}

    @inline(__always)
    mutating func keep(x: Int, count: Int, coverage: UInt32, kind: SpanRecord.Kind) {
        records.append(
            SpanRecord(
                x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                coverage: coverage, kind: kind))
    }
}
