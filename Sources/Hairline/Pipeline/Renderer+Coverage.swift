// Pipeline: a coverage mask -> pixels, through the kernel KernelChoice
// names (Renderer+Kernel.swift), as a fill's: the mask's rows are driven
// by CoverageMaskDriver.swift instead of the rasterizer; no edges are
// built. A run of masks shares one kernel, made once.

extension Renderer {
    /// Composites `shader` through `coverage`, value (0, 0) on device pixel
    /// (`x`, `y`) of `surface`, inside `clip`, with `mode`. Draws nothing
    /// (leaving a pending clear pending) if the mask misses the clip.
    func composite(
        coverage: CoverageRows, atX x: Int, y: Int, shader: Shader, clip: Clip, mode: BlendMode,
        into surface: Surface
    ) {
        guard !coverage.placed(atX: x, y: y, within: clip.bounds).isEmpty else { return }
        var walk = MaskWalk(coverage: coverage, x: x, y: y, clip: clip.bounds)
        withKernel(shader, mode: mode, clip: clip, into: surface, &walk)
    }

    /// Composites `shader` through each of `coverages` in turn, each moved
    /// by (`dx`, `dy`) device pixels (a position that overflows: that
    /// mask is left out), into `surface` inside `clip` with `mode`: what
    /// `composite(coverage:...)` of each mask in order draws, with the
    /// kernel made once for all of them.
    func composite(
        _ coverages: [PlacedCoverage], movedByX dx: Int, y dy: Int, shader: Shader, clip: Clip,
        mode: BlendMode, into surface: Surface
    ) {
        var run = MaskRun(renderer: self, coverages: coverages, dx: dx, dy: dy, clip: clip.bounds, surface: surface)
        // The clear is fused mask by mask: the first mask that draws
        // writes it, as one mask's draw does.
        withKernel(shader, mode: mode, clip: clip, into: surface, fusesClear: false, &run)
    }
}

/// One coverage mask walked into a kernel.
struct MaskWalk: KernelDriver {
    let coverage: CoverageRows
    let x: Int, y: Int
    /// Device pixels the mask may touch.
    let clip: PixelRect

    @inline(__always)
    mutating func drive<Kernel: SpanKernel>(_ kernel: inout Kernel) {
        driveCoverage(coverage, atX: x, y: y, clip: clip, into: &kernel)
    }
}

/// A run of coverage masks walked into one kernel (its row state is set
/// by each row's `beginRow`, so one kernel serves every mask; shaders are
/// pure functions of x and y).
struct MaskRun: KernelDriver {
    let renderer: Renderer
    let coverages: [PlacedCoverage]
    let dx: Int, dy: Int
    let clip: PixelRect
    let surface: Surface

    @inline(__always)
    mutating func drive<Kernel: SpanKernel>(_ kernel: inout Kernel) {
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
                    // The first mask that draws writes the clear with it.
                    var walk = MaskWalk(coverage: rows, x: x, y: y, clip: clip)
                    renderer.run(kernel, into: surface, fusesClear: true, &walk)
                } else {
                    driveCoverage(rows, atX: x, y: y, clip: clip, into: &kernel)
                }
            }
        }
    }
}
