// Composite: the anti-aliased clip as per-pixel coverage (0...255) over
// the whole surface, produced by rasterizing clip paths and multiplied in
// when runs are blended. Immutable once built, shared by saved states.

/// A surface-sized coverage mask (device pixels, row-major).
final class ClipMask {
    let width: Int
    let height: Int
    let values: UnsafeMutablePointer<UInt8>

    /// A mask of zeros.
    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = .allocate(capacity: width * height)
        values.initialize(repeating: 0, count: width * height)
    }

    deinit { values.deallocate() }

    @inline(__always)
    func row(_ y: Int) -> UnsafeMutablePointer<UInt8> { values + y * width }
}

/// Writes coverage runs into a mask, multiplied by an existing mask if any
/// (the intersection of two anti-aliased clips).
struct MaskSink: CoverageSink {
    let mask: ClipMask
    let previous: ClipMask?

    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let row = mask.row(y) + x
        if let previous {
            let old = previous.row(y) + x
            let c = UInt32(coverage)
            for i in 0..<count { row[i] = UInt8(truncatingIfNeeded: div255(c * UInt32(old[i]))) }
        } else {
            row.update(repeating: coverage, count: count)
        }
    }
}
