// Golden images of SVG drawn through HairlineSVG: every file of
// Examples/cells/ (fill only, solid, gradient and pattern cells; single,
// top, middle, bottom; and the table of the README picture; each at the
// scale its name gives) as `hairline render` draws it, and four
// documents that reach the reader's other features
// (transforms, clip paths, gradients in bounding-box units, patterns,
// even-odd fills, dashes, group opacity; text with a gradient, a bold
// tspan, the three anchors, a stroke and a rotation) at 4x.
// Tests/Goldens/SVG/; re-record with HAIRLINE_RECORD_GOLDENS=1.

import Foundation
import Hairline
import HairlineSVG
import HairlineTestSupport
import Testing

@Suite struct SVGGoldenTests {
    /// Renders `document` as the CLI does: (width x scale) x (height x
    /// scale) pixels, rounded up, on a transparent background.
    static func render(_ document: SVGDocument, scale: Double) throws -> Surface {
        let surface = try Surface(
            width: Int((document.width * scale).rounded(.up)),
            height: Int((document.height * scale).rounded(.up)))
        _ = document.draw(in: Canvas(surface: surface, scale: scale))
        return surface
    }

    static let examples = GoldenImages.repositoryRoot.appendingPathComponent("Examples/cells")

    /// The example files' names without `.svg`, sorted.
    static func exampleNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: examples.path)
            .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }

    @Test func cellExamples() throws {
        let names = try Self.exampleNames()
        #expect(names.count == 51)  // 4 kinds x 4 positions x 3 scales, and the table at 3 scales
        for name in names {
            // "gradient-top@2x" is drawn at 2x.
            let scale = Double(name.split(separator: "@").last!.dropLast()) ?? 1
            let text = try String(contentsOf: Self.examples.appendingPathComponent("\(name).svg"), encoding: .utf8)
            let document = try SVGDocument(parsing: text)
            assertSnapshot(of: try Self.render(document, scale: scale), named: name, suite: "SVG")
        }
    }

    static let features: [(name: String, text: String)] = [
        (
            "rect-dashes",
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="24"><rect x="1" y="1" width="18" height="18" rx="4" fill="#fc0" stroke="black" stroke-width="0.5" stroke-dasharray="2 1"/><g transform="translate(20 2) rotate(15 9 9)" opacity="0.7"><rect width="14" height="14" fill="teal"/><circle cx="12" cy="12" r="6" fill="tomato"/></g></svg>"##
        ),
        (
            "clip-gradient-evenodd",
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 12 12"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue" stop-opacity=".5"/></linearGradient><radialGradient id="r" cx="0.3" cy="0.3" r="0.7"><stop offset="0" stop-color="white"/><stop offset="1" stop-color="green"/></radialGradient><clipPath id="c"><circle cx="6" cy="6" r="5"/></clipPath></defs><rect width="12" height="12" fill="url(#r)"/><g transform="rotate(10 6 6)" clip-path="url(#c)"><path d="M1 1 C 4 0 8 12 11 11 Z M2 2 L10 3 L3 10 Z" fill="url(#g)" fill-rule="evenodd"/></g></svg>"##
        ),
        (
            "pattern-polyline",
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><rect width="2" height="2" fill="green"/></pattern><ellipse cx="8" cy="8" rx="7" ry="4" fill="url(#p)" opacity="0.5"/><polyline points="1,1 15,15 1,15" stroke="#123" fill="none" stroke-linejoin="round" stroke-linecap="round"/></svg>"##
        ),
        (
            "text",
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32"><defs><linearGradient id="t" x2="0" y2="1"><stop offset="0" stop-color="#0a5"/><stop offset="1" stop-color="#05a"/></linearGradient></defs><text x="2" y="10" font-size="10" fill="url(#t)">Hairline <tspan font-weight="bold" fill="tomato">AV</tspan></text><line x1="32" y1="12" x2="32" y2="21" stroke="red" stroke-width="0.2"/><text x="32" y="19" font-size="6" text-anchor="middle" font-family="serif">middle</text><text x="62" y="26" font-size="7" text-anchor="end" stroke="#123" stroke-width="0.3" fill="gold" transform="rotate(-4 62 26)">Wa, g&amp;y &#x2713;</text></svg>"##
        ),
    ]

    @Test func features() throws {
        for feature in Self.features {
            let document = try SVGDocument(parsing: feature.text)
            assertSnapshot(of: try Self.render(document, scale: 4), named: "\(feature.name)@4x", suite: "SVG")
        }
    }
}
