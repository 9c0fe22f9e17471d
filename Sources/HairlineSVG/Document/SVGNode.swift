// Document: the drawable tree the reader builds. Styles are already
// resolved (inheritance, currentColor, fill-opacity), so each shape knows
// its fill paint and rule (paint servers resolved against its bounding
// box) and its clip; only transforms and group opacity remain to be
// combined along the path from the root, which `drawCommands()` does.

import Hairline

/// One drawable element of an SVG document: a group or a shape.
public struct SVGNode: Hashable, Sendable {
    /// What the node draws.
    public enum Content: Hashable, Sendable {
        /// A container (`<svg>`, `<g>`, `<a>`) and its drawable children,
        /// in painting order.
        case group([SVGNode])
        /// A shape: the path in the node's own user space, the fill paint
        /// (alpha including `fill-opacity`; `nil` when `fill` is `none`, the
        /// shape is hidden or a paint server paints nothing), the fill rule,
        /// and the stroke drawn over the fill (`nil` for none).
        case shape(Path, fill: SVGShapePaint?, rule: FillRule, stroke: SVGStroke?)
        /// An `<image>`: the bitmap, the rectangle it is drawn into (node
        /// user space, after `preserveAspectRatio`), and the viewport it
        /// is clipped to (`slice`), if any.
        case image(Image, destination: Rect, clip: Rect?)
    }

    /// The element's name as written (`g`, `rect`, `svg:path`, …).
    public var elementName: String
    /// UTF-8 byte offset of the element's start tag in the document.
    public var offset: Int
    /// Maps the node's user space to its parent's: its `transform`
    /// attribute, and for `<svg>` elements the viewport placement and
    /// viewBox mapping.
    public var transform: AffineTransform
    /// The element's `opacity` (0...1), multiplied into everything it draws.
    public var opacity: Double
    /// What the node draws.
    public var content: Content
    /// The `clip-path`, in the node's user space (after its transform).
    public var clip: SVGClip?
    /// `mix-blend-mode`: how the node, drawn as an isolated layer, is
    /// composited onto what is below (`sourceOver` for `normal`).
    public var blendMode: BlendMode = .sourceOver
    /// `isolation: isolate`: the node's content is drawn as a layer of
    /// its own, so its children's blend modes do not reach below it.
    public var isIsolated = false
    /// The `mask`, if any: the node is drawn as a layer and multiplied by
    /// the mask's luminance or alpha.
    public var mask: SVGMask?
    /// For an image: how it is sampled when scaled (`image-rendering`).
    public var imageSampling: ImageSampling = .bilinear
    /// For a shape: `false` when `shape-rendering` is `crispEdges` or
    /// `optimizeSpeed` (drawn without anti-aliasing, as resvg does).
    public var isAntialiased = true

    /// Creates a node.
    /// - Parameters:
    ///   - elementName: see the property of the same name.
    ///   - offset: as the property says.
    ///   - transform: as the property says.
    ///   - opacity: as the property says.
    ///   - content: as the property says.
    ///   - clip: as the property says.
    public init(
        elementName: String, offset: Int, transform: AffineTransform = .identity,
        opacity: Double = 1, content: Content, clip: SVGClip? = nil
    ) {
        self.elementName = elementName
        self.offset = offset
        self.transform = transform
        self.opacity = opacity
        self.content = content
        self.clip = clip
    }

    /// The child nodes of a group; empty for a shape.
    public var children: [SVGNode] {
        if case .group(let nodes) = content { return nodes }
        return []
    }
}

/// A resolved `<mask>`: its content (in the masked element's user space,
/// already clipped to the mask region) and how its pixels become coverage.
public struct SVGMask: Hashable, Sendable {
    /// The mask's content, drawn like any nodes.
    public var content: [SVGNode]
    /// `true` for `mask-type: luminance` (the default): coverage is the
    /// content's luminance times its alpha; `false` for `alpha`.
    public var isLuminance: Bool

    /// Creates a mask.
    /// - Parameters:
    ///   - content: the mask's nodes in the masked element's user space.
    ///   - isLuminance: luminance (`true`) or alpha (`false`) coverage.
    public init(content: [SVGNode], isLuminance: Bool) {
        self.content = content
        self.isLuminance = isLuminance
    }
}

extension SVGNode {
    /// The bounds of every visible fill below this node (including itself)
    /// in the space `parentTransform` maps to.
    func fillBounds(parentTransform: AffineTransform) -> [Rect] {
        var commands: [SVGDrawCommand] = []
        appendDrawCommands(to: &commands, parentTransform: parentTransform, parentOpacity: 1)
        return commands.compactMap { if case .fill(let f) = $0 { return f.transformedPath.bounds } else { return nil } }
    }

    /// Whether two of the group's fills overlap with positive area (by
    /// their bounding boxes, a conservative test): then multiplying the
    /// group's opacity into each child differs from compositing the group
    /// as a layer. Complexity: O(n log n) plus the overlaps scanned.
    var hasOverlappingFills: Bool {
        guard case .group = content else { return false }
        let boxes = fillBounds(parentTransform: .identity).filter { !$0.isEmpty }.sorted { $0.minX < $1.minX }
        for i in boxes.indices {
            for j in (i + 1)..<boxes.count {
                if boxes[j].minX >= boxes[i].maxX { break }
                if boxes[i].intersection(boxes[j]) != nil { return true }
            }
        }
        return false
    }
}
