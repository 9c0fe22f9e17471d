// Render: drawable tree -> fill commands -> Canvas. Walks the tree once,
// combining transforms (element first, outermost last) and multiplying
// opacities down to each shape; the canvas then rasterizes each fill.
// Group opacity is applied per child (exact when children do not overlap).

import Hairline

/// One fill the document asks for, in painting order: what `draw(in:)`
/// hands to `Canvas.fill`.
public struct SVGFillCommand: Hashable, Sendable {
    /// The shape in its element's own user space.
    public var path: Path
    /// Maps the element's user space to the document's viewport space
    /// (points, origin top-left, after the viewBox mapping): every
    /// ancestor's transform, outermost last.
    public var transform: AffineTransform
    /// The fill color, straight alpha including `fill-opacity` and the
    /// `opacity` of the element and all its ancestors.
    public var color: Color
    /// The fill rule.
    public var rule: FillRule
    /// UTF-8 byte offset of the element in the document.
    public var offset: Int

    /// Creates a command.
    public init(path: Path, transform: AffineTransform, color: Color, rule: FillRule, offset: Int) {
        self.path = path
        self.transform = transform
        self.color = color
        self.rule = rule
        self.offset = offset
    }

    /// The path in viewport space: `path` mapped by `transform` (arcs stay
    /// exact). Complexity: O(elements).
    public var transformedPath: Path { path.applying(transform) }
}

extension SVGNode {
    /// Appends this node's fills, in painting order, given the transform
    /// from its parent's space to viewport space and the opacity product of
    /// its ancestors. Fills that are `none` or fully transparent are left
    /// out. Recursion depth is bounded by the XML nesting limit.
    func appendDrawCommands(to commands: inout [SVGDrawCommand], parentTransform: AffineTransform,
                            parentOpacity: Double) {
        let total = transform.concatenating(parentTransform)
        let alpha = parentOpacity * opacity
        guard alpha > 0 else { return }
        switch content {
        case .group(let children):
            for child in children {
                child.appendDrawCommands(to: &commands, parentTransform: total, parentOpacity: alpha)
            }
        case .shape(let path, let fill, let rule, let stroke):
            if let fill {
                let color = fill.withAlphaMultiplied(by: alpha)
                if color.alpha > 0 {
                    commands.append(.fill(SVGFillCommand(path: path, transform: total, color: color, rule: rule,
                                                         offset: offset)))
                }
            }
            if let stroke {
                let color = stroke.color.withAlphaMultiplied(by: alpha)
                if color.alpha > 0 {
                    commands.append(.stroke(SVGStrokeCommand(path: path, transform: total, color: color,
                                                             style: stroke.style, offset: offset)))
                }
            }
        }
    }
}

/// One stroke the document asks for: what `draw(in:)` hands to
/// `Canvas.stroke`.
public struct SVGStrokeCommand: Hashable, Sendable {
    /// The shape in its element's own user space.
    public var path: Path
    /// Maps the element's user space to the document's viewport space.
    public var transform: AffineTransform
    /// The stroke color, straight alpha including `stroke-opacity` and the
    /// `opacity` of the element and all its ancestors.
    public var color: Color
    /// Width and dashes in the element's user units (scaled by `transform`).
    public var style: StrokeStyle
    /// UTF-8 byte offset of the element in the document.
    public var offset: Int

    /// Creates a command.
    public init(path: Path, transform: AffineTransform, color: Color, style: StrokeStyle, offset: Int) {
        self.path = path
        self.transform = transform
        self.color = color
        self.style = style
        self.offset = offset
    }
}

/// One drawing operation of a document, in painting order (an element's
/// fill, then its stroke).
public enum SVGDrawCommand: Hashable, Sendable {
    case fill(SVGFillCommand)
    case stroke(SVGStrokeCommand)
}

extension SVGDocument {
    /// Every fill the document draws, in painting order, with paths in
    /// their elements' user space and the transform to viewport space.
    /// Shapes with no fill or zero alpha are left out.
    /// - Complexity: O(nodes).
    public func fillCommands() -> [SVGFillCommand] {
        drawCommands().compactMap { if case .fill(let f) = $0 { return f } else { return nil } }
    }

    /// Every fill and stroke the document draws, in painting order.
    /// - Complexity: O(nodes).
    public func drawCommands() -> [SVGDrawCommand] {
        var commands: [SVGDrawCommand] = []
        root.appendDrawCommands(to: &commands, parentTransform: .identity, parentOpacity: 1)
        return commands
    }

    /// Draws the document onto `canvas`, whose current user space is taken
    /// as the document's viewport space: (0, 0) is its top-left corner and
    /// 1 unit is 1 point, so a `Canvas(surface:scale: s)` over a surface of
    /// `width * s` x `height * s` pixels shows the whole document at scale
    /// `s`. Each fill is drawn inside `canvas.withSavedState` with its
    /// transform concatenated; the canvas's transform is unchanged after.
    /// Nothing is clipped to the viewport beyond the surface's own bounds.
    /// - Returns: `warnings`, for callers that print them after drawing.
    @discardableResult
    public func draw(in canvas: Canvas) -> [SVGWarning] {
        for command in drawCommands() {
            canvas.withSavedState {
                switch command {
                case .fill(let fill):
                    canvas.concatenate(fill.transform)
                    canvas.fill(fill.path, with: fill.color, rule: fill.rule)
                case .stroke(let stroke):
                    canvas.concatenate(stroke.transform)
                    canvas.stroke(stroke.path, with: stroke.color, style: stroke.style)
                }
            }
        }
        return warnings
    }
}
