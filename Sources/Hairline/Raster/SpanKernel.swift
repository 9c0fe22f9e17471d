// Raster -> Composite contract: the sweep (CellRow.swift) hands each row's
// coverage straight to a compositing kernel, left to right, in device
// pixels inside the clip: spans of one coverage between the pieces'
// cells (full ones to the kernel's fill, empty ones never sent) and groups
// of up to four pixels with a coverage byte each where pieces touched.
// Kernels are structs the rasterizer is generic over, so every call is
// specialised and inlined into the row loop: no run list, no per-pixel
// call, no existential between raster and composite. What a kernel adds to
// composite onto a pending clear is another protocol, of that draw mode
// (ClearFusingKernel, Composite/ClearingKernel.swift).

/// Receives one draw's coverage, row by row.
protocol SpanKernel {
    /// Starts device row `y`; the calls until the next `beginRow` address
    /// its pixels. Rows arrive top to bottom; rows with no coverage are
    /// skipped.
    mutating func beginRow(_ y: Int)
    /// Blends columns `x..<x+count` (device pixels, `count` ≥ 1) of the
    /// row at full coverage.
    mutating func fill(x: Int, count: Int)
    /// Blends columns `x..<x+count` each with `coverage` (1...254 out of
    /// 255).
    mutating func blend(x: Int, count: Int, coverage: UInt32)
    /// Blends columns `x..<x+count` (`count` 1...4), column `x + i` with
    /// coverage byte `i` of `coverage` (lowest byte first; each 0...255, at
    /// least one non-zero).
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32)
    /// Tells the kernel that no call will address a device row above `y`
    /// any more (two draws rasterized together, Rasterizer.swift). Most
    /// kernels ignore it (the default); a kernel writing a pending clear
    /// (Composite/ClearingKernel.swift) writes it up to there.
    mutating func advance(toRow y: Int)
    /// Whether the kernel keys its rows (`rowCopyKey`) for this draw
    /// (false, the default: it cannot copy rows).
    var keysRows: Bool { get }
    /// Where `keysRows`, a key for device row `y`'s colors: two rows with
    /// the same key that get the same calls come out with the same pixels
    /// in every column of the surface, so the later one may be copied
    /// from the earlier (`copyRows`) instead of being composited. Keyed
    /// kernels write every pixel of the rows they begin (a pending
    /// clear's kernel, ClearingKernel.swift), so no earlier content shows
    /// through. (Mutating so that the kernel is read in place.)
    mutating func rowCopyKey(_ y: Int) -> Int
    /// Writes device rows `rows` as copies of row `source`, in place of
    /// beginning them and sending their calls: `source` is above them,
    /// was begun (or copied) by this kernel in this draw, and has their
    /// key (`rowCopyKey`) and calls. Rows arrive top to bottom as for
    /// `beginRow`.
    mutating func copyRows(from source: Int, to rows: Range<Int>)
    /// Whether the kernel does the same to any two rows given the same
    /// calls over the same pixels (no clip mask, colors that do not vary
    /// by row): a solid color's kernel. False by default.
    var blendsRowsAlike: Bool { get }
}

extension SpanKernel {
    mutating func advance(toRow y: Int) {}

    var keysRows: Bool { false }

    mutating func rowCopyKey(_ y: Int) -> Int {
        preconditionFailure("rowCopyKey on a kernel that keys no rows")
    }

    mutating func copyRows(from source: Int, to rows: Range<Int>) {
        preconditionFailure("copyRows on a kernel that keys no rows")
    }

    var blendsRowsAlike: Bool { false }
}

extension UInt32 {
    /// Byte `i` (0...3, lowest first) of a packed group coverage.
    @inline(__always)
    func coverageByte(_ i: Int) -> UInt32 { (self >> UInt32(truncatingIfNeeded: i &* 8)) & 0xFF }
}
