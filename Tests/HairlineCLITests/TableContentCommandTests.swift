// `hairline table`'s cell content and look options as a process: leading
// images (the repository's icons with their @2x/@3x variants), tints,
// image accessories, indentation, label insets and position, the dark
// appearance, header view images and sections' own header views draw a
// table of the expected size, change its pixels, and bad values fail with
// a precise message and no file.

import Foundation
import HairlinePNG
import Testing

@Suite struct TableContentCommandTests {
    let cli = RenderCommandTests()

    static func icon(_ name: String) -> String {
        TableSpecCommandTests.repositoryPath("Examples/tables/images/icons/\(name)")
    }

    @Test func drawsImagesIndentationAndTheDarkLook() throws {
        let folder = try cli.temporaryFolder()
        let bare = folder.appendingPathComponent("bare.png"), rich = folder.appendingPathComponent("rich.png")
        let common = [
            "table", "--style", "insetGrouped", "--sections", "3,1", "--scale", "2", "--title", "0:0:Wi-Fi",
            "--title", "0:1:Star", "--title", "0:2:Switch", "--title", "1:0:Nested",
        ]
        #expect(try cli.run(common + ["-o", bare.path]).status == 0)
        let result = try cli.run(
            common + [
                "--image", "0:0:\(Self.icon("wifi.png"))", "--image", "0:1:\(Self.icon("star.png"))",
                "--image-tint", "0:1:#FF9500", "--accessory-image", "0:2:\(Self.icon("switch-on.png"))",
                "--selected-accessory-image", "0:2:\(Self.icon("switch-off.png"))", "--select", "0:2",
                "--indent", "1:0:2", "--indentation-width", "12", "--label-insets", "20,10",
                "--label-position", "center:-2", "--appearance", "dark", "--header-view", "Settings",
                "--header-view-image", Self.icon("wifi.png"), "--section-header-view", "1:Own", "-o", rich.path,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let (width, height) = try cli.pngSize(rich)
        // 4 rows of 44 pt, section 0's 18 pt header and footer, section
        // 1's 52 pt header view and 18 pt footer, the 52 pt table header view.
        #expect(width == 640 && height == 2 * (4 * 44 + 18 + 18 + 52 + 18 + 52))
        let dark = try PNGDecoder.decode(contentsOfFile: rich.path).image()
        // The dark background (#000000) in the top-left corner.
        #expect(dark.pixel(x: 1, y: 1)?.red == 0 && dark.pixel(x: 1, y: 1)?.alpha == 255)
    }

    @Test func badContentOptionsFailWithoutOutput() throws {
        let folder = try cli.temporaryFolder()
        let output = folder.appendingPathComponent("t.png")
        let wifi = Self.icon("wifi.png")
        let cases: [([String], String)] = [
            (["--appearance", "dark"], "light for --style grouped (iOS 6 had no dark appearance"),
            (["--appearance", "dim"], "expected light or dark"),
            (["--image", "0:9:\(wifi)"], "a row of the table"),
            (["--image", "0:0"], "SECTION:ROW:TEXT"),
            (["--image", "0:0:\(folder.path)/missing.png"], "a readable PNG file"),
            (["--indent", "0:0:x"], "SECTION:ROW:LEVEL with a level in 0...1000"),
            (["--indent", "0:0:5000"], "0...1000"),
            (["--label-position", "middle"], "center, top or bottom"),
            (["--label-position", "top:-3"], "center, top or bottom"),
            (["--label-insets", "20"], "LEADING,TRAILING"),
            (["--image-size", "a,b"], "WIDTH,HEIGHT"),
            (["--image", "0:0:\(wifi)", "--image-tint", "0:0:notacolor"], "SECTION:ROW:COLOR"),
            (["--image-tint", "0:1:red"], "a row given an --image too"),
            (["--selected-image", "0:1:\(wifi)"], "a row given an --image too"),
            (["--selected-accessory-image", "0:1:\(wifi)"], "a row given an --accessory-image too"),
            (["--header-view-image", wifi], "a table with a --header-view"),
            (["--section-header-view", "7:Late"], "a section of the table, 0..<3"),
        ]
        for (arguments, message) in cases {
            let result = try cli.run(["table", "-o", output.path] + arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        let spec = TableSpecCommandTests.alternating
        let conflict = try cli.run(["table", "--spec", spec, "--image", "0:0:\(wifi)", "-o", output.path])
        #expect(conflict.status != 0 && conflict.stderr.contains("'--image' cannot be combined with '--spec'"))
        // An output over an image the table draws (or a variant of it) is refused.
        let copy = folder.appendingPathComponent("icon.png").path
        try FileManager.default.copyItem(atPath: wifi, toPath: copy)
        let overwrite = try cli.run([
            "table", "--image", "0:0:\(copy)", "-o", folder.appendingPathComponent("icon@2x.png").path,
        ])
        #expect(overwrite.status != 0 && overwrite.stderr.contains("refusing to overwrite an image the table draws"))
    }
}
