// `hairline gallery`: every cell style of HairlineCells' gallery at 1x, 2x
// and 3x, one PNG each, named `<style>@<scale>x.png`, into a folder.

import Hairline
import HairlineCells
import HairlinePNG

struct GalleryCommand {
    var folder = "gallery"
    var scales: [Double] = [1, 2, 3]
    var pngLevel = PNGCompressionLevel.default

    init(parsing arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        while let arg = iterator.next() {
            switch arg {
            case "--out", "-o", "--output":
                guard let v = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                folder = v
            case "--scales":
                guard let v = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                scales = try RenderCommand.parseScales(v)
            case PNGLevelOption.name:
                guard let v = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                pngLevel = try PNGLevelOption.parse(v)
            default:
                throw arg.hasPrefix("-")
                    ? CommandLineError.unknownOption(arg) : CommandLineError.unexpectedArgument(arg)
            }
        }
    }

    func run() throws {
        // Staged one image at a time, put in place together at the end
        // (no pixel cap: the gallery draws no user input).
        let outputs = OutputFiles(maximumPixels: .max, pngLevel: pngLevel)
        for scale in scales {
            let label = RenderCommand.scaleLabel(scale)
            for item in CellGallery.items(scale: scale) {
                let surface = try TableRenderer.render(item.table)
                try outputs.add(surface, path: "\(folder)/\(item.name)@\(label)x.png")
            }
        }
        try outputs.commit()
    }
}
