// Paint: what fills a shape's coverage. A closed set (an enum, switched
// once per draw and per span, never per pixel): solid colors, linear,
// radial (two circles, SVG / Core Graphics semantics) and conic gradients,
// and image patterns. Geometry is in user space (points) unless a paint's
// own transform says otherwise.

/// A linear gradient: t = 0 at `start`, 1 at `end`, constant along lines
/// perpendicular to start→end (in the gradient's space).
public struct LinearGradient: Hashable, Sendable {
    public var gradient: Gradient
    /// Where t = 0, in the gradient's space (user space mapped by `transform`).
    public var start: Point
    /// Where t = 1.
    public var end: Point
    /// Maps the gradient's space to user space (points); identity by default.
    public var transform: AffineTransform

    /// Creates a linear gradient between two points.
    public init(_ gradient: Gradient, start: Point, end: Point, transform: AffineTransform = .identity) {
        self.gradient = gradient
        self.start = start
        self.end = end
        self.transform = transform
    }
}

/// A two-circle radial gradient, as SVG 2 (focal point and radius) and Core
/// Graphics (`drawRadialGradient`) define it: the color at t is drawn on the
/// circle centred at lerp(startCenter, endCenter, t) with radius
/// lerp(startRadius, endRadius, t); a point takes the color of the largest
/// t whose circle passes through it with a radius ≥ 0. Points no circle
/// reaches stay unpainted (transparent source).
public struct RadialGradient: Hashable, Sendable {
    public var gradient: Gradient
    /// The circle of t = 0 (SVG's focal point `fx, fy` and focal radius `fr`).
    public var startCenter: Point
    public var startRadius: Double
    /// The circle of t = 1 (SVG's `cx, cy, r`).
    public var endCenter: Point
    public var endRadius: Double
    /// Maps the gradient's space to user space (points).
    public var transform: AffineTransform

    /// Creates a two-circle radial gradient.
    public init(_ gradient: Gradient, startCenter: Point, startRadius: Double = 0,
                endCenter: Point, endRadius: Double, transform: AffineTransform = .identity) {
        self.gradient = gradient
        self.startCenter = startCenter
        self.startRadius = startRadius
        self.endCenter = endCenter
        self.endRadius = endRadius
        self.transform = transform
    }

    /// A plain radial gradient: t = 0 at `center`, 1 at `radius` from it.
    public init(_ gradient: Gradient, center: Point, radius: Double, transform: AffineTransform = .identity) {
        self.init(gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: radius,
                  transform: transform)
    }
}

/// A conic (sweep) gradient: t grows with the angle around `center`, from 0
/// at `startAngle` to 1 a full turn later (clockwise on screen, y down).
public struct ConicGradient: Hashable, Sendable {
    public var gradient: Gradient
    public var center: Point
    /// Radians from the +x axis where t = 0.
    public var startAngle: Double
    /// Maps the gradient's space to user space (points).
    public var transform: AffineTransform

    /// Creates a conic gradient.
    public init(_ gradient: Gradient, center: Point, startAngle: Double = 0, transform: AffineTransform = .identity) {
        self.gradient = gradient
        self.center = center
        self.startAngle = startAngle
        self.transform = transform
    }
}

/// How an image is sampled between its pixels.
public enum ImageSampling: Hashable, Sendable {
    /// The pixel whose square contains the sample point.
    case nearest
    /// Bilinear interpolation of the four nearest pixel centres, in
    /// premultiplied space.
    case bilinear
}

/// How an image pattern continues beyond the image on one axis.
public enum TileMode: Hashable, Sendable {
    /// The edge pixels continue.
    case pad
    /// The image repeats.
    case `repeat`
    /// The image repeats, every other copy mirrored.
    case reflect
    /// Nothing (transparent) outside the image.
    case decal
}

/// An image used as a paint (`colorWithPatternImage:`): image pixel (i, j)
/// covers [i, i+1) x [j, j+1) of pattern space, which `transform` maps to
/// user space; so an 8s x 8s pixel tile made at scale s is drawn as an
/// 8 x 8 pt tile with `transform = scale(1/s)`.
public struct ImagePattern: Hashable, Sendable {
    public var image: Image
    /// Maps pattern space (image pixels) to user space (points).
    public var transform: AffineTransform
    public var tileX: TileMode
    public var tileY: TileMode
    public var sampling: ImageSampling
    /// The part of the image that is the pattern (image pixels, inside the
    /// image), or nil for all of it: a nine-slice piece samples its slice
    /// in place, as if cropped (tiling and bilinear sampling never reach
    /// past it), instead of copying it out.
    var slice: PixelRect?

    /// Creates an image pattern.
    public init(_ image: Image, transform: AffineTransform = .identity, tileX: TileMode = .repeat,
                tileY: TileMode = .repeat, sampling: ImageSampling = .nearest) {
        self.image = image
        self.transform = transform
        self.tileX = tileX
        self.tileY = tileY
        self.sampling = sampling
    }
}

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
