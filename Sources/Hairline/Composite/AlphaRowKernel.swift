// Composite: any RGBA8 kernel drawing into an A8 surface. The inner kernel
// is made over one row of RGBA8 scratch that every device row shares (a
// surface whose rows are zero bytes apart: `Surface(scratchRow:…)`); for
// each span the A8 bytes are widened into the scratch as black at their
// alpha, the inner kernel composites them, and the alphas are stored
// back. Every blend mode's alpha depends on alphas only, so the A8
// surface gets exactly, byte for byte, the alpha an RGBA8 surface would;
// only the pixels a span addresses are touched.

/// Drives `Inner` (built over the scratch row) for an A8 surface.
struct AlphaRowKernel<Inner: SpanKernel>: SpanKernel {
    /// The kernel, writing the scratch row.
    var inner: Inner
    /// The A8 surface.
    let surface: Surface
    /// The scratch row: at least the surface's width of pixels.
    let scratch: UnsafeMutablePointer<UInt32>
    /// The current A8 row.
    private var row: UnsafeMutablePointer<UInt8>

    /// Drives `inner`, made over a scratch surface whose every row is
    /// `scratch` (at least `surface.width` pixels), into the A8 `surface`
    /// (whose clear, if any, is already written).
    init(_ inner: Inner, surface: Surface, scratch: UnsafeMutablePointer<UInt32>) {
        assert(surface.format == .a8 && surface.pendingClear == nil, "an A8 surface with no clear pending")
        self.inner = inner
        self.surface = surface
        self.scratch = scratch
        row = surface.storage.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        assert(y >= 0 && y < surface.height, "a row of the surface")
        row = (surface.storage + y &* surface.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        inner.beginRow(y)
    }

    /// Widens columns `x..<x+count` of the row into the scratch (black
    /// at each alpha, packed as RGBA8 stores it).
    @inline(__always)
    private func widen(_ x: Int, _ count: Int) {
        assert(x >= 0 && count >= 0 && x &+ count <= surface.width, "columns of the surface")
        let alphas = row + x, pixels = scratch + x
        for i in 0..<count { pixels[i] = UInt32(littleEndian: UInt32(alphas[i]) << 24) }
    }

    /// Stores the scratch's alphas of columns `x..<x+count` back.
    @inline(__always)
    private func narrow(_ x: Int, _ count: Int) {
        let alphas = row + x, pixels = scratch + x
        for i in 0..<count { alphas[i] = UInt8(truncatingIfNeeded: UInt32(littleEndian: pixels[i]) >> 24) }
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        widen(x, count)
        inner.fill(x: x, count: count)
        narrow(x, count)
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        widen(x, count)
        inner.blend(x: x, count: count, coverage: coverage)
        narrow(x, count)
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        widen(x, count)
        inner.blendGroup(x: x, count: count, coverage: coverage)
        narrow(x, count)
    }

    @inline(__always)
    mutating func advance(toRow y: Int) { inner.advance(toRow: y) }
}
