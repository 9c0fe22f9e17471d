// Document: applies an element's property declarations, in order, to the
// style inherited from its parent: fill (color, none, currentColor, url()
// with fallback), fill-rule, fill-opacity, opacity, color, display and
// visibility, each also accepting `inherit`. Malformed values throw;
// values the reader cannot draw (paint servers) warn.

import Hairline

/// The non-inherited properties of one element.
struct LocalStyle {
    /// `opacity`, 0...1.
    var opacity = 1.0
    /// False for `display: none` (the element and its subtree draw nothing).
    var isDisplayed = true
}

extension SVGReader {
    /// Applies `declarations` to `style` (which starts as the parent's
    /// inherited style) and returns the element's own non-inherited ones.
    mutating func apply(_ declarations: [Declaration], of element: XMLElement,
                        to style: inout InheritedStyle) throws(SVGError) -> LocalStyle {
        let parent = style
        var local = LocalStyle()
        for declaration in declarations {
            let keyword = declaration.value.lowercased()
            if keyword == "inherit" {
                switch declaration.name {
                case "fill": style.fill = parent.fill
                case "fill-rule": style.fillRule = parent.fillRule
                case "fill-opacity": style.fillOpacity = parent.fillOpacity
                case "color": style.color = parent.color
                case "visibility": style.isVisible = parent.isVisible
                case "opacity": local.opacity = parent.parentOpacity
                default: break  // display: the parent is displayed, or this would not run
                }
                continue
            }
            switch declaration.name {
            case "fill":
                style.fill = try paint(declaration, element)
            case "fill-rule":
                switch keyword {
                case "nonzero": style.fillRule = .nonZero
                case "evenodd": style.fillRule = .evenOdd
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
                    throw SVGError(.invalidColor(attribute: declaration.name, value: declaration.value), at: declaration.offset)
                }
            case "display":
                local.isDisplayed = keyword != "none"
            case "visibility":
                switch keyword {
                case "visible": style.isVisible = true
                case "hidden", "collapse": style.isVisible = false
                default: throw invalidValue(declaration)
                }
            default:
                break
            }
        }
        return local
    }

    /// Parses a `fill` value. Paint servers (`url(#…)`) are not supported:
    /// they warn and use their fallback (none if there is none).
    mutating func paint(_ declaration: Declaration, _ element: XMLElement) throws(SVGError) -> SVGFillPaint {
        var text = declaration.value
        let lower = text.lowercased()
        if lower.hasPrefix("url(") || lower.hasPrefix("context-") {
            warn(.unsupportedValue(declaration.value), element, attribute: declaration.name, at: declaration.offset)
            guard lower.hasPrefix("url("), let close = text.firstIndex(of: ")") else { return .none }
            text = SVGColorParser.trimWhitespace(String(text[text.index(after: close)...]))
            if text.isEmpty { return .none }
        }
        switch text.lowercased() {
        case "none": return .none
        case "currentcolor": return .currentColor
        default:
            guard let color = SVGColorParser.parse(text) else {
                throw SVGError(.invalidColor(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
            return .color(color)
        }
    }

    /// Parses an opacity: a number or a percentage, clamped to 0...1.
    func opacity(_ declaration: Declaration) throws(SVGError) -> Double {
        guard let length = ValueScanner.length(declaration.value), length.unit == .none || length.unit == .percent else {
            throw SVGError(.invalidNumber(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        }
        let value = length.unit == .percent ? length.value / 100 : length.value
        return min(max(value, 0), 1)
    }

    func invalidValue(_ declaration: Declaration) -> SVGError {
        SVGError(.invalidValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
    }
}
