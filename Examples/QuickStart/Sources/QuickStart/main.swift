// QuickStart: draws one grouped cell at 3x with the engine's API, and a
// whole table from a JSON spec, and writes both as PNGs.
//
//   cd Examples/QuickStart
//   swift run QuickStart [OUTPUT_FOLDER]      # cell@3x.png, table@2x.png
import Foundation
import Hairline
import HairlineCells
import HairlinePNG
import HairlineTableSpec

let arguments = CommandLine.arguments
let folder = arguments.count > 1 ? arguments[1] : "."

do {
    // A 343 x 44 pt cell with 10 pt corners at 3x: a fill and a border one
    // device pixel wide, built on the rect inset by half a device pixel.
    let scale = 3.0
    let surface = try Surface(width: 343 * 3, height: 44 * 3)  // device pixels
    let canvas = Canvas(surface: surface, scale: scale)  // 1 pt = 3 px
    var path = Path()
    path.addRoundedRect(
        in: Rect(x: 0, y: 0, width: 343, height: 44).insetBy(dx: 0.5 / scale, dy: 0.5 / scale),
        cornerRadius: 10)  // points
    canvas.draw(
        path, fill: .solid(.white),
        stroke: .solid(Color(red: 0.78, green: 0.78, blue: 0.8)),
        style: StrokeStyle(width: 1 / scale))  // one device pixel
    try PNGEncoder.write(surface, toFile: folder + "/cell@3x.png")

    // A whole table from a spec (the spec's own folder holds its images).
    let examples = URL(fileURLWithPath: #filePath)  // Examples/QuickStart/Sources/QuickStart/main.swift
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let spec = try TableSpec.load(contentsOfFile: examples.appendingPathComponent("tables/ios7.json").path)
    let table = try TableRenderer.render(try spec.table(scale: 2))
    try PNGEncoder.write(table, toFile: folder + "/table@2x.png")
    print(
        "wrote \(folder)/cell@3x.png (\(surface.width) x \(surface.height) px), "
            + "\(folder)/table@2x.png (\(table.width) x \(table.height) px)")
} catch {
    FileHandle.standardError.write(Data("QuickStart: \(error)\n".utf8))
    exit(1)
}
