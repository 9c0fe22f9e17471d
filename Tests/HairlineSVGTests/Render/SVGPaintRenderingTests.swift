// Pixels: small documents with a linear gradient, a radial gradient, a
// checker pattern, a data-URI image and a clip path rendered into a
// Surface, sampled at known pixels; plus the base64 decoder, image
// placement and clip path reading.

import Testing
import Hairline
@testable import HairlineSVG

/// Renders `text` at `scale` into a fresh (transparent) surface.
private func render(_ text: String, scale: Double = 1, loader: SVGResourceLoader = .none) throws -> Surface {
    let document = try SVGDocument(parsing: text, loader: loader)
    let surface = try Surface(
        width: Int((document.width * scale).rounded(.up)), height: Int((document.height * scale).rounded(.up)))
    document.draw(in: Canvas(surface: surface, scale: scale))
    return surface
}

/// Whether a pixel matches 8-bit premultiplied RGBA within `tolerance`.
private func pixel(_ s: Surface, _ x: Int, _ y: Int, is rgba: (Int, Int, Int, Int), tolerance: Int = 2) -> Bool {
    guard let p = s.pixel(x: x, y: y) else { return false }
    return abs(Int(p.red) - rgba.0) <= tolerance && abs(Int(p.green) - rgba.1) <= tolerance
        && abs(Int(p.blue) - rgba.2) <= tolerance && abs(Int(p.alpha) - rgba.3) <= tolerance
}

/// Test image format: width, height, then straight RGBA bytes per pixel.
private let tinyImageLoader = SVGResourceLoader { source in
    guard case .data(let bytes, "image/x-tiny") = source, bytes.count >= 2 else { throw SVGResourceError.noImageLoader }
    let w = Int(bytes[0]), h = Int(bytes[1])
    var colors: [Color] = []
    for i in 0..<(w * h) {
        let p = bytes[(2 + 4 * i)..<(6 + 4 * i)].map { Double($0) / 255 }
        colors.append(Color(red: p[0], green: p[1], blue: p[2], alpha: p[3]))
    }
    return try Image(width: w, height: h, colors: colors)
}

/// Standard base64 with padding (the test's own encoder).
private func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    var out = ""
    for start in stride(from: 0, to: bytes.count, by: 3) {
        let chunk = Array(bytes[start..<min(start + 3, bytes.count)]) + [0, 0]
        let n = Int(chunk[0]) << 16 | Int(chunk[1]) << 8 | Int(chunk[2])
        let count = min(3, bytes.count - start)
        for k in 0..<4 { out.append(k <= count ? alphabet[(n >> (18 - 6 * k)) & 63] : "=") }
    }
    return out
}

@Suite("paint rendering")
struct SVGPaintRenderingTests {
    @Test("a linear gradient runs from its start color to its end color")
    func linearPixels() throws {
        let s = try render(
            svg(
                #"<linearGradient id="g"><stop stop-color="red"/><stop offset="1" stop-color="blue"/></linearGradient><rect width="100" height="10" fill="url(#g)"/>"#,
                #"width="100" height="10""#))
        #expect(pixel(s, 0, 5, is: (254, 0, 1, 255)))
        #expect(pixel(s, 99, 5, is: (1, 0, 254, 255)))
        #expect(pixel(s, 49, 5, is: (129, 0, 126, 255), tolerance: 3))
    }

    @Test("a radial gradient is its first color at the centre and its last at the radius")
    func radialPixels() throws {
        let s = try render(
            svg(
                #"<radialGradient id="g" gradientUnits="userSpaceOnUse" cx="10" cy="10" r="10"><stop stop-color="white"/><stop offset="1" stop-color="black"/></radialGradient><rect width="20" height="20" fill="url(#g)"/>"#,
                #"width="20" height="20""#))
        #expect(pixel(s, 10, 10, is: (245, 245, 245, 255), tolerance: 12))
        #expect(pixel(s, 0, 0, is: (0, 0, 0, 255)))
        #expect(pixel(s, 15, 10, is: (121, 121, 121, 255), tolerance: 16))
    }

    @Test("a 2 x 2 checker pattern tiles exactly at scale 1 and 2", arguments: [1.0, 2.0])
    func checkerPattern(_ scale: Double) throws {
        let s = try render(
            svg(
                #"""
                <pattern id="p" width="2" height="2" patternUnits="userSpaceOnUse">
                  <rect width="2" height="2" fill="#fff"/><rect width="1" height="1"/><rect x="1" y="1" width="1" height="1"/>
                </pattern><rect width="8" height="8" fill="url(#p)"/>
                """#, #"width="8" height="8""#), scale: scale)
        for y in 0..<8 {
            for x in 0..<8 {
                let black = ((x + y) % 2 == 0)
                let sx = Int(Double(x) * scale), sy = Int(Double(y) * scale)
                #expect(pixel(s, sx, sy, is: black ? (0, 0, 0, 255) : (255, 255, 255, 255)), "point \(x), \(y)")
            }
        }
    }

    @Test("an image from a data URI is decoded and drawn through the loader")
    func dataImage() throws {
        // 2 x 1: red, blue.
        let data = base64([2, 1, 255, 0, 0, 255, 0, 0, 255, 255])
        let s = try render(
            svg(
                #"<image width="4" height="2" href="data:image/x-tiny;base64,\#(data)" preserveAspectRatio="none"/>"#,
                #"width="4" height="2""#), loader: tinyImageLoader)
        #expect(pixel(s, 0, 0, is: (255, 0, 0, 255)))
        #expect(pixel(s, 3, 1, is: (0, 0, 255, 255)))
    }

    @Test("an image that cannot be loaded warns and is skipped; bad base64 warns at the byte")
    func imageFailures() throws {
        let document = try SVGDocument(parsing: svg(#"<image width="4" height="2" href="pic.png"/>"#))
        #expect(document.warnings.map(\.kind) == [.imageNotLoaded(SVGResourceError.noImageLoader.description)])
        #expect(document.drawCommands().isEmpty)
        let text = svg(#"<image href="data:image/png;base64,QUJD*A=="/>"#)
        #expect(ignoredValue(text)?.offset == offset(of: "*", in: text))
    }

    @Test(
        "preserveAspectRatio places the image: meet centres it, slice clips it, none stretches it",
        arguments: [
            ("xMidYMid meet", Rect(x: 0, y: 5, width: 20, height: 10), false),
            ("xMinYMin slice", Rect(x: 0, y: 0, width: 40, height: 20), true),
            ("none", Rect(x: 0, y: 0, width: 20, height: 20), false),
        ])
    func imagePlacement(_ aspect: String, _ destination: Rect, _ clipped: Bool) throws {
        let loader = SVGResourceLoader { _ in try Image(width: 2, height: 1, colors: [.black, .black]) }
        let document = try SVGDocument(
            parsing: svg(#"<image width="20" height="20" href="a.png" preserveAspectRatio="\#(aspect)"/>"#),
            loader: loader)
        guard case .image(let command) = document.drawCommands().first else { Issue.record("no image"); return }
        #expect(command.destination == destination)
        #expect((command.clip != nil) == clipped)
    }

    @Test(
        "a missing width or height follows the other through the image's aspect ratio",
        arguments: [
            (#"width="30""#, Rect(x: 0, y: 0, width: 30, height: 15)),
            (#"height="30""#, Rect(x: 0, y: 0, width: 60, height: 30)),
            (#"width="auto" height="auto""#, Rect(x: 0, y: 0, width: 2, height: 1)),
        ])
    func imageAutoSize(_ size: String, _ destination: Rect) throws {
        let loader = SVGResourceLoader { _ in try Image(width: 2, height: 1, colors: [.black, .black]) }
        let document = try SVGDocument(parsing: svg(#"<image \#(size) href="a.png"/>"#), loader: loader)
        guard case .image(let command) = document.drawCommands().first else { Issue.record("no image"); return }
        #expect(command.destination == destination)
        #expect(command.clip == nil)
    }

    @Test("a gzip-compressed SVG image (svgz) in a data URI is inflated and drawn")
    func svgzImage() throws {
        // Python: gzip.compress(b'<svg … width="4" height="4"><rect … fill="lime"/></svg>', mtime=0).
        let gzip =
            "H4sIAAAAAAACA22MQQ6AIAzAvkL2AEbUkwE+o8iWgBpYnM9X796atKnvVzZ3LXsPQCLnjKiqVkd7tIyDcw7fAozyKhRgAkOJM8mH0be0yK8yG5cSoHBNgNF/j/gAjnS9kWsAAAA="
        let s = try render(
            svg(#"<image width="4" height="4" href="data:image/svg+xml;base64,\#(gzip)"/>"#, #"width="4" height="4""#))
        #expect(pixel(s, 2, 2, is: (0, 255, 0, 255), tolerance: 0))
    }

    @Test(
        "base64 decodes with padding and whitespace and rejects malformed text",
        arguments: [
            ("QUJD", [65, 66, 67] as [UInt8]?), ("QUI=", [65, 66]), ("QQ==", [65]), ("Q U\nJD", [65, 66, 67]), ("", []),
            ("QUJ", nil), ("Q===", nil), ("QQ==QQ==", nil), ("QU-D", nil),
        ])
    func base64Decoding(_ text: String, _ expected: [UInt8]?) {
        #expect((try? SVGBase64.decode(Array(text.utf8)[...])) == expected)
    }

    @Test("a clip path leaves pixels outside it untouched and draws inside it")
    func clipPixels() throws {
        let s = try render(
            svg(
                #"""
                <clipPath id="c"><rect width="5" height="10"/></clipPath>
                <g clip-path="url(#c)"><rect width="10" height="10" fill="red"/></g>
                """#, #"width="10" height="10""#))
        #expect(pixel(s, 2, 5, is: (255, 0, 0, 255)))
        #expect(pixel(s, 7, 5, is: (0, 0, 0, 0), tolerance: 0))
    }

    @Test("clip paths: bounding-box units, own and child transforms, rules, missing references")
    func clipReading() throws {
        let text = svg(
            #"""
            <clipPath id="b" clipPathUnits="objectBoundingBox" transform="translate(1 0)"><rect width="0.5" height="1"/></clipPath>
            <clipPath id="e" clip-rule="evenodd"><rect width="1" height="1" transform="scale(2)"/><circle r="1" clip-rule="nonzero"/></clipPath>
            <rect x="10" y="20" width="40" height="10" clip-path="url(#b)"/>
            <rect width="10" height="10" clip-path="url(#e)"/>
            <rect width="10" height="10" clip-path="url(#nothing)"/>
            """#)
        let document = try SVGDocument(parsing: text)
        let commands = document.drawCommands()
        let clips = commands.compactMap { if case .beginClip(let c) = $0 { return c.clip } else { return nil } }
        #expect(clips.count == 1)
        #expect(clips.first?.path.bounds == Rect(x: 11, y: 20, width: 20, height: 10))
        // Mixed rules: the clip is an alpha mask of each child with its own rule.
        let layers = commands.compactMap { if case .beginLayer(let l) = $0 { return l } else { return nil } }
        #expect(layers.count == 1 && layers.first?.maskIsLuminance == false)
        let maskFills = (layers.first?.mask ?? []).compactMap { c -> SVGFillCommand? in
            if case .fill(let f) = c { return f } else { return nil }
        }
        #expect(maskFills.map(\.rule) == [.evenOdd, .nonZero])
        #expect(
            maskFills.map { $0.transformedPath.bounds } == [
                Rect(x: 0, y: 0, width: 2, height: 2), Rect(x: -1, y: -1, width: 2, height: 2),
            ])
        #expect(document.warnings.map(\.kind) == [.missingReference("nothing")])
        #expect(document.fillCommands().count == 3)
    }
}
