// Render: drawable tree -> draw commands -> Canvas. Walks the tree once,
// combining transforms (element first, outermost last) and multiplying
// opacities down to each shape; the canvas then rasterizes each command.
// Group opacity is applied per child (exact when children do not overlap);
// clips bracket the commands of their element.

import Hairline

extension SVGNode {
    /// Appends this node's commands, in painting order, given the transform
    /// from its parent's space to viewport space and the opacity product of
    /// its ancestors. Paints that are `none` or fully transparent are left
    /// out. Recursion depth is bounded by the XML nesting limit.
    func appendDrawCommands(to commands: inout [SVGDrawCommand], parentTransform: AffineTransform,
                            parentOpacity: Double) {
        let total = transform.concatenating(parentTransform)
        let alpha = parentOpacity * opacity
        guard alpha > 0 else { return }
        if let clip { commands.append(.beginClip(SVGClipCommand(clip: clip, transform: total, offset: offset))) }
        switch content {
        case .group(let children):
            for child in children {
                child.appendDrawCommands(to: &commands, parentTransform: total, parentOpacity: alpha)
            }
        case .shape(let path, let fill, let rule, let stroke):
            if let paint = fill?.withAlphaMultiplied(by: alpha), !paint.isInvisible {
                commands.append(.fill(SVGFillCommand(path: path, transform: total, paint: paint, rule: rule, offset: offset)))
            }
            if let stroke {
                let paint = stroke.paint.withAlphaMultiplied(by: alpha)
                if !paint.isInvisible {
                    commands.append(.stroke(SVGStrokeCommand(path: path, transform: total, paint: paint,
                                                             style: stroke.style, offset: offset)))
                }
            }
        case .image(let image, let destination, let clipRect):
            commands.append(.image(SVGImageCommand(image: image, destination: destination, clip: clipRect,
                                                   transform: total, opacity: alpha, offset: offset)))
        }
        if clip != nil { commands.append(.endClip) }
    }
}

extension SVGDocument {
    /// Every fill the document draws, in painting order, with paths in
    /// their elements' user space and the transform to viewport space.
    /// Shapes with no fill or zero alpha are left out.
    /// - Complexity: O(nodes).
    public func fillCommands() -> [SVGFillCommand] {
        drawCommands().compactMap { if case .fill(let f) = $0 { return f } else { return nil } }
    }

    /// Every command the document draws, in painting order.
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
    /// `s`. Each command is drawn inside `canvas.withSavedState` with its
    /// transform concatenated; the canvas's state is unchanged after.
    /// Pattern tiles are rendered here, at the canvas's resolution.
    /// Nothing is clipped to the viewport beyond the surface's own bounds.
    /// - Returns: `warnings`, then any found while drawing (pattern tiles
    ///   over the size limit).
    /// - Parameter canvas: the canvas drawn on, in its current state.
    @discardableResult
    public func draw(in canvas: Canvas) -> [SVGWarning] {
        var drawWarnings: [SVGWarning] = []
        SVGRenderer.draw(drawCommands(), in: canvas, warnings: &drawWarnings)
        return warnings + drawWarnings
    }
}

/// Replays draw commands onto a canvas (the document's and each pattern
/// tile's).
enum SVGRenderer {
    /// Draws `commands` in the canvas's current user space; clip brackets
    /// are balanced even if the list is not.
    static func draw(_ commands: [SVGDrawCommand], in canvas: Canvas, warnings: inout [SVGWarning]) {
        var openClips = 0
        var index = commands.startIndex
        while index < commands.endIndex {
            let command = commands[index]
            index += 1
            // An element's fill and stroke (same path and transform, plain
            // paints) go through the canvas together, in one pass.
            if case .fill(let fill) = command, index < commands.endIndex, case .stroke(let stroke) = commands[index],
               case .paint(let fillPaint) = fill.paint, case .paint(let strokePaint) = stroke.paint,
               fill.offset == stroke.offset, fill.transform == stroke.transform, fill.path == stroke.path {
                index += 1
                canvas.withSavedState {
                    canvas.concatenate(fill.transform)
                    canvas.draw(fill.path, fill: fillPaint, stroke: strokePaint, style: stroke.style, rule: fill.rule)
                }
                continue
            }
            switch command {
            case .fill(let fill):
                canvas.withSavedState {
                    canvas.concatenate(fill.transform)
                    if let paint = paint(fill.paint, canvas: canvas, warnings: &warnings, offset: fill.offset) {
                        canvas.fill(fill.path, with: paint, rule: fill.rule)
                    }
                }
            case .stroke(let stroke):
                canvas.withSavedState {
                    canvas.concatenate(stroke.transform)
                    if let paint = paint(stroke.paint, canvas: canvas, warnings: &warnings, offset: stroke.offset) {
                        canvas.stroke(stroke.path, with: paint, style: stroke.style)
                    }
                }
            case .image(let image):
                canvas.withSavedState {
                    canvas.concatenate(image.transform)
                    canvas.globalAlpha *= image.opacity
                    if let clip = image.clip { canvas.clip(to: clip) }
                    canvas.draw(image.image, in: image.destination, sampling: .bilinear)
                }
            case .beginClip(let clip):
                canvas.save()
                openClips += 1
                canvas.clip(to: clip.clip.path.applying(clip.transform), rule: clip.clip.rule)
            case .endClip:
                guard openClips > 0 else { continue }
                canvas.restore()
                openClips -= 1
            }
        }
        for _ in 0..<openClips { canvas.restore() }
    }

    /// The engine paint for a command, with the canvas already in the
    /// element's user space: patterns are rendered into a tile here (and
    /// their opacity set as the global alpha); `nil` if a tile cannot be
    /// made.
    static func paint(_ paint: SVGShapePaint, canvas: Canvas, warnings: inout [SVGWarning], offset: Int) -> Paint? {
        switch paint {
        case .paint(let p):
            return p
        case .pattern(let pattern):
            canvas.globalAlpha *= pattern.opacity
            return pattern.imagePattern(deviceTransform: canvas.transform, warnings: &warnings, offset: offset)
        }
    }
}
