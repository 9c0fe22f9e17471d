// Composite: an image drawn in pieces on whole device pixels (a nine-slice,
// Canvas+Image.swift) under a clip shape, in one pass. The rasterizer
// covers the clip shape; each of its calls is cut at the pieces' device
// columns and handed to the piece's own PaintKernel. Every piece covers
// its pixels fully, so each pixel gets its piece's operation at the
// shape's coverage: what filling each piece through the shape's mask
// gives, byte for byte (the mask holds that coverage; a full piece
// multiplies it by 255/255).

/// Sends a clip shape's coverage to the pieces of a sliced image draw.
/// The pieces are a 3 x 3 grid of device pixel rects (`columns` x `rows`,
/// each side in order, empty pieces allowed); columns outside them, and
/// pieces not in `present`, are left as they are.
struct SlicedKernel: SpanKernel {
    /// Nine kernels, row-major; those of pieces in `present` initialized
    /// (Renderer.prepareSlice), the others never touched.
    let kernels: UnsafeMutablePointer<PaintKernel>
    /// Bit k set: piece k draws.
    let present: Int
    /// The pieces' column and row bounds (device pixels, non-decreasing).
    let columns: SIMD4<Int>, rows: SIMD4<Int>
    let surface: Surface
    let filler = PixelFiller.shared
    /// The first piece of the current row's band of three, or -1 for a
    /// row outside the pieces.
    private var band = -1
    private var row: UnsafeMutablePointer<UInt32>

    init(kernels: UnsafeMutablePointer<PaintKernel>, present: Int, columns: SIMD4<Int>, rows: SIMD4<Int>,
         surface: Surface) {
        assert(columns[0] <= columns[1] && columns[1] <= columns[2] && columns[2] <= columns[3]
               && rows[0] <= rows[1] && rows[1] <= rows[2] && rows[2] <= rows[3], "pieces in order")
        assert(present & ~0x1FF == 0, "nine pieces")
        self.kernels = kernels
        self.present = present
        self.columns = columns
        self.rows = rows
        self.surface = surface
        row = surface.rowPointer(0)
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        row = surface.rowPointer(y)
        if y < rows[0] || y >= rows[3] {
            band = -1
            return
        }
        band = y < rows[1] ? 0 : (y < rows[2] ? 3 : 6)
        for k in band..<(band &+ 3) where present & (1 << k) != 0 { kernels[k].beginRow(y) }
    }

    /// The piece (index, or -1 for none) of column band `c` (0...2) of the
    /// current row, and the part of `x..<x+count` in it.
    @inline(__always)
    private func part(_ c: Int, x: Int, count: Int) -> (piece: Int, start: Int, end: Int) {
        let start = max(x, columns[c]), end = min(x &+ count, columns[c &+ 1])
        let k = band &+ c
        return (band >= 0 && present & (1 << k) != 0 ? k : -1, start, end)
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        guard band >= 0 else { return }
        for c in 0..<3 {
            let (k, a, b) = part(c, x: x, count: count)
            if k >= 0 && a < b { kernels[k].fill(x: a, count: b &- a) }
        }
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        guard band >= 0 else { return }
        for c in 0..<3 {
            let (k, a, b) = part(c, x: x, count: count)
            if k >= 0 && a < b { kernels[k].blend(x: a, count: b &- a, coverage: coverage) }
        }
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        guard band >= 0 else { return }
        for c in 0..<3 {
            let (k, a, b) = part(c, x: x, count: count)
            guard k >= 0 && a < b else { continue }
            let bytes = Self.coverage(coverage, from: a &- x, count: b &- a)
            if bytes != 0 { kernels[k].blendGroup(x: a, count: b &- a, coverage: bytes) }
        }
    }

    /// Coverage bytes `offset..<offset+count` of a group's, lowest first.
    @inline(__always)
    private static func coverage(_ packed: UInt32, from offset: Int, count: Int) -> UInt32 {
        let shifted = packed >> UInt32(truncatingIfNeeded: offset &* 8)
        return count >= 4 ? shifted : shifted & ((1 << UInt32(truncatingIfNeeded: count &* 8)) &- 1)
    }

    // Onto a pending clear: every column of the call ends up as storing
    // `background` and blending would leave it. Columns no piece draws
    // get the background; each piece blends onto it by value where its
    // kernel can, else over the stored background. Always done here.

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        var done = x
        for c in 0..<3 where band >= 0 {
            let (k, a, b) = part(c, x: x, count: count)
            guard k >= 0 && a < b else { continue }
            if a > done { filler.fill(row + done, count: a &- done, with: background) }
            let n = b &- a
            if coverage == 255 && kernels[k].fillIgnoresDestination {
                kernels[k].fill(x: a, count: n)
            } else if !kernels[k].blend(x: a, count: n, coverage: coverage, onto: background) {
                filler.fill(row + a, count: n, with: background)
                if coverage == 255 {
                    kernels[k].fill(x: a, count: n)
                } else {
                    kernels[k].blend(x: a, count: n, coverage: coverage)
                }
            }
            done = b
        }
        if x &+ count > done { filler.fill(row + done, count: x &+ count &- done, with: background) }
        return true
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        var done = x
        for c in 0..<3 where band >= 0 {
            let (k, a, b) = part(c, x: x, count: count)
            guard k >= 0 && a < b else { continue }
            let bytes = Self.coverage(coverage, from: a &- x, count: b &- a)
            guard bytes != 0 else { continue }
            if a > done { filler.fill(row + done, count: a &- done, with: background) }
            if !kernels[k].blendGroup(x: a, count: b &- a, coverage: bytes, onto: background) {
                filler.fill(row + a, count: b &- a, with: background)
                kernels[k].blendGroup(x: a, count: b &- a, coverage: bytes)
            }
            done = b
        }
        if x &+ count > done { filler.fill(row + done, count: x &+ count &- done, with: background) }
        return true
    }
}
