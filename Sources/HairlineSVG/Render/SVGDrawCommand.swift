// Render: the draw command model. One command per canvas operation, in
// painting order: a fill or stroke with a resolved paint, an image, and
// clip brackets (begin narrows the clip, end restores it). Paths and
// transforms are in the element's user space and map to viewport space.

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
    /// The fill: a solid color or gradient in the element's user space,
    /// alpha including `fill-opacity` and the `opacity` of the element and
    /// all its ancestors, or a pattern (that opacity in its `opacity`).
    public var paint: SVGShapePaint
    /// The fill rule.
    public var rule: FillRule
    /// UTF-8 byte offset of the element in the document.
    public var offset: Int

    /// Creates a command.
    /// - Parameters:
    ///   - path: see the property of the same name.
    ///   - transform: as the property says.
    ///   - paint: as the property says.
    ///   - rule: as the property says.
    ///   - offset: as the property says.
    public init(path: Path, transform: AffineTransform, paint: SVGShapePaint, rule: FillRule, offset: Int) {
        self.path = path
        self.transform = transform
        self.paint = paint
        self.rule = rule
        self.offset = offset
    }

    /// The solid fill color, or `nil` for a gradient or pattern.
    public var color: Color? { paint.color }

    /// The path in viewport space: `path` mapped by `transform` (arcs stay
    /// exact). Complexity: O(elements).
    public var transformedPath: Path { path.applying(transform) }
}

/// One stroke the document asks for: what `draw(in:)` hands to
/// `Canvas.stroke`.
public struct SVGStrokeCommand: Hashable, Sendable {
    /// The shape in its element's own user space.
    public var path: Path
    /// Maps the element's user space to the document's viewport space.
    public var transform: AffineTransform
    /// The stroke paint, alpha including `stroke-opacity` and the
    /// `opacity` of the element and all its ancestors.
    public var paint: SVGShapePaint
    /// Width and dashes in the element's user units (scaled by `transform`).
    public var style: StrokeStyle
    /// UTF-8 byte offset of the element in the document.
    public var offset: Int

    /// Creates a command.
    /// - Parameters:
    ///   - path: see the property of the same name.
    ///   - transform: as the property says.
    ///   - paint: as the property says.
    ///   - style: as the property says.
    ///   - offset: as the property says.
    public init(path: Path, transform: AffineTransform, paint: SVGShapePaint, style: StrokeStyle, offset: Int) {
        self.path = path
        self.transform = transform
        self.paint = paint
        self.style = style
        self.offset = offset
    }

    /// The solid stroke color, or `nil` for a gradient or pattern.
    public var color: Color? { paint.color }
}

/// An `<image>` to draw: `Canvas.draw(_:in:)` into `destination`, inside
/// `clip` if set.
public struct SVGImageCommand: Hashable, Sendable {
    /// The bitmap.
    public var image: Image
    /// Where the whole image goes, in the element's user space (after
    /// `preserveAspectRatio`).
    public var destination: Rect
    /// The element's viewport when the image overflows it (`slice`).
    public var clip: Rect?
    /// Maps the element's user space to viewport space.
    public var transform: AffineTransform
    /// The `opacity` of the element and its ancestors, 0...1.
    public var opacity: Double
    /// UTF-8 byte offset of the element in the document.
    public var offset: Int
    /// How the image is sampled when scaled (`image-rendering`:
    /// `optimizeSpeed`, `pixelated` and `crisp-edges` are nearest).
    public var sampling: ImageSampling = .bilinear

    /// Creates a command.
    /// - Parameters:
    ///   - image: see the property of the same name.
    ///   - destination: as the property says.
    ///   - clip: as the property says.
    ///   - transform: as the property says.
    ///   - opacity: as the property says.
    ///   - offset: as the property says.
    ///   - sampling: as the property says (bilinear by default).
    public init(
        image: Image, destination: Rect, clip: Rect?, transform: AffineTransform, opacity: Double, offset: Int,
        sampling: ImageSampling = .bilinear
    ) {
        self.image = image
        self.destination = destination
        self.clip = clip
        self.transform = transform
        self.opacity = opacity
        self.offset = offset
        self.sampling = sampling
    }
}

/// The start of a clipped run of commands: everything up to the matching
/// `.endClip` is drawn inside `clip`.
public struct SVGClipCommand: Hashable, Sendable {
    /// The clip region, in the clipped element's user space.
    public var clip: SVGClip
    /// Maps the element's user space to viewport space.
    public var transform: AffineTransform
    /// UTF-8 byte offset of the clipped element in the document.
    public var offset: Int

    /// Creates a command.
    /// - Parameters:
    ///   - clip: see the property of the same name.
    ///   - transform: as the property says.
    ///   - offset: as the property says.
    public init(clip: SVGClip, transform: AffineTransform, offset: Int) {
        self.clip = clip
        self.transform = transform
        self.offset = offset
    }
}

/// The start of a layer: everything up to the matching `.endLayer` is
/// drawn onto a transparent surface of the canvas's size, which is then
/// masked and composited with `opacity` and `blendMode` (group opacity,
/// `mix-blend-mode`, `isolation`, `mask`).
public struct SVGLayerCommand: Hashable, Sendable {
    /// The layer's opacity (0...1), applied when it is composited.
    public var opacity: Double
    /// How the layer is composited onto what is below.
    public var blendMode: BlendMode
    /// The mask's commands (transforms to viewport space, like every
    /// command), or `nil` for no mask.
    public var mask: [SVGDrawCommand]?
    /// Whether the mask's luminance (`true`) or alpha (`false`) is its coverage.
    public var maskIsLuminance: Bool
    /// Whether the mask's coverage is cut to all or nothing at one half
    /// (`shape-rendering: crispEdges`: a shape without anti-aliasing).
    public var maskIsThresholded = false
    /// UTF-8 byte offset of the element in the document.
    public var offset: Int

    /// Creates a layer command.
    /// - Parameters:
    ///   - opacity: the layer's opacity, 0...1.
    ///   - blendMode: how it is composited.
    ///   - mask: the mask's commands, if any.
    ///   - maskIsLuminance: luminance or alpha mask.
    ///   - offset: the element's byte offset.
    public init(opacity: Double, blendMode: BlendMode, mask: [SVGDrawCommand]?, maskIsLuminance: Bool, offset: Int) {
        self.opacity = opacity
        self.blendMode = blendMode
        self.mask = mask
        self.maskIsLuminance = maskIsLuminance
        self.offset = offset
    }
}

/// One drawing operation of a document, in painting order (an element's
/// fill, then its stroke).
public enum SVGDrawCommand: Hashable, Sendable {
    /// Fills a shape.
    case fill(SVGFillCommand)
    /// Strokes a shape.
    case stroke(SVGStrokeCommand)
    /// Draws an `<image>`.
    case image(SVGImageCommand)
    /// Saves the canvas state and narrows the clip; balanced by `.endClip`.
    case beginClip(SVGClipCommand)
    /// Restores the state saved by the matching `.beginClip`.
    case endClip
    /// Starts a layer (see `SVGLayerCommand`); balanced by `.endLayer`.
    case beginLayer(SVGLayerCommand)
    /// Masks and composites the layer the matching `.beginLayer` started.
    case endLayer
}

extension SVGDrawCommand {
    /// The UTF-8 byte offset of the element a command draws; nil for the
    /// commands that close a clip or layer.
    var elementOffset: Int? {
        switch self {
        case .fill(let c): c.offset
        case .stroke(let c): c.offset
        case .image(let c): c.offset
        case .beginClip(let c): c.offset
        case .beginLayer(let c): c.offset
        case .endClip, .endLayer: nil
        }
    }
}
