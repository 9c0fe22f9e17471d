// Pipeline: a coverage mask -> pixels, through the same kernels as a fill
// (Renderer+Composite.swift): the plain solid source-over kernel, the
// paint kernel for every other shader, mode and clip mask, the pending
// clear fused in. The mask's rows are driven by CoverageMaskDriver.swift
// instead of the rasterizer; no edges are built. A run of masks shares
// one kernel, made once.

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

    /// Composites `shader` through each of `coverages` in turn, each moved
    /// by (`dx`, `dy`) device pixels (a position that overflows: that
    /// mask is left out), into `surface` (32-bit) inside `clip` with
    /// `mode`: what `composite(coverage:...)` of each mask in order
    /// draws, with the kernel made once for all of them.
    func composite(_ coverages: [PlacedCoverage], movedByX dx: Int, y dy: Int, shader: Shader, clip: Clip,
                   mode: BlendMode, into surface: Surface) {
        assert(surface.format != .a8, "a 32-bit surface (A8 draws go through RGBA8 scratch)")
        if case .solid(let color) = shader, clip.mask == nil, mode == .sourceOver {
            var kernel = SolidSourceOver(surface: surface, packed: color)
            composite(coverages, movedByX: dx, y: dy, clip: clip.bounds, with: &kernel, into: surface)
            return
        }
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
        var kernel = PaintKernel(surface: surface, shader: shader, mode: mode, mask: clip.mask, source: rows.base,
                                 coverage: rowCoverage.base)
        composite(coverages, movedByX: dx, y: dy, clip: clip.bounds, with: &kernel, into: surface)
    }

    /// `composite(_:movedByX:y:shader:clip:mode:into:)`'s masks through
    /// `kernel` (its row state is set by each row's `beginRow`, so one
    /// kernel serves every mask; shaders are pure functions of x and y).
    @inline(__always)
    private func composite<Kernel: SpanKernel>(_ coverages: [PlacedCoverage], movedByX dx: Int, y dy: Int,
                                               clip: PixelRect, with kernel: inout Kernel, into surface: Surface) {
        coverages.withUnsafeBufferPointer { placed in
            for i in placed.indices {
                let (x, ox) = placed[i].x.addingReportingOverflow(dx)
                let (y, oy) = placed[i].y.addingReportingOverflow(dy)
                guard !ox, !oy else { continue }
                // The mask borrowed where the array holds it, alive as
                // long as `coverages` (no reference counting per mask).
                let rows = Unmanaged.passUnretained(placed[i].mask)._withUnsafeGuaranteedRef { $0.coverageRows() }
                guard !rows.placed(atX: x, y: y, within: clip).isEmpty else { continue }
                if surface.pendingClear != nil {
                    // The first mask that draws writes the clear with it,
                    // as one mask's draw does.
                    drive(kernel, rows, atX: x, y: y, clip: clip, into: surface)
                } else {
                    driveCoverage(rows, atX: x, y: y, clip: clip, into: &kernel)
                }
            }
        }
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
