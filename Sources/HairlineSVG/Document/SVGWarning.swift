// Document: what the reader skipped or could not honour in a document
// that still parsed (an unsupported element, attribute or value), with
// where it happened (UTF-8 byte offset, 1-based line and column).

import Hairline

/// Something in the document that the reader does not draw (yet), so the
/// picture may differ from a browser's. Nothing is dropped silently.
public struct SVGWarning: Hashable, Sendable, CustomStringConvertible {
    /// What was not drawn or only approximated.
    public enum Kind: Hashable, Sendable {
        /// An element the reader does not draw (a filter, a `<textPath>`
        /// without a usable path, …); its whole subtree is skipped.
        case unsupportedElement
        /// An attribute or style property the reader ignores.
        case unsupportedAttribute
        /// A supported attribute with a value form the reader does not
        /// support (the value is given), e.g. `fill="url(#g)"`, `width="50%"`.
        case unsupportedValue(String)
        /// `opacity` on a group whose children overlap, drawn by
        /// multiplying it into each child. No longer reported: group
        /// opacity is drawn as a layer (kept for source compatibility).
        case groupOpacityApproximated
        /// Neither a usable width/height nor a viewBox: the size is the CSS
        /// default 300 x 150 (for the missing side).
        case defaultSize
        /// A nested `<svg>`: its content is not clipped to its viewport. No
        /// longer reported: viewports clip (kept for source compatibility).
        case clippingNotSupported
        /// `url(#id)` names no element (the id is given): the fallback
        /// color is used, else nothing is painted (or clipped).
        case missingReference(String)
        /// `url(#id)` or `href` names an element of the wrong kind (the id
        /// is given): treated like a missing reference.
        case invalidReference(String)
        /// References (`href` chains, patterns drawing themselves) form a
        /// cycle through the given id: the reference is treated as invalid.
        case referenceCycle(String)
        /// An `<image>` whose source could not be loaded (the loader's
        /// error is given): it is not drawn.
        case imageNotLoaded(String)
        /// A `<clipPath>` whose children use different `clip-rule`s: the
        /// union is clipped with the first child's rule. No longer reported:
        /// such clip paths are drawn as masks (kept for source compatibility).
        case mixedClipRules
        /// A pattern tile larger than the tile limit at the drawing scale:
        /// rendered at a lower resolution (at draw time).
        case patternTileTooLarge
        /// No loaded font has the requested family (given as written,
        /// e.g. `Helvetica`), or the family has only a bold face for
        /// lighter text (`Inter regular`): the text is drawn in the bundled
        /// DejaVu Sans, or in that face. (A missing bold or italic face is
        /// synthesized, not reported.) Reported once per document for each.
        case fontSubstituted(String)
        /// No font could be read for a `<text>` (the reason is given): it
        /// is not drawn. Reported once per document.
        case fontUnavailable(String)
        /// A `<text>` with more characters than `limit`: only the first
        /// `limit` are drawn.
        case textTooLong(limit: Int)
        /// A value outside its grammar or range (the error's message is
        /// given), ignored as SVG 2 and CSS say: the property keeps its
        /// inherited or initial value, an attribute its default; where the
        /// element cannot be drawn without it (a bad `transform`, a
        /// negative `r`), the element is not drawn.
        case invalidValueIgnored(String)
    }

    /// What was not drawn or only approximated.
    public var kind: Kind
    /// The element's name (as written, e.g. `rect`, `linearGradient`).
    public var element: String
    /// The attribute or style property concerned, if any.
    public var attribute: String?
    /// A UTF-8 byte offset into the document: the attribute (or style
    /// declaration) if any, else the element's start tag.
    public var offset: Int
    /// The 1-based line of `offset`.
    public var line: Int
    /// The 1-based column of `offset`, in Unicode scalars.
    public var column: Int

    /// Creates a warning; `SVGDocument` fills in the line and column.
    /// - Parameters:
    ///   - kind: what was not drawn or only approximated.
    ///   - element: the element's name as written.
    ///   - attribute: the attribute or property concerned, if any.
    ///   - offset: the UTF-8 byte offset in the document.
    ///   - line: the 1-based line (0: not located yet).
    ///   - column: the 1-based column (0: not located yet).
    public init(
        _ kind: Kind, element: String, attribute: String? = nil, at offset: Int,
        line: Int = 0, column: Int = 0
    ) {
        self.kind = kind
        self.element = element
        self.attribute = attribute
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A readable description, for messages and debugging.
    public var description: String {
        let subject = attribute.map { "<\(element)> \($0)" } ?? "<\(element)>"
        let what: String
        switch kind {
        case .unsupportedElement: what = "element not supported; it and its content are not drawn"
        case .unsupportedAttribute: what = "not supported; ignored"
        case .unsupportedValue(let value): what = "value \"\(SVGEcho.quote(value))\" not supported"
        case .groupOpacityApproximated:
            what = "group opacity over overlapping children is approximated (applied to each child)"
        case .defaultSize: what = "no usable width, height or viewBox; using 300 x 150"
        case .clippingNotSupported: what = "nested viewport is not clipped; content outside it is drawn"
        case .missingReference(let id): what = "no element with id \"\(SVGEcho.quote(id))\"; using the fallback"
        case .invalidReference(let id):
            what = "#\(SVGEcho.quote(id)) is not an element this reference can use; using the fallback"
        case .referenceCycle(let id): what = "references through #\(SVGEcho.quote(id)) form a cycle; using the fallback"
        case .imageNotLoaded(let reason): what = "image not drawn: \(reason)"
        case .mixedClipRules: what = "children with different clip-rules; the first child's rule clips the union"
        case .patternTileTooLarge: what = "pattern tile exceeds the tile size limit; drawn at a lower resolution"
        case .fontSubstituted(let font): what = "font \"\(SVGEcho.quote(font))\" is not loaded; drawn in a substitute"
        case .fontUnavailable(let reason): what = "text not drawn: no font could be read (\(reason))"
        case .textTooLong(let limit): what = "text longer than \(limit) characters; only the first \(limit) are drawn"
        case .invalidValueIgnored(let message): what = "\(message); ignored"
        }
        return "\(SourceLocator.describe(line: line, column: column, offset: offset)): \(subject): \(what)"
    }
}
