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
        let result = try cli.run(["table", "--style", "grouped", "--sections", "3,1,4", "--scale", "3", "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        // 320 pt wide; 8 rows of 44 pt plus 10 pt headers and footers.
        #expect(try cli.pngSize(output) == (960, 1236))
        let plain = folder.appendingPathComponent("plain.png")
        let second = try cli.run(["table", "--style", "plain", "--sections", "2,2", "--select", "0:1", "--alternating",
                                  "--width", "200", "--row-height", "30", "-o", plain.path])
        #expect(second.status == 0, "\(second.stderr)")
        // Plain: 28 pt headers, no footers.
        #expect(try cli.pngSize(plain) == (200, 176))
        let inset = folder.appendingPathComponent("inset.png")
        #expect(try cli.run(["table", "--style", "insetGrouped", "--continuous", "--scale", "2", "-o", inset.path]).status == 0)
        #expect(try cli.pngSize(inset) == (640, 2 * (8 * 44 + 6 * 18)))
    }

    @Test func badTableArgumentsFailWithoutOutput() throws {
        let folder = try cli.temporaryFolder()
        let output = folder.appendingPathComponent("t.png")
        let cases: [([String], String)] = [
            (["--style", "fancy"], "expected grouped, insetGrouped or plain"),
            (["--sections", "3,x"], "invalid value '3,x' for '--sections'"),
            (["--sections", "-1"], "invalid value"),
            (["--scale", "0"], "invalid scale"),
            (["--width", "nan"], "invalid value 'nan' for '--width'"),
            (["--select", "1"], "SECTION:ROW"),
            (["--sections", "40000", "--scale", "3"], "more than a surface can hold"),
            (["--bogus"], "unknown option '--bogus'"),
            (["--sections"], "needs a value"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(["table", "-o", output.path] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test func galleryWritesEveryStyleAtEachScale() throws {
        let folder = try cli.temporaryFolder().appendingPathComponent("gallery")
        let result = try cli.run(["gallery", "--out", folder.path, "--scales", "1,2"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        var expected: [String] = []
        for layout in ["grouped", "insetGrouped", "plain"] {
            var variants = ["", "-selected", "-alternating", "-gradient", "-pattern", "-image", "-labels", "-disclosureIndicator",
                            "-checkmark", "-detailButton", "-detailDisclosureButton"]
            if layout != "plain" { variants.append("-continuous") }
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
