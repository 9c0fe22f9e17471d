// Table spec tests' support: a folder of small PNGs made once per run
// (pattern tiles and cell images in @1x/@2x/@3x variants, a file that is
// not a PNG), the specs' common table and its Swift twin, markers that
// say where an error must point, and renders compared byte for byte.

import Foundation
import Hairline
import HairlineCells
import HairlinePNG
import HairlineTableSpec
import HairlineTestSupport
import HairlineText
import Testing

enum SpecFixtures {
    /// A temporary folder holding the images the specs name.
    static let folder: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "hairline-tablespec-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let files: [(String, Int, Color)] = [
            ("tile.png", 4, Color(red8: 0xE0, green8: 0x40, blue8: 0x40)),
            ("tile@2x.png", 8, Color(red8: 0x40, green8: 0xE0, blue8: 0x40)),
            ("solo@3x.png", 6, Color(red8: 0x40, green8: 0x40, blue8: 0xE0)),
            ("bg.png", 12, Color(red8: 0xF0, green8: 0xE0, blue8: 0xA0)),
            ("bg@2x.png", 24, Color(red8: 0xA0, green8: 0xE0, blue8: 0xF0)),
            ("single.png", 24, Color(red8: 0xFF, green8: 0xFF, blue8: 0xFF)),
            ("single@2x.png", 48, Color(red8: 0xF8, green8: 0xF8, blue8: 0xF8)),
            ("single@3x.png", 72, Color(red8: 0xF0, green8: 0xF0, blue8: 0xF0)),
            ("top.png", 24, Color(red8: 0xFF, green8: 0xF0, blue8: 0xF0)),
            ("top@2x.png", 48, Color(red8: 0xFF, green8: 0xE8, blue8: 0xE8)),
            ("middle.png", 24, Color(red8: 0xF0, green8: 0xFF, blue8: 0xF0)),
            ("bottom@2x.png", 48, Color(red8: 0xF0, green8: 0xF0, blue8: 0xFF)),
            ("single-selected.png", 24, Color(red8: 0x20, green8: 0x60, blue8: 0xE0)),
            ("single-selected@2x.png", 48, Color(red8: 0x20, green8: 0x50, blue8: 0xD0)),
        ]
        for (name, size, color) in files {
            // A rounded square of `color` with a darker ring, on clear.
            guard let surface = try? Surface(width: size, height: size) else { continue }
            let canvas = Canvas(surface: surface, scale: 1)
            var path = Path()
            path.addRoundedRect(
                in: Rect(x: 0.5, y: 0.5, width: Double(size) - 1, height: Double(size) - 1),
                cornerRadius: Double(size) / 4)
            canvas.draw(
                path, fill: .solid(color), stroke: .solid(color.withAlphaMultiplied(by: 0.5)),
                style: StrokeStyle(width: 1))
            try? PNGEncoder.write(surface, toFile: url.appendingPathComponent(name).path)
        }
        try? Data("not a PNG".utf8).write(to: url.appendingPathComponent("broken.png"))
        return url.path
    }()

    /// A fixture image as the spec reader decodes it.
    static func image(_ name: String) -> Image {
        // The fixtures are written above; a failure here is a broken test.
        try! PNGDecoder.decode(contentsOfFile: folder + "/" + name).image()
    }

    /// A bundled font's file in the repository, for specs naming a file.
    static let fontPath = RepositoryFiles.path("Sources/HairlineText/Fonts/DejaVuSans-Bold.ttf")

    static let regular = try! Font(.dejaVuSans)
    static let bold = try! Font(.dejaVuSansBold)

    /// The common spec: a table 200 pt wide with `style` and `sections`,
    /// plus the root members in `extra` (JSON text without braces).
    static func spec(
        _ extra: String = "", style: String = ##"{"layout": "grouped"}"##,
        sections: String = ##"[{"rows": 2}, {"rows": 1}]"##
    ) -> String {
        ##"{"width": 200, "style": \##(style), "sections": \##(sections)\##(extra.isEmpty ? "" : ", " + extra)}"##
    }

    /// The common table in Swift: `style`, sections of 2 and 1 rows of
    /// 44 pt, 200 pt wide, at `scale`.
    static func table(
        _ style: CellStyle = CellStyle(layout: .grouped), scale: Double,
        rows: [Int] = [2, 1]
    ) -> TableDescription {
        TableDescription(cellStyle: style, rowCounts: rows, width: 200, scale: scale)
    }

    /// The spec in `text`, its images and fonts in the fixture folder
    /// (and the bundled font's file, outside it, if the spec names it).
    static func load(_ text: String) throws(TableSpecError) -> TableSpec {
        try TableSpec(
            json: Array(text.utf8), baseDirectory: folder,
            options: TableSpec.Options(allowsAnyPath: text.contains(fontPath)))
    }

    /// The table's pixels on one worker.
    static func pixels(_ table: TableDescription) throws -> [UInt8] {
        try TableRenderer.render(table, workers: 1).bytes
    }

    /// `text` without its one `‸` marker, and the marker's line and column
    /// (columns in Unicode scalars, as errors count them).
    static func marked(_ text: String) -> (json: String, location: SpecLocation) {
        var line = 1, column = 1
        var json = ""
        var location = SpecLocation(line: 0, column: 0)
        for scalar in text.unicodeScalars {
            if scalar == "‸" {
                location = SpecLocation(line: line, column: column)
                continue
            }
            json.unicodeScalars.append(scalar)
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (json, location)
    }
}
