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
    /// multiplied by `factor` (0...1; `Paint.applyingOpacity`).
    /// - Parameter factor: the multiplier, 0...1.
    public func withAlphaMultiplied(by factor: Double) -> SVGShapePaint {
        switch self {
        case .paint(let paint): return .paint(paint.applyingOpacity(factor))
        case .pattern(var p): p.opacity *= factor; return .pattern(p)
        }
    }

    /// The paint moved to another space: `transform` maps the paint's
    /// current user space to the new one, so the new paint space is the
    /// old one followed by it (`Paint.applyingTransform`). Solid colors
    /// are unchanged.
    /// - Parameter transform: old user space -> new user space.
    func appendingTransform(_ transform: AffineTransform) -> SVGShapePaint {
        switch self {
        case .paint(let paint): return .paint(paint.applyingTransform(transform))
        case .pattern(var p): p.transform = p.transform.concatenating(transform); return .pattern(p)
        }
    }

    /// Whether the paint draws nothing at all (a transparent solid color,
    /// a gradient whose stops are all transparent, a transparent pattern).
    var isInvisible: Bool {
        switch self {
        case .paint(let paint): return paint.isInvisible
        case .pattern(let p): return !(p.opacity > 0)
        }
    }
}
