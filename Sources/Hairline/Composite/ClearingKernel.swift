// Composite: a pending clear (Surface.clear(to:)) fused into the next draw.
// The draw's kernel is wrapped: every pixel of the rows the draw reaches is
// written once more at most — the clear color where nothing covers, the
// kernel's result (blended onto the clear color) where something does —
// and the rows it does not reach are cleared when it ends. Eager clearing
// then drawing writes an opaque cell's interior twice; here the fill's
// full spans are its only store.

/// A kernel a pending clear can be fused into: the draw mode "onto a
/// pending clear" (KernelChoice.target) asks it how its pixels come out
/// over a known background, so that it need not be stored first.
protocol ClearFusingKernel: SpanKernel {
    /// Whether `fill` stores the same pixels whatever the destination held
    /// (an opaque color, source-over): a pending clear under them can then
    /// be skipped.
    var fillIgnoresDestination: Bool { get }
    /// `blend` (coverage 1...255) onto columns that all hold `background`
    /// (a packed pixel: the pending clear), computed from that value rather
    /// than read back from the pixels: the bytes written must be exactly
    /// those of storing `background` and calling `blend` (or `fill` for
    /// 255). Returns false, writing nothing, where the kernel has no such
    /// path; the caller then stores the background and blends.
    mutating func blend(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool
    /// `blendGroup` onto columns that all hold `background`, on the same
    /// terms as `blend(x:count:coverage:onto:)`.
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool
    /// Whether the kernel keys the colors of its rows for this draw
    /// (`shadingKey`; false, the default).
    var keysShading: Bool { get }
    /// Where `keysShading`, a key for the colors device row `y` is shaded
    /// with: two rows with the same key get the same colors from the
    /// kernel at every column, so the same calls onto the same
    /// background give the same pixels (ClearingKernel's row copies).
    mutating func shadingKey(forRow y: Int) -> Int
}

extension ClearFusingKernel {
    var keysShading: Bool { false }

    mutating func shadingKey(forRow y: Int) -> Int {
        preconditionFailure("shadingKey on a kernel that keys no rows")
    }
}

/// Wraps a draw's kernel so that the surface's pending clear is written
/// exactly where and when the draw needs it. Rows arrive top to bottom and
/// spans left to right (SpanKernel), so a row cursor suffices.
struct ClearingKernel<Inner: ClearFusingKernel>: SpanKernel {
    var inner: Inner
    let surface: Surface
    /// The clear color, packed as it lies in memory.
    let color: UInt32
    let filler: PixelFiller
    /// The first row not yet written (cleared or begun).
    private var nextRow = 0
    /// The current row, and its first column not yet written.
    private var row: UnsafeMutablePointer<UInt32>?
    private var cursor = 0

    init(_ inner: Inner, surface: Surface, color: UInt32, filler: PixelFiller = .shared) {
        self.inner = inner
        self.surface = surface
        self.color = color
        self.filler = filler
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        finishRow()
        if y > nextRow { clearRows(nextRow, y) }
        row = surface.rowPointer(y)
        cursor = 0
        nextRow = y &+ 1
        inner.beginRow(y)
    }

    // Spans arrive left to right, so the columns of a call at or right of
    // the cursor still hold the clear color logically: the inner kernel
    // blends onto that value where it can (one store per pixel, no
    // store-then-reload of the clear), else the clear is stored first.

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        // A store needs no clear under it; a blend blends onto the clear.
        if inner.fillIgnoresDestination {
            clear(to: x)
            inner.fill(x: x, count: count)
        } else if !blendOntoClear(x: x, count: count, coverage: 255, group: false) {
            clear(to: x &+ count)
            inner.fill(x: x, count: count)
        }
        cursor = x &+ count
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        if !blendOntoClear(x: x, count: count, coverage: coverage, group: false) {
            clear(to: x &+ count)
            inner.blend(x: x, count: count, coverage: coverage)
        }
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        if !blendOntoClear(x: x, count: count, coverage: coverage, group: true) {
            clear(to: x &+ count)
            inner.blendGroup(x: x, count: count, coverage: coverage)
        }
    }

    /// `blend` (or, for `group`, `blendGroup`) of columns `x..<x+count`
    /// onto the clear color by the inner kernel's value path, if they are
    /// all unwritten and it has one.
    @inline(__always)
    private mutating func blendOntoClear(x: Int, count: Int, coverage: UInt32, group: Bool) -> Bool {
        guard x >= cursor && row != nil else { return false }
        clear(to: x)
        let done =
            group
            ? inner.blendGroup(x: x, count: count, coverage: coverage, onto: color)
            : inner.blend(x: x, count: count, coverage: coverage, onto: color)
        guard done else { return false }
        cursor = x &+ count
        return true
    }

    // Every row this kernel begins is written whole (the clear where the
    // draw leaves it): its pixels depend on the row's calls and the
    // inner kernel's colors only, so rows with the same shading key and
    // calls are copies of each other.

    var keysRows: Bool { inner.keysShading }

    @inline(__always)
    mutating func rowCopyKey(_ y: Int) -> Int { inner.shadingKey(forRow: y) }

    mutating func copyRows(from source: Int, to rows: Range<Int>) {
        finishRow()
        let y = rows.lowerBound
        assert(source < y && source < nextRow && y >= nextRow && !rows.isEmpty, "rows below one written by this draw")
        if y > nextRow { clearRows(nextRow, y) }
        surface.copyRow(source, into: rows)
        nextRow = rows.upperBound
    }

    /// Clears every pixel above device row `y` the draw has not written:
    /// the rest of its current row if that is above `y`, and the rows
    /// between it and `y`.
    mutating func advance(toRow y: Int) {
        let end = min(y, surface.height)
        if row != nil && nextRow <= end { finishRow() }
        if end > nextRow {
            clearRows(nextRow, end)
            nextRow = end
        }
    }

    /// Clears what the draw left: the rest of its last row and every row
    /// below. The surface then holds exactly what an eager clear and the
    /// draw would have made.
    mutating func finish() {
        finishRow()
        if nextRow < surface.height { clearRows(nextRow, surface.height) }
        nextRow = surface.height
    }

    /// Clears the current row from the cursor to `end`.
    @inline(__always)
    private mutating func clear(to end: Int) {
        if end > cursor, let row {
            filler.fill(row + cursor, count: end &- cursor, with: color)
            cursor = end
        }
    }

    private mutating func finishRow() {
        clear(to: surface.width)
        row = nil
    }

    /// Clears rows `first..<last`.
    private func clearRows(_ first: Int, _ last: Int) { surface.fillRows(first, last, with: color) }
}
