// Document: basic shapes -> Paths in the element's user space (SVG 2
// §10 "Basic Shapes", §9 path data): rect with SVG 2's auto rx/ry, circle,
// ellipse, line, polyline, polygon and path. Lengths may carry CSS units or
// percentages of the nearest viewport. Zero sizes draw nothing; negative
// sizes and malformed numbers are ignored with a warning at the value (a
// negative rx/ry is auto, a negative r or size draws nothing), path data is
// drawn up to its first error and an odd points list drops its last number.

import Hairline

/// Which viewport side a percentage length is relative to.
enum LengthAxis {
    case horizontal, vertical
    /// Radii: the viewport's diagonal / √2 (SVG 1.1 §7.10).
    case other
}

extension SVGReader {
    /// The element's path, or `nil` if its geometry draws nothing (a zero
    /// size, an empty `d` or `points`).
    mutating func shapePath(
        _ kind: SVGElementKind, _ g: [String: XMLAttribute], _ element: XMLElement
    )
        throws(SVGError) -> Path?
    {
        var path = Path()
        switch kind {
        case .rect:
            let x = try length(g["x"], .horizontal, element), y = try length(g["y"], .vertical, element)
            let width = try length(g["width"], .horizontal, element, nonNegative: true)
            let height = try length(g["height"], .vertical, element, nonNegative: true)
            guard width > 0, height > 0 else { return nil }
            // SVG 2 §10.2: a missing radius takes the other's value; each
            // is clamped to half its side.
            let rxGiven = try optionalLength(g["rx"], .horizontal, element, nonNegative: true)
            let ryGiven = try optionalLength(g["ry"], .vertical, element, nonNegative: true)
            let rx = min(rxGiven ?? ryGiven ?? 0, width / 2), ry = min(ryGiven ?? rxGiven ?? 0, height / 2)
            let rect = Rect(x: x, y: y, width: width, height: height)
            if rx > 0, ry > 0 {
                let r = Size(width: rx, height: ry)
                path.addRoundedRect(
                    in: rect, cornerRadii: CornerRadii(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r))
            } else {
                path.addRect(rect)
            }
        case .circle:
            let cx = try length(g["cx"], .horizontal, element), cy = try length(g["cy"], .vertical, element)
            let r = try length(g["r"], .other, element, nonNegative: true)
            guard r > 0 else { return nil }
            path.addEllipse(in: Rect(x: cx - r, y: cy - r, width: 2 * r, height: 2 * r))
        case .ellipse:
            let cx = try length(g["cx"], .horizontal, element), cy = try length(g["cy"], .vertical, element)
            let rxGiven = try optionalLength(g["rx"], .horizontal, element, nonNegative: true)
            let ryGiven = try optionalLength(g["ry"], .vertical, element, nonNegative: true)
            let rx = rxGiven ?? ryGiven ?? 0, ry = ryGiven ?? rxGiven ?? 0
            guard rx > 0, ry > 0 else { return nil }
            path.addEllipse(in: Rect(x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry))
        case .line:
            path.move(
                to: Point(x: try length(g["x1"], .horizontal, element), y: try length(g["y1"], .vertical, element)))
            path.addLine(
                to: Point(x: try length(g["x2"], .horizontal, element), y: try length(g["y2"], .vertical, element)))
        case .polyline, .polygon:
            guard let attribute = g["points"] else { return nil }
            let points = pointList(attribute, element)
            guard let first = points.first else { return nil }
            path.move(to: first)
            for point in points.dropFirst() { path.addLine(to: point) }
            if kind == .polygon { path.closeSubpath() }
        case .path:
            guard let attribute = g["d"] else { return nil }
            do throws(SVGPathError) {
                path = try Path(svgPathData: attribute.value)
            } catch {
                ignore(
                    SVGError(.invalidPathData(error), at: attribute.documentOffset(ofValueByte: error.byteOffset)),
                    element, attribute: "d")
                path = Self.pathPrefix(attribute.value, before: error.byteOffset)
            }
            if path.isEmpty { return nil }
        case .svg, .group, .anchor, .image, .text, .textSpan, .textPath, .textReference, .use, .switchGroup, .symbol:
            return nil
        }
        return path
    }

    /// The `points` attribute: pairs of numbers separated by comma-wsp.
    /// As SVG 2 §10.8 says, a list in error draws the points up to the
    /// error, and an odd last coordinate is dropped (each with a warning).
    mutating func pointList(_ attribute: XMLAttribute, _ element: XMLElement) -> [Point] {
        var scanner = ValueScanner(attribute.value)
        var numbers: [Double] = []
        scanner.skipWhitespace()
        while !scanner.isAtEnd, let value = scanner.number() {
            numbers.append(value)
            scanner.skipSeparator()
        }
        if !scanner.isAtEnd {
            ignore(
                SVGError(
                    .invalidValue(attribute: attribute.name, value: attribute.value),
                    at: attribute.documentOffset(ofValueByte: scanner.position)), element, attribute: attribute.name)
        } else if !numbers.count.isMultiple(of: 2) {
            ignore(
                SVGError(
                    .invalidValue(attribute: attribute.name, value: attribute.value),
                    at: attribute.documentOffset(ofValueByte: attribute.value.utf8.count)), element,
                attribute: attribute.name)
        }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { Point(x: numbers[$0], y: numbers[$0 + 1]) }
    }

    /// How many shorter prefixes `pathPrefix` tries before giving up: a
    /// path in error is rarely more than a few tokens from a valid prefix.
    static let maxPathPrefixAttempts = 64

    /// The path of the longest prefix of `data` that parses, ending at a
    /// token boundary at or before byte `errorOffset` (SVG 2 §9.5.4: a
    /// path is rendered up to the segment in error). Empty if none does.
    /// Complexity: O(n) per attempt, at most `maxPathPrefixAttempts`.
    static func pathPrefix(_ data: String, before errorOffset: Int) -> Path {
        let bytes = Array(data.utf8)
        var end = min(errorOffset, bytes.count)
        func isSeparator(_ b: UInt8) -> Bool { SVGColorParser.isSpace(b) || b == UInt8(ascii: ",") }
        func isCommand(_ b: UInt8) -> Bool {
            let lower = b | 0x20
            return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z") && lower != UInt8(ascii: "e")
        }
        for _ in 0..<maxPathPrefixAttempts {
            while end > 0, isSeparator(bytes[end - 1]) { end -= 1 }
            guard end > 0 else { break }
            if let path = try? Path(svgPathData: String(decoding: bytes[..<end], as: UTF8.self)) { return path }
            // Back off one token: a command letter, or a number.
            if isCommand(bytes[end - 1]) {
                end -= 1
            } else {
                while end > 0, !isSeparator(bytes[end - 1]), !isCommand(bytes[end - 1]) { end -= 1 }
            }
        }
        return Path()
    }

    /// The root viewport side (user units) a `vw`, `vh`, `vmin` or `vmax`
    /// length is a percentage of; `nil` for other units.
    func rootViewportSide(_ unit: SVGLength.Unit) -> Double? {
        switch unit {
        case .vw: return rootViewport.width
        case .vh: return rootViewport.height
        case .vmin: return min(rootViewport.width, rootViewport.height)
        case .vmax: return max(rootViewport.width, rootViewport.height)
        default: return nil
        }
    }

    /// A length attribute in user units, `fallback` if absent.
    mutating func length(
        _ attribute: XMLAttribute?, _ axis: LengthAxis, _ element: XMLElement,
        default fallback: Double = 0, nonNegative: Bool = false
    ) throws(SVGError) -> Double {
        try optionalLength(attribute, axis, element, nonNegative: nonNegative) ?? fallback
    }

    /// A length attribute in user units, `nil` if absent. Absolute units
    /// convert as CSS does (1in = 96 user units); percentages use the
    /// nearest viewport; `em` the element's font size, `rem` the root's;
    /// `ex` warns and is half an em.
    mutating func optionalLength(
        _ attribute: XMLAttribute?, _ axis: LengthAxis, _ element: XMLElement,
        nonNegative: Bool = false
    ) throws(SVGError) -> Double? {
        guard let attribute else { return nil }
        do throws(SVGError) {
            return try userLength(
                attribute.value, name: attribute.name, offset: attribute.valueOffset, axis, element,
                nonNegative: nonNegative)
        } catch {
            // SVG 2: an invalid or out-of-range value is ignored as if absent.
            ignore(error, element, attribute: attribute.name)
            return nil
        }
    }

    /// A length value (`text`, of attribute or property `name` at document
    /// byte `offset`) in user units: absolute units convert as CSS does,
    /// percentages use the nearest viewport, `em` the current element's
    /// font size (`fontSize`), `rem` the root element's; `ex` warns and
    /// is half an em (the x-height would need the font).
    mutating func userLength(
        _ text: String, name: String, offset: Int, _ axis: LengthAxis, _ element: XMLElement,
        nonNegative: Bool = false
    ) throws(SVGError) -> Double {
        guard let length = ValueScanner.length(text) else {
            throw SVGError(.invalidNumber(attribute: name, value: text), at: offset)
        }
        var value: Double
        if let factor = length.userUnitsPerUnit {
            value = length.value * factor
        } else if length.unit == .percent {
            let reference: Double
            switch axis {
            case .horizontal: reference = viewport.width
            case .vertical: reference = viewport.height
            case .other:
                reference = ((viewport.width * viewport.width + viewport.height * viewport.height) / 2).squareRoot()
            }
            value = length.value / 100 * reference
        } else if length.unit == .em {
            value = length.value * fontSize
        } else if length.unit == .rem {
            value = length.value * rootFontSize
        } else if length.unit == .ch {
            value = length.value * fontSize * Self.assumedZeroAdvanceRatio
        } else if let side = rootViewportSide(length.unit) {
            value = length.value / 100 * side
        } else {
            warn(.unsupportedValue(text), element, attribute: name, at: offset)
            value = length.value * fontSize * Self.assumedXHeightRatio
        }
        guard value.isFinite else {
            throw SVGError(.invalidNumber(attribute: name, value: text), at: offset)
        }
        if nonNegative, value < 0 {
            throw SVGError(.negativeValue(attribute: name, value: text), at: offset)
        }
        return value
    }
}
