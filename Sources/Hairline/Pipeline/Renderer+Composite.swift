// Pipeline: the rasterizer's current edges -> pixels. Picks the kernel a
// draw needs (a plain store for solid source-over, the paint kernel for
// every other shader, mode and clip mask, the sliced kernel for nine-slice
// images) and fuses the surface's pending clear into it. Shaders come
// prepared (Paint/ShaderPreparation.swift); edges come built.

extension Renderer {
    /// The shader for `paint` drawn through `transform` with `alpha`
    /// (global alpha, 0...1) in the surface's byte order, or `nil` if
    /// nothing would be drawn (Paint/ShaderPreparation.swift).
    func shader(for paint: Paint, transform: AffineTransform, alpha: Double) -> Shader? {
        shaders.shader(for: paint, transform: transform, alpha: alpha, swapsRedBlue: swapsRedBlue)
    }

    /// `shader(for: .pattern(…), …)`'s pattern shader for `slice` of
    /// `image` (nil: all of it) placed by `transform` (image pixels ->
    /// user space) and tiled by `tile` on both axes, drawn through
    /// `userTransform`; without an `ImagePattern` or the enum around it.
    func patternShader(for image: Image, slice: PixelRect?, transform: AffineTransform, tile: TileMode,
                       sampling: ImageSampling, userTransform: AffineTransform, alpha: Double) -> PatternShader? {
        shaders.patternShader(image, slice: slice, transform: transform, tileX: tile, tileY: tile,
                              sampling: sampling, userTransform: userTransform, alpha: alpha)
    }

    /// Composites the rasterizer's current edges (or `source`'s) with
    /// `shader` through `clip` into `surface`.
    func composite(_ shader: Shader, rule: FillRule, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface,
                   from source: Rasterizer? = nil) {
        let source = source ?? rasterizer
        // No edge, no coverage: every mode leaves the pixels (and a
        // pending clear) as they are.
        guard !source.builder.isEmpty else { return }
        if case .solid(let color) = shader, clip.mask == nil, mode == .sourceOver {
            rasterize(SolidSourceOver(surface: surface, packed: color), rule: rule, into: surface, from: source)
            return
        }
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
        rasterize(PaintKernel(surface: surface, shader: shader, mode: mode, mask: clip.mask,
                              source: rows.base, coverage: rowCoverage.base),
                  rule: rule, into: surface, from: source)
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
    func prepareSlice(_ index: Int, shader: PatternShader, mode: BlendMode, columns: Range<Int>,
                      into surface: Surface) -> Bool {
        assert((0..<9).contains(index), "nine pieces")
        slicedPieces[index] = shader.plainRows(mode: mode, swapsRedBlue: surface.format == .bgra8Premultiplied,
                                               columns: columns)
        guard slicedPieces[index].kind == .none else {
            plainSliceCount &+= 1
            return false
        }
        (slicedKernels + index).initialize(to: PaintKernel(
            surface: surface, shader: .pattern(shader), mode: mode, mask: nil, source: rows.base,
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
        rasterize(SlicedKernel(kernels: slicedKernels, pieces: slicedPieces, plain: slicedRows, present: present, columns: columns, rows: rows,
                               surface: surface),
                  rule: .nonZero, into: surface, keepingSweeps: true)
    }

    /// Releases the prepared pieces' kernels in `kernels` (bit k: piece k).
    func releaseSlices(_ kernels: Int) {
        for k in 0..<9 where kernels & (1 << k) != 0 { (slicedKernels + k).deinitialize(count: 1) }
    }

    /// Runs the row loop into `kernel`, with the surface's pending clear
    /// fused in (ClearingKernel) if it has one; the clear is then done.
    /// `keepingSweeps`: a closed-form draw's sweep is kept for, or sent
    /// from, draws of the same geometry (KeptSweeps.swift). The edges are
    /// the rasterizer's, or `source`'s.
    @inline(__always)
    private func rasterize<Kernel: SpanKernel>(_ kernel: Kernel, rule: FillRule, into surface: Surface,
                                               keepingSweeps: Bool = false, from source: Rasterizer? = nil) {
        let source = source ?? rasterizer
        guard let color = surface.pendingClear else {
            var k = kernel
            if keepingSweeps {
                source.rasterizeKeepingSweeps(rule: rule, into: &k)
            } else {
                source.rasterize(rule: rule, into: &k)
            }
            return
        }
        // The clear is the wrapper's to write from here on.
        surface.pendingClear = nil
        var clearing = ClearingKernel(kernel, surface: surface, color: color)
        if keepingSweeps {
            source.rasterizeKeepingSweeps(rule: rule, into: &clearing)
        } else {
            source.rasterize(rule: rule, into: &clearing)
        }
        clearing.finish()
    }
}
