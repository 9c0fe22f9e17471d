// Document: XML element tree -> SVGNode tree. Classifies each element
// (drawn, skipped without effect, or unsupported with a warning), splits
// its attributes into geometry, transform and style declarations, resolves
// inheritance (and the style sheets' cascade), and builds shapes. Invalid
// values are ignored with an SVGWarning (SVG 2 / CSS error handling), as is
// everything it does not draw (never silently); only the root can fail.

import Hairline

/// The kinds of element the reader draws.
enum SVGElementKind {
    case svg, group, anchor, path, rect, circle, ellipse, line, polyline, polygon, image, text
    /// `<use>`: the referenced element, instantiated (SVGReader+Structure.swift).
    case use
    /// `<switch>`: its first child whose conditions pass.
    case switchGroup
    /// `<symbol>`: drawn only through a `<use>`.
    case symbol
    /// `<tspan>`: read only inside a `<text>` (SVGReader+TextContent.swift).
    case textSpan
    /// `<textPath>`: text along a path, read only inside a `<text>`.
    case textPath
    /// `<tref>`: another element's character data, read only inside a `<text>`.
    case textReference

    /// The attributes that give the element's geometry (not properties).
    var geometryAttributes: Set<String> {
        switch self {
        case .svg: return Self.viewportAttributes
        case .group, .switchGroup: return []
        case .anchor: return Self.linkAttributes
        case .use: return Self.useAttributes
        case .symbol: return Self.viewportAttributes
        case .path: return Self.pathAttributes
        case .rect: return Self.rectAttributes
        case .circle: return Self.circleAttributes
        case .ellipse: return Self.ellipseAttributes
        case .line: return Self.lineAttributes
        case .polyline, .polygon: return Self.pointsAttributes
        case .image: return Self.imageAttributes
        case .text, .textSpan: return Self.textAttributes
        case .textPath: return Self.textPathAttributes
        case .textReference: return Self.textReferenceAttributes
        }
    }

    // Built once: the reader consults them for every attribute.
    private static let viewportAttributes: Set<String> = [
        "x", "y", "width", "height", "viewBox", "preserveAspectRatio",
        "overflow", "refX", "refY",
    ]
    private static let useAttributes: Set<String> = ["x", "y", "width", "height", "href", "xlink:href"]
    private static let linkAttributes: Set<String> = ["href", "target"]
    private static let pathAttributes: Set<String> = ["d"]
    private static let rectAttributes: Set<String> = ["x", "y", "width", "height", "rx", "ry"]
    private static let circleAttributes: Set<String> = ["cx", "cy", "r"]
    private static let ellipseAttributes: Set<String> = ["cx", "cy", "rx", "ry"]
    private static let lineAttributes: Set<String> = ["x1", "y1", "x2", "y2"]
    private static let pointsAttributes: Set<String> = ["points"]
    private static let imageAttributes: Set<String> = [
        "x", "y", "width", "height", "href", "xlink:href",
        "preserveAspectRatio", "crossorigin",
    ]
    private static let textAttributes: Set<String> = ["x", "y", "dx", "dy", "rotate", "textLength", "lengthAdjust"]
    private static let textPathAttributes: Set<String> = [
        "href", "xlink:href", "path", "startOffset", "method", "side",
        "spacing", "textLength", "lengthAdjust",
    ]
    private static let textReferenceAttributes: Set<String> = ["href", "xlink:href", "x", "y", "dx", "dy", "rotate"]
}

/// What the reader does with an element.
enum SVGElementClass: Equatable {
    /// Drawn.
    case drawable(SVGElementKind)
    /// Not drawn and nothing lost: containers of referenced content
    /// (`defs`, `symbol`), paint servers and clip paths (drawn only where
    /// referenced), metadata (`title`, `desc`, `metadata`) and elements of
    /// other XML namespaces (editor data).
    case skipped
    /// An SVG feature the reader does not draw: warned, subtree skipped.
    case unsupported
    /// A `<style>` sheet: read before the tree (SVGStyleSheet.swift); it
    /// warns here only if its type is not CSS.
    case skippedStyle

    /// Classifies an element by its qualified name; the `svg:` prefix is
    /// accepted for SVG elements.
    init(name: String) {
        var local = Substring(name)
        if name.hasPrefix("svg:") {
            local = local.dropFirst(4)
        } else if name.contains(":") {
            self = .skipped
            return
        }
        switch local {
        case "svg": self = .drawable(.svg)
        case "g": self = .drawable(.group)
        case "a": self = .drawable(.anchor)
        case "use": self = .drawable(.use)
        case "switch": self = .drawable(.switchGroup)
        case "path": self = .drawable(.path)
        case "rect": self = .drawable(.rect)
        case "circle": self = .drawable(.circle)
        case "ellipse": self = .drawable(.ellipse)
        case "line": self = .drawable(.line)
        case "polyline": self = .drawable(.polyline)
        case "polygon": self = .drawable(.polygon)
        case "image": self = .drawable(.image)
        case "text": self = .drawable(.text)
        case "defs", "symbol", "title", "desc", "metadata", "linearGradient", "radialGradient", "pattern", "clipPath",
            "mask", "marker":
            self = .skipped
        case "style":
            self = .skippedStyle
        default: self = .unsupported
        }
    }
}

/// An element's attributes, sorted by role.
struct SVGElementAttributes {
    /// Geometry attributes by name.
    var geometry: [String: XMLAttribute] = [:]
    /// Supported property declarations, presentation attributes first and
    /// then the `style` attribute's (later ones win).
    var declarations: [Declaration] = []
    /// The `transform` attribute, if any.
    var transform: XMLAttribute?
    /// The `transform-origin` attribute, if any.
    var transformOrigin: XMLAttribute?
}

/// Builds the drawable tree, collecting warnings.
struct SVGReader {
    /// Warnings so far, in document order (offsets only; not yet located).
    var warnings: [SVGWarning] = []
    /// The user-space size of the nearest viewport, for percentages.
    var viewport = SVGReader.defaultSize
    /// The outermost viewport's user-space size, for `vw`, `vh`, `vmin`
    /// and `vmax` (CSS: the initial containing block).
    var rootViewport = SVGReader.defaultSize
    /// Every element with an `id`, the first of each id (`url(#id)` and
    /// `href` targets), filled by `read(root:)`.
    var elementsByID: [String: XMLElement] = [:]
    /// Each element's parent, by the element's offset (for properties a
    /// referenced element inherits from where it is written).
    var parents: [Int: XMLElement] = [:]
    /// References that close a mask or pattern cycle, read as `none`
    /// (SVGReader+RecursiveLinks.swift).
    var droppedLinks: Set<SVGLinkKey> = []
    /// `ancestorStyle(of:)`'s results by element offset.
    var ancestorStyles: [Int: InheritedStyle] = [:]
    /// Ids of the paint servers being resolved, outermost first: a
    /// reference to one of them is a cycle.
    var activeReferences: [String] = []
    /// The offsets of the elements `<use>`s are instantiating, outermost
    /// first (a reference back to one of them is a cycle).
    var activeUseTargets: [Int] = []
    /// Elements instantiated by `<use>` so far (`maximumUseInstances`).
    var useInstances = 0
    /// A `<use>`'s width and height, for the `<svg>` it instantiates.
    var useSize: (width: XMLAttribute?, height: XMLAttribute?)?
    /// The fill and stroke `context-fill` and `context-stroke` stand for
    /// while a marker's or a use's content is read; `nil` elsewhere.
    var contextPaint: (fill: SVGPaint, stroke: SVGPaint)?
    /// Maps the user space of the element being read (after its own
    /// `transform`) to the context element's user space, where a
    /// `contextServer` paint lives; identity outside a context.
    var contextTransform = AffineTransform.identity
    /// Whether a `<clipPath>`'s children are being read as a mask: shapes
    /// are then filled opaque black with their `clip-rule`, unstroked.
    var isReadingClip = false
    /// The rules of the document's `<style>` sheets.
    var styleSheet = SVGStyleSheet()
    /// Loads `<image>` sources.
    var loader = SVGResourceLoader.none
    /// Finds the fonts of `<text>`: the loader's, then the bundled ones.
    var fonts: SVGFontResolver
    /// The font size of the element being read (user units), for `em`.
    var fontSize = SVGReader.defaultFontSize
    /// The root element's font size (user units), for `rem`.
    var rootFontSize = SVGReader.defaultFontSize
    /// The font substitutions and failures already warned about (each is
    /// reported once per document).
    var reportedFontProblems: Set<SVGWarning.Kind> = []

    /// The elements whose character data the XML stage keeps.
    static let textElementNames: Set<String> = ["text", "svg:text", "style", "svg:style"]

    /// Creates a reader that loads images and fonts with `loader`.
    init(loader: SVGResourceLoader = .none) {
        self.loader = loader
        fonts = SVGFontResolver(fonts: loader.fonts, database: loader.fontDatabase)
    }

    /// The outermost element, read.
    struct Document {
        var size: Size
        var viewBox: Rect?
        var viewBoxTransform: AffineTransform
        var root: SVGNode
    }

    /// Reads the document whose root element is `root`.
    /// - Throws: `missingSVGRoot` unless the root is `<svg>`, and any value
    ///   error below it.
    mutating func read(root: XMLElement?) throws(SVGError) -> Document {
        guard let root else { throw SVGError(.missingSVGRoot(found: nil), at: 0) }
        guard SVGElementClass(name: root.name) == .drawable(.svg) else {
            throw SVGError(.missingSVGRoot(found: root.name), at: root.offset)
        }
        elementsByID = Self.elementsByID(in: root)
        parents = Self.parents(in: root)
        droppedLinks = Self.recursiveLinks(in: root, elementsByID)
        styleSheet = SVGStyleSheet.sheets(in: root)
        let attributes = try sortAttributes(of: root, kind: .svg)
        var style = InheritedStyle()
        let local = try apply(attributes.declarations, of: root, to: &style)
        rootFontSize = style.fontSize
        readSpace(of: root, into: &style)
        let (size, viewBox, mapping) = try rootViewport(root, attributes.geometry)
        let transform = mapping.concatenating(serverTransform(attributes.transform, of: root))
        viewport = viewBox?.size ?? size
        rootViewport = viewport
        style.parentOpacity = local.opacity
        var children = try self.children(of: root, style: style)
        let isDisabled =
            !(size.width > 0 && size.height > 0) || viewBox.map { !($0.width > 0 && $0.height > 0) } ?? false
        if isDisabled || !local.isDisplayed || !Self.passesConditions(root) { children = [] }
        // CSS `background-color` on the root fills its whole viewport.
        if let background = local.backgroundColor, !children.isEmpty, let back = transform.inverted() {
            var rect = Path()
            rect.addRect(Rect(x: 0, y: 0, width: size.width, height: size.height))
            children.insert(
                SVGNode(
                    elementName: root.name, offset: root.offset, transform: back,
                    content: .shape(rect, fill: .paint(.solid(background)), rule: .nonZero, stroke: nil)),
                at: 0)
        }
        var node = SVGNode(
            elementName: root.name, offset: root.offset, transform: transform,
            opacity: local.opacity, content: .group(children))
        let hidden = SVGNode(elementName: root.name, offset: root.offset, transform: transform, content: .group([]))
        node = try finish(node, local, root) ?? hidden
        return Document(size: size, viewBox: viewBox, viewBoxTransform: mapping, root: node)
    }

    /// The drawable nodes for an element's children, in painting order.
    mutating func children(of element: XMLElement, style: InheritedStyle) throws(SVGError) -> [SVGNode] {
        var nodes: [SVGNode] = []
        for child in element.children {
            if let node = try node(for: child, inherited: style) { nodes.append(node) }
        }
        return nodes
    }

    /// The node for one element, or `nil` if it draws nothing. A value
    /// error that leaves the element undrawable (a malformed `transform`,
    /// anything not recovered below) warns and skips the element only.
    mutating func node(for element: XMLElement, inherited: InheritedStyle) throws(SVGError) -> SVGNode? {
        do throws(SVGError) {
            return try readNode(element, inherited: inherited)
        } catch {
            ignore(error, element, attribute: nil)
            return nil
        }
    }

    /// `node(for:inherited:)`'s body.
    mutating func readNode(_ element: XMLElement, inherited: InheritedStyle) throws(SVGError) -> SVGNode? {
        let kind: SVGElementKind
        // Conditional processing (SVG 2 §5.8): a failing element is not drawn.
        guard Self.passesConditions(element) else { return nil }
        switch SVGElementClass(name: element.name) {
        case .skipped:
            warnAboutStyleSheets(in: element)
            return nil
        case .skippedStyle:
            let type = element.attribute("type").map { SVGColorParser.trimWhitespace($0.value).lowercased() } ?? ""
            if type != "", type != "text/css" { warn(.unsupportedElement, element, at: element.offset) }
            return nil
        case .unsupported:
            warn(.unsupportedElement, element, at: element.offset)
            return nil
        case .drawable(let k):
            kind = k
        }
        let attributes = try sortAttributes(of: element, kind: kind)
        var style = inherited
        // `em` lengths of this element use its font size; its parent's
        // returns with it.
        let parentFontSize = fontSize
        defer { fontSize = parentFontSize }
        let local = try apply(attributes.declarations, of: element, to: &style)
        readSpace(of: element, into: &style)
        guard local.isDisplayed else { return nil }
        // CSS Transforms: a malformed `transform` is ignored (identity).
        var transform = serverTransform(attributes.transform, of: element)
        if let origin = attributes.transformOrigin, attributes.transform != nil {
            transform = Self.transform(transform, about: transformOrigin(origin, element))
        }
        style.parentOpacity = local.opacity
        let outerContextTransform = contextTransform
        contextTransform = transform.concatenating(contextTransform)
        defer { contextTransform = outerContextTransform }
        let content: SVGNode.Content
        switch kind {
        case .group, .anchor, .symbol:
            content = .group(try children(of: element, style: style))
        case .switchGroup:
            content = .group(try switchChildren(of: element, style: style))
        case .use, .svg:
            guard let (placement, nodes) = try instanceContent(kind, element, attributes.geometry, style: style)
            else { return nil }
            transform = placement.concatenating(transform)
            content = .group(nodes)
        default:
            guard let leaf = try leafContent(kind, attributes.geometry, element, style: style) else { return nil }
            content = leaf
        }
        var node = SVGNode(
            elementName: element.name, offset: element.offset, transform: transform,
            opacity: local.opacity, content: content)
        node.imageSampling = style.imageSampling
        node.isAntialiased = kind == .text ? !style.isCrispText : !style.isCrisp
        return try finish(node, local, element)
    }

    /// The content of a `<use>` or nested `<svg>` and the placement it
    /// adds before the element's transform; kept out of `readNode`, whose
    /// stack frame every nesting level pays (as are `finish` and
    /// `leafContent`).
    @inline(never)
    mutating func instanceContent(
        _ kind: SVGElementKind, _ element: XMLElement, _ geometry: [String: XMLAttribute],
        style: InheritedStyle
    ) throws(SVGError) -> (AffineTransform, [SVGNode])? {
        if kind == .use { return try useContent(element, geometry, style: style) }
        let (placement, mapping, inner) = try nestedViewport(element, geometry)
        let outer = viewport, outerContextTransform = contextTransform
        viewport = inner.size
        contextTransform = mapping.concatenating(placement).concatenating(contextTransform)
        let nodes = try children(of: element, style: style)
        viewport = outer
        contextTransform = outerContextTransform
        let mapped = SVGNode(
            elementName: element.name, offset: element.offset, transform: mapping, content: .group(nodes))
        let clipped = SVGNode(
            elementName: element.name, offset: element.offset, content: .group([mapped]),
            clip: viewportClip(element, inner.rect))
        return (placement, [clipped])
    }

    /// The node with its blend mode, isolation, clip and mask, or `nil` if
    /// a clip or mask hides it.
    @inline(never)
    mutating func finish(_ node: SVGNode, _ local: LocalStyle, _ element: XMLElement) throws(SVGError) -> SVGNode? {
        var node = node
        node.blendMode = local.blendMode
        node.isIsolated = local.isIsolated
        var clipMask: SVGMask?
        if let reference = local.clipPath {
            switch try clip(reference, for: node, element) {
            case .none: break
            case .clip(let clip): node.clip = clip
            case .mask(let mask): clipMask = mask
            case .hidden: return nil
            }
        }
        if let reference = local.mask {
            switch try mask(reference, for: node, element) {
            case .none: break
            case .mask(let mask): node.mask = mask
            case .hidden: return nil
            }
        }
        if let clipMask {
            if node.mask != nil {
                // A mask and a clip drawn as a mask: the mask inside, the
                // clip on the outside (both in the element's user space).
                var inner = SVGNode(elementName: node.elementName, offset: node.offset, content: node.content)
                inner.mask = node.mask
                node.content = .group([inner])
            }
            node.mask = clipMask
        }
        return node
    }

    /// The content of an element that has no drawable children (a shape,
    /// an image or a text), `nil` if it draws nothing. Kept out of
    /// `node(for:inherited:)`, whose stack frame every nesting level pays.
    @inline(never)
    mutating func leafContent(
        _ kind: SVGElementKind, _ geometry: [String: XMLAttribute], _ element: XMLElement,
        style: InheritedStyle
    ) throws(SVGError) -> SVGNode.Content? {
        switch kind {
        case .image:
            return style.isVisible ? try imageContent(geometry, element) : nil
        case .text where isReadingClip:
            guard style.isVisible, let path = try clipShape(.text, geometry, element, style: style) else { return nil }
            return .shape(path, fill: .paint(.solid(.black)), rule: style.clipRule, stroke: nil)
        case .text:
            return try textContent(element, geometry, style: style)
        default:
            guard let path = try shapePath(kind, geometry, element) else { return nil }
            if isReadingClip {
                return style.isVisible
                    ? .shape(path, fill: .paint(.solid(.black)), rule: style.clipRule, stroke: nil) : nil
            }
            let bounds = path.bounds
            let fill = try resolve(style.fill, opacity: style.fillOpacity, style: style, bounds: bounds, element)
            var stroke: SVGStroke?
            if style.strokeStyle.width > 0,
                let paint = try resolve(
                    style.stroke, opacity: style.strokeOpacity, style: style, bounds: bounds, element)
            {
                stroke = SVGStroke(paint: paint, style: style.strokeStyle)
            }
            let shape = SVGNode.Content.shape(path, fill: fill, rule: style.fillRule, stroke: stroke)
            // Markers: on every shape (SVG 2 §13.7).
            let markerPath = kind == .circle || kind == .ellipse ? Self.quarterArcPath(around: bounds) : path
            let markers = try markerNodes(for: markerPath, style: style, element)
            let order = style.paintOrder.filter { $0 != 2 || !markers.isEmpty }
            func part(_ content: SVGNode.Content) -> SVGNode {
                var node = SVGNode(elementName: element.name, offset: element.offset, content: content)
                node.isAntialiased = !style.isCrisp
                return node
            }
            if order == [0, 1, 2] || order == [0, 1] {
                guard !markers.isEmpty else { return shape }
                return .group([part(shape)] + markers)
            }
            // paint-order: each part as its own node, in the order asked.
            var parts: [SVGNode] = []
            for index in order {
                switch index {
                case 0: parts.append(part(.shape(path, fill: fill, rule: style.fillRule, stroke: nil)))
                case 1: parts.append(part(.shape(path, fill: nil, rule: style.fillRule, stroke: stroke)))
                default: parts += markers
                }
            }
            return .group(parts)
        }
    }

    /// Sorts an element's attributes into geometry, transform and property
    /// declarations; warns for each one the reader does not apply, unless
    /// `quiet` (for referenced elements whose own attributes are read
    /// directly, such as `<clipPath clipPathUnits>`).
    mutating func sortAttributes(
        of element: XMLElement, kind: SVGElementKind,
        quiet: Bool = false
    ) throws(SVGError) -> SVGElementAttributes {
        var result = SVGElementAttributes()
        var styleDeclarations: [Declaration] = []
        let geometryNames = kind.geometryAttributes
        for attribute in element.attributes {
            let name = attribute.name
            if name == "style" {
                var errors: [SVGError] = []
                styleDeclarations = SVGProperties.declarations(inStyle: attribute, errors: &errors)
                for error in errors { ignore(error, element, attribute: "style") }
            } else if name == "transform" {
                result.transform = attribute
            } else if name == "transform-origin" {
                result.transformOrigin = attribute
            } else if geometryNames.contains(name) {
                result.geometry[name] = attribute
            } else if quiet, !SVGProperties.supported.contains(name) {
                continue
            } else if SVGProperties.styleOnly.contains(name) {
                // Not presentation attributes: CSS only (SVG 2 §6.6).
                if !quiet { warn(.unsupportedAttribute, element, attribute: name, at: attribute.offset) }
            } else if !SVGProperties.isIgnoredAttribute(name) {
                let declaration = Self.declaration(from: attribute)
                if accepts(declaration, element) { result.declarations.append(declaration) }
            }
        }
        // The cascade: presentation attributes, then style sheet rules,
        // then the style attribute, then !important rules.
        let sheet = styleSheetDeclarations(for: element)
        for declaration in sheet.normal + styleDeclarations + sheet.important {
            if declaration.name == "transform" {
                // CSS transforms use the SVG transform syntax here.
                result.transform = XMLAttribute(
                    name: "transform", value: declaration.value, offset: declaration.nameOffset,
                    valueOffset: declaration.offset)
            } else if quiet ? SVGProperties.supported.contains(declaration.name) : accepts(declaration, element) {
                result.declarations.append(declaration)
            }
        }
        return result
    }

    /// A presentation attribute as a declaration (value trimmed).
    static func declaration(from attribute: XMLAttribute) -> Declaration {
        let value = SVGColorParser.trimWhitespace(attribute.value)
        let leading = attribute.value.utf8.prefix { SVGColorParser.isSpace($0) }.count
        return Declaration(
            name: attribute.name, value: value,
            offset: attribute.documentOffset(ofValueByte: leading), nameOffset: attribute.offset)
    }

    /// Whether the reader applies a declaration; warns if it does not.
    mutating func accepts(_ declaration: Declaration, _ element: XMLElement) -> Bool {
        if SVGProperties.supported.contains(declaration.name) { return true }
        if SVGProperties.isExactWithoutApplying(declaration) { return false }
        warn(.unsupportedAttribute, element, attribute: declaration.name, at: declaration.nameOffset)
        return false
    }

    /// Parses a `transform` attribute (identity if absent).
    func parseTransform(_ attribute: XMLAttribute?) throws(SVGError) -> AffineTransform {
        guard let attribute else { return .identity }
        do throws(SVGTransformParser.SyntaxError) {
            return try SVGTransformParser.parse(attribute.value)
        } catch {
            throw SVGError(
                .invalidTransform(attribute.value), at: attribute.documentOffset(ofValueByte: error.position))
        }
    }

    /// A `transform`, `gradientTransform` or `patternTransform` (identity
    /// if absent); a malformed one warns and is ignored (CSS Transforms:
    /// an invalid value is as if absent).
    mutating func serverTransform(_ attribute: XMLAttribute?, of element: XMLElement) -> AffineTransform {
        do throws(SVGError) {
            return try parseTransform(attribute)
        } catch {
            ignore(error, element, attribute: attribute?.name)
            return .identity
        }
    }

    /// Reads `xml:space` (`default` or `preserve`, inherited as XML says)
    /// into `style`; any other value warns and is ignored.
    mutating func readSpace(of element: XMLElement, into style: inout InheritedStyle) {
        guard let attribute = element.attribute("xml:space") else { return }
        switch attribute.value {
        case "default": style.preservesSpace = false
        case "preserve": style.preservesSpace = true
        default: warn(.unsupportedValue(attribute.value), element, attribute: attribute.name, at: attribute.valueOffset)
        }
    }

    /// Warns for each `<style>` element inside a skipped subtree whose
    /// type is not CSS: its rules are not applied, and would be lost
    /// silently otherwise. Everything
    /// else there only matters when referenced, and references warn.
    mutating func warnAboutStyleSheets(in element: XMLElement) {
        for child in element.children {
            if child.name == "style" || child.name == "svg:style" {
                let type = child.attribute("type").map { SVGColorParser.trimWhitespace($0.value).lowercased() } ?? ""
                if type != "", type != "text/css" { warn(.unsupportedElement, child, at: child.offset) }
            } else {
                warnAboutStyleSheets(in: child)
            }
        }
    }

    /// Records a warning.
    mutating func warn(_ kind: SVGWarning.Kind, _ element: XMLElement, attribute: String? = nil, at offset: Int) {
        warnings.append(SVGWarning(kind, element: element.name, attribute: attribute, at: offset))
    }
}
