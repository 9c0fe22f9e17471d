// Document: references. Every element's `id` -> the element (once per
// document), `url(#id)` paints -> a resolved SVGShapePaint for one shape
// (paint servers need the shape's bounding box), with SVG's fallback rules
// (SVG 2 §13.2: a missing or invalid server uses the fallback color, else
// none) and `href` chains followed with cycle detection.

import Hairline

/// What a paint server reference came to.
enum SVGServerResult {
    /// A valid server that paints this (`nil`: it paints nothing, e.g. no
    /// stops or a zero-size bounding box; the fallback is not used).
    case painted(SVGShapePaint?)
    /// Missing, of the wrong kind, or in a cycle (already warned): use the
    /// fallback.
    case invalid
}

extension SVGReader {
    /// The local name of an SVG element (`svg:` prefix dropped).
    static func localName(_ element: XMLElement) -> Substring {
        element.name.hasPrefix("svg:") ? element.name.dropFirst(4) : Substring(element.name)
    }

    /// Every element with an `id`, the first one for each id, in one
    /// iterative walk (no recursion).
    static func elementsByID(in root: XMLElement) -> [String: XMLElement] {
        var result: [String: XMLElement] = [:]
        var stack = [root]
        while let element = stack.popLast() {
            if let id = element.attribute("id")?.value, result[id] == nil { result[id] = element }
            stack.append(contentsOf: element.children.reversed())
        }
        // The walk is depth-first in document order, so "first" is the
        // document's first; `result[id] == nil` keeps it.
        return result
    }

    /// Every element's parent by the element's offset, in one iterative walk.
    static func parents(in root: XMLElement) -> [Int: XMLElement] {
        var result: [Int: XMLElement] = [:]
        var stack = [root]
        while let element = stack.popLast() {
            for child in element.children { result[child.offset] = element }
            stack.append(contentsOf: element.children)
        }
        return result
    }

    /// The paint a shape with `style` and geometry `bounds` (its user
    /// space) draws with `paint`, alpha multiplied by `opacity`; `nil` for
    /// none. Paint server references warn when missing or invalid.
    mutating func resolve(
        _ paint: SVGPaint, opacity: Double, style: InheritedStyle, bounds: Rect,
        _ element: XMLElement
    ) throws(SVGError) -> SVGShapePaint? {
        guard style.isVisible else { return nil }
        if case .contextServer(let contextual) = paint {
            // Resolved in the context element's space: into this shape's.
            guard let toShape = contextTransform.inverted() else { return nil }
            return contextual.appendingTransform(toShape).withAlphaMultiplied(by: opacity)
        }
        guard case .server(let reference) = paint else {
            return style.resolvedColor(paint, opacity: opacity).map { .paint(.solid($0)) }
        }
        switch try server(reference, bounds: bounds, element) {
        case .painted(let result):
            return result?.withAlphaMultiplied(by: opacity)
        case .invalid:
            guard let fallback = reference.fallback else { return nil }
            return style.resolvedColor(fallback, opacity: opacity).map { .paint(.solid($0)) }
        }
    }

    /// Resolves `url(#id)` to a gradient or pattern for a shape with
    /// bounding box `bounds`.
    mutating func server(
        _ reference: SVGPaintReference, bounds: Rect, _ element: XMLElement
    )
        throws(SVGError) -> SVGServerResult
    {
        guard let target = elementsByID[reference.id] else {
            warn(.missingReference(reference.id), element, attribute: reference.attribute, at: reference.offset)
            return .invalid
        }
        guard !activeReferences.contains(reference.id) else {
            warn(.referenceCycle(reference.id), element, attribute: reference.attribute, at: reference.offset)
            return .invalid
        }
        switch Self.localName(target) {
        case "linearGradient", "radialGradient":
            guard let chain = chain(from: target, kinds: Self.gradientNames, element, reference) else {
                return .invalid
            }
            // SVG 2 §14.2: bounding-box units on a box without area use
            // the fallback (else nothing).
            if Self.boundingBoxMapping(bounds) == nil,
                Self.inherited("gradientUnits", chain).map({ SVGColorParser.trimWhitespace($0.value) })
                    != "userSpaceOnUse"
            {
                return .invalid
            }
            // A gradient without stops is no usable server: the fallback
            // color if one is given, else nothing (as resvg; SVG 1.1
            // §13.2.4 says "none", which the absent fallback still gives).
            guard let paint = try gradient(chain, bounds: bounds) else { return .invalid }
            return .painted(paint)
        case "pattern":
            guard let chain = chain(from: target, kinds: ["pattern"], element, reference) else { return .invalid }
            if Self.boundingBoxMapping(bounds) == nil,
                Self.inherited("patternUnits", chain).map({ SVGColorParser.trimWhitespace($0.value) })
                    != "userSpaceOnUse"
            {
                return .invalid
            }
            activeReferences.append(reference.id)
            defer { activeReferences.removeLast() }
            return .painted(try pattern(chain, bounds: bounds))
        default:
            warn(.invalidReference(reference.id), element, attribute: reference.attribute, at: reference.offset)
            return .invalid
        }
    }

    static let gradientNames: Set<Substring> = ["linearGradient", "radialGradient"]

    /// The elements of an `href` chain starting at `start`, each naming
    /// the next by `href` or `xlink:href`. A link that closes a cycle, to
    /// a missing element or to one of another kind ends the chain with a
    /// warning (the attributes so far still apply).
    mutating func chain(
        from start: XMLElement, kinds: Set<Substring>, _ element: XMLElement,
        _ reference: SVGPaintReference
    ) -> [XMLElement]? {
        var result = [start]
        var seen: Set<Int> = [start.offset]
        var current = start
        while let link = current.attribute("href") ?? current.attribute("xlink:href") {
            let value = SVGColorParser.trimWhitespace(link.value)
            guard value.hasPrefix("#"), let next = elementsByID[String(value.dropFirst())],
                kinds.contains(Self.localName(next))
            else {
                warn(
                    .invalidReference(String(value.drop { $0 == "#" })), current, attribute: link.name,
                    at: link.valueOffset)
                break
            }
            guard seen.insert(next.offset).inserted else {
                // A cycle: the link that closes it is ignored (as resvg
                // and browsers do); the chain so far applies.
                warn(.referenceCycle(String(value.dropFirst())), current, attribute: link.name, at: link.valueOffset)
                break
            }
            result.append(next)
            current = next
        }
        return result
    }

    /// The first attribute called `name` along a chain.
    static func inherited(_ name: String, _ chain: [XMLElement]) -> XMLAttribute? {
        for element in chain {
            if let attribute = element.attribute(name) { return attribute }
        }
        return nil
    }

    /// Whether `...Units` says `objectBoundingBox` (`true`) or
    /// `userSpaceOnUse`; absent: `defaultIsBoundingBox`.
    /// Any other value warns and is ignored (the default applies).
    mutating func isBoundingBoxUnits(
        _ attribute: XMLAttribute?, default defaultIsBoundingBox: Bool,
        of element: XMLElement
    ) -> Bool {
        guard let attribute else { return defaultIsBoundingBox }
        switch SVGColorParser.trimWhitespace(attribute.value) {
        case "objectBoundingBox": return true
        case "userSpaceOnUse": return false
        default:
            ignore(
                SVGError(.invalidValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return defaultIsBoundingBox
        }
    }

    /// A coordinate of a paint server: in bounding-box units a number or
    /// a percentage (a fraction of the box), in user space a length
    /// (percentages of the viewport). `fallback` is in the same units.
    mutating func serverLength(
        _ attribute: XMLAttribute?, boundingBox: Bool, _ axis: LengthAxis,
        _ element: XMLElement, default fallback: Double,
        nonNegative: Bool = false
    ) throws(SVGError) -> Double {
        guard let attribute else { return fallback }
        guard boundingBox else {
            return try length(attribute, axis, element, default: fallback, nonNegative: nonNegative)
        }
        guard let length = ValueScanner.length(attribute.value), length.value.isFinite,
            let factor = length.unit == .percent ? 0.01 : length.userUnitsPerUnit
        else {
            ignore(
                SVGError(.invalidNumber(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return fallback
        }
        let value = length.value * factor
        if nonNegative, value < 0 {
            ignore(
                SVGError(.negativeValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return fallback
        }
        return value
    }

    /// The transform mapping the unit square onto `bounds`, or `nil` if
    /// the box has no area (SVG: then bounding-box units paint nothing).
    static func boundingBoxMapping(_ bounds: Rect) -> AffineTransform? {
        guard bounds.width > 0, bounds.height > 0, bounds.isFinite else { return nil }
        return AffineTransform(a: bounds.width, b: 0, c: 0, d: bounds.height, tx: bounds.minX, ty: bounds.minY)
    }

    /// Property declarations of an element that is not drawn itself
    /// (a stop, a pattern, a clip path): supported presentation attributes,
    /// then `style` (which wins). Other attributes are ignored silently.
    func propertyDeclarations(of element: XMLElement, extra: Set<String> = []) throws(SVGError) -> [Declaration] {
        var result: [Declaration] = []
        var fromStyle: [Declaration] = []
        for attribute in element.attributes {
            if attribute.name == "style" {
                var errors: [SVGError] = []
                fromStyle = SVGProperties.declarations(inStyle: attribute, errors: &errors)
            } else if SVGProperties.supported.contains(attribute.name) || extra.contains(attribute.name) {
                result.append(Self.declaration(from: attribute))
            }
        }
        let sheet = styleSheetDeclarations(for: element)
        return result + sheet.normal + fromStyle + sheet.important
    }
}
