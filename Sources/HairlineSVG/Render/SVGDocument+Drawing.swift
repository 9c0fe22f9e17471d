// Render: drawable tree -> draw commands -> Canvas. Walks the tree once,
// combining transforms (element first, outermost last) and multiplying
// opacities down to each shape; the canvas then rasterizes each command.
// Opacity over more than one draw, blend modes, isolation and masks are
// layers: drawn onto a transparent surface, masked, then composited
// (CSS Compositing 1, CSS Masking 1); clips bracket their element.

import Hairline
import Synchronization

extension SVGNode {
    /// Appends this node's commands, in painting order, given the transform
    /// from its parent's space to viewport space and the opacity product of
    /// its ancestors. Paints that are `none` or fully transparent are left
    /// out. Recursion depth is bounded by the XML nesting limit.
    func appendDrawCommands(
        to commands: inout [SVGDrawCommand], parentTransform: AffineTransform,
        parentOpacity: Double
    ) {
        let total = transform.concatenating(parentTransform)
        var alpha = parentOpacity * opacity
        guard alpha > 0 else { return }
        if let clip { commands.append(.beginClip(SVGClipCommand(clip: clip, transform: total, offset: offset))) }
        let isLayer = mask != nil || blendMode != .sourceOver || isIsolated || (alpha < 1 && drawCount(limit: 2) > 1)
        if isLayer {
            var maskCommands: [SVGDrawCommand]?
            if let mask {
                var list: [SVGDrawCommand] = []
                for node in mask.content {
                    node.appendDrawCommands(to: &list, parentTransform: total, parentOpacity: 1)
                }
                maskCommands = list
            }
            commands.append(
                .beginLayer(
                    SVGLayerCommand(
                        opacity: alpha, blendMode: blendMode, mask: maskCommands,
                        maskIsLuminance: mask?.isLuminance ?? true, offset: offset)))
            alpha = 1
        }
        switch content {
        case .group(let children):
            for child in children {
                child.appendDrawCommands(to: &commands, parentTransform: total, parentOpacity: alpha)
            }
        case .shape(let path, let fill, let rule, let stroke) where !isAntialiased:
            appendCrispShape(
                path, fill: fill, rule: rule, stroke: stroke, transform: total, alpha: alpha, to: &commands)
        case .shape(let path, let fill, let rule, let stroke):
            if let paint = fill?.withAlphaMultiplied(by: alpha), !paint.isInvisible {
                commands.append(
                    .fill(SVGFillCommand(path: path, transform: total, paint: paint, rule: rule, offset: offset)))
            }
            if let stroke {
                let paint = stroke.paint.withAlphaMultiplied(by: alpha)
                if !paint.isInvisible {
                    commands.append(
                        .stroke(
                            SVGStrokeCommand(
                                path: path, transform: total, paint: paint,
                                style: stroke.style, offset: offset)))
                }
            }
        case .image(let image, let destination, let clipRect):
            commands.append(
                .image(
                    SVGImageCommand(
                        image: image, destination: destination, clip: clipRect,
                        transform: total, opacity: alpha, offset: offset, sampling: imageSampling)))
        }
        if isLayer { commands.append(.endLayer) }
        if clip != nil { commands.append(.endClip) }
    }

    /// How many fill, stroke and image commands the node draws, counted up
    /// to `limit` (then the count stops). Complexity: O(nodes visited).
    /// A blended or masked node counts as `limit`: a group above it with
    /// opacity must be a layer (opacity isolates, CSS Compositing §3.2).
    /// A shape without anti-aliasing (`shape-rendering: crispEdges`): its
    /// fill and its stroke each as a layer of the paint over a rectangle
    /// around the shape, masked by the shape's coverage cut at one half.
    /// The engine draws every edge anti-aliased; the cut makes each pixel
    /// all or nothing (a pixel is in where a straight edge passes its
    /// centre), and the paint keeps gradients and patterns exact.
    func appendCrispShape(
        _ path: Path, fill: SVGShapePaint?, rule: FillRule, stroke: SVGStroke?,
        transform: AffineTransform, alpha: Double, to commands: inout [SVGDrawCommand]
    ) {
        let bounds = path.bounds
        // Any pixel the coverage touches lies inside this rectangle, also
        // past a miter or a square cap, and at any scale that draws one.
        let reach = stroke.map { $0.style.width * max($0.style.miterLimit, 2) } ?? 0
        let margin = max(bounds.width, bounds.height) + reach + 1
        var cover = Path()
        cover.addRect(bounds.insetBy(dx: -margin, dy: -margin))
        func layer(mask: SVGDrawCommand, paint: SVGShapePaint) {
            var command = SVGLayerCommand(
                opacity: 1, blendMode: .sourceOver, mask: [mask], maskIsLuminance: false,
                offset: offset)
            command.maskIsThresholded = true
            commands.append(.beginLayer(command))
            commands.append(
                .fill(
                    SVGFillCommand(
                        path: cover, transform: transform, paint: paint, rule: .nonZero,
                        offset: offset)))
            commands.append(.endLayer)
        }
        let coverage = SVGShapePaint.paint(.solid(.black))
        if let paint = fill?.withAlphaMultiplied(by: alpha), !paint.isInvisible {
            layer(
                mask: .fill(
                    SVGFillCommand(path: path, transform: transform, paint: coverage, rule: rule, offset: offset)),
                paint: paint)
        }
        if let stroke {
            let paint = stroke.paint.withAlphaMultiplied(by: alpha)
            if !paint.isInvisible {
                layer(
                    mask: .stroke(
                        SVGStrokeCommand(
                            path: path, transform: transform, paint: coverage, style: stroke.style,
                            offset: offset)), paint: paint)
            }
        }
    }

    func drawCount(limit: Int) -> Int {
        if blendMode != .sourceOver || mask != nil { return limit }
        switch content {
        case .shape(_, let fill, _, let stroke):
            return (fill == nil ? 0 : 1) + (stroke == nil ? 0 : 1)
        case .image:
            return 1
        case .group(let children):
            var count = 0
            for child in children where child.opacity > 0 {
                count += child.drawCount(limit: limit - count)
                if count >= limit { break }
            }
            return count
        }
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
    /// - Complexity: O(nodes) the first time (after reading, or after
    ///   `root` changed), O(1) later: the commands are kept with the
    ///   document, so its renders replay them without walking the tree
    ///   (markers, `<use>` and nested viewports instanced again).
    public func drawCommands() -> [SVGDrawCommand] {
        commandCache.commands(of: root)
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

    /// `draw(in:)`, calling `mark` as it goes, for profiling (`hairline
    /// bench --profile`): with the UTF-8 byte offset of each command's
    /// element just before the command is drawn, with -1 before a clip or
    /// layer is closed (a layer's compositing), and with nil at the end.
    /// The time between two marks is the cost of what the first names.
    @_spi(Profiling)
    @discardableResult
    public func draw(in canvas: Canvas, marking mark: (Int?) -> Void) -> [SVGWarning] {
        var drawWarnings: [SVGWarning] = []
        SVGRenderer.draw(drawCommands(), in: canvas, warnings: &drawWarnings, mark: mark)
        mark(nil)
        return warnings + drawWarnings
    }
}

/// Replays draw commands onto a canvas (the document's and each pattern
/// tile's).
enum SVGRenderer {
    /// An open layer: the canvas it draws over, its command, and the clip
    /// brackets open in the canvas below.
    struct OpenLayer {
        var parent: Canvas
        var command: SVGLayerCommand
        var parentOpenClips: Int
    }

    /// Draws `commands` in the canvas's current user space; clip and layer
    /// brackets are balanced even if the list is not. Over a row window
    /// (a band, `Surface.pixelRows`), layers are windows over the same
    /// rows and draws whose device bounds miss the clip are skipped.
    /// `finished` is called after each command with the index of the next
    /// one and the count of warnings so far (the banded render's tally).
    static func draw(
        _ commands: [SVGDrawCommand], in target: Canvas, warnings: inout [SVGWarning],
        prepared: [PreparedShape?] = [], mark: (Int?) -> Void = { _ in },
        finished: (Int, Int) -> Void = { _, _ in }
    ) {
        /// Command `i`'s edges prepared for every band, if any.
        func preparedShape(_ i: Int) -> PreparedShape? { i < prepared.count ? prepared[i] : nil }
        let base = target.transform
        var canvas = target
        var layers: [OpenLayer] = []
        var openClips = 0
        defer {
            for _ in 0..<openClips { canvas.restore() }
            while let layer = layers.popLast() {
                composite(canvas, layer, base: base, warnings: &warnings)
                canvas = layer.parent
                for _ in 0..<layer.parentOpenClips { canvas.restore() }
            }
        }
        let culls = target.surface.pixelRows.count < target.surface.height
        var index = commands.startIndex
        while index < commands.endIndex {
            if index > commands.startIndex { finished(index, warnings.count) }
            let command = commands[index]
            index += 1
            mark(command.elementOffset ?? -1)
            if culls, misses(command, canvas: canvas) {
                // Its fill and stroke both, when they go together below.
                if case .fill(let fill) = command, index < commands.endIndex,
                    case .stroke(let stroke) = commands[index], misses(.stroke(stroke), canvas: canvas),
                    fill.offset == stroke.offset
                {
                    index += 1
                }
                continue
            }
            // An element's fill and stroke (same path and transform, plain
            // paints) go through the canvas together, in one pass.
            if case .fill(let fill) = command, index < commands.endIndex, case .stroke(let stroke) = commands[index],
                case .paint(let fillPaint) = fill.paint, case .paint(let strokePaint) = stroke.paint,
                fill.offset == stroke.offset, fill.transform == stroke.transform, fill.path == stroke.path
            {
                index += 1
                canvas.withSavedState {
                    canvas.concatenate(fill.transform)
                    canvas.draw(
                        fill.path, fill: fillPaint, stroke: strokePaint, style: stroke.style, rule: fill.rule,
                        preparedFill: preparedShape(index - 2), preparedStroke: preparedShape(index - 1))
                }
                continue
            }
            // A crisp shape (a thresholded layer of one cover fill) is
            // drawn over its own device bounds, not the whole surface.
            if case .beginLayer(let layer) = command, layer.maskIsThresholded, let mask = layer.mask, mask.count == 1,
                index + 1 < commands.endIndex, case .fill(let cover) = commands[index],
                case .endLayer = commands[index + 1]
            {
                index += 2
                drawCrisp(mask[0], cover: cover, opacity: layer.opacity, in: canvas, warnings: &warnings)
                continue
            }
            switch command {
            case .fill(let fill):
                canvas.withSavedState {
                    canvas.concatenate(fill.transform)
                    if let paint = paint(fill.paint, canvas: canvas, warnings: &warnings, offset: fill.offset) {
                        canvas.fill(fill.path, with: paint, rule: fill.rule, prepared: preparedShape(index - 1))
                    }
                }
            case .stroke(let stroke):
                canvas.withSavedState {
                    canvas.concatenate(stroke.transform)
                    if let paint = paint(stroke.paint, canvas: canvas, warnings: &warnings, offset: stroke.offset) {
                        canvas.stroke(
                            stroke.path, with: paint, style: stroke.style, prepared: preparedShape(index - 1))
                    }
                }
            case .image(let image):
                canvas.withSavedState {
                    canvas.concatenate(image.transform)
                    canvas.globalAlpha *= image.opacity
                    if let clip = image.clip { canvas.clip(to: clip) }
                    canvas.draw(image.image, in: image.destination, sampling: image.sampling)
                }
            case .beginClip(let clip):
                canvas.save()
                openClips += 1
                let path = clip.clip.path.applying(clip.transform)
                // A lone rect on whole device pixels narrows the bounds
                // (no mask); any other clip is a mask of its edges.
                if !canvas.clipIfWholePixels(path) {
                    var edges = Path()
                    edges.addPath(path)
                    canvas.clip(to: edges, rule: clip.clip.rule)
                }
            case .endClip:
                guard openClips > 0 else { continue }
                canvas.restore()
                openClips -= 1
            case .beginLayer(let layer):
                guard let layerCanvas = makeLayer(like: canvas, base: base) else {
                    // No memory for a layer: its content is drawn straight.
                    layers.append(OpenLayer(parent: canvas, command: layer, parentOpenClips: -1))
                    continue
                }
                layers.append(OpenLayer(parent: canvas, command: layer, parentOpenClips: openClips))
                canvas = layerCanvas
                openClips = 0
            case .endLayer:
                guard let layer = layers.popLast() else { continue }
                guard layer.parentOpenClips >= 0 else { continue }
                for _ in 0..<openClips { canvas.restore() }
                composite(canvas, layer, base: base, warnings: &warnings)
                canvas = layer.parent
                openClips = layer.parentOpenClips
            }
        }
    }

    /// A transparent canvas over a new surface of `canvas`'s size, in the
    /// same user space (`base` is the space commands are relative to);
    /// over a row window, a window of the same rows.
    static func makeLayer(like canvas: Canvas, base: AffineTransform) -> Canvas? {
        let size = canvas.surface
        guard let surface = try? Surface(width: size.width, height: size.height, rows: size.pixelRows) else {
            return nil
        }
        let layer = Canvas(surface: surface, scale: 1)
        layer.flatteningTolerance = canvas.flatteningTolerance
        layer.concatenate(base)
        return layer
    }

    /// Masks the layer drawn on `layerCanvas` and composites it onto the
    /// layer's parent, pixel for pixel, with its opacity and blend mode.
    static func composite(
        _ layerCanvas: Canvas, _ layer: OpenLayer, base: AffineTransform, warnings: inout [SVGWarning]
    ) {
        var image = Image(layerCanvas.surface)
        if let maskCommands = layer.command.mask {
            guard let maskCanvas = makeLayer(like: layerCanvas, base: base) else { return }
            draw(maskCommands, in: maskCanvas, warnings: &warnings)
            image = masked(
                image, by: Image(maskCanvas.surface), luminance: layer.command.maskIsLuminance,
                threshold: layer.command.maskIsThresholded)
        }
        let parent = layer.parent
        // The image holds the layer's rows (all of them, or its window's).
        let top = Double(layerCanvas.surface.pixelRows.lowerBound)
        parent.withSavedState {
            parent.resetTransform()
            parent.scaleBy(x: 1 / parent.scale, y: 1 / parent.scale)
            parent.globalAlpha *= layer.command.opacity
            parent.blendMode = layer.command.blendMode
            parent.draw(
                image, in: Rect(x: 0, y: top, width: Double(image.width), height: Double(image.height)),
                sampling: .nearest)
        }
    }

    /// A crisp (aliased) shape: `cover`'s paint where the coverage of
    /// `mask` (a fill or a stroke) is at least one half, rendered into two
    /// small surfaces over the shape's device bounds (clipped to the
    /// canvas) and drawn pixel for pixel. O(bounds), however large the
    /// canvas.
    static func drawCrisp(
        _ mask: SVGDrawCommand, cover: SVGFillCommand, opacity: Double, in canvas: Canvas,
        warnings: inout [SVGWarning]
    ) {
        let base = canvas.transform
        let userBounds: Rect
        let transform: AffineTransform
        switch mask {
        case .fill(let f):
            userBounds = f.path.bounds
            transform = f.transform
        case .stroke(let s):
            // Past a miter or a square cap, as the cover rectangle reaches.
            let reach = s.style.width * max(s.style.miterLimit, 2)
            userBounds = s.path.bounds.insetBy(dx: -reach, dy: -reach)
            transform = s.transform
        default:
            return
        }
        let device = userBounds.applying(transform.concatenating(base))
        // One pixel of margin for anti-aliased coverage at the bounds.
        let surfaceBounds = Rect(x: 0, y: 0, width: Double(canvas.surface.width), height: Double(canvas.surface.height))
        guard device.isFinite, let visible = device.insetBy(dx: -1, dy: -1).intersection(surfaceBounds) else { return }
        let x0 = Int(visible.minX.rounded(.down)), y0 = Int(visible.minY.rounded(.down))
        let x1 = Int(visible.maxX.rounded(.up)), y1 = Int(visible.maxY.rounded(.up))
        // Over a row window, the rows of the shape's surfaces inside it
        // (the same surfaces, limited to those rows).
        let stored = canvas.surface.pixelRows.clamped(to: y0..<y1)
        let rows = (stored.lowerBound - y0)..<(stored.upperBound - y0)
        guard x1 > x0, y1 > y0, !rows.isEmpty,
            let maskSurface = try? Surface(width: x1 - x0, height: y1 - y0, rows: rows),
            let contentSurface = try? Surface(width: x1 - x0, height: y1 - y0, rows: rows)
        else { return }
        func small(_ surface: Surface) -> Canvas {
            let c = Canvas(surface: surface, scale: 1)
            c.flatteningTolerance = canvas.flatteningTolerance
            c.concatenate(AffineTransform(translationX: Double(-x0), y: Double(-y0)))
            c.concatenate(base)
            return c
        }
        draw([mask], in: small(maskSurface), warnings: &warnings)
        draw([.fill(cover)], in: small(contentSurface), warnings: &warnings)
        let image = masked(Image(contentSurface), by: Image(maskSurface), luminance: false, threshold: true)
        canvas.withSavedState {
            canvas.resetTransform()
            canvas.scaleBy(x: 1 / canvas.scale, y: 1 / canvas.scale)
            canvas.globalAlpha *= opacity
            canvas.draw(
                image,
                in: Rect(
                    x: Double(x0), y: Double(y0 + rows.lowerBound), width: Double(x1 - x0),
                    height: Double(rows.count)),
                sampling: .nearest)
        }
    }

    /// Luminance coefficients (sRGB / Rec. 709, as SVG's `luminanceToAlpha`
    /// and CSS Masking use), applied to premultiplied channels, which gives
    /// luminance times alpha directly.
    static let luminanceWeights = (red: 0.2125, green: 0.7154, blue: 0.0721)

    /// The 8-bit coverage from which a crisp (aliased) shape covers a
    /// pixel: one half, where a straight edge passes the pixel's centre.
    static let crispCoverageThreshold: UInt32 = 128

    /// `image` with every pixel scaled by the mask's coverage there: its
    /// luminance times alpha, or its alpha; with `threshold`, coverage of
    /// at least one half is full and less is none. Both images are the
    /// same size. Complexity: O(pixels).
    static func masked(_ image: Image, by mask: Image, luminance: Bool, threshold: Bool = false) -> Image {
        let count = min(image.pixels.count, mask.pixels.count)
        var pixels = image.pixels
        let w = luminanceWeights
        for i in 0..<count {
            let m = UInt32(littleEndian: mask.pixels[i])
            var coverage: UInt32
            if luminance {
                let value =
                    w.red * Double(m & 0xFF) + w.green * Double((m >> 8) & 0xFF) + w.blue * Double((m >> 16) & 0xFF)
                coverage = UInt32(min(max(value.rounded(), 0), 255))
            } else {
                coverage = m >> 24
            }
            if threshold { coverage = coverage >= Self.crispCoverageThreshold ? 255 : 0 }
            let p = UInt32(littleEndian: pixels[i])
            func scaled(_ shift: UInt32) -> UInt32 { ((((p >> shift) & 0xFF) * coverage + 127) / 255) << shift }
            pixels[i] = (scaled(0) | scaled(8) | scaled(16) | scaled(24)).littleEndian
        }
        return (try? Image(width: image.width, height: image.height, premultipliedPixels: pixels)) ?? image
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

/// A document's draw commands, made once from its tree on first use (under
/// a lock: several threads may render one document) and kept. A document
/// whose `root` changes gets a new, empty cache.
final class SVGCommandCache: Sendable {
    private let kept = Mutex<[SVGDrawCommand]?>(nil)

    /// `root`'s commands: those kept, or made now and kept.
    func commands(of root: SVGNode) -> [SVGDrawCommand] {
        kept.withLock { kept in
            if let kept { return kept }
            var commands: [SVGDrawCommand] = []
            root.appendDrawCommands(to: &commands, parentTransform: .identity, parentOpacity: 1)
            kept = commands
            return commands
        }
    }
}
