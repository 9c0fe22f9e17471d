// Canvas: Paint (user space) + the transform -> a Shader in device space,
// once per draw. Gradient ramps are cached: drawing the same gradient
// again reuses the ramp. Paints whose transform cannot be inverted draw
// nothing.

extension Renderer {
    /// The shader for `paint` drawn through `transform` with `alpha`
    /// (global alpha, 0...1), or `nil` if nothing would be drawn.
    func shader(for paint: Paint, transform: AffineTransform, alpha: Double) -> Shader? {
        switch paint {
        case .solid(let color):
            // A transparent source still matters to modes such as copy or
            // destinationIn; the renderer skips it only for source-over.
            let packed = color.withAlphaMultiplied(by: alpha).premultiplied.packed
            return .solid(swapsRedBlue ? swapRedBlue(packed) : packed)
        case .linearGradient(let g):
            guard let toPaint = g.transform.concatenating(transform).inverted() else { return nil }
            let d = g.end - g.start
            let length2 = d.dot(d)
            guard length2 > 0, length2.isFinite else {
                // SVG: a zero-length gradient paints its last stop's color.
                return lastStop(g.gradient, alpha: alpha)
            }
            let ramp = prepareRamp(g.gradient, alpha: alpha)
            let a = (toPaint.a * d.x + toPaint.b * d.y) / length2
            let b = (toPaint.c * d.x + toPaint.d * d.y) / length2
            let c = ((toPaint.tx - g.start.x) * d.x + (toPaint.ty - g.start.y) * d.y) / length2
            return .linear(LinearShader(ramp: ramp, a: a, b: b, c: c))
        case .radialGradient(let g):
            guard let toPaint = g.transform.concatenating(transform).inverted() else { return nil }
            guard g.startRadius.isFinite, g.endRadius.isFinite, g.startCenter.isFinite, g.endCenter.isFinite else {
                return nil
            }
            if g.startRadius <= 0 && g.endRadius <= 0 { return lastStop(g.gradient, alpha: alpha) }
            let cd = g.endCenter - g.startCenter
            let dr = g.endRadius - g.startRadius
            return .radial(RadialShader(
                ramp: prepareRamp(g.gradient, alpha: alpha), toPaint: toPaint,
                c0: g.startCenter, r0: g.startRadius, cd: cd, dr: dr, qa: cd.dot(cd) - dr * dr))
        case .conicGradient(let g):
            guard let toPaint = g.transform.concatenating(transform).inverted(), g.center.isFinite,
                  g.startAngle.isFinite
            else { return nil }
            return .conic(ConicShader(ramp: prepareRamp(g.gradient, alpha: alpha), toPaint: toPaint,
                                      center: g.center, startAngle: g.startAngle))
        case .pattern(let p):
            guard let toPattern = p.transform.concatenating(transform).inverted() else { return nil }
            let a = UInt32((Color.unit(alpha) * 255).rounded())
            // A slice (nine-slice pieces) is sampled in place: its size,
            // its first pixel and the image's row length.
            let slice = p.slice ?? PixelRect(minX: 0, minY: 0, maxX: p.image.width, maxY: p.image.height)
            assert(slice.minX >= 0 && slice.minY >= 0 && slice.maxX <= p.image.width && slice.maxY <= p.image.height
                   && !slice.isEmpty, "a slice inside the image")
            var shader = PatternShader(
                pixels: p.image.pixels, width: slice.width, height: slice.height, origin: slice.minY * p.image.width + slice.minX,
                rowLength: p.image.width, toPattern: toPattern, tileX: p.tileX, tileY: p.tileY, sampling: p.sampling,
                alpha: a, imageIsOpaque: p.image.isOpaque)
            if p.slice != nil { shader.uniformRows = p.image.hasUniformRows(in: slice) }
            if shader.copiesRows, shader.tileX == .repeat, p.slice == nil {
                shader.repeatedRows = patternRows.rows(for: p.image)
            }
            return .pattern(shader)
        }
    }

    private func lastStop(_ gradient: Gradient, alpha: Double) -> Shader? {
        guard let last = gradient.normalizedStops.last else { return nil }
        return shader(for: .solid(last.color), transform: .identity, alpha: alpha)
    }

    /// The ramp for `gradient` at `alpha` (in the surface's byte order),
    /// refilled only if it changed.
    private func prepareRamp(_ gradient: Gradient, alpha: Double) -> Ramp {
        if rampKey?.gradient != gradient || rampKey?.alpha != alpha || rampKey?.swapped != swapsRedBlue {
            Ramp.fill(rampStorage, gradient: gradient, alpha: Color.unit(alpha))
            if swapsRedBlue { swapRedBlue(rampStorage, count: rampSize) }
            rampKey = (gradient, alpha, swapsRedBlue)
            rampIsOpaque = (0..<rampSize).allSatisfy { packedAlpha(rampStorage[$0]) == 255 }
        }
        return Ramp(colors: rampStorage, extend: gradient.extend, isOpaque: rampIsOpaque)
    }

    /// Composites the rasterizer's current edges with `shader` through
    /// `clip` into `surface`.
    func composite(_ shader: Shader, rule: FillRule, clip: Clip, mode: BlendMode = .sourceOver, into surface: Surface) {
        // No edge, no coverage: every mode leaves the pixels (and a
        // pending clear) as they are.
        guard !rasterizer.builder.isEmpty else { return }
        if case .solid(let color) = shader, clip.mask == nil, mode == .sourceOver {
            rasterize(SolidSourceOver(surface: surface, packed: color), rule: rule, into: surface)
            return
        }
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
        rasterize(PaintKernel(surface: surface, shader: shader, mode: mode, mask: clip.mask,
                              source: rows.base, coverage: rowCoverage.base),
                  rule: rule, into: surface)
    }

    /// Starts a sliced image draw into `surface` (Canvas+Image.swift):
    /// the row buffers are made ready before `prepareSlice` hands them
    /// to the pieces' kernels.
    func beginSlices(into surface: Surface) {
        rows.reserve(surface.width)
        rowCoverage.reserve(surface.width)
    }

    /// Makes piece `index` (0...8) of a sliced draw blend `shader` with
    /// `mode`; after `beginSlices`, before `compositeSlices`.
    func prepareSlice(_ index: Int, shader: PatternShader, mode: BlendMode, into surface: Surface) {
        assert((0..<9).contains(index), "nine pieces")
        (slicedKernels + index).initialize(to: PaintKernel(
            surface: surface, shader: .pattern(shader), mode: mode, mask: nil, source: rows.base,
            coverage: rowCoverage.base))
    }

    /// Composites the rasterizer's current edges (the clip shape's) into
    /// the prepared pieces in `present` (bit k: piece k), cut at `columns`
    /// and `rows` (device pixels), then releases the pieces' kernels.
    func compositeSlices(present: Int, columns: SIMD4<Int>, rows: SIMD4<Int>, into surface: Surface) {
        defer { releaseSlices(present: present) }
        guard !rasterizer.builder.isEmpty, present != 0 else { return }
        rasterize(SlicedKernel(kernels: slicedKernels, present: present, columns: columns, rows: rows,
                               surface: surface),
                  rule: .nonZero, into: surface, keepingSweeps: true)
    }

    /// Releases the prepared pieces in `present` (bit k: piece k).
    func releaseSlices(present: Int) {
        for k in 0..<9 where present & (1 << k) != 0 { (slicedKernels + k).deinitialize(count: 1) }
    }

    /// Runs the row loop into `kernel`, with the surface's pending clear
    /// fused in (ClearingKernel) if it has one; the clear is then done.
    /// `keepingSweeps`: a closed-form draw's sweep is kept for, or sent
    /// from, draws of the same geometry (KeptSweeps.swift).
    @inline(__always)
    private func rasterize<Kernel: SpanKernel>(_ kernel: Kernel, rule: FillRule, into surface: Surface,
                                               keepingSweeps: Bool = false) {
        guard let color = surface.pendingClear else {
            var k = kernel
            if keepingSweeps {
                rasterizer.rasterizeKeepingSweeps(rule: rule, into: &k)
            } else {
                rasterizer.rasterize(rule: rule, into: &k)
            }
            return
        }
        // The clear is the wrapper's to write from here on.
        surface.pendingClear = nil
        var clearing = ClearingKernel(kernel, surface: surface, color: color)
        if keepingSweeps {
            rasterizer.rasterizeKeepingSweeps(rule: rule, into: &clearing)
        } else {
            rasterizer.rasterize(rule: rule, into: &clearing)
        }
        clearing.finish()
    }
}
