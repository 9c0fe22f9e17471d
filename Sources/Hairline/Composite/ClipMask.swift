// Composite: the anti-aliased clip as per-pixel coverage (0...255) over
// the whole surface, produced by rasterizing clip paths and multiplied in
// when spans are blended. Immutable once built, shared by saved states.

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

/// Writes coverage into a mask, multiplied by an existing mask if any
/// (the intersection of two anti-aliased clips).
struct MaskKernel: SpanKernel {
    let mask: ClipMask
    let previous: ClipMask?
    private var row: UnsafeMutablePointer<UInt8>
    private var previousRow: UnsafeMutablePointer<UInt8>?

    init(mask: ClipMask, previous: ClipMask?) {
        self.mask = mask
        self.previous = previous
        row = mask.row(0)
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        row = mask.row(y)
        previousRow = previous?.row(y)
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) { blend(x: x, count: count, coverage: 255) }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage c: UInt32) {
        let out = row + x
        if let previousRow {
            let old = previousRow + x
            for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: div255(c &* UInt32(old[i]))) }
        } else {
            out.update(repeating: UInt8(truncatingIfNeeded: c), count: count)
        }
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        let out = row + x
        for i in 0..<count {
            let c = coverage.coverageByte(i)
            out[i] = UInt8(truncatingIfNeeded: previousRow.map { div255(c &* UInt32($0[x &+ i])) } ?? c)
        }
    }
}
