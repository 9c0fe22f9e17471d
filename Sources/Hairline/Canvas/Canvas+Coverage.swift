// Canvas: drawing through a coverage mask, in device pixels: an A8
// surface (a glyph cache's masks, any precomputed coverage) placed on
// whole pixels and composited with a paint exactly as a fill of that
// coverage would be (Renderer+Coverage.swift), under the clip, global
// alpha and blend mode. No edges are built.

extension Canvas {
    /// Composites `paint` through `mask`, placed with its pixel (0, 0) at
    /// device pixel (`x`, `y`) of this canvas's surface, under the current
    /// clip, global alpha and blend mode.
    ///
    /// Each mask value (0...255) is the coverage of the device pixel under
    /// it, as a fill's exact-area coverage is: the result is, byte for
    /// byte, that of a fill whose shape covers each pixel by that much.
    /// The mask is placed in device pixels, not moved by the transform;
    /// the paint is (gradients and patterns are laid out in user space,
    /// as for fills). Mask pixels outside the surface or the clip are
    /// ignored; `x` and `y` may be any integers (far out of range: nothing
    /// is drawn). The current shadow, if any, is drawn under it
    /// (`setShadow(offset:blur:color:)`), moved by the shadow's offset
    /// rounded to whole device pixels.
    /// - Parameters:
    ///   - mask: the coverage: an A8 surface (a 32-bit surface gives its
    ///     alpha channel). A pending clear of the mask is written first.
    ///     It must not be this canvas's surface.
    ///   - x: the device column (pixels) of the mask's column 0.
    ///   - y: the device row (pixels) of the mask's row 0.
    ///   - paint: what is composited through the mask (user space).
    /// - Complexity: O(mask pixels inside the clip).
    public func draw(coverage mask: Surface, atDeviceX x: Int, y: Int, with paint: Paint) {
        if state.shadow != nil {
            let reach = Rect(x: Double(x), y: Double(y), width: Double(mask.width), height: Double(mask.height))
            return withShadowCast(reach: reach, wholePixels: true, shadow: { layer, dx, dy in
                let (sx, ox) = x.addingReportingOverflow(dx), (sy, oy) = y.addingReportingOverflow(dy)
                guard !ox, !oy else { return }
                layer.draw(coverage: mask, atDeviceX: sx, y: sy, with: paint)
            }, then: { draw(coverage: mask, atDeviceX: x, y: y, with: paint) })
        }
        guard let shader = renderer.shader(for: paint, transform: state.transform, alpha: state.globalAlpha) else {
            return
        }
        if case .solid(let c) = shader, packedAlpha(c) == 0, state.blendMode == .sourceOver { return }
        mask.flush()
        let rows = CoverageRows(alphaOf: mask)
        let clip = resolvedClip()
        guard surface.format != .a8 else {
            return throughAlphaScratch(over: rows.placed(atX: x, y: y, within: clip.bounds)) { target in
                renderer.composite(coverage: rows, atX: x, y: y, shader: shader, clip: clip, mode: state.blendMode,
                                   into: target)
            }
        }
        renderer.composite(coverage: rows, atX: x, y: y, shader: shader, clip: clip, mode: state.blendMode,
                           into: surface)
    }
}
