// Document: structural elements that instantiate or choose content.
// `<use>` -> a group holding a copy of the referenced element read with the
// use's style (SVG 2 §5.6), `<symbol>` and `<svg>` targets as viewports
// clipped to the use's width and height; `<switch>` -> its first child whose
// conditions pass (§5.7); conditional attributes; `transform-origin` (CSS
// Transforms 1 §6, reference box: the view box). Reference cycles through
// `href` are warned and the `<use>` is not drawn; expansion is bounded.

import Hairline

extension SVGReader {
    /// The most elements `<use>` may instantiate in one document: copies of
    /// copies grow exponentially (ten nested uses of ten is 10^10), and
    /// this bounds the time and memory a hostile document can take.
    static let maximumUseInstances = 100_000

    /// The group content and placement of a `<use>`: `translate(x, y)` and
    /// the referenced element read as the use's child; `nil` (with a
    /// warning) for a missing, external or cyclic reference.
    mutating func useContent(
        _ element: XMLElement, _ geometry: [String: XMLAttribute],
        style: InheritedStyle
    ) throws(SVGError) -> (placement: AffineTransform, nodes: [SVGNode])? {
        // SVG 2: `href` wins over `xlink:href`.
        guard let link = geometry["href"] ?? geometry["xlink:href"] else { return nil }
        let value = SVGColorParser.trimWhitespace(link.value)
        guard value.hasPrefix("#"), value.count > 1 else {
            warn(.unsupportedValue(value), element, attribute: link.name, at: link.valueOffset)
            return nil
        }
        let id = String(value.dropFirst())
        guard let target = elementsByID[id] else {
            warn(.missingReference(id), element, attribute: link.name, at: link.valueOffset)
            return nil
        }
        if activeUseTargets.contains(target.offset) || Self.useCycle(from: element, elementsByID) {
            warn(.referenceCycle(id), element, attribute: link.name, at: link.valueOffset)
            return nil
        }
        guard useInstances < Self.maximumUseInstances else {
            warn(.unsupportedElement, element, at: element.offset)
            return nil
        }
        useInstances += 1
        let x = try length(geometry["x"], .horizontal, element), y = try length(geometry["y"], .vertical, element)
        activeUseTargets.append(target.offset)
        let outerContext = contextPaint, outerContextTransform = contextTransform
        defer {
            activeUseTargets.removeLast()
            contextPaint = outerContext
            contextTransform = outerContextTransform
        }
        // The use is the context element (SVG 2 §13.3); its own user space
        // is the context space, the target is placed at (x, y) in it.
        let placement = AffineTransform(translationX: x, y: y)
        contextPaint = (style.fill, style.stroke)
        if Self.hasServer(style), Self.usesContextPaint(target) {
            // Paint servers need the use's bounding box: its content read
            // once without them (warnings not repeated; the instances of
            // both reads count, so nested uses stay within the cap).
            let warningCount = warnings.count
            contextPaint = (.none, .none)
            contextTransform = placement
            let box = try useTarget(target, geometry, element, style: style).map {
                Self.bounds(of: $0).applying($0.transform)
            }
            warnings.removeSubrange(warningCount...)
            contextPaint = try contextPaints(style, bounds: (box ?? .zero).applying(placement), element)
        }
        contextTransform = placement
        let node = try useTarget(target, geometry, element, style: style)
        return (placement, node.map { [$0] } ?? [])
    }

    /// The node a `<use>` instantiates: a `<symbol>` as a viewport, else
    /// the element read as the use's child.
    mutating func useTarget(
        _ target: XMLElement, _ geometry: [String: XMLAttribute], _ use: XMLElement,
        style: InheritedStyle
    ) throws(SVGError) -> SVGNode? {
        if Self.localName(target) == "symbol" { return try symbolNode(target, geometry, use, style: style) }
        useSize = (geometry["width"], geometry["height"])
        defer { useSize = nil }
        return try node(for: target, inherited: style)
    }

    /// Whether a style's fill or stroke is a paint server.
    static func hasServer(_ style: InheritedStyle) -> Bool {
        if case .server = style.fill { return true }
        if case .server = style.stroke { return true }
        return false
    }

    /// Whether an element or a descendant names `context-fill` or
    /// `context-stroke` (in any attribute: presentation or `style`).
    /// Complexity: O(subtree attributes).
    static func usesContextPaint(_ element: XMLElement) -> Bool {
        var stack = [element]
        while let next = stack.popLast() {
            for attribute in next.attributes where attribute.value.contains("context-") { return true }
            stack.append(contentsOf: next.children)
        }
        return false
    }

    /// A `<symbol>` instantiated by a `<use>`: a viewport of the use's
    /// width and height (default 100%), the symbol's viewBox fitted into
    /// it, clipped to it unless `overflow` is `visible` or `auto`.
    mutating func symbolNode(
        _ symbol: XMLElement, _ useGeometry: [String: XMLAttribute], _ use: XMLElement,
        style inherited: InheritedStyle
    ) throws(SVGError) -> SVGNode? {
        let attributes = try sortAttributes(of: symbol, kind: .symbol)
        var style = inherited
        let local = try apply(attributes.declarations, of: symbol, to: &style)
        guard local.isDisplayed else { return nil }
        let width = try length(useGeometry["width"], .horizontal, use, default: viewport.width, nonNegative: true)
        let height = try length(useGeometry["height"], .vertical, use, default: viewport.height, nonNegative: true)
        let size = Size(width: width, height: height)
        let viewBox = self.viewBox(attributes.geometry["viewBox"], of: symbol)
        let aspect = aspectRatio(attributes.geometry["preserveAspectRatio"], of: symbol)
        let mapping = viewBox.map { aspect.transform(mapping: $0, into: size) } ?? .identity
        let outer = viewport, outerContextTransform = contextTransform
        // SVG 1.1 gives <symbol> no `transform`, and neither Chrome nor
        // resvg applies one: ignored, with a warning.
        if let ignored = attributes.transform {
            warn(.unsupportedAttribute, symbol, attribute: ignored.name, at: ignored.offset)
        }
        viewport = viewBox?.size ?? size
        style.parentOpacity = local.opacity
        contextTransform = mapping.concatenating(contextTransform)
        let children = try self.children(of: symbol, style: style)
        viewport = outer
        contextTransform = outerContextTransform
        let content = SVGNode(
            elementName: symbol.name, offset: symbol.offset, transform: mapping, content: .group(children))
        return SVGNode(
            elementName: symbol.name, offset: symbol.offset,
            opacity: local.opacity, content: .group([content]),
            clip: viewportClip(symbol, Rect(x: 0, y: 0, width: width, height: height)))
    }

    /// The clip of a viewport (`<svg>`, `<symbol>`) of `rect`, `nil` when
    /// its `overflow` is `visible` or `auto` (SVG 2 §5.5: the initial
    /// `hidden` clips). `inherit` takes the nearest ancestor's value; an
    /// ancestor without one has CSS's initial `visible`.
    func viewportClip(_ element: XMLElement, _ rect: Rect) -> SVGClip? {
        if let overflow = element.attribute("overflow") {
            var value = SVGColorParser.trimWhitespace(overflow.value).lowercased()
            // Iterative, at most the document's depth.
            var ancestor = parents[element.offset]
            while value == "inherit" {
                guard let next = ancestor else { value = "visible"; break }
                value =
                    next.attribute("overflow").map { SVGColorParser.trimWhitespace($0.value).lowercased() } ?? "visible"
                ancestor = parents[next.offset]
            }
            if value == "visible" || value == "auto" { return nil }
        }
        var path = Path()
        path.addRect(rect)
        return SVGClip(path: path, rule: .nonZero)
    }

    /// Whether following `<use>` references from `start` comes back to a
    /// use already on the way (a use inside its own target, directly or
    /// through other uses). Complexity: O(elements reachable).
    static func useCycle(from start: XMLElement, _ elementsByID: [String: XMLElement]) -> Bool {
        var onPath: Set<Int> = []
        var done: Set<Int> = []
        func target(of use: XMLElement) -> XMLElement? {
            guard let link = use.attribute("href") ?? use.attribute("xlink:href") else { return nil }
            let value = SVGColorParser.trimWhitespace(link.value)
            guard value.hasPrefix("#") else { return nil }
            return elementsByID[String(value.dropFirst())]
        }
        // Iterative depth-first search over uses; a frame is a use and the
        // uses found in its target's subtree still to visit.
        var stack: [(use: Int, pending: [XMLElement])] = []
        func uses(under element: XMLElement) -> [XMLElement] {
            var found: [XMLElement] = []
            var queue = [element]
            while let next = queue.popLast() {
                if localName(next) == "use" { found.append(next) }
                queue.append(contentsOf: next.children)
            }
            return found
        }
        func push(_ use: XMLElement) -> Bool {
            if onPath.contains(use.offset) { return true }
            if done.contains(use.offset) { return false }
            onPath.insert(use.offset)
            stack.append((use.offset, target(of: use).map(uses(under:)) ?? []))
            return false
        }
        if push(start) { return true }
        while !stack.isEmpty {
            if let next = stack[stack.count - 1].pending.popLast() {
                if push(next) { return true }
            } else {
                let finished = stack.removeLast().use
                onPath.remove(finished)
                done.insert(finished)
            }
        }
        return false
    }

    /// The nodes of a `<switch>`: its first child that is an element the
    /// reader knows and whose conditions pass (even if that child then
    /// draws nothing).
    mutating func switchChildren(of element: XMLElement, style: InheritedStyle) throws(SVGError) -> [SVGNode] {
        for child in element.children {
            guard case .drawable = SVGElementClass(name: child.name), Self.passesConditions(child) else { continue }
            return try node(for: child, inherited: style).map { [$0] } ?? []
        }
        return []
    }

    /// The user's language for `systemLanguage` (its primary subtag).
    static let userLanguage = "en"

    /// SVG 2 §5.8 conditional processing: `requiredExtensions` (none are
    /// supported, so any value fails), `systemLanguage` (a comma-separated
    /// list, passing if one entry's primary language is the user's);
    /// `requiredFeatures` is ignored as SVG 2 says.
    static func passesConditions(_ element: XMLElement) -> Bool {
        if element.attribute("requiredExtensions") != nil { return false }
        if let languages = element.attribute("systemLanguage") {
            let matches = languages.value.split(separator: ",").contains { entry in
                let tag = SVGColorParser.trimWhitespace(String(entry)).lowercased()
                return tag.split(separator: "-").first.map(String.init) == userLanguage
            }
            if !matches { return false }
        }
        return true
    }

    /// `transform-origin` (keywords, lengths, percentages of the nearest
    /// viewport) as a point in user units; a malformed value warns and is
    /// the origin.
    mutating func transformOrigin(_ attribute: XMLAttribute, _ element: XMLElement) -> Point {
        var tokens = attribute.value.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .map { String($0).lowercased() }
        if tokens.count == 3 { tokens.removeLast() }  // a z offset does not move 2D content
        guard (1...2).contains(tokens.count) else {
            ignore(
                SVGError(.invalidValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return Point(x: 0, y: 0)
        }
        let vertical: Set<String> = ["top", "bottom"], horizontal: Set<String> = ["left", "right"]
        if tokens.count == 1 {
            tokens.append(vertical.contains(tokens[0]) ? tokens[0] : "center")
            if vertical.contains(tokens[0]) { tokens[0] = "center" }
        } else if vertical.contains(tokens[0]) || horizontal.contains(tokens[1]) {
            tokens.swapAt(0, 1)
        }
        func side(_ token: String, _ axis: LengthAxis, _ size: Double) -> Double? {
            switch token {
            case "left", "top": return 0
            case "center": return size / 2
            case "right", "bottom": return size
            default:
                guard ValueScanner.length(token) != nil else { return nil }
                return try? userLength(token, name: attribute.name, offset: attribute.valueOffset, axis, element)
            }
        }
        guard let x = side(tokens[0], .horizontal, viewport.width), let y = side(tokens[1], .vertical, viewport.height)
        else {
            ignore(
                SVGError(.invalidValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return Point(x: 0, y: 0)
        }
        return Point(x: x, y: y)
    }

    /// `transform` about `origin`: translate(-origin), transform, translate(origin).
    static func transform(_ transform: AffineTransform, about origin: Point) -> AffineTransform {
        AffineTransform(translationX: -origin.x, y: -origin.y).concatenating(transform)
            .concatenating(AffineTransform(translationX: origin.x, y: origin.y))
    }
}
