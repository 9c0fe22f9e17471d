// `hairline render`: SVG file -> PNG file(s) at one or more scales.
// The SVG's user unit is one point; at scale S the PNG has (width*S) x
// (height*S) pixels (rounded up), drawn on a transparent background.

import Foundation
import Hairline
import HairlinePNG
import HairlineSVG

struct RenderCommand {
    var input: String
    var output: String?
    var scales: [Double] = [1]

    init(parsing arguments: [String]) throws {
        var input: String?
        var iterator = arguments.makeIterator()
        while let arg = iterator.next() {
            switch arg {
            case "-o", "--output":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                output = value
            case "--scale":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                scales = [try Self.parseScale(value)]
            case "--scales":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                scales = try value.split(separator: ",", omittingEmptySubsequences: false).map {
                    try Self.parseScale(String($0))
                }
            default:
                if arg.hasPrefix("-") && arg != "-" { throw CommandLineError.unknownOption(arg) }
                guard input == nil else { throw CommandLineError.unexpectedArgument(arg) }
                input = arg
            }
        }
        guard let input else { throw CommandLineError.missingInput }
        self.input = input
    }

    static func parseScale(_ text: String) throws -> Double {
        guard let s = Double(text.trimmingCharacters(in: .whitespaces)), s.isFinite, s > 0, s <= maximumScale else {
            throw CommandLineError.invalidScale(text)
        }
        return s
    }

    /// The output path for `scale`: the base for 1x (and for a lone
    /// scale), `name@Sx.png` for the others.
    func outputPath(for scale: Double) -> String {
        Self.outputPath(base: output ?? Self.replacingExtension(of: input, with: "png"), scale: scale,
                        scaleCount: scales.count)
    }

    /// The file of `scale` among `scaleCount` scales written as `base`:
    /// `base` itself for 1x and for a lone scale, `stem@Sx.ext` for the
    /// others (`table@2x.png`, `table@1.5x.png`).
    static func outputPath(base: String, scale: Double, scaleCount: Int) -> String {
        guard scaleCount > 1, scale != 1 else { return base }
        let url = URL(fileURLWithPath: base)
        let ext = url.pathExtension.isEmpty ? "png" : url.pathExtension
        let stem = url.deletingPathExtension().path
        return "\(stem)@\(scaleLabel(scale))x.\(ext)"
    }

    /// A scale as file names write it: `2`, `1.5`.
    static func scaleLabel(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    static func replacingExtension(of path: String, with ext: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingPathExtension().appendingPathExtension(ext).path
    }

    /// A length in device pixels rounded up to whole pixels, or `nil` if it
    /// is not a size a surface can have.
    static func pixels(_ length: Double) -> Int? {
        guard length.isFinite, length > 0, length <= Double(Surface.maximumDimension) else { return nil }
        return Int(length.rounded(.up))
    }

    /// Loads `<image>` PNGs: data URIs as given, file paths relative to
    /// the SVG's folder.
    static func pngLoader(relativeTo svgPath: String) -> SVGResourceLoader {
        let folder = URL(fileURLWithPath: svgPath).deletingLastPathComponent()
        return SVGResourceLoader(loadImage: { source in
            switch source {
            case .data(let bytes, _):
                return try PNGDecoder.decodeImage(bytes)
            case .file(let path):
                let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
                return try PNGDecoder.decode(contentsOfFile: url.path).image()
            }
        }, loadData: { path in
            // SVG images (`.svg` paths) are read as documents by HairlineSVG.
            [UInt8](try Data(contentsOf: path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)))
        })
    }

    func run() throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw RenderError.cannotRead(path: input, reason: error.localizedDescription)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RenderError.notUTF8(path: input)
        }
        let document: SVGDocument
        do {
            document = try SVGDocument(parsing: text, loader: Self.pngLoader(relativeTo: input))
        } catch {
            throw RenderError.invalidSVG(path: input, detail: "\(error)")
        }
        for warning in document.warnings { warn("\(input): \(warning)") }
        // Symbolic links resolved, so a link to the input is the input too.
        let inputPath = URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL.path
        // Check every destination and render every surface before touching
        // the file system, so a bad size or path leaves nothing behind.
        let jobs = scales.map { ($0, outputPath(for: $0)) }
        for (_, path) in jobs
        where URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path == inputPath {
            throw CommandLineError.outputWouldOverwriteInput(path)
        }
        var rendered: [(Surface, String)] = []
        for (scale, path) in jobs {
            guard let width = Self.pixels(document.width * scale),
                  let height = Self.pixels(document.height * scale)
            else {
                throw RenderError.badSize(
                    path: input, detail: "\(document.width) x \(document.height) pt at scale \(scale) is too large")
            }
            let surface: Surface
            do {
                surface = try Surface(width: width, height: height)
            } catch {
                throw RenderError.badSize(path: input, detail: "\(error)")
            }
            let canvas = Canvas(surface: surface, scale: scale)
            document.draw(in: canvas)
            if canvas.droppedDrawCount > 0 {
                warn("\(input): \(canvas.droppedDrawCount) shape(s) at scale \(scale) not drawn: non-finite or past \(canvas.maximumSegmentCount) segments")
            }
            rendered.append((surface, path))
        }
        // Missing output folders are created (an existing file in the way
        // fails here with the file system's own message); each PNG is
        // written to a temporary file and renamed into place.
        for (_, path) in rendered { try createFolder(for: path) }
        for (surface, path) in rendered { try PNGEncoder.write(surface, toFile: path) }
    }
}

/// A problem with an input or output file of `render`.
enum RenderError: Error, CustomStringConvertible {
    case cannotRead(path: String, reason: String)
    case notUTF8(path: String)
    case invalidSVG(path: String, detail: String)
    case badSize(path: String, detail: String)
    case cannotCreateFolder(path: String, reason: String)

    var description: String {
        switch self {
        case .cannotRead(let p, let r): return "cannot read '\(p)': \(r)"
        case .notUTF8(let p): return "'\(p)' is not UTF-8 text"
        case .invalidSVG(let p, let d): return "'\(p)': \(d)"
        case .badSize(let p, let d): return "'\(p)': \(d)"
        case .cannotCreateFolder(let p, let r): return "cannot create the folder '\(p)': \(r)"
        }
    }
}
