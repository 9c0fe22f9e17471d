// Composite: an 8-bit coverage mask (a glyph cache's A8 pixels, a blurred
// shadow) -> SpanKernel calls, standing in for the rasterizer's row loop.
// Rows top to bottom, calls left to right inside the clip's bounds, as the
// SpanKernel contract asks: runs of one coverage go to `fill` (255) or
// `blend`, the pixels between them in groups of up to four; zeros are
// never sent, rows with none but zeros not begun. One-byte values (A8
// masks, blurred shadows) are read eight or four at a time (zeros skipped
// a word at a time); the calls are exactly those of the byte-by-byte walk.

/// Rows of 8-bit coverage in memory: `height` rows `bytesPerRow` apart,
/// `width` values a row, `bytesPerValue` apart (1 for A8 bytes, 4 for the
/// alpha byte of 32-bit pixels). Device pixels, not owned: valid for the
/// call that reads it.
struct CoverageRows {
    /// The first value of row 0.
    var base: UnsafePointer<UInt8>
    var width: Int
    var height: Int
    /// Bytes from one row's first value to the next's.
    var bytesPerRow: Int
    /// Bytes from one value to the next along a row (1 or 4).
    var bytesPerValue: Int

    /// The alpha bytes (or A8 values) of `surface`, whose pending clear,
    /// if any, must have been written.
    init(alphaOf surface: Surface) {
        assert(surface.pendingClear == nil, "coverage read under a pending clear")
        let step = surface.format.bytesPerPixel
        // The alpha is the fourth byte of both 32-bit formats.
        base = UnsafePointer((surface.storage + (step == 4 ? 3 : 0)).assumingMemoryBound(to: UInt8.self))
        width = surface.width
        height = surface.height
        bytesPerRow = surface.bytesPerRow
        bytesPerValue = step
    }

    init(base: UnsafePointer<UInt8>, width: Int, height: Int, bytesPerRow: Int, bytesPerValue: Int) {
        (self.base, self.width, self.height, self.bytesPerRow, self.bytesPerValue)
            = (base, width, height, bytesPerRow, bytesPerValue)
    }

    /// The columns `x..<x+width`, rows `y..<y+height` of these rows (the
    /// caller keeps them inside).
    func cropped(x: Int, y: Int, width: Int, height: Int) -> CoverageRows {
        assert(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "a crop inside the rows")
        return CoverageRows(base: base + (y &* bytesPerRow &+ x &* bytesPerValue), width: width, height: height,
                            bytesPerRow: bytesPerRow, bytesPerValue: bytesPerValue)
    }

    /// The device pixels the rows cover when value (0, 0) lands on device
    /// pixel (`x`, `y`), cut to `clip`: empty if they miss it. Never
    /// overflows, however far `x` and `y` are.
    func placed(atX x: Int, y: Int, within clip: PixelRect) -> PixelRect {
        let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        // `width` and `height` are below 2^31 and the clip inside a
        // surface: past these tests no sum below can overflow.
        guard !clip.isEmpty, x < clip.maxX, y < clip.maxY, x > clip.minX &- width, y > clip.minY &- height else {
            return empty
        }
        return clip.intersection(PixelRect(minX: x, minY: y, maxX: x &+ width, maxY: y &+ height))
    }
}

/// Runs of equal coverage at least this long go to the kernel as one
/// `fill` or `blend` (shorter ones are cheaper in groups of four).
let coverageRunThreshold = 4

/// Sends `rows`, placed with value (0, 0) on device pixel (`x`, `y`), to
/// `kernel`, every pixel inside `clip` once (none outside). O(pixels).
func driveCoverage<Kernel: SpanKernel>(_ rows: CoverageRows, atX x: Int, y: Int, clip: PixelRect,
                                       into kernel: inout Kernel) {
    let region = rows.placed(atX: x, y: y, within: clip)
    guard !region.isEmpty else { return }
    if rows.bytesPerValue == 1 {
        for deviceY in region.minY..<region.maxY {
            // Value of device column c of this row: row[c].
            let row = rows.base + ((deviceY &- y) &* rows.bytesPerRow &- x)
            driveByteRow(row, from: region.minX, to: region.maxX, y: deviceY, into: &kernel)
        }
        return
    }
    let step = rows.bytesPerValue
    let end = region.maxX
    for deviceY in region.minY..<region.maxY {
        // Value of device column c of this row: row[c * step].
        let row = rows.base + ((deviceY &- y) &* rows.bytesPerRow &- x &* step)
        @inline(__always) func value(_ c: Int) -> UInt32 { UInt32(row[c &* step]) }
        var begun = false
        var c = region.minX
        while c < end {
            let v = value(c)
            if v == 0 {
                c &+= 1
                continue
            }
            if !begun {
                kernel.beginRow(deviceY)
                begun = true
            }
            // A run of one value.
            var runEnd = c &+ 1
            while runEnd < end && value(runEnd) == v { runEnd &+= 1 }
            if runEnd &- c >= coverageRunThreshold {
                if v == 255 {
                    kernel.fill(x: c, count: runEnd &- c)
                } else {
                    kernel.blend(x: c, count: runEnd &- c, coverage: v)
                }
                c = runEnd
                continue
            }
            // A group of up to four pixels (the first non-zero), trailing
            // zeros left out.
            var packed: UInt32 = 0
            var count = 0
            for i in 0..<min(CellRow.groupSize, end &- c) {
                let w = value(c &+ i)
                packed |= w << UInt32(truncatingIfNeeded: i &* 8)
                if w != 0 { count = i &+ 1 }
            }
            kernel.blendGroup(x: c, count: count, coverage: packed & groupMask(count))
            c &+= count
        }
    }
}

/// `driveCoverage`'s row for one-byte values: columns `start..<end` of
/// device row `y`, column c's value at `row[c]`, sent to `kernel` in the
/// calls the byte-by-byte walk makes (zeros skipped; a run of four or more
/// of one value as one `fill` or `blend`; else a group of up to four from
/// the first non-zero, trailing zeros left out), found a word at a time.
/// Reads only `row[start..<end]`.
@inline(__always)
func driveByteRow<Kernel: SpanKernel>(_ row: UnsafePointer<UInt8>, from start: Int, to end: Int, y: Int,
                                      into kernel: inout Kernel) {
    // Invariant: row[start..<end] readable.
    // Values c..<c+8 (c..<c+4), value c in the lowest byte.
    @inline(__always) func word(_ c: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(row + c).loadUnaligned(as: UInt64.self))
    }
    @inline(__always) func quad(_ c: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(row + c).loadUnaligned(as: UInt32.self))
    }
    var begun = false
    var c = start
    while c < end {
        if row[c] == 0 {
            // Skip zeros: eight at a time while eight remain, the lowest
            // non-zero byte of a word found by its trailing zero bits.
            c &+= 1
            while c &+ 8 <= end {
                let w = word(c)
                if w != 0 {
                    c &+= w.trailingZeroBitCount &>> 3
                    break
                }
                c &+= 8
            }
            while c < end && row[c] == 0 { c &+= 1 }
            if c == end { break }
        }
        let v = UInt32(row[c])
        if !begun {
            kernel.beginRow(y)
            begun = true
        }
        if c &+ 4 <= end {
            let group = quad(c)
            if group == v &* 0x0101_0101 {
                // A run of four or more: its end, eight at a time.
                var runEnd = c &+ 4
                let pattern = UInt64(v) &* 0x0101_0101_0101_0101
                while runEnd &+ 8 <= end {
                    let differing = word(runEnd) ^ pattern
                    if differing != 0 {
                        runEnd &+= differing.trailingZeroBitCount &>> 3
                        break
                    }
                    runEnd &+= 8
                }
                while runEnd < end && UInt32(row[runEnd]) == v { runEnd &+= 1 }
                if v == 255 {
                    kernel.fill(x: c, count: runEnd &- c)
                } else {
                    kernel.blend(x: c, count: runEnd &- c, coverage: v)
                }
                c = runEnd
                continue
            }
            // A group of four, its trailing zeros left out (its first
            // byte, v, is not zero).
            let count = 4 &- (group.leadingZeroBitCount &>> 3)
            kernel.blendGroup(x: c, count: count, coverage: group)
            c &+= count
            continue
        }
        // Fewer than four columns left: no run; a group of what remains.
        var packed: UInt32 = 0
        var count = 0
        for i in 0..<(end &- c) {
            let w = UInt32(row[c &+ i])
            packed |= w << UInt32(truncatingIfNeeded: i &* 8)
            if w != 0 { count = i &+ 1 }
        }
        kernel.blendGroup(x: c, count: count, coverage: packed)
        c &+= count
    }
}

/// The low `count` bytes (1...4) of a packed group.
@inline(__always)
private func groupMask(_ count: Int) -> UInt32 {
    count >= 4 ? 0xFFFF_FFFF : (1 << UInt32(truncatingIfNeeded: count &* 8)) &- 1
}
