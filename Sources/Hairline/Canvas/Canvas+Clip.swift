// Canvas: clipping. Clips intersect: each call narrows the current clip,
// until `restore()` brings back the saved one. A rectangle that lands on
// whole device pixels only narrows the pixel bounds (no mask); anything
// else is rasterized into an anti-aliased coverage mask (exact area, like
// every fill) and multiplied with the mask before it. A mask covers only
// the clip's pixel bounds, in memory the canvas reuses. A rounded rect
// clipping a state with no mask waits as its shape (Clip.swift) until a
// draw needs its mask; the mask is then exactly what it would have been.

extension Canvas {
    /// Narrows the clip to `rect` (user space). A rect whose device image
    /// is axis-aligned on whole pixels costs nothing per pixel; others clip
    /// with anti-aliased edges. A non-finite rect or a singular transform
    /// clips everything away.
    /// - Parameter rect: the region to keep, in user space (points).
    public func clip(to rect: Rect) {
        resolveClip()
        guard !clipToWholePixels(rect) else { return }
        // The rect as a path in the canvas's scratch (no allocation).
        var path = renderer.takeScratchPath()
        defer { renderer.returnScratchPath(path) }
        path.addRect(rect)
        clipWithMask(path, rule: .nonZero)
    }

    /// Narrows the clip to `rect` if that needs no mask (its device image
    /// lands on whole pixels), or to nothing if it is not finite or the
    /// transform singular; false if a mask is needed.
    private func clipToWholePixels(_ rect: Rect) -> Bool {
        let t = state.transform
        guard rect.isFinite, t.isFinite, t.determinant != 0 else {
            state.clip = Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0))
            return true
        }
        guard t.b == 0 && t.c == 0 else { return false }
        let device = rect.applying(t)
        let snapped = PixelRect(enclosing: device)
        let tolerance = 1e-9 * max(1, abs(device.maxX), abs(device.maxY))
        guard
            abs(Double(snapped.minX) - device.minX) <= tolerance && abs(Double(snapped.maxX) - device.maxX) <= tolerance
                && abs(Double(snapped.minY) - device.minY) <= tolerance
                && abs(Double(snapped.maxY) - device.maxY) <= tolerance
        else { return false }
        state.clip.bounds = state.clip.bounds.intersection(snapped)
        return true
    }

    /// Narrows the clip to the inside of `path` (user space) under `rule`,
    /// with anti-aliased edges: later draws are multiplied by the path's
    /// exact coverage of each pixel. A path with non-finite coordinates or
    /// a singular transform clips everything away.
    /// - Parameters:
    ///   - path: the region to keep, in user space (points).
    ///   - rule: which regions of `path` are inside.
    public func clip(to path: Path, rule: FillRule = .nonZero) {
        resolveClip()
        let old = state.clip
        guard !old.isEmpty else { return }
        if clipToWholePixels(shapeOf: path) { return }
        // A lone rounded rect the closed form covers waits as its shape.
        if old.mask == nil, let shape = path.shape.flatMap(CircularRoundedRect.init),
            RowRoundedRect(shape, transform: state.transform, clip: old.bounds) != nil
        {
            state.clip.pending = PendingClip(shape: shape, transform: state.transform)
            return
        }
        clipWithMask(path, rule: rule)
    }

    /// Narrows the clip to `path` if no mask is needed for it: `path` is a
    /// rectangle (made by `addRect`, or `addRoundedRect` with square
    /// corners, on an empty path, and perhaps mapped by a transform
    /// without rotation or skew) whose device image lands on whole
    /// pixels. Returns false, the clip unchanged, otherwise (then
    /// `clip(to:rule:)` clips to it). For callers that clip to many
    /// paths and want masks only where they are needed, with the same
    /// pixels `clip(to:rule:)` gives.
    /// - Parameter path: the region to keep, in user space (points).
    public func clipIfWholePixels(_ path: Path) -> Bool {
        resolveClip()
        return clipToWholePixels(shapeOf: path)
    }

    /// `clipToWholePixels` for a path that is a plain rectangle (square
    /// corners), which then clips as one: false for any other path.
    private func clipToWholePixels(shapeOf path: Path) -> Bool {
        guard case .roundedRect(let rect, let radii)? = path.shape, radii.areSquare else { return false }
        return clipToWholePixels(rect)
    }

    /// The device pixels a draw can touch now: the clip's bounding
    /// rectangle (device pixels; the whole surface when nothing is
    /// clipped). Pixels outside it are never changed, so a caller may
    /// skip draws that lie wholly outside it (and cast no shadow).
    public var deviceClipBounds: PixelRect { state.clip.bounds }

    /// The current clip, a pending clip shape rasterized into its mask
    /// first: what every draw but the one-pass image draws goes through.
    func resolvedClip() -> Clip {
        resolveClip()
        return state.clip
    }

    /// Rasterizes a pending clip shape into the mask it stands for: the
    /// same edges, over the same bounds, as clipping to it at once.
    func resolveClip() {
        guard let pending = state.clip.pending else { return }
        state.clip.pending = nil
        // (Accepted by the closed form when it became pending.)
        let covered = renderer.coverInClosedForm(
            pending.shape, minus: nil, transform: pending.transform,
            clip: state.clip.bounds)
        assert(covered, "a pending clip the closed form refuses")
        narrowClip(rule: .nonZero)
    }

    /// Narrows the clip by `path`'s coverage, as a mask.
    private func clipWithMask(_ path: Path, rule: FillRule) {
        let old = state.clip
        guard !old.isEmpty else { return }
        let t = state.transform
        guard t.isFinite, t.determinant != 0,
            renderer.buildEdges(path, transform: t, tolerance: flatteningTolerance, clip: old.bounds)
        else {
            state.clip = Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0))
            return
        }
        narrowClip(rule: rule)
    }

    /// Narrows the clip by the coverage of the rasterizer's edges (built
    /// over the clip's bounds) under `rule`, into a mask.
    private func narrowClip(rule: FillRule) {
        let old = state.clip
        // The new bounds: the old ones, narrowed to the path's rows; the
        // mask covers just those (from the canvas's pool: no allocation
        // once it holds enough).
        guard let rows = renderer.edgeRows else {
            state.clip = Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0))
            return
        }
        let bounds = old.bounds.intersection(
            PixelRect(
                minX: old.bounds.minX, minY: rows.lowerBound,
                maxX: old.bounds.maxX, maxY: rows.upperBound))
        guard !bounds.isEmpty else {
            state.clip = Clip(bounds: bounds)
            return
        }
        let mask = renderer.clipMasks.mask(covering: bounds)
        renderer.rasterizeClip(rule: rule, into: mask, previous: old.mask)
        state.clip = Clip(bounds: bounds, mask: mask)
    }
}

extension CornerRadii {
    /// Whether every corner is square (a radius of 0 on either axis).
    var areSquare: Bool {
        func square(_ r: Size) -> Bool { r.width == 0 || r.height == 0 }
        return square(topLeft) && square(topRight) && square(bottomRight) && square(bottomLeft)
    }
}
