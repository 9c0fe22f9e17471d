// Benchmarks: whole SVG scenes (`--scenes DIR|LIST.txt`, issue 35). Every
// .svg file of a folder (or each file a list names) is read and parsed once, then rendered again and again at
// each scale, in device pixels of the document's size × scale. Rows, in ns
// per iteration (min, median, max as every workload): `scene.NAME.parse`
// (text -> document), `scene.NAME.render@Sx` (clear, draw, flush: pixels
// only; "x floor" over clearing the same surface) and `scene.NAME.png@Sx`
// (the render plus the PNG encoding at the default level).

import Foundation
import Hairline
import HairlinePNG
import HairlineSVG
import HairlineText

/// One scene's figures: the parse, and the render and render + encode per scale.
struct SceneResult {
    var name: String
    var parse: Measurement
    /// (scale, width, height, render, render + PNG encode, PNG bytes).
    var scales: [(scale: Int, width: Int, height: Int, render: Measurement, png: Measurement, pngBytes: Int)]
}

/// A scene to time: its row name (`scene.NAME`) and its file.
struct SceneFile {
    var name: String
    var path: String
}

/// The scenes `source` names: the .svg files of a folder (not its
/// subfolders), sorted by name and named after the file, or the files a
/// list names (a `.txt` file: per line `NAME PATH` or `PATH`, the path
/// relative to the list's folder; blank lines and lines starting with `#`
/// skipped; files that do not exist are skipped with a note, so a list
/// may name corpora outside the package).
func sceneFiles(in source: String) throws(OptionError) -> [SceneFile] {
    func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
    if source.lowercased().hasSuffix(".txt") {
        guard let bytes = FileManager.default.contents(atPath: source), let text = String(data: bytes, encoding: .utf8)
        else { throw OptionError("--scenes: cannot read the list '\(source)'") }
        let folder = (source as NSString).deletingLastPathComponent
        var files: [SceneFile] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let entry = fields.last, !fields[0].hasPrefix("#"), fields.count <= 2 else { continue }
            let path = entry.hasPrefix("/") ? entry : (folder as NSString).appendingPathComponent(entry)
            guard FileManager.default.fileExists(atPath: path) else {
                print("--scenes: \(entry) (from \(source)) not found, skipped")
                continue
            }
            files.append(SceneFile(name: fields.count == 2 ? fields[0] : stem(path), path: path))
        }
        guard !files.isEmpty else { throw OptionError("--scenes: no file of the list '\(source)' exists") }
        return files
    }
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: source) else {
        throw OptionError("--scenes: cannot list the folder '\(source)'")
    }
    let files = names.filter { $0.lowercased().hasSuffix(".svg") }.sorted()
    guard !files.isEmpty else { throw OptionError("--scenes: no .svg file in '\(source)'") }
    return files.map {
        let path = (source as NSString).appendingPathComponent($0)
        return SceneFile(name: stem(path), path: path)
    }
}

/// Images from files next to the SVG (PNG, JPEG, GIF) and data: URIs,
/// nested SVG files, and the system's fonts, as `hairline render` loads them.
func sceneLoader(relativeTo path: String, fonts: FontDatabase) -> SVGResourceLoader {
    let folder = (path as NSString).deletingLastPathComponent
    @Sendable func resolved(_ file: String) -> String {
        file.hasPrefix("/") ? file : (folder as NSString).appendingPathComponent(file)
    }
    var loader = SVGResourceLoader(
        loadImage: { source in
            switch source {
            case .data(let bytes, _): return try ImageDecoder.decode(bytes)
            case .file(let file): return try ImageDecoder.decode(contentsOfFile: resolved(file))
            }
        },
        loadData: { file in try FileBytes.read(resolved(file), maximumByteCount: 1 << 26) })
    loader.fontDatabase = fonts
    return loader
}

/// The most pixels a scene's surface may have (a 16k × 16k image).
let maximumScenePixels = 1 << 28

/// Times every scene of `folder` (selected by `--filter` on its row
/// names) and prints its rows as they come.
func runScenes(_ options: Options, folder: String) throws -> [SceneResult] {
    let fonts = FontDatabase(includingSystemFonts: true)
    var results: [SceneResult] = []
    for scene in try sceneFiles(in: folder) {
        let name = "scene." + scene.name, path = scene.path
        guard options.selects(name) || options.scales.contains(where: { options.selects("\(name).render@\($0)x") })
        else { continue }
        guard let bytes = FileManager.default.contents(atPath: path), let text = String(data: bytes, encoding: .utf8)
        else {
            print("\(name): cannot read \(path) as UTF-8, skipped")
            continue
        }
        let loader = sceneLoader(relativeTo: path, fonts: fonts)
        let document: SVGDocument
        do {
            document = try SVGDocument(parsing: text, loader: loader)
        } catch {
            print("\(name): not drawn (\(error))")
            continue
        }
        let parse = measure("\(name).parse", budget: options.budget, sampleCount: options.samples) {
            blackHole(try? SVGDocument(parsing: text, loader: loader))
        }
        printRow(parse, ratio: nil)
        var result = SceneResult(name: name, parse: parse, scales: [])
        for scale in options.scales {
            let width = Int((document.width * Double(scale)).rounded(.up))
            let height = Int((document.height * Double(scale)).rounded(.up))
            guard document.width.isFinite, document.height.isFinite, width > 0, height > 0,
                width <= Surface.maximumDimension, height <= Surface.maximumDimension,
                width * height <= maximumScenePixels
            else {
                print("\(name)@\(scale)x: \(document.width) x \(document.height) is no drawable size, skipped")
                continue
            }
            let surface = try Surface(width: width, height: height)
            let canvas = Canvas(surface: surface, scale: Double(scale))
            func render() {
                canvas.clear()
                document.draw(in: canvas)
                surface.flush()
            }
            let floor = {
                canvas.clear()
                surface.flush()
            }
            let rendered = measure(
                "\(name).render@\(scale)x", budget: options.budget, sampleCount: options.samples, floor: floor,
                render)
            printRow(rendered, ratio: median(rendered.floorRatios))
            if options.sceneWorkers > 1 {
                // The same render in bands on several threads (the same pixels).
                let workers = options.sceneWorkers
                let banded = measure(
                    "\(name).render@\(scale)x.workers\(workers)", budget: options.budget,
                    sampleCount: options.samples, floor: floor
                ) {
                    surface.clear()
                    document.draw(into: surface, scale: Double(scale), workers: workers)
                }
                printRow(banded, ratio: median(banded.floorRatios))
            }
            var pngBytes = 0
            let encoded = measure("\(name).png@\(scale)x", budget: options.budget, sampleCount: options.samples) {
                render()
                pngBytes = PNGEncoder.encode(surface).count
            }
            printRow(encoded, ratio: nil)
            result.scales.append((scale, width, height, rendered, encoded, pngBytes))
        }
        results.append(result)
    }
    return results
}

/// Prints one row in the benchmark's table format; "-" without a floor.
func printRow(_ m: Measurement, ratio: Double?) {
    print(
        padRight(m.name, 28) + pad(fixed(m.min, 0), 11) + pad(fixed(m.median, 0), 11) + pad(fixed(m.max, 0), 11)
            + pad(ratio.map { fixed($0, 2) } ?? "-", 9))
}

/// Keeps `value` alive as far as the optimiser can tell.
@inline(never)
func blackHole<T>(_ value: T) { withExtendedLifetime(value) {} }

/// The scenes' figures as JSON: per scene its parse and per scale the
/// render and render + encode, in ns.
func scenesJSON(_ results: [SceneResult], cores: Int, budget: Double) -> String {
    func figures(_ m: Measurement) -> String {
        "{\"minNs\": \(fixed(m.min, 1)), \"medianNs\": \(fixed(m.median, 1)), \"maxNs\": \(fixed(m.max, 1)), "
            + "\"samples\": \(m.samples.count), \"iterationsPerSample\": \(m.iterationsPerSample)}"
    }
    let scenes = results.map { r in
        let scales = r.scales.map { s in
            "{\"scale\": \(s.scale), \"width\": \(s.width), \"height\": \(s.height), "
                + "\"render\": \(figures(s.render)), \"renderAndPNG\": \(figures(s.png)), \"pngBytes\": \(s.pngBytes)}"
        }
        let name = r.name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "    {\"name\": \"\(name)\", \"parse\": \(figures(r.parse)),\n     \"scales\": ["
            + scales.joined(separator: ",\n       ") + "]}"
    }
    return "{\n  \"cores\": \(cores),\n  \"budgetSeconds\": \(budget),\n  \"scenes\": [\n"
        + scenes.joined(separator: ",\n") + "\n  ]\n}\n"
}
