// Document: viewports. The outermost <svg>'s width, height, viewBox and
// preserveAspectRatio -> the document size in points and the transform
// from viewBox units to it (SVG 1.1 §7.7-7.8; default xMidYMid meet);
// nested <svg> elements -> their placement transform. Hairline draws no
// clip, so content outside a nested viewport is not cut off (a warning).

import Hairline

/// How a viewBox is fitted into a viewport (`preserveAspectRatio`).
struct SVGAspectRatio: Hashable, Sendable {
    /// Where the viewBox sits along one axis when it does not fill it.
    enum Alignment: Hashable, Sendable { case min, mid, max }
    /// The alignment on both axes.
    struct Align: Hashable, Sendable {
        var x: Alignment
        var y: Alignment
    }
    /// The alignment, or `nil` for `none` (stretch to fill).
    var alignment: Align?
    /// `slice` (cover the viewport, overflowing it) instead of `meet`
    /// (fit inside it).
    var isSlice: Bool

    /// SVG's default, `xMidYMid meet`.
    static let `default` = SVGAspectRatio(alignment: Align(x: .mid, y: .mid), isSlice: false)

    /// The transform that maps `viewBox` (user units) into a viewport of
    /// `size` at the origin (SVG 1.1 §7.8). A viewBox with a zero side maps
    /// everything to nothing (scale 0), as SVG disables rendering then.
    func transform(mapping viewBox: Rect, into size: Size) -> AffineTransform {
        guard viewBox.width > 0, viewBox.height > 0 else { return AffineTransform(scaleX: 0, y: 0) }
        var sx = size.width / viewBox.width, sy = size.height / viewBox.height
        var tx = 0.0, ty = 0.0
        if let alignment {
            let s = isSlice ? max(sx, sy) : min(sx, sy)
            sx = s
            sy = s
            func offset(_ alignment: Alignment, _ extra: Double) -> Double {
                switch alignment {
                case .min: return 0
                case .mid: return extra / 2
                case .max: return extra
                }
            }
            tx = offset(alignment.x, size.width - viewBox.width * s)
            ty = offset(alignment.y, size.height - viewBox.height * s)
        }
        return AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx - viewBox.minX * sx, ty: ty - viewBox.minY * sy)
    }

    /// Parses `[defer] <align> [meet | slice]`; `nil` if malformed.
    static func parse(_ text: String) -> SVGAspectRatio? {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        if words.first == "defer" { words.removeFirst() }
        guard let align = words.first, words.count <= 2 else { return nil }
        var isSlice = false
        if words.count == 2 {
            switch words[1] {
            case "meet": isSlice = false
            case "slice": isSlice = true
            default: return nil
            }
        }
        if align == "none" { return SVGAspectRatio(alignment: nil, isSlice: isSlice) }
        let names: [Substring: Alignment] = ["Min": .min, "Mid": .mid, "Max": .max]
        guard align.count == 8, align.hasPrefix("x"), align.dropFirst(4).hasPrefix("Y"),
            let x = names[align.dropFirst(1).prefix(3)], let y = names[align.dropFirst(5)]
        else { return nil }
        return SVGAspectRatio(alignment: Align(x: x, y: y), isSlice: isSlice)
    }
}

extension SVGReader {
    /// The CSS default size of a replaced element, used when a document
    /// gives neither a usable width/height nor a viewBox.
    static let defaultSize = Size(width: 300, height: 150)

    /// The outermost <svg>'s size in points, its viewBox, and the viewBox
    /// mapping. Width and height in plain numbers, `px` or `pt` are points
    /// (1 unit = 1 pt); other units warn and fall back to the viewBox.
    mutating func rootViewport(
        _ element: XMLElement, _ geometry: [String: XMLAttribute]
    )
        throws(SVGError) -> (size: Size, viewBox: Rect?, mapping: AffineTransform)
    {
        let width = try rootLength(geometry["width"], element)
        let height = try rootLength(geometry["height"], element)
        let viewBox = self.viewBox(geometry["viewBox"], of: element)
        let aspect = aspectRatio(geometry["preserveAspectRatio"], of: element)
        var size: Size
        if let box = viewBox, box.width > 0, box.height > 0 {
            size = Size(
                width: width ?? height.map { $0 * box.width / box.height } ?? box.width,
                height: height ?? width.map { $0 * box.height / box.width } ?? box.height)
        } else {
            if width == nil || height == nil, viewBox == nil {
                warn(.defaultSize, element, at: element.offset)
            }
            size = Size(width: width ?? Self.defaultSize.width, height: height ?? Self.defaultSize.height)
        }
        if !(size.width.isFinite && size.height.isFinite) { size = .zero }
        let mapping = viewBox.map { aspect.transform(mapping: $0, into: size) } ?? .identity
        return (size, viewBox, mapping)
    }

    /// A root width or height in points, `nil` if absent or in a unit
    /// that has no fixed size in points (with a warning).
    mutating func rootLength(_ attribute: XMLAttribute?, _ element: XMLElement) throws(SVGError) -> Double? {
        guard let attribute else { return nil }
        guard let length = ValueScanner.length(attribute.value), length.value.isFinite else {
            ignore(
                SVGError(.invalidNumber(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return nil
        }
        guard length.value >= 0 else {
            throw SVGError(.negativeValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset)
        }
        switch length.unit {
        case .none, .px, .pt:
            return length.value
        default:
            warn(.unsupportedValue(attribute.value), element, attribute: attribute.name, at: attribute.valueOffset)
            return nil
        }
    }

    /// Parses `viewBox="min-x min-y width height"`; a malformed one or a
    /// negative size warns and is ignored (`nil`).
    mutating func viewBox(_ attribute: XMLAttribute?, of element: XMLElement) -> Rect? {
        guard let attribute else { return nil }
        var scanner = ValueScanner(attribute.value)
        guard let numbers = scanner.numberList(), numbers.count == 4 else {
            ignore(
                SVGError(
                    .invalidValue(attribute: "viewBox", value: attribute.value),
                    at: attribute.documentOffset(ofValueByte: scanner.position)), element, attribute: "viewBox")
            return nil
        }
        guard numbers[2] >= 0, numbers[3] >= 0 else {
            ignore(
                SVGError(.negativeValue(attribute: "viewBox", value: attribute.value), at: attribute.valueOffset),
                element, attribute: "viewBox")
            return nil
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// Parses `preserveAspectRatio`; a malformed one warns and is ignored.
    mutating func aspectRatio(_ attribute: XMLAttribute?, of element: XMLElement) -> SVGAspectRatio {
        guard let attribute else { return .default }
        guard let aspect = SVGAspectRatio.parse(attribute.value) else {
            ignore(
                SVGError(.invalidValue(attribute: attribute.name, value: attribute.value), at: attribute.valueOffset),
                element, attribute: attribute.name)
            return .default
        }
        return aspect
    }

    /// A nested <svg>: the translation to its viewport (`x`, `y`), the
    /// mapping of its viewBox into the viewport (`width`, `height`, default
    /// 100%), the user-space size its children resolve percentages
    /// against, and the viewport rectangle it clips to (after the
    /// translation). A `<use>` referencing the `<svg>` overrides its width
    /// and height.
    mutating func nestedViewport(
        _ element: XMLElement, _ geometry: [String: XMLAttribute]
    )
        throws(SVGError) -> (placement: AffineTransform, mapping: AffineTransform, viewport: (size: Size, rect: Rect))
    {
        let x = try length(geometry["x"], .horizontal, element)
        let y = try length(geometry["y"], .vertical, element)
        let override = useSize
        useSize = nil
        let width = try length(
            override?.width ?? geometry["width"], .horizontal, element, default: viewport.width,
            nonNegative: true)
        let height = try length(
            override?.height ?? geometry["height"], .vertical, element, default: viewport.height,
            nonNegative: true)
        let viewBox = self.viewBox(geometry["viewBox"], of: element)
        let aspect = aspectRatio(geometry["preserveAspectRatio"], of: element)
        let size = Size(width: width, height: height)
        let mapping = viewBox.map { aspect.transform(mapping: $0, into: size) } ?? .identity
        return (
            AffineTransform(translationX: x, y: y), mapping,
            (viewBox?.size ?? size, Rect(x: 0, y: 0, width: width, height: height))
        )
    }
}
