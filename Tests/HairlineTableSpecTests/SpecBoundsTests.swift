// Issue 32: what a spec may read and how much. A variant is decoded only
// when a build picks it (a damaged `@3x` sibling breaks only the 3x
// build); a build's images stay within the pixel budget (refused from the
// header, with the image and the budget named); one file behind several
// names is decoded and counted once; files outside the spec's folder are
// refused (with the same message whether or not they exist) unless
// `allowsAnyPath`; FIFOs are refused without waiting.

import Foundation
import Hairline
import HairlineCells
import HairlinePNG
import HairlineTableSpec
import HairlineTestSupport
import Testing

@Suite struct SpecBoundsTests {
    /// A fresh folder with a spec-less set of files.
    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-spec-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func png(_ side: Int) throws -> [UInt8] {
        let surface = try Surface(width: side, height: side)
        Canvas(surface: surface).clear(Color(red: 0.2, green: 0.5, blue: 0.9))
        return PNGEncoder.encode(surface)
    }

    static func spec(fill file: String) -> [UInt8] {
        Array(
            ##"{"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "\##(file)"}}}"##
                .utf8)
    }

    static func message(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test func onlyTheVariantABuildDrawsIsDecoded() throws {
        let dir = try Self.folder()
        try Data(try Self.png(4)).write(to: URL(fileURLWithPath: dir + "/tile.png"))
        try Data(try Self.png(8)).write(to: URL(fileURLWithPath: dir + "/tile@2x.png"))
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: dir + "/tile@3x.png"))
        let spec = try TableSpec(json: Self.spec(fill: "tile.png"), baseDirectory: dir)
        #expect(spec.readFiles.map { URL(fileURLWithPath: $0).lastPathComponent } == ["tile.png"])
        _ = try spec.table(scale: 2)
        #expect(spec.readFiles.map { URL(fileURLWithPath: $0).lastPathComponent } == ["tile.png", "tile@2x.png"])
        // The damaged 3x sibling matters only to a 3x build.
        #expect(Self.message { _ = try spec.table(scale: 3) }.contains("tile@3x.png"))
    }

    @Test func aBuildsImagesStayWithinThePixelBudget() throws {
        let dir = try Self.folder()
        try Data(try Self.png(20)).write(to: URL(fileURLWithPath: dir + "/big.png"))
        let json = Self.spec(fill: "big.png")
        let refused = Self.message {
            _ = try TableSpec(json: json, baseDirectory: dir, options: .init(imagePixelBudget: 399))
        }
        #expect(refused.contains("$.style.fill.image"), "\(refused)")
        #expect(
            refused.contains("big.png") && refused.contains("20 x 20") && refused.contains("budget of 399 pixels"),
            "\(refused)")
        #expect(refused.contains("--image-budget"))
        _ = try TableSpec(json: json, baseDirectory: dir, options: .init(imagePixelBudget: 400))
        // One file behind two names (a link) counts once, and is read once.
        try FileManager.default.createSymbolicLink(atPath: dir + "/alias.png", withDestinationPath: dir + "/big.png")
        let both = Array(
            ##"""
            {"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "big.png"},
             "selectedFill": {"image": "alias.png"}}}
            """##.utf8)
        let spec = try TableSpec(json: both, baseDirectory: dir, options: .init(imagePixelBudget: 400))
        #expect(spec.readFiles.count == 1)
        // Two different files of 400 pixels each do not fit 799.
        try Data(try Self.png(20)).write(to: URL(fileURLWithPath: dir + "/other.png"))
        let two = Array(
            ##"""
            {"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "big.png"},
             "selectedFill": {"image": "other.png"}}}
            """##.utf8)
        #expect(
            Self.message { _ = try TableSpec(json: two, baseDirectory: dir, options: .init(imagePixelBudget: 799)) }
                .contains("$.style.selectedFill.image"))
    }

    @Test func filesOutsideTheSpecsFolderAreRefused() throws {
        let outer = try Self.folder()
        let dir = outer + "/specs"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Data(try Self.png(4)).write(to: URL(fileURLWithPath: outer + "/secret.png"))
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/link.png", withDestinationPath: outer + "/secret.png")
        let existing = Self.message { _ = try TableSpec(json: Self.spec(fill: "../secret.png"), baseDirectory: dir) }
        let missing = Self.message { _ = try TableSpec(json: Self.spec(fill: "../absent.png"), baseDirectory: dir) }
        let linked = Self.message { _ = try TableSpec(json: Self.spec(fill: "link.png"), baseDirectory: dir) }
        let absolute = Self.message {
            _ = try TableSpec(json: Self.spec(fill: outer + "/secret.png"), baseDirectory: dir)
        }
        for text in [existing, missing, linked, absolute] {
            #expect(text.contains("outside the spec's folder"), "\(text)")
        }
        // The same words whether or not the file exists.
        #expect(
            existing.replacingOccurrences(of: "secret", with: "X")
                == missing.replacingOccurrences(of: "absent", with: "X"))
        let font = Array(
            ##"{"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped"}, "textStyle": {"font": "../font.ttf"}}"##
                .utf8)
        #expect(
            Self.message { _ = try TableSpec(json: font, baseDirectory: dir) }.contains("outside the spec's folder"))
        // Lifted by the option.
        _ = try TableSpec(
            json: Self.spec(fill: "../secret.png"), baseDirectory: dir, options: .init(allowsAnyPath: true))
        _ = try TableSpec(json: Self.spec(fill: "link.png"), baseDirectory: dir, options: .init(allowsAnyPath: true))
    }

    @Test func pipesAndFoldersAreRefusedWithoutWaiting() throws {
        let dir = try Self.folder()
        #expect(mkfifo(dir + "/pipe.json", 0o600) == 0)
        #expect(mkfifo(dir + "/pipe.png", 0o600) == 0)
        let spec = Self.message { _ = try TableSpec.load(contentsOfFile: dir + "/pipe.json") }
        #expect(spec.contains("named pipe (FIFO)"), "\(spec)")
        let image = Self.message { _ = try TableSpec(json: Self.spec(fill: "pipe.png"), baseDirectory: dir) }
        #expect(image.contains("named pipe (FIFO)"), "\(image)")
        let folder = Self.message { _ = try TableSpec.load(contentsOfFile: dir) }
        #expect(folder.contains("is a folder"), "\(folder)")
        #expect(!folder.contains("NSCocoaErrorDomain"))
    }

    @Test func echoedValuesAreCutAndEscaped() throws {
        let key = String(repeating: "k", count: 100_000)
        let text = Self.message { _ = try TableSpec(json: Array(##"{"\##(key)": 1}"##.utf8), baseDirectory: "") }
        #expect(text.count < 600, "\(text.prefix(200))")
        let name = "evil\u{1B}[31m.png"
        let escaped = Self.message {
            _ = try TableSpec(
                json: Array(
                    ##"{"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "evil\u001B[31m.png"}}}"##
                        .utf8),
                baseDirectory: try Self.folder())
        }
        #expect(!escaped.contains("\u{1B}"), "\(escaped)")
        #expect(escaped.contains("\\u{1B}") || escaped.contains("\\u001B"), "\(escaped) \(name.count)")
    }

    @Test func aFontWhoseMetricsMakeTheLayoutImpossibleIsNamed() throws {
        // DejaVu Sans with 16 units per em: every line ~150 em tall.
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: SpecFixtures.fontPath)))
        let tableCount = Int(bytes[4]) << 8 | Int(bytes[5])
        var head = -1
        for t in 0..<tableCount where bytes[(12 + 16 * t)..<(16 + 16 * t)] == Array("head".utf8)[...] {
            let at = 12 + 16 * t + 8
            head = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        try #require(head > 0)
        bytes[head + 18] = 0
        bytes[head + 19] = 16
        let dir = try Self.folder()
        try Data(bytes).write(to: URL(fileURLWithPath: dir + "/tall.ttf"))
        let words = String(repeating: "Devices you have paired with stay connected. ", count: 12)
        let json = Array(
            ##"""
            {"width": 320, "style": {"layout": "grouped"}, "footerTitleStyle": {"font": "tall.ttf"},
             "sections": [{"rows": 1, "footerTitle": "\##(words)"}]}
            """##.utf8)
        let text = Self.message { _ = try TableSpec(json: json, baseDirectory: dir) }
        #expect(
            text.hasPrefix("$.footerTitleStyle.font: expected a font whose metrics let the table be laid out"),
            "\(text)")
        #expect(text.contains("tall.ttf") && text.contains("16 units per em"), "\(text)")
        // The same text in the bundled font lays out.
        let plain = Array(
            ##"""
            {"width": 320, "style": {"layout": "grouped"}, "sections": [{"rows": 1, "footerTitle": "\##(words)"}]}
            """##.utf8)
        _ = try TableSpec(json: plain, baseDirectory: dir)
    }

    @Test func controlCharactersAreNamedNotEchoed() throws {
        // Found by the spec fuzz driver: a C1 control (U+0094) where a
        // value starts, and DEL in a key, were echoed raw.
        for (json, named) in [
            ([0x5B, 0xC2, 0x94, 0x5D] as [UInt8], "U+0094"),
            (Array(##"{"a\##u{7F}b": 1}"##.utf8), "\\u007F"),
            (Array(##"{"a\##u{85}b": 1}"##.utf8), "\\u0085"),
        ] {
            let text = Self.message { _ = try TableSpec(json: json, baseDirectory: "") }
            #expect(text.contains(named), "\(text)")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(text)")
        }
    }
}
