// Pipeline: makes the kernel KernelChoice names (Composite/KernelChoice.swift)
// and hands it to the draw's driver, wrapped for the target: an A8
// surface's kernel composites a scratch row (AlphaRowKernel), a pending
// clear is fused into the first kernel of the draw (ClearingKernel). Every
// draw path composites through `withKernel`; only the clip masks'
// (MaskKernel) and the closed-form pair's (SolidPairSourceOver) kernels
// are made elsewhere, each for the one draw it serves.

/// What a draw does with its kernel: run the row loop over its edges, walk
/// a coverage mask. Generic over the kernel, so each use is specialised
/// and inlined for every kernel it can get (no existential per span).
protocol KernelDriver {
    mutating func drive<Kernel: SpanKernel>(_ kernel: inout Kernel)
}

extension Renderer {
    /// Composites through the kernel chosen for `shader`, `mode` and
    /// `clip`'s mask into `surface`: `driver` drives it. The surface's
    /// pending clear is fused into the kernel if `fusesClear` (then it is
    /// written by this draw), else left pending; a `.nothing` choice
    /// drives nothing.
    @inline(__always)
    func withKernel<Driver: KernelDriver>(
        _ shader: Shader, mode: BlendMode, clip: Clip, into surface: Surface,
        fusesClear: Bool = true, _ driver: inout Driver
    ) {
        switch KernelChoice(shader, mode: mode, mask: clip.mask) {
        case .nothing:
            return
        case .solidSourceOver(let color):
            let target = kernelTarget(for: surface)
            run(SolidSourceOver(surface: target, packed: color), into: surface, fusesClear: fusesClear, &driver)
        case .paint:
            let target = kernelTarget(for: surface)
            rows.reserve(surface.width)
            rowCoverage.reserve(surface.width)
            run(
                PaintKernel(
                    surface: target, shader: shader, mode: mode, mask: clip.mask, source: rows.base,
                    coverage: rowCoverage.base),
                into: surface, fusesClear: fusesClear, &driver)
        }
    }

    /// Drives `kernel` (made over `kernelTarget(for: surface)`) into
    /// `surface`: through the A8 scratch row for an A8 surface, with the
    /// pending clear fused in if `fusesClear` and one is pending (the
    /// clear is then done).
    @inline(__always)
    func run<Kernel: ClearFusingKernel, Driver: KernelDriver>(
        _ kernel: consuming Kernel, into surface: Surface, fusesClear: Bool,
        _ driver: inout Driver
    ) {
        // The kernel is consumed: driven in place, not copied (a paint
        // kernel's copy and destruction, with their retains, were ~600
        // instructions of a small fill).
        switch KernelChoice.target(for: surface, fusesClear: fusesClear) {
        case .alphaRow:
            var alpha = AlphaRowKernel(kernel, surface: surface, scratch: alphaRow.base)
            driver.drive(&alpha)
        case .pixels:
            driver.drive(&kernel)
        case .ontoPendingClear(let color):
            // The clear is the wrapper's to write from here on.
            surface.pendingClear = nil
            var clearing = ClearingKernel(kernel, surface: surface, color: color)
            driver.drive(&clearing)
            clearing.finish()
        }
    }

    /// The surface a kernel for `surface` is made over: `surface` itself,
    /// or for an A8 surface (its pending clear written first) an RGBA8
    /// surface of its size whose every row is the renderer's scratch row.
    @inline(__always)
    func kernelTarget(for surface: Surface) -> Surface {
        guard surface.format == .a8 else { return surface }
        return alphaTarget(for: surface)
    }

    /// `kernelTarget(for:)` of an A8 surface (kept from draw to draw).
    @inline(never)
    private func alphaTarget(for surface: Surface) -> Surface {
        surface.flush()
        if let kept = alphaScratchTarget, kept.width == surface.width, kept.height == surface.height {
            return kept
        }
        alphaRow.reserve(surface.width)
        let target = Surface(scratchRow: alphaRow.base, width: surface.width, height: surface.height)
        alphaScratchTarget = target
        return target
    }
}
