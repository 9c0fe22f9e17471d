// Document: a <text> element's subtree -> its runs: the character data of
// the <text> and of the <tspan>, <a>, <textPath> and <tref> elements
// inside it, in document order, each with the style of the element that
// holds it (styling cascades as for any element), plus each positioning
// element's `x`, `y`, `dx`, `dy` and `rotate` lists (user units, degrees)
// and the runs they cover, outermost first, so that inner lists win
// (SVG 1.1 §10.4-10.5). A <textPath> records its path (the text's user
// space) and start offset; a <tref> contributes the character data of the
// element it references. Whitespace handling follows
// (SVGTextWhitespace.swift), then per-character resolution
// (SVGReader+TextPositions.swift).

import Hairline

/// Characters of a `<text>` and how they are drawn, before layout.
struct SVGTextRun {
    /// The characters (whitespace handled once every run is collected).
    var text: String
    /// The style of the element holding them.
    var style: InheritedStyle
    /// The element holding them (for the node drawn).
    var elementName: String
    var offset: Int
    /// The `<textPath>` the characters lie on (an index into the
    /// collection's paths), if any.
    var path: Int?
}

/// One element's per-character positioning lists (user units; `rotate`
/// in degrees), applied to the characters of `runs`.
struct SVGTextPositioning {
    var runs: Range<Int>
    var x: [Double] = [], y: [Double] = [], dx: [Double] = [], dy: [Double] = []
    var rotate: [Double] = []
    /// `textLength` (user units), if given and not negative, and whether
    /// `lengthAdjust` is `spacingAndGlyphs` (glyphs stretched) rather than
    /// `spacing`.
    var textLength: Double?
    var stretchesGlyphs = false
}

/// A `<textPath>`'s resolved path and where its text starts along it.
struct SVGTextPathSource {
    var measure: SVGTextPathMeasure
    /// The distance along the path of the first character (user units).
    var startOffset: Double
}

/// Everything collected from a `<text>` subtree.
struct SVGTextCollection {
    var runs: [SVGTextRun] = []
    var positionings: [SVGTextPositioning] = []
    var paths: [SVGTextPathSource] = []
    /// The `<textPath>` being collected (`nil` outside one).
    var currentPath: Int?
    /// The text's `writing-mode` is vertical.
    var isVertical = false
}

extension SVGReader {
    /// Appends the runs of `element` (a `<text>`, `<tspan>`, `<a>` or
    /// `<textPath>` inside a text, whose style is `style`) to
    /// `collection`. Recursion depth is bounded by the XML nesting limit.
    mutating func collectRuns(
        of element: XMLElement, style: InheritedStyle,
        into collection: inout SVGTextCollection
    ) throws(SVGError) {
        var textIndex = 0
        // The element's embedding encloses its children's characters.
        var childStyle = style
        if style.unicodeBidi != .normal {
            childStyle.bidiEmbeddings.append(
                SVGBidiEmbedding(
                    unicodeBidi: style.unicodeBidi, isRightToLeft: style.isRightToLeft, element: element.offset))
        }
        for childIndex in 0...element.children.count {
            while textIndex < element.text.count, element.text[textIndex].index == childIndex {
                collection.runs.append(
                    SVGTextRun(
                        text: element.text[textIndex].value, style: style,
                        elementName: element.name, offset: element.offset,
                        path: collection.currentPath))
                textIndex += 1
            }
            guard childIndex < element.children.count else { break }
            let child = element.children[childIndex]
            switch Self.localName(child) {  // `svg:tspan` too; `x:tspan` is another namespace's
            case "tspan":
                try collectSpanRuns(of: child, kind: .textSpan, style: childStyle, into: &collection)
            case "a":
                try collectSpanRuns(of: child, kind: .anchor, style: childStyle, into: &collection)
            case "textPath" where collection.currentPath == nil:
                try collectSpanRuns(of: child, kind: .textPath, style: childStyle, into: &collection)
            case "tref":
                try collectSpanRuns(of: child, kind: .textReference, style: childStyle, into: &collection)
            default:
                // Metadata and other namespaces add nothing; anything else
                // (shapes, a textPath in a textPath) is not drawn, and said so.
                if SVGElementClass(name: child.name) == .skipped {
                    warnAboutStyleSheets(in: child)
                } else {
                    warn(.unsupportedElement, child, at: child.offset)
                }
            }
        }
    }

    /// The runs of a `<tspan>`, `<a>`, `<textPath>` or `<tref>` inside a
    /// text: its properties cascade; its positioning lists apply to its
    /// characters; `transform`, `opacity` and `clip-path` warn and are
    /// ignored.
    private mutating func collectSpanRuns(
        of span: XMLElement, kind: SVGElementKind, style: InheritedStyle,
        into collection: inout SVGTextCollection
    ) throws(SVGError) {
        let attributes = try sortAttributes(of: span, kind: kind)
        var spanStyle = style
        // alignment-baseline is each span's own (not inherited; so is
        // unicode-bidi, reset by the cascade).
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
        let first = collection.runs.count
        var slot: Int?
        if kind != .anchor {
            slot = collection.positionings.count
            var lists = try positioning(kind == .textPath ? [:] : attributes.geometry, span, runs: first..<first)
            readTextLength(attributes.geometry, span, into: &lists)
            collection.positionings.append(lists)
        }
        switch kind {
        case .textPath:
            guard let source = try textPathSource(span, attributes.geometry) else { return }
            collection.paths.append(source)
            collection.currentPath = collection.paths.count - 1
            defer { collection.currentPath = nil }
            try collectRuns(of: span, style: spanStyle, into: &collection)
        case .textReference:
            guard let link = attributes.geometry["href"] ?? attributes.geometry["xlink:href"],
                link.value.hasPrefix("#"), let target = elementsByID[String(link.value.dropFirst())]
            else { return }
            collection.runs.append(
                SVGTextRun(
                    text: Self.characterData(of: target), style: spanStyle,
                    elementName: span.name, offset: span.offset, path: collection.currentPath))
        default:
            try collectRuns(of: span, style: spanStyle, into: &collection)
        }
        if let slot { collection.positionings[slot].runs = first..<collection.runs.count }
    }

    /// The positioning lists of a `<text>` or `<tspan>` (empty where
    /// absent), covering `runs`.
    /// - Throws: `invalidNumber` (or `negativeValue`) at a bad length.
    mutating func positioning(
        _ geometry: [String: XMLAttribute], _ element: XMLElement, runs: Range<Int>
    )
        throws(SVGError) -> SVGTextPositioning
    {
        var result = SVGTextPositioning(runs: runs)
        result.x = try lengthList(geometry["x"], .horizontal, element)
        result.y = try lengthList(geometry["y"], .vertical, element)
        result.dx = try lengthList(geometry["dx"], .horizontal, element)
        result.dy = try lengthList(geometry["dy"], .vertical, element)
        if let rotate = geometry["rotate"] {
            var scanner = ValueScanner(rotate.value)
            if let angles = scanner.numberList() {
                result.rotate = angles
            } else {
                warn(.unsupportedValue(rotate.value), element, attribute: "rotate", at: rotate.valueOffset)
            }
        }
        return result
    }

    /// Reads `textLength` (a length; percentages of the viewport's width)
    /// and `lengthAdjust`; a negative or malformed length is ignored with
    /// a warning.
    mutating func readTextLength(
        _ geometry: [String: XMLAttribute], _ element: XMLElement,
        into lists: inout SVGTextPositioning
    ) {
        guard let attribute = geometry["textLength"] else { return }
        do throws(SVGError) {
            lists.textLength = try optionalLength(attribute, .horizontal, element, nonNegative: true)
        } catch {
            ignore(error, element, attribute: "textLength")
        }
        lists.stretchesGlyphs = geometry["lengthAdjust"]?.value == "spacingAndGlyphs"
    }

    /// All character data inside `element`, in document order (what a
    /// `<tref>` draws). Iterative; bounded by the text length limit.
    static func characterData(of element: XMLElement) -> String {
        var result = ""
        var stack: [(element: XMLElement, next: Int)] = [(element, 0)]
        while let (current, next) = stack.popLast(), result.utf8.count <= maximumTextLength * 4 {
            for text in current.text where text.index == next { result += text.value }
            if next < current.children.count {
                stack.append((current, next + 1))
                stack.append((current.children[next], 0))
            }
        }
        return result
    }

    /// The lengths of a text positioning attribute (a list of lengths
    /// separated by commas and/or whitespace); empty if absent.
    /// - Throws: `invalidNumber` (or `negativeValue`) at the bad entry.
    mutating func lengthList(
        _ attribute: XMLAttribute?, _ axis: LengthAxis, _ element: XMLElement
    )
        throws(SVGError) -> [Double]
    {
        guard let attribute else { return [] }
        let bytes = Array(attribute.value.utf8)
        var values: [Double] = []
        var start = 0
        while start < bytes.count, values.count <= Self.maximumTextLength {
            guard !Self.isListSeparator(bytes[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < bytes.count, !Self.isListSeparator(bytes[end]) { end += 1 }
            let item = String(decoding: bytes[start..<end], as: UTF8.self)
            values.append(
                try userLength(
                    item, name: attribute.name, offset: attribute.documentOffset(ofValueByte: start),
                    axis, element))
            start = end
        }
        return values
    }

    /// Comma or SVG whitespace.
    private static func isListSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || SVGColorParser.isSpace(byte)
    }
}
