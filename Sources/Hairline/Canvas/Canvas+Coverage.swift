// Canvas: drawing through a coverage mask, in device pixels: an A8
// surface (a glyph cache's masks, any precomputed coverage) placed on
// whole pixels and composited with a paint exactly as a fill of that
// coverage would be (Renderer+Coverage.swift), under the clip, global
// alpha and blend mode. No edges are built. Many masks with one paint (a
// glyph run) share one preparation of the paint, clip and kernel.

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
            return withShadowCast(
                reach: reach, wholePixels: true,
                shadow: { layer, dx, dy in
                    let (sx, ox) = x.addingReportingOverflow(dx), (sy, oy) = y.addingReportingOverflow(dy)
                    guard !ox, !oy else { return }
                    layer.draw(coverage: mask, atDeviceX: sx, y: sy, with: paint)
                }, then: { draw(coverage: mask, atDeviceX: x, y: y, with: paint) })
        }
        guard let shader = visibleShader(for: paint) else { return }
        mask.flush()
        let rows = CoverageRows(alphaOf: mask)
        let clip = resolvedClip()
        renderer.composite(
            coverage: rows, atX: x, y: y, shader: shader, clip: clip, mode: state.blendMode,
            into: surface)
    }

    /// Composites `paint` through each of `coverages` in turn, in order:
    /// without a shadow, byte for byte what
    /// `draw(coverage:atDeviceX:y:with:)` of each mask, one after the
    /// other, draws (overlapping masks composite over each other), with
    /// the paint, clip and compositing kernel prepared once for all.
    ///
    /// Masks are placed in device pixels, not moved by the transform; the
    /// paint is laid out in user space, as for fills. With a shadow set,
    /// the masks cast one shadow together, as one shape (where they
    /// overlap it is no darker), moved by the shadow's offset rounded to
    /// whole device pixels; they are then drawn over it.
    /// - Parameters:
    ///   - coverages: the masks and their device positions (pixels), drawn
    ///     first to last. No mask may be this canvas's surface.
    ///   - paint: what is composited through the masks (user space).
    /// - Complexity: O(mask pixels inside the clip), plus O(1) per mask.
    public func draw(coverages: [PlacedCoverage], with paint: Paint) {
        guard !coverages.isEmpty else { return }
        if state.shadow != nil {
            var reach = Rect(x: 0, y: 0, width: 0, height: 0)
            for (i, placed) in coverages.enumerated() {
                let r = Rect(
                    x: Double(placed.x), y: Double(placed.y), width: Double(placed.mask.width),
                    height: Double(placed.mask.height))
                reach = i == 0 ? r : reach.union(r)
            }
            return withShadowCast(
                reach: reach, wholePixels: true,
                shadow: { layer, dx, dy in
                    layer.composite(coverages, movedByX: dx, y: dy, with: paint)
                }, then: { composite(coverages, movedByX: 0, y: 0, with: paint) })
        }
        composite(coverages, movedByX: 0, y: 0, with: paint)
    }

    /// `draw(coverages:with:)` without a shadow, every mask moved by
    /// (`dx`, `dy`) device pixels (a mask whose position overflows is
    /// left out).
    private func composite(_ coverages: [PlacedCoverage], movedByX dx: Int, y dy: Int, with paint: Paint) {
        guard let shader = visibleShader(for: paint) else { return }
        let clip = resolvedClip()
        renderer.composite(
            coverages, movedByX: dx, y: dy, shader: shader, clip: clip, mode: state.blendMode,
            into: surface)
    }
}
