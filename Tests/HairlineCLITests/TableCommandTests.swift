// `hairline table` and `hairline gallery` as processes: the files they
// write, their pixel sizes, and errors on stderr with a non-zero exit code
// and no output.

import Foundation
import Testing

@Suite struct TableCommandTests {
    let cli = RenderCommandTests()

    @Test func drawsATableAtItsPixelSize() throws {
        let folder = try cli.temporaryFolder()
        let output = folder.appendingPathComponent("deep/table.png")
        let result = try cli.run([
            "table", "--style", "grouped", "--sections", "3,1,4", "--scale", "3", "-o", output.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // 320 pt wide; 8 rows of 44 pt plus 10 pt headers and footers.
        #expect(try cli.pngSize(output) == (960, 1236))
        let plain = folder.appendingPathComponent("plain.png")
        let second = try cli.run([
            "table", "--style", "plain", "--sections", "2,2", "--select", "0:1", "--alternating",
            "--width", "200", "--row-height", "30", "-o", plain.path,
        ])
        #expect(second.status == 0, "\(second.stderr)")
        // Plain: 28 pt headers, no footers.
        #expect(try cli.pngSize(plain) == (200, 176))
        let inset = folder.appendingPathComponent("inset.png")
        #expect(
            try cli.run(["table", "--style", "insetGrouped", "--continuous", "--scale", "2", "-o", inset.path]).status
                == 0)
        #expect(try cli.pngSize(inset) == (640, 2 * (8 * 44 + 6 * 18)))
    }

    @Test func badTableArgumentsFailWithoutOutput() throws {
        let folder = try cli.temporaryFolder()
        let output = folder.appendingPathComponent("t.png")
        let cases: [([String], String)] = [
            (["--style", "fancy"], "expected grouped, insetGrouped, plain or fullWidthGrouped"),
            (["--sections", "3,x"], "invalid value '3,x' for '--sections'"),
            (["--sections", "-1"], "invalid value"),
            (["--scale", "0"], "invalid scale"),
            (["--width", "nan"], "invalid value 'nan' for '--width'"),
            (["--select", "1"], "SECTION:ROW"),
            (["--sections", "40000", "--scale", "3"], "more than a surface can hold"),
            (["--bogus"], "unknown option '--bogus'"),
            (["--select", "3:0"], "a section of the table, 0..<3 (section 3 does not exist)"),
            (["--select", "0:3"], "a row of the table"),
            (["--header-title", "3:Late"], "a section of the table"),
            (["--footer-title", "x:Note"], "SECTION:TEXT"),
            (["--title", "0:9:Far"], "a row of the table"),
            (["--title", "0:Row"], "SECTION:ROW:TEXT"),
            (["--detail", "0:0:Alone"], "a row given a --title too"),
            (["--text-layout", "value3"], "default, subtitle, value1 or value2"),
            (["--accessory", "star"], "detailDisclosureButton"),
            (["--sections"], "needs a value"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(["table", "-o", output.path] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    /// Titles and labels change the picture and the heights: a titled
    /// grouped header is as tall as its text, the header view adds its
    /// 60 pt; text with colons survives.
    @Test func drawsTitlesAndLabels() throws {
        let folder = try cli.temporaryFolder()
        let bare = folder.appendingPathComponent("bare.png"), titled = folder.appendingPathComponent("titled.png")
        #expect(try cli.run(["table", "--sections", "2,1", "--scale", "2", "-o", bare.path]).status == 0)
        let result = try cli.run([
            "table", "--sections", "2,1", "--scale", "2", "--header-view", "Settings", "--header-title", "0:Network",
            "--footer-title", "1:Time: 10:30", "--title", "0:0:Wi-Fi", "--detail", "0:0:Home", "--title", "1:0:About",
            "--text-layout", "value1", "--accessory", "disclosureIndicator", "--select", "0:0", "-o", titled.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let (width, height) = try cli.pngSize(titled)
        #expect(width == 640)
        // Bare: 3 rows + 4 x 10 pt of headers and footers = 172 pt.
        #expect(try cli.pngSize(bare) == (640, 344))
        // Titled: + 60 pt header view, + a titled header and footer (each
        // more than its 10 pt default).
        #expect(height > 2 * (172 + 60 + 2 * 10))
        #expect(try Data(contentsOf: bare) != Data(contentsOf: titled))
    }

    @Test func galleryWritesEveryStyleAtEachScale() throws {
        let folder = try cli.temporaryFolder().appendingPathComponent("gallery")
        let result = try cli.run(["gallery", "--out", folder.path, "--scales", "1,2"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var expected: [String] = []
        for layout in ["grouped", "insetGrouped", "plain", "fullWidthGrouped"] {
            var variants = [
                "", "-selected", "-alternating", "-gradient", "-pattern", "-image", "-labels", "-disclosureIndicator",
                "-checkmark", "-detailButton", "-detailDisclosureButton", "-headers", "-content",
            ]
            if layout != "grouped" { variants.append("-dark") }
            if layout != "plain" { variants.append("-continuous") }
            if layout == "grouped" { variants.append("-headerView") }
            for variant in variants {
                expected.append("\(layout)\(variant)@1x.png")
                expected.append("\(layout)\(variant)@2x.png")
            }
        }
        #expect(names == expected.sorted())
        #expect(try cli.pngSize(folder.appendingPathComponent("grouped@2x.png")) == (640, 2 * (4 * 44 + 40)))
        #expect(try cli.run(["gallery", "--scales", "1,zero"]).status != 0)
    }
}
