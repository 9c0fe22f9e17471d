// `--font`, `--font-dir`, `--no-system-fonts` and `--generic-family` on
// `render` and `table`: text drawn in the given fonts (the fixtures of
// HairlineTextTests), Japanese taken from the fallback, a warning naming
// the block of characters no font has, and bad option values refused.

import Foundation
import Testing

@Suite struct FontOptionsTests {
    static let fixtures: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Tests/HairlineTextTests/Fixtures/Fonts").path
    }()

    let cli = RenderCommandTests()

    @Test func renderUsesTheGivenFonts() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("t.svg")
        try
            #"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="4" y="30" font-family="sans-serif" font-size="20">Aの&#x10FFFD;</text></svg>"#
            .write(to: svg, atomically: true, encoding: .utf8)
        let inNoto = folder.appendingPathComponent("noto.png"), inDejaVu = folder.appendingPathComponent("dejavu.png")
        let noto = try cli.run(
            [
                svg.path, "--no-system-fonts", "--font-dir", Self.fixtures,
                "--generic-family", "sans-serif=Noto Sans", "-o", inNoto.path,
            ].withRender)
        #expect(noto.status == 0, "\(noto.stderr)")
        #expect(noto.stderr.contains("no font has U+10FF80–U+10FFFF characters (1 drawn as boxes)"), "\(noto.stderr)")
        let dejaVu = try cli.run([svg.path, "--no-system-fonts", "-o", inDejaVu.path].withRender)
        #expect(dejaVu.status == 0)
        #expect(try Data(contentsOf: inNoto) != Data(contentsOf: inDejaVu))
        let one = try cli.run(
            [
                svg.path, "--no-system-fonts", "--font", Self.fixtures + "/NotoSans-Bold.ttf",
                "--generic-family", "sans-serif=Noto Sans", "-o", inNoto.path,
            ].withRender)
        #expect(one.status == 0, "\(one.stderr)")
    }

    @Test func badValuesAreRefused() throws {
        let bad = try cli.run(["x.svg", "--generic-family", "script=Noto Sans"].withRender)
        #expect(bad.status != 0 && bad.stderr.contains("--generic-family"))
        let missing = try cli.run(["x.svg", "--font"].withRender)
        #expect(missing.status != 0)
    }

    @Test func tableFallsBackForJapaneseTitles() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("t.png")
        let result = try cli.run([
            "table", "--sections", "1", "--title", "0:0:日本語のタイトル", "--no-system-fonts",
            "--font-dir", Self.fixtures, "-o", output.path,
        ])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let boxes = try cli.run([
            "table", "--sections", "1", "--title", "0:0:日本語のタイトル", "--no-system-fonts",
            "-o", output.path,
        ])
        #expect(boxes.status == 0)
        #expect(boxes.stderr.contains("no font has CJK Unified Ideograph characters"), "\(boxes.stderr)")
        #expect(boxes.stderr.contains("no font has Hiragana characters"), "\(boxes.stderr)")
    }
}

private extension Array where Element == String {
    /// The arguments after `render`.
    var withRender: [String] { ["render"] + self }
}
