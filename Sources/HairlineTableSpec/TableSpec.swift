// HairlineTableSpec: a table described by a JSON file. Input: the spec's
// bytes (at most `maximumByteCount`) and the folder its images and fonts
// are relative to; output: the `TableDescription` it describes, at its own
// scale or, rebuilt from the parsed spec, at any other. Everything is
// checked when the spec is read: syntax, keys, types, ranges, counts, the
// files it names and the laid-out size, each fault a `TableSpecError` with
// the JSON path and line:column. The format: HairlineTableSpec.docc.

import Foundation
import HairlineCells

/// A table spec: a JSON description of a `TableDescription` (style,
/// sections, rows, titles, texts, images, selection), read and checked.
///
///     let spec = try TableSpec.load(contentsOfFile: "Examples/tables/ios7.json")
///     let surface = try TableRenderer.render(spec.table)          // its scale
///     let at3x = try TableRenderer.render(try spec.table(scale: 3))
///
/// Lengths in a spec are in points. A value, `Sendable`.
public struct TableSpec: Sendable {
    /// The largest spec read, in bytes (16 MiB).
    public static let maximumByteCount = 16 << 20
    /// The most arrays and objects nested in one another.
    public static let maximumNestingDepth = JSONParser.maximumDepth
    /// The most sections a table may have.
    public static let maximumSectionCount = 10_000
    /// The most rows a section may have.
    public static let maximumRowsPerSection = 100_000
    /// The most rows a table may have in all its sections.
    public static let maximumRowCount = 1_000_000
    /// The largest length a spec may give, in points (widths, heights,
    /// insets, radii).
    public static let maximumLength = 100_000.0
    /// The largest text size a spec may give, in points.
    public static let maximumTextSize = 1_000.0
    /// The largest image file a spec may name, in bytes (64 MiB).
    public static let maximumImageByteCount = 64 << 20
    /// The largest line limit of a title style.
    public static let maximumLineCount = 10_000

    /// The table at the spec's own scale (its "scale", or 1).
    public let table: TableDescription
    /// The folder the spec's image and font files are relative to.
    public let baseDirectory: String
    /// The parsed spec, rebuilt by `table(scale:)`.
    private let root: JSONValue
    /// The files the first build read (images in all their variants).
    private let resources: SpecResources

    /// The spec's own scale, device pixels per point.
    public var scale: Double { table.scale }

    /// Reads and checks the spec in the file at `path`; its images and
    /// fonts are relative to the file's folder.
    /// - Throws: `TableSpecError.cannotRead` if the file cannot be read,
    ///   `.tooLong` past `maximumByteCount`, else as `init(json:baseDirectory:)`.
    public static func load(contentsOfFile path: String) throws(TableSpecError) -> TableSpec {
        let bytes: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            bytes = try handle.read(upToCount: maximumByteCount + 1) ?? Data()
        } catch {
            throw .cannotRead(file: path, reason: error.localizedDescription)
        }
        guard bytes.count <= maximumByteCount else { throw .tooLong(byteCount: bytes.count, limit: maximumByteCount) }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return try TableSpec(json: [UInt8](bytes), baseDirectory: folder)
    }

    /// Parses and checks a spec, reading the files it names.
    ///
    /// - Parameters:
    ///   - json: the spec's text, UTF-8 JSON (RFC 8259) of at most
    ///     `maximumByteCount` bytes.
    ///   - baseDirectory: the folder relative image and font names are
    ///     resolved against ("" for the current directory).
    /// - Throws: `TableSpecError` at the first fault: invalid JSON,
    ///   duplicate or unknown keys, values of the wrong type or out of
    ///   range, counts past the limits (checked before any row is made),
    ///   missing or unreadable images and fonts, selections outside the
    ///   table, or a table larger than a surface can hold at its scale.
    /// - Complexity: O(spec size + rows), plus reading the files it names.
    public init(json: [UInt8], baseDirectory: String) throws(TableSpecError) {
        guard json.count <= TableSpec.maximumByteCount else {
            throw .tooLong(byteCount: json.count, limit: TableSpec.maximumByteCount)
        }
        let root = try JSONParser.parse(json)
        let object = try SpecBuilder.root(root)
        var builder = SpecBuilder(scale: try SpecBuilder.scale(of: object),
                                  resources: SpecResources(baseDirectory: baseDirectory))
        table = try builder.table(object)
        self.root = root
        resources = builder.resources
        self.baseDirectory = baseDirectory
    }

    /// The table built again at `scale` device pixels per point: the
    /// pinstripe background's tile and the variant of each image fill are
    /// the ones for `scale`. Reads no file (the first build kept them).
    /// - Throws: `.invalidScale` for a scale outside
    ///   `TableDescription.scaleRange`; `.invalidValue` at `$.sections` (or
    ///   `$.width`) if the table is larger than a surface can hold at it.
    public func table(scale: Double) throws(TableSpecError) -> TableDescription {
        guard scale.isFinite, TableDescription.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        var builder = SpecBuilder(scale: scale, resources: resources)
        return try builder.table(try SpecBuilder.root(root))
    }
}
