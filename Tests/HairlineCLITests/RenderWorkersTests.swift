// `hairline render --workers N` as a process: the option's bounds (usage
// errors for 0, negative, too many and non-numbers) and outputs byte for
// byte those of one worker, with the same messages.

import Foundation
import Testing

@Suite struct RenderWorkersTests {
    let cli = RenderCommandTests()

    /// Opacity groups, a mask, a clip path and a blend mode: every kind of
    /// layer a band draws, over rows enough for several bands.
    let scene = ##"""
        <svg xmlns="http://www.w3.org/2000/svg" width="60" height="90">
          <clipPath id="c"><circle cx="30" cy="45" r="28"/></clipPath>
          <mask id="m"><rect width="60" height="90" fill="white"/><circle cx="20" cy="20" r="9"/></mask>
          <g opacity="0.6" clip-path="url(#c)">
            <rect x="3" y="3" width="50" height="80" fill="#08f"/>
            <rect x="10" y="20" width="40" height="50" fill="#f80" style="mix-blend-mode: multiply"/>
          </g>
          <g mask="url(#m)"><path d="M5 85 L55 5 L58 88 Z" fill="green" stroke="black" stroke-width="0.7"/></g>
        </svg>
        """##

    @Test(arguments: ["0", "-1", "257", "two", "1.5", ""])
    func invalidWorkerCountsFail(_ value: String) throws {
        let folder = try cli.temporaryFolder()
        let input = folder.appendingPathComponent("scene.svg")
        try scene.write(to: input, atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out.png")
        let result = try cli.run(["render", input.path, "--workers", value, "-o", output.path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--workers"), "\(value): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try cli.run(["render", input.path, "--workers"]).status != 0)
    }

    @Test func everyWorkerCountWritesTheSameFile() throws {
        let folder = try cli.temporaryFolder()
        let input = folder.appendingPathComponent("scene.svg")
        try scene.write(to: input, atomically: true, encoding: .utf8)
        var files: [Data] = []
        var messages: [String] = []
        for workers in ["1", "2", "3", "7", "256"] {
            let output = folder.appendingPathComponent("out-\(workers).png")
            let result = try cli.run(["render", input.path, "--scale", "3", "--workers", workers, "-o", output.path])
            #expect(result.status == 0, "\(workers): \(result.stderr)")
            files.append(try Data(contentsOf: output))
            messages.append(result.stderr)
        }
        #expect(files.count == 5 && files.allSatisfy { $0 == files[0] })
        #expect(messages.allSatisfy { $0 == messages[0] })
        // The default (every core) too.
        let output = folder.appendingPathComponent("default.png")
        #expect(try cli.run(["render", input.path, "--scale", "3", "-o", output.path]).status == 0)
        #expect(try Data(contentsOf: output) == files[0])
    }
}
