// Canvas: shadows (Core Graphics' setShadow(offset:blur:color:)). A
// shadowed draw is first drawn, moved by the offset, into the pipeline's
// shadow layer (an RGBA8 surface the renderer keeps) over the pixels its
// shadow can reach, unclipped, through the same renderer; the layer's
// alpha is blurred and composited with the shadow color under the clip and
// blend mode (Renderer+Shadow.swift); then the draw itself is made as usual.

/// The current shadow of a canvas state, in device pixels.
struct Shadow {
    /// The offset, device pixels (finite, at most `Canvas.maximumShadowOffset`).
    var offsetX: Double
    var offsetY: Double
    /// The blur's boxes (σ = blur / 2 × scale).
    var blur: BoxBlur
    /// The color, straight alpha.
    var color: Color
}

extension Canvas {
    /// Sets the shadow drawn under every later fill, stroke, image and
    /// coverage draw, until `clearShadow()` or a `restore()` that brings
    /// back a state without it (the shadow is part of the saved state).
    ///
    /// As in Core Graphics, the shadow is cast by what the draw itself
    /// would leave on a transparent surface (its shape's coverage times
    /// its paint's alpha and the global alpha), not clipped: the clip then
    /// applies to the shadow as to the draw. That alpha is moved by
    /// `offset`, blurred by an approximate Gaussian of standard deviation
    /// σ = `blur` / 2 (three box blurs per axis, Composite/BoxBlur.swift),
    /// and composited with `color` under the current clip and blend mode,
    /// before the draw. `blur` 0 is the alpha moved by the offset exactly
    /// (a shape rasterized at the moved position; a coverage draw moved by
    /// the offset rounded to whole device pixels).
    ///
    /// Bad input never traps: a NaN or negative `blur` counts as 0, one
    /// above 254 / scale points (σ of 127 device pixels) as that; a
    /// non-finite offset component, or a fully transparent `color`,
    /// clears the shadow; offsets beyond `maximumShadowOffset` device
    /// pixels are clamped to it.
    /// - Parameters:
    ///   - offset: where the shadow lands relative to the draw, in points
    ///     of the base space (scaled by `scale`, not by the current
    ///     transform, as in Core Graphics); positive height is down.
    ///   - blur: the blur radius, in points of the base space (the
    ///     Gaussian's σ is half of it), ≥ 0.
    ///   - color: the shadow's color (sRGB, straight alpha).
    public func setShadow(offset: Size, blur: Double, color: Color) {
        let dx = offset.width * scale, dy = offset.height * scale
        let limit = Canvas.maximumShadowOffset
        guard dx.isFinite, dy.isFinite, color.premultiplied.alpha != 0 else {
            state.shadow = nil
            return
        }
        let sigma = blur.isFinite ? blur / 2 * scale : (blur > 0 ? BoxBlur.maximumSigma : 0)
        state.shadow = Shadow(
            offsetX: min(max(dx, -limit), limit), offsetY: min(max(dy, -limit), limit),
            blur: BoxBlur(sigma: sigma), color: color)
    }

    /// Draws no shadow from now on (until a `restore()` brings one back).
    public func clearShadow() {
        state.shadow = nil
    }

    /// Whether a shadow is set (`setShadow(offset:blur:color:)`): every
    /// draw then casts one. A group that needs its bounds only for a
    /// shadow (`withOneShadow(over:_:)`) can skip working them out.
    public var hasShadow: Bool { state.shadow != nil }

    /// The largest shadow offset, in device pixels, on either axis:
    /// 2^24, far past any surface (`Surface.maximumDimension` is 2^16).
    public static let maximumShadowOffset = Double(1 << 24)

    /// The largest square of shadow pixels made in one pass, a side in
    /// device pixels (the canvas's `shadowTileSize` unless a test sets
    /// another): larger shadows are made tile by tile, so a shadow's
    /// scratch stays below about (1024 + 4 × 381)² pixels, whatever the
    /// shape and surface.
    static let defaultShadowTileSize = 1024

    /// With a shadow set: casts the shadow of a draw reaching `reach`
    /// (device pixels, unclipped; nil: nothing) by running `shadow` on the
    /// shadow layer, then runs `body` (the draw) with the shadow unset.
    /// `shadow` gets the layer and, for a draw placed on whole pixels
    /// (`wholePixels`), the device shift from this surface to the layer.
    func withShadowCast(
        reach: Rect?, wholePixels: Bool, shadow draw: (Canvas, Int, Int) -> Void,
        then body: () -> Void
    ) {
        if let shadow = state.shadow {
            if let reach { cast(shadow, reach: reach, wholePixels: wholePixels, draw) }
            state.shadow = nil
            body()
            state.shadow = shadow
        } else {
            body()
        }
    }

    /// Draws `shadow` of the draw `draw` makes on the layer, tile by tile.
    private func cast(_ shadow: Shadow, reach: Rect, wholePixels: Bool, _ draw: (Canvas, Int, Int) -> Void) {
        let clip = resolvedClip()
        guard !clip.isEmpty else { return }
        let dx = wholePixels ? shadow.offsetX.rounded() : shadow.offsetX
        let dy = wholePixels ? shadow.offsetY.rounded() : shadow.offsetY
        let e = shadow.blur.extent
        // The draw's pixels, moved; only those within the blur's reach of
        // the clip can show.
        let moved = PixelRect(enclosing: reach.offsetBy(dx: dx, dy: dy).insetBy(dx: -2, dy: -2))
        let source = moved.intersection(clip.bounds.grown(by: e))
        let output = source.grown(by: e).intersection(clip.bounds)
        guard !source.isEmpty, !output.isEmpty else { return }
        var color = shadow.color.premultiplied.packed
        if renderer.swapsRedBlue { color = swapRedBlue(color) }
        let tile = max(shadowTileSize, 1)
        var tileY = output.minY
        while tileY < output.maxY {
            var tileX = output.minX
            while tileX < output.maxX {
                let region = PixelRect(
                    minX: tileX, minY: tileY, maxX: min(tileX + tile, output.maxX),
                    maxY: min(tileY + tile, output.maxY))
                let part = region.grown(by: e).intersection(source)
                if !part.isEmpty {
                    let layer = shadowLayer(over: part, dx: dx, dy: dy)
                    // The layer's draws are not draws of this canvas: a
                    // draw dropped there is counted once, by `body`.
                    let dropped = renderer.droppedDrawCount
                    draw(layer, Int(dx) - part.minX, Int(dy) - part.minY)
                    renderer.droppedDrawCount = dropped
                    let mask = CoverageRows(alphaOf: layer.surface).cropped(
                        x: 0, y: 0, width: part.width,
                        height: part.height)
                    composite(mask, at: part, shadow: shadow, color: color, region: region, clip: clip)
                }
                tileX += tile
            }
            tileY += tile
        }
    }

    /// Composites the layer's `mask` (over `part`) blurred, in `region`.
    private func composite(
        _ mask: CoverageRows, at part: PixelRect, shadow: Shadow, color: UInt32,
        region: PixelRect, clip: Clip
    ) {
        renderer.drawShadow(
            ofCoverage: mask, atX: part.minX, y: part.minY, blur: shadow.blur, color: color,
            region: region, clip: clip, mode: state.blendMode, into: surface)
    }

    /// The canvas over the pipeline's shadow layer (at least `part`'s
    /// size, transparent over it; Renderer+Shadow.swift), drawing through
    /// this canvas's renderer, set to draw what this canvas would, moved by
    /// (`dx`, `dy`) device pixels and then by `part`'s origin to the
    /// layer's (0, 0), clipped to `part` only, with no shadow.
    private func shadowLayer(over part: PixelRect, dx: Double, dy: Double) -> Canvas {
        let surface = renderer.shadowLayer(depth: shadowDepth, width: part.width, height: part.height)
        let layer: Canvas
        if let kept = shadowLayer {
            if kept.surface !== surface { kept.retarget(to: surface) }
            layer = kept
        } else {
            layer = Canvas(shadowLayerOf: self, surface: surface)
            shadowLayer = layer
        }
        layer.state = State(
            transform: state.transform.concatenating(
                AffineTransform(translationX: dx - Double(part.minX), y: dy - Double(part.minY))),
            clip: Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: part.width, maxY: part.height)),
            globalAlpha: state.globalAlpha)
        layer.flatteningTolerance = flatteningTolerance
        return layer
    }
}

extension PixelRect {
    /// This rectangle grown by `d` pixels on every side (`d` small: no
    /// overflow for rectangles near a surface).
    func grown(by d: Int) -> PixelRect {
        PixelRect(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d)
    }
}

extension Canvas {
    /// The capacities of every buffer the canvas's drawing reuses (its
    /// pipeline's, the shadow layer included), in elements, for tests that
    /// check steady drawing stops allocating.
    var storageFootprint: [Int] { renderer.storageFootprint }
}
