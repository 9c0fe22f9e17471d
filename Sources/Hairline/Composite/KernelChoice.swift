// Composite: the one place that decides which kernel composites a draw.
// Every draw path (fills and strokes, a fill and its stroke together,
// coverage masks and runs of them, shadows, image pieces) asks here:
//
//   shader, blend mode, clip mask        -> KernelChoice
//     transparent solid, source-over     -> nothing (pixels and a pending
//                                           clear stay as they are)
//     solid, source-over, no clip mask   -> SolidSourceOver (a plain store
//                                           where covered and opaque)
//     anything else                      -> PaintKernel (shaded rows, any
//                                           mode, the clip mask)
//   pixel format, pending clear          -> KernelTarget (the draw mode)
//     A8                                 -> the chosen kernel over a row
//                                           of RGBA8 scratch (AlphaRowKernel)
//     a pending clear the draw may write -> fused (ClearingKernel)
//     otherwise                          -> the pixels
//
// The decision is a value; the kernels are made by the pipeline
// (Pipeline/Renderer+Kernel.swift), which owns their row buffers. Learned
// from tiny-skia's RasterPipelineBlitter::new and Blend2D's pipeline
// signature: one function maps a draw's state to its compositor.

/// Which kernel composites a draw of a shader with a blend mode through an
/// optional clip mask.
enum KernelChoice: Equatable {
    /// A transparent solid color under source-over: the draw changes no
    /// pixel, and leaves a pending clear pending.
    case nothing
    /// A solid color (packed in the surface's byte order, premultiplied),
    /// source-over, no clip mask: `SolidSourceOver`.
    case solidSourceOver(UInt32)
    /// Every other shader, blend mode or clip mask: `PaintKernel`.
    case paint

    /// The choice for `shader` blended with `mode`, through `mask` if any.
    @inline(__always)
    init(_ shader: Shader, mode: BlendMode, mask: ClipMask?) {
        if case .solid(let color) = shader, mode == .sourceOver {
            if packedAlpha(color) == 0 {
                self = .nothing
            } else if mask == nil {
                self = .solidSourceOver(color)
            } else {
                self = .paint
            }
        } else {
            self = .paint
        }
    }

    /// Whether a draw of `shader` with `mode` changes no pixel whatever
    /// the clip (a transparent solid color under source-over), so it can
    /// be skipped before its geometry is built.
    @inline(__always)
    static func drawsNothing(_ shader: Shader, mode: BlendMode) -> Bool {
        if case .solid(let color) = shader, mode == .sourceOver, packedAlpha(color) == 0 { return true }
        return false
    }

    /// The packed color, if the draw is a plain solid source-over.
    var solidColor: UInt32? {
        if case .solidSourceOver(let color) = self { return color }
        return nil
    }

    /// How a draw's kernel meets the pixels of `surface`: the draw mode,
    /// decided from the pixel format and the pending clear. `fusesClear`:
    /// whether this draw may write the surface's pending clear (a run of
    /// masks leaves it to the first mask that draws).
    @inline(__always)
    static func target(for surface: Surface, fusesClear: Bool) -> KernelTarget {
        if surface.format == .a8 { return .alphaRow }
        if fusesClear, let color = surface.pendingClear { return .ontoPendingClear(color) }
        return .pixels
    }
}

/// The draw mode: where a kernel's pixels go.
enum KernelTarget: Equatable {
    /// Straight into the surface's pixels (any pending clear left pending).
    case pixels
    /// An A8 surface: the kernel composites an RGBA8 scratch row whose
    /// alpha is stored (AlphaRowKernel; the pending clear written first).
    case alphaRow
    /// Onto the surface's pending clear of this packed color, written by
    /// the draw where and when it needs it (ClearingKernel: a
    /// ClearFusingKernel blends onto the clear color without storing it).
    case ontoPendingClear(UInt32)
}
