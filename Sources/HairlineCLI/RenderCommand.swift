// `hairline render`: SVG file -> PNG file(s) at one or more scales.
// The SVG's user unit is one point; at scale S the PNG has (width*S) x
// (height*S) pixels (rounded up), drawn on a transparent background.

import Hairline
import HairlinePNG
import HairlineSVG
import HairlineSystem
import HairlineTableSpec
import HairlineText

struct RenderCommand {
    var input: String
    var output: String?
    var scales: [Double] = [1]
    /// The most pixels the run's images may hold together.
    var maximumPixels = OutputFiles.defaultMaximumPixels
    /// How hard the PNGs are compressed (`--png-level`).
    var pngLevel = PNGCompressionLevel.default
    /// The most image pixels the document's `<image>`s decode.
    var imageBudget = TableSpec.Options.defaultImagePixelBudget
    /// The fonts text is matched among (`--font`, `--font-dir`, ...).
    var fontOptions = FontOptions()
    /// Threads each scale is drawn on (`--workers`; nil: every processor).
    /// The pixels are the same for any number.
    var workers: Int?
    /// The curves' flattening tolerance in device pixels (`--tolerance`;
    /// nil: the canvas's default, 0.008).
    var tolerance: Double?

    init(parsing arguments: [String]) throws {
        var input: String?
        var iterator = arguments.makeIterator()
        while let arg = iterator.next() {
            if try fontOptions.parse(
                arg,
                value: {
                    guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                    return value
                })
            {
                continue
            }
            switch arg {
            case "-o", "--output":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                output = try Self.pngPath(value, option: arg)
            case "--scale":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                scales = [try Self.parseScale(value)]
            case "--scales":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                scales = try Self.parseScales(value)
            case PNGLevelOption.name:
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                pngLevel = try PNGLevelOption.parse(value)
            case "--max-pixels":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                maximumPixels = try Self.parsePixelCount(value, option: arg)
            case "--image-budget":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                imageBudget = try Self.parsePixelCount(value, option: arg)
            case "--tolerance":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                tolerance = try Self.parseTolerance(value, option: arg)
            case "--workers":
                guard let value = iterator.next() else { throw CommandLineError.missingValue(option: arg) }
                workers = try TableCommand.parseCount(
                    value, option: arg, in: 1...TableCommand.maximumWorkers,
                    expected: "a number of threads, 1...\(TableCommand.maximumWorkers)")
            default:
                if arg.hasPrefix("-") && arg != "-" { throw CommandLineError.unknownOption(arg) }
                guard input == nil else { throw CommandLineError.unexpectedArgument(arg) }
                input = arg
            }
        }
        guard let input else { throw CommandLineError.missingInput }
        self.input = input
    }

    /// A scale as the options write it: a decimal number (digits, one
    /// optional point, no sign, exponent, hex or `inf`) in (0, 16].
    static func parseScale(_ text: String) throws -> Double {
        guard let s = decimalNumber(text.trimmingBlanks()), s.isFinite, s > 0, s <= maximumScale
        else {
            throw CommandLineError.invalidScale(text)
        }
        return s
    }

    /// The coarsest flattening tolerance the options take, in device
    /// pixels (a curve then is a few chords); the finest is 0.0001.
    static let maximumTolerance = 16.0

    /// A flattening tolerance as `--tolerance` writes it: a decimal
    /// number of device pixels in 0.0001 ... `maximumTolerance`.
    static func parseTolerance(_ text: String, option: String) throws -> Double {
        guard let t = decimalNumber(text.trimmingBlanks()), t >= 0.0001, t <= maximumTolerance else {
            throw CommandLineError.invalidValue(
                option: option, value: text,
                expected: "device pixels, 0.0001...\(scaleLabel(maximumTolerance)), like 0.25 (default 0.008)")
        }
        return t
    }

    /// A comma-separated list of scales (`1,2,3`), each once.
    static func parseScales(_ text: String) throws -> [Double] {
        var scales: [Double] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let scale = try parseScale(String(part))
            guard !scales.contains(scale) else { throw CommandLineError.repeatedScale(scale) }
            scales.append(scale)
        }
        return scales
    }

    /// A count of pixels as the options write it: decimal digits only,
    /// 1 ... `maximum`.
    static func parsePixelCount(
        _ text: String, option: String, maximum: Int = 1 << 40,
        expected: String = "a number of pixels, like 268435456"
    ) throws -> Int {
        guard !text.contains("."), decimalNumber(text) != nil, let n = Int(text), n >= 1, n <= maximum else {
            throw CommandLineError.invalidValue(option: option, value: text, expected: expected)
        }
        return n
    }

    /// The largest SVG file read, in bytes.
    static let maximumSVGByteCount = 64 << 20

    /// The output path for `scale`: the base for 1x (and for a lone
    /// scale), `name@Sx.png` for the others.
    func outputPath(for scale: Double) -> String {
        Self.outputPath(
            base: output ?? defaultOutput(for: input), scale: scale,
            scaleCount: scales.count)
    }

    /// The file of `scale` among `scaleCount` scales written as `base`:
    /// `base` itself for 1x and for a lone scale, `stem@Sx.ext` for the
    /// others (`table@2x.png`, `table@1.5x.png`).
    /// With several scales, an `@Nx` the base already ends in is replaced,
    /// not doubled: `out@2x.png` with `--scales 1,2` gives `out.png` and
    /// `out@2x.png`.
    static func outputPath(base: String, scale: Double, scaleCount: Int) -> String {
        guard scaleCount > 1 else { return base }
        let pathExtension = FilePaths.pathExtension(base)
        let ext = pathExtension.isEmpty ? "png" : pathExtension
        let stem = withoutScaleSuffix(FilePaths.deletingExtension(base))
        return scale == 1 ? "\(stem).\(ext)" : "\(stem)@\(scaleLabel(scale))x.\(ext)"
    }

    /// `stem` without a trailing `@Nx` (N a scale: digits, maybe a point).
    static func withoutScaleSuffix(_ stem: String) -> String {
        guard stem.hasSuffix("x"), let at = stem.lastIndex(of: "@") else { return stem }
        let label = stem[stem.index(after: at)..<stem.index(before: stem.endIndex)]
        guard !label.isEmpty, label.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
            Double(label) != nil, !stem[..<at].hasSuffix("/"), at != stem.startIndex
        else { return stem }
        return String(stem[..<at])
    }

    /// `path` if it names a PNG file (ends in `.png`, any case), else a
    /// usage error for `option`: the commands write PNG only.
    static func pngPath(_ path: String, option: String) throws -> String {
        guard path.lowercased().hasSuffix(".png"), path.count > 4 else {
            throw CommandLineError.invalidValue(option: option, value: path, expected: "a PNG file name ending in .png")
        }
        return path
    }

    /// A scale as file names write it: `2`, `1.5`.
    static func scaleLabel(_ scale: Double) -> String {
        scale == scale.rounded() ? String(Int(scale)) : String(scale)
    }

    static func replacingExtension(of path: String, with ext: String) -> String {
        FilePaths.deletingExtension(path) + "." + ext
    }

    /// A length in device pixels rounded up to whole pixels, or `nil` if it
    /// is not a size a surface can have.
    static func pixels(_ length: Double) -> Int? {
        guard length.isFinite, length > 0, length <= Double(Surface.maximumDimension) else { return nil }
        return Int(length.rounded(.up))
    }

    /// Loads `<image>` PNG, JPEG and GIF files (by signature): data URIs
    /// as given, file paths relative to the SVG's folder, all within
    /// `budget`'s pixels.
    static func pngLoader(relativeTo svgPath: String, budget: ImageBudget) -> SVGResourceLoader {
        let folder = FilePaths.folder(of: svgPath)
        return SVGResourceLoader(
            loadImage: { source in
                switch source {
                case .data(let bytes, _):
                    return try budget.decode(name: "a data: URI") { limits in
                        try ImageDecoder.decode(bytes, limits: limits)
                    }
                case .file(let path):
                    let file = path.hasPrefix("/") ? FilePaths.absolute(path) : FilePaths.appending(path, to: folder)
                    return try budget.decode(name: path, file: FileBytes.resolvedPath(file)) { limits in
                        try ImageDecoder.decode(contentsOfFile: file, limits: limits)
                    }
                }
            },
            loadData: { path in
                // SVG images (`.svg` paths) are read as documents by HairlineSVG:
                // regular files only, within the SVG size limit.
                let file = path.hasPrefix("/") ? FilePaths.absolute(path) : FilePaths.appending(path, to: folder)
                return try FileBytes.read(file, maximumByteCount: maximumSVGByteCount)
            })
    }

    /// The SVG document at `path` (a regular file within the size limit,
    /// UTF-8), its images loaded within `imageBudget` pixels, and its bytes.
    /// - Throws: `RenderError` naming the file and what is wrong.
    static func readDocument(
        _ path: String, imageBudget: Int, fontDatabase: FontDatabase? = nil
    ) throws
        -> (document: SVGDocument, bytes: [UInt8])
    {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, maximumByteCount: maximumSVGByteCount)
        } catch {
            throw RenderError.cannotRead(error)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RenderError.notUTF8(path: path)
        }
        do {
            var loader = pngLoader(relativeTo: path, budget: ImageBudget(pixels: imageBudget))
            loader.fontDatabase = fontDatabase
            return (try SVGDocument(parsing: text, loader: loader), bytes)
        } catch {
            throw RenderError.invalidSVG(path: path, detail: "\(error)")
        }
    }

    func run() throws {
        let fonts = fontOptions.makeDatabase()
        let document = try Self.readDocument(input, imageBudget: imageBudget, fontDatabase: fonts).document
        for warning in document.warnings { warn("\(EchoedText.shown(input)): \(warning)") }
        defer { FontOptions.printWarnings(of: fonts) }
        // Each scale rendered, encoded and staged in turn (one surface at
        // a time); the files are put in place together at the end, so a
        // bad size or path leaves every previous file as it was.
        let outputs = OutputFiles(maximumPixels: maximumPixels, pngLevel: pngLevel)
        outputs.protect(input, as: "the input file")
        for scale in scales {
            guard let width = Self.pixels(document.width * scale),
                let height = Self.pixels(document.height * scale)
            else {
                throw RenderError.badSize(
                    path: input, detail: "\(document.width) x \(document.height) pt at scale \(scale) is too large")
            }
            let path = outputPath(for: scale)
            try outputs.reserve(width: width, height: height, for: path)
            let surface: Surface
            do {
                surface = try Surface(width: width, height: height)
            } catch {
                throw RenderError.badSize(path: input, detail: "\(error)")
            }
            // Bands of the surface on each worker, byte for byte the serial
            // render; the document's warnings were printed above.
            let report = document.draw(
                into: surface, scale: scale, workers: workers ?? ProcessEnvironment.processorCount,
                flatteningTolerance: tolerance)
            if report.droppedDrawCount > 0 {
                warn(
                    "\(EchoedText.shown(input)): \(report.droppedDrawCount) shape(s) at scale \(scale) not drawn: non-finite or past \(Canvas.defaultMaximumSegmentCount) segments"
                )
            }
            try outputs.add(surface, path: path)
        }
        try outputs.commit()
    }
}

/// A problem with an input file of `render`.
enum RenderError: Error, CustomStringConvertible {
    case cannotRead(FileReadError)
    case notUTF8(path: String)
    case invalidSVG(path: String, detail: String)
    case badSize(path: String, detail: String)

    var description: String {
        switch self {
        case .cannotRead(let error): return "cannot read \(error)"
        case .notUTF8(let p): return "\(EchoedText.quoted(p)) is not UTF-8 text"
        case .invalidSVG(let p, let d): return "\(EchoedText.quoted(p)): \(d)"
        case .badSize(let p, let d): return "\(EchoedText.quoted(p)): \(d)"
        }
    }
}
