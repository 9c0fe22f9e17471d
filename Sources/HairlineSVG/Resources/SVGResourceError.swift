// Resources: why the default loader (`SVGResourceLoader.none`) provides no
// image. A loader may throw any error; the reader turns it into a warning
// and skips the image.

import Hairline

/// Why the default loader loads nothing.
public enum SVGResourceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The document was read without an image loader.
    case noImageLoader

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .noImageLoader: return "no image loader (pass one to SVGDocument(parsing:loader:))"
        }
    }
}
