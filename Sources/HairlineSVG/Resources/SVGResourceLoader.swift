// Resources: how a document's external data (the images of <image>) gets
// loaded. HairlineSVG decodes no image formats and reads no files itself
// (it depends on Hairline only); the caller injects a loader, called at
// parse time with either the decoded bytes of a `data:` URI or the path
// as written.

import Hairline

/// Loads the external resources of a document while it is read.
///
/// ```swift
/// let loader = SVGResourceLoader { source in
///     switch source {
///     case .data(let bytes, _): return try PNGDecoder.decode(bytes)
///     case .file(let path): return try PNGDecoder.decode(readFile(base + "/" + path))
///     }
/// }
/// let document = try SVGDocument(parsing: text, loader: loader)
/// ```
public struct SVGResourceLoader: Sendable {
    /// Returns the image at `source`, or throws any error; a throw makes
    /// the `<image>` a warning (`imageNotLoaded`) and it is not drawn.
    public var loadImage: @Sendable (SVGImageSource) throws -> Image

    /// Creates a loader.
    /// - Parameter loadImage: returns the image at a source, or throws.
    public init(loadImage: @escaping @Sendable (SVGImageSource) throws -> Image) {
        self.loadImage = loadImage
    }

    /// Loads nothing: every image throws `SVGResourceError.noImageLoader`.
    public static let none = SVGResourceLoader { _ in throw SVGResourceError.noImageLoader }
}
