// Paint: what fills a shape's coverage. A closed set (an enum, switched
// once per draw and per span, never per pixel): solid colors, linear,
// radial (two circles, SVG / Core Graphics semantics) and conic gradients,
// and image patterns. Geometry is in user space (points) unless a paint's
// own transform says otherwise.

/// What fills a shape or paints a stroke: a color, a gradient or an image
/// pattern.
///
/// A paint's geometry (gradient points, pattern placement) is in user space
/// (points) at the time of the draw, mapped by the paint's own `transform`
/// first; colors are multiplied by the canvas's global alpha. A paint whose
/// transform, combined with the canvas's, is singular draws nothing.
public enum Paint: Hashable, Sendable {
    // The gradients and patterns (~100 bytes each) are boxed: a paint is
    // then a color or a reference, copied in registers; unboxed, every
    // copy and every match of a paint (several per draw) was a library
    // copy of the largest case, a measurable part of a small cell's draw.
    /// One color everywhere (sRGB, straight alpha).
    case solid(Color)
    /// Colors varying along a line (see `LinearGradient`).
    indirect case linearGradient(LinearGradient)
    /// Colors varying between two circles (see `RadialGradient`).
    indirect case radialGradient(RadialGradient)
    /// Colors varying with the angle around a point (see `ConicGradient`).
    indirect case conicGradient(ConicGradient)
    /// An image, tiled or not (see `ImagePattern`).
    indirect case pattern(ImagePattern)
}

extension Paint {
    /// Whether the paint's shader uses the renderer's gradient ramp.
    var usesGradientRamp: Bool {
        switch self {
        case .linearGradient, .radialGradient, .conicGradient: return true
        case .solid, .pattern: return false
        }
    }

    /// Whether the paint's shader may use the renderer's repeated pattern
    /// rows (one image at a time).
    var usesPatternRows: Bool {
        if case .pattern = self { return true }
        return false
    }
}

extension Paint {
    /// The paint with its opacity multiplied by `factor` (0...1; outside
    /// clamped, NaN counts as 0): every color's alpha (a gradient's stops)
    /// or the pattern's `opacity`. Drawing it gives what drawing the paint
    /// with the canvas's global alpha multiplied by `factor` gives (within
    /// a rounding step, 1/255, of each channel).
    /// - Parameter factor: the multiplier, 0...1.
    public func applyingOpacity(_ factor: Double) -> Paint {
        let f = Color.unit(factor)
        func scaled(_ g: Gradient) -> Gradient {
            Gradient(
                stops: g.stops.map { GradientStop(location: $0.location, color: $0.color.withAlphaMultiplied(by: f)) },
                extend: g.extend)
        }
        switch self {
        case .solid(let c): return .solid(c.withAlphaMultiplied(by: f))
        case .linearGradient(var g): g.gradient = scaled(g.gradient); return .linearGradient(g)
        case .radialGradient(var g): g.gradient = scaled(g.gradient); return .radialGradient(g)
        case .conicGradient(var g): g.gradient = scaled(g.gradient); return .conicGradient(g)
        case .pattern(var p): p.opacity = Color.unit(p.opacity) * f; return .pattern(p)
        }
    }

    /// The paint moved by `transform`: its geometry (gradient points,
    /// pattern placement), which its own transform maps to user space, is
    /// then mapped by `transform` too. Drawing the result where `transform`
    /// maps one user space into another draws the paint as it was in the
    /// first. Solid colors are unchanged.
    /// - Parameter transform: old user space -> new user space.
    public func applyingTransform(_ transform: AffineTransform) -> Paint {
        switch self {
        case .solid: return self
        case .linearGradient(var g): g.transform = g.transform.concatenating(transform); return .linearGradient(g)
        case .radialGradient(var g): g.transform = g.transform.concatenating(transform); return .radialGradient(g)
        case .conicGradient(var g): g.transform = g.transform.concatenating(transform); return .conicGradient(g)
        case .pattern(var p): p.transform = p.transform.concatenating(transform); return .pattern(p)
        }
    }

    /// Whether drawing the paint with source-over changes no pixel: a
    /// transparent color, a gradient whose stops are all transparent (or
    /// that has none), a pattern of opacity 0. (Other blend modes may
    /// still change pixels where it is drawn.)
    public var isInvisible: Bool {
        switch self {
        case .solid(let c): return !(c.alpha > 0)
        case .linearGradient(let g): return g.gradient.stops.allSatisfy { !($0.color.alpha > 0) }
        case .radialGradient(let g): return g.gradient.stops.allSatisfy { !($0.color.alpha > 0) }
        case .conicGradient(let g): return g.gradient.stops.allSatisfy { !($0.color.alpha > 0) }
        case .pattern(let p): return !(p.opacity > 0)
        }
    }
}
