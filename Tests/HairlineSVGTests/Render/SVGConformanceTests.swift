// Tests: the regression guard for resvg's SVG test suite. Every test
// Hairline passed when the fixtures were last generated
// (Tests/SVGConformance/passing.txt, update.py) is rendered at the
// reference's width and compared with the conformance harness's rule:
// premultiplied RGBA8; a pixel differs if a channel is off by more than
// 16/255, or 48/255 within 1 px of a reference edge (3 x 3 neighbourhood
// spanning more than 64/255); a test passes if at most 0.5% of the pixels
// differ and the sizes match. Fixtures: resvg's tests (MIT / Apache-2.0,
// Tests/SVGConformance/LICENSE-*).

import Dispatch
import Foundation
import Hairline
import HairlinePNG
import HairlineSVG
import HairlineTestSupport
import HairlineText
import Testing

/// The harness's pass rule, on premultiplied RGBA8 pixels.
enum ConformanceRule {
    /// A channel difference that counts away from edges (of 255).
    static let tolerance = 16
    /// A channel difference that counts near a reference edge (of 255).
    static let edgeTolerance = 48
    /// A 3 x 3 neighbourhood spanning more than this is an edge (of 255).
    static let edgeContrast = 64
    /// The largest fraction of differing pixels that passes.
    static let maximumFraction = 0.005

    /// How many pixels of `actual` differ from `reference` (both
    /// premultiplied RGBA8, `width` x `height`). Neighbourhoods wrap
    /// around the image's sides, as the harness's `np.roll` does.
    /// Only pixels off by more than `tolerance` need the edge test, so
    /// the neighbourhoods are looked at for those alone (debug builds run
    /// this over hundreds of images).
    static func differingPixels(_ reference: [UInt8], _ actual: [UInt8], width: Int, height: Int) -> Int {
        reference.withUnsafeBufferPointer { r in
            actual.withUnsafeBufferPointer { a in
                func index(_ x: Int, _ y: Int) -> Int { (((y + height) % height) * width + (x + width) % width) * 4 }
                /// Whether the reference's 3 x 3 neighbourhood of (x, y) spans more than `edgeContrast`.
                func isContrast(_ x: Int, _ y: Int) -> Bool {
                    for c in 0..<4 {
                        var lo = 255, hi = 0
                        for dy in -1...1 {
                            for dx in -1...1 {
                                let v = Int(r[index(x + dx, y + dy) + c])
                                lo = min(lo, v)
                                hi = max(hi, v)
                            }
                        }
                        if hi - lo > edgeContrast { return true }
                    }
                    return false
                }
                var count = 0
                var o = 0
                for y in 0..<height {
                    for x in 0..<width {
                        defer { o += 4 }
                        var d = 0
                        for c in 0..<4 { d = max(d, abs(Int(r[o + c]) - Int(a[o + c]))) }
                        guard d > tolerance else { continue }
                        if d > edgeTolerance {
                            count += 1
                            continue
                        }
                        var nearEdge = false
                        for dy in -1...1 where !nearEdge {
                            for dx in -1...1 where isContrast(x + dx, y + dy) {
                                nearEdge = true
                                break
                            }
                        }
                        if !nearEdge { count += 1 }
                    }
                }
                return count
            }
        }
    }

    /// Straight RGBA8 bytes premultiplied as the harness does (rounded).
    static func premultiplied(_ straight: [UInt8]) -> [UInt8] {
        var out = straight
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(straight[i + 3])
            for c in 0..<3 { out[i + c] = UInt8((Int(straight[i + c]) * a + 127) / 255) }
        }
        return out
    }
}

/// Collects failures from concurrent workers.
final class ConformanceFailures: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var messages: [String] = []
    func add(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }
}

@Suite("SVG conformance regression guard")
struct SVGConformanceTests {
    static let folder = "Tests/SVGConformance"

    /// The fonts text is drawn in, as the harness draws it with the
    /// suite's fonts (`--no-system-fonts --font-dir fonts --generic-family
    /// 'sans-serif=Noto Sans' ...`), limited to the faces the text tests'
    /// fixtures hold (Noto Sans, M+ 1p; OFL): the guarded text tests are
    /// those that pass with these alone (update.py `--text-results`).
    static let fonts: FontDatabase = {
        let database = FontDatabase(includingSystemFonts: false)
        database.addFonts(inDirectory: RepositoryFiles.path("Tests/HairlineTextTests/Fixtures/Fonts"))
        database.setGenericFamily(.sansSerif, to: ["Noto Sans"])
        database.setGenericFamily(.serif, to: ["Noto Serif"])
        database.setGenericFamily(.monospace, to: ["Noto Mono"])
        database.setGenericFamily(.cursive, to: ["Yellowtail"])
        database.setGenericFamily(.fantasy, to: ["Sedgwick Ave Display"])
        return database
    }()

    /// Loads `<image>` files relative to the SVG (PNG, and SVG documents
    /// through `loadData`) and `data:` PNGs, and fonts from `fonts`, as
    /// the CLI does.
    static func loader(relativeTo svgPath: String) -> SVGResourceLoader {
        let folder = URL(fileURLWithPath: svgPath).deletingLastPathComponent()
        @Sendable func url(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        }
        var loader = SVGResourceLoader(
            loadImage: { source in
                switch source {
                case .data(let bytes, _):
                    return try ImageDecoder.decode(bytes)
                case .file(let path):
                    return try ImageDecoder.decode(contentsOfFile: url(path).path)
                }
            }, loadData: { path in [UInt8](try Data(contentsOf: url(path))) })
        loader.fontDatabase = fonts
        return loader
    }

    /// Renders one test and returns why it fails, or `nil` if it passes.
    static func check(_ test: String) -> String? {
        let svgPath = RepositoryFiles.path("\(folder)/tests/\(test).svg")
        let pngPath = RepositoryFiles.path("\(folder)/tests/\(test).png")
        guard let bytes = RepositoryFiles.bytes(at: "\(folder)/tests/\(test).svg") else { return "\(test): no SVG" }
        guard let reference = try? StraightImage(contentsOfPNGFile: pngPath) else { return "\(test): no reference PNG" }
        do {
            let document = try SVGDocument(parsingUTF8: bytes, loader: loader(relativeTo: svgPath))
            let scale = Double(reference.width) / document.width
            let width = Int((document.width * scale).rounded(.up)), height = Int((document.height * scale).rounded(.up))
            guard width == reference.width, height == reference.height else {
                return "\(test): size \(width) x \(height), reference \(reference.width) x \(reference.height)"
            }
            let surface = try Surface(width: width, height: height)
            document.draw(in: Canvas(surface: surface, scale: scale))
            let bad = ConformanceRule.differingPixels(
                ConformanceRule.premultiplied(reference.bytes), surface.bytes,
                width: width, height: height)
            let limit = Int((ConformanceRule.maximumFraction * Double(width * height)).rounded(.down))
            return bad <= limit ? nil : "\(test): \(bad) pixels differ (at most \(limit) may)"
        } catch {
            return "\(test): \(error)"
        }
    }

    @Test("every suite test that passed still passes")
    func guardPassingTests() throws {
        let list = try #require(RepositoryFiles.bytes(at: "\(Self.folder)/passing.txt"), "passing.txt is missing")
        let tests = String(decoding: list, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        #expect(tests.count > 0)
        let failures = ConformanceFailures()
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: tests.count, by: workers) {
                if let failure = Self.check(tests[index]) { failures.add(failure) }
            }
        }
        #expect(
            failures.messages.isEmpty,
            "\(failures.messages.count) of \(tests.count) no longer pass:\n\(failures.messages.sorted().joined(separator: "\n"))"
        )
    }

    @Test("the pass rule: tolerance away from edges, edge tolerance near them")
    func rule() {
        // A 4 x 4 black square on white: its border pixels are edges.
        let n = 16
        var reference = [UInt8](repeating: 255, count: n * n * 4)
        for y in 2..<6 { for x in 2..<6 { for c in 0..<3 { reference[(y * n + x) * 4 + c] = 0 } } }
        var actual = reference
        // 40 off at an edge pixel: within 48.
        actual[(2 * n + 2) * 4] = 40
        #expect(ConformanceRule.differingPixels(reference, actual, width: n, height: n) == 0)
        // 20 off far from any edge: more than 16; 16 off: not.
        actual[(12 * n + 12) * 4 + 3] = 235
        actual[(13 * n + 11) * 4] = 235
        actual[(10 * n + 10) * 4 + 1] = 239
        #expect(ConformanceRule.differingPixels(reference, actual, width: n, height: n) == 2)
    }
}
