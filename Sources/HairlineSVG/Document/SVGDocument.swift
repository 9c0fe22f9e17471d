// Document: the public entry point. SVG text -> XML tree (XMLTreeBuilder)
// -> drawable tree (SVGReader) -> fill commands -> Canvas. Errors and
// warnings leave here located (byte offset, line, column). Spaces: the
// document's viewport space is the canvas's user space, 1 unit = 1 point.

import Hairline

/// An SVG document read from text: its size in points and a tree of
/// filled shapes, ready to draw onto a `Canvas`.
///
/// The supported subset: `<svg>` (also nested, clipped to its viewport),
/// `<g>`, `<a>`, `<use>`, `<symbol>`, `<switch>` with conditional
/// attributes, `<path>`, `<rect>`, `<circle>`, `<ellipse>`, `<line>`,
/// `<polyline>`, `<polygon>`, `<image>` (raster images through an injected
/// `SVGResourceLoader`, SVG documents from `data:` URIs or the loader's
/// `loadData`); `<text>` on one line (with `<tspan>` styling, fonts from
/// the loader's fonts or font database, with fallback per character, or
/// the bundled DejaVu Sans) drawn as its glyph outlines;
/// `transform` and `transform-origin`; `fill` and `stroke` with colors,
/// `context-fill`/`context-stroke` or `url(#id)` references to
/// `<linearGradient>`, `<radialGradient>` and `<pattern>` (with `href`
/// inheritance and a fallback color); `clip-path` (`<clipPath>`, exact
/// paths or masks), `mask` (`<mask>`, luminance or alpha),
/// `mix-blend-mode`, `isolation` and group `opacity` as layers; markers;
/// `paint-order`; `image-rendering`; the fill, stroke, opacity, `color`,
/// `display`, `visibility`, `clip-rule`, font and `text-anchor`
/// properties as presentation attributes, in `style` attributes and in
/// `<style>` sheets (type, class, id, universal and attribute selectors,
/// child and descendant combinators, `:first-child`, specificity,
/// `!important`), with CSS inheritance. An invalid value is ignored as if
/// absent, with a warning (SVG 2 and CSS error handling). Text takes
/// per-character positions, `<textPath>`, `<tref>`, `textLength` and
/// vertical writing. Everything else (filters, `shape-rendering` ...)
/// is not drawn and is reported in `warnings`.
///
/// ```swift
/// let document = try SVGDocument(parsing: text)
/// let s = 2.0  // device pixels per point
/// let surface = try Surface(width: Int((document.width * s).rounded(.up)),
///                           height: Int((document.height * s).rounded(.up)))
/// document.draw(in: Canvas(surface: surface, scale: s))
/// ```
public struct SVGDocument: Sendable {
    /// The width of the document's viewport, in points.
    public var width: Double
    /// The height of the document's viewport, in points.
    public var height: Double
    /// The outermost `<svg>`'s viewBox in its user units, if it has one.
    public var viewBox: Rect?
    /// Maps the viewBox's user units to the viewport (points), per
    /// `preserveAspectRatio` (default `xMidYMid meet`); identity without
    /// a viewBox.
    public var viewBoxTransform: AffineTransform
    /// The outermost `<svg>` as a group; its transform is
    /// `viewBoxTransform` followed by its own `transform` attribute.
    public var root: SVGNode {
        // A changed tree makes its commands afresh (a copy of the document
        // made before keeps the old tree and its commands).
        didSet { commandCache = SVGCommandCache() }
    }
    /// The tree's draw commands, made on first use and kept for later
    /// renders (`drawCommands()`).
    var commandCache = SVGCommandCache()
    /// What the document asks for that is not drawn (or only
    /// approximated), in document order.
    public var warnings: [SVGWarning]

    /// Reads an SVG document.
    ///
    /// Width and height in plain numbers, `px` or `pt` are taken as points
    /// (1 unit = 1 pt). Percentages and other units warn and fall back to
    /// the viewBox size; if only one of width and height is usable, the
    /// other follows the viewBox's aspect ratio; with neither nor a viewBox
    /// the size is 300 x 150 (with a warning).
    /// - Throws: `SVGError` with the byte offset, line and column of the
    ///   problem, only when the file cannot be drawn at all: malformed XML
    ///   (unclosed or mismatched tags, bad quoting, unknown entities, a raw
    ///   NUL, nesting deeper than 256), a root that is not `<svg>`, or a
    ///   negative root width or height. Invalid values below the root are
    ///   ignored with a warning (`invalidValueIgnored`): bad colors,
    ///   numbers, units and keywords keep the inherited or initial value,
    ///   a malformed `transform` is the identity, path data draws up to
    ///   the error, a negative `r` draws nothing.
    /// - Complexity: O(n) in the text's length plus the shapes' elements.
    /// - Parameters:
    ///   - text: the document's text.
    ///   - loader: loads `<image>` sources while the document is read, and
    ///     provides the fonts `font-family` names resolve among; the
    ///     default loads no image (each warns and is skipped) and draws
    ///     text in the bundled DejaVu Sans.
    public init(parsing text: String, loader: SVGResourceLoader = .none) throws(SVGError) {
        try self.init(parsingUTF8: Array(text.utf8), loader: loader)
    }

    /// Reads an SVG document from UTF-8 bytes (a leading byte order mark
    /// is skipped); see `init(parsing:loader:)`.
    /// - Parameters:
    ///   - bytes: the document, UTF-8.
    ///   - loader: loads `<image>` sources (see `init(parsing:loader:)`).
    /// - Throws: `SVGError`, as `init(parsing:loader:)` does.
    public init(parsingUTF8 bytes: [UInt8], loader: SVGResourceLoader = .none) throws(SVGError) {
        var reader = SVGReader(loader: loader)
        let document: SVGReader.Document
        // Entities whose text is markup are expanded first; offsets in
        // the expanded bytes are mapped back for errors and warnings.
        var expansion = XMLEntityExpansion(bytes: bytes)
        do throws(SVGError) {
            expansion = try XMLEntityExpansion.expanding(bytes)
            let root = try XMLTreeBuilder.parse(expansion.bytes, keepingTextIn: SVGReader.textElementNames)
            document = try reader.read(root: root.map(XMLNamespaces.resolvingNames))
        } catch {
            var located = error
            located.offset = expansion.documentOffset(error.offset)
            throw SourceLocator(bytes).locate(located)
        }
        width = document.size.width
        height = document.size.height
        viewBox = document.viewBox
        viewBoxTransform = document.viewBoxTransform
        root = document.root
        if reader.warnings.isEmpty {
            warnings = []
        } else {
            let locator = SourceLocator(bytes)
            warnings = reader.warnings.map { warning in
                var mapped = warning
                mapped.offset = expansion.documentOffset(warning.offset)
                return locator.locate(mapped)
            }
        }
    }
}
