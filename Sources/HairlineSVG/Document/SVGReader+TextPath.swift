// Document: a <textPath> -> the path its characters follow, in the text's
// user space, measured (SVGTextPathMeasure.swift), and the distance along
// it where the text starts. The path is the shape `href` names (a <path>
// or a basic shape) with that element's own `transform`; `startOffset` is a length or a percentage of the path's length. A
// missing or unusable path draws none of the textPath's characters.

import Hairline

extension SVGReader {
    /// The path and start of a `<textPath>`; `nil` (with a warning) if it
    /// has no usable path.
    mutating func textPathSource(
        _ element: XMLElement, _ geometry: [String: XMLAttribute]
    )
        throws(SVGError) -> SVGTextPathSource?
    {
        // SVG 2's `path` attribute is not read, as resvg does not read it.
        var path: Path?
        if let link = geometry["href"] ?? geometry["xlink:href"], link.value.hasPrefix("#"),
            let target = elementsByID[String(link.value.dropFirst())]
        {
            path = try referencedShapePath(target)
        }
        guard let path else {
            warn(.unsupportedElement, element, at: element.offset)
            return nil
        }
        // `side` and `method` are read as resvg reads them: not at all
        // (the text keeps the path's direction and upright glyphs).
        let measure = SVGTextPathMeasure(path)
        var startOffset = 0.0
        if let offset = geometry["startOffset"] {
            let text = SVGColorParser.trimWhitespace(offset.value)
            if text.hasSuffix("%"), let percent = Double(text.dropLast()), percent.isFinite {
                startOffset = percent / 100 * measure.length
            } else {
                startOffset =
                    (try? userLength(
                        String(text), name: "startOffset", offset: offset.valueOffset,
                        .horizontal, element)) ?? 0
            }
        }
        return SVGTextPathSource(measure: measure, startOffset: startOffset)
    }

    /// The outline of a `<path>` or basic shape, mapped by its own
    /// `transform`; `nil` for other elements or an empty shape.
    private mutating func referencedShapePath(_ target: XMLElement) throws(SVGError) -> Path? {
        guard case .drawable(let kind) = SVGElementClass(name: target.name) else { return nil }
        switch kind {
        case .path, .rect, .circle, .ellipse, .line, .polyline, .polygon: break
        default: return nil
        }
        let attributes = try sortAttributes(of: target, kind: kind, quiet: true)
        guard let path = try? shapePath(kind, attributes.geometry, target) else { return nil }
        if let transform = attributes.transform, let matrix = try? SVGTransformParser.parse(transform.value) {
            return path.applying(matrix)
        }
        return path
    }
}
