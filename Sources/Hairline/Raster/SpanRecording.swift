// Raster: a row's sweep calls recorded (SpanRecord) so that later rows
// with the same coverage repeat them instead of sweeping again
// (RasterCore.sweep), and the kernel that passes calls on while recording
// them. Columns are device pixels.

/// One call of a row's sweep, kept to be repeated on later rows.
struct SpanRecord {
    enum Kind: UInt8 { case fill, blend, group }
    var x: Int32
    var count: Int32
    var coverage: UInt32
    var kind: Kind
}

/// Passes a sweep's calls to a kernel and records them. The kernel is
/// reached through a pointer (the caller's, valid while this is used):
/// holding it by value copied it in and out per recorded row, with the
/// retains and releases of its references.
struct RecordingKernel<Kernel: SpanKernel>: SpanKernel {
    let kernel: UnsafeMutablePointer<Kernel>
    var records: ScratchBuffer<SpanRecord>

    @inline(__always)
    mutating func beginRow(_ y: Int) { kernel.pointee.beginRow(y) }

    var fillIgnoresDestination: Bool { kernel.pointee.fillIgnoresDestination }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        kernel.pointee.fill(x: x, count: count)
        records.append(
            SpanRecord(
                x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                coverage: 255, kind: .fill))
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        kernel.pointee.blend(x: x, count: count, coverage: coverage)
        records.append(
            SpanRecord(
                x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                coverage: coverage, kind: .blend))
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        kernel.pointee.blendGroup(x: x, count: count, coverage: coverage)
        records.append(
            SpanRecord(
                x: Int32(truncatingIfNeeded: x), count: Int32(truncatingIfNeeded: count),
                coverage: coverage, kind: .group))
    }
}
