// Resources: how a document's external data (the images of <image>, the
// fonts of <text>) gets loaded. HairlineSVG decodes no image formats and
// reads no files itself; the caller injects a loader, called at parse time
// with either the decoded bytes of a `data:` URI or the path as written,
// and the fonts that `font-family` names are looked up among (the bundled
// DejaVu Sans is the fallback, SVGFontResolver.swift).

import Hairline
import HairlineText

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
///
/// `<text>` is drawn in the first family of its `font-family` list that
/// one of `fonts` has (by `Font.familyName`, ignoring case), else in the
/// bundled DejaVu Sans:
///
/// ```swift
/// let loader = SVGResourceLoader(fonts: [try Font(contentsOfFile: "Inter-Regular.ttf"),
///                                        try Font(contentsOfFile: "Inter-Bold.ttf")])
/// ```
public struct SVGResourceLoader: Sendable {
    /// Returns the image at `source`, or throws any error; a throw makes
    /// the `<image>` a warning (`imageNotLoaded`) and it is not drawn.
    public var loadImage: @Sendable (SVGImageSource) throws -> Image
    /// The fonts `font-family` names are resolved among, in order of
    /// preference: the first family in a `font-family` list that matches
    /// a font's `familyName` (case-insensitively) is used, its face whose
    /// `isBold` matches the weight (600 and above is bold) if loaded, else
    /// its first face. Families none of them has fall back to the bundled
    /// DejaVu Sans (Bold), with a warning unless the list ends in a
    /// generic family. Empty by default.
    public var fonts: [Font]
    /// A font database that `font-family`, `font-weight`, `font-style`
    /// and `font-stretch` are matched in (CSS Fonts 4 §5.2), with
    /// per-character fallback through the rest of the family list and the
    /// database; when set, `fonts` are not used. Nil by default.
    public var fontDatabase: FontDatabase?
    /// Returns the bytes of the file at a path as written in an `href`,
    /// for `<image>`s that are SVG documents (a path ending in `.svg`),
    /// which are drawn as documents; `nil` (the default) draws such
    /// images only from `data:` URIs.
    public var loadData: (@Sendable (String) throws -> [UInt8])?

    /// Creates a loader of images, with no fonts of its own.
    /// - Parameter loadImage: returns the image at a source, or throws.
    public init(loadImage: @escaping @Sendable (SVGImageSource) throws -> Image) {
        self.init(loadImage: loadImage, fonts: [])
    }

    /// Creates a loader of images and fonts.
    /// - Parameters:
    ///   - loadImage: returns the image at a source, or throws.
    ///   - fonts: the fonts `font-family` names are resolved among (see
    ///     `fonts`).
    public init(loadImage: @escaping @Sendable (SVGImageSource) throws -> Image, fonts: [Font]) {
        self.loadImage = loadImage
        self.fonts = fonts
    }

    /// Creates a loader of images, SVG image files and fonts.
    /// - Parameters:
    ///   - loadImage: returns the image at a source, or throws.
    ///   - loadData: returns the bytes of an SVG image file (see `loadData`).
    ///   - fonts: the fonts `font-family` names are resolved among.
    public init(
        loadImage: @escaping @Sendable (SVGImageSource) throws -> Image,
        loadData: @escaping @Sendable (String) throws -> [UInt8], fonts: [Font] = []
    ) {
        self.loadImage = loadImage
        self.loadData = loadData
        self.fonts = fonts
    }

    /// Creates a loader that provides fonts and no images (every image
    /// throws `SVGResourceError.noImageLoader`).
    /// - Parameter fonts: the fonts `font-family` names are resolved among.
    public init(fonts: [Font]) {
        self.init(loadImage: { _ in throw SVGResourceError.noImageLoader }, fonts: fonts)
    }

    /// Loads nothing: every image throws `SVGResourceError.noImageLoader`,
    /// and text is drawn in the bundled fonts.
    public static let none = SVGResourceLoader(fonts: [])
}
