// `hairline table` options for a cell's content beyond its labels and for
// the table's look: leading images and image accessories per row (PNG
// files with their @2x/@3x variants found beside them), indentation, label
// insets and position (points), the appearance (light or dark) and the
// header views' images. Parsed here, applied to the TableDescription the
// other options describe.

import Hairline
import HairlineCells
import HairlinePNG
import HairlineSystem

/// The content and look options of `hairline table`.
struct TableContentOptions {
    /// `--image S:R:FILE` and `--selected-image S:R:FILE`: leading images.
    var images: [CellIndexPath: String] = [:]
    var selectedImages: [CellIndexPath: String] = [:]
    /// `--image-size W,H` (points), for every leading image.
    var imageSize: Size?
    /// `--image-tint S:R:COLOR`: a row's leading image as a template.
    var imageTints: [CellIndexPath: Color] = [:]
    /// `--accessory-image S:R:FILE`, `--selected-accessory-image S:R:FILE`.
    var accessoryImages: [CellIndexPath: String] = [:]
    var selectedAccessoryImages: [CellIndexPath: String] = [:]
    /// `--indent S:R:LEVEL` and `--indentation-width PT`.
    var indentation: [CellIndexPath: Int] = [:]
    var indentationWidth: Double?
    /// `--label-insets LEADING,TRAILING` (points).
    var labelInsets: (leading: Double, trailing: Double)?
    /// `--label-position center|top|bottom[:PT]`.
    var labelPosition: LabelPosition?
    /// `--appearance light|dark`.
    var appearance: TableAppearance = .light
    /// `--header-view-image FILE`: an image before the header view's title.
    var headerViewImage: String?
    /// `--section-header-view S:TEXT`: section S's own header view.
    var sectionHeaderViews: [Int: String] = [:]
    /// The image files read.
    private(set) var readFiles: [String] = []

    /// Every image file the options name, with the @2x/@3x names beside
    /// them (protected from being overwritten by the run's outputs).
    var namedFiles: [String] {
        let files =
            Array(images.values) + Array(selectedImages.values) + Array(accessoryImages.values)
            + Array(selectedAccessoryImages.values) + (headerViewImage.map { [$0] } ?? [])
        return files.flatMap { file -> [String] in
            let ext = FilePaths.pathExtension(file)
            let stem = ext.isEmpty ? file : String(file.dropLast(ext.count + 1))
            let dot = ext.isEmpty ? "" : "." + ext
            return [file, "\(stem)@2x\(dot)", "\(stem)@3x\(dot)"]
        }
    }

    /// The options that shape the table (refused beside `--spec`).
    static let names: Set<String> = [
        "--image", "--selected-image", "--image-size", "--image-tint", "--accessory-image",
        "--selected-accessory-image", "--indent", "--indentation-width", "--label-insets", "--label-position",
        "--appearance", "--header-view-image", "--section-header-view",
    ]

    /// The deepest `--indent` level.
    static let maximumIndentationLevel = 1_000

    /// Reads `arg` if it is one of these options (its value from
    /// `value`); false for any other argument.
    mutating func parse(_ arg: String, value: () throws -> String) throws -> Bool {
        switch arg {
        case "--image": try Self.store(&images, try value(), option: arg)
        case "--selected-image": try Self.store(&selectedImages, try value(), option: arg)
        case "--accessory-image": try Self.store(&accessoryImages, try value(), option: arg)
        case "--selected-accessory-image": try Self.store(&selectedAccessoryImages, try value(), option: arg)
        case "--image-size":
            let (w, h) = try Self.pair(try value(), option: arg, expected: "WIDTH,HEIGHT in points, like 29,29")
            imageSize = Size(width: w, height: h)
        case "--image-tint":
            let (path, text) = try TableCommand.rowText(try value(), option: arg)
            guard let color = Color(css: text) else {
                throw CommandLineError.invalidValue(
                    option: arg, value: "\(path.section):\(path.row):\(text)",
                    expected: "SECTION:ROW:COLOR with a CSS color, like 0:1:#FF9500")
            }
            imageTints[path] = color
        case "--indent":
            let (path, text) = try TableCommand.rowText(try value(), option: arg)
            guard let level = Int(text), (0...Self.maximumIndentationLevel).contains(level) else {
                throw CommandLineError.invalidValue(
                    option: arg, value: "\(path.section):\(path.row):\(text)",
                    expected: "SECTION:ROW:LEVEL with a level in 0...\(Self.maximumIndentationLevel), like 0:1:2")
            }
            indentation[path] = level
        case "--indentation-width":
            indentationWidth = try TableCommand.parseLength(try value(), option: arg, minimum: 0)
        case "--label-insets":
            labelInsets = try Self.pair(
                try value(), option: arg, expected: "LEADING,TRAILING in points, like 20,15")
        case "--label-position":
            labelPosition = try Self.labelPosition(try value(), option: arg)
        case "--appearance":
            let text = try value()
            guard let a = TableAppearance.allCases.first(where: { "\($0)" == text }) else {
                throw CommandLineError.invalidValue(option: arg, value: text, expected: "light or dark")
            }
            appearance = a
        case "--header-view-image":
            headerViewImage = try value()
        case "--section-header-view":
            let (section, text) = try TableCommand.sectionText(try value(), option: arg)
            sectionHeaderViews[section] = text
        default:
            return false
        }
        return true
    }

    /// `SECTION:ROW:FILE` stored by its row.
    private static func store(_ map: inout [CellIndexPath: String], _ text: String, option: String) throws {
        let (path, file) = try TableCommand.rowText(text, option: option)
        guard !file.isEmpty else {
            throw CommandLineError.invalidValue(
                option: option, value: text, expected: "SECTION:ROW:FILE, like 0:0:icon.png")
        }
        map[path] = file
    }

    /// `A,B`: two lengths in points, 0...100000.
    private static func pair(_ text: String, option: String, expected: String) throws -> (Double, Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]),
            a.isFinite, b.isFinite, (0...100_000).contains(a), (0...100_000).contains(b)
        else { throw CommandLineError.invalidValue(option: option, value: text, expected: expected) }
        return (a, b)
    }

    /// `center`, `top`, `bottom`, optionally `:PT` (the centre's offset,
    /// y down, or the inset from the top or bottom).
    static func labelPosition(_ text: String, option: String) throws -> LabelPosition {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let amount = parts.count == 2 ? Double(parts[1]) : 0
        let expected = "center, top or bottom, optionally with :POINTS (center:-4, top:8, bottom:6)"
        guard let amount, amount.isFinite, abs(amount) <= 100_000 else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: expected)
        }
        switch parts[0] {
        case "center": return .center(offset: amount)
        case "top" where amount >= 0: return .top(inset: amount)
        case "bottom" where amount >= 0: return .bottom(inset: amount)
        default: throw CommandLineError.invalidValue(option: option, value: text, expected: expected)
        }
    }

    /// The rows these options name (checked against the table).
    var namedRows: [(CellIndexPath, String)] {
        let groups: [(String, [CellIndexPath])] = [
            ("--image", Array(images.keys)), ("--selected-image", Array(selectedImages.keys)),
            ("--accessory-image", Array(accessoryImages.keys)),
            ("--selected-accessory-image", Array(selectedAccessoryImages.keys)), ("--indent", Array(indentation.keys)),
            ("--image-tint", Array(imageTints.keys)),
        ]
        return groups.flatMap { option, paths in paths.sorted().map { ($0, option) } }
    }
}

extension TableContentOptions {
    /// The table's cell style in the chosen appearance.
    func cellStyle(layout: CellLayout) throws -> CellStyle {
        guard appearance.isAvailable(for: layout) else {
            throw CommandLineError.invalidValue(
                option: "--appearance", value: "\(appearance)",
                expected: "light for --style \(layout) (iOS 6 had no dark appearance; insetGrouped, "
                    + "fullWidthGrouped and plain have one)")
        }
        return CellStyle(layout: layout, appearance: appearance)
    }

    /// Applies the options to `table` (built by the other options), whose
    /// rows `check` validates; rows named here without a `--title` get an
    /// empty one in `textLayout`. Reads the image files.
    mutating func apply(
        to table: inout TableDescription, textLayout: CellText.Layout, check: (CellIndexPath, String) throws -> Void
    ) throws {
        for (path, option) in namedRows { try check(path, option) }
        var text: [CellIndexPath: CellText] = [:]
        func edit(_ path: CellIndexPath, _ change: (inout CellText) -> Void) {
            var t = text[path] ?? table.sections[path.section].text(ofRow: path.row) ?? CellText("", layout: textLayout)
            change(&t)
            text[path] = t
        }
        for (path, file) in images {
            var icon = CellIcon(
                images: try loadVariants(file, option: "--image"), size: imageSize, tint: imageTints[path])
            if let selected = selectedImages[path] {
                icon.selectedImages = try loadVariants(selected, option: "--selected-image")
            }
            edit(path) { $0.image = icon }
        }
        for (option, paths) in [
            ("--selected-image", Array(selectedImages.keys)), ("--image-tint", Array(imageTints.keys)),
        ] {
            for path in paths.sorted() where images[path] == nil {
                throw CommandLineError.invalidValue(
                    option: option, value: "\(path.section):\(path.row)", expected: "a row given an --image too")
            }
        }
        for (path, file) in accessoryImages {
            var icon = CellIcon(images: try loadVariants(file, option: "--accessory-image"))
            if let selected = selectedAccessoryImages[path] {
                icon.selectedImages = try loadVariants(selected, option: "--selected-accessory-image")
            }
            edit(path) { $0.accessoryImage = icon }
        }
        for path in selectedAccessoryImages.keys where accessoryImages[path] == nil {
            throw CommandLineError.invalidValue(
                option: "--selected-accessory-image", value: "\(path.section):\(path.row)",
                expected: "a row given an --accessory-image too")
        }
        for (path, level) in indentation { edit(path) { $0.indentationLevel = level } }
        for (path, t) in text {
            var texts = table.sections[path.section].texts
            if texts.count <= path.row { texts += Array(repeating: nil, count: path.row + 1 - texts.count) }
            texts[path.row] = t
            table.sections[path.section].texts = texts
        }
        if indentationWidth != nil || labelInsets != nil || labelPosition != nil {
            var style =
                table.textStyle
                ?? CellTextStyle.standard(for: table.cellStyle.layout, appearance: table.cellStyle.appearance)
            if let indentationWidth { style?.indentationWidth = indentationWidth }
            if let labelInsets {
                style?.leadingInset = labelInsets.leading
                style?.trailingInset = labelInsets.trailing
            }
            if let labelPosition { style?.labelPosition = labelPosition }
            table.textStyle = style
        }
        if let headerViewImage {
            guard table.headerView != nil else {
                throw CommandLineError.invalidValue(
                    option: "--header-view-image", value: headerViewImage, expected: "a table with a --header-view")
            }
            table.headerView?.image = CellIcon(images: try loadVariants(headerViewImage, option: "--header-view-image"))
        }
        for (section, title) in sectionHeaderViews {
            guard section < table.sections.count else {
                throw CommandLineError.invalidValue(
                    option: "--section-header-view", value: "\(section)",
                    expected: "a section of the table, 0..<\(table.sections.count)")
            }
            table.sections[section].headerView = TableHeaderView.standard(
                title: title, for: table.cellStyle.layout, appearance: appearance)
        }
    }

    /// The scale variants of the PNG `file`: a name ending in `@Nx` is
    /// that scale alone; any other is the 1x variant, with `@2x` and `@3x`
    /// files beside it if they exist.
    mutating func loadVariants(_ file: String, option: String) throws -> [CellImage] {
        let pathExtension = FilePaths.pathExtension(file)
        let ext = pathExtension.isEmpty ? "" : "." + pathExtension
        let stem = ext.isEmpty ? file : String(file.dropLast(ext.count))
        var candidates: [(Double, String)] = [(1, file), (2, "\(stem)@2x\(ext)"), (3, "\(stem)@3x\(ext)")]
        if let at = stem.lastIndex(of: "@"), stem.hasSuffix("x"),
            let n = Double(stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]), n.isFinite, n > 0
        {
            candidates = [(n, file)]
        }
        var variants: [CellImage] = []
        for (index, (scale, path)) in candidates.enumerated() {
            guard index == 0 || FilePaths.exists(path) else { continue }
            do {
                let image = try PNGDecoder.decodeImage(contentsOfFile: path)
                variants.append(CellImage(image, capInsets: EdgeInsets(all: 0), imageScale: scale))
                readFiles.append(path)
            } catch {
                throw CommandLineError.invalidValue(
                    option: option, value: path, expected: "a readable PNG file (\(error))")
            }
        }
        return variants
    }
}
