// `hairline table`: a table of cell backgrounds (HairlineCells) -> PNGs.
// The table comes from options (layout, row counts, titles, labels…) or
// from a spec file (`--spec`, HairlineTableSpec); it is rendered at one or
// more scales across `--workers` threads, and `--cells` writes its cell
// look as per-position image assets. Everything is rendered before the
// first file is written; each file is written whole (PNGEncoder.write).

import Hairline
import HairlineCells
import HairlinePNG
import HairlineSystem
import HairlineTableSpec
import HairlineText

struct TableCommand {
    var layout: CellLayout = .grouped
    var rowCounts: [Int] = [3, 1, 4]
    /// The scales to render (nil: the spec's own, or 1).
    var scales: [Double]?
    var width = 320.0
    var rowHeight = TableSection.defaultRowHeight
    var selected: [CellIndexPath] = []
    var alternating = false
    var continuous = false
    /// The table's PNG (nil: the spec's name with .png, or table.png;
    /// none when only `--cells` is asked for).
    var output: String?
    /// Section header and footer titles by section.
    var headerTitles: [Int: String] = [:]
    var footerTitles: [Int: String] = [:]
    var headerView: String?
    /// `--footer-view TEXT`: a footer view titled TEXT below the table.
    var footerView: String?
    /// `--header-bar S:COLOR|none`: section S's header bar.
    var headerBars: [Int: SectionBar] = [:]
    /// Cell titles and details by index path.
    var cellTitles: [CellIndexPath: String] = [:]
    var cellDetails: [CellIndexPath: String] = [:]
    var textLayout: CellText.Layout = .default
    var accessory: CellAccessory = .none
    /// The spec file describing the table, if any.
    var spec: String?
    /// Threads to render on (nil: every processor).
    var workers: Int?
    /// The folder for the cell assets (`--cells`), if asked for.
    var cellsFolder: String?
    /// What the spec may read (`--image-budget`, `--allow-any-path`).
    var specOptions = TableSpec.Options()
    /// The most pixels the run's images may hold together (`--max-pixels`).
    var maximumPixels = OutputFiles.defaultMaximumPixels
    /// How hard the PNGs are compressed (`--png-level`).
    var pngLevel = PNGCompressionLevel.default
    /// The table-shaping options given, refused beside `--spec`.
    var shapingOptions: [String] = []
    /// The fonts characters the table's fonts lack are taken from.
    var fontOptions = FontOptions()
    /// `--rows S:R..S:R`: only these rows of the table (a viewport).
    var viewport: (first: CellIndexPath, last: CellIndexPath)?
    /// `--tile-height PX`: the table (or viewport) in numbered PNGs of at
    /// most this many device rows each.
    var tileHeight: Int?
    /// Images, indentation, label placement, appearance, header views.
    var content = TableContentOptions()

    /// The options that describe the table (a spec describes it instead).
    static let shapingOptionNames: Set<String> = [
        "--style", "--sections", "--width", "--row-height", "--select", "--header-title", "--footer-title",
        "--header-view", "--footer-view", "--header-bar", "--title", "--detail", "--text-layout", "--accessory",
        "--alternating", "--continuous",
    ]

    /// The most worker threads `--workers` accepts.
    static let maximumWorkers = 256

    init(parsing arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        func value(_ option: String) throws -> String {
            guard let v = iterator.next() else { throw CommandLineError.missingValue(option: option) }
            return v
        }
        while let arg = iterator.next() {
            if Self.shapingOptionNames.contains(arg) || TableContentOptions.names.contains(arg) {
                shapingOptions.append(arg)
            }
            if try parseRunOption(arg, value: { try value(arg) }) { continue }
            if try fontOptions.parse(arg, value: { try value(arg) }) { continue }
            if try content.parse(arg, value: { try value(arg) }) { continue }
            switch arg {
            case "--style":
                let name = try value(arg)
                guard let l = CellLayout.allCases.first(where: { "\($0)" == name }) else {
                    throw CommandLineError.invalidValue(
                        option: arg, value: name,
                        expected: "grouped, insetGrouped, plain or fullWidthGrouped")
                }
                layout = l
            case "--sections":
                let text = try value(arg)
                rowCounts = try text.split(separator: ",", omittingEmptySubsequences: false).map {
                    guard let n = Int($0.trimmingBlanks()), n >= 0, n <= Self.maximumRows else {
                        throw CommandLineError.invalidValue(
                            option: arg, value: text, expected: "row counts 0...\(Self.maximumRows) separated by commas"
                        )
                    }
                    return n
                }
            case "--width":
                width = try Self.parseLength(try value(arg), option: arg, minimum: 1)
            case "--row-height":
                rowHeight = try Self.parseLength(try value(arg), option: arg, minimum: 0)
            case "--select":
                let text = try value(arg)
                let parts = text.split(separator: ":")
                guard parts.count == 2, let s = Int(parts[0]), let r = Int(parts[1]) else {
                    throw CommandLineError.invalidValue(option: arg, value: text, expected: "SECTION:ROW, like 0:2")
                }
                selected.append(CellIndexPath(row: r, section: s))
            case "--header-title":
                let (section, text) = try Self.sectionText(try value(arg), option: arg)
                headerTitles[section] = text
            case "--footer-title":
                let (section, text) = try Self.sectionText(try value(arg), option: arg)
                footerTitles[section] = text
            case "--header-view":
                headerView = try value(arg)
            case "--footer-view":
                footerView = try value(arg)
            case "--header-bar":
                let (section, text) = try Self.sectionText(try value(arg), option: arg)
                if text == "none" {
                    headerBars[section] = .hidden
                } else if let color = Color(css: text) {
                    headerBars[section] = .color(color)
                } else {
                    throw CommandLineError.invalidValue(
                        option: arg, value: "\(section):\(text)",
                        expected: "SECTION:COLOR or SECTION:none, like 0:#F7F7F7")
                }
            case "--title":
                let (path, text) = try Self.rowText(try value(arg), option: arg)
                cellTitles[path] = text
            case "--detail":
                let (path, text) = try Self.rowText(try value(arg), option: arg)
                cellDetails[path] = text
            case "--text-layout":
                let name = try value(arg)
                guard let l = CellText.Layout.allCases.first(where: { "\($0)" == name }) else {
                    throw CommandLineError.invalidValue(
                        option: arg, value: name,
                        expected: "default, subtitle, value1 or value2")
                }
                textLayout = l
            case "--accessory":
                let name = try value(arg)
                guard let a = CellAccessory.allCases.first(where: { "\($0)" == name }) else {
                    throw CommandLineError.invalidValue(
                        option: arg, value: name,
                        expected: "none, disclosureIndicator, checkmark, detailButton or detailDisclosureButton")
                }
                accessory = a
            case "--alternating":
                alternating = true
            case "--continuous":
                continuous = true
            default:
                throw arg.hasPrefix("-")
                    ? CommandLineError.unknownOption(arg) : CommandLineError.unexpectedArgument(arg)
            }
        }
        if spec != nil, let first = shapingOptions.first {
            throw CommandLineError.conflictingOptions(first, "--spec")
        }
    }

    /// Reads `arg` if it is an option of the run rather than of the
    /// table (the spec, scales, workers, outputs), taking its value from
    /// `value`; false for any other argument.
    mutating func parseRunOption(_ arg: String, value: () throws -> String) throws -> Bool {
        switch arg {
        case "--spec":
            spec = try value()
        case "--scale":
            scales = [try RenderCommand.parseScale(try value())]
        case "--scales":
            scales = try RenderCommand.parseScales(try value())
        case "--workers":
            workers = try Self.parseCount(
                try value(), option: arg, in: 1...Self.maximumWorkers,
                expected: "a number of threads, 1...\(Self.maximumWorkers)")
        case "--cells":
            cellsFolder = try value()
        case "--image-budget":
            specOptions.imagePixelBudget = try RenderCommand.parsePixelCount(
                try value(), option: arg, maximum: Surface.maximumPixelCount * 16,
                expected: "a number of decoded image pixels, like 268435456")
        case "--allow-any-path":
            specOptions.allowsAnyPath = true
        case "--max-pixels":
            maximumPixels = try RenderCommand.parsePixelCount(try value(), option: arg)
        case PNGLevelOption.name:
            pngLevel = try PNGLevelOption.parse(try value())
        case "-o", "--output":
            output = try RenderCommand.pngPath(try value(), option: arg)
        case "--rows":
            viewport = try Self.parseRowRange(try value(), option: arg)
        case "--tile-height":
            tileHeight = try Self.parseCount(
                try value(), option: arg, in: 1...Surface.maximumDimension,
                expected: "device pixels per tile, 1...\(Surface.maximumDimension)")
        default:
            return false
        }
        return true
    }

    /// A whole number in `range` as an option writes it (`--workers 4`),
    /// or a usage error naming what `expected` says.
    static func parseCount(
        _ text: String, option: String, in range: ClosedRange<Int>,
        expected: String
    ) throws -> Int {
        guard let n = Int(text), range.contains(n) else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: expected)
        }
        return n
    }

    /// `S:R..S:R`: the first and last rows of a viewport (in order).
    static func parseRowRange(_ text: String, option: String) throws -> (CellIndexPath, CellIndexPath) {
        func path(_ part: Substring) -> CellIndexPath? {
            let numbers = part.split(separator: ":", omittingEmptySubsequences: false)
            guard numbers.count == 2, let s = Int(numbers[0]), let r = Int(numbers[1]), s >= 0, r >= 0 else {
                return nil
            }
            return CellIndexPath(row: r, section: s)
        }
        guard let dots = text.firstRange(of: ".."), let first = path(text[..<dots.lowerBound]),
            let last = path(text[dots.upperBound...])
        else {
            throw CommandLineError.invalidValue(
                option: option, value: text,
                expected: "FIRST..LAST as SECTION:ROW..SECTION:ROW, like 0:0..0:99")
        }
        guard first <= last else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: "a first row before the last")
        }
        return (first, last)
    }

    /// `base` (a `.png` path) numbered `index` of `count`, zero-padded so
    /// the names sort: `table.png` -> `table-07.png`.
    static func numbered(_ base: String, index: Int, count: Int) -> String {
        let digits = String(count).count
        let number = String(repeating: "0", count: max(0, digits - String(index).count)) + String(index)
        let stem = base.lowercased().hasSuffix(".png") ? String(base.dropLast(4)) : base
        return "\(RenderCommand.withoutScaleSuffix(stem))-\(number).png"
    }

    /// The table's layout on one surface; a table too large for one says
    /// how to draw it in parts.
    static func wholeLayout(of table: TableDescription) throws -> TableLayout {
        let result = Result { () throws(TableError) in try table.layout() }
        if case .failure(let error) = result, case .tooLarge(let width, let height) = error {
            throw TooTallTable(width: width, height: height)
        }
        return try result.get()
    }

    /// The most rows a section may have on the command line.
    static let maximumRows = 100_000

    /// `SECTION:TEXT` (the text may hold colons).
    static func sectionText(_ argument: String, option: String) throws -> (Int, String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), section >= 0 else {
            throw CommandLineError.invalidValue(
                option: option, value: argument, expected: "SECTION:TEXT, like 0:General")
        }
        return (section, String(parts[1]))
    }

    /// `SECTION:ROW:TEXT` (the text may hold colons).
    static func rowText(_ argument: String, option: String) throws -> (CellIndexPath, String) {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let section = Int(parts[0]), let row = Int(parts[1]), section >= 0, row >= 0 else {
            throw CommandLineError.invalidValue(
                option: option, value: argument,
                expected: "SECTION:ROW:TEXT, like 0:1:Wi-Fi")
        }
        return (CellIndexPath(row: row, section: section), String(parts[2]))
    }

    /// Throws unless `path` names a row of the table (`option` said it).
    func check(_ path: CellIndexPath, option: String) throws {
        guard path.section < rowCounts.count else {
            throw CommandLineError.invalidValue(
                option: option, value: "\(path.section):\(path.row)",
                expected: "a section of the table, 0..<\(rowCounts.count) (section \(path.section) does not exist)")
        }
        guard path.row < rowCounts[path.section] else {
            throw CommandLineError.invalidValue(
                option: option, value: "\(path.section):\(path.row)",
                expected: "a row of the table (sections 0..<\(rowCounts.count), "
                    + "rows 0..<\(path.section < rowCounts.count ? rowCounts[path.section] : 0) in that section)")
        }
    }

    /// Throws unless `section` is one of the table's (`option` named it).
    func check(section: Int, option: String) throws {
        guard section < rowCounts.count else {
            throw CommandLineError.invalidValue(
                option: option, value: "\(section)",
                expected: "a section of the table, 0..<\(rowCounts.count)")
        }
    }

    static func parseLength(_ text: String, option: String, minimum: Double) throws -> Double {
        guard let v = Double(text), v.isFinite, v >= minimum, v <= 100_000 else {
            throw CommandLineError.invalidValue(
                option: option, value: text, expected: "a length in points, \(minimum)...100000")
        }
        return v
    }

    /// The table the options describe, at `scale`.
    /// - Throws: `CommandLineError` if a selection, title or detail names
    ///   a section or row the table does not have.
    func table(scale: Double) throws -> TableDescription {
        var style = try content.cellStyle(layout: layout)
        if alternating { style.alternateFill = .color(Color(red8: 0xF2, green8: 0xF5, blue8: 0xFA)) }
        if continuous { style.cornerCurve = .continuous }
        style.accessory = accessory
        var table = TableDescription(
            cellStyle: style, rowCounts: rowCounts, rowHeight: rowHeight, width: width, scale: scale)
        for path in selected { try check(path, option: "--select") }
        table.selectedRows = Set(selected)
        for (section, title) in headerTitles {
            try check(section: section, option: "--header-title")
            table.sections[section].headerTitle = title
        }
        for (section, title) in footerTitles {
            try check(section: section, option: "--footer-title")
            table.sections[section].footerTitle = title
        }
        // The header and footer views in the look of the style's iOS version.
        if let headerView {
            table.headerView = TableHeaderView.standard(title: headerView, for: layout, appearance: content.appearance)
        }
        if let footerView {
            table.footerView = TableHeaderView.standard(title: footerView, for: layout, appearance: content.appearance)
        }
        for (section, bar) in headerBars {
            try check(section: section, option: "--header-bar")
            table.sections[section].headerBar = bar
        }
        for path in cellDetails.keys where cellTitles[path] == nil {
            throw CommandLineError.invalidValue(
                option: "--detail", value: "\(path.section):\(path.row)",
                expected: "a row given a --title too")
        }
        for (path, title) in cellTitles {
            try check(path, option: "--title")
            var texts = table.sections[path.section].texts
            if texts.count <= path.row { texts += Array(repeating: nil, count: path.row + 1 - texts.count) }
            texts[path.row] = CellText(title, detail: cellDetails[path], layout: textLayout)
            table.sections[path.section].texts = texts
        }
        var content = self.content
        try content.apply(to: &table, textLayout: textLayout) { path, option in try check(path, option: option) }
        return table
    }

    /// The table's PNG path: `-o`, else none if only cell assets are
    /// asked for, else the spec's name with `.png` in the current folder,
    /// else `table.png`.
    var tableOutput: String? {
        if let output { return output }
        if cellsFolder != nil { return nil }
        if let spec { return defaultOutput(for: spec) }
        return "table.png"
    }

    func run() throws {
        var loaded: TableSpec?
        if let spec {
            do throws(TableSpecError) {
                loaded = try TableSpec.load(contentsOfFile: spec, options: specOptions)
            } catch {
                throw SpecFileError(file: spec, error: error)
            }
        }
        let scales = self.scales ?? [loaded?.scale ?? 1]
        // Each scale rendered, encoded and staged in turn (one surface at
        // a time); the files are put in place together at the end, so a
        // bad table, size or path leaves every previous file as it was.
        let outputs = OutputFiles(maximumPixels: maximumPixels, pngLevel: pngLevel)
        if let spec { outputs.protect(spec, as: "the spec") }
        for file in content.namedFiles { outputs.protect(file, as: "an image the table draws") }
        for file in loaded?.readFiles ?? [] { outputs.protect(file, as: "a file the spec reads") }
        let fonts = fontOptions.makeDatabase()
        defer { FontOptions.printWarnings(of: fonts) }
        for scale in scales {
            var table: TableDescription
            if let loaded {
                do throws(TableSpecError) {
                    table = scale == loaded.scale ? loaded.table : try loaded.table(scale: scale)
                } catch {
                    throw SpecFileError(file: spec ?? "", error: error)
                }
            } else {
                table = try self.table(scale: scale)
            }
            // Fonts are read only if some text needs a character its
            // font lacks.
            table.fontFallback = FontFallback(database: fonts)
            // What the text will not show as written, said once.
            if scale == scales.first {
                for message in table.warnings() { warn(message) }
            }
            if let base = tableOutput {
                if viewport == nil && tileHeight == nil {
                    let path = RenderCommand.outputPath(base: base, scale: scale, scaleCount: scales.count)
                    let layout = try Self.wholeLayout(of: table)
                    try outputs.reserve(width: layout.pixelWidth, height: layout.pixelHeight, for: path)
                    let surface = try TableRenderer.render(table, workers: workers)
                    try outputs.add(surface, path: path)
                } else {
                    try renderParts(of: table, base: base, scale: scale, scaleCount: scales.count, into: outputs)
                }
            }
            if let folder = cellsFolder {
                let suffix = scale == 1 ? "" : "@\(RenderCommand.scaleLabel(scale))x"
                for asset in try CellAssets.render(table) {
                    try outputs.add(asset.surface, path: folder + "/" + asset.name + suffix + ".png")
                }
            }
        }
        for file in loaded?.readFiles ?? [] { outputs.protect(file, as: "a file the spec reads") }
        try outputs.commit()
    }
}

extension TableCommand {
    /// Renders the `--rows` viewport, or the table in `--tile-height`
    /// tiles (numbered `base-1.png`… at each scale), each tile held alone:
    /// `--max-pixels` bounds each tile rather than the run, so a table
    /// taller than a surface can be drawn whole.
    func renderParts(
        of table: TableDescription, base: String, scale: Double, scaleCount: Int,
        into outputs: OutputFiles
    ) throws {
        let layout = try table.unboundedLayout()
        let region = try viewport.map { try table.pixelRows(from: $0.first, through: $0.last) }
        let parts: [Range<Int>]
        if let tileHeight {
            parts = try table.tileRanges(tileHeight: tileHeight, within: region)
        } else {
            parts = [region ?? 0..<layout.pixelHeight]
        }
        for (index, rows) in parts.enumerated() {
            let name = tileHeight == nil ? base : Self.numbered(base, index: index + 1, count: parts.count)
            let path = RenderCommand.outputPath(base: name, scale: scale, scaleCount: scaleCount)
            guard layout.pixelWidth * rows.count <= outputs.maximumPixels else {
                throw OutputError.tooManyPixels(
                    path: path, width: layout.pixelWidth, height: rows.count, used: 0,
                    limit: outputs.maximumPixels)
            }
            let surface = try TableRenderer.render(table, pixelRows: rows, workers: workers)
            try outputs.add(surface, path: path, countingPixels: tileHeight == nil)
        }
    }
}

/// A table too large for one surface, with the ways around it.
struct TooTallTable: Error, CustomStringConvertible {
    let width: Int, height: Int

    var description: String {
        "\(TableError.tooLarge(width: width, height: height)); draw it in parts with --tile-height PX "
            + "(numbered PNGs) or a part of it with --rows S:R..S:R"
    }
}

/// A fault in a spec file, prefixed with the file's path.
struct SpecFileError: Error, CustomStringConvertible {
    let file: String
    let error: TableSpecError

    var description: String {
        if case .cannotRead = error { return "\(error)" }
        return "\(EchoedText.shown(file)): \(error)"
    }
}
