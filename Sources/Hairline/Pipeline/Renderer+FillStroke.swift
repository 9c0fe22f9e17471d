// Pipeline: a fill and a stroke of one path in one pass down the rows. Both
// edge lists are built first (two rasterizers), then the row loops run
// together, alternating every few rows (Rasterizer.rasterize(_:then:)):
// each pixel gets the fill's operation and then the stroke's, exactly as
// a fill followed by a stroke, while its rows are still in cache, and a
// pending clear is written once for both. A solid fill and a solid stroke
// both covered in closed form (a rounded rect and its ring: the cell) go
// through one sweep instead (Raster/ClosedForm/RoundedRectPair.swift), each pixel
// composited once with both coverages (SolidPairSourceOver).

extension Renderer {
    /// Fills `path` with `fill` (nil: no fill) under `rule` and strokes it
    /// with `stroke` (nil: no stroke) and `style`, with the same result,
    /// byte for byte, and the same dropped-draw counts as `fill` then
    /// `stroke`. At most one of the shaders may use the gradient ramp (the
    /// caller draws two gradients one after the other).
    func fillAndStroke(
        _ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule, fill: Shader?,
        stroke: Shader?, style: StrokeStyle, clip: Clip, mode: BlendMode, into surface: Surface,
        fillEdges: EdgeSnapshot? = nil, strokeEdges: EdgeSnapshot? = nil
    ) {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else { return }
        let (hasFill, hasStroke) = buildFillAndStrokeEdges(
            path, transform: transform, tolerance: tolerance,
            fill: fill != nil, rule: rule, stroke: stroke != nil, style: style,
            clip: clip, surfaceHeight: surface.height, fillEdges: fillEdges, strokeEdges: strokeEdges)
        // (No tuple of the two: each shader is ~130 bytes, and a tuple of
        // them was copies of both.)
        if hasFill, let fill {
            if hasStroke, let stroke {
                compositeTogether(fill, rule: rule, stroke, clip: clip, mode: mode, into: surface)
            } else {
                composite(fill, rule: rule, clip: clip, mode: mode, into: surface, from: fillRasterizer)
            }
        } else if hasStroke, let stroke {
            composite(stroke, rule: .nonZero, clip: clip, mode: mode, into: surface, from: strokeRasterizer)
        }
    }

    /// The rasterizer a fill drawn with its stroke is built in (the second
    /// one: a fill alone and a stroke alone use the first, and each keeps
    /// its own sweeps), and the stroke's.
    var fillRasterizer: Rasterizer { secondRasterizer }
    var strokeRasterizer: Rasterizer { rasterizer }

    /// Builds the stroke's edges (if `stroke`) into `strokeRasterizer` and
    /// the fill's (if `fill`) into `fillRasterizer`, counting a stroke
    /// dropped for its geometry; returns which have edges. Prepared edges
    /// (Renderer+Prepared.swift), if given, are cut to the clip instead.
    func buildFillAndStrokeEdges(
        _ path: Path, transform: AffineTransform, tolerance: Double, fill: Bool, rule: FillRule,
        stroke: Bool, style: StrokeStyle, clip: Clip, surfaceHeight: Int, fillEdges: EdgeSnapshot? = nil,
        strokeEdges: EdgeSnapshot? = nil
    ) -> (fill: Bool, stroke: Bool) {
        var strokeBuilt = false
        if stroke, style.width.isFinite, style.width >= 0 {
            if let strokeEdges {
                strokeRasterizer.cut(strokeEdges, rule: .nonZero, to: clip.bounds)
                preparedDrawCount &+= 1
                strokeBuilt = true
            } else {
                strokeBuilt = buildResolvedStrokeEdges(
                    path, style: style, transform: transform, tolerance: tolerance,
                    clip: clip.bounds, surfaceHeight: surfaceHeight, on: strokeRasterizer)
                if !strokeBuilt { droppedDrawCount += 1 }
            }
        }
        var fillBuilt = false
        if fill, let fillEdges {
            fillRasterizer.cut(fillEdges, rule: rule, to: clip.bounds)
            preparedDrawCount &+= 1
            fillBuilt = true
        } else if fill {
            fillBuilt = buildFillEdges(
                path, transform: transform, tolerance: tolerance, rule: rule, clip: clip.bounds,
                surfaceHeight: surfaceHeight, on: fillRasterizer)
        }
        return (fillBuilt && !fillRasterizer.builder.isEmpty, strokeBuilt && !strokeRasterizer.builder.isEmpty)
    }

    /// The fill's and the stroke's colors, if the two draws built go
    /// through one sweep (RoundedRectPair.swift): both covered in closed
    /// form, both plain solid source-over (KernelChoice), into a 32-bit
    /// surface.
    func sweptTogether(
        _ fill: Shader, _ stroke: Shader, clip: Clip, mode: BlendMode,
        into surface: Surface
    ) -> (UInt32, UInt32)? {
        guard pairsClosedForms, surface.format != .a8, fillRasterizer.isClosedForm, strokeRasterizer.isClosedForm,
            let f = KernelChoice(fill, mode: mode, mask: clip.mask).solidColor,
            let s = KernelChoice(stroke, mode: mode, mask: clip.mask).solidColor
        else { return nil }
        return (f, s)
    }

    /// Composites `fillRasterizer`'s edges with `fill` and
    /// `strokeRasterizer`'s with `stroke` in one pass, with the kernel
    /// each needs.
    private func compositeTogether(
        _ fill: Shader, rule: FillRule, _ stroke: Shader, clip: Clip, mode: BlendMode,
        into surface: Surface
    ) {
        if let (f, s) = sweptTogether(fill, stroke, clip: clip, mode: mode, into: surface) {
            // Both covered in closed form: one sweep, one write per pixel.
            var kernel = SolidPairSourceOver(surface: surface, fill: f, stroke: s, clip: fillRasterizer.builder.clip)
            Rasterizer.rasterizePair(fillRasterizer, then: strokeRasterizer, into: &kernel)
            kernel.finish()
            pairedDrawCount += 1
            return
        }
        // The fill's kernel (the pending clear fused into it, as it runs
        // first), then the stroke's; paint kernels share the row buffers:
        // the loops alternate by whole rows, and a kernel keeps nothing in
        // them from row to row.
        var fillDriver = FillThenStroke(
            renderer: self, stroke: stroke, rule: rule, clip: clip, mode: mode,
            surface: surface)
        withKernel(fill, mode: mode, clip: clip, into: surface, &fillDriver)
    }

    /// Rows of about a megabyte of pixels (at least 16): the fill's rows
    /// are still in the L2 cache when the stroke composites onto them.
    static func chunkRows(_ surface: Surface) -> Int {
        max(16, (1 << 20) / max(surface.bytesPerRow, 1))
    }

    /// For the profile (Canvas+Profiling.swift): builds both edge lists as
    /// `fillAndStroke` does and, if `rows`, runs the row loops into
    /// counting kernels the way the draw would (one sweep where it takes
    /// one); returns their counts, fill's and stroke's added.
    func profileFillAndStroke(
        _ path: Path, transform: AffineTransform, tolerance: Double, rule: FillRule, fill: Shader,
        stroke: Shader, style: StrokeStyle, clip: Clip, mode: BlendMode, into surface: Surface,
        rows: Bool
    ) -> RasterStatistics {
        guard transform.isFinite, transform.determinant != 0, !clip.isEmpty else { return RasterStatistics() }
        let built = buildFillAndStrokeEdges(
            path, transform: transform, tolerance: tolerance, fill: true, rule: rule, stroke: true,
            style: style, clip: clip, surfaceHeight: surface.height)
        var result = RasterStatistics()
        result.edges = fillRasterizer.builder.edges.count + strokeRasterizer.builder.edges.count
        guard rows else { return result }
        if built.fill && built.stroke && sweptTogether(fill, stroke, clip: clip, mode: mode, into: surface) != nil {
            var kernel = CountingPairKernel()
            Rasterizer.rasterizePair(fillRasterizer, then: strokeRasterizer, into: &kernel)
            result = fillRasterizer.statistics.adding(strokeRasterizer.statistics)
            result.groups = kernel.statistics.groups
            result.spans = kernel.statistics.spans
            result.groupPixels = kernel.statistics.groupPixels
            result.spanPixels = kernel.statistics.spanPixels
            return result
        }
        var first = CountingKernel(), second = CountingKernel()
        if built.fill { fillRasterizer.rasterize(rule: rule, into: &first) }
        if built.stroke { strokeRasterizer.rasterize(rule: .nonZero, into: &second) }
        result = (built.fill ? fillRasterizer.statistics : RasterStatistics())
            .adding(built.stroke ? strokeRasterizer.statistics : RasterStatistics())
        result.groups = first.statistics.groups &+ second.statistics.groups
        result.spans = first.statistics.spans &+ second.statistics.spans
        result.groupPixels = first.statistics.groupPixels &+ second.statistics.groupPixels
        result.spanPixels = first.statistics.spanPixels &+ second.statistics.spanPixels
        return result
    }
}

/// A fill's kernel, waiting for the stroke's (KernelChoice makes each):
/// then both row loops run together (Rasterizer.rasterize(_:then:)).
struct FillThenStroke: KernelDriver {
    let renderer: Renderer
    let stroke: Shader
    let rule: FillRule
    let clip: Clip
    let mode: BlendMode
    let surface: Surface

    @inline(__always)
    mutating func drive<Fill: SpanKernel>(_ fillKernel: inout Fill) {
        // The fill's kernel stays where it is (no copy of it, nor of the
        // references it holds): the stroke's driver borrows it for the
        // call.
        withUnsafeMutablePointer(to: &fillKernel) { fill in
            var both = StrokeWithFill(fill: fill, renderer: renderer, rule: rule, surface: surface)
            renderer.withKernel(stroke, mode: mode, clip: clip, into: surface, fusesClear: false, &both)
        }
    }
}

/// The stroke's kernel, with the fill's (borrowed for the call): the two
/// row loops, alternating every `chunkRows` rows.
struct StrokeWithFill<Fill: SpanKernel>: KernelDriver {
    let fill: UnsafeMutablePointer<Fill>
    let renderer: Renderer
    let rule: FillRule
    let surface: Surface

    @inline(__always)
    mutating func drive<Stroke: SpanKernel>(_ strokeKernel: inout Stroke) {
        let chunkRows = renderer.fillStrokeChunkRows ?? Renderer.chunkRows(surface)
        // One chunk (a cell): each draw's sweep kept for the next draw of
        // its geometry, or sent from the last one's.
        if Rasterizer.rasterizeKeepingSweeps(
            renderer.fillRasterizer, rule: rule, into: &fill.pointee,
            then: renderer.strokeRasterizer, rule: .nonZero, into: &strokeKernel, chunkRows: chunkRows)
        {
            return
        }
        Rasterizer.rasterize(
            renderer.fillRasterizer, rule: rule, into: &fill.pointee,
            then: renderer.strokeRasterizer, rule: .nonZero, into: &strokeKernel, chunkRows: chunkRows)
    }
}
