// HairlineTableSpec: a parsed JSON value that remembers where it was
// written. JSONParser makes it from text; the spec reader walks it, and
// every error it reports names the value's path ($.sections[2].style) and
// its line and column. Numbers keep their literal (messages quote what was
// written), objects keep their members in order with each key's place.

/// A line and column in a spec's text, both from 1. Columns count Unicode
/// scalars (a tab is one column); lines are separated by line feeds.
public struct SpecLocation: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// A location.
    /// - Parameters:
    ///   - line: the line, from 1.
    ///   - column: the column, from 1.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// "line 12, column 20".
    public var description: String { "line \(line), column \(column)" }
}

/// One JSON value and where its first character is.
struct JSONValue: Hashable, Sendable {
    /// The value's kind and contents.
    enum Kind: Hashable, Sendable {
        case null
        case bool(Bool)
        /// The number as `Double(literal)` (±infinity for literals out of
        /// range) and as written.
        case number(Double, literal: String)
        case string(String)
        case array([JSONValue])
        /// Members in the order written; keys are unique (the parser
        /// refuses duplicates).
        case object([JSONMember])
    }

    var kind: Kind
    var location: SpecLocation

    /// A short description of the value for messages: numbers as written,
    /// strings quoted (long ones cut), "an object", "an array of 3 values".
    var summary: String {
        switch kind {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(_, let literal): return literal
        case .string(let s): return JSONValue.quoted(s)
        case .array(let items):
            return items.isEmpty ? "an empty array" : "an array of \(items.count) value\(items.count == 1 ? "" : "s")"
        case .object(let members):
            return members.isEmpty
                ? "an empty object"
                : "an object with keys \(members.map { JSONValue.quoted($0.key) }.joined(separator: ", "))"
        }
    }

    /// The longest string quoted whole in a message, in characters.
    static let maximumQuotedLength = 40

    /// `text` in double quotes, cut to `maximumQuotedLength` characters
    /// with an ellipsis, control characters escaped.
    static func quoted(_ text: String) -> String {
        var body = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == maximumQuotedLength {
                body += "…"
                break
            }
            switch scalar {
            case "\"": body += "\\\""
            case "\\": body += "\\\\"
            case "\n": body += "\\n"
            case "\t": body += "\\t"
            case "\r": body += "\\r"
            default:
                // C0, DEL and C1 controls: escaped, so no message echoes
                // one to a terminal.
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    body +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    body.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"" + body + "\""
    }
}

/// A key and its value in a JSON object.
struct JSONMember: Hashable, Sendable {
    var key: String
    /// Where the key's opening quote is.
    var keyLocation: SpecLocation
    var value: JSONValue
}

/// A JSON path as messages write it: `$`, then `.key` for each member
/// (`["key"]` for keys that are not identifiers) and `[i]` for each array
/// element, e.g. `$.sections[2].style.fill`.
struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    /// The root, `$`.
    static let root = JSONPath()

    /// This path followed by member `key`.
    func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    /// This path followed by element `index`.
    func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
    }

    var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let i): text += "[\(i)]"
            case .key(let key):
                // Long keys are cut (in quotes), so that a message stays one line.
                let bare = key.utf8.count <= JSONValue.maximumQuotedLength && JSONPath.isIdentifier(key)
                text += bare ? "." + key : "[" + JSONValue.quoted(key) + "]"
            }
        }
        return text
    }

    /// Whether `key` is written bare after a dot: ASCII letters, digits
    /// and underscores, not starting with a digit.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return key.utf8.allSatisfy { b in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
    }
}
