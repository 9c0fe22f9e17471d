// `hairline table`: a table of cell backgrounds (HairlineCells) -> one PNG.
// Options pick the layout, the sections' row counts, the scale, the look,
// section titles, a header view and the cells' labels; the table is
// rendered across all cores.

import Foundation
import Hairline
import HairlineCells
import HairlinePNG

struct TableCommand {
    var layout: CellLayout = .grouped
    var rowCounts: [Int] = [3, 1, 4]
    var scale = 1.0
    var width = 320.0
    var rowHeight = TableSection.defaultRowHeight
    var selected: [CellIndexPath] = []
    var alternating = false
    var continuous = false
    var output = "table.png"
    /// Section header and footer titles by section.
    var headerTitles: [Int: String] = [:]
    var footerTitles: [Int: String] = [:]
    var headerView: String?
    /// Cell titles and details by index path.
    var cellTitles: [CellIndexPath: String] = [:]
    var cellDetails: [CellIndexPath: String] = [:]
    var textLayout: CellText.Layout = .default
    var accessory: CellAccessory = .none

    init(parsing arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        func value(_ option: String) throws -> String {
            guard let v = iterator.next() else { throw CommandLineError.missingValue(option: option) }
            return v
        }
        while let arg = iterator.next() {
            switch arg {
            case "--style":
                let name = try value(arg)
                guard let l = CellLayout.allCases.first(where: { "\($0)" == name }) else {
                    throw CommandLineError.invalidValue(option: arg, value: name,
                                                        expected: "grouped, insetGrouped or plain")
                }
                layout = l
            case "--sections":
                let text = try value(arg)
                rowCounts = try text.split(separator: ",", omittingEmptySubsequences: false).map {
                    guard let n = Int($0.trimmingCharacters(in: .whitespaces)), n >= 0, n <= Self.maximumRows else {
                        throw CommandLineError.invalidValue(
                            option: arg, value: text, expected: "row counts 0...\(Self.maximumRows) separated by commas")
                    }
                    return n
                }
            case "--scale":
                scale = try RenderCommand.parseScale(try value(arg))
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
            case "--title":
                let (path, text) = try Self.rowText(try value(arg), option: arg)
                cellTitles[path] = text
            case "--detail":
                let (path, text) = try Self.rowText(try value(arg), option: arg)
                cellDetails[path] = text
            case "--text-layout":
                let name = try value(arg)
                guard let l = CellText.Layout.allCases.first(where: { "\($0)" == name }) else {
                    throw CommandLineError.invalidValue(option: arg, value: name,
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
            case "-o", "--output":
                output = try value(arg)
            default:
                throw arg.hasPrefix("-") ? CommandLineError.unknownOption(arg) : CommandLineError.unexpectedArgument(arg)
            }
        }
    }

    /// The most rows a section may have on the command line.
    static let maximumRows = 100_000

    /// `SECTION:TEXT` (the text may hold colons).
    static func sectionText(_ argument: String, option: String) throws -> (Int, String) {
        let parts = argument.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let section = Int(parts[0]), section >= 0 else {
            throw CommandLineError.invalidValue(option: option, value: argument, expected: "SECTION:TEXT, like 0:General")
        }
        return (section, String(parts[1]))
    }

    /// `SECTION:ROW:TEXT` (the text may hold colons).
    static func rowText(_ argument: String, option: String) throws -> (CellIndexPath, String) {
        let parts = argument.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let section = Int(parts[0]), let row = Int(parts[1]), section >= 0, row >= 0 else {
            throw CommandLineError.invalidValue(option: option, value: argument,
                                                expected: "SECTION:ROW:TEXT, like 0:1:Wi-Fi")
        }
        return (CellIndexPath(row: row, section: section), String(parts[2]))
    }

    /// Throws unless `path` names a row of the table (`option` said it).
    func check(_ path: CellIndexPath, option: String) throws {
        guard path.section < rowCounts.count, path.row < rowCounts[path.section] else {
            throw CommandLineError.invalidValue(
                option: option, value: "\(path.section):\(path.row)",
                expected: "a row of the table (sections 0..<\(rowCounts.count), "
                    + "rows 0..<\(path.section < rowCounts.count ? rowCounts[path.section] : 0) in that section)")
        }
    }

    /// Throws unless `section` is one of the table's (`option` named it).
    func check(section: Int, option: String) throws {
        guard section < rowCounts.count else {
            throw CommandLineError.invalidValue(option: option, value: "\(section)",
                                                expected: "a section of the table, 0..<\(rowCounts.count)")
        }
    }

    static func parseLength(_ text: String, option: String, minimum: Double) throws -> Double {
        guard let v = Double(text), v.isFinite, v >= minimum, v <= 100_000 else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: "a length in points, \(minimum)...100000")
        }
        return v
    }

    /// The table the options describe.
    /// - Throws: `CommandLineError` if a selection, title or detail names
    ///   a section or row the table does not have.
    func table() throws -> TableDescription {
        var style = CellStyle(layout: layout)
        if alternating { style.alternateFill = .color(Color(red8: 0xF2, green8: 0xF5, blue8: 0xFA)) }
        if continuous { style.cornerCurve = .continuous }
        style.accessory = accessory
        var table = TableDescription(cellStyle: style, rowCounts: rowCounts, rowHeight: rowHeight, width: width, scale: scale)
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
        if let headerView { table.headerView = TableHeaderView(title: headerView) }
        for path in cellDetails.keys where cellTitles[path] == nil {
            throw CommandLineError.invalidValue(option: "--detail", value: "\(path.section):\(path.row)",
                                                expected: "a row given a --title too")
        }
        for (path, title) in cellTitles {
            try check(path, option: "--title")
            var texts = table.sections[path.section].texts
            if texts.count <= path.row { texts += Array(repeating: nil, count: path.row + 1 - texts.count) }
            texts[path.row] = CellText(title, detail: cellDetails[path], layout: textLayout)
            table.sections[path.section].texts = texts
        }
        return table
    }

    func run() throws {
        let surface = try TableRenderer.render(try table())
        try createFolder(for: output)
        try PNGEncoder.write(surface, toFile: output)
    }
}

/// Creates the folder that will hold `path`, if missing.
func createFolder(for path: String) throws {
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        throw RenderError.cannotCreateFolder(path: folder.path, reason: error.localizedDescription)
    }
}
