// Pipeline: a shadow's target and a shadow from a coverage mask -> pixels.
// A shadowed draw is first drawn into the shadow layer, an RGBA8 surface
// the renderer keeps (Canvas+Shadow.swift draws there through this same
// renderer). The mask (that layer's alpha, or a glyph run's coverage) is
// blurred in the renderer's scratch (BoxBlur.swift), grown by the blur's
// reach, and composited with the shadow color through the coverage
// driver (Renderer+Coverage.swift): the clip, blend mode and pending clear
// act on it as on any draw.

extension Renderer {
    /// The shadow layer for draws of a canvas at `depth` (0: a canvas of
    /// its own; a shadow cast inside a shadow layer's draws takes the next
    /// layer), at least `width` × `height` device pixels (at most a shadow
    /// tile grown by twice the blur's reach a side), its top-left `width` ×
    /// `height` pixels transparent: kept from shadow to shadow and grown as
    /// needed.
    func shadowLayer(depth: Int, width: Int, height: Int) -> Surface {
        if shadowLayers.count <= depth {
            shadowLayers.append(contentsOf: repeatElement(nil, count: depth + 1 - shadowLayers.count))
        }
        let layer: Surface
        if let kept = shadowLayers[depth], kept.width >= width, kept.height >= height {
            layer = kept
        } else {
            let old = shadowLayers[depth]
            // Sizes bounded as above, far below Surface's limits: valid.
            layer = try! Surface(width: max(width, old?.width ?? 0), height: max(height, old?.height ?? 0))
            shadowLayers[depth] = layer
        }
        for y in 0..<height { fillPixels(layer.rowPointer(y), count: width, with: 0) }
        return layer
    }

    /// Draws the shadow of `mask`, its value (0, 0) on device pixel (`x`,
    /// `y`) of `surface` (a 32-bit surface; the mask already moved by the
    /// shadow's offset): the mask blurred by `blur`, composited with
    /// `color` (packed in the surface's byte order) through `clip` with
    /// `mode`, on the pixels inside `region` only (device pixels; a tile
    /// of a large shadow, or everything).
    func drawShadow(
        ofCoverage mask: CoverageRows, atX x: Int, y: Int, blur: BoxBlur, color: UInt32,
        region: PixelRect, clip: Clip, mode: BlendMode, into surface: Surface
    ) {
        var narrowed = clip
        narrowed.bounds = clip.bounds.intersection(region)
        guard !narrowed.isEmpty, mask.width > 0, mask.height > 0 else { return }
        guard !blur.isIdentity else {
            composite(coverage: mask, atX: x, y: y, shader: .solid(color), clip: narrowed, mode: mode, into: surface)
            return
        }
        let pad = blur.extent
        let blurred = blurredRows(mask, by: blur)
        // The blurred plane starts `pad` pixels above and left of the mask
        // (x, y are inside a surface's reach, far from overflow).
        composite(
            coverage: blurred, atX: x &- pad, y: y &- pad, shader: .solid(color), clip: narrowed, mode: mode,
            into: surface)
    }

    /// `mask` blurred by `blur` into the renderer's scratch, with the
    /// blur's extent of margin on every side (valid until the next blur).
    func blurredRows(_ mask: CoverageRows, by blur: BoxBlur) -> CoverageRows {
        let pad = blur.extent
        let width = mask.width &+ 2 &* pad, height = mask.height &+ 2 &* pad
        let count = width &* height
        blurPlaneA.reserve(count)
        blurPlaneB.reserve(count)
        blurSums.reserve(2 &* width &+ 1)
        blurredCoverage.reserve(count)
        blur.blur(mask, into: blurredCoverage.base, blurPlaneA.base, blurPlaneB.base, sums: blurSums.base)
        return CoverageRows(
            base: UnsafePointer(blurredCoverage.base), width: width, height: height,
            bytesPerRow: width, bytesPerValue: 1)
    }
}
