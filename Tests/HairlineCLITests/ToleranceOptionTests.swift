// `--tolerance PX` on `render` and `bench`: the option's bounds (usage
// errors, nothing written), the default's value, a coarser tolerance's
// different file that every worker count writes alike, and `bench`'s
// font options (the fonts `render` takes, so a bench draws what a render
// draws).

import Foundation
import Testing

@Suite struct ToleranceOptionTests {
    let cli = RenderCommandTests()

    /// Curves at several sizes, a stroke and a straight rect.
    let scene = ##"""
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">
          <circle cx="20" cy="20" r="17" fill="#08f" stroke="black" stroke-width="1.2"/>
          <path d="M2 38 C 12 2, 28 60, 38 2" fill="none" stroke="green"/>
          <rect x="3.5" y="3.5" width="6" height="5" fill="orange"/>
        </svg>
        """##

    func write(_ text: String) throws -> (folder: URL, input: URL) {
        let folder = try cli.temporaryFolder()
        let input = folder.appendingPathComponent("scene.svg")
        try text.write(to: input, atomically: true, encoding: .utf8)
        return (folder, input)
    }

    @Test(arguments: ["0", "0.00009", "-1", "16.5", "1e-2", "fine", ""])
    func invalidTolerancesFail(_ value: String) throws {
        let (folder, input) = try write(scene)
        let output = folder.appendingPathComponent("out.png")
        let result = try cli.run(["render", input.path, "--tolerance", value, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("invalid value") && result.stderr.contains("'--tolerance'"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let bench = try cli.run(["bench", input.path, "--iterations", "1", "--tolerance", value])
        #expect(bench.status != 0 && bench.stderr.contains("'--tolerance'"), "\(bench.stderr)")
        #expect(try cli.run(["render", input.path, "--tolerance"]).status != 0)
    }

    @Test func aCoarserToleranceWritesAnotherFileAlikeForEveryWorkerCount() throws {
        let (folder, input) = try write(scene)
        func render(_ extra: [String], _ name: String) throws -> Data {
            let output = folder.appendingPathComponent(name)
            let result = try cli.run(["render", input.path, "--scale", "4", "-o", output.path] + extra)
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            return try Data(contentsOf: output)
        }
        let standard = try render([], "default.png")
        #expect(try render(["--tolerance", "0.008"], "given.png") == standard)
        let coarse = try render(["--tolerance", "0.5", "--workers", "1"], "coarse-1.png")
        #expect(coarse != standard)
        for workers in ["2", "3", "16"] {
            #expect(try render(["--tolerance", "0.5", "--workers", workers], "coarse-\(workers).png") == coarse)
        }
        // The finest accepted value draws too.
        _ = try render(["--tolerance", "0.0001"], "fine.png")
    }

    @Test func benchTakesATolerance() throws {
        let (_, input) = try write(scene)
        for extra in [["--tolerance", "0.25"], ["--tolerance", "2", "--workers", "2", "--cold"]] {
            let result = try cli.runWithOutput(["bench", input.path, "--iterations", "2"] + extra)
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            #expect(result.stdout.split(separator: "\n").count == 3, "\(result.stdout)")
        }
        let spec = TableSpecCommandTests.repositoryPath("Examples/tables/ios7.json")
        let refused = try cli.run(["bench", "--spec", spec, "--tolerance", "0.25"])
        #expect(
            refused.status != 0 && refused.stderr.contains("'--tolerance' applies to an SVG input"), "\(refused.stderr)"
        )
    }

    /// `bench` matches text among the fonts given, as `render` does:
    /// Japanese draws in the fixtures' M+ 1p where the bundled DejaVu Sans
    /// alone leaves it to boxes (and says so once, after the figures), and
    /// a bad font option is refused as `render` refuses it.
    @Test func benchTakesTheFontOptions() throws {
        let (_, input) = try write(
            ##"""
            <svg xmlns="http://www.w3.org/2000/svg" width="80" height="20">
              <text x="2" y="15" font-family="Noto Sans" font-size="12">Hairline 日本</text>
            </svg>
            """##)
        let fonts = TableSpecCommandTests.repositoryPath("Tests/HairlineTextTests/Fixtures/Fonts")
        let result = try cli.runWithOutput([
            "bench", input.path, "--iterations", "1", "--no-system-fonts", "--font-dir", fonts,
            "--generic-family", "sans-serif=Noto Sans",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("drawn as boxes"), "\(result.stderr)")
        let without = try cli.runWithOutput(["bench", input.path, "--iterations", "1", "--no-system-fonts"])
        #expect(without.status == 0, "\(without.stderr)")
        #expect(without.stderr.contains("drawn as boxes"), "\(without.stderr)")
        let bad = try cli.run(["bench", input.path, "--generic-family", "sans=Noto"])
        #expect(bad.status != 0 && bad.stderr.contains("'--generic-family'"), "\(bad.stderr)")
    }
}
