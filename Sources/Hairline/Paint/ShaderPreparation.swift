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
    /// The ramp's source (Ramp.Source) and, `Ramp.sourceBytes` after it,
    /// its entries.
    private let rampMemory = UnsafeMutableRawPointer.allocate(
        byteCount: Ramp.sourceBytes + rampSize * 4,
        alignment: 64)
    private var rampStorage: UnsafeMutablePointer<UInt32> {
        (rampMemory + Ramp.sourceBytes).assumingMemoryBound(to: UInt32.self)
    }
    /// The ramp's normalized stops (its entries are worked out from them
    /// as pixels need them: Ramp.fill).
    @exclusivity(unchecked) private var rampStops = ScratchBuffer<GradientStop>()
    /// What the ramp was filled for (with `rampStops`): whether it was,
    /// the global alpha as given, and the byte order.
    private var hasRamp = false
    private var rampAlpha = 0.0
    private var rampSwapped = false
    /// Whether every color of the ramp is opaque (worked out when filled).
    private var rampIsOpaque = false
    /// The last repeating pattern's rows, repeated side by side. (Not
    /// checked for exclusivity at run time: one thread, no overlapping
    /// accesses.)
    @exclusivity(unchecked) var patternRows = PatternRowCache()

    deinit {
        rampMemory.deallocate()
        rampStops.deallocate()
        patternRows.deallocate()
    }

    /// Whether `stops`, normalized (`Gradient.normalizedStops`), are the
    /// ramp's stops: the same count, locations and colors.
    private func rampHolds(_ stops: [GradientStop]) -> Bool {
        guard stops.count == rampStops.count else { return false }
        var floor = 0.0
        for i in 0..<stops.count {
            floor = Gradient.normalizedLocation(stops[i].location, after: floor)
            guard floor == rampStops[i].location, stops[i].color == rampStops[i].color else { return false }
        }
        return true
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
            return Self.solid(color, alpha: alpha, swapsRedBlue: swapsRedBlue)
        case .linearGradient(let g):
            return g.shader(through: transform, alpha: alpha, swapsRedBlue: swapsRedBlue, preparation: self)
        case .radialGradient(let g):
            return g.shader(through: transform, alpha: alpha, swapsRedBlue: swapsRedBlue, preparation: self)
        case .conicGradient(let g):
            return g.shader(through: transform, alpha: alpha, swapsRedBlue: swapsRedBlue, preparation: self)
        case .pattern(let p):
            return patternShader(p, transform: transform, alpha: alpha).map { .pattern($0) }
        }
    }

    /// The shader of `color` with `alpha` (global alpha, 0...1), its
    /// bytes in BGRA order if `swapsRedBlue`. A transparent source still
    /// matters to modes such as copy or destinationIn; the renderer skips
    /// it only for source-over.
    @inline(__always)
    static func solid(_ color: Color, alpha: Double, swapsRedBlue: Bool) -> Shader {
        let packed = color.withAlphaMultiplied(by: alpha).premultiplied.packed
        return .solid(swapsRedBlue ? swapRedBlue(packed) : packed)
    }

    /// The solid shader of `gradient`'s last stop (what SVG paints for a
    /// degenerate gradient), or nil if it has no stops.
    func lastStop(_ gradient: Gradient, alpha: Double, swapsRedBlue: Bool) -> Shader? {
        guard let last = gradient.normalizedStops.last else { return nil }
        return shader(for: .solid(last.color), transform: .identity, alpha: alpha, swapsRedBlue: swapsRedBlue)
    }

    /// The ramp for `gradient` at `alpha` (in the surface's byte order),
    /// emptied only if one of them changed (its entries are then worked
    /// out as pixels need them). Emptying stores over the entries the last
    /// gradient filled. The stops are compared and kept normalized, with
    /// no array made per draw: gradients whose stops normalize alike share
    /// a ramp (its entries depend on nothing else).
    func prepareRamp(_ gradient: Gradient, alpha: Double, swapsRedBlue: Bool) -> Ramp {
        if !(hasRamp && rampAlpha == alpha && rampSwapped == swapsRedBlue && rampHolds(gradient.stops)) {
            let stops = gradient.stops
            rampStops.count = 0
            rampStops.reserve(stops.count)
            var floor = 0.0
            for stop in stops {
                floor = Gradient.normalizedLocation(stop.location, after: floor)
                rampStops.append(GradientStop(location: floor, color: stop.color))
            }
            // Empty what the last gradient filled (nothing else is).
            if hasRamp {
                Ramp(colors: rampStorage, extend: .pad, isOpaque: false).empty()
            } else {
                rampStorage.update(repeating: Ramp.unfilled, count: rampSize)
            }
            rampMemory.initializeMemory(
                as: Ramp.Source.self,
                repeating: Ramp.Source(
                    stops: rampStops.base, stopCount: rampStops.count, alpha: Color.unit(alpha),
                    swapsRedBlue: swapsRedBlue), count: 1)
            hasRamp = true
            rampAlpha = alpha
            rampSwapped = swapsRedBlue
            // Opaque if every stop and the global alpha are: then every
            // entry's alpha is 255. (A stop a hair under opaque counts as
            // translucent: the kernels then blend where they could store,
            // the same bytes.)
            rampIsOpaque = !stops.isEmpty && Color.unit(alpha) == 1
            for i in 0..<rampStops.count where Color.unit(rampStops[i].color.alpha) != 1 {
                rampIsOpaque = false
                break
            }
        }
        return Ramp(colors: rampStorage, extend: gradient.extend, isOpaque: rampIsOpaque)
    }
}
