// Document: <image>. x, y, width, height, preserveAspectRatio and an href
// (a `data:…;base64,` URI decoded here, or a path) -> the loaded Image and
// the rectangle it is drawn into (SVG 1.1 §5.7, SVG 2 auto sizing). Bad
// base64 throws at the bad byte (the document is malformed); a loader
// failure warns and skips the image (the document is fine, the resource
// is not, as a browser shows a page without a broken image).

import Hairline

extension SVGReader {
    /// The content of an `<image>`, or `nil` if it draws nothing (no
    /// href, a zero size, or an image that could not be loaded, warned).
    /// - Throws: `SVGError` for malformed lengths, `preserveAspectRatio` or
    ///   base64 data.
    mutating func imageContent(_ g: [String: XMLAttribute], _ element: XMLElement) throws(SVGError) -> SVGNode.Content? {
        guard let href = g["href"] ?? g["xlink:href"] else { return nil }
        let source = try imageSource(href)
        let image: Image
        do {
            image = try loader.loadImage(source)
        } catch {
            warn(.imageNotLoaded("\(error)"), element, attribute: href.name, at: href.valueOffset)
            return nil
        }
        let x = try length(g["x"], .horizontal, element), y = try length(g["y"], .vertical, element)
        // SVG 2: a missing (or `auto`) width or height is the image's own size.
        func side(_ name: String, _ axis: LengthAxis, _ intrinsic: Int) throws(SVGError) -> Double {
            guard let attribute = g[name], SVGColorParser.trimWhitespace(attribute.value) != "auto" else {
                return Double(intrinsic)
            }
            return try length(attribute, axis, element, nonNegative: true)
        }
        let width = try side("width", .horizontal, image.width), height = try side("height", .vertical, image.height)
        guard width > 0, height > 0 else { return nil }
        let viewport = Rect(x: x, y: y, width: width, height: height)
        let aspect = aspectRatio(g["preserveAspectRatio"], of: element)
        let fit = aspect.transform(mapping: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                                   into: viewport.size)
        let destination = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)).applying(fit)
            .offsetBy(dx: x, dy: y)
        let overflows = destination.minX < viewport.minX || destination.minY < viewport.minY
            || destination.maxX > viewport.maxX || destination.maxY > viewport.maxY
        return .image(image, destination: destination, clip: overflows ? viewport : nil)
    }

    /// An href as an image source: `data:[type][;base64],data` decoded
    /// (base64 only), anything else a path.
    /// - Throws: `invalidValue` at the first bad base64 byte, or at the
    ///   URI for a `data:` URI that is not base64.
    func imageSource(_ href: XMLAttribute) throws(SVGError) -> SVGImageSource {
        let bytes = Array(href.value.utf8)
        let leading = bytes.prefix { SVGColorParser.isSpace($0) }.count
        let text = bytes[leading...]
        let prefix = Array("data:".utf8)
        guard text.count >= prefix.count, zip(text.prefix(prefix.count), prefix).allSatisfy({ $0 | 0x20 == $1 }) else {
            return .file(path: SVGColorParser.trimWhitespace(href.value))
        }
        let summary = String(decoding: text.prefix(Self.summaryLength), as: UTF8.self) + "…"
        guard let comma = text.firstIndex(of: UInt8(ascii: ",")) else {
            throw SVGError(.invalidValue(attribute: href.name, value: summary), at: href.documentOffset(ofValueByte: leading))
        }
        let header = String(decoding: text[(text.startIndex + prefix.count)..<comma], as: UTF8.self)
        var parameters = header.split(separator: ";").map { SVGColorParser.trimWhitespace(String($0)) }
        guard parameters.last?.lowercased() == "base64" else {
            // Percent-encoded data URIs are legal but not used for images in practice.
            throw SVGError(.invalidValue(attribute: href.name, value: summary), at: href.documentOffset(ofValueByte: leading))
        }
        parameters.removeLast()
        let mediaType = parameters.first.map { $0.contains("=") ? "" : $0.lowercased() } ?? ""
        do throws(SVGBase64Error) {
            return .data(bytes: try SVGBase64.decode(text[(comma + 1)...]), mediaType: mediaType)
        } catch {
            throw SVGError(.invalidValue(attribute: href.name, value: summary),
                           at: href.documentOffset(ofValueByte: comma + 1 + error.offset))
        }
    }

    /// How much of a long `data:` URI an error message quotes.
    static let summaryLength = 40
}
