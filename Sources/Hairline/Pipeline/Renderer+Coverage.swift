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
        // A pending clear is fused into the first mask that draws, as one
        // mask's draw does (the masks before it draw nothing); the others
        // share one kernel.
        var start = 0
        while surface.pendingClear != nil && start < coverages.count {
            let placed = coverages[start]
            start += 1
            let (x, ox) = placed.x.addingReportingOverflow(dx)
            let (y, oy) = placed.y.addingReportingOverflow(dy)
            guard !ox, !oy else { continue }
            composite(
                coverage: placed.mask.coverageRows(), atX: x, y: y, shader: shader, clip: clip, mode: mode,
                into: surface)
        }
        guard start < coverages.count else { return }
        var run = MaskRun(coverages: coverages, start: start, dx: dx, dy: dy, clip: clip.bounds)
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

/// A run of coverage masks, `coverages[start...]`, walked into one kernel
/// (its row state is set by each row's `beginRow`, so one kernel serves
/// every mask; shaders are pure functions of x and y).
struct MaskRun: KernelDriver {
    let coverages: [PlacedCoverage]
    let start: Int
    let dx: Int, dy: Int
    let clip: PixelRect

    @inline(__always)
    mutating func drive<Kernel: SpanKernel>(_ kernel: inout Kernel) {
        coverages.withUnsafeBufferPointer { placed in
            for i in start..<placed.count {
                let (x, ox) = placed[i].x.addingReportingOverflow(dx)
                let (y, oy) = placed[i].y.addingReportingOverflow(dy)
                guard !ox, !oy else { continue }
                // The mask borrowed where the array holds it, alive as
                // long as `coverages` (no reference counting per mask).
                let rows = Unmanaged.passUnretained(placed[i].mask)._withUnsafeGuaranteedRef { $0.coverageRows() }
                guard !rows.placed(atX: x, y: y, within: clip).isEmpty else { continue }
                driveCoverage(rows, atX: x, y: y, clip: clip, into: &kernel)
            }
        }
    }
}
