// Canvas: a coverage mask -> pixels, through the same kernels as a fill
// (Renderer+Composite.swift): the plain solid source-over kernel, the
// paint kernel for every other shader, mode and clip mask, the pending
// clear fused in. The mask's rows are driven by CoverageMaskDriver.swift
// instead of the rasterizer; no edges are built.

extension Renderer {
    /// Composites `shader` through `coverage`, value (0, 0) on device pixel
    /// (`x`, `y`) of `surface` (a 32-bit surface), inside `clip`, with
    /// `mode`. Draws nothing (leaving a pending clear pending) if the mask
    /// misses the clip.
    func composite(coverage: CoverageRows, atX x: Int, y: Int, shader: Shader, clip: Clip, mode: BlendMode,
                   into surface: Surface) {
        assert(surface.format != .a8, "a 32-bit surface (A8 draws go through RGBA8 scratch)")
        guard !coverage.placed(atX: x, y: y, within: clip.bounds).isEmpty else { return }
        if case .solid(let color) = shader, clip.mask == nil, mode == .sourceOver {
            drive(SolidSourceOver(surface: surface, packed: color), coverage, atX: x, y: y, clip: clip.bounds,
                  into: surface)
            return
        }
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
        drive(PaintKernel(surface: surface, shader: shader, mode: mode, mask: clip.mask, source: rows.base,
                          coverage: rowCoverage.base),
              coverage, atX: x, y: y, clip: clip.bounds, into: surface)
    }

    /// Drives `kernel` over the mask, with the surface's pending clear
    /// fused in (ClearingKernel) if it has one; the clear is then done.
    @inline(__always)
    private func drive<Kernel: SpanKernel>(_ kernel: Kernel, _ coverage: CoverageRows, atX x: Int, y: Int,
                                           clip: PixelRect, into surface: Surface) {
        guard let color = surface.pendingClear else {
            var k = kernel
            driveCoverage(coverage, atX: x, y: y, clip: clip, into: &k)
            return
        }
        surface.pendingClear = nil
        var clearing = ClearingKernel(kernel, surface: surface, color: color)
        driveCoverage(coverage, atX: x, y: y, clip: clip, into: &clearing)
        clearing.finish()
    }
}
