// The example specs of Examples/tables: each loads, renders at 1x-3x (the
// same pixels on one worker as on four), and its picture in Docs/tables is
// what it renders at 2x, byte for byte (HAIRLINE_RECORD_GOLDENS=1 writes
// the pictures again). The format's documentation names every key.

import Foundation
import HairlineCells
import HairlinePNG
@testable import HairlineTableSpec
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct ExampleSpecTests {
    /// The five seed looks and the settings screens in Japanese, Chinese
    /// and Arabic (right to left), one spec each.
    static let names = [
        "alternating", "arabic", "chinese", "dark-red", "fill-and-border", "image-cells", "ios7", "japanese",
    ]

    /// The specs whose text needs the repository's M+ 1p (as the README's
    /// command gives it: `--no-system-fonts --font ...MPLUS1p-Regular.ttf`).
    static let cjk: Set<String> = ["chinese", "japanese"]

    /// A database of M+ 1p alone, as the README's command builds it.
    static func cjkFonts() -> FontDatabase {
        let database = FontDatabase(includingSystemFonts: false)
        database.addFont(file: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts/MPLUS1p-Regular.ttf"))
        return database
    }

    @Test func theFolderHoldsTheEightSpecs() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: RepositoryFiles.path("Examples/tables"))
        #expect(files.filter { $0.hasSuffix(".json") }.sorted() == Self.names.map { $0 + ".json" })
    }

    /// The Japanese and Chinese tables draw every character from M+ 1p
    /// (no box, no warning), and without it their characters would be
    /// boxes with a warning.
    @Test(arguments: ["chinese", "japanese"]) func cjkTablesFindEveryCharacter(_ name: String) throws {
        let fonts = Self.cjkFonts()
        var options = TableSpec.Options()
        options.fontDatabase = fonts
        let spec = try TableSpec.load(
            contentsOfFile: RepositoryFiles.path("Examples/tables/\(name).json"), options: options)
        _ = try TableRenderer.render(spec.table, workers: 1)
        #expect(fonts.missingCharacterWarnings.isEmpty)
        #expect(fonts.hasIndexedFonts)
        let alone = FontDatabase(includingSystemFonts: false)
        var bare = TableSpec.Options()
        bare.fontDatabase = alone
        let boxed = try TableSpec.load(
            contentsOfFile: RepositoryFiles.path("Examples/tables/\(name).json"), options: bare)
        _ = try TableRenderer.render(boxed.table, workers: 1)
        #expect(!alone.missingCharacterWarnings.isEmpty)
    }

    @Test(arguments: names) func loadsAndRenders(_ name: String) throws {
        var options = TableSpec.Options()
        if Self.cjk.contains(name) { options.fontDatabase = Self.cjkFonts() }
        let spec = try TableSpec.load(
            contentsOfFile: RepositoryFiles.path("Examples/tables/\(name).json"), options: options)
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
