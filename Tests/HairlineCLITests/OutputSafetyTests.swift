// Every command writes each output whole or not at all: destinations that
// cannot be written, documents too large to render and outputs that would
// replace the input (directly or through a symbolic link) fail with an
// error on stderr, a non-zero exit code, and nothing new on disk: no
// output, no temporary file, no empty folder.

import Foundation
import Testing

@Suite struct OutputSafetyTests {
    let cli = RenderCommandTests()

    /// A folder holding `cell.svg` and a regular file `blocker`, which no
    /// output can be written inside.
    func workspace() throws -> URL {
        let folder = try cli.temporaryFolder()
        try cli.cell.write(to: folder.appendingPathComponent("cell.svg"), atomically: true, encoding: .utf8)
        try Data("not a folder".utf8).write(to: folder.appendingPathComponent("blocker"))
        return folder
    }

    func contents(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func unwritableDestinationsFailAndLeaveNothing() throws {
        let folder = try workspace()
        let input = folder.appendingPathComponent("cell.svg").path
        let blocked = folder.appendingPathComponent("blocker/out.png").path
        let commands: [[String]] = [
            ["render", input, "-o", blocked],
            ["render", input, "--scales", "1,2,3", "-o", blocked],
            ["render", input, "-o", folder.appendingPathComponent("blocker/deeper/out.png").path],
            ["table", "--sections", "2", "-o", blocked],
            ["gallery", "--out", folder.appendingPathComponent("blocker/gallery").path, "--scales", "1"],
        ]
        for command in commands {
            let result = try cli.run(command)
            #expect(result.status != 0, "\(command)")
            #expect(
                result.stderr.contains("hairline: error:") && result.stderr.contains("blocker"),
                "\(command): \(result.stderr)")
            #expect(try contents(folder) == ["blocker", "cell.svg"], "\(command)")
            #expect(try String(contentsOf: folder.appendingPathComponent("blocker"), encoding: .utf8) == "not a folder")
        }
    }

    @Test func documentsTooLargeToRenderLeaveNoFolderBehind() throws {
        let folder = try workspace()
        let input = folder.appendingPathComponent("big.svg")
        try #"<svg width="1e9" height="10"><rect width="10" height="10"/></svg>"#.write(
            to: input, atomically: true, encoding: .utf8)
        let result = try cli.run(["render", input.path, "-o", folder.appendingPathComponent("new/big.png").path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("too large"), "\(result.stderr)")
        #expect(try contents(folder) == ["big.svg", "blocker", "cell.svg"])
        // At 3x a side of 30,000 pt passes the surface limit of 65,536 px:
        // the 1x and 2x images are not written either.
        try #"<svg width="30000" height="1"><rect width="10" height="1"/></svg>"#.write(
            to: input, atomically: true, encoding: .utf8)
        let scaled = try cli.run([
            "render", input.path, "--scales", "1,2,3", "-o", folder.appendingPathComponent("s.png").path,
        ])
        #expect(scaled.status != 0)
        #expect(scaled.stderr.contains("at scale 3.0 is too large"), "\(scaled.stderr)")
        #expect(try contents(folder) == ["big.svg", "blocker", "cell.svg"])
    }

    @Test func aLinkToTheInputIsTheInput() throws {
        let folder = try workspace()
        let input = folder.appendingPathComponent("cell.svg")
        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
        let result = try cli.run(["render", input.path, "-o", link.path])
        #expect(result.status != 0 && result.stderr.contains("overwrite"), "\(result.stderr)")
        #expect(try String(contentsOf: input, encoding: .utf8) == cli.cell)
        // With several scales, one clashing output (the 1x one is the link)
        // stops them all: no link@2x.png.
        let clash = try cli.run(["render", input.path, "--scales", "1,2", "-o", link.path])
        #expect(clash.status != 0 && clash.stderr.contains("overwrite"), "\(clash.stderr)")
        #expect(try contents(folder) == ["blocker", "cell.svg", "link.png"])
    }

    @Test func anExistingOutputIsReplacedWhole() throws {
        let folder = try workspace()
        let output = folder.appendingPathComponent("cell.png")
        try Data(repeating: 0xAB, count: 100_000).write(to: output)
        let result = try cli.run(["render", folder.appendingPathComponent("cell.svg").path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = [UInt8](try Data(contentsOf: output))
        #expect(bytes.count < 100_000 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try contents(folder) == ["blocker", "cell.png", "cell.svg"])
    }
}
