// Path: why SVG path data could not be parsed (Path+SVGPathData.swift),
// with the UTF-8 byte offset of the first error. Parsing either returns a
// whole path or throws one of these, never a partial path.

/// Why SVG path data could not be parsed. Every offset is a UTF-8 byte
/// offset from the start of the path data string (0-based).
public enum SVGPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A character that no rule of the grammar allows at this place.
    case unexpectedCharacter(Character, at: Int)
    /// `command` needed another number (or coordinate) here; the offset is
    /// where it should start (the string's length at the end of input).
    case missingNumber(command: Character, at: Int)
    /// The data does not start with a move-to (`M` or `m`).
    case missingMoveTo(at: Int)
    /// An arc flag is not the single character `0` or `1`.
    case invalidFlag(at: Int)
    /// A number is too large for `Double` (it would be infinite).
    case numberOutOfRange(at: Int)

    /// The UTF-8 byte offset of the error in the path data string.
    public var byteOffset: Int {
        switch self {
        case .unexpectedCharacter(_, let at), .missingNumber(_, let at), .missingMoveTo(let at),
            .invalidFlag(let at), .numberOutOfRange(let at):
            return at
        }
    }

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .unexpectedCharacter(let c, let at):
            return "unexpected character \"\(c)\" at byte \(at) of the path data"
        case .missingNumber(let command, let at):
            return "command \"\(command)\" is missing a number at byte \(at) of the path data"
        case .missingMoveTo(let at):
            return "path data must start with a move-to (M or m), found something else at byte \(at)"
        case .invalidFlag(let at):
            return "arc flag at byte \(at) of the path data must be 0 or 1"
        case .numberOutOfRange(let at):
            return "number at byte \(at) of the path data is too large"
        }
    }
}
