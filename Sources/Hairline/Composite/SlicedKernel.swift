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
struct SlicedKernel: ClearFusingKernel {
    /// Nine kernels, row-major; those of pieces in `present` whose rows
    /// are not plain initialized (Renderer.prepareSlice), the others never
    /// touched.
    let kernels: UnsafeMutablePointer<PaintKernel>
    /// The nine pieces' rows where plain (PlainRow.swift), found once per
    /// draw; owned by the renderer, like `plain`.
    let pieces: UnsafePointer<PlainRows>
    /// The current band's three pieces' rows where plain (the pieces
    /// without kernels), composited here; three entries.
    let plain: UnsafeMutablePointer<PlainRow>
    /// Bit k set: piece k draws.
    let present: Int
    /// The pieces' column and row bounds (device pixels, non-decreasing).
    let columns: SIMD4<Int>, rows: SIMD4<Int>
    let surface: Surface
    let filler = PixelFiller.shared
    /// Pieces differ and columns between them stay: a fill is not a store
    /// over a pending clear.
    var fillIgnoresDestination: Bool { false }
    /// The first piece of the current row's band of three, or -1 for a
    /// row outside the pieces.
    private var band = -1
    private var row: UnsafeMutablePointer<UInt32>

    init(
        kernels: UnsafeMutablePointer<PaintKernel>, pieces: UnsafePointer<PlainRows>,
        plain: UnsafeMutablePointer<PlainRow>, present: Int, columns: SIMD4<Int>, rows: SIMD4<Int>,
        surface: Surface
    ) {
        assert(
            columns[0] <= columns[1] && columns[1] <= columns[2] && columns[2] <= columns[3]
                && rows[0] <= rows[1] && rows[1] <= rows[2] && rows[2] <= rows[3], "pieces in order")
        assert(present & ~0x1FF == 0, "nine pieces")
        self.kernels = kernels
        self.pieces = pieces
        self.plain = plain
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
        for c in 0..<3 where present & (1 << (band &+ c)) != 0 {
            let k = band &+ c
            if pieces[k].kind != .none {
                plain[c] = pieces[k].row(y)
            } else {
                plain[c].kind = .none
                beginKernelRow(k, y)
            }
        }
    }

    /// Calls `body(&self, c, a, b)` for each part `a..<b` of columns
    /// `x..<x+count` that present piece `band + c` draws, left to right.
    @inline(__always)
    private mutating func forEachPart(x: Int, count: Int, _ body: (inout SlicedKernel, Int, Int, Int) -> Void) {
        guard band >= 0 else { return }
        for c in 0..<3 {
            let a = max(x, columns[c]), b = min(x &+ count, columns[c &+ 1])
            if a < b && present & (1 << (band &+ c)) != 0 { body(&self, c, a, b) }
        }
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        forEachPart(x: x, count: count) { this, c, a, b in
            if this.plain[c].kind != .none {
                this.plain[c].fill(this.row, x: a, count: b &- a, filler: this.filler)
            } else {
                this.kernelFill(this.band &+ c, a, b &- a)
            }
        }
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        forEachPart(x: x, count: count) { this, c, a, b in
            if this.plain[c].kind != .none {
                this.plain[c].blend(this.row, x: a, count: b &- a, coverage: coverage, filler: this.filler)
            } else {
                this.kernelBlend(this.band &+ c, a, b &- a, coverage)
            }
        }
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        let c = plainPiece(x: x, count: count)
        if c >= 0 {
            plain[c].blendGroup(row, x: x, count: count, coverage: coverage)
            return
        }
        forEachPart(x: x, count: count) { this, c, a, b in
            let bytes = Self.coverage(coverage, from: a &- x, count: b &- a)
            guard bytes != 0 else { return }
            if this.plain[c].kind != .none {
                this.plain[c].blendGroup(this.row, x: a, count: b &- a, coverage: bytes)
            } else {
                this.kernelGroup(this.band &+ c, a, b &- a, bytes)
            }
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
    private mutating func forEachPart(
        x: Int, count: Int, onto background: UInt32,
        _ body: (inout SlicedKernel, Int, Int, Int) -> Bool
    ) {
        var done = x
        forEachPart(x: x, count: count) { this, c, a, b in
            guard body(&this, c, a, b) else { return }
            if a > done { this.filler.fill(this.row + done, count: a &- done, with: background) }
            done = b
        }
        if x &+ count > done { filler.fill(row + done, count: x &+ count &- done, with: background) }
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        forEachPart(x: x, count: count, onto: background) { this, c, a, b in
            let n = b &- a
            if this.plain[c].kind != .none {
                if !this.plain[c].blend(
                    this.row, x: a, count: n, coverage: coverage, onto: background,
                    filler: this.filler)
                {
                    this.filler.fill(this.row + a, count: n, with: background)
                    this.plain[c].blend(this.row, x: a, count: n, coverage: coverage, filler: this.filler)
                }
                return true
            }
            this.kernelBlend(this.band &+ c, a, n, coverage, onto: background)
            return true
        }
        return true
    }

    /// The column of pieces holding all of columns `x..<x+count` if one
    /// does, its piece is present and its row plain, else −1: most calls
    /// (a rounded corner's groups, a row's ends) fall in one piece.
    @inline(__always)
    private func plainPiece(x: Int, count: Int) -> Int {
        guard band >= 0 else { return -1 }
        let c = x < columns[1] ? 0 : (x < columns[2] ? 1 : 2)
        guard x >= columns[c], x &+ count <= columns[c &+ 1], present & (1 << (band &+ c)) != 0,
            plain[c].kind != .none
        else { return -1 }
        return c
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        let c = plainPiece(x: x, count: count)
        if c >= 0 {
            plain[c].blendGroup(row, x: x, count: count, coverage: coverage, onto: background)
            return true
        }
        forEachPart(x: x, count: count, onto: background) { this, c, a, b in
            let bytes = Self.coverage(coverage, from: a &- x, count: b &- a)
            guard bytes != 0 else { return false }
            if this.plain[c].kind != .none {
                this.plain[c].blendGroup(this.row, x: a, count: b &- a, coverage: bytes, onto: background)
                return true
            }
            this.kernelGroup(this.band &+ c, a, b &- a, bytes, onto: background)
            return true
        }
        return true
    }

    // The pieces with kernels (rows not plain), out of line: the calls'
    // plain paths above stay small.

    @inline(never)
    private func beginKernelRow(_ k: Int, _ y: Int) { kernels[k].beginRow(y) }

    @inline(never)
    private func kernelFill(_ k: Int, _ x: Int, _ count: Int) { kernels[k].fill(x: x, count: count) }

    @inline(never)
    private func kernelBlend(_ k: Int, _ x: Int, _ count: Int, _ coverage: UInt32) {
        kernels[k].blend(x: x, count: count, coverage: coverage)
    }

    @inline(never)
    private func kernelGroup(_ k: Int, _ x: Int, _ count: Int, _ coverage: UInt32) {
        kernels[k].blendGroup(x: x, count: count, coverage: coverage)
    }

    /// Piece `k`'s kernel blends columns `x..<x+count` onto `background`
    /// by value where it can, else over the stored background.
    @inline(never)
    private func kernelBlend(_ k: Int, _ x: Int, _ count: Int, _ coverage: UInt32, onto background: UInt32) {
        if coverage == 255 && kernels[k].fillIgnoresDestination {
            kernels[k].fill(x: x, count: count)
        } else if !kernels[k].blend(x: x, count: count, coverage: coverage, onto: background) {
            filler.fill(row + x, count: count, with: background)
            if coverage == 255 {
                kernels[k].fill(x: x, count: count)
            } else {
                kernels[k].blend(x: x, count: count, coverage: coverage)
            }
        }
    }

    /// `kernelBlend(_:_:_:_:onto:)` for a group.
    @inline(never)
    private func kernelGroup(_ k: Int, _ x: Int, _ count: Int, _ coverage: UInt32, onto background: UInt32) {
        if !kernels[k].blendGroup(x: x, count: count, coverage: coverage, onto: background) {
            filler.fill(row + x, count: count, with: background)
            kernels[k].blendGroup(x: x, count: count, coverage: coverage)
        }
    }
}
