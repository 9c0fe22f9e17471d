// Paint: Paint (user space) + the transform + global alpha + the surface's
// byte order -> a Shader in device space, once per draw. The preparer owns
// the caches shaders point into: the gradient ramp (refilled only when the
// gradient, alpha or byte order changes) and the last repeating pattern's
// rows. Paints whose transform cannot be inverted draw nothing (nil).

/// Turns paints into shaders and keeps the memory they read. One per
/// renderer (one thread); a shader it returns is valid until the next
/// `shader(for:transform:alpha:swapsRedBlue:)` that prepares a different
/// gradient or pattern.
final class ShaderPreparation {
    /// The gradient ramp (`rampSize` packed premultiplied colors), and
    /// what it was filled for.
    private let rampStorage = UnsafeMutablePointer<UInt32>.allocate(capacity: rampSize)
    private var rampKey: (gradient: Gradient, alpha: Double, swapped: Bool)?
    /// Whether every color of the ramp is opaque (worked out when filled).
    private var rampIsOpaque = false
    /// The last repeating pattern's rows, repeated side by side. (Not
    /// checked for exclusivity at run time: one thread, no overlapping
    /// accesses.)
    @exclusivity(unchecked) private var patternRows = PatternRowCache()

    deinit {
        rampStorage.deallocate()
        patternRows.deallocate()
    }

    /// The capacities of the caches, in elements (for tests that check
    /// steady drawing stops allocating).
    var footprint: [Int] { [patternRows.capacity] }

    /// The shader for `paint` drawn through `transform` (user space to
    /// device pixels) with `alpha` (global alpha, 0...1), its colors in
    /// BGRA order if `swapsRedBlue`, or `nil` if nothing would be drawn
    /// (a singular paint transform, non-finite gradient geometry, a
    /// gradient without stops).
    func shader(for paint: Paint, transform: AffineTransform, alpha: Double, swapsRedBlue: Bool) -> Shader? {
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
                return lastStop(g.gradient, alpha: alpha, swapsRedBlue: swapsRedBlue)
            }
            let ramp = prepareRamp(g.gradient, alpha: alpha, swapsRedBlue: swapsRedBlue)
            let a = (toPaint.a * d.x + toPaint.b * d.y) / length2
            let b = (toPaint.c * d.x + toPaint.d * d.y) / length2
            let c = ((toPaint.tx - g.start.x) * d.x + (toPaint.ty - g.start.y) * d.y) / length2
            return .linear(LinearShader(ramp: ramp, a: a, b: b, c: c))
        case .radialGradient(let g):
            guard let toPaint = g.transform.concatenating(transform).inverted() else { return nil }
            guard g.startRadius.isFinite, g.endRadius.isFinite, g.startCenter.isFinite, g.endCenter.isFinite else {
                return nil
            }
            if g.startRadius <= 0 && g.endRadius <= 0 {
                return lastStop(g.gradient, alpha: alpha, swapsRedBlue: swapsRedBlue)
            }
            let cd = g.endCenter - g.startCenter
            let dr = g.endRadius - g.startRadius
            return .radial(RadialShader(
                ramp: prepareRamp(g.gradient, alpha: alpha, swapsRedBlue: swapsRedBlue), toPaint: toPaint,
                c0: g.startCenter, r0: g.startRadius, cd: cd, dr: dr, qa: cd.dot(cd) - dr * dr))
        case .conicGradient(let g):
            guard let toPaint = g.transform.concatenating(transform).inverted(), g.center.isFinite,
                  g.startAngle.isFinite
            else { return nil }
            return .conic(ConicShader(ramp: prepareRamp(g.gradient, alpha: alpha, swapsRedBlue: swapsRedBlue),
                                      toPaint: toPaint, center: g.center, startAngle: g.startAngle))
        case .pattern(let p):
            return patternShader(p, transform: transform, alpha: alpha).map { .pattern($0) }
        }
    }

    /// The shader of an image pattern: sampled in place (a slice of the
    /// image for nine-slice pieces), its rows repeated side by side from
    /// the cache when it repeats along x and copies whole rows.
    private func patternShader(_ p: ImagePattern, transform: AffineTransform, alpha: Double) -> PatternShader? {
        patternShader(p.image, slice: p.slice, transform: p.transform, tileX: p.tileX, tileY: p.tileY,
                      sampling: p.sampling, userTransform: transform, alpha: alpha)
    }

    /// The pattern shader of `slice` of `image` (nil: all of it) placed by
    /// `transform` (image pixels -> user space), drawn through
    /// `userTransform`: an `ImagePattern`'s, from its parts.
    func patternShader(_ image: Image, slice: PixelRect?, transform: AffineTransform, tileX: TileMode,
                       tileY: TileMode, sampling: ImageSampling, userTransform: AffineTransform,
                       alpha: Double) -> PatternShader? {
        guard let toPattern = transform.concatenating(userTransform).inverted() else { return nil }
        let a = UInt32((Color.unit(alpha) * 255).rounded())
        // A slice (nine-slice pieces) is sampled in place: its size,
        // its first pixel and the image's row length.
        let part = slice ?? PixelRect(minX: 0, minY: 0, maxX: image.width, maxY: image.height)
        assert(part.minX >= 0 && part.minY >= 0 && part.maxX <= image.width && part.maxY <= image.height
               && !part.isEmpty, "a slice inside the image")
        var shader = PatternShader(
            pixels: image.pixels, width: part.width, height: part.height, origin: part.minY * image.width + part.minX,
            rowLength: image.width, toPattern: toPattern, tileX: tileX, tileY: tileY, sampling: sampling,
            alpha: a, imageIsOpaque: image.isOpaque)
        if slice != nil { shader.uniformRows = image.hasUniformRows(in: part) }
        if shader.copiesRows, shader.tileX == .repeat, slice == nil {
            shader.repeatedRows = patternRows.rows(for: image)
        }
        return shader
    }

    /// The solid shader of `gradient`'s last stop (what SVG paints for a
    /// degenerate gradient), or nil if it has no stops.
    private func lastStop(_ gradient: Gradient, alpha: Double, swapsRedBlue: Bool) -> Shader? {
        guard let last = gradient.normalizedStops.last else { return nil }
        return shader(for: .solid(last.color), transform: .identity, alpha: alpha, swapsRedBlue: swapsRedBlue)
    }

    /// The ramp for `gradient` at `alpha` (in the surface's byte order),
    /// refilled only if one of them changed. O(`rampSize`) when refilled.
    private func prepareRamp(_ gradient: Gradient, alpha: Double, swapsRedBlue: Bool) -> Ramp {
        if rampKey?.gradient != gradient || rampKey?.alpha != alpha || rampKey?.swapped != swapsRedBlue {
            Ramp.fill(rampStorage, gradient: gradient, alpha: Color.unit(alpha))
            if swapsRedBlue { swapRedBlue(rampStorage, count: rampSize) }
            rampKey = (gradient, alpha, swapsRedBlue)
            rampIsOpaque = (0..<rampSize).allSatisfy { packedAlpha(rampStorage[$0]) == 255 }
        }
        return Ramp(colors: rampStorage, extend: gradient.extend, isOpaque: rampIsOpaque)
    }
}
