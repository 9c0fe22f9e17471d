// `hairline bench`: the report's shape (a line per scale with its pixel
// size and render count), the JSON it writes (parsed back, every field
// present and consistent), tables from a spec, and usage errors. The
// figures themselves are not checked (timing never happens in tests).

import Foundation
import Testing

@Suite struct BenchCommandTests {
    let cli = RenderCommandTests()

    @Test func svgFiguresPerScaleAsTextAndJSON() throws {
        let dir = try cli.temporaryFolder()
        let svg = dir.appendingPathComponent("cell.svg")
        try cli.cell.write(to: svg, atomically: true, encoding: .utf8)
        let json = dir.appendingPathComponent("out/bench.json")
        let result = try cli.runWithOutput([
            "bench", svg.path, "--scales", "1,2", "--iterations", "3", "--cold",
            "--json", json.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines.first?.contains("cold renders, 1 worker") == true)
        #expect(lines[2].contains("1x") && lines[3].contains("2x") && lines[2].contains(" 3 "))
        let profiled = try cli.runWithOutput(["bench", svg.path, "--iterations", "2", "--profile"])
        #expect(profiled.status == 0)
        let profileLines = profiled.stdout.split(separator: "\n").drop { !$0.contains("elements that cost most") }
        #expect(profileLines.count >= 2, "\(profiled.stdout)")
        #expect(
            profileLines.dropFirst().allSatisfy { $0.contains("%") && ($0.contains(":") || $0.contains("closing")) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])
        #expect(object["kind"] as? String == "svg" && object["cold"] as? Bool == true)
        let scales = try #require(object["scales"] as? [[String: Any]])
        #expect(scales.count == 2)
        for (i, entry) in scales.enumerated() {
            #expect(entry["scale"] as? Double == Double(i + 1) && entry["renders"] as? Int == 3)
            let minimum = try #require(entry["min_ms"] as? Double), median = try #require(entry["median_ms"] as? Double)
            let maximum = try #require(entry["max_ms"] as? Double)
            #expect(minimum > 0 && minimum <= median && median <= maximum)
        }
        #expect((scales[1]["width"] as? Int ?? 0) > (scales[0]["width"] as? Int ?? 0))
    }

    @Test func tablesFromASpecAndUsageErrors() throws {
        let spec = URL(fileURLWithPath: TableSpecCommandTests.repositoryPath("Examples/tables/ios7.json"))
        let result = try cli.runWithOutput(["bench", "--spec", spec.path, "--iterations", "2", "--workers", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 workers") && result.stdout.contains("2x"), "\(result.stdout)")
        for (arguments, message) in [
            (["bench"], "no input file given"),
            (["bench", "a.svg", "--iterations", "0"], "invalid value '0' for '--iterations'"),
            (["bench", "a.svg", "--budget", "-1"], "invalid value '-1' for '--budget'"),
        ] {
            let failed = try cli.run(arguments)
            #expect(failed.status != 0 && failed.stderr.contains(message), "\(arguments): \(failed.stderr)")
        }
    }
}

/// The command line as a newcomer meets it: each command's help, the
/// version, and usage errors in one line that says where to read more.
@Suite struct HelpTests {
    let cli = RenderCommandTests()

    @Test func helpVersionAndOneLineUsageErrors() throws {
        for command in ["render", "table", "bench", "gallery"] {
            for form in [[command, "--help"], [command, "-h"], ["help", command]] {
                let result = try cli.runWithOutput(form)
                #expect(result.status == 0 && result.stdout.hasPrefix("usage: hairline \(command)"), "\(form)")
            }
        }
        let version = try cli.runWithOutput(["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("hairline "))
        let overview = try cli.runWithOutput(["--help"])
        #expect(overview.status == 0 && overview.stdout.contains("hairline COMMAND --help"))
        for (arguments, line) in [
            (["render", "--bogus"], "hairline: error: unknown option '--bogus'; see 'hairline render --help'"),
            (["frob"], "hairline: error: unknown command 'frob'; see 'hairline --help'"),
            (
                ["table", "--select", "9:9"],
                "hairline: error: invalid value '9:9' for '--select': expected a section of the table, 0..<3 (section 9 does not exist); see 'hairline table --help'"
            ),
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 1)
            #expect(result.stderr == line + "\n", "\(result.stderr)")
        }
    }
}
