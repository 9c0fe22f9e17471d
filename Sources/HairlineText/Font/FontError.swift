// Font stage: the one error type of the font parser. A file's bytes in ->
// either a `Font` or one of these, naming the table and the file offset of
// the first byte that was wrong or missing. Parsing never traps: every
// count and offset read from the file is checked before it is used.

import Hairline

/// Why a font could not be parsed, or a glyph's outline could not be read.
///
/// Offsets count bytes from the start of the file. More cases may be added;
/// a `switch` over this type should keep a `default` clause.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A read of `needed` bytes at file offset `offset` runs past the end of
    /// table `table` (or of the file, for the table directory, `table` "").
    case truncated(table: String, offset: Int, needed: Int)
    /// A table the parser requires (head, hhea, hmtx, maxp, cmap, and loca
    /// with glyf, or 'CFF ' or 'CFF2') is not in the table directory.
    case missingTable(String)
    /// A value in table `table` at file offset `offset` is out of range or
    /// inconsistent with another; `reason` says which and why.
    case invalid(table: String, offset: Int, reason: String)
    /// The font uses a feature this parser does not read: point-matched
    /// composite glyphs, a CFF charstring type other than 2.
    case unsupported(String)
    /// A composite glyph nests components deeper than `Font.maximumCompositeDepth`;
    /// `glyph` is the glyph at which the limit was passed.
    case compositeTooDeep(glyph: Int)
    /// A composite glyph `glyph` is among its own components (directly or
    /// through other composites).
    case compositeCycle(glyph: Int)
    /// A glyph index at or above the font's glyph count was asked for.
    case glyphOutOfRange(glyph: Int, glyphCount: Int)
    /// The file at `path` could not be read; `reason` names the failing call.
    case unreadableFile(path: String, reason: String)
    /// Face `face` was asked of a file with `faceCount` faces.
    case faceOutOfRange(face: Int, faceCount: Int)
    /// A CFF charstring of glyph `glyph` broke a rule of Type 2
    /// charstrings or a limit (stack depth, subroutine nesting, operation
    /// budget); `reason` says which.
    case invalidCharstring(glyph: Int, reason: String)

    /// A sentence naming the fault, its table and its file offset.
    public var description: String {
        switch self {
        case .truncated(let table, let offset, let needed):
            let place = table.isEmpty ? "the table directory" : "table \(EchoedText.quoted(table))"
            return "The font data is truncated: \(needed) bytes at file offset \(offset) lie outside \(place)."
        case .missingTable(let tag):
            return "The font has no \(EchoedText.quoted(tag)) table, which is required."
        case .invalid(let table, let offset, let reason):
            let place = table.isEmpty ? "the font header" : "table '\(table)'"
            return "The font is invalid in \(place) at file offset \(offset): \(reason)."
        case .unsupported(let what):
            return "The font uses a feature that is not supported: \(what)."
        case .compositeTooDeep(let glyph):
            return "Composite glyph \(glyph) nests its components more than \(Font.maximumCompositeDepth) levels deep."
        case .compositeCycle(let glyph):
            return "Composite glyph \(glyph) contains itself among its components."
        case .glyphOutOfRange(let glyph, let count):
            return "Glyph \(glyph) does not exist: the font has \(count) glyphs."
        case .unreadableFile(let path, let reason):
            return "The font file \(EchoedText.quoted(path)) could not be read: \(reason)."
        case .faceOutOfRange(let face, let count):
            return "Face \(face) does not exist: the file has \(count) face\(count == 1 ? "" : "s")."
        case .invalidCharstring(let glyph, let reason):
            return "The CFF charstring of glyph \(glyph) is invalid: \(reason)."
        }
    }
}
