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
    /// One color everywhere (sRGB, straight alpha).
    case solid(Color)
    /// Colors varying along a line (see `LinearGradient`).
    case linearGradient(LinearGradient)
    /// Colors varying between two circles (see `RadialGradient`).
    case radialGradient(RadialGradient)
    /// Colors varying with the angle around a point (see `ConicGradient`).
    case conicGradient(ConicGradient)
    /// An image, tiled or not (see `ImagePattern`).
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
