// Database: a font file -> one entry per face: its family names, weight,
// width and slant, read from the table directory, name, OS/2 and head only
// (no glyph table is parsed or checked). A file is first read only as far
// as `indexPrefixByteCount` (these tables usually lie at its start), whole
// only if something needed lies past that, so indexing a folder of large
// fonts costs little. A face whose tables cannot be read is reported, not
// indexed.

import Hairline

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

    /// The bytes of a file read first when indexing it: the directory and
    /// naming tables of most fonts lie in their first few kilobytes.
    static let indexPrefixByteCount = 1 << 16
    /// The tables indexing reads.
    static let indexedTables = ["head", "maxp", "name", "OS/2"]

    /// The faces of the font file at `path`, from a prefix of it when that
    /// holds everything indexing reads, else from the whole file.
    /// - Throws: `.unreadableFile` if it cannot be read.
    static func faces(inFileAt path: String) throws(FontError) -> (faces: [FontFaceInfo], errors: [FontError]) {
        let prefix: (bytes: [UInt8], fileSize: Int)
        do {
            prefix = try FileBytes.readPrefix(path, byteCount: indexPrefixByteCount)
        } catch {
            throw .unreadableFile(path: path, reason: error.reasonDescription)
        }
        guard prefix.fileSize <= FontFile.maximumByteCount else {
            throw .unreadableFile(path: path, reason: "larger than \(FontFile.maximumByteCount) bytes")
        }
        if prefix.bytes.count < prefix.fileSize,
            let faces = try? facesFromPrefix(prefix.bytes, fileSize: prefix.fileSize, source: .file(path))
        {
            return (faces, [])
        }
        return faces(
            in: prefix.bytes.count == prefix.fileSize ? prefix.bytes : try FontFile.read(path), source: .file(path))
    }

    /// Every face from a prefix of the file; throws if anything indexing
    /// reads lies past the prefix (or is damaged: the whole file then
    /// gives the accurate error).
    private static func facesFromPrefix(
        _ bytes: [UInt8], fileSize: Int, source: FontSource
    ) throws(FontError) -> [FontFaceInfo] {
        let font = FontData(bytes: bytes)
        var faces: [FontFaceInfo] = []
        for index in 0..<(try Font.faceCount(font)) {
            let tables = try Font.readDirectory(
                font, at: try Font.directoryOffset(font, faceIndex: index), fileLength: fileSize)
            for tag in indexedTables {
                if let table = tables[tag], table.offset + table.length > bytes.count {
                    throw .truncated(table: tag, offset: table.offset, needed: table.length)
                }
            }
            faces.append(try face(tables, font, index: index, source: source))
        }
        return faces
    }

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
        try face(
            try Font.readDirectory(font, at: try Font.directoryOffset(font, faceIndex: index)), font, index: index,
            source: source)
    }

    private static func face(
        _ tables: [String: FontTable], _ font: FontData, index: Int, source: FontSource
    )
        throws(FontError) -> FontFaceInfo
    {
        guard let head = tables["head"], let maxp = tables["maxp"] else { throw .missingTable("head") }
        // Outlines, or color bitmaps alone (CBDT, sbix: emoji fonts).
        guard
            tables["glyf"] != nil || tables["CFF "] != nil || tables["CFF2"] != nil
                || tables["CBDT"] != nil || tables["sbix"] != nil
        else {
            throw .missingTable("glyf")
        }
        let header = try FontHeader(font, head: head, maxp: maxp)
        let names = try NameTable(font, name: tables["name"])
        let os2 = try OS2Table(font, os2: tables["OS/2"])
        return FontFaceInfo(
            source: source, faceIndex: index, style: FontStyle(names: names, os2: os2, header: header),
            styleName: names.styleName)
    }
}
