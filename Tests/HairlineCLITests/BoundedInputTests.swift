// Issue 32 at the command line: FIFOs and folders given as inputs are
// refused at once with a plain message; repeated scales and non-decimal
// scales are refused; a run whose outputs cannot all be written leaves
// every previous file as it was (for render, table, --cells and gallery
// alike, through one writer); outputs may not replace a file the spec
// reads; echoed values are cut and their control characters escaped.

import Foundation
import Testing

@Suite struct BoundedInputTests {
    let cli = RenderCommandTests()

    func folder() throws -> URL {
        let url = try cli.temporaryFolder()
        try cli.cell.write(to: url.appendingPathComponent("cell.svg"), atomically: true, encoding: .utf8)
        return url
    }

    @Test func pipesAndFoldersAreRefusedAtOnce() throws {
        let dir = try folder()
        let pipe = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        for command in [["render", pipe], ["table", "--spec", pipe]] {
            let result = try cli.run(command)
            #expect(result.status == 1)
            #expect(result.stderr.contains("named pipe (FIFO)"), "\(result.stderr)")
        }
        let folderInput = try cli.run(["render", dir.path])
        #expect(folderInput.stderr.contains("is a folder"), "\(folderInput.stderr)")
        #expect(!folderInput.stderr.contains("NSCocoaErrorDomain"))
        // A spec whose image is a FIFO.
        let spec = dir.appendingPathComponent("t.json")
        try ##"{"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "pipe"}}}"##
            .write(to: spec, atomically: true, encoding: .utf8)
        let image = try cli.run(["table", "--spec", spec.path])
        #expect(image.status == 1 && image.stderr.contains("named pipe (FIFO)"), "\(image.stderr)")
    }

    @Test func repeatedAndNonDecimalScalesAreRefused() throws {
        let dir = try folder()
        let input = dir.appendingPathComponent("cell.svg").path
        for (arguments, message) in [
            (["--scales", "3,3"], "scale 3 is given twice"),
            (["--scales", "1,2,1.0"], "scale 1 is given twice"),
            (["--scale", "0x10"], "invalid scale '0x10'"),
            (["--scale", "1e1"], "invalid scale '1e1'"),
            (["--scale", "inf"], "invalid scale 'inf'"),
            (["--scale", "-2"], "invalid scale '-2'"),
            (["--scale", "64.5"], "invalid scale '64.5'"),
        ] {
            let result = try cli.run(["render", input] + arguments)
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try cli.run(["render", input, "--scale", "1.5"]).status == 0)
        #expect(
            try cli.run(["render", input, "--scale", "30", "-o", dir.appendingPathComponent("big.png").path]).status
                == 0)
    }

    @Test func aFailedRunLeavesEveryPreviousFileAsItWas() throws {
        let dir = try folder()
        let input = dir.appendingPathComponent("cell.svg").path
        let out = dir.appendingPathComponent("out.png")
        let blocking = dir.appendingPathComponent("out@2x.png")
        try FileManager.default.createDirectory(at: blocking, withIntermediateDirectories: true)
        let commands: [[String]] = [
            ["render", input, "--scales", "1,2", "-o", out.path],
            ["table", "--sections", "1", "--scales", "1,2", "-o", out.path],
            [
                "table", "--sections", "1", "--scales", "1,2", "--cells", dir.appendingPathComponent("cells").path,
                "-o", out.path,
            ],
        ]
        for command in commands {
            try Data("previous".utf8).write(to: out)
            let result = try cli.run(command)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("is a folder"), "\(command): \(result.stderr)")
            #expect(try String(contentsOf: out, encoding: .utf8) == "previous", "\(command)")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            #expect(names == ["cell.svg", "out.png", "out@2x.png"], "\(command): \(names)")
        }
        // The gallery: one of its files blocked by a folder.
        let gallery = dir.appendingPathComponent("gallery")
        try FileManager.default.createDirectory(
            at: gallery.appendingPathComponent("grouped@1x.png"),
            withIntermediateDirectories: true)
        let result = try cli.run(["gallery", "--out", gallery.path, "--scales", "1"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: gallery.path) == ["grouped@1x.png"])
    }

    @Test func outputsMayNotReplaceWhatTheSpecReads() throws {
        let dir = try folder()
        let table = try cli.run(["table", "--sections", "1", "-o", dir.appendingPathComponent("tile.png").path])
        #expect(table.status == 0)
        let spec = dir.appendingPathComponent("t.json")
        try
            ##"{"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "tile.png"}}}"##
            .write(to: spec, atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: dir.appendingPathComponent("tile.png"))
        let result = try cli.run(["table", "--spec", spec.path, "-o", dir.appendingPathComponent("./tile.png").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refusing to overwrite a file the spec reads"), "\(result.stderr)")
        #expect(try Data(contentsOf: dir.appendingPathComponent("tile.png")) == before)
        // Outside its folder only with --allow-any-path.
        let inner = dir.appendingPathComponent("inner")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        let outside = inner.appendingPathComponent("o.json")
        try
            ##"{"width": 100, "sections": [{"rows": 1}], "style": {"layout": "grouped", "fill": {"image": "../tile.png"}}}"##
            .write(to: outside, atomically: true, encoding: .utf8)
        let refused = try cli.run(["table", "--spec", outside.path])
        #expect(refused.status == 1 && refused.stderr.contains("outside the spec's folder"), "\(refused.stderr)")
        #expect(try cli.run(["table", "--spec", outside.path, "--allow-any-path"]).status == 0)
    }

    @Test func echoedValuesAreCutAndEscaped() throws {
        let long = String(repeating: "x", count: 100_000)
        let option = try cli.run(["render", "in.svg", "--" + long])
        let line = option.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(line.hasPrefix("hairline: error: unknown option") && line.utf8.count < 200, "\(line.prefix(300))")
        let control = try cli.run(["render", "in\u{1B}[2J.svg"])
        #expect(!control.stderr.contains("\u{1B}"), "\(control.stderr)")
        #expect(control.stderr.contains("\\u{1B}"), "\(control.stderr)")
        let select = try cli.run(["table", "--sections", "1", "--select", "9:9"])
        #expect(select.status != 0)
    }

    @Test func svgImagesStayWithinTheImageBudget() throws {
        let dir = try folder()
        // A 20 x 20 PNG, made by the CLI itself (a table 20 pt wide).
        let png = dir.appendingPathComponent("pic.png")
        #expect(try cli.run(["table", "--sections", "0", "--width", "20", "-o", png.path]).status == 0)
        let (w, h) = try cli.pngSize(png)
        let svg = dir.appendingPathComponent("pic.svg")
        try
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="30"><image href="pic.png" width="20" height="20"/><image href="./pic.png" x="5" width="20" height="20"/></svg>"##
            .write(to: svg, atomically: true, encoding: .utf8)
        let refused = try cli.run([
            "render", svg.path, "--image-budget", "\(w * h - 1)", "-o", dir.appendingPathComponent("a.png").path,
        ])
        #expect(refused.status == 0)
        #expect(refused.stderr.contains("decoded-image budget of \(w * h - 1) pixels"), "\(refused.stderr)")
        // One file behind two references is decoded (and counted) once.
        let fits = try cli.run([
            "render", svg.path, "--image-budget", "\(w * h)", "-o", dir.appendingPathComponent("b.png").path,
        ])
        #expect(fits.status == 0)
        #expect(!fits.stderr.contains("budget"), "\(fits.stderr)")
    }

    @Test func aRunPastItsCPUTimeLimitStopsAndChangesNoFile() throws {
        let dir = try folder()
        let out = dir.appendingPathComponent("sub/heavy.png")
        // A 3,000 x 50,000 px gradient table: far more than 0.2 s of CPU.
        let result = try cli.run([
            "table", "--sections", "380", "--width", "1000", "--scales", "1,3", "--max-pixels", "1000000000",
            "--time-limit", "0.2", "-o", out.path,
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("table stopped after 0.2 s of CPU (--time-limit raises it)"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["cell.svg"])
        let bad = try cli.run(["render", dir.appendingPathComponent("cell.svg").path, "--time-limit", "1e3"])
        #expect(bad.status != 0 && bad.stderr.contains("invalid value '1e3' for '--time-limit'"), "\(bad.stderr)")
    }
}
