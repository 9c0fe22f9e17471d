// Tests: group opacity, mix-blend-mode and masks as layers, markers and
// paint-order, checked on pixels against values computed by hand.

import Testing
import Hairline
@testable import HairlineSVG

@Suite("layers, masks, markers")
struct SVGLayerRenderingTests {
    /// `body` drawn on a 10 x 10 surface at scale 1.
    func render(_ body: String) throws -> Surface {
        let document = try SVGDocument(parsing: svg(body, #"width="10" height="10""#))
        let surface = try Surface(width: 10, height: 10)
        document.draw(in: Canvas(surface: surface))
        return surface
    }

    func rgba(_ s: Surface, _ x: Int, _ y: Int) -> [Int] {
        guard let p = s.pixel(x: x, y: y) else { return [] }
        return [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)]
    }

    @Test("group opacity composites the group once: an overlap is not darker")
    func groupOpacity() throws {
        let s = try render(
            #"<g opacity="0.5"><rect width="10" height="10" fill="blue"/><rect width="5" height="10" fill="blue"/></g>"#
        )
        #expect(rgba(s, 2, 5) == rgba(s, 7, 5))
        #expect(rgba(s, 7, 5) == [0, 0, 128, 128])
    }

    @Test("mix-blend-mode multiply multiplies with what is below")
    func multiply() throws {
        let s = try render(
            ##"<rect width="10" height="10" fill="#ff8000"/><rect width="10" height="10" fill="#808080" style="mix-blend-mode: multiply"/>"##
        )
        // 255·128/255 = 128, 128·128/255 ≈ 64, 0.
        let p = rgba(s, 5, 5)
        #expect(p.count == 4 && abs(p[0] - 128) <= 1 && abs(p[1] - 64) <= 1 && p[2] == 0 && p[3] == 255)
    }

    @Test("a luminance mask scales by luminance; an alpha mask by alpha; the mask region clips")
    func masks() throws {
        let luminance = try render(
            ##"<mask id="m" maskUnits="userSpaceOnUse" x="0" y="0" width="5" height="10"><rect width="10" height="10" fill="white"/></mask><rect width="10" height="10" fill="red" mask="url(#m)"/>"##
        )
        #expect(rgba(luminance, 2, 5) == [255, 0, 0, 255])
        #expect(rgba(luminance, 7, 5) == [0, 0, 0, 0])
        let alpha = try render(
            ##"<mask id="m" style="mask-type: alpha"><rect width="10" height="10" fill="black" fill-opacity="0.5"/></mask><rect width="10" height="10" fill="red" mask="url(#m)"/>"##
        )
        #expect(rgba(alpha, 5, 5) == [128, 0, 0, 128])
        let black = try render(
            ##"<mask id="m"><rect width="10" height="10" fill="black"/></mask><rect width="10" height="10" fill="red" mask="url(#m)"/>"##
        )
        #expect(rgba(black, 5, 5) == [0, 0, 0, 0])
    }

    @Test("markers are placed at each vertex, turned by orient=auto and scaled by the stroke width")
    func markers() throws {
        let text = svg(
            ##"<marker id="m" orient="auto" markerWidth="2" markerHeight="2" refX="1" refY="1" overflow="visible"><rect width="2" height="1"/></marker><path d="M 10 10 L 50 10 L 50 50" fill="none" stroke="black" stroke-width="2" marker-start="url(#m)" marker-mid="url(#m)" marker-end="url(#m)"/>"##
        )
        let fills = try SVGDocument(parsing: text).fillCommands()
        #expect(fills.count == 3)
        let boxes = fills.map { $0.transformedPath.bounds }
        // Scale 2, ref (1, 1) on the vertex: the rect spans -2...2 along
        // the direction and -2...0 across it.
        #expect(boxes[0] == Rect(x: 8, y: 8, width: 4, height: 2))
        // Mid vertex: the bisector of east and south is 45°.
        #expect(abs(boxes[1].midX - (50 + 0.5 * 2.0.squareRoot())) < 1e-9)
        // End: heading south, the rect turns a quarter.
        #expect(isClose(fills[2].transform, AffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 52, ty: 48), tolerance: 1e-9))
    }

    @Test("paint-order stroke draws the stroke under the fill")
    func paintOrder() throws {
        let commands = try SVGDocument(
            parsing: svg(#"<rect width="4" height="4" fill="red" stroke="blue" style="paint-order: stroke"/>"#)
        ).drawCommands()
        guard commands.count == 2, case .stroke = commands[0], case .fill = commands[1] else {
            Issue.record("expected stroke then fill, got \(commands)")
            return
        }
    }

    @Test("context-fill in a marker is the shape's fill")
    func contextFill() throws {
        let text = svg(
            ##"<marker id="m"><rect width="1" height="1" fill="context-fill"/></marker><path d="M 1 1 L 5 5" fill="blue" marker-start="url(#m)"/>"##
        )
        let fills = try SVGDocument(parsing: text).fillCommands()
        #expect(fills.last?.color == Color(red: 0, green: 0, blue: 1))
    }

    /// A `<clipPath>` of one `<rect>` (around every icon design tools
    /// export) on whole device pixels narrows the clip's bounds, with no
    /// mask; other placements and rotations clip by a mask of its edges.
    /// Each gives the bytes the same rect as a `<path>` (always a mask)
    /// gives, at whole and fractional scales and offsets, scaled,
    /// reflected and rotated.
    @Test func aLoneRectClipsAsTheSameRectDrawnAsAPath() throws {
        let content = ##"""
            <circle cx="12" cy="12" r="11" fill="#08f"/><path d="M-5 20 L30 4 L28 30 Z" fill="#f80" opacity="0.8"/>
            """##
        for (rect, asPath) in [
            (#"<rect width="24" height="24"/>"#, #"<path d="M0 0 H24 V24 H0 Z"/>"#),
            (#"<rect x="2.3" y="1.7" width="17.25" height="19.5"/>"#, #"<path d="M2.3 1.7 H19.55 V21.2 H2.3 Z"/>"#),
        ] {
            for transform in [
                "", #" transform="translate(24 0) scale(-1 1)""#, #" transform="scale(0.75 1.25)""#,
                #" transform="rotate(20 12 12)""#,
            ] {
                func document(_ clip: String) throws -> SVGDocument {
                    try SVGDocument(
                        parsing: svg(
                            #"<clipPath id="c"\#(transform)>\#(clip)</clipPath><g clip-path="url(#c)">\#(content)</g>"#,
                            #"width="24" height="24""#))
                }
                let clipped = try document(rect), reference = try document(asPath)
                for scale in [1.0, 1.5, 3.0] {
                    let side = Int((24 * scale).rounded(.up))
                    let a = try Surface(width: side, height: side), b = try Surface(width: side, height: side)
                    clipped.draw(in: Canvas(surface: a, scale: scale))
                    reference.draw(in: Canvas(surface: b, scale: scale))
                    #expect(a.bytes == b.bytes, "\(rect)\(transform) at \(scale)x")
                    #expect(a.bytes.contains { $0 != 0 })
                }
            }
        }
    }
}

@Suite("SVG images and image-rendering")
struct SVGImageDocumentTests {
    @Test("an <image> of an SVG data URI draws that document, fitted into its viewport and clipped to it")
    func svgImage() throws {
        // A 10 x 10 document with a 10 x 10 rect, base64.
        let inner =
            #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="20" height="10" fill="blue"/></svg>"#
        let data = base64(Array(inner.utf8))
        let text = svg(#"<image x="5" y="5" width="20" height="20" href="data:image/svg+xml;base64,\#(data)"/>"#)
        let document = try SVGDocument(parsing: text)
        let commands = document.drawCommands()
        let fill = document.fillCommands().first
        #expect(fill?.transformedPath.bounds == Rect(x: 5, y: 5, width: 40, height: 20))
        guard case .beginClip(let clip) = commands.first else {
            Issue.record("expected the image viewport clip, got \(commands)")
            return
        }
        #expect(clip.clip.path.applying(clip.transform).bounds == Rect(x: 5, y: 5, width: 20, height: 20))
    }

    @Test("a .svg file is read through loadData; without it the image warns")
    func svgFile() throws {
        let inner = Array(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2"/></svg>"#.utf8)
        let loader = SVGResourceLoader(
            loadImage: { _ in throw SVGResourceError.noImageLoader },
            loadData: { path in
                guard path == "pic.svg" else { throw SVGResourceError.noImageLoader }
                return inner
            })
        let text = svg(#"<image width="8" href="pic.svg"/>"#)
        let fills = try SVGDocument(parsing: text, loader: loader).fillCommands()
        // Width 8 given, height from the document's 2:1 ratio.
        #expect(fills.first?.transformedPath.bounds == Rect(x: 0, y: 0, width: 8, height: 4))
        let without = try SVGDocument(parsing: text)
        #expect(without.fillCommands().isEmpty && without.warnings.count == 1)
    }

    @Test("image-rendering optimizeSpeed samples the nearest pixel")
    func imageRendering() throws {
        let png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8Dwn4GBgQEAEPwC/i9u4u8AAAAASUVORK5CYII="
        let text = svg(
            #"<image width="2" height="1" style="image-rendering: optimizeSpeed" href="data:image/png;base64,\#(png)"/><image width="2" height="1" href="data:image/png;base64,\#(png)"/>"#
        )
        let loader = SVGResourceLoader(loadImage: { _ in try Image(width: 1, height: 1, colors: [.black]) })
        let images = try SVGDocument(parsing: text, loader: loader).drawCommands().compactMap { c -> ImageSampling? in
            if case .image(let i) = c { return i.sampling } else { return nil }
        }
        #expect(images == [.nearest, .bilinear])
    }

    /// Standard base64 of `bytes`.
    func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var out = ""
        var i = 0
        while i < bytes.count {
            let b0 = Int(bytes[i]), b1 = i + 1 < bytes.count ? Int(bytes[i + 1]) : 0,
                b2 = i + 2 < bytes.count ? Int(bytes[i + 2]) : 0
            out.append(alphabet[b0 >> 2])
            out.append(alphabet[((b0 & 3) << 4) | (b1 >> 4)])
            out.append(i + 1 < bytes.count ? alphabet[((b1 & 15) << 2) | (b2 >> 6)] : "=")
            out.append(i + 2 < bytes.count ? alphabet[b2 & 63] : "=")
            i += 3
        }
        return out
    }
}
