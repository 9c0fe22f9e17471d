// What every command says about its outputs and where they go (issue 37,
// items 7 and 8): without -o, files land in the current folder, never
// beside the input; each file written is printed with its pixel size;
// --quiet silences that; the progress line shows on a terminal only; a
// table too tall for one surface is drawn in numbered tiles or a row
// viewport, with a message that says so.

import Foundation
import Testing

@Suite struct OutputReportTests {
    let cli = RenderCommandTests()

    @Test func withoutOutputFilesLandInTheCurrentFolder() throws {
        let inputs = try cli.temporaryFolder(), here = try cli.temporaryFolder()
        let svg = inputs.appendingPathComponent("cell.svg")
        try cli.cell.write(to: svg, atomically: true, encoding: .utf8)
        let render = try cli.runWithOutput(["render", svg.path, "--scales", "1,2"], in: here)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try cli.pngSize(here.appendingPathComponent("cell.png")) == (35, 20))
        #expect(try cli.pngSize(here.appendingPathComponent("cell@2x.png")) == (69, 40))
        #expect(try FileManager.default.contentsOfDirectory(atPath: inputs.path) == ["cell.svg"])
        #expect(
            render.stdout.contains("cell.png (35 x 20 px)\n") && render.stdout.contains("cell@2x.png (69 x 40 px)\n"),
            "\(render.stdout)")
        let spec = try cli.runWithOutput(
            ["table", "--spec", TableSpecCommandTests.alternating, "--scale", "1"], in: here)
        #expect(spec.status == 0, "\(spec.stderr)")
        #expect(spec.stdout == "wrote alternating.png (320 x 336 px)\n")
        #expect(try cli.pngSize(here.appendingPathComponent("alternating.png")) == (320, 336))
    }

    @Test func everyCommandPrintsWhatItWroteUnlessQuiet() throws {
        let here = try cli.temporaryFolder()
        let table = try cli.runWithOutput(["table", "--sections", "2", "--scale", "2", "-o", "t.png"], in: here)
        #expect(table.status == 0 && table.stdout == "wrote t.png (640 x 216 px)\n", "\(table.stdout) \(table.stderr)")
        let cells = try cli.runWithOutput(["table", "--sections", "2", "--cells", "cells"], in: here)
        #expect(cells.stdout.split(separator: "\n").count == 8, "\(cells.stdout)")
        #expect(cells.stdout.contains("wrote cells/top.png (300 x 44 px)"), "\(cells.stdout)")
        let gallery = try cli.runWithOutput(["gallery", "--out", "g", "--scales", "1"], in: here)
        let written = try FileManager.default.contentsOfDirectory(atPath: here.appendingPathComponent("g").path)
        #expect(gallery.status == 0 && gallery.stdout.split(separator: "\n").count == written.count)
        #expect(gallery.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("wrote g/") && $0.hasSuffix(" px)") })
        for quiet in ["--quiet", "-q"] {
            let silent = try cli.runWithOutput(["table", "--sections", "1", quiet, "-o", "q.png"], in: here)
            #expect(silent.status == 0 && silent.stdout.isEmpty && silent.stderr.isEmpty, "\(silent)")
            #expect(try cli.pngSize(here.appendingPathComponent("q.png")) == (320, 64))
        }
        // No progress line when stderr is not a terminal, however soon it
        // would be drawn.
        let process = Process()
        process.executableURL = RenderCommandTests.executable
        process.arguments = ["table", "--sections", "6,6", "--scale", "2", "-o", "p.png"]
        process.currentDirectoryURL = here
        process.environment = ["HAIRLINE_PROGRESS_AFTER": "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && stderr.isEmpty)
    }

    /// On a terminal (util-linux `script` gives the run one), the progress
    /// line is drawn and erased in place.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func progressShowsOnATerminal() throws {
        let here = try cli.temporaryFolder()
        let command =
            "HAIRLINE_PROGRESS_AFTER=0 '\(RenderCommandTests.executable.path)' table --sections 8,8 --scale 2 "
            + "--tile-height 100 -o p.png"
        let result = try cli.runWithOutput(
            ["-qec", command, "/dev/null"], in: here, executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.status == 0, "\(result.stderr)")
        // The terminal joins stdout and stderr: the line, erased before
        // the list of files.
        #expect(result.stdout.contains("\r\u{1B}[2Khairline: "), "\(result.stdout.prefix(300))")
        #expect(result.stdout.contains("wrote p-01.png (640 x 100 px)"))
    }

    @Test func bigTablesAreDrawnInTilesOrAViewport() throws {
        let here = try cli.temporaryFolder()
        let refused = try cli.run(["table", "--sections", "1000", "--scale", "3"], in: here)
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains("960 x 132060 device pixels") && refused.stderr.contains("--tile-height PX"),
            "\(refused.stderr)")
        // 2 sections of 10 rows at 2x: 10 + 440 + 10 + 10 + 440 + 10 pt.
        let tiles = try cli.runWithOutput(
            [
                "table", "--sections", "10,10", "--scales", "1,2", "--tile-height", "700",
                "-o", "t.png",
            ], in: here)
        #expect(tiles.status == 0, "\(tiles.stderr)")
        #expect(try cli.pngSize(here.appendingPathComponent("t-1.png")) == (320, 700))
        #expect(try cli.pngSize(here.appendingPathComponent("t-2.png")) == (320, 220))
        #expect(try cli.pngSize(here.appendingPathComponent("t-1@2x.png")) == (640, 700))
        #expect(try cli.pngSize(here.appendingPathComponent("t-3@2x.png")) == (640, 440))
        #expect(tiles.stdout.split(separator: "\n").count == 5)
        // Rows 0:8 through 1:1: two rows, a footer and a header, two rows.
        let viewport = try cli.runWithOutput(
            ["table", "--sections", "10,10", "--rows", "0:8..1:1", "-o", "v.png"], in: here)
        #expect(viewport.status == 0 && viewport.stdout == "wrote v.png (320 x 196 px)\n", "\(viewport)")
        for (rows, message) in [
            ("0:8..3:1", "section 3 is not in a table of 2 sections"),
            ("1:0..0:1", "a first row before the last"), ("0:8-1:1", "SECTION:ROW..SECTION:ROW"),
        ] {
            let bad = try cli.run(["table", "--sections", "10,10", "--rows", rows, "-o", "b.png"], in: here)
            #expect(bad.status != 0 && bad.stderr.contains(message), "\(rows): \(bad.stderr)")
        }
        #expect(try cli.run(["table", "--tile-height", "0"], in: here).stderr.contains("device pixels per tile"))
    }
}

/// `--cells` for every section style, and the table's text warnings.
@Suite struct CellsAndWarningsCommandTests {
    let cli = RenderCommandTests()

    @Test func cellsAreWrittenForEverySectionStyle() throws {
        let here = try cli.temporaryFolder()
        // ios7.json: a plain section inside a full-width grouped table.
        let result = try cli.runWithOutput(
            [
                "table", "--spec", TableSpecCommandTests.repositoryPath("Examples/tables/ios7.json"),
                "--cells", "cells", "--scale", "1",
            ], in: here)
        #expect(result.status == 0, "\(result.stderr)")
        for style in ["plain", "fullWidthGrouped"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: here.appendingPathComponent("cells/\(style)").path)
            #expect(
                files.sorted() == [
                    "bottom-selected.png", "bottom.png", "middle-selected.png", "middle.png",
                    "single-selected.png", "single.png", "top-selected.png", "top.png",
                ], "\(style)")
        }
        #expect(result.stdout.split(separator: "\n").count == 16)
        // One style: the names stay plain.
        let one = try cli.runWithOutput(["table", "--sections", "2,3", "--cells", "one"], in: here)
        #expect(
            one.status == 0 && FileManager.default.fileExists(atPath: here.appendingPathComponent("one/top.png").path))
    }

    /// (The default table is grouped, iOS 6: its titles are bold.)
    @Test func detailsTheLayoutDropsAndMissingGlyphsAreWarned() throws {
        let result = try cli.run([
            "table", "--sections", "1", "--title", "0:0:Wi-Fi 日本", "--detail", "0:0:Home",
            "--no-system-fonts", "-o", "w.png",
        ])
        #expect(result.status == 0)
        #expect(
            result.stderr.contains("warning: row 0:0's detail 'Home' is not drawn: the default layout has no detail"),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: row 0:0's title has characters '日本' (U+65E5, U+672C) that 'DejaVu Sans Bold'"),
            "\(result.stderr)")
    }
}
