// Document: <image>. x, y, width, height, preserveAspectRatio and an href
// (a `data:…;base64,` URI decoded here, or a path) -> the loaded Image and
// the rectangle it is drawn into (SVG 1.1 §5.7, SVG 2 auto sizing). Bad
// base64 throws at the bad byte (the document is malformed); a loader
// failure warns and skips the image (the document is fine, the resource
// is not, as a browser shows a page without a broken image).

import Hairline
import HairlinePNG

extension SVGReader {
    /// The content of an `<image>`, or `nil` if it draws nothing (no
    /// href, a zero size, or an image that could not be loaded, warned).
    /// - Throws: `SVGError` for malformed lengths, `preserveAspectRatio` or
    ///   base64 data.
    mutating func imageContent(_ g: [String: XMLAttribute], _ element: XMLElement) throws(SVGError) -> SVGNode.Content?
    {
        guard let href = g["href"] ?? g["xlink:href"] else { return nil }
        let source = try imageSource(href)
        if let bytes = svgImageBytes(source, href, element) {
            return try svgImageContent(bytes, g, href, element)
        }
        let image: Image
        do {
            image = try loader.loadImage(source)
        } catch {
            warn(.imageNotLoaded("\(error)"), element, attribute: href.name, at: href.valueOffset)
            return nil
        }
        let x = try length(g["x"], .horizontal, element), y = try length(g["y"], .vertical, element)
        // SVG 2 (CSS sizing): a missing (or `auto`) width or height follows
        // the other through the image's aspect ratio; both missing, the
        // image's own size.
        func side(_ name: String, _ axis: LengthAxis) throws(SVGError) -> Double? {
            guard let attribute = g[name], SVGColorParser.trimWhitespace(attribute.value) != "auto" else { return nil }
            return try length(attribute, axis, element, nonNegative: true)
        }
        let ownWidth = Double(image.width), ownHeight = Double(image.height)
        let givenWidth = try side("width", .horizontal), givenHeight = try side("height", .vertical)
        let width = givenWidth ?? givenHeight.map { $0 * ownWidth / ownHeight } ?? ownWidth
        let height = givenHeight ?? givenWidth.map { $0 * ownHeight / ownWidth } ?? ownHeight
        guard width > 0, height > 0 else { return nil }
        let viewport = Rect(x: x, y: y, width: width, height: height)
        let aspect = aspectRatio(g["preserveAspectRatio"], of: element)
        let fit = aspect.transform(
            mapping: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
            into: viewport.size)
        let destination = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)).applying(fit)
            .offsetBy(dx: x, dy: y)
        let overflows =
            destination.minX < viewport.minX || destination.minY < viewport.minY
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
            throw SVGError(
                .invalidValue(attribute: href.name, value: summary), at: href.documentOffset(ofValueByte: leading))
        }
        let header = String(decoding: text[(text.startIndex + prefix.count)..<comma], as: UTF8.self)
        var parameters = header.split(separator: ";").map { SVGColorParser.trimWhitespace(String($0)) }
        guard parameters.last?.lowercased() == "base64" else {
            // Percent-encoded data URIs are legal but not used for images in practice.
            throw SVGError(
                .invalidValue(attribute: href.name, value: summary), at: href.documentOffset(ofValueByte: leading))
        }
        parameters.removeLast()
        let mediaType = parameters.first.map { $0.contains("=") ? "" : $0.lowercased() } ?? ""
        do throws(SVGBase64Error) {
            return .data(bytes: try SVGBase64.decode(text[(comma + 1)...]), mediaType: mediaType)
        } catch {
            throw SVGError(
                .invalidValue(attribute: href.name, value: summary),
                at: href.documentOffset(ofValueByte: comma + 1 + error.offset))
        }
    }

    /// The bytes of an image source that is an SVG document: a `data:`
    /// URI of type `image/svg+xml` (or untyped, starting with `<`), or a
    /// `.svg` path the loader reads; `nil` for anything else.
    mutating func svgImageBytes(_ source: SVGImageSource, _ href: XMLAttribute, _ element: XMLElement) -> [UInt8]? {
        switch source {
        case .data(let bytes, let mediaType):
            if mediaType == "image/svg+xml" { return gunzipped(bytes, href, element) }
            if mediaType.isEmpty, GzipStream.hasMagic(bytes) { return gunzipped(bytes, href, element) }
            let first = bytes.first { !SVGColorParser.isSpace($0) && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
            return mediaType.isEmpty && first == UInt8(ascii: "<") ? bytes : nil
        case .file(let path):
            let lower = path.lowercased()
            guard lower.hasSuffix(".svg") || lower.hasSuffix(".svgz"), let loadData = loader.loadData else {
                return nil
            }
            do {
                return gunzipped(try loadData(path), href, element)
            } catch {
                warn(.imageNotLoaded("\(error)"), element, attribute: href.name, at: href.valueOffset)
                return []
            }
        }
    }

    /// The most bytes a gzip-compressed SVG image (`.svgz`) may inflate
    /// to: far above real drawings, and a bound on a decompression bomb.
    static let maximumSVGZSize = 1 << 24

    /// `bytes` inflated if they are gzip (`.svgz`), else as they are;
    /// empty (warned) if the gzip stream is bad.
    mutating func gunzipped(_ bytes: [UInt8], _ href: XMLAttribute, _ element: XMLElement) -> [UInt8] {
        guard GzipStream.hasMagic(bytes) else { return bytes }
        do {
            return try GzipStream.decompress(bytes, maximumOutputSize: Self.maximumSVGZSize)
        } catch {
            warn(.imageNotLoaded("\(error)"), element, attribute: href.name, at: href.valueOffset)
            return []
        }
    }

    /// An `<image>` that is an SVG document: the document read (loading
    /// only `data:` images, as SVG 2 §5.8.2 allows an image no external
    /// resources) and drawn into the image's viewport per
    /// `preserveAspectRatio`, clipped to it.
    mutating func svgImageContent(
        _ bytes: [UInt8], _ g: [String: XMLAttribute], _ href: XMLAttribute,
        _ element: XMLElement
    ) throws(SVGError) -> SVGNode.Content? {
        guard !bytes.isEmpty else { return nil }
        let outer = loader
        let nestedLoader = SVGResourceLoader(
            loadImage: { source in
                guard case .data = source else { throw SVGResourceError.noImageLoader }
                return try outer.loadImage(source)
            }, fonts: outer.fonts)
        let document: SVGDocument
        do throws(SVGError) {
            document = try SVGDocument(parsingUTF8: bytes, loader: nestedLoader)
        } catch {
            warn(.imageNotLoaded("\(error)"), element, attribute: href.name, at: href.valueOffset)
            return nil
        }
        let x = try length(g["x"], .horizontal, element), y = try length(g["y"], .vertical, element)
        func side(_ name: String, _ axis: LengthAxis, _ intrinsic: Double) throws(SVGError) -> Double {
            guard let attribute = g[name], SVGColorParser.trimWhitespace(attribute.value) != "auto" else {
                return intrinsic
            }
            return try length(attribute, axis, element, nonNegative: true)
        }
        var width = try side("width", .horizontal, document.width),
            height = try side("height", .vertical, document.height)
        // One side given: the other keeps the document's aspect ratio.
        if g["width"] != nil, g["height"] == nil, document.width > 0 {
            height = width * document.height / document.width
        }
        if g["height"] != nil, g["width"] == nil, document.height > 0 {
            width = height * document.width / document.height
        }
        guard width > 0, height > 0, document.width > 0, document.height > 0 else { return nil }
        let aspect = aspectRatio(g["preserveAspectRatio"], of: element)
        let documentRect = Rect(x: 0, y: 0, width: document.width, height: document.height)
        let fit = aspect.transform(mapping: documentRect, into: Size(width: width, height: height))
            .concatenating(AffineTransform(translationX: x, y: y))
        var root = document.root
        root.transform = root.transform.concatenating(fit)
        let viewport = Rect(x: x, y: y, width: width, height: height)
        let clipRect = documentRect.applying(fit).intersection(viewport) ?? Rect(x: x, y: y, width: 0, height: 0)
        var clipPath = Path()
        clipPath.addRect(clipRect)
        for warning in document.warnings {
            warnings.append(
                SVGWarning(warning.kind, element: warning.element, attribute: warning.attribute, at: href.valueOffset))
        }
        return .group([
            SVGNode(
                elementName: element.name, offset: element.offset, content: .group([root]),
                clip: SVGClip(path: clipPath, rule: .nonZero))
        ])
    }

    /// How much of a long `data:` URI an error message quotes.
    static let summaryLength = 40
}
