// `--png-level` on the commands that write PNGs, as a process: each level
// writes a valid PNG of the same pixels (compared decoded), an unknown
// level is a usage error naming the three levels with no file written,
// and every command's help lists the option.

import Foundation
import HairlinePNG
import Testing

@Suite struct PNGLevelOptionTests {
    let cli = RenderCommandTests()

    /// A small drawing with flat fills and antialiased edges.
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="30">
          <rect x="2" y="2" width="30" height="20" fill="#3a7"/>
          <circle cx="25" cy="18" r="9" fill="#c43" opacity="0.7"/>
        </svg>
        """

    @Test func everyLevelWritesTheSamePixels() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.svg")
        try Self.svg.write(to: input, atomically: true, encoding: .utf8)
        var decoded: [PNGImage] = []
        for level in ["fast", "default", "best", nil] {
            let output = folder.appendingPathComponent("out-\(level ?? "none").png")
            let arguments =
                [input.path, "--scale", "2", "-o", output.path] + (level.map { ["--png-level", $0] } ?? [])
            let result = try cli.run(["render"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            decoded.append(try PNGDecoder.decode([UInt8](try Data(contentsOf: output))))
        }
        #expect(decoded.allSatisfy { $0.width == 80 && $0.height == 60 })
        #expect(decoded.allSatisfy { $0.rgba8 == decoded[0].rgba8 })
        // No option: the default level's bytes.
        let none = try Data(contentsOf: folder.appendingPathComponent("out-none.png"))
        #expect(none == (try Data(contentsOf: folder.appendingPathComponent("out-default.png"))))
    }

    @Test func unknownLevelIsAUsageError() throws {
        let folder = try cli.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.svg")
        try Self.svg.write(to: input, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png")
        for command in [
            ["render", input.path, "-o", output.path], ["gallery", "--out", folder.path + "/g"],
            ["table", "-o", output.path],
        ] {
            let result = try cli.run(command + ["--png-level", "9"])
            #expect(result.status != 0)
            #expect(
                result.stderr.contains("'--png-level'") && result.stderr.contains("fast, default, best"),
                "\(result.stderr)")
        }
        let missing = try cli.run(["render", input.path, "--png-level"])
        #expect(missing.status != 0 && missing.stderr.contains("needs a value"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func helpListsTheOption() throws {
        for command in ["render", "table", "gallery"] {
            let result = try cli.runWithOutput([command, "--help"])
            #expect(result.status == 0)
            #expect((result.stdout + result.stderr).contains("--png-level"), "\(command)")
        }
    }
}
