// Document: a <text> element's subtree -> its runs: the character data of
// the <text> and of the <tspan> and <a> elements inside it, in document
// order, each with the style of the element that holds it (tspan styling
// cascades as for any element) and the `dx`/`dy` shifts that come before
// it. Positioning beyond one shift per element (x/y on a tspan, lists of
// per-character values, `rotate`, `textLength`) and <textPath> warn and
// are not applied. Whitespace handling follows (SVGTextWhitespace.swift).

import Hairline

/// Characters of a `<text>` and how they are drawn, before layout.
struct SVGTextRun {
    /// The characters (whitespace handled once every run is collected).
    var text: String
    /// The style of the element holding them.
    var style: InheritedStyle
    /// Moves the pen right (dx) and the baseline down (dy) before the
    /// characters, user units.
    var dx = 0.0, dy = 0.0
    /// The element holding them (for the node drawn).
    var elementName: String
    var offset: Int
}

extension SVGReader {
    /// Appends the runs of `element` (a `<text>`, `<tspan>` or `<a>` inside
    /// a text, whose style is `style`) to `runs`. `shift` is the pen shift
    /// not yet applied to any character: it goes to the next run.
    /// Recursion depth is bounded by the XML nesting limit.
    mutating func collectRuns(of element: XMLElement, style: InheritedStyle, shift: inout (dx: Double, dy: Double),
                              into runs: inout [SVGTextRun]) throws(SVGError) {
        var textIndex = 0
        for childIndex in 0...element.children.count {
            while textIndex < element.text.count, element.text[textIndex].index == childIndex {
                runs.append(SVGTextRun(text: element.text[textIndex].value, style: style, dx: shift.dx, dy: shift.dy,
                                       elementName: element.name, offset: element.offset))
                shift = (0, 0)
                textIndex += 1
            }
            guard childIndex < element.children.count else { break }
            let child = element.children[childIndex]
            switch Self.localName(child) {  // `svg:tspan` too; `x:tspan` is another namespace's
            case "tspan":
                try collectSpanRuns(of: child, kind: .textSpan, style: style, shift: &shift, into: &runs)
            case "a":
                try collectSpanRuns(of: child, kind: .anchor, style: style, shift: &shift, into: &runs)
            default:
                // Metadata and other namespaces add nothing; anything else
                // (textPath, tref, shapes) is not drawn, and said so.
                if SVGElementClass(name: child.name) == .skipped {
                    warnAboutStyleSheets(in: child)
                } else {
                    warn(.unsupportedElement, child, at: child.offset)
                }
            }
        }
    }

    /// The runs of a `<tspan>` or `<a>` inside a text: its properties
    /// cascade; its first `dx`/`dy` values shift the pen; `x`/`y`, value
    /// lists, `transform`, `opacity` and `clip-path` warn and are ignored.
    private mutating func collectSpanRuns(of span: XMLElement, kind: SVGElementKind, style: InheritedStyle,
                                          shift: inout (dx: Double, dy: Double),
                                          into runs: inout [SVGTextRun]) throws(SVGError) {
        let attributes = try sortAttributes(of: span, kind: kind)
        var spanStyle = style
        // alignment-baseline is each span's own (not inherited).
        spanStyle.alignmentBaseline = .auto
        let parentFontSize = fontSize
        defer { fontSize = parentFontSize }
        let local = try apply(attributes.declarations, of: span, to: &spanStyle)
        readSpace(of: span, into: &spanStyle)
        guard local.isDisplayed else { return }
        if let transform = attributes.transform {
            warn(.unsupportedAttribute, span, attribute: transform.name, at: transform.offset)
        }
        if local.opacity < 1 { warn(.unsupportedAttribute, span, attribute: "opacity", at: span.offset) }
        if let clip = local.clipPath { warn(.unsupportedAttribute, span, attribute: "clip-path", at: clip.offset) }
        if kind == .textSpan {
            for name in ["x", "y"] {
                if let attribute = attributes.geometry[name] {
                    warn(.unsupportedAttribute, span, attribute: name, at: attribute.offset)
                }
            }
            shift.dx += try firstLength(attributes.geometry["dx"], .horizontal, span) ?? 0
            shift.dy += try firstLength(attributes.geometry["dy"], .vertical, span) ?? 0
        }
        try collectRuns(of: span, style: spanStyle, shift: &shift, into: &runs)
    }

    /// The first length of a text positioning attribute (a list of lengths
    /// separated by commas and/or whitespace), `nil` if absent or empty.
    /// Every entry must be a length; more than one (per-character
    /// positions) warns, and only the first is used.
    /// - Throws: `invalidNumber` (or `negativeValue`) at the bad entry.
    mutating func firstLength(_ attribute: XMLAttribute?, _ axis: LengthAxis, _ element: XMLElement)
        throws(SVGError) -> Double?
    {
        guard let attribute else { return nil }
        let bytes = Array(attribute.value.utf8)
        var first: Double?
        var count = 0
        var start = 0
        while start < bytes.count {
            guard !Self.isListSeparator(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, !Self.isListSeparator(bytes[end]) { end += 1 }
            let item = String(decoding: bytes[start..<end], as: UTF8.self)
            let value = try userLength(item, name: attribute.name, offset: attribute.documentOffset(ofValueByte: start),
                                       axis, element)
            if first == nil { first = value }
            count += 1
            start = end
        }
        if count > 1 {
            warn(.unsupportedValue(attribute.value), element, attribute: attribute.name, at: attribute.valueOffset)
        }
        return first
    }

    /// Comma or SVG whitespace.
    private static func isListSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || SVGColorParser.isSpace(byte)
    }
}
