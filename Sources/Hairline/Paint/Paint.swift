// Paint: what fills a shape's coverage. A closed set (an enum, switched
// once per draw and per span, never per pixel): solid colors, linear,
// radial (two circles, SVG / Core Graphics semantics) and conic gradients,
// and image patterns. Geometry is in user space (points) unless a paint's
// own transform says otherwise.

/// What fills a shape.
public enum Paint: Hashable, Sendable {
    case solid(Color)
    case linearGradient(LinearGradient)
    case radialGradient(RadialGradient)
    case conicGradient(ConicGradient)
    case pattern(ImagePattern)
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
