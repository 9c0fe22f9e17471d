// `hairline table`: a table of cell backgrounds (HairlineCells) -> one PNG.
// Options pick the layout, the sections' row counts, the scale and the
// look; the table is rendered across all cores.

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

    static func parseLength(_ text: String, option: String, minimum: Double) throws -> Double {
        guard let v = Double(text), v.isFinite, v >= minimum, v <= 100_000 else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: "a length in points, \(minimum)...100000")
        }
        return v
    }

    /// The table the options describe.
    func table() -> TableDescription {
        var style = CellStyle(layout: layout)
        if alternating { style.alternateFill = .color(Color(red8: 0xF2, green8: 0xF5, blue8: 0xFA)) }
        if continuous { style.cornerCurve = .continuous }
        var table = TableDescription(cellStyle: style, rowCounts: rowCounts, rowHeight: rowHeight, width: width, scale: scale)
        table.selectedRows = Set(selected)
        return table
    }

    func run() throws {
        let surface = try TableRenderer.render(table())
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
