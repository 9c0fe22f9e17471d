// Document: a resolved <pattern>: the tile rectangle, patternTransform and
// the tile's content as draw commands in tile space (SVG 1.1 §13.3). A value
// only; SVGReader+Patterns.swift builds it and SVGPattern+Rendering.swift
// renders its tile.

import Hairline

/// A `<pattern>` resolved for one shape: a tile of content repeated over
/// the plane.
///
/// Spaces: the tile rectangle is in pattern space, which `transform`
/// (`patternTransform`) maps to the shape's user space; `content` is in
/// tile space, whose origin is the tile's top-left corner (`viewBox` and
/// `patternContentUnits` are already folded into the commands).
public struct SVGPattern: Hashable, Sendable {
    /// The tile (`x`, `y`, `width`, `height`) in pattern space; both sides
    /// are positive.
    public var tile: Rect
    /// Maps pattern space to the shape's user space (`patternTransform`).
    public var transform: AffineTransform
    /// What one tile draws, in tile space, in painting order; it is
    /// clipped to the tile.
    public var content: [SVGDrawCommand]
    /// Multiplied into the whole tile (`fill-opacity` and the opacities of
    /// the shape and its ancestors), 0...1.
    public var opacity: Double

    /// Creates a pattern.
    /// - Parameters:
    ///   - tile: the tile in pattern space; both sides positive.
    ///   - transform: maps pattern space to the shape's user space.
    ///   - content: the tile's drawing, in tile space.
    ///   - opacity: the alpha the tile is drawn with, 0...1.
    public init(tile: Rect, transform: AffineTransform = .identity, content: [SVGDrawCommand], opacity: Double = 1) {
        self.tile = tile
        self.transform = transform
        self.content = content
        self.opacity = opacity
    }
}
