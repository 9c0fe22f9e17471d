// Document: a shape's resolved stroke: its paint and its stroke style in
// user space. A value only; SVGStyle.swift and the reader resolve it.

import Hairline

/// A resolved stroke: its paint (alpha including `stroke-opacity`) and
/// geometry (width and dashes in the element's user units).
public struct SVGStroke: Hashable, Sendable {
    /// What the stroke is painted with.
    public var paint: SVGShapePaint
    /// Width, joins, caps, miter limit and dashes, lengths in the element's
    /// user units.
    public var style: StrokeStyle

    /// Creates a stroke.
    /// - Parameters:
    ///   - paint: what the stroke is painted with.
    ///   - style: width, joins, caps and dashes in user units.
    public init(paint: SVGShapePaint, style: StrokeStyle) {
        self.paint = paint
        self.style = style
    }

    /// The solid stroke color, or `nil` for gradients and patterns.
    public var color: Color? { paint.color }
}
