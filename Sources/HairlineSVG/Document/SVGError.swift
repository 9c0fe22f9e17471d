// Document: the reader's typed error (its warning is in SVGWarning.swift),
// with where it happened (UTF-8 byte offset, 1-based line and column), and
// the line table that turns offsets into lines and columns once, at the end
// of a parse. Every stage before produces offsets only; `SVGDocument`
// locates them.

import Hairline

/// Why an SVG document could not be read: what went wrong and where.
///
/// `offset` is a UTF-8 byte offset into the document text (0-based);
/// `line` and `column` are 1-based, the column counted in Unicode scalars.
public struct SVGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        // XML well-formedness.
        /// A construct was still open at the end of the input: "comment",
        /// "CDATA section", "processing instruction", "DOCTYPE", "tag" or
        /// "attribute value". The offset is where it starts.
        case unterminated(String)
        /// An element or attribute name was expected.
        case expectedName
        /// A character that XML does not allow here; `expected` says what
        /// would have been allowed.
        case unexpectedCharacter(Character, expected: String)
        /// An attribute value without quotes.
        case unquotedAttributeValue(attribute: String)
        /// The same attribute twice on one element.
        case duplicateAttribute(String)
        /// An entity reference (`&name;`) that is neither predefined nor
        /// declared in the DOCTYPE.
        case unknownEntity(String)
        /// Declared entities expanded to more than `limit` bytes in all.
        case entityExpansionTooLarge(limit: Int)
        /// A character reference (`&#…;`) that is not a valid character.
        case invalidCharacterReference(String)
        /// An end tag that does not close the innermost open element.
        case mismatchedEndTag(expected: String, found: String)
        /// An end tag with no open element.
        case unexpectedEndTag(String)
        /// An element still open at the end of the input (offset: its start tag).
        case unclosedElement(String)
        /// Elements nested deeper than `limit`.
        case nestingTooDeep(limit: Int)
        /// A second top-level element after the root.
        case multipleRootElements
        // SVG.
        /// The root element is not `<svg>` (`nil`: the document has no element).
        case missingSVGRoot(found: String?)
        /// Bad path data in a `d` attribute; the error's own offset is
        /// relative to the attribute value, `SVGError.offset` to the document.
        case invalidPathData(SVGPathError)
        /// An attribute that needs a number (or length) holds something else.
        case invalidNumber(attribute: String, value: String)
        /// A width, height, radius or viewBox size below zero.
        case negativeValue(attribute: String, value: String)
        /// A color that is not a CSS color.
        case invalidColor(attribute: String, value: String)
        /// A `transform` list that does not follow the grammar.
        case invalidTransform(String)
        /// Any other attribute value outside its grammar (`fill-rule`,
        /// `points`, `viewBox`, `preserveAspectRatio`, `style`, …).
        case invalidValue(attribute: String, value: String)
    }

    /// What went wrong.
    public var kind: Kind
    /// Where, as a UTF-8 byte offset into the document text.
    public var offset: Int
    /// The 1-based line of `offset` (0 until the document locates it).
    public var line: Int
    /// The 1-based column of `offset` in Unicode scalars (0 until located).
    public var column: Int

    /// Creates an error at a byte offset; `SVGDocument` fills in the line
    /// and column.
    /// - Parameters:
    ///   - kind: what went wrong.
    ///   - offset: the UTF-8 byte offset in the document.
    ///   - line: the 1-based line (0: not located yet).
    ///   - column: the 1-based column (0: not located yet).
    public init(_ kind: Kind, at offset: Int, line: Int = 0, column: Int = 0) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// A readable description, for messages and debugging.
    public var description: String {
        "\(SourceLocator.describe(line: line, column: column, offset: offset)): \(message)"
    }

    /// The error without its location.
    public var message: String {
        switch kind {
        case .unterminated(let what): return "unterminated \(what)"
        case .expectedName: return "expected an element or attribute name"
        case .unexpectedCharacter(let c, let expected):
            return "unexpected \"\(SVGEcho.quote(String(c)))\", expected \(expected)"
        case .unquotedAttributeValue(let name): return "value of attribute \(name) must be in quotes"
        case .duplicateAttribute(let name): return "attribute \(name) appears twice"
        case .unknownEntity(let name): return "unknown entity &\(SVGEcho.quote(name));"
        case .entityExpansionTooLarge(let limit): return "entity references expand to more than \(limit) bytes"
        case .invalidCharacterReference(let text): return "invalid character reference &\(SVGEcho.quote(text));"
        case .mismatchedEndTag(let expected, let found): return "</\(found)> does not close <\(expected)>"
        case .unexpectedEndTag(let name): return "</\(name)> has no matching start tag"
        case .unclosedElement(let name): return "<\(name)> is never closed"
        case .nestingTooDeep(let limit): return "elements are nested more than \(limit) deep"
        case .multipleRootElements: return "a second root element; an XML document has exactly one"
        case .missingSVGRoot(let found?): return "the root element is <\(found)>, not <svg>"
        case .missingSVGRoot(nil): return "the document has no <svg> element"
        case .invalidPathData(let error): return "bad path data: \(error)"
        case .invalidNumber(let name, let value): return "\(name)=\"\(SVGEcho.quote(value))\" is not a number"
        case .negativeValue(let name, let value): return "\(name)=\"\(SVGEcho.quote(value))\" must not be negative"
        case .invalidColor(let name, let value): return "\(name)=\"\(SVGEcho.quote(value))\" is not a color"
        case .invalidTransform(let value): return "transform=\"\(SVGEcho.quote(value))\" is not a transform list"
        case .invalidValue(let name, let value):
            return "\(SVGEcho.quote(name))=\"\(SVGEcho.quote(value))\" is not a valid value"
        }
    }
}

/// Maps byte offsets to 1-based lines and columns (columns in Unicode
/// scalars) with a table of line starts built once: O(n) to build,
/// O(log lines + line length) per lookup.
struct SourceLocator {
    private let bytes: [UInt8]
    private var lineStarts: [Int] = [0]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        for (i, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(i + 1) }
    }

    /// The line and column of `offset` (clamped to the text).
    func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var column = 1
        for i in lineStarts[low]..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }

    func locate(_ error: SVGError) -> SVGError {
        var error = error
        (error.line, error.column) = location(of: error.offset)
        return error
    }

    func locate(_ warning: SVGWarning) -> SVGWarning {
        var warning = warning
        (warning.line, warning.column) = location(of: warning.offset)
        return warning
    }

    /// "line L, column C (byte B)", or "byte B" when not located.
    static func describe(line: Int, column: Int, offset: Int) -> String {
        line > 0 ? "line \(line), column \(column) (byte \(offset))" : "byte \(offset)"
    }
}
