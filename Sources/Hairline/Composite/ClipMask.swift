// Composite: the anti-aliased clip as per-pixel coverage (0...255) over the
// clip's pixel bounds, produced by rasterizing clip paths and multiplied in
// when spans are blended. Immutable once built, shared by saved states,
// its memory reused from clip to clip (ClipMaskPool).

/// A coverage mask over the clip's pixel bounds (device pixels,
/// row-major), from a canvas's pool (`ClipMaskPool`): it is as large as
/// what it clips, not as the surface, and its memory is reused once no
/// saved state holds it.
final class ClipMask {
    /// The pixels it covers; outside them the clip is empty.
    private(set) var bounds = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    private var values: UnsafeMutablePointer<UInt8>
    private var capacity = 0
    /// Per row, the widest stretch of columns known to be 255 (a clip
    /// path's inside): draws blend there as with no mask. Start and end,
    /// equal where none is known.
    private var full: UnsafeMutablePointer<Int32>
    private var rowCapacity = 0
    /// Whether `noteFull` records anything (ClipMaskPool's switch).
    fileprivate var notesFullStretches = true

    fileprivate init() {
        values = UnsafeMutablePointer(bitPattern: 1)!
        full = UnsafeMutablePointer(bitPattern: 4)!
    }

    deinit {
        if capacity > 0 { values.deallocate() }
        if rowCapacity > 0 { full.deallocate() }
    }

    /// Makes the mask cover `bounds`, all zeros (storage grows, never
    /// shrinks).
    fileprivate func reset(to bounds: PixelRect) {
        let count = max(bounds.width, 0) * max(bounds.height, 0)
        if count > capacity {
            if capacity > 0 { values.deallocate() }
            capacity = max(count, capacity * 2)
            values = .allocate(capacity: capacity)
        }
        let rows = max(bounds.height, 0)
        if rows * 2 > rowCapacity {
            if rowCapacity > 0 { full.deallocate() }
            rowCapacity = max(rows * 2, rowCapacity * 2)
            full = .allocate(capacity: rowCapacity)
        }
        self.bounds = bounds
        fillBytes(values, count: count, with: 0)
        fillBytes(full, count: rows * 2 * MemoryLayout<Int32>.stride, with: 0)
    }

    /// The columns of row `y` known to be 255 (possibly empty).
    @inline(__always)
    func fullColumns(_ y: Int) -> Range<Int> {
        assert(y >= bounds.minY && y < bounds.maxY, "a row of the mask")
        let j = (y &- bounds.minY) &* 2
        let start = Int(full[j]), end = Int(full[j &+ 1])
        return start..<max(start, end)
    }

    /// Notes that columns `columns` of row `y` are 255, if wider than the
    /// stretch known.
    @inline(__always)
    fileprivate func noteFull(_ columns: Range<Int>, row y: Int) {
        let j = (y &- bounds.minY) &* 2
        guard notesFullStretches, columns.count > Int(full[j &+ 1]) &- Int(full[j]) else { return }
        full[j] = Int32(truncatingIfNeeded: columns.lowerBound)
        full[j &+ 1] = Int32(truncatingIfNeeded: columns.upperBound)
    }

    /// The mask's value at column `x` of row `y` and the columns after it
    /// (inside `bounds`).
    @inline(__always)
    func pointer(x: Int, y: Int) -> UnsafeMutablePointer<UInt8> {
        assert(
            x >= bounds.minX && x <= bounds.maxX && y >= bounds.minY && y < bounds.maxY,
            "a mask read inside the clip's bounds")
        return values + ((y &- bounds.minY) &* bounds.width &+ (x &- bounds.minX))
    }

    /// The bytes of storage (for the pipeline's footprint check).
    var storageCapacity: Int { capacity }
}

/// A canvas's clip masks, reused: a mask no saved state or clip holds any
/// more (only the pool does) is handed out again, so clipping in steady
/// state allocates nothing.
final class ClipMaskPool {
    private var masks: [ClipMask] = []
    /// Whether masks note their rows' full stretches (tests turn it off
    /// to compare with every pixel blended through the mask).
    var notesFullStretches = true

    /// A mask of zeros over `bounds`, not held by anything but the pool.
    func mask(covering bounds: PixelRect) -> ClipMask {
        for i in masks.indices where isKnownUniquelyReferenced(&masks[i]) {
            masks[i].reset(to: bounds)
            masks[i].notesFullStretches = notesFullStretches
            return masks[i]
        }
        let mask = ClipMask()
        mask.reset(to: bounds)
        mask.notesFullStretches = notesFullStretches
        masks.append(mask)
        return mask
    }

    /// The storage every mask holds, in bytes.
    var footprint: [Int] { masks.map(\.storageCapacity) + [masks.capacity] }
}

/// Writes coverage into a mask, multiplied by an existing mask if any
/// (the intersection of two anti-aliased clips).
struct MaskKernel: SpanKernel {
    let mask: ClipMask
    let previous: ClipMask?
    private var y = 0

    /// Writes into `mask`, whose bounds hold every pixel the rasterizer
    /// sends (its clip), within `previous`'s bounds if there is one.
    init(mask: ClipMask, previous: ClipMask?) {
        self.mask = mask
        self.previous = previous
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) { self.y = y }

    @inline(__always)
    mutating func fill(x: Int, count: Int) { blend(x: x, count: count, coverage: 255) }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage c: UInt32) {
        let out = mask.pointer(x: x, y: y)
        if let previous {
            let old = previous.pointer(x: x, y: y)
            for i in 0..<count { out[i] = UInt8(truncatingIfNeeded: div255(c &* UInt32(old[i]))) }
            if c == 255 { mask.noteFull(previous.fullColumns(y).clamped(to: x..<(x &+ count)), row: y) }
        } else {
            out.update(repeating: UInt8(truncatingIfNeeded: c), count: count)
            if c == 255 { mask.noteFull(x..<(x &+ count), row: y) }
        }
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        let out = mask.pointer(x: x, y: y)
        let old = previous?.pointer(x: x, y: y)
        for i in 0..<count {
            let c = coverage.coverageByte(i)
            out[i] = UInt8(truncatingIfNeeded: old.map { div255(c &* UInt32($0[i])) } ?? c)
        }
    }
}
