// `hairline gallery`: every cell style of HairlineCells' gallery at 1x, 2x
// and 3x, one PNG each, named `<style>@<scale>x.png`, into a folder.

import Foundation
import Hairline
import HairlineCells
import HairlinePNG

struct GalleryCommand {
    var folder = "gallery"
    var scales: [Double] = [1, 2, 3]

    init(parsing arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let arg = iterator.next() {
            switch arg {
            case "--out", "-o", "--output":
                guard let v = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                folder = v
            case "--scales":
                guard let v = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                scales = try v.split(separator: ",", omittingEmptySubsequences: false).map {
                    try RenderCommand.parseScale(String($0))
                }
            default:
                throw arg.hasPrefix("-") ? CommandLineError.unknownOption(arg) : CommandLineError.unexpectedArgument(arg)
            }
        }
    }

    func run() throws {
        try createFolder(for: folder + "/x.png")
        var written = 0
        for scale in scales {
            let label = scale == scale.rounded() ? String(Int(scale)) : String(scale)
            for item in CellGallery.items(scale: scale) {
                let surface = try TableRenderer.render(item.table)
                try PNGEncoder.write(surface, toFile: "\(folder)/\(item.name)@\(label)x.png")
                written += 1
            }
        }
        print("wrote \(written) images to \(folder)/")
    }
}
