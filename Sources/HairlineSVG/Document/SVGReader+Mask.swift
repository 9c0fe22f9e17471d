// Document: masks. `mask="url(#id)"` plus the masked element's bounding
// box -> an SVGMask (CSS Masking 1 §7, SVG 1.1 §14.4): the <mask>'s
// children read with the mask's own style, in maskContentUnits, clipped to
// the mask region (maskUnits; default -10% -10% 120% 120% of the box), with
// `mask-type` and a mask on the <mask> itself. The renderer turns it into
// coverage (SVGDocument+Drawing.swift).

import Hairline

/// What a `mask` reference came to.
enum SVGMaskResult {
    /// No mask: a missing or invalid reference (warned).
    case none
    /// Mask with this.
    case mask(SVGMask)
    /// The element draws nothing.
    case hidden
}

extension SVGReader {
    /// The mask for `node` (whose content is already read): `.none` for a
    /// missing or non-mask reference or one that closes a cycle (warned;
    /// drawn unmasked, as browsers do), `.hidden` for bounding-box units on
    /// a box without area (nothing drawn).
    mutating func mask(
        _ reference: (id: String, offset: Int), for node: SVGNode, _ element: XMLElement
    )
        throws(SVGError) -> SVGMaskResult
    {
        guard let target = elementsByID[reference.id] else {
            warn(.missingReference(reference.id), element, attribute: "mask", at: reference.offset)
            return .none
        }
        guard Self.localName(target) == "mask" else {
            warn(.invalidReference(reference.id), element, attribute: "mask", at: reference.offset)
            return .none
        }
        guard !activeReferences.contains(reference.id) else {
            // A mask used inside itself: the closing link is ignored (as
            // resvg draws it).
            warn(.referenceCycle(reference.id), element, attribute: "mask", at: reference.offset)
            return .none
        }
        activeReferences.append(reference.id)
        defer { activeReferences.removeLast() }

        let bounds = Self.bounds(of: node)
        let boxMapping = Self.boundingBoxMapping(bounds)
        let regionInBox = isBoundingBoxUnits(target.attribute("maskUnits"), default: true, of: target)
        if regionInBox, boxMapping == nil { return .hidden }
        func coordinate(_ name: String, _ axis: LengthAxis, _ fallback: Double) throws(SVGError) -> Double {
            try serverLength(target.attribute(name), boundingBox: regionInBox, axis, target, default: fallback)
        }
        var region = Rect(
            x: try coordinate("x", .horizontal, -0.1), y: try coordinate("y", .vertical, -0.1),
            width: try coordinate("width", .horizontal, 1.2), height: try coordinate("height", .vertical, 1.2))
        if !regionInBox, target.attribute("x") == nil { region.origin.x = -0.1 * viewport.width }
        if !regionInBox, target.attribute("y") == nil { region.origin.y = -0.1 * viewport.height }
        if !regionInBox, target.attribute("width") == nil { region.size.width = 1.2 * viewport.width }
        if !regionInBox, target.attribute("height") == nil { region.size.height = 1.2 * viewport.height }
        if regionInBox, let boxMapping { region = region.applying(boxMapping) }
        guard region.width > 0, region.height > 0 else { return .hidden }

        let attributes = try sortAttributes(of: target, kind: .group, quiet: true)
        var style = ancestorStyle(of: target)
        let local = try apply(attributes.declarations, of: target, to: &style)
        var contentTransform = AffineTransform.identity
        if isBoundingBoxUnits(target.attribute("maskContentUnits"), default: false, of: target) {
            guard let boxMapping else { return .hidden }
            contentTransform = boxMapping
        }
        let children = try self.children(of: target, style: style)
        var regionPath = Path()
        regionPath.addRect(region)
        var content = SVGNode(
            elementName: target.name, offset: target.offset,
            content: .group([
                SVGNode(
                    elementName: target.name, offset: target.offset,
                    transform: contentTransform, content: .group(children))
            ]),
            clip: SVGClip(path: regionPath, rule: .nonZero))
        // A mask on the <mask>: its content is masked in turn (same box).
        if let inner = local.mask {
            switch try mask(inner, for: node, target) {
            case .none: break
            case .mask(let innerMask): content.mask = innerMask
            case .hidden: return .hidden
            }
        }
        return .mask(SVGMask(content: [content], isLuminance: maskType(of: target) != "alpha"))
    }

    /// `mask-type` as an attribute or in `style` (`luminance` by default).
    func maskType(of element: XMLElement) -> String {
        var type = element.attribute("mask-type").map { SVGColorParser.trimWhitespace($0.value).lowercased() }
        if let style = element.attribute("style") {
            var errors: [SVGError] = []
            for declaration in SVGProperties.declarations(inStyle: style, errors: &errors)
            where declaration.name == "mask-type" {
                type = declaration.value.lowercased()
            }
        }
        return type ?? "luminance"
    }
}
