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
    func appendFillCommands(to commands: inout [SVGFillCommand], parentTransform: AffineTransform,
                            parentOpacity: Double) {
        let total = transform.concatenating(parentTransform)
        let alpha = parentOpacity * opacity
        guard alpha > 0 else { return }
        switch content {
        case .group(let children):
            for child in children {
                child.appendFillCommands(to: &commands, parentTransform: total, parentOpacity: alpha)
            }
        case .shape(let path, let fill, let rule):
            guard let fill else { return }
            let color = fill.withAlphaMultiplied(by: alpha)
            guard color.alpha > 0 else { return }
            commands.append(SVGFillCommand(path: path, transform: total, color: color, rule: rule, offset: offset))
        }
    }
}

extension SVGDocument {
    /// Every fill the document draws, in painting order, with paths in
    /// their elements' user space and the transform to viewport space.
    /// Shapes with no fill or zero alpha are left out.
    /// - Complexity: O(nodes).
    public func fillCommands() -> [SVGFillCommand] {
        var commands: [SVGFillCommand] = []
        root.appendFillCommands(to: &commands, parentTransform: .identity, parentOpacity: 1)
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
        for command in fillCommands() {
            canvas.withSavedState {
                canvas.concatenate(command.transform)
                canvas.fill(command.path, with: command.color, rule: command.rule)
            }
        }
        return warnings
    }
}
