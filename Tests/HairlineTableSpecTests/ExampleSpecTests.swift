// The example specs of Examples/tables: each loads, renders at 1x-3x (the
// same pixels on one worker as on four), and its picture in Docs/tables is
// what it renders at 2x, byte for byte (HAIRLINE_RECORD_GOLDENS=1 writes
// the pictures again). The format's documentation names every key.

import Foundation
import HairlineCells
import HairlinePNG
@testable import HairlineTableSpec
import HairlineTestSupport
import Testing

@Suite struct ExampleSpecTests {
    /// The five seed looks, one spec each.
    static let names = ["alternating", "dark-red", "fill-and-border", "image-cells", "ios7"]

    @Test func theFolderHoldsTheFiveSpecs() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path("Examples/tables"))
        #expect(files.filter { $0.hasSuffix(".json") }.sorted() == Self.names.map { $0 + ".json" })
    }

    @Test(arguments: names) func loadsAndRenders(_ name: String) throws {
        let spec = try TableSpec.load(contentsOfFile: RepositoryFiles.path("Examples/tables/\(name).json"))
        #expect(spec.scale == 2)
        for scale in [1.0, 3] {
            let table = try spec.table(scale: scale)
            let layout = try table.layout()
            let surface = try TableRenderer.render(table)
            #expect(surface.width == layout.pixelWidth && surface.height == layout.pixelHeight)
        }
        let serial = try TableRenderer.render(spec.table, workers: 1)
        let parallel = try TableRenderer.render(spec.table, workers: 4)
        #expect(serial.bytes == parallel.bytes, "the same pixels for any number of workers")
        let picture = "Docs/tables/\(name)@2x.png"
        let encoded = PNGEncoder.encode(serial)
        if GoldenImages.isRecording {
            try PNGEncoder.write(serial, toFile: RepositoryFiles.path(picture))
        } else {
            // Decoded pixels: the bytes depend on the PNG compression level.
            let committed = try RepositoryFiles.bytes(at: picture).map { try PNGDecoder.decode($0) }
            let rendered = try PNGDecoder.decode(encoded)
            #expect(
                committed?.rgba8 == rendered.rgba8 && committed?.width == rendered.width,
                "\(picture) is not what \(name).json renders: hairline table --spec Examples/tables/\(name).json -o \(picture)"
            )
        }
    }

    /// The format's first example (in the DocC article and the README) is
    /// a valid spec of the table its text describes.
    @Test(arguments: [
        "Sources/HairlineTableSpec/HairlineTableSpec.docc/TableSpecFormat.md", "Examples/tables/README.md",
    ])
    func documentationExampleReads(_ path: String) throws {
        let document = String(decoding: try #require(RepositoryFiles.bytes(at: path)), as: UTF8.self)
        let start = try #require(document.range(of: "```json\n"))
        let end = try #require(document.range(of: "```", range: start.upperBound..<document.endIndex))
        let spec = try TableSpec(json: Array(document[start.upperBound..<end.lowerBound].utf8), baseDirectory: "")
        var style = CellStyle(layout: .grouped)
        style.accessory = .disclosureIndicator
        var first = TableSection(rows: 2)
        first.headerTitle = "Network"
        first.texts = [CellText("Wi-Fi", detail: "Home", layout: .value1), CellText("Bluetooth")]
        var second = TableSection(rowHeights: [44, 60])
        second.style = CellStyle(layout: .plain)
        var table = TableDescription(cellStyle: style, sections: [first, second], width: 320, scale: 2)
        table.selectedRows = [CellIndexPath(row: 1, section: 0)]
        #expect(spec.table == table)
    }

    /// Every key the reader accepts is documented, in the DocC article and
    /// in the examples' README.
    @Test(arguments: [
        "Sources/HairlineTableSpec/HairlineTableSpec.docc/TableSpecFormat.md", "Examples/tables/README.md",
    ])
    func documentationNamesEveryKey(_ path: String) throws {
        let document = String(decoding: try #require(RepositoryFiles.bytes(at: path)), as: UTF8.self)
        for key in SpecFormat.allKeys.sorted() {
            #expect(document.contains("\"\(key)\""), "\(path) does not mention \"\(key)\"")
        }
    }
}
