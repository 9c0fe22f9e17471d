// Document: a shape's resolved paint (none, a color, or a gradient or
// pattern resolved against the shape's bounding box), ready to hand to a
// canvas. A value only; SVGStyle.swift and the reader resolve it.

import Hairline

/// What a shape is filled or stroked with, resolved against the shape:
/// an engine paint (solid or gradient, alpha already including
/// `fill-opacity` / `stroke-opacity`), or a pattern tile that is rendered
/// when drawn (at the canvas's resolution).
public enum SVGShapePaint: Hashable, Sendable {
    /// A solid color or a gradient in the element's user space.
    case paint(Paint)
    /// A `<pattern>`, rendered into a tile image at draw time.
    case pattern(SVGPattern)

    /// The solid color, or `nil` for gradients and patterns.
    public var color: Color? {
        if case .paint(.solid(let c)) = self { return c }
        return nil
    }

    /// The paint with every color's alpha (or the pattern's opacity)
    /// multiplied by `factor` (0...1).
    /// - Parameter factor: the multiplier, 0...1.
    public func withAlphaMultiplied(by factor: Double) -> SVGShapePaint {
        func scaled(_ g: Gradient) -> Gradient {
            Gradient(stops: g.stops.map { GradientStop(location: $0.location, color: $0.color.withAlphaMultiplied(by: factor)) },
                     extend: g.extend)
        }
        switch self {
        case .paint(.solid(let c)): return .paint(.solid(c.withAlphaMultiplied(by: factor)))
        case .paint(.linearGradient(var g)): g.gradient = scaled(g.gradient); return .paint(.linearGradient(g))
        case .paint(.radialGradient(var g)): g.gradient = scaled(g.gradient); return .paint(.radialGradient(g))
        case .paint(.conicGradient(var g)): g.gradient = scaled(g.gradient); return .paint(.conicGradient(g))
        case .paint(.pattern): return self
        case .pattern(var p): p.opacity *= factor; return .pattern(p)
        }
    }

    /// The paint moved to another space: `transform` maps the paint's
    /// current user space to the new one, so the new paint space is the
    /// old one followed by it. Solid colors are unchanged.
    /// - Parameter transform: old user space -> new user space.
    func appendingTransform(_ transform: AffineTransform) -> SVGShapePaint {
        switch self {
        case .paint(.solid): return self
        case .paint(.linearGradient(var g)): g.transform = g.transform.concatenating(transform); return .paint(.linearGradient(g))
        case .paint(.radialGradient(var g)): g.transform = g.transform.concatenating(transform); return .paint(.radialGradient(g))
        case .paint(.conicGradient(var g)): g.transform = g.transform.concatenating(transform); return .paint(.conicGradient(g))
        case .paint(.pattern(var p)): p.transform = p.transform.concatenating(transform); return .paint(.pattern(p))
        case .pattern(var p): p.transform = p.transform.concatenating(transform); return .pattern(p)
        }
    }

    /// Whether the paint draws nothing at all (a transparent solid color,
    /// a gradient whose stops are all transparent, a transparent pattern).
    var isInvisible: Bool {
        switch self {
        case .paint(.solid(let c)): return !(c.alpha > 0)
        case .paint(.linearGradient(let g)): return g.gradient.stops.allSatisfy { !($0.color.alpha > 0) }
        case .paint(.radialGradient(let g)): return g.gradient.stops.allSatisfy { !($0.color.alpha > 0) }
        case .paint(.conicGradient(let g)): return g.gradient.stops.allSatisfy { !($0.color.alpha > 0) }
        case .paint(.pattern): return false
        case .pattern(let p): return !(p.opacity > 0)
        }
    }
}
