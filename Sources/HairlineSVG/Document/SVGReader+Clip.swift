// Document: clip paths. `clip-path="url(#id)"` on a shape or group plus
// its bounding box -> one SVGClip path in the element's user space (SVG 1.1
// §14.3): the union of the <clipPath>'s shape and text children (glyph
// outlines), each with its own transform, then clipPathUnits and the clipPath's own transform. The
// union is one path with one rule, exact unless children overlap with
// opposite windings (nonzero) or at all (evenodd).

import Hairline

/// What a `clip-path` reference came to.
enum SVGClipResult {
    /// Nothing to clip: a missing or invalid reference (warned), which is
    /// ignored as browsers do.
    case none
    /// Clip to this.
    case clip(SVGClip)
    /// The element is clipped away entirely (an empty clip path, or
    /// bounding-box units on a box without area).
    case hidden
    /// A clip one path cannot express exactly (clip paths on the
    /// `<clipPath>` or its children, children with different or even-odd
    /// rules, `<use>` children): drawn as an alpha mask of the children.
    case mask(SVGMask)
}

extension SVGReader {
    /// The clip for `node` (whose content is already read) from
    /// `clip-path="url(#id)"`.
    mutating func clip(
        _ reference: (id: String, offset: Int), for node: SVGNode, _ element: XMLElement
    )
        throws(SVGError) -> SVGClipResult
    {
        guard let target = elementsByID[reference.id] else {
            warn(.missingReference(reference.id), element, attribute: "clip-path", at: reference.offset)
            return .none
        }
        guard Self.localName(target) == "clipPath" else {
            warn(.invalidReference(reference.id), element, attribute: "clip-path", at: reference.offset)
            return .none
        }
        guard !activeReferences.contains(reference.id) else {
            // A clip path that clips itself: the closing link is ignored.
            warn(.referenceCycle(reference.id), element, attribute: "clip-path", at: reference.offset)
            return .none
        }
        activeReferences.append(reference.id)
        defer { activeReferences.removeLast() }
        let attributes = try sortAttributes(of: target, kind: .group, quiet: true)
        var style = ancestorStyle(of: target)
        let local = try apply(attributes.declarations, of: target, to: &style)
        var transform = serverTransform(attributes.transform, of: target)
        if let origin = attributes.transformOrigin, attributes.transform != nil {
            transform = Self.transform(transform, about: transformOrigin(origin, target))
        }
        if isBoundingBoxUnits(target.attribute("clipPathUnits"), default: false, of: element) {
            guard let mapping = Self.boundingBoxMapping(Self.bounds(of: node)) else { return .hidden }
            transform = mapping.concatenating(transform)
        }
        if try needsClipMask(target, local, style) {
            return try clipMask(target, local, style, transform: transform, for: node)
        }
        var path = Path()
        var rules: [FillRule] = []
        for child in target.children {
            guard case .drawable(let kind) = SVGElementClass(name: child.name),
                kind != .svg, kind != .group, kind != .anchor, kind != .image
            else {
                if SVGElementClass(name: child.name) != .skipped { warn(.unsupportedElement, child, at: child.offset) }
                continue
            }
            let childAttributes = try sortAttributes(of: child, kind: kind)
            var childStyle = style
            let childLocal = try apply(childAttributes.declarations, of: child, to: &childStyle)
            readSpace(of: child, into: &childStyle)
            if childLocal.clipPath != nil {
                warn(.unsupportedAttribute, child, attribute: "clip-path", at: child.offset)
            }
            guard childLocal.isDisplayed, childStyle.isVisible,
                let shape = try clipShape(kind, childAttributes.geometry, child, style: childStyle)
            else { continue }
            let placed = shape.applying(try parseTransform(childAttributes.transform))
            // A lone `<rect>` is the clip path itself (what design tools
            // put around each exported icon): it stays a rect, so that a
            // render placing it on whole device pixels clips without a
            // mask (SVGRenderer, `Canvas.clipIfWholePixels`).
            if kind == .rect && rules.isEmpty { path = placed } else { path.addPath(placed) }
            rules.append(childStyle.clipRule)
        }
        guard let rule = rules.first else { return .hidden }
        if rules.contains(where: { $0 != rule }) { warn(.mixedClipRules, target, at: target.offset) }
        return .clip(SVGClip(path: path.applying(transform), rule: rule))
    }

    /// Whether a `<clipPath>` needs the mask form: a clip path of its own,
    /// a child with one, a `<use>` child, children with different rules,
    /// or even-odd children that could overlap (more than one).
    mutating func needsClipMask(
        _ target: XMLElement, _ local: LocalStyle, _ style: InheritedStyle
    ) throws(SVGError) -> Bool {
        if local.clipPath != nil { return true }
        var rules: Set<FillRule> = []
        var count = 0
        for child in target.children {
            guard case .drawable(let kind) = SVGElementClass(name: child.name) else { continue }
            if kind == .use { return true }
            let attributes = try sortAttributes(of: child, kind: kind, quiet: true)
            var childStyle = style
            let childLocal = try apply(attributes.declarations, of: child, to: &childStyle)
            if childLocal.clipPath != nil { return true }
            rules.insert(childStyle.clipRule)
            count += 1
        }
        return rules.count > 1 || (rules.contains(.evenOdd) && count > 1)
    }

    /// A clip as an alpha mask: each child drawn opaque with its own
    /// clip-rule, transform and clip path, in the clip path's space; the
    /// `<clipPath>`'s own clip path clips the whole.
    mutating func clipMask(
        _ target: XMLElement, _ local: LocalStyle, _ style: InheritedStyle,
        transform: AffineTransform, for node: SVGNode
    ) throws(SVGError) -> SVGClipResult {
        let outerMode = isReadingClip
        isReadingClip = true
        defer { isReadingClip = outerMode }
        var children: [SVGNode] = []
        for child in target.children {
            guard case .drawable(let kind) = SVGElementClass(name: child.name),
                kind != .svg, kind != .group, kind != .anchor, kind != .image, kind != .switchGroup
            else { continue }
            // A <use> child counts only if it references a shape or text
            // directly (CSS Masking §6.2).
            if kind == .use {
                let link = child.attribute("href") ?? child.attribute("xlink:href")
                let id = link.map { String(SVGColorParser.trimWhitespace($0.value).dropFirst()) } ?? ""
                guard let referenced = elementsByID[id],
                    case .drawable(let targetKind) = SVGElementClass(name: referenced.name),
                    ![.svg, .group, .anchor, .image, .switchGroup, .use, .symbol].contains(targetKind)
                else { continue }
            }
            if let childNode = try self.node(for: child, inherited: style) { children.append(Self.opaque(childNode)) }
        }
        guard !children.isEmpty else { return .hidden }
        var content = SVGNode(
            elementName: target.name, offset: target.offset,
            content: .group([
                SVGNode(
                    elementName: target.name, offset: target.offset,
                    transform: transform, content: .group(children))
            ]))
        if let inner = local.clipPath {
            switch try clip(inner, for: node, target) {
            case .none: break
            case .clip(let clip): content.clip = clip
            case .mask(let mask): content.mask = mask
            case .hidden: return .hidden
            }
        }
        return .mask(SVGMask(content: [content], isLuminance: false))
    }

    /// `node` with opacity, blend modes and masks removed below it: a
    /// clip path's children count by their geometry alone.
    static func opaque(_ node: SVGNode) -> SVGNode {
        var node = node
        node.opacity = 1
        node.blendMode = .sourceOver
        node.isIsolated = false
        if case .group(let children) = node.content { node.content = .group(children.map(opaque)) }
        return node
    }

    /// The outline a `<clipPath>` child adds: a shape's path, or the glyph
    /// outlines of a text's visible runs.
    mutating func clipShape(
        _ kind: SVGElementKind, _ geometry: [String: XMLAttribute], _ element: XMLElement,
        style: InheritedStyle
    ) throws(SVGError) -> Path? {
        guard kind == .text else { return try shapePath(kind, geometry, element) }
        guard let text = try textGeometry(element, geometry, style: style) else { return nil }
        var path = Path()
        for run in text.runs where run.style.isVisible { path.addPath(run.path) }
        return path.isEmpty ? nil : path
    }

    /// A node's bounding box in its own user space: a shape's path bounds,
    /// an image's destination, a group's union of its children's fills.
    static func bounds(of node: SVGNode) -> Rect {
        switch node.content {
        case .shape(let path, _, _, _):
            return path.bounds
        case .image(_, let destination, let clip):
            return clip.flatMap { destination.intersection($0) } ?? destination
        case .group(let children):
            // Every shape's geometry counts, painted or not (hidden, no
            // fill, opacity 0), as SVG's bounding box says.
            var result: Rect?
            for child in children {
                let box = bounds(of: child)
                guard box.width > 0 || box.height > 0 || box.minX != 0 || box.minY != 0 else { continue }
                let placed = box.applying(child.transform)
                result = result.map { $0.union(placed) } ?? placed
            }
            return result ?? .zero
        }
    }
}
