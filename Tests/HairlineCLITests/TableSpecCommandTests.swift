// `hairline table --spec` and `--cells` as processes: every scale written
// at its pixel size, the same bytes for any number of workers, the cell
// assets per position, state and scale, and malformed specs failing with
// the JSON path and line:column on stderr, exit code 1 and no file left.

import Foundation
import HairlinePNG
import Testing

@Suite struct TableSpecCommandTests {
    let cli = RenderCommandTests()

    /// `path` in the repository (found from this file, as the goldens are).
    static func repositoryPath(_ path: String) -> String {
        var url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while url.path != "/", !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
        {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent(path).path
    }

    static let alternating = repositoryPath("Examples/tables/alternating.json")

    @Test func writesEveryScaleAtItsPixelSize() throws {
        let folder = try cli.temporaryFolder()
        let output = folder.appendingPathComponent("out/alternating.png")
        let result = try cli.run(["table", "--spec", Self.alternating, "--scales", "1,2,3", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        // 320 pt wide; a 28 pt titled header bar and 7 rows of 44 pt.
        #expect(try cli.pngSize(output) == (320, 336))
        #expect(try cli.pngSize(folder.appendingPathComponent("out/alternating@2x.png")) == (640, 672))
        #expect(try cli.pngSize(folder.appendingPathComponent("out/alternating@3x.png")) == (960, 1008))
        // Without a scale: the spec's own (2), to the spec's name with .png
        // in the current folder (not beside the spec).
        let copy = folder.appendingPathComponent("copy.json")
        try FileManager.default.copyItem(atPath: Self.alternating, toPath: copy.path)
        let here = try cli.temporaryFolder()
        #expect(try cli.run(["table", "--spec", copy.path], in: here).status == 0)
        #expect(try cli.pngSize(here.appendingPathComponent("copy.png")) == (640, 672))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("copy.png").path))
    }

    @Test func outputIsTheSameForAnyNumberOfWorkers() throws {
        let folder = try cli.temporaryFolder()
        let spec = Self.repositoryPath("Examples/tables/image-cells.json")
        var outputs: [Data] = []
        for workers in ["1", "4"] {
            let output = folder.appendingPathComponent("w\(workers).png")
            let result = try cli.run(["table", "--spec", spec, "--scale", "3", "--workers", workers, "-o", output.path])
            #expect(result.status == 0, "\(result.stderr)")
            outputs.append(try Data(contentsOf: output))
        }
        #expect(outputs[0] == outputs[1])
        #expect(
            try cli.run(["table", "--spec", spec, "--workers", "0"]).stderr.contains(
                "invalid value '0' for '--workers'"))
    }

    /// The cell source of the image-cells example gives the committed
    /// assets again: 8 per scale, each the first row's size.
    @Test func cellsWritesEachPositionAndStateAtEachScale() throws {
        let folder = try cli.temporaryFolder().appendingPathComponent("cells")
        let result = try cli.run([
            "table", "--spec", Self.repositoryPath("Examples/tables/images/cell-source.json"),
            "--cells", folder.path, "--scales", "1,2,3",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var expected: [String] = []
        for position in ["single", "top", "middle", "bottom"] {
            for state in ["", "-selected"] {
                for suffix in ["", "@2x", "@3x"] { expected.append(position + state + suffix + ".png") }
            }
        }
        #expect(names == expected.sorted())
        for name in names {
            let scale = name.contains("@3x") ? 3 : name.contains("@2x") ? 2 : 1
            // 64 pt wide less 10 pt insets; 44 pt rows.
            #expect(try cli.pngSize(folder.appendingPathComponent(name)) == (44 * scale, 44 * scale), "\(name)")
            let committed = Self.repositoryPath("Examples/tables/images/cell/\(name)")
            // Decoded pixels: the bytes depend on the PNG level (--png-level).
            let written = try PNGDecoder.decode([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
            let kept = try PNGDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: committed))))
            #expect(
                written.rgba8 == kept.rgba8 && written.width == kept.width, "\(name) differs from the committed asset")
        }
        // Without a spec: the options' table; with -o the table too.
        let plain = try cli.temporaryFolder()
        let table = plain.appendingPathComponent("table.png")
        let options = try cli.run([
            "table", "--style", "plain", "--width", "200", "--row-height", "30", "--scale", "2",
            "--cells", plain.appendingPathComponent("cells").path, "-o", table.path,
        ])
        #expect(options.status == 0, "\(options.stderr)")
        #expect(try cli.pngSize(plain.appendingPathComponent("cells/middle-selected@2x.png")) == (400, 60))
        #expect(FileManager.default.fileExists(atPath: table.path))
    }

    @Test func malformedSpecsFailWithThePathAndNoOutput() throws {
        let cases: [(String, String)] = [
            (
                #"{"style": {"layout": "grouped"}, "sections": [{"rows": 1}], "selectedRows": [[0, 3]]}"#,
                "spec.json: $.selectedRows[0][1]: expected a row of section 0, 0...0, found 3 (line 1, column 82)"
            ),
            (
                ##"{"style": {"layout": "grouped", "fil": "#FFF"}, "sections": [{"rows": 1}]}"##,
                #"spec.json: $.style.fil: unknown key "fil"; expected one of "layout""#
            ),
            (
                "{\"style\": {\"layout\": \"grouped\"},\n \"sections\": [{\"rows\": 1},]}",
                "spec.json: $.sections[1]: invalid JSON: expected a value after ',', found ']' (line 2, column 27)"
            ),
            (
                #"{"style": {"layout": "grouped", "fill": {"pattern": "missing.png"}}, "sections": [{"rows": 1}]}"#,
                #"spec.json: $.style.fill.pattern: expected a PNG image, found "missing.png""#
            ),
            (
                #"{"style": {"layout": "grouped"}, "sections": [{"rows": 1, "rowHeight": -3}]}"#,
                "$.sections[0].rowHeight: expected a non-negative number of points, found -3 (line 1, column 72)"
            ),
        ]
        for (text, message) in cases {
            let folder = try cli.temporaryFolder()
            let spec = folder.appendingPathComponent("spec.json")
            try Data(text.utf8).write(to: spec)
            let result = try cli.run([
                "table", "--spec", spec.path, "--scales", "1,2", "--cells",
                folder.appendingPathComponent("cells").path, "-o",
                folder.appendingPathComponent("out.png").path,
            ])
            #expect(result.status == 1, "\(text)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
            let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(contents == ["spec.json"], "no output or partial files: \(contents)")
        }
    }

    @Test func specRefusesTableShapingOptions() throws {
        let folder = try cli.temporaryFolder()
        for option in [["--style", "plain"], ["--sections", "1,2"], ["--alternating"], ["--title", "0:0:Wi-Fi"]] {
            let result = try cli.run(
                ["table", "--spec", Self.alternating] + option + ["-o", folder.appendingPathComponent("t.png").path])
            #expect(result.status != 0)
            #expect(result.stderr.contains("'\(option[0])' cannot be combined with '--spec'"), "\(result.stderr)")
        }
        let missing = try cli.run(["table", "--spec", folder.appendingPathComponent("none.json").path])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read the spec"), "\(missing.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }
}
