// Composite: a fill color and a stroke color, source-over, in one pass
// (PairKernel, PairSweep.swift): each pixel becomes the stroke over (the
// fill over what it held), with exactly the bytes of SolidSourceOver
// filling and then SolidSourceOver stroking. Over a pending clear the
// destination is one known value, so no pixel is read: spans are one
// computed color stored, groups four colors computed in vector lanes, and
// the rows and columns the draw misses are cleared here too; rows that
// repeat another's calls are stored as its long run of one color with its
// few other columns copied (`fillRows`: a cell's background between its
// borders), or else copied whole (narrow surfaces: `copyRow`).

/// Composites two solid colors' coverages (a fill's and its stroke's)
/// onto a surface in one pass.
struct SolidPairSourceOver: PairKernel {
    let surface: Surface
    /// The colors, packed as they lie in memory, and their alphas.
    let fill: UInt32, fillAlpha: UInt32
    let stroke: UInt32, strokeAlpha: UInt32
    /// Whether the surface's pending clear is written by this kernel, and
    /// its color: every pixel then starts as `background`.
    let clears: Bool
    let background: UInt32
    /// The clip's columns (device pixels): under a clear the columns
    /// outside them are cleared as each row begins.
    let columns: Range<Int>
    let filler: PixelFiller
    /// Under a clear, a surface at most `rowCopyWidthLimit` pixels wide.
    let copiesRows: Bool
    /// The current row, and the first row not begun yet.
    private var row: UnsafeMutablePointer<UInt32>
    private var nextRow = 0

    /// A kernel drawing `fill` then `stroke` (packed premultiplied
    /// colors) over `surface`, whose pending clear (if any) it takes over:
    /// call `finish()` after the last row.
    init(surface: Surface, fill: UInt32, stroke: UInt32, clip: PixelRect, filler: PixelFiller = .shared) {
        self.surface = surface
        self.fill = fill
        fillAlpha = packedAlpha(fill)
        self.stroke = stroke
        strokeAlpha = packedAlpha(stroke)
        clears = surface.pendingClear != nil
        background = surface.pendingClear ?? 0
        surface.pendingClear = nil
        columns = clip.minX..<clip.maxX
        self.filler = filler
        copiesRows = clears && surface.width <= Self.rowCopyWidthLimit
        row = surface.rowPointer(0)
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        row = surface.rowPointer(y)
        if clears {
            if y > nextRow { clearRows(nextRow, y) }
            if columns.lowerBound > 0 { filler.fill(row, count: columns.lowerBound, with: background) }
            if columns.upperBound < surface.width {
                filler.fill(row + columns.upperBound, count: surface.width &- columns.upperBound, with: background)
            }
        }
        nextRow = y &+ 1
    }

    /// Clears the rows after the last one begun (under a clear): the
    /// surface then holds what the clear, the fill and the stroke make.
    mutating func finish() {
        if clears && nextRow < surface.height { clearRows(nextRow, surface.height) }
        nextRow = surface.height
    }

    @inline(__always)
    mutating func span(x: Int, count: Int, first: UInt32, second: UInt32) {
        if clears {
            filler.fill(row + x, count: count, with: over(background, first: first, second: second))
            return
        }
        if first == 255 {
            SolidSpans.fill(row + x, count: count, source: fill, alpha: fillAlpha, filler: filler)
        } else if first != 0 {
            SolidSpans.blend(row + x, count: count, source: fill, alpha: fillAlpha, coverage: first)
        }
        if second == 255 {
            SolidSpans.fill(row + x, count: count, source: stroke, alpha: strokeAlpha, filler: filler)
        } else if second != 0 {
            SolidSpans.blend(row + x, count: count, source: stroke, alpha: strokeAlpha, coverage: second)
        }
    }

    @inline(__always)
    mutating func group(x: Int, count: Int, first: UInt32, second: UInt32) {
        let pixels = row + x
        var lanes: PixelLanes
        if clears {
            lanes = PixelLanes(pixel: background)
        } else if count == 4 {
            lanes = UnsafeRawPointer(pixels).loadUnaligned(as: PixelLanes.self)
        } else {
            // A row's last, short group: nothing past the row is read.
            let d = SIMD4<UInt32>(pixels[0], count > 1 ? pixels[1] : 0, count > 2 ? pixels[2] : 0, 0)
            lanes = unsafeBitCast(d, to: PixelLanes.self)
        }
        // The per-pixel formula of SolidSpans (coverage 0 keeps a pixel).
        if first != 0 {
            let s = PixelLanes(pixel: fill).scaled(by: PixelLanes(coverageBytes: first))
            lanes = lanes.scaled(by: s.inverseAlphaFactors) &+ s
        }
        if second != 0 {
            let s = PixelLanes(pixel: stroke).scaled(by: PixelLanes(coverageBytes: second))
            lanes = lanes.scaled(by: s.inverseAlphaFactors) &+ s
        }
        storeGroup(lanes, count: count, into: pixels)
    }

    var copiesPixels: Bool { clears }

    /// Surface rows up to this many pixels wide are copied whole where
    /// they repeat a row (under a clear): a row's calls cost a few hundred
    /// instructions beyond their stores, which dominate narrow rows (the
    /// 1x cell: 15-20 % of its draw); in wider rows the stores dominate,
    /// and storing a fill (no loads) beat copying in measurements (2x, 3x
    /// cells 4-19 % slower copied).
    static let rowCopyWidthLimit = 512

    @inline(__always)
    mutating func copy(x: Int, count: Int, fromRow source: Int) {
        assert(
            clears && source < nextRow &- 1 && x >= 0 && x &+ count <= surface.width, "a copy from a row not written")
        copyPixels(from: surface.rowPointer(source) + x, to: row + x, count: count)
    }

    @inline(__always)
    mutating func copyMirrored(x: Int, count: Int, from source: Int) {
        assert(
            clears && x >= 0 && x &+ count <= surface.width && source >= 0 && source &+ count <= surface.width,
            "a mirrored copy outside the row")
        // Column by column from the far end: where the ranges overlap
        // (the middle column of an odd mirror), it maps onto itself.
        let from = row + (source &+ count &- 1), to = row + x
        for i in 0..<count { to[i] = from[-i] }
    }

    @inline(__always)
    func pixel(first: UInt32, second: UInt32) -> UInt32 {
        assert(clears, "one pixel for a span only over a clear")
        return over(background, first: first, second: second)
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int, pixel: UInt32) { filler.fill(row + x, count: count, with: pixel) }

    @inline(__always)
    mutating func copyRow(_ source: Int, into rows: Range<Int>) {
        assert(copiesRows && source < rows.lowerBound && rows.lowerBound <= nextRow, "rows copied over the clear")
        surface.copyRow(source, into: rows)
        row = surface.rowPointer(rows.upperBound &- 1)
        nextRow = rows.upperBound
    }

    /// Rows that repeat a row mostly of one color (under a clear, where
    /// the run is at least 7/8 of the row): the run's color stored with
    /// the widest stores the CPU has (the C library's fill), over several
    /// rows at once where the rows lie end to end, and the few columns
    /// left and right of it copied from the source row while those rows
    /// are still in the first-level cache. Copying the rows whole costs
    /// a load a store; filling them through the calls costs the calls.
    mutating func fillRows(_ rows: Range<Int>, like source: Int, run: Range<Int>, pixel: UInt32) -> Bool {
        let width = surface.width
        guard clears, !rows.isEmpty, (width &- run.count) &* 8 <= width else { return false }
        assert(
            rows.lowerBound == nextRow && rows.upperBound <= surface.height && source < rows.lowerBound
                && run.lowerBound >= 0 && run.upperBound <= width,
            "rows filled in order from a row written")
        let from = surface.rowPointer(source)
        let left = PixelPatch(from, count: run.lowerBound)
        let right = PixelPatch(from + run.upperBound, count: width &- run.upperBound)
        let stride = surface.bytesPerRow >> 2  // (a multiple of 4 for 32-bit pixels)
        // Rows filled at once: about 16 KiB, so that the columns copied
        // next are stored into lines still in the first-level cache.
        let together = surface.bytesPerRow == width &* 4 ? max(1, Self.filledBytes / (width &* 4)) : 1
        var y = rows.lowerBound
        while y < rows.upperBound {
            let count = min(together, rows.upperBound &- y)
            let first = surface.rowPointer(y)
            if count == 1 {
                filler.fill(first + run.lowerBound, count: run.count, with: pixel)
            } else {
                filler.fill(first, count: count &* width, with: pixel)
            }
            var pixels = first
            for _ in 0..<count {
                left.store(to: pixels)
                right.store(to: pixels + run.upperBound)
                pixels += stride
            }
            y &+= count
        }
        row = surface.rowPointer(rows.upperBound &- 1)
        nextRow = rows.upperBound
        return true
    }

    /// The bytes `fillRows` stores at once.
    static let filledBytes = 16 << 10

    /// `destination` under the fill at coverage `first`, then the stroke
    /// at `second` (the scalar formula of SolidSpans).
    @inline(__always)
    private func over(_ destination: UInt32, first: UInt32, second: UInt32) -> UInt32 {
        var p = destination
        if first != 0 { p = SolidSpans.sourceOver(p, source: fill, alpha: fillAlpha, coverage: first) }
        if second != 0 { p = SolidSpans.sourceOver(p, source: stroke, alpha: strokeAlpha, coverage: second) }
        return p
    }

    /// Clears rows `first..<last`.
    private func clearRows(_ first: Int, _ last: Int) { surface.fillRows(first, last, with: background) }
}
