// The `hairline render` command as a process: outputs at each scale with
// the right pixel sizes, errors on stderr with a non-zero exit code and no
// output file, warnings for unsupported SVG, and never overwriting inputs.

import Foundation
import Testing

@Suite struct RenderCommandTests {
    /// The `hairline` executable, built next to this test bundle.
    static let executable: URL = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("hairline")
    }()

    struct Result {
        var status: Int32
        var stderr: String
    }

    /// Runs the executable in `folder` (default: a new temporary folder,
    /// so that outputs written to the current folder land there).
    func run(_ arguments: [String], in folder: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        process.currentDirectoryURL = try folder ?? temporaryFolder()
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stderr: String(decoding: data, as: UTF8.self))
    }

    /// Runs the executable, reading its standard output and error.
    func runWithOutput(
        _ arguments: [String], in folder: URL? = nil, executable: URL = RenderCommandTests.executable
    )
        throws -> (status: Int32, stdout: String, stderr: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = try folder ?? temporaryFolder()
        let errors = Pipe(), output = Pipe()
        process.standardError = errors
        process.standardOutput = output
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hairline-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Width and height from a PNG's IHDR.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        try #require(bytes.count > 24 && bytes[12...15] == [0x49, 0x48, 0x44, 0x52])
        func be(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    let cell =
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="34.5" height="20"><rect x="1" y="1" width="30" height="18" rx="5" fill="#fc0" stroke="black" stroke-width="0.5"/></svg>"##

    @Test func rendersEveryScaleAtItsPixelSize() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("cell.svg")
        try cell.write(to: input, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out/cell.png")
        let result = try run(["render", input.path, "--scales", "1,2,3", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngSize(output) == (35, 20))
        #expect(try pngSize(folder.appendingPathComponent("out/cell@2x.png")) == (69, 40))
        #expect(try pngSize(folder.appendingPathComponent("out/cell@3x.png")) == (104, 60))
        let single = folder.appendingPathComponent("single.png")
        #expect(try run(["render", input.path, "--scale", "2", "--output", single.path]).status == 0)
        #expect(try pngSize(single) == (69, 40))
    }

    @Test func malformedInputFailsWithoutOutput() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("bad.svg")
        // Not XML (an unclosed element): the document is refused. (Bad
        // path data is not: SVG draws the path up to the error, with a
        // warning, as unsupportedFeaturesWarnButRender checks.)
        try #"<svg width="10" height="10"><path d="M0 0 L5 5"></svg>"#.write(
            to: input, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("bad.png")
        let result = try run(["render", input.path, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("error") && result.stderr.contains("line 1"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(contents == ["bad.svg"], "no partial or temporary files: \(contents)")
    }

    @Test func unsupportedFeaturesWarnButRender() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("text.svg")
        try #"<svg width="10" height="10"><text>hi<textPath>x</textPath></text><rect width="5" height="5"/></svg>"#
            .write(to: input, atomically: true, encoding: .utf8)
        let result = try run(["render", input.path, "-o", folder.appendingPathComponent("t.png").path])
        #expect(result.status == 0)
        #expect(result.stderr.contains("warning") && result.stderr.contains("textPath"))
    }

    @Test func imagesLoadPNGFilesRelativeToTheSVG() throws {
        let folder = try temporaryFolder()
        let input = folder.appendingPathComponent("cell.svg")
        try cell.write(to: input, atomically: true, encoding: .utf8)
        #expect(try run(["render", input.path, "-o", folder.appendingPathComponent("tile.png").path]).status == 0)
        let page = folder.appendingPathComponent("page.svg")
        try #"<svg width="35" height="20"><image href="tile.png" width="35" height="20"/></svg>"#
            .write(to: page, atomically: true, encoding: .utf8)
        let result = try run(["render", page.path, "-o", folder.appendingPathComponent("page.png").path])
        #expect(result.status == 0 && !result.stderr.contains("warning"), "\(result.stderr)")
        #expect(try pngSize(folder.appendingPathComponent("page.png")) == (35, 20))
    }

    @Test func refusesToOverwriteTheInput() throws {
        let folder = try temporaryFolder()
        // An SVG document whose name ends in .png (-o takes only PNG names).
        let input = folder.appendingPathComponent("cell.png")
        try cell.write(to: input, atomically: true, encoding: .utf8)
        let result = try run(["render", input.path, "-o", input.path])
        #expect(result.status != 0 && result.stderr.contains("overwrite"), "\(result.stderr)")
        #expect(try String(contentsOf: input, encoding: .utf8) == cell)
        let svg = folder.appendingPathComponent("cell.svg")
        try cell.write(to: svg, atomically: true, encoding: .utf8)
        #expect(try run(["render", svg.path, "-o", svg.path]).status != 0)
        #expect(try String(contentsOf: svg, encoding: .utf8) == cell)
    }

    @Test(arguments: [
        ["render"], ["render", "x.svg", "--scale", "0"], ["render", "x.svg", "--scale", "nan"],
        ["render", "x.svg", "--scales", "1,,2"], ["render", "x.svg", "--bogus"], ["frobnicate"],
        ["render", "/nonexistent/input.svg"], ["render", "x.svg", "-o"],
    ])
    func badCommandLinesFail(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr.contains("error"), "\(arguments): \(result.stderr)")
    }

    /// `-o` must name a PNG; with several scales an `@Nx` already in the
    /// name is replaced, not doubled (issue 37, "outputs behave").
    @Test func outputsAreNamedAsTheScalesSay() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svg = dir.appendingPathComponent("in.svg")
        try Data(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"><rect width="4" height="3"/></svg>"#.utf8
        )
        .write(to: svg)
        for (command, rest) in [("render", [svg.path]), ("table", ["--sections", "1"])] {
            let refused = try run([command] + rest + ["-o", dir.appendingPathComponent("out.jpg").path])
            #expect(
                refused.status == 1 && refused.stderr.contains("expected a PNG file name ending in .png"),
                "\(command): \(refused.stderr)")
            let sub = dir.appendingPathComponent(command)
            try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
            let ok = try run(
                [command] + rest + ["--scales", "1,2,3", "-o", sub.appendingPathComponent("out@2x.PNG").path])
            #expect(ok.status == 0, "\(command): \(ok.stderr)")
            let names = try FileManager.default.contentsOfDirectory(atPath: sub.path).sorted()
            #expect(names == ["out.PNG", "out@2x.PNG", "out@3x.PNG"], "\(command): \(names)")
        }
    }
}
