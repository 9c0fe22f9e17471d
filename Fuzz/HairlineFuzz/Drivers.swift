// Fuzzing: the drivers. Each takes any bytes, feeds them through one entry
// point of the libraries, and checks what comes out: nothing traps (the
// fuzzer sees a trap as a crash), every surface stays well-formed
// (premultiplied: no channel above its alpha), coverage is consistent
// (even-odd never covers more than non-zero), and parsers either throw or
// give results that draw. Used by libFuzzer (Entry.swift) and, seeded and
// bounded, by the test suite (Tests/HairlineFuzzTests).

import Hairline
import HairlineCells
import HairlinePNG
import HairlineSVG

enum FuzzDrivers {
    /// Every driver by name.
    static let all: [(name: String, run: @Sendable ([UInt8]) -> Void)] = [
        ("png", png), ("svg", svg), ("pathdata", pathData), ("draw", draw), ("table", table),
        ("font", font), ("spec", spec), ("jpeg", jpeg), ("gif", gif),
    ]

    /// The segments a driver's draw may flatten to: small, so hostile paths
    /// (huge arcs, dense dashes) hit the limit and are dropped quickly, and
    /// the fuzzer keeps its pace.
    static let segmentLimit = 1 << 14

    /// A canvas on `surface` with the drivers' segment limit.
    static func makeCanvas(_ surface: Surface, scale: Double = 1) -> Canvas {
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.maximumSegmentCount = segmentLimit
        return canvas
    }

    /// Fails loudly if a pixel has a color channel above its alpha.
    static func checkWellFormed(_ surface: Surface, _ what: @autoclosure () -> String) {
        surface.withUnsafeBytes { bytes in
            var i = 0
            while i + 3 < bytes.count {
                let a = bytes[i + 3]
                if bytes[i] > a || bytes[i + 1] > a || bytes[i + 2] > a {
                    fatalError("\(what()): pixel \(i / 4) is not premultiplied: \(Array(bytes[i..<(i + 4)]))")
                }
                i += 4
            }
        }
    }

    /// PNG decoding, then the image drawn scaled into a small surface.
    static func png(_ bytes: [UInt8]) {
        // Small limits: a fuzzer's bomb must fail fast, not exhaust memory.
        let limits = PNGDecoder.Limits(maximumDimension: 4096, maximumPixelCount: 1 << 22)
        guard let decoded = try? PNGDecoder.decode(bytes, limits: limits) else { return }
        let image = decoded.image()
        // The lean decoder gives the same image, in place or expanded.
        guard (try? PNGDecoder.decodeImage(bytes, limits: limits)) == image else {
            fatalError("png: decodeImage differs from decode(_:).image()")
        }
        guard image.width == decoded.width, image.height == decoded.height,
            image.pixels.count == image.width * image.height
        else {
            fatalError("png: decoded size \(decoded.width) x \(decoded.height), image \(image.width) x \(image.height)")
        }
        guard let surface = try? Surface(width: 16, height: 16) else { return }
        makeCanvas(surface).draw(image, in: Rect(x: 0, y: 0, width: 16, height: 16))
        checkWellFormed(surface, "png")
        // What decodes re-encodes and decodes to the same pixels.
        guard let again = try? Surface(width: image.width, height: image.height) else { return }
        for (i, pixel) in image.pixels.enumerated() {
            again.setPixel(x: i % image.width, y: i / image.width, to: PremultipliedColor(packed: pixel))
        }
        guard let redecoded = try? PNGDecoder.decodeImage(PNGEncoder.encode(again), limits: limits) else {
            fatalError("png: a decoded image did not survive a round trip")
        }
        if redecoded.pixels != image.pixels { fatalError("png: round trip changed the pixels") }
    }

    /// SVG parsing, then drawing into a small surface at a fitted scale.
    static func svg(_ bytes: [UInt8]) {
        guard let document = try? SVGDocument(parsingUTF8: bytes) else { return }
        guard let surface = try? Surface(width: 24, height: 24) else { return }
        let extent = max(document.width, document.height)
        let scale = extent.isFinite && extent > 0 ? min(24 / extent, 4) : 1
        document.draw(in: makeCanvas(surface, scale: scale))
        checkWellFormed(surface, "svg")
    }

    /// SVG path data, then filled under both rules and stroked.
    static func pathData(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let style = strokeStyle(&input)
        let text = String(decoding: input.rest, as: UTF8.self)
        guard let path = try? Path(svgPathData: text) else { return }
        fillAndCompare(path, transform: .identity, "pathdata")
        guard let surface = try? Surface(width: 24, height: 24) else { return }
        let canvas = makeCanvas(surface)
        canvas.stroke(path, with: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8), style: style)
        checkWellFormed(surface, "pathdata stroke")
    }

    /// Draws the path under both fill rules in opaque white and checks that
    /// every pixel is gray (a = r = g = b) and that even-odd covers no more
    /// than non-zero.
    static func fillAndCompare(_ path: Path, transform: AffineTransform, _ what: String) {
        guard let nonZero = try? Surface(width: 24, height: 24), let evenOdd = try? Surface(width: 24, height: 24)
        else { return }
        for (surface, rule) in [(nonZero, FillRule.nonZero), (evenOdd, .evenOdd)] {
            let canvas = makeCanvas(surface)
            canvas.concatenate(transform)
            canvas.fill(path, with: .white, rule: rule)
        }
        for y in 0..<24 {
            for x in 0..<24 {
                let n = nonZero.pixel(x: x, y: y)!, e = evenOdd.pixel(x: x, y: y)!
                guard n.red == n.alpha, n.green == n.alpha, n.blue == n.alpha, e.red == e.alpha else {
                    fatalError("\(what): white fill stored \(n) / \(e) at (\(x), \(y))")
                }
                // Rounding of two exact areas: at most 1 apart in the wrong order.
                if Int(e.alpha) > Int(n.alpha) + 1 {
                    fatalError("\(what): even-odd covers \(e.alpha) > non-zero \(n.alpha) at (\(x), \(y))")
                }
            }
        }
    }

    static func strokeStyle(_ input: inout FuzzInput) -> StrokeStyle {
        var style = StrokeStyle(width: input.bool() ? input.unit() * 6 : input.coordinate())
        style.lineJoin = input.pick([LineJoin.miter, .round, .bevel])
        style.lineCap = input.pick([LineCap.butt, .round, .square])
        style.miterLimit = input.bool() ? 10 : input.coordinate()
        if input.bool() {
            style.dashPattern = (0..<input.int(0...5)).map { _ in input.bool() ? input.unit() * 4 : input.coordinate() }
            style.dashPhase = input.coordinate()
        }
        return style
    }
}
