// Document: applies an element's property declarations, in order, to the
// style inherited from its parent: fill and stroke (color, none,
// currentColor, url() with fallback), fill-rule, fill-opacity, the stroke
// geometry properties, stroke-opacity, opacity, color, display and
// visibility, clip-path and clip-rule, the font properties and
// text-anchor (SVGReader+FontProperties.swift), each also accepting
// `inherit`. `font-size` goes first, so that `em` lengths of the same
// element use it. A malformed value is ignored with a warning (the
// inherited or initial value stays, CSS error handling); values the reader
// cannot draw warn. Also mask, mix-blend-mode, isolation, markers,
// paint-order and image-rendering.

import Hairline

/// The non-inherited properties of one element.
struct LocalStyle {
    /// `opacity`, 0...1.
    var opacity = 1.0
    /// False for `display: none` (the element and its subtree draw nothing).
    var isDisplayed = true
    /// `clip-path: url(#id)`: the referenced id and the value's offset.
    var clipPath: (id: String, offset: Int)?
    /// `mask: url(#id)`: the referenced id and the value's offset.
    var mask: (id: String, offset: Int)?
    /// `mix-blend-mode` (`sourceOver` for `normal`).
    var blendMode = BlendMode.sourceOver
    /// `isolation: isolate`.
    var isIsolated = false
    /// `background-color` (drawn behind the root's content only).
    var backgroundColor: Color?
}

extension LocalStyle {
    /// CSS Compositing's `mix-blend-mode` keywords.
    static let blendModes: [String: BlendMode] = [
        "normal": .sourceOver, "multiply": .multiply, "screen": .screen, "overlay": .overlay, "darken": .darken,
        "lighten": .lighten, "color-dodge": .colorDodge, "color-burn": .colorBurn, "hard-light": .hardLight,
        "soft-light": .softLight, "difference": .difference, "exclusion": .exclusion, "hue": .hue,
        "saturation": .saturation, "color": .color, "luminosity": .luminosity,
    ]
}

extension SVGReader {
    /// Applies `declarations` to `style` (which starts as the parent's
    /// inherited style) and returns the element's own non-inherited ones.
    /// Sets `fontSize` to the element's font size.
    mutating func apply(
        _ declarations: [Declaration], of element: XMLElement,
        to style: inout InheritedStyle
    ) throws(SVGError) -> LocalStyle {
        let parent = style
        var local = LocalStyle()
        // Not inherited: every element starts from `normal` (`inherit`
        // takes the parent's).
        style.unicodeBidi = .normal
        let declarations = Self.expandingFontShorthand(declarations)
        for declaration in declarations where declaration.name == "font-size" {
            do throws(SVGError) {
                style.fontSize = try fontSize(declaration, parent: parent.fontSize, element)
            } catch {
                ignore(error, element, attribute: declaration.name)
            }
        }
        fontSize = style.fontSize
        for declaration in declarations {
            do throws(SVGError) {
                try apply(declaration, parent: parent, to: &style, &local, element)
            } catch {
                ignore(error, element, attribute: declaration.name)
            }
        }
        // text-decoration takes the element's final fill and stroke.
        if let declaration = declarations.last(where: { $0.name == "text-decoration" }) {
            do throws(SVGError) {
                try applyTextDecoration(declaration, to: &style)
            } catch {
                ignore(error, element, attribute: declaration.name)
            }
        }
        return local
    }

    /// The style a referenced element (a clip path, mask, pattern or
    /// marker) inherits from its ancestors where it is written (CSS
    /// inheritance follows the document tree, not the reference), read
    /// quietly: their values warn where they are drawn themselves.
    /// Cached per element. Complexity: O(depth x attributes), once.
    mutating func ancestorStyle(of element: XMLElement) -> InheritedStyle {
        if let cached = ancestorStyles[element.offset] { return cached }
        var chain: [XMLElement] = []
        var current = parents[element.offset]
        while let ancestor = current {
            chain.append(ancestor)
            current = parents[ancestor.offset]
        }
        let (warningCount, outerFontSize) = (warnings.count, fontSize)
        var style = InheritedStyle()
        for ancestor in chain.reversed() {
            guard let attributes = try? sortAttributes(of: ancestor, kind: .group, quiet: true) else { continue }
            _ = try? apply(attributes.declarations, of: ancestor, to: &style)
        }
        warnings.removeSubrange(warningCount...)
        fontSize = outerFontSize
        ancestorStyles[element.offset] = style
        return style
    }

    /// Records an invalid value that is ignored as if absent.
    mutating func ignore(_ error: SVGError, _ element: XMLElement, attribute: String?) {
        warn(.invalidValueIgnored(error.message), element, attribute: attribute, at: error.offset)
    }

    /// Applies one declaration.
    /// - Throws: the value's error; the caller ignores the declaration.
    mutating func apply(
        _ declaration: Declaration, parent: InheritedStyle, to style: inout InheritedStyle,
        _ local: inout LocalStyle, _ element: XMLElement
    ) throws(SVGError) {
        let keyword = declaration.value.lowercased()
        if keyword == "inherit" {
            switch declaration.name {
            case "fill": style.fill = parent.fill
            case "fill-rule": style.fillRule = parent.fillRule
            case "fill-opacity": style.fillOpacity = parent.fillOpacity
            case "color": style.color = parent.color
            case "visibility": style.isVisible = parent.isVisible
            case "opacity": local.opacity = parent.parentOpacity
            case "stroke": style.stroke = parent.stroke
            case "stroke-opacity": style.strokeOpacity = parent.strokeOpacity
            case "stroke-width": style.strokeStyle.width = parent.strokeStyle.width
            case "stroke-linejoin": style.strokeStyle.lineJoin = parent.strokeStyle.lineJoin
            case "stroke-linecap": style.strokeStyle.lineCap = parent.strokeStyle.lineCap
            case "stroke-miterlimit": style.strokeStyle.miterLimit = parent.strokeStyle.miterLimit
            case "stroke-dasharray": style.strokeStyle.dashPattern = parent.strokeStyle.dashPattern
            case "stroke-dashoffset": style.strokeStyle.dashPhase = parent.strokeStyle.dashPhase
            case "clip-rule": style.clipRule = parent.clipRule
            case "marker-start": style.markerStart = parent.markerStart
            case "marker-mid": style.markerMid = parent.markerMid
            case "marker-end": style.markerEnd = parent.markerEnd
            case "paint-order": style.paintOrder = parent.paintOrder
            case "image-rendering": style.imageSampling = parent.imageSampling
            case "shape-rendering": style.isCrisp = parent.isCrisp
            case "text-rendering": style.isCrispText = parent.isCrispText
            case "font-family": style.fontFamilies = parent.fontFamilies
            case "font-weight": style.fontWeight = parent.fontWeight
            case "font-style":
                style.fontStyle = parent.fontStyle
                style.fontObliqueAngle = parent.fontObliqueAngle
            case "font-stretch": style.fontStretch = parent.fontStretch
            case "font-variation-settings": style.fontVariations = parent.fontVariations
            case "letter-spacing": style.letterSpacing = parent.letterSpacing
            case "word-spacing": style.wordSpacing = parent.wordSpacing
            case "baseline-shift", "text-decoration": break  // the parent's are kept anyway
            case "dominant-baseline": style.dominantBaseline = parent.dominantBaseline
            case "alignment-baseline": style.alignmentBaseline = parent.alignmentBaseline
            case "text-anchor": style.textAnchor = parent.textAnchor
            case "writing-mode": style.isVertical = parent.isVertical
            case "font-variant": style.isSmallCaps = parent.isSmallCaps
            case "font-kerning", "kerning": style.kerns = parent.kerns
            case "direction": style.isRightToLeft = parent.isRightToLeft
            case "unicode-bidi": style.unicodeBidi = parent.unicodeBidi
            // display: the parent is displayed, or this would not run;
            // font-size: applied first.
            default: break
            }
            return
        }
        switch declaration.name {
        case "fill":
            style.fill = try paint(declaration, element)
        case "fill-rule", "clip-rule":
            let rule: FillRule
            switch keyword {
            case "nonzero": rule = .nonZero
            case "evenodd": rule = .evenOdd
            default: throw invalidValue(declaration)
            }
            if declaration.name == "fill-rule" { style.fillRule = rule } else { style.clipRule = rule }
        case "clip-path":
            if keyword == "none" {
                local.clipPath = nil
            } else if let (id, _) = Self.urlReference(declaration.value) {
                local.clipPath = (id, declaration.offset)
            } else {
                // Basic shapes (`circle(…)`, `inset(…)`) are CSS Masking features the reader lacks.
                warn(.unsupportedValue(declaration.value), element, attribute: declaration.name, at: declaration.offset)
            }
        case "mask":
            if keyword == "none" {
                local.mask = nil
            } else if let (id, _) = Self.urlReference(declaration.value) {
                if droppedLinks.contains(SVGLinkKey(offset: element.offset, property: "mask")) {
                    warn(.referenceCycle(id), element, attribute: declaration.name, at: declaration.offset)
                    local.mask = nil
                } else {
                    local.mask = (id, declaration.offset)
                }
            } else {
                warn(.unsupportedValue(declaration.value), element, attribute: declaration.name, at: declaration.offset)
            }
        case "marker-start", "marker-mid", "marker-end", "marker":
            var reference: (id: String, offset: Int)?
            if keyword != "none" {
                guard let (id, _) = Self.urlReference(declaration.value) else { throw invalidValue(declaration) }
                reference = (id, declaration.offset)
            }
            if declaration.name == "marker-start" || declaration.name == "marker" { style.markerStart = reference }
            if declaration.name == "marker-mid" || declaration.name == "marker" { style.markerMid = reference }
            if declaration.name == "marker-end" || declaration.name == "marker" { style.markerEnd = reference }
        case "background-color":
            if keyword == "currentcolor" {
                local.backgroundColor = style.color
            } else {
                guard let color = SVGColorParser.parse(declaration.value) else {
                    throw SVGError(
                        .invalidColor(attribute: declaration.name, value: declaration.value), at: declaration.offset)
                }
                local.backgroundColor = color
            }
        case "text-rendering":
            switch keyword {
            case "auto", "optimizelegibility", "geometricprecision": style.isCrispText = false
            case "optimizespeed": style.isCrispText = true
            default: throw invalidValue(declaration)
            }
        case "shape-rendering":
            switch keyword {
            case "auto", "geometricprecision": style.isCrisp = false
            case "optimizespeed", "crispedges": style.isCrisp = true
            default: throw invalidValue(declaration)
            }
        case "image-rendering":
            switch keyword {
            case "auto", "optimizequality", "smooth", "high-quality": style.imageSampling = .bilinear
            case "optimizespeed", "pixelated", "crisp-edges": style.imageSampling = .nearest
            default: throw invalidValue(declaration)
            }
        case "paint-order":
            let names = ["fill", "stroke", "markers"]
            var order: [Int] = []
            if keyword != "normal" {
                for token in keyword.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
                    guard let index = names.firstIndex(of: String(token)), !order.contains(index) else {
                        throw invalidValue(declaration)
                    }
                    order.append(index)
                }
            }
            // The ones not named follow in their normal order.
            style.paintOrder = order + [0, 1, 2].filter { !order.contains($0) }
        case "mix-blend-mode":
            guard let mode = LocalStyle.blendModes[keyword] else { throw invalidValue(declaration) }
            local.blendMode = mode
        case "isolation":
            switch keyword {
            case "auto": local.isIsolated = false
            case "isolate": local.isIsolated = true
            default: throw invalidValue(declaration)
            }
        case "fill-opacity":
            style.fillOpacity = try opacity(declaration)
        case "opacity":
            local.opacity = try opacity(declaration)
        case "color":
            if keyword == "currentcolor" {
                style.color = parent.color
            } else if let color = SVGColorParser.parse(declaration.value) {
                style.color = color
            } else {
                throw SVGError(
                    .invalidColor(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
        case "display":
            local.isDisplayed = keyword != "none"
        case "font-size":
            break  // applied first
        case "font":
            throw invalidValue(declaration)  // a shorthand outside its grammar (expanded otherwise)
        case "font-family", "font-weight", "font-style", "font-stretch", "font-variation-settings",
            "letter-spacing", "word-spacing", "baseline-shift",
            "dominant-baseline", "alignment-baseline", "text-anchor", "writing-mode", "font-variant", "font-kerning",
            "kerning", "direction", "unicode-bidi":
            try applyTextProperty(declaration, keyword, parent: parent, to: &style)
        case "visibility":
            switch keyword {
            case "visible": style.isVisible = true
            case "hidden", "collapse": style.isVisible = false
            default: throw invalidValue(declaration)
            }
        default:
            try applyStroke(declaration, keyword, element, to: &style)
        }
    }

    /// Applies one stroke property (SVG 1.1 §11.4); other names do nothing.
    mutating func applyStroke(
        _ declaration: Declaration, _ keyword: String, _ element: XMLElement,
        to style: inout InheritedStyle
    ) throws(SVGError) {
        switch declaration.name {
        case "stroke":
            style.stroke = try paint(declaration, element)
        case "stroke-opacity":
            style.strokeOpacity = try opacity(declaration)
        case "stroke-width":
            let width = try userLength(
                declaration.value, name: declaration.name, offset: declaration.offset, .other, element)
            guard width >= 0 else {
                // Undefined in SVG; drawn as no stroke (resvg), and said so.
                style.strokeStyle.width = 0
                throw SVGError(
                    .negativeValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
            style.strokeStyle.width = width
        case "stroke-linejoin":
            switch keyword {
            case "miter": style.strokeStyle.lineJoin = .miter
            case "round": style.strokeStyle.lineJoin = .round
            case "bevel": style.strokeStyle.lineJoin = .bevel
            case "miter-clip", "arcs":
                // SVG 2 joins: drawn as a plain miter, and said so.
                warn(.unsupportedValue(declaration.value), element, attribute: declaration.name, at: declaration.offset)
                style.strokeStyle.lineJoin = .miter
            default: throw invalidValue(declaration)
            }
        case "stroke-linecap":
            switch keyword {
            case "butt": style.strokeStyle.lineCap = .butt
            case "round": style.strokeStyle.lineCap = .round
            case "square": style.strokeStyle.lineCap = .square
            default: throw invalidValue(declaration)
            }
        case "stroke-miterlimit":
            guard let limit = ValueScanner.length(declaration.value), limit.unit == .none, limit.value.isFinite else {
                throw SVGError(
                    .invalidNumber(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
            guard limit.value >= 1 else {
                throw SVGError(
                    .negativeValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
            style.strokeStyle.miterLimit = limit.value
        case "stroke-dasharray":
            style.strokeStyle.dashPattern = try dashArray(declaration, element)
        case "stroke-dashoffset":
            style.strokeStyle.dashPhase = try userLength(
                declaration.value, name: declaration.name,
                offset: declaration.offset, .other, element)
        default:
            break
        }
    }

    /// Parses `stroke-dasharray`: `none`, or lengths separated by commas
    /// and/or whitespace. A negative length turns dashing off (SVG 2
    /// §13.5.5: as if `none`), with a warning.
    /// - Throws: a malformed list (then the declaration is ignored).
    mutating func dashArray(_ declaration: Declaration, _ element: XMLElement) throws(SVGError) -> [Double] {
        if declaration.value.lowercased() == "none" { return [] }
        var lengths: [Double] = []
        let items = declaration.value.split(whereSeparator: {
            $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
        })
        guard !items.isEmpty else { throw invalidValue(declaration) }
        for item in items {
            let length = try userLength(
                String(item), name: declaration.name, offset: declaration.offset, .other, element)
            guard length >= 0 else {
                ignore(
                    SVGError(
                        .negativeValue(attribute: declaration.name, value: declaration.value), at: declaration.offset),
                    element, attribute: declaration.name)
                return []
            }
            lengths.append(length)
        }
        return lengths
    }

    /// Parses a `fill` or `stroke` value: `none`, `currentColor`, a color,
    /// or `url(#id)` with an optional fallback (`none`, `currentColor` or
    /// a color), resolved per shape later. `context-fill` and
    /// `context-stroke` warn and draw nothing.
    mutating func paint(_ declaration: Declaration, _ element: XMLElement) throws(SVGError) -> SVGPaint {
        let lower = declaration.value.lowercased()
        // SVG 2 §13.3: the context element's (a marker's shape, a use)
        // fill or stroke; none without a context element.
        if lower == "context-fill" { return contextPaint?.fill ?? .none }
        if lower == "context-stroke" { return contextPaint?.stroke ?? .none }
        if let (id, rest) = Self.urlReference(declaration.value) {
            // A link that closes a pattern cycle is `none` (resvg).
            if droppedLinks.contains(SVGLinkKey(offset: element.offset, property: declaration.name)) {
                warn(.referenceCycle(id), element, attribute: declaration.name, at: declaration.offset)
                return .none
            }
            let fallback: SVGPaint? = rest.isEmpty ? nil : try plainPaint(rest, declaration)
            return .server(
                SVGPaintReference(
                    id: id, fallback: fallback, attribute: declaration.name,
                    offset: declaration.offset))
        }
        if lower.hasPrefix("url("), let close = declaration.value.firstIndex(of: ")") {
            // A reference into another document: not loaded; the fallback is used.
            warn(.unsupportedValue(declaration.value), element, attribute: declaration.name, at: declaration.offset)
            let rest = SVGColorParser.trimWhitespace(
                String(declaration.value[declaration.value.index(after: close)...]))
            return rest.isEmpty ? .none : try plainPaint(rest, declaration)
        }
        return try plainPaint(declaration.value, declaration)
    }

    /// `none`, `currentColor` or a color.
    func plainPaint(_ text: String, _ declaration: Declaration) throws(SVGError) -> SVGPaint {
        switch text.lowercased() {
        case "none": return .none
        case "currentcolor": return .currentColor
        default:
            guard let color = SVGColorParser.parse(text) else {
                throw SVGError(
                    .invalidColor(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
            return .color(color)
        }
    }

    /// Splits `url(#id) rest` (quotes allowed around the reference) into
    /// the id and the trimmed rest; `nil` unless the text starts with a
    /// local `url(#…)`.
    static func urlReference(_ text: String) -> (id: String, rest: String)? {
        guard text.lowercased().hasPrefix("url("), let close = text.firstIndex(of: ")") else { return nil }
        var inner = SVGColorParser.trimWhitespace(String(text[text.index(text.startIndex, offsetBy: 4)..<close]))
        if inner.count >= 2, let q = inner.first, q == "\"" || q == "'", inner.last == q {
            inner = SVGColorParser.trimWhitespace(String(inner.dropFirst().dropLast()))
        }
        guard inner.hasPrefix("#"), inner.count > 1 else { return nil }
        return (String(inner.dropFirst()), SVGColorParser.trimWhitespace(String(text[text.index(after: close)...])))
    }

    /// Parses an opacity: a number or a percentage, clamped to 0...1.
    func opacity(_ declaration: Declaration) throws(SVGError) -> Double {
        guard let length = ValueScanner.length(declaration.value), length.unit == .none || length.unit == .percent
        else {
            throw SVGError(
                .invalidNumber(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        }
        let value = length.unit == .percent ? length.value / 100 : length.value
        return min(max(value, 0), 1)
    }

    func invalidValue(_ declaration: Declaration) -> SVGError {
        SVGError(.invalidValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
    }
}
