// Database: a font file's bytes -> one entry per face: its family names,
// weight, width and slant, read from the table directory, name, OS/2 and
// head only (no glyph table is parsed or checked), so indexing a folder of
// fonts costs a read and a few hundred bytes of parsing per face. A face
// whose tables cannot be read is reported, not indexed.

/// Where a database face's bytes come from.
enum FontSource: Sendable, Hashable {
    /// A file, read again when the face is first used.
    case file(String)
    /// Bytes the caller gave (kept).
    case data(FontBytes)
    /// A font bundled with HairlineText.
    case bundled(BundledFont)
}

/// Bytes held by reference (equal when they are the same object).
final class FontBytes: Sendable, Hashable {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    static func == (a: FontBytes, b: FontBytes) -> Bool { a === b }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One indexed face.
struct FontFaceInfo: Sendable {
    let source: FontSource
    let faceIndex: Int
    let style: FontStyle
    /// The style name (name id 2), for messages.
    let styleName: String

    /// The faces of a font file (each face of a collection), and the
    /// errors of the faces that could not be read.
    static func faces(in bytes: [UInt8], source: FontSource) -> (faces: [FontFaceInfo], errors: [FontError]) {
        let font = FontData(bytes: bytes)
        let count: Int
        do {
            count = try Font.faceCount(font)
        } catch {
            return ([], [error])
        }
        var faces: [FontFaceInfo] = [], errors: [FontError] = []
        for index in 0..<count {
            do {
                faces.append(try face(font, index: index, source: source))
            } catch {
                errors.append(error)
            }
        }
        return (faces, errors)
    }

    private static func face(_ font: FontData, index: Int, source: FontSource) throws(FontError) -> FontFaceInfo {
        let tables = try Font.readDirectory(font, at: try Font.directoryOffset(font, faceIndex: index))
        guard let head = tables["head"], let maxp = tables["maxp"] else { throw .missingTable("head") }
        guard tables["glyf"] != nil || tables["CFF "] != nil else { throw .missingTable("glyf") }
        let header = try FontHeader(font, head: head, maxp: maxp)
        let names = try NameTable(font, name: tables["name"])
        let os2 = try OS2Table(font, os2: tables["OS/2"])
        return FontFaceInfo(source: source, faceIndex: index, style: FontStyle(names: names, os2: os2, header: header),
                            styleName: names.styleName)
    }
}
