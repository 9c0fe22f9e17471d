// Coverage edge cases against the oracle: sub-pixel slivers, shapes partly
// off the surface, vertices at 1e6, and bad geometry that must draw nothing.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct RasterizerEdgeCaseTests {
    func check(
        _ contours: [[Point]], width: Int = 16, height: Int = 16, rule: FillRule = .nonZero,
        _ label: String
    ) throws {
        let engine = try engineCoverage(polygonPath(contours), width: width, height: height, rule: rule)
        let exact = ExactCoverage(contours: contours, rule: rule, width: width, height: height).coverage()
        let diff = compareCoverage(engine, exact, width: width)
        #expect(diff.maximum <= polygonTolerance, "\(label): \(diff)")
    }

    @Test(arguments: [0.0, 0.13, 0.5, 0.77])
    func verticalAndHorizontalSlivers(offset: Double) throws {
        let x = 5 + offset
        try check(
            [[Point(x: x, y: 1.3), Point(x: x + 0.05, y: 1.3), Point(x: x + 0.05, y: 14.6), Point(x: x, y: 14.6)]],
            "vertical sliver at \(x)")
        try check(
            [[Point(x: 1.2, y: x), Point(x: 14.9, y: x), Point(x: 14.9, y: x + 0.05), Point(x: 1.2, y: x + 0.05)]],
            "horizontal sliver at \(x)")
        let engine = try engineCoverage(
            polygonPath([[Point(x: x, y: 1), Point(x: x + 0.05, y: 1), Point(x: x + 0.05, y: 15), Point(x: x, y: 15)]]),
            width: 16, height: 16)
        // 0.05 of a pixel is 12.75/255: the sliver must not vanish.
        #expect(abs(engine[8 * 16 + 5] * 255 - 12.75) <= 1)
    }

    @Test func diagonalSliversAtRandomAngles() throws {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<60 {
            let a = Point(x: rng.double(in: 0...16), y: rng.double(in: 0...16))
            let b = Point(x: rng.double(in: 0...16), y: rng.double(in: 0...16))
            let d = b - a
            let len = d.length
            guard len > 1 else { continue }
            let n = Point(x: -d.y / len * 0.05, y: d.x / len * 0.05)
            try check([[a, b, b + n, a + n]], "sliver \(a) -> \(b), seed \(rng.seed)")
        }
    }

    @Test func shapesPartlyOffEverySide() throws {
        try check(
            [[Point(x: -5.3, y: -2.2), Point(x: 20.4, y: 3.7), Point(x: 9.1, y: 22.8)]], "triangle over three sides")
        try check(
            [[Point(x: -3, y: 4.5), Point(x: 7.25, y: 4.5), Point(x: 7.25, y: 9.75), Point(x: -3, y: 9.75)]],
            "rect off the left")
        try check(
            [[Point(x: 10.5, y: -3), Point(x: 30, y: -3), Point(x: 30, y: 30), Point(x: 10.5, y: 30)]],
            "rect off right, top, bottom")
        try check(
            [[Point(x: -100, y: -100), Point(x: 100, y: -100), Point(x: 100, y: 100), Point(x: -100, y: 100)]],
            "covers everything")
    }

    @Test func verticesAtAMillionKeepTheirWedge() throws {
        // Cairo drops such a wedge and Skia loses its anti-aliasing.
        let wedge = [Point(x: 2.5, y: 7.25), Point(x: 1e6, y: 3e5), Point(x: 1e6, y: -2e5)]
        try check([wedge], "wedge to 1e6")
        let far = [Point(x: -1e6, y: -1e6), Point(x: 1e6, y: 7.3), Point(x: -1e6, y: 1e6)]
        try check([far], "huge triangle through the surface")
        let engine = try engineCoverage(polygonPath([wedge]), width: 16, height: 16)
        #expect(engine[7 * 16 + 10] == 1)
        #expect(engine[7 * 16 + 2] > 0 && engine[7 * 16 + 2] < 1)
        let thin = [Point(x: 2.5, y: 3.25), Point(x: 1e6, y: 5.5), Point(x: 1e6, y: 8.0)]
        try check([thin], "thin wedge to 1e6")
    }

    @Test func nonFiniteCoordinatesDrawNothing() throws {
        for bad in [Double.nan, .infinity, -.infinity] {
            let path = polygonPath([[Point(x: 1, y: 1), Point(x: bad, y: 5), Point(x: 9, y: 9)]])
            let engine = try engineCoverage(path, width: 12, height: 12)
            #expect(engine.allSatisfy { $0 == 0 }, "coordinate \(bad)")
        }
    }

    @Test func degenerateTransformDrawsNothing() throws {
        let surface = try Surface(width: 8, height: 8)
        let canvas = Canvas(surface: surface)
        canvas.scaleBy(x: 0, y: 1)
        var path = Path()
        path.addRect(Rect(x: 1, y: 1, width: 5, height: 5))
        canvas.fill(path, with: .black)
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }

    @Test func emptyAndDegeneratePathsDrawNothing() throws {
        var lineOnly = Path()
        lineOnly.move(to: Point(x: 1, y: 1))
        lineOnly.addLine(to: Point(x: 7, y: 7))
        for path in [Path(), lineOnly, polygonPath([[Point(x: 3, y: 3)]])] {
            let engine = try engineCoverage(path, width: 8, height: 8)
            #expect(engine.allSatisfy { $0 == 0 })
        }
    }

    @Test func resolverRunsOnlyWhereContoursMeet() throws {
        // A plain rectangle never needs the slab resolver; two crossing ones do
        // (with draws resolved as a whole turned off).
        let surface = try Surface(width: 16, height: 16)
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0
        var rect = Path()
        rect.addRect(Rect(x: 1.5, y: 1.5, width: 9, height: 9))
        renderer.fill(
            rect, transform: .identity, tolerance: 0.008, rule: .nonZero,
            color: Color.black.premultiplied, into: surface)
        #expect(renderer.rasterizer.resolvedRowCount == 0)
        var circle = Path()
        circle.addEllipse(in: Rect(x: 2.2, y: 1.7, width: 11, height: 12.5))
        renderer.fill(
            circle, transform: .identity, tolerance: 0.008, rule: .nonZero,
            color: Color.black.premultiplied, into: surface)
        #expect(renderer.rasterizer.resolvedRowCount == 0)
        rect.addRect(Rect(x: 5.5, y: 5.25, width: 9, height: 9))
        renderer.fill(
            rect, transform: .identity, tolerance: 0.008, rule: .nonZero,
            color: Color.black.premultiplied, into: surface)
        #expect(renderer.rasterizer.resolvedRowCount > 0)
    }
}
