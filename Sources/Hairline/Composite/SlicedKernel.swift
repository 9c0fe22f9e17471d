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

    /// Calls `body(&self, k, a, b)` for each part `a..<b` of columns
    /// `x..<x+count` that present piece `k` draws, left to right.
    @inline(__always)
    private mutating func forEachPart(x: Int, count: Int, _ body: (inout SlicedKernel, Int, Int, Int) -> Void) {
        guard band >= 0 else { return }
        for c in 0..<3 {
            let k = band &+ c
            let a = max(x, columns[c]), b = min(x &+ count, columns[c &+ 1])
            if a < b && present & (1 << k) != 0 { body(&self, k, a, b) }
        }
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        forEachPart(x: x, count: count) { this, k, a, b in this.kernels[k].fill(x: a, count: b &- a) }
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        forEachPart(x: x, count: count) { this, k, a, b in
            this.kernels[k].blend(x: a, count: b &- a, coverage: coverage)
        }
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        forEachPart(x: x, count: count) { this, k, a, b in
            let bytes = Self.coverage(coverage, from: a &- x, count: b &- a)
            if bytes != 0 { this.kernels[k].blendGroup(x: a, count: b &- a, coverage: bytes) }
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

    /// `forEachPart` onto `background`: the columns between the parts
    /// (and those `body` declines, returning false) are given the
    /// background.
    @inline(__always)
    private mutating func forEachPart(x: Int, count: Int, onto background: UInt32,
                                      _ body: (inout SlicedKernel, Int, Int, Int) -> Bool) {
        var done = x
        forEachPart(x: x, count: count) { this, k, a, b in
            guard body(&this, k, a, b) else { return }
            if a > done { this.filler.fill(this.row + done, count: a &- done, with: background) }
            done = b
        }
        if x &+ count > done { filler.fill(row + done, count: x &+ count &- done, with: background) }
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        forEachPart(x: x, count: count, onto: background) { this, k, a, b in
            let n = b &- a
            if coverage == 255 && this.kernels[k].fillIgnoresDestination {
                this.kernels[k].fill(x: a, count: n)
            } else if !this.kernels[k].blend(x: a, count: n, coverage: coverage, onto: background) {
                this.filler.fill(this.row + a, count: n, with: background)
                if coverage == 255 {
                    this.kernels[k].fill(x: a, count: n)
                } else {
                    this.kernels[k].blend(x: a, count: n, coverage: coverage)
                }
            }
            return true
        }
        return true
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        forEachPart(x: x, count: count, onto: background) { this, k, a, b in
            let bytes = Self.coverage(coverage, from: a &- x, count: b &- a)
            guard bytes != 0 else { return false }
            if !this.kernels[k].blendGroup(x: a, count: b &- a, coverage: bytes, onto: background) {
                this.filler.fill(this.row + a, count: b &- a, with: background)
                this.kernels[k].blendGroup(x: a, count: b &- a, coverage: bytes)
            }
            return true
        }
        return true
    }
}
