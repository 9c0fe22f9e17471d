// Canvas: a fill and a stroke of one path in one pass down the rows. Both
// edge lists are built first (two rasterizers), then the row loops run
// together, alternating every few rows (Rasterizer.rasterize(_:then:)):
// each pixel gets the fill's operation and then the stroke's, exactly as
// a fill followed by a stroke, while its rows are still in cache, and a
// pending clear is written once for both.

extension Renderer {
    /// Fills `path` with `fill` (nil: no fill) under `rule` and strokes it
    /// with `stroke` (nil: no stroke) and `style`, with the same result,
    /// byte for byte, and the same dropped-draw counts as `fill` then
    /// `stroke`. At most one of the shaders may use the gradient ramp (the
    /// caller draws two gradients one after the other).
    func fillAndStroke(_ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule, fill: Shader?,
                       stroke: Shader?, style: StrokeStyle, clip: Clip, mode: BlendMode, into surface: Surface) {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else { return }
        var strokeBuilt = false
        if stroke != nil, style.width.isFinite, style.width >= 0 {
            strokeBuilt = buildStrokeEdges(path, style: style, transform: transform, tolerance: tolerance,
                                           clip: clip.bounds)
            if !strokeBuilt { droppedDrawCount += 1 }
        }
        // The stroke's edges move to the second rasterizer; the fill's are
        // built in the first.
        swap(&rasterizer, &secondRasterizer)
        defer { swap(&rasterizer, &secondRasterizer) }
        let fillBuilt = fill != nil && buildEdges(path, transform: transform, tolerance: tolerance, clip: clip.bounds)
        let hasFill = fillBuilt && !rasterizer.builder.isEmpty
        let hasStroke = strokeBuilt && !secondRasterizer.builder.isEmpty
        switch (hasFill ? fill : nil, hasStroke ? stroke : nil) {
        case let (fill?, stroke?):
            compositeTogether(fill, rule: rule, stroke, clip: clip, mode: mode, into: surface)
        case let (fill?, nil):
            composite(fill, rule: rule, clip: clip, mode: mode, into: surface)
        case let (nil, stroke?):
            swap(&rasterizer, &secondRasterizer)
            composite(stroke, rule: .nonZero, clip: clip, mode: mode, into: surface)
            swap(&rasterizer, &secondRasterizer)
        case (nil, nil):
            break
        }
    }

    /// Composites the first rasterizer's edges with `fill` and the
    /// second's with `stroke` in one pass, with the kernel each needs.
    private func compositeTogether(_ fill: Shader, rule: FillRule, _ stroke: Shader, clip: Clip, mode: BlendMode,
                                   into surface: Surface) {
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
        // Paint kernels share the row buffers: the loops alternate by whole
        // rows, and a kernel keeps nothing in them from row to row.
        func paint(_ shader: Shader) -> PaintKernel {
            PaintKernel(surface: surface, shader: shader, mode: mode, mask: clip.mask, source: rows.base,
                        coverage: rowCoverage.base)
        }
        func solid(_ shader: Shader) -> UInt32? {
            guard case .solid(let color) = shader, clip.mask == nil, mode == .sourceOver else { return nil }
            return color
        }
        switch (solid(fill), solid(stroke)) {
        case let (f?, s?) where rasterizer.isClosedForm && secondRasterizer.isClosedForm && pairsClosedForms:
            // Both covered in closed form: one sweep, one write per pixel.
            var kernel = SolidPairSourceOver(surface: surface, fill: f, stroke: s, clip: rasterizer.builder.clip)
            Rasterizer.rasterizePair(rasterizer, then: secondRasterizer, into: &kernel)
            kernel.finish()
            pairedDrawCount += 1
        case let (f?, s?):
            together(SolidSourceOver(surface: surface, packed: f), rule: rule,
                     SolidSourceOver(surface: surface, packed: s), into: surface)
        case let (f?, nil):
            together(SolidSourceOver(surface: surface, packed: f), rule: rule, paint(stroke), into: surface)
        case let (nil, s?):
            together(paint(fill), rule: rule, SolidSourceOver(surface: surface, packed: s), into: surface)
        case (nil, nil):
            together(paint(fill), rule: rule, paint(stroke), into: surface)
        }
    }

    /// Runs both row loops into their kernels, the surface's pending clear
    /// fused into the fill's (ClearingKernel), which runs first.
    @inline(__always)
    private func together<Fill: SpanKernel, Stroke: SpanKernel>(_ fillKernel: Fill, rule: FillRule,
                                                                _ strokeKernel: Stroke, into surface: Surface) {
        var strokeKernel = strokeKernel
        guard let color = surface.pendingClear else {
            var fillKernel = fillKernel
            Rasterizer.rasterize(rasterizer, rule: rule, into: &fillKernel,
                                 then: secondRasterizer, rule: .nonZero, into: &strokeKernel,
                                 chunkRows: fillStrokeChunkRows ?? Self.chunkRows(surface))
            return
        }
        surface.pendingClear = nil
        var clearing = ClearingKernel(fillKernel, surface: surface, color: color)
        Rasterizer.rasterize(rasterizer, rule: rule, into: &clearing,
                             then: secondRasterizer, rule: .nonZero, into: &strokeKernel,
                             chunkRows: fillStrokeChunkRows ?? Self.chunkRows(surface))
        clearing.finish()
    }

    /// Rows of about a megabyte of pixels (at least 16): the fill's rows
    /// are still in the L2 cache when the stroke composites onto them.
    static func chunkRows(_ surface: Surface) -> Int {
        max(16, (1 << 20) / max(surface.bytesPerRow, 1))
    }
}
