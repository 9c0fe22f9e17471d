// HairlineTableSpec: a table described by a JSON file. Input: the spec's
// bytes (at most `maximumByteCount`) and the folder its images and fonts
// are relative to; output: the `TableDescription` it describes, at its own
// scale or, rebuilt from the parsed spec, at any other. Everything is
// checked when the spec is read: syntax, keys, types, ranges, counts, the
// files it names and the laid-out size, each fault a `TableSpecError` with
// the JSON path and line:column. The format: HairlineTableSpec.docc.

import Hairline
import HairlineCells
import HairlineSystem
import HairlineText

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
    /// The files the builds read, shared with `table(scale:)`.
    private let resources: SpecResources

    /// What a spec may read, and how much.
    public struct Options: Sendable, Equatable {
        /// The most image pixels one build of the table decodes (the
        /// images it draws, each file once): 64 Mi pixels (256 MiB of
        /// RGBA) by default, so that a table's images and its surface fit
        /// in 1 GiB. An image that would pass it is refused, from its PNG
        /// header, before it is decoded.
        public var imagePixelBudget: Int
        /// Whether image and font files may lie outside the spec's folder
        /// (after links are resolved). False by default: a spec from
        /// someone else reads only what sits beside it.
        public var allowsAnyPath: Bool

        /// Where the table's fonts find the characters they lack (a
        /// Japanese title in DejaVu Sans): set on every table built
        /// (`TableDescription.fontFallback`). Nil by default: such
        /// characters draw as the font's missing-glyph box.
        public var fontDatabase: FontDatabase?

        /// The default decoded-image budget, in pixels.
        public static let defaultImagePixelBudget = 64 << 20

        /// Options are equal when their budgets and confinement are and
        /// they name the same database (or none).
        public static func == (a: Options, b: Options) -> Bool {
            a.imagePixelBudget == b.imagePixelBudget && a.allowsAnyPath == b.allowsAnyPath
                && a.fontDatabase === b.fontDatabase
        }

        /// Options; the defaults keep a spec inside its folder and its
        /// images within 64 Mi pixels per build.
        public init(imagePixelBudget: Int = Options.defaultImagePixelBudget, allowsAnyPath: Bool = false) {
            self.imagePixelBudget = max(0, imagePixelBudget)
            self.allowsAnyPath = allowsAnyPath
        }
    }

    /// The real paths (links resolved) of every image and font file the
    /// builds so far have read.
    public var readFiles: [String] { resources.readFiles }

    /// The spec's own scale, device pixels per point.
    public var scale: Double { table.scale }

    /// Reads and checks the spec in the file at `path`; its images and
    /// fonts are relative to the file's folder.
    /// - Throws: `TableSpecError.cannotRead` if the file cannot be read,
    ///   `.tooLong` past `maximumByteCount`, else as `init(json:baseDirectory:)`.
    public static func load(
        contentsOfFile path: String, options: Options = Options()
    ) throws(TableSpecError) -> TableSpec {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maximumByteCount: maximumByteCount)
        } catch {
            if case .tooLarge(let count, let limit) = error.reason { throw .tooLong(byteCount: count, limit: limit) }
            throw .cannotRead(file: path, reason: error.reasonDescription)
        }
        let folder = FilePaths.folder(of: path)
        return try TableSpec(json: bytes, baseDirectory: folder, options: options)
    }

    /// Parses and checks a spec, reading the files it names.
    ///
    /// - Parameters:
    ///   - json: the spec's text, UTF-8 JSON (RFC 8259) of at most
    ///     `maximumByteCount` bytes.
    ///   - baseDirectory: the folder relative image and font names are
    ///     resolved against ("" for the current directory); unless
    ///     `options.allowsAnyPath`, every file must lie inside it.
    ///   - options: the image budget and path confinement.
    /// - Throws: `TableSpecError` at the first fault: invalid JSON,
    ///   duplicate or unknown keys, values of the wrong type or out of
    ///   range, counts past the limits (checked before any row is made),
    ///   missing or unreadable images and fonts, selections outside the
    ///   table, or a table larger than a surface can hold at its scale.
    /// - Complexity: O(spec size + rows), plus reading the files it names.
    public init(json: [UInt8], baseDirectory: String, options: Options = Options()) throws(TableSpecError) {
        guard json.count <= TableSpec.maximumByteCount else {
            throw .tooLong(byteCount: json.count, limit: TableSpec.maximumByteCount)
        }
        let root = try JSONParser.parse(json)
        let object = try SpecBuilder.root(root)
        let resources = SpecResources(baseDirectory: baseDirectory, options: options)
        var builder = SpecBuilder(scale: try SpecBuilder.scale(of: object), resources: resources)
        resources.beginBuild()
        defer { resources.endBuild() }
        var built = try builder.table(object)
        built.fontFallback = options.fontDatabase.map { FontFallback(database: $0) }
        table = built
        self.root = root
        self.resources = resources
        self.baseDirectory = baseDirectory
    }

    /// The table built again at `scale` device pixels per point: the
    /// pinstripe background's tile and the variant of each image fill are
    /// the ones for `scale`. Reads only the image variants no build has
    /// kept (images the last build drew are kept; others are let go).
    /// - Throws: `.invalidScale` for a scale outside
    ///   `TableDescription.scaleRange`; `.invalidValue` at `$.sections` (or
    ///   `$.width`) if the table is larger than a surface can hold at it.
    public func table(scale: Double) throws(TableSpecError) -> TableDescription {
        guard scale.isFinite, TableDescription.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        var builder = SpecBuilder(scale: scale, resources: resources)
        resources.beginBuild()
        defer { resources.endBuild() }
        var built = try builder.table(try SpecBuilder.root(root))
        built.fontFallback = resources.options.fontDatabase.map { FontFallback(database: $0) }
        return built
    }
}
