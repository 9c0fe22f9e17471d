// Pipeline: the rasterizer's current edges -> pixels, through the kernel
// KernelChoice names (Renderer+Kernel.swift: the choice, the A8 target,
// the fused clear), or for nine-slice images the sliced kernel. Shaders
// come prepared (Paint/ShaderPreparation.swift); edges come built.

extension Renderer {
    /// The shader for `paint` drawn through `transform` with `alpha`
    /// (global alpha, 0...1) in the surface's byte order, or `nil` if
    /// nothing would be drawn (Paint/ShaderPreparation.swift).
    @inline(__always)
    func shader(for paint: Paint, transform: AffineTransform, alpha: Double) -> Shader? {
        // A color made where it is used: through the preparation's call,
        // the shader (~130 bytes) was copied three times on its way out.
        if case .solid(let color) = paint {
            return ShaderPreparation.solid(color, alpha: alpha, swapsRedBlue: swapsRedBlue)
        }
        return shaders.shader(for: paint, transform: transform, alpha: alpha, swapsRedBlue: swapsRedBlue)
    }

    /// `shader(for: .pattern(…), …)`'s pattern shader for `slice` of
    /// `image` (nil: all of it) placed by `transform` (image pixels ->
    /// user space) and tiled by `tile` on both axes, drawn through
    /// `userTransform`; without an `ImagePattern` or the enum around it.
    func patternShader(
        for image: Image, slice: PixelRect?, transform: AffineTransform, tile: TileMode,
        sampling: ImageSampling, userTransform: AffineTransform, alpha: Double
    ) -> PatternShader? {
        shaders.patternShader(
            image, slice: slice, transform: transform, tileX: tile, tileY: tile,
            sampling: sampling, userTransform: userTransform, alpha: alpha)
    }

    /// Composites the rasterizer's current edges (or `source`'s) with
    /// `shader` through `clip` into `surface`.
    func composite(
        _ shader: Shader, rule: FillRule, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface,
        from source: Rasterizer? = nil
    ) {
        let source = source ?? rasterizer
        // No edge, no coverage: every mode leaves the pixels (and a
        // pending clear) as they are.
        guard !source.builder.isEmpty else { return }
        var loop = RowLoop(source: source, rule: rule, keepsSweeps: false)
        withKernel(shader, mode: mode, clip: clip, into: surface, &loop)
    }

    /// The device rows the current edges span, or nil if there are no
    /// edges (a clip path that covers nothing).
    var edgeRows: Range<Int>? {
        rasterizer.builder.isEmpty ? nil : rasterizer.builder.deviceRows
    }

    /// Rasterizes the current edges (built over the clip's bounds) under
    /// `rule` into `mask`, each pixel's coverage multiplied by
    /// `previous`'s (the clip being narrowed), if any.
    func rasterizeClip(rule: FillRule, into mask: ClipMask, previous: ClipMask?) {
        var kernel = MaskKernel(mask: mask, previous: previous)
        rasterizer.rasterize(rule: rule, into: &kernel)
    }

    /// Starts a sliced image draw into `surface` (Canvas+Image.swift):
    /// the row buffers are made ready before `prepareSlice` hands them
    /// to the pieces' kernels.
    func beginSlices(into surface: Surface) {
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
    }

    /// Makes piece `index` (0...8) of a sliced draw, over device columns
    /// `columns`, blend `shader` with `mode`; after `beginSlices`, before
    /// `compositeSlices`. Returns whether the piece has a kernel (its rows
    /// are not all plain: PlainRow.swift), to be released. A plain piece
    /// reads the image's pixels in place: the caller keeps the image alive
    /// until `compositeSlices` returns.
    func prepareSlice(
        _ index: Int, shader: PatternShader, mode: BlendMode, columns: Range<Int>,
        into surface: Surface
    ) -> Bool {
        assert((0..<9).contains(index), "nine pieces")
        slicedPieces[index] = shader.plainRows(
            mode: mode, swapsRedBlue: surface.format == .bgra8Premultiplied,
            columns: columns)
        guard slicedPieces[index].kind == .none else {
            plainSliceCount &+= 1
            return false
        }
        (slicedKernels + index).initialize(
            to: PaintKernel(
                surface: kernelTarget(for: surface), shader: .pattern(shader), mode: mode, mask: nil, source: rows.base,
                coverage: rowCoverage.base))
        return true
    }

    /// Composites the rasterizer's current edges (the clip shape's) into
    /// the prepared pieces in `present` (bit k: piece k), cut at `columns`
    /// and `rows` (device pixels), then releases the pieces' kernels
    /// (those in `kernels`).
    func compositeSlices(present: Int, kernels: Int, columns: SIMD4<Int>, rows: SIMD4<Int>, into surface: Surface) {
        defer { releaseSlices(kernels) }
        guard !rasterizer.builder.isEmpty, present != 0 else { return }
        var loop = RowLoop(source: rasterizer, rule: .nonZero, keepsSweeps: true)
        run(
            SlicedKernel(
                kernels: slicedKernels, pieces: slicedPieces, plain: slicedRows, present: present,
                columns: columns, rows: rows, surface: kernelTarget(for: surface)),
            into: surface, fusesClear: true, &loop)
    }

    /// Releases the prepared pieces' kernels in `kernels` (bit k: piece k).
    func releaseSlices(_ kernels: Int) {
        for k in 0..<9 where kernels & (1 << k) != 0 { (slicedKernels + k).deinitialize(count: 1) }
    }
}

/// The row loop over a rasterizer's edges (Raster/Rasterizer.swift), as a
/// kernel's driver. `keepsSweeps`: a closed-form draw's sweep is kept for,
/// or sent from, draws of the same geometry (KeptSweeps.swift).
struct RowLoop: KernelDriver {
    let source: Rasterizer
    let rule: FillRule
    let keepsSweeps: Bool

    @inline(__always)
    mutating func drive<Kernel: SpanKernel>(_ kernel: inout Kernel) {
        if keepsSweeps {
            source.rasterizeKeepingSweeps(rule: rule, into: &kernel)
        } else {
            source.rasterize(rule: rule, into: &kernel)
        }
    }
}
