// HairlineTableSpec: the one error type of table specs. Every fault in a
// spec's text or values names the JSON path of the value at fault, what
// was expected and what was found, and the line and column; faults of
// files it names (images, fonts) name the file too.

import Hairline
import HairlineCells

/// What is wrong with a table spec, and where.
///
/// `description` is one line: `$.sections[1].rowHeight: expected a
/// non-negative number of points, found -3 (line 12, column 20)`.
public enum TableSpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The spec file could not be read (`reason`: the system's message).
    case cannotRead(file: String, reason: String)
    /// The spec is longer than `TableSpec.maximumByteCount` bytes.
    case tooLong(byteCount: Int, limit: Int)
    /// The text is not JSON (RFC 8259): `path` is the value being read
    /// when the fault was found, `at` the fault's place.
    case syntax(path: String, expected: String, found: String, at: SpecLocation)
    /// An object has `key` twice (`at` the second, `firstAt` the first).
    case duplicateKey(path: String, key: String, at: SpecLocation, firstAt: SpecLocation)
    /// The value at `path` is not what the format allows there.
    case invalidValue(path: String, expected: String, found: String, at: SpecLocation)
    /// An object has a key the format does not define there; `allowed`
    /// lists the keys it does.
    case unknownKey(path: String, key: String, allowed: [String], at: SpecLocation)
    /// An object lacks a key it needs (`at`: the object's opening brace).
    case missingKey(path: String, key: String, at: SpecLocation)
    /// An image the spec names is missing or is not a PNG Hairline reads:
    /// `file` as the spec writes it, `resolvedFile` the path tried.
    case badImage(path: String, file: String, resolvedFile: String, reason: String, at: SpecLocation)
    /// A font file the spec names is missing or is not a TrueType font.
    case badFont(path: String, file: String, resolvedFile: String, reason: String, at: SpecLocation)
    /// A scale asked of `TableSpec.table(scale:)` is not in
    /// `TableDescription.scaleRange` (device pixels per point).
    case invalidScale(Double)

    /// The JSON path of the value at fault (`$.style.fill`), if the fault
    /// is in the spec's text.
    public var path: String? {
        switch self {
        case .cannotRead, .tooLong, .invalidScale: nil
        case .syntax(let path, _, _, _), .duplicateKey(let path, _, _, _), .invalidValue(let path, _, _, _),
            .unknownKey(let path, _, _, _), .missingKey(let path, _, _), .badImage(let path, _, _, _, _),
            .badFont(let path, _, _, _, _):
            path
        }
    }

    /// Where the fault is in the spec's text, if it is in it.
    public var location: SpecLocation? {
        switch self {
        case .cannotRead, .tooLong, .invalidScale: nil
        case .syntax(_, _, _, let at), .duplicateKey(_, _, let at, _), .invalidValue(_, _, _, let at),
            .unknownKey(_, _, _, let at), .missingKey(_, _, let at), .badImage(_, _, _, _, let at),
            .badFont(_, _, _, _, let at):
            at
        }
    }

    /// A one-line message: the path, what was expected and found, and
    /// `(line L, column C)`.
    public var description: String {
        switch self {
        case .cannotRead(let file, let reason):
            return "cannot read the spec \(EchoedText.quoted(file)): \(reason)"
        case .tooLong(let count, let limit):
            return "the spec is \(count) bytes long; at most \(limit) are read"
        case .syntax(let path, let expected, let found, let at):
            return "\(path): invalid JSON: expected \(expected), found \(found) (\(at))"
        case .duplicateKey(let path, let key, let at, let first):
            return "\(path): expected each key once in an object, found \(JSONValue.quoted(key)) again "
                + "(first at \(first)) (\(at))"
        case .invalidValue(let path, let expected, let found, let at):
            return "\(path): expected \(expected), found \(found) (\(at))"
        case .unknownKey(let path, let key, let allowed, let at):
            return "\(path): unknown key \(JSONValue.quoted(key)); expected one of "
                + allowed.map { JSONValue.quoted($0) }.joined(separator: ", ") + " (\(at))"
        case .missingKey(let path, let key, let at):
            return "\(path): expected the key \(JSONValue.quoted(key)), found an object without it (\(at))"
        case .badImage(let path, let file, let resolved, let reason, let at):
            return
                "\(path): expected a PNG image, found \(JSONValue.quoted(file)) (\(EchoedText.quoted(resolved))): \(reason) (\(at))"
        case .badFont(let path, let file, let resolved, let reason, let at):
            return
                "\(path): expected a TrueType font, found \(JSONValue.quoted(file)) (\(EchoedText.quoted(resolved))): \(reason) (\(at))"
        case .invalidScale(let scale):
            let range = TableDescription.scaleRange
            return "scale \(SpecField.format(scale)) is not a number of device pixels per point in "
                + "\(SpecField.format(range.lowerBound))...\(SpecField.format(range.upperBound))"
        }
    }
}
