// Render: the banded render's first phase (SVGPreparedDraws): the draws
// that reach more than one band are found from their device bounds,
// prepared once, and every band draws them from the shared edges; random
// scenes of curved, self-intersecting fills and strokes (joins, caps,
// dashes), gradients, group opacity and transforms, at 1, 2, 3 and 7
// workers and odd band heights, are byte for byte the serial render.

import Hairline
@testable import HairlineSVG
import HairlineTestSupport
import Testing

@Suite struct SVGBandPreparationTests {
    /// A random scene of `count` shapes over a `width` x `height` view.
    static func randomScene(_ rng: inout SplitMix64, width: Int, height: Int, count: Int) -> String {
        let w = Double(width), h = Double(height)
        func n(_ v: Double) -> String { String((v * 100).rounded() / 100) }
        func point() -> String { "\(n(rng.double(in: -4...w + 4))) \(n(rng.double(in: -4...h + 4)))" }
        func color() -> String {
            "rgb(\(rng.int(in: 0...255)),\(rng.int(in: 0...255)),\(rng.int(in: 0...255)))"
        }
        var body = """
            <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stop-color="#f80"/><stop offset="1" stop-color="#08f" stop-opacity="0.6"/>
            </linearGradient></defs>

            """
        var openGroups = 0
        for _ in 0..<count {
            if rng.int(in: 0...7) == 0 {
                let transform = "rotate(\(rng.int(in: -30...30)) \(n(w / 2)) \(n(h / 2)))"
                body += "<g opacity=\"\(n(rng.double(in: 0.3...0.9)))\" transform=\"\(transform)\">\n"
                openGroups += 1
            }
            var d = "M\(point())"
            for _ in 0..<rng.int(in: 1...7) {
                switch rng.int(in: 0...2) {
                case 0: d += " L\(point())"
                case 1: d += " Q\(point()) \(point())"
                default: d += " C\(point()) \(point()) \(point())"
                }
            }
            if rng.int(in: 0...3) > 0 { d += " Z" }
            let fill = ["none", color(), "url(#g)"][rng.int(in: 0...2)]
            let stroke = rng.int(in: 0...2) == 0 ? "none" : rng.int(in: 0...4) == 0 ? "url(#g)" : color()
            let join = ["miter", "round", "bevel"][rng.int(in: 0...2)]
            let cap = ["butt", "round", "square"][rng.int(in: 0...2)]
            let dash = rng.int(in: 0...4) == 0 ? " stroke-dasharray=\"4 2\"" : ""
            body += """
                <path d="\(d)" fill="\(fill)" fill-opacity="\(n(rng.double(in: 0.4...1)))" \
                fill-rule="\(rng.int(in: 0...1) == 0 ? "nonzero" : "evenodd")" stroke="\(stroke)" \
                stroke-width="\(n(rng.double(in: 0.2...3)))" stroke-linejoin="\(join)" stroke-linecap="\(cap)"\(dash)/>

                """
            if openGroups > 0, rng.int(in: 0...3) == 0 {
                body += "</g>\n"
                openGroups -= 1
            }
        }
        body += String(repeating: "</g>\n", count: openGroups)
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\">\n\(body)</svg>"
    }

    @Test(arguments: [1, 2, 3, 7])
    func randomScenesMatchTheSerialRender(workers: Int) throws {
        var rng = SplitMix64(seed: 2_026 + UInt64(workers))
        for round in 0..<6 {
            let width = rng.int(in: 20...60), height = rng.int(in: 40...140)
            let document = try SVGDocument(parsing: Self.randomScene(&rng, width: width, height: height, count: 24))
            let scale = [1.0, 1.5, 0.75][round % 3]
            let w = Int((Double(width) * scale).rounded(.up)), h = Int((Double(height) * scale).rounded(.up))
            let expected = try SVGBandedRenderTests.serial(document, width: w, height: h, scale: scale)
            #expect(expected.bytes.contains { $0 != 0 })
            // Odd band heights: thin ones (every band alike) and the
            // layout's (at least 32 rows, boundaries moved).
            for rows in [5, 13, 33, 61] {
                let got = try SVGBandedRenderTests.banded(
                    document, width: w, height: h, scale: scale, workers: workers, rowsPerBand: rows)
                #expect(got.bytes == expected.bytes, "round \(round), \(rows) rows per band")
                #expect(got.report == expected.report)
            }
        }
    }

    static func trianglePath(top: Double, bottom: Double) -> Path {
        var path = Path()
        path.move(to: Point(x: 1, y: top))
        path.addLine(to: Point(x: 9, y: (top + bottom) / 2))
        path.addLine(to: Point(x: 2, y: bottom))
        path.closeSubpath()
        return path
    }

    static func fill(top: Double, bottom: Double) -> SVGDrawCommand {
        let path = trianglePath(top: top, bottom: bottom)
        return .fill(
            SVGFillCommand(path: path, transform: .identity, paint: .paint(.solid(.black)), rule: .nonZero, offset: 0))
    }

    /// A draw is prepared when its device bounds, grown by the cull
    /// margin, reach rows of two bands or more; not clips, layers or
    /// draws outside the surface.
    @Test func theDrawsReachingTwoBandsArePrepared() throws {
        let bands = [0..<20, 20..<40, 40..<60]
        let commands: [SVGDrawCommand] = [
            Self.fill(top: 2, bottom: 10),  // inside band 0
            Self.fill(top: 10, bottom: 18.5),  // within the margin of row 20
            Self.fill(top: 25, bottom: 55),  // bands 1 and 2
            .endLayer,
            Self.fill(top: 3, bottom: 57),  // all three
            Self.fill(top: 70, bottom: 90),  // below the surface
            Self.fill(top: 22.5, bottom: 37),  // inside band 1
        ]
        #expect(SVGPreparedDraws.crossingDraws(commands, scale: 1, bands: bands) == [1, 2, 4])
        // At scale 2 the first reaches row 20 too, and the third lies
        // inside the second band.
        #expect(SVGPreparedDraws.crossingDraws(commands, scale: 2, bands: [0..<20, 20..<120]) == [0, 1, 4])
        // The costliest first: a stroke (three times its elements), then
        // a fill of more elements, then the rest in document order.
        var long = Path()
        long.move(to: Point(x: 0, y: 0))
        for i in 1...6 { long.addLine(to: Point(x: Double(i % 2) * 9, y: Double(i) * 9)) }
        let heavier: [SVGDrawCommand] = [
            Self.fill(top: 1, bottom: 50),
            .fill(
                SVGFillCommand(
                    path: long, transform: .identity, paint: .paint(.solid(.black)), rule: .nonZero, offset: 1)),
            Self.fill(top: 2, bottom: 50),
            .stroke(
                SVGStrokeCommand(
                    path: Self.trianglePath(top: 3, bottom: 50), transform: .identity, paint: .paint(.solid(.black)),
                    style: StrokeStyle(width: 1), offset: 2)),
        ]
        #expect(SVGPreparedDraws.crossingDraws(heavier, scale: 1, bands: bands) == [3, 1, 0, 2])
        #expect(SVGPreparedDraws.crossingDraws(commands, scale: 1, bands: [0..<60]).isEmpty)

        let surface = try Surface(width: 12, height: 60)
        let preparation = SVGPreparedDraws(commands: commands, scale: 1, bands: bands)
        let canvas = Canvas(surface: surface, scale: 1)
        preparation.prepare(on: canvas)
        let shapes = preparation.shapes
        #expect(shapes.count == commands.count)
        #expect(shapes.indices.filter { shapes[$0] != nil } == [1, 2, 4])
        // Three triangles of three edges each.
        #expect(shapes.compactMap { $0?.edgeCount } == [3, 3, 3])
        #expect(preparation.byteCount == shapes.compactMap { $0?.byteCount }.reduce(0, +))
        // Preparing draws nothing.
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }
}
