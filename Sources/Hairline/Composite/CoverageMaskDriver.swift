// Composite: an 8-bit coverage mask (a glyph cache's A8 pixels, a blurred
// shadow) -> SpanKernel calls, standing in for the rasterizer's row loop.
// Rows top to bottom, calls left to right inside the clip's bounds, as the
// SpanKernel contract asks: runs of one coverage go to `fill` (255) or
// `blend`, the pixels between them in groups of up to four; zeros are
// never sent, rows with none but zeros not begun. One-byte values (A8
// masks, blurred shadows) are read eight or four at a time (zeros skipped
// a word at a time), and their groups are four pixels wide wherever four
// remain (zeros included: coverage 0 leaves a pixel as it is, and a
// group of four is the kernels' vector path).

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
        (self.base, self.width, self.height, self.bytesPerRow, self.bytesPerValue) = (
            base, width, height, bytesPerRow, bytesPerValue
        )
    }

    /// The columns `x..<x+width`, rows `y..<y+height` of these rows (the
    /// caller keeps them inside).
    func cropped(x: Int, y: Int, width: Int, height: Int) -> CoverageRows {
        assert(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height, "a crop inside the rows")
        return CoverageRows(
            base: base + (y &* bytesPerRow &+ x &* bytesPerValue), width: width, height: height,
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
func driveCoverage<Kernel: SpanKernel>(
    _ rows: CoverageRows, atX x: Int, y: Int, clip: PixelRect,
    into kernel: inout Kernel
) {
    let region = rows.placed(atX: x, y: y, within: clip)
    guard !region.isEmpty else { return }
    if rows.bytesPerValue == 1 {
        driveBytes(rows, atX: x, y: y, region: region, into: &kernel)
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

/// `driveCoverage` for one-byte values, over `region` (inside the rows,
/// placed at (`x`, `y`)): per row, zeros skipped; a run of four or more of
/// one value as one `fill` or `blend`; else a group of four from the first
/// non-zero, zeros and all, or, at the row's end, of what remains, its
/// trailing zeros left out. Found a word at a time; reads only the
/// region's values.
@inline(__always)
private func driveBytes<Kernel: SpanKernel>(
    _ rows: CoverageRows, atX x: Int, y: Int, region: PixelRect,
    into kernel: inout Kernel
) {
    // Invariant: rows.base[...] readable over `region` (placed).
    assert(!region.isEmpty && rows.bytesPerValue == 1, "one-byte values over a region")
    // A run is found by comparing one quad (four values) with its first.
    assert(coverageRunThreshold == 4, "runs start at a quad")
    let start = region.minX, end = region.maxX
    // Rows at least four wide read their last group's values as the word
    // ending at the row's end.
    let wide = end &- start >= 4
    for deviceY in region.minY..<region.maxY {
        // Value of device column c of this row: row[c].
        let row = ByteRow(values: rows.base + ((deviceY &- y) &* rows.bytesPerRow &- x), end: end)
        var c = row.skipZeros(start)
        guard c < end else { continue }
        kernel.beginRow(deviceY)
        repeat {
            // row[c] is not zero.
            if c &+ 4 <= end {
                let group = row.quad(c)
                let v = group & 0xFF
                if group != v &* 0x0101_0101 {
                    // A group of four (the kernels' vector path; any
                    // zeros in it leave their pixels as they are).
                    kernel.blendGroup(x: c, count: 4, coverage: group)
                    c = row.skipZeros(c &+ 4)
                    continue
                }
                // A run of four or more.
                let runEnd = row.runEnd(c &+ 4, value: v)
                if v == 255 {
                    kernel.fill(x: c, count: runEnd &- c)
                } else {
                    kernel.blend(x: c, count: runEnd &- c, coverage: v)
                }
                c = row.skipZeros(runEnd)
                continue
            }
            // Fewer than four columns left: a group of them, its trailing
            // zeros left out (its first value is not zero).
            let packed = row.tail(from: c, wide: wide)
            kernel.blendGroup(x: c, count: 4 &- (packed.leadingZeroBitCount &>> 3), coverage: packed)
            break
        } while c < end
    }
}

/// One row of one-byte values for `driveBytes`, read a word at a time:
/// `values[c]` is device column c's, columns up to `end` readable.
private struct ByteRow {
    let values: UnsafePointer<UInt8>
    let end: Int

    /// Values c..<c+8, value c in the lowest byte.
    @inline(__always)
    func word(_ c: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(values + c).loadUnaligned(as: UInt64.self))
    }

    /// Values c..<c+4, value c in the lowest byte.
    @inline(__always)
    func quad(_ c: Int) -> UInt32 {
        UInt32(littleEndian: UnsafeRawPointer(values + c).loadUnaligned(as: UInt32.self))
    }

    /// The first non-zero column at or after `from`, or `end`: `from`
    /// itself tried first, then eight at a time while eight remain, the
    /// lowest non-zero byte of a word found by its trailing zero bits.
    @inline(__always)
    func skipZeros(_ from: Int) -> Int {
        // Dense masks (CJK glyphs) mostly go on at once: one byte first.
        if from < end && values[from] != 0 { return from }
        var c = from
        while c &+ 8 <= end {
            let w = word(c)
            if w != 0 { return c &+ w.trailingZeroBitCount &>> 3 }
            c &+= 8
        }
        while c < end && values[c] == 0 { c &+= 1 }
        return c
    }

    /// The end of a run of value `v` that goes on at least to `from`:
    /// eight columns at a time, then one at a time.
    @inline(__always)
    func runEnd(_ from: Int, value v: UInt32) -> Int {
        var runEnd = from
        let pattern = UInt64(v) &* 0x0101_0101_0101_0101
        while runEnd &+ 8 <= end {
            let differing = word(runEnd) ^ pattern
            if differing != 0 { return runEnd &+ differing.trailingZeroBitCount &>> 3 }
            runEnd &+= 8
        }
        while runEnd < end && UInt32(values[runEnd]) == v { runEnd &+= 1 }
        return runEnd
    }

    /// The values c..<end (fewer than four), value c in the lowest byte:
    /// in a row at least four wide (`wide`), read as the word ending at
    /// the row's end.
    @inline(__always)
    func tail(from c: Int, wide: Bool) -> UInt32 {
        if wide { return quad(end &- 4) >> UInt32(truncatingIfNeeded: (c &+ 4 &- end) &* 8) }
        var packed: UInt32 = 0
        for i in 0..<(end &- c) { packed |= UInt32(values[c &+ i]) << UInt32(truncatingIfNeeded: i &* 8) }
        return packed
    }
}

/// The low `count` bytes (1...4) of a packed group.
@inline(__always)
private func groupMask(_ count: Int) -> UInt32 {
    count >= 4 ? 0xFFFF_FFFF : (1 << UInt32(truncatingIfNeeded: count &* 8)) &- 1
}

extension Surface {
    /// This surface's alpha bytes (or A8 values) as coverage rows, its
    /// pending clear, if any, written first.
    func coverageRows() -> CoverageRows {
        flush()
        return CoverageRows(alphaOf: self)
    }
}
