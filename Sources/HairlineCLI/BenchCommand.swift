// `hairline bench`: profile your own drawing. An SVG (or a table spec) is
// read once, then rendered again and again at each scale; each render is
// timed on its own (monotonic clock) and min / median / max are printed
// per scale, in milliseconds. One untimed render warms up first (caches,
// first-touch pages). Warm renders reuse one canvas (its glyph masks and
// kept sweeps stay); `--cold` makes a new canvas for each render, so every
// cache starts empty. `--json OUT` writes the figures as a JSON document:
//
//     {"input": "scene.svg", "kind": "svg", "cold": false, "workers": 1,
//      "scales": [{"scale": 2, "width": 600, "height": 400, "renders": 30,
//                  "min_ms": 1.9, "median_ms": 2.1, "max_ms": 2.8}]}
//
// Timing never happens in the test suite; the tests check the output's
// shape only.

import Hairline
import HairlineCells
import HairlinePNG
@_spi(Profiling) import HairlineSVG
import HairlineSystem
import HairlineTableSpec
import HairlineText
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct BenchCommand {
    var input: String?
    var spec: String?
    /// The scales to render (nil: 1, or a spec's own).
    var scales: [Double]?
    /// Renders per scale (nil: as many as `budget` seconds allow).
    var iterations: Int?
    /// Seconds of rendering per scale when no `--iterations` is given.
    var budget = 2.0
    var workers = 1
    var cold = false
    var json: String?
    /// Also times each element of an SVG (the top ten).
    var profile = false
    /// The fonts text is matched among, as `render` and `table` take them
    /// (`--font`, `--font-dir`, ...), so that a bench draws what they draw.
    var fontOptions = FontOptions()
    /// An SVG's flattening tolerance in device pixels (`--tolerance`;
    /// nil: the canvas's default).
    var tolerance: Double?

    /// The most renders per scale.
    static let maximumIterations = 1_000_000

    init(parsing arguments: [String]) throws {
        var iterator = arguments.makeIterator()
        func value(_ option: String) throws -> String {
            guard let v = iterator.next() else { throw CommandLineError.missingValue(option: option) }
            return v
        }
        while let arg = iterator.next() {
            if try fontOptions.parse(arg, value: { try value(arg) }) { continue }
            switch arg {
            case "--spec": spec = try value(arg)
            case "--tolerance": tolerance = try RenderCommand.parseTolerance(try value(arg), option: arg)
            case "--scale": scales = [try RenderCommand.parseScale(try value(arg))]
            case "--scales": scales = try RenderCommand.parseScales(try value(arg))
            case "--iterations":
                let text = try value(arg)
                guard let n = Int(text), n >= 1, n <= Self.maximumIterations else {
                    throw CommandLineError.invalidValue(
                        option: arg, value: text,
                        expected: "a number of renders, 1...\(Self.maximumIterations)")
                }
                iterations = n
            case "--budget":
                let text = try value(arg)
                guard let s = decimalNumber(text), s > 0, s <= 3600
                else {
                    throw CommandLineError.invalidValue(option: arg, value: text, expected: "seconds per scale, like 2")
                }
                budget = s
            case "--workers":
                let text = try value(arg)
                guard let n = Int(text), n >= 1, n <= TableCommand.maximumWorkers else {
                    throw CommandLineError.invalidValue(
                        option: arg, value: text,
                        expected: "a number of threads, 1...\(TableCommand.maximumWorkers)")
                }
                workers = n
            case "--cold": cold = true
            case "--profile": profile = true
            case "--json": json = try value(arg)
            default:
                if arg.hasPrefix("-") && arg != "-" { throw CommandLineError.unknownOption(arg) }
                guard input == nil else { throw CommandLineError.unexpectedArgument(arg) }
                input = arg
            }
        }
        guard (input == nil) != (spec == nil) else {
            throw input == nil
                ? CommandLineError.missingInput : CommandLineError.conflictingOptions("--spec", input ?? "")
        }
        // A table draws its shapes in closed form or at the kit's own
        // tolerance: the option is for SVG input.
        if spec != nil && tolerance != nil { throw CommandLineError.svgOnlyOption("--tolerance") }
    }

    /// One scale's figures.
    struct Figures {
        var scale: Double
        var width: Int, height: Int
        var samples: [Double]

        var sorted: [Double] { samples.sorted() }
        var minimum: Double { sorted.first ?? 0 }
        var maximum: Double { sorted.last ?? 0 }
        var median: Double {
            let s = sorted
            guard !s.isEmpty else { return 0 }
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 { Clocks.monotonicNanoseconds() }

    /// Times `render` (milliseconds each) after one untimed run:
    /// `iterations` times, else until `budget` seconds have passed.
    func sample(_ render: () throws -> Void) rethrows -> [Double] {
        try render()
        var samples: [Double] = []
        let start = Self.now()
        while true {
            let t0 = Self.now()
            try render()
            samples.append(Double(Self.now() - t0) / 1e6)
            if let iterations {
                if samples.count >= iterations { break }
            } else if Double(Self.now() - start) / 1e9 >= budget || samples.count >= Self.maximumIterations {
                break
            }
        }
        return samples
    }

    func run() throws {
        var results: [Figures] = []
        var profiles: [String] = []
        let fonts = fontOptions.makeDatabase()
        defer { FontOptions.printWarnings(of: fonts) }
        if let input {
            let (document, bytes) = try RenderCommand.readDocument(
                input, imageBudget: TableSpec.Options.defaultImagePixelBudget, fontDatabase: fonts)
            for scale in scales ?? [1] {
                guard let width = RenderCommand.pixels(document.width * scale),
                    let height = RenderCommand.pixels(document.height * scale),
                    width * height <= OutputFiles.defaultMaximumPixels
                else {
                    throw RenderError.badSize(
                        path: input, detail: "\(document.width) x \(document.height) pt at scale \(scale) is too large")
                }
                let surface = try Surface(width: width, height: height)
                func newCanvas() -> Canvas {
                    let canvas = Canvas(surface: surface, scale: scale)
                    if let tolerance { canvas.flatteningTolerance = tolerance }
                    return canvas
                }
                var canvas = newCanvas()
                let samples = sample {
                    if workers > 1 {
                        // Bands on `workers` threads (each worker's canvas is new).
                        surface.clear()
                        document.draw(into: surface, scale: scale, workers: workers, flatteningTolerance: tolerance)
                        return
                    }
                    if cold { canvas = newCanvas() }
                    canvas.clear()
                    document.draw(in: canvas)
                    surface.flush()
                }
                results.append(Figures(scale: scale, width: width, height: height, samples: samples))
                if profile {
                    profiles.append(
                        Self.elementProfile(document, text: bytes, canvas: canvas, surface: surface, scale: scale))
                }
            }
        } else if let spec {
            let loaded: TableSpec
            do throws(TableSpecError) {
                loaded = try TableSpec.load(contentsOfFile: spec)
            } catch {
                throw SpecFileError(file: spec, error: error)
            }
            for scale in scales ?? [loaded.scale] {
                var table: TableDescription
                do throws(TableSpecError) {
                    table = scale == loaded.scale ? loaded.table : try loaded.table(scale: scale)
                } catch {
                    throw SpecFileError(file: spec, error: error)
                }
                // Fonts read only if some text needs a character its font
                // lacks, as `table` does.
                table.fontFallback = FontFallback(database: fonts)
                let layout = try table.layout()
                guard layout.pixelWidth * layout.pixelHeight <= OutputFiles.defaultMaximumPixels else {
                    throw OutputError.tooManyPixels(
                        path: spec, width: layout.pixelWidth, height: layout.pixelHeight,
                        used: 0, limit: OutputFiles.defaultMaximumPixels)
                }
                let surface = try Surface(width: layout.pixelWidth, height: layout.pixelHeight)
                let samples = try sample { try TableRenderer.render(table, into: surface, workers: workers) }
                results.append(
                    Figures(scale: scale, width: layout.pixelWidth, height: layout.pixelHeight, samples: samples))
            }
        }
        print(report(results))
        for profile in profiles { print(profile) }
        if profile && spec != nil { print("(--profile times the elements of SVG documents; a table has none)") }
        if let json {
            let bytes = Array(jsonReport(results).utf8)
            let files = FileTransaction()
            try createFolder(for: json)
            try files.stage(bytes, toFile: json)
            try files.commit()
        }
    }

    static func format(_ ms: Double) -> String { CFormat.fixed(ms, digits: 3) }

    /// The ten elements that cost most, over a few renders at `scale`:
    /// each with its line:column, tag and id, and its share of the time.
    static func elementProfile(
        _ document: SVGDocument, text: [UInt8], canvas: Canvas, surface: Surface,
        scale: Double
    ) -> String {
        var cost: [Int: UInt64] = [:]
        var total: UInt64 = 0
        let start = now()
        var renders = 0
        repeat {
            canvas.clear()
            var current: Int?
            var since = now()
            document.draw(in: canvas) { offset in
                let t = now()
                if let current {
                    cost[current, default: 0] += t - since
                    total += t - since
                }
                current = offset
                since = t
            }
            surface.flush()
            renders += 1
        } while renders < 20 && now() - start < 2_000_000_000
        guard total > 0 else { return "  (nothing drawn)" }
        var lines = ["\(RenderCommand.scaleLabel(scale))x: the elements that cost most (\(renders) renders)"]
        for (offset, ns) in cost.sorted(by: { $0.value > $1.value }).prefix(10) {
            let share = CFormat.fixed(100 * Double(ns) / Double(total), digits: 1, width: 5) + "%"
            lines.append(
                "  \(share)  " + (offset < 0 ? "closing clips and layers (compositing)" : describe(offset, in: text)))
        }
        return lines.joined(separator: "\n")
    }

    /// "line:column <tag id="…">" for the element at UTF-8 offset `offset`.
    static func describe(_ offset: Int, in text: [UInt8]) -> String {
        guard offset >= 0, offset < text.count else { return "offset \(offset)" }
        var line = 1, column = 1
        for byte in text[..<offset] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        // The tag's name and its id, read from the start tag.
        var end = offset
        while end < text.count, end - offset < 4096, text[end] != UInt8(ascii: ">") { end += 1 }
        let tag = String(decoding: text[offset..<end], as: UTF8.self)
        let name = tag.drop { $0 == "<" }.prefix { !$0.isWhitespace && $0 != "/" }
        var id = ""
        if let range = tag.firstRange(of: " id=") {
            let rest = tag[range.upperBound...]
            if let quote = rest.first, quote == "\"" || quote == "'" {
                id =
                    " id="
                    + String(
                        rest.prefix(while: { $0 != ">" }).split(separator: quote, omittingEmptySubsequences: false)
                            .dropFirst().first ?? "")
            }
        }
        return "\(line):\(column) <\(EchoedText.shown(name))\(EchoedText.shown(id))>"
    }

    /// The table printed: one line per scale.
    func report(_ results: [Figures]) -> String {
        let name = EchoedText.shown(input ?? spec ?? "")
        var lines = [
            "\(name): \(cold ? "cold" : "warm") renders, \(workers) worker\(workers == 1 ? "" : "s"), milliseconds",
            "scale           size   renders        min     median        max",
        ]
        for r in results {
            let size = "\(r.width)x\(r.height)"
            func pad(_ text: String, _ width: Int) -> String {
                String(repeating: " ", count: max(0, width - text.count)) + text
            }
            lines.append(
                pad(RenderCommand.scaleLabel(r.scale) + "x", 5) + pad(size, 15) + pad("\(r.samples.count)", 10)
                    + pad(Self.format(r.minimum), 11) + pad(Self.format(r.median), 11) + pad(Self.format(r.maximum), 11)
            )
        }
        return lines.joined(separator: "\n")
    }

    /// The figures as JSON (the format in this file's header).
    func jsonReport(_ results: [Figures]) -> String {
        func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                default:
                    if scalar.value < 0x20 {
                        out += CFormat.string("\\u%04X", scalar.value)
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            return out + "\""
        }
        let scales = results.map { r in
            "{\"scale\": \(r.scale), \"width\": \(r.width), \"height\": \(r.height), \"renders\": \(r.samples.count), "
                + "\"min_ms\": \(Self.format(r.minimum)), \"median_ms\": \(Self.format(r.median)), \"max_ms\": \(Self.format(r.maximum))}"
        }
        return "{\"input\": \(quoted(input ?? spec ?? "")), \"kind\": \"\(input != nil ? "svg" : "table")\", "
            + "\"cold\": \(cold), \"workers\": \(workers),\n \"scales\": [" + scales.joined(separator: ",\n   ")
            + "]}\n"
    }
}
