// Exact-area coverage of random polygons against the independent oracle
// (Support/ExactCoverage.swift): simple and self-intersecting, several
// contours, both fill rules, partly off the surface. Polygons need no
// flattening, so the engine must match within 1/255 (its 8-bit rounding is
// half of that).

import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import Hairline
import HairlineTestSupport

/// Engine coverage may differ from the exact area by its 8-bit rounding
/// (0.5/255) plus floating-point noise: 1/255 is the contract.
let polygonTolerance = 1.0 / 255

@Suite struct RasterizerPropertyTests {
    static let width = 24, height = 20

    static func randomPolygon(_ rng: inout SplitMix64, vertices: Int, margin: Double) -> [Point] {
        (0..<vertices).map { _ in
            Point(
                x: rng.double(in: -margin...(Double(width) + margin)),
                y: rng.double(in: -margin...(Double(height) + margin)))
        }
    }

    /// A simple (star-shaped) polygon: random radii at sorted angles.
    static func simplePolygon(_ rng: inout SplitMix64, vertices: Int) -> [Point] {
        let cx = rng.double(in: 2...22), cy = rng.double(in: 2...18)
        let angles = (0..<vertices).map { _ in rng.double(in: 0...(2 * Double.pi)) }.sorted()
        return angles.map { a in
            let r = rng.double(in: 0.2...12)
            return Point(x: cx + r * cos(a), y: cy + r * sin(a))
        }
    }

    func check(_ contours: [[Point]], rule: FillRule, seed: UInt64) throws {
        let w = Self.width, h = Self.height
        let engine = try engineCoverage(polygonPath(contours), width: w, height: h, rule: rule)
        let exact = ExactCoverage(contours: contours, rule: rule, width: w, height: h).coverage()
        let diff = compareCoverage(engine, exact, width: w)
        #expect(diff.maximum <= polygonTolerance, "seed \(seed), \(rule): \(diff)")
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomSelfIntersectingPolygons(rule: FillRule) throws {
        for seed in UInt64(1)...150 {
            var rng = SplitMix64(seed: seed)
            let count = rng.int(in: 3...12)
            try check([Self.randomPolygon(&rng, vertices: count, margin: 4)], rule: rule, seed: seed)
        }
    }

    /// Tens of edges crossing each other inside a few pixels (the shape
    /// suite's 40-vertex polygons at 8 px): hundreds of crossings a row,
    /// where a piece's flip is held over many slabs.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func denseSelfCrossingPolygonsInAFewPixels(rule: FillRule) throws {
        for seed in UInt64(5000)...5020 {
            var rng = SplitMix64(seed: seed)
            let size = rng.double(in: 3...9), x0 = rng.double(in: 0...12), y0 = rng.double(in: 0...10)
            let contours = (0..<rng.int(in: 1...3)).map { _ in
                (0..<rng.int(in: 10...40)).map { _ in
                    Point(x: x0 + rng.double(in: 0...size), y: y0 + rng.double(in: 0...size))
                }
            }
            try check(contours, rule: rule, seed: seed)
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomSimplePolygons(rule: FillRule) throws {
        for seed in UInt64(1000)...1150 {
            var rng = SplitMix64(seed: seed)
            try check([Self.simplePolygon(&rng, vertices: rng.int(in: 3...16))], rule: rule, seed: seed)
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomOverlappingContours(rule: FillRule) throws {
        for seed in UInt64(2000)...2100 {
            var rng = SplitMix64(seed: seed)
            let contours = (0..<rng.int(in: 2...4)).map { _ in
                rng.int(in: 0...1) == 0
                    ? Self.simplePolygon(&rng, vertices: rng.int(in: 3...8))
                    : Self.randomPolygon(&rng, vertices: rng.int(in: 3...6), margin: 2)
            }
            try check(contours, rule: rule, seed: seed)
        }
    }

    /// Rows of many small contours side by side, some crossing each
    /// other or themselves, inside a large contour of either direction:
    /// the resolver's clusters (chains whose x extents overlap) start from
    /// the winding of everything left of them, which changes within the
    /// row where a small contour starts or ends.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func clustersOfSmallContoursInsideOthers(rule: FillRule) throws {
        for seed in UInt64(3000)...3060 {
            var rng = SplitMix64(seed: seed)
            var outer = [
                Point(x: 0.5, y: 0.5), Point(x: 23.3, y: 1.2), Point(x: 22.8, y: 19.4), Point(x: 1.1, y: 18.7),
            ]
            if rng.int(in: 0...1) == 0 { outer.reverse() }
            var contours = rng.int(in: 0...2) == 0 ? [] : [outer]
            for _ in 0..<rng.int(in: 4...14) {
                let cx = rng.double(in: 1...23), cy = rng.double(in: 1...19), r = rng.double(in: 0.3...2.5)
                contours.append(
                    (0..<rng.int(in: 3...6)).map { _ in
                        Point(x: cx + rng.double(in: -r...r), y: cy + rng.double(in: -r...r))
                    })
            }
            try check(contours, rule: rule, seed: seed)
        }
    }

    @Test func identicalOverlappingSquaresStayExactUnderNonZero() throws {
        // Two copies of one square: winding 2 inside, so naive accumulation
        // would give edge pixels twice their area.
        let square = [Point(x: 2.3, y: 2.6), Point(x: 9.7, y: 2.6), Point(x: 9.7, y: 8.2), Point(x: 2.3, y: 8.2)]
        let engine = try engineCoverage(polygonPath([square, square]), width: 12, height: 10)
        #expect(abs(engine[2 * 12 + 5] - 0.4) <= polygonTolerance)
        #expect(abs(engine[5 * 12 + 2] - 0.7) <= polygonTolerance)
        #expect(abs(engine[2 * 12 + 2] - 0.28) <= polygonTolerance)
        #expect(engine[5 * 12 + 5] == 1)
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func pentagramCentreAndCrossings(rule: FillRule) throws {
        let points = (0..<5).map { k -> Point in
            let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
            return Point(x: 10 + 9 * cos(a), y: 10 + 9 * sin(a))
        }
        try check([points], rule: rule, seed: 0)
        let engine = try engineCoverage(polygonPath([points]), width: 20, height: 20, rule: rule)
        #expect(engine[10 * 20 + 10] == (rule == .nonZero ? 1 : 0))
    }

    /// Rows whose edges are all vertical repeat the previous row's coverage
    /// until an edge starts or ends (the band replay): rectangles and
    /// staircases with coordinates on and off the pixel grid, overlapping
    /// in either direction, partly off the surface, some with a slanted
    /// contour beside them.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func rectilinearShapesReplayRowsExactly(rule: FillRule) throws {
        func coordinate(_ rng: inout SplitMix64, _ limit: Double) -> Double {
            switch rng.int(in: 0...2) {
            case 0: return Double(rng.int(in: -2...Int(limit) + 2))
            case 1: return Double(rng.int(in: -4...Int(limit * 2) + 4)) / 2
            default: return rng.double(in: -2...(limit + 2))
            }
        }
        for seed in UInt64(3000)...3200 {
            var rng = SplitMix64(seed: seed)
            var contours: [[Point]] = []
            for _ in 0..<rng.int(in: 1...4) {
                let xa = coordinate(&rng, Double(Self.width)), xb = coordinate(&rng, Double(Self.width))
                let ya = coordinate(&rng, Double(Self.height)), yb = coordinate(&rng, Double(Self.height))
                var rect = [Point(x: xa, y: ya), Point(x: xb, y: ya), Point(x: xb, y: yb), Point(x: xa, y: yb)]
                if rng.int(in: 0...1) == 0 { rect.reverse() }
                contours.append(rect)
            }
            if rng.int(in: 0...3) == 0 {
                // A staircase.
                var stairs: [Point] = [Point(x: 1, y: 1)]
                var x = 1.0, y = 1.0
                for _ in 0..<rng.int(in: 2...5) {
                    x += rng.double(in: 0.3...4)
                    stairs.append(Point(x: x, y: y))
                    y += rng.double(in: 0.3...4)
                    stairs.append(Point(x: x, y: y))
                }
                stairs.append(Point(x: 1, y: y))
                contours.append(stairs)
            }
            if rng.int(in: 0...4) == 0 { contours.append(Self.simplePolygon(&rng, vertices: 5)) }
            try check(contours, rule: rule, seed: seed)
        }
    }

    @Test func tallRectanglesCoverTheirMiddleRowsAlike() throws {
        let surface = try Surface(width: 30, height: 40)
        let renderer = Renderer()
        var path = Path()
        path.addRect(Rect(x: 2.5, y: 3.25, width: 20.3, height: 30.5))
        renderer.fill(
            path, transform: .identity, tolerance: 0.008, rule: .nonZero,
            color: Color.black.premultiplied, into: surface)
        // Rows 3 and 33 are partial; rows 4...32 all have row 4's coverage.
        for y in 4...32 {
            #expect(surface.pixel(x: 2, y: y)!.alpha == 128)
            #expect(surface.pixel(x: 10, y: y)!.alpha == 255)
            #expect(surface.pixel(x: 22, y: y)!.alpha == 204)
            #expect(surface.pixel(x: 23, y: y)!.alpha == 0)
        }
    }

    /// A convex contour skips the per-row check; one wound twice, or two
    /// overlapping convex contours, must not (winding 2 would double the
    /// edge pixels).
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func convexityProofAcceptsOnlyConvexSimpleContours(rule: FillRule) throws {
        let hexagon = (0..<6).map { k -> Point in
            let a = Double(k) * Double.pi / 3
            return Point(x: 10.3 + 7.1 * cos(a), y: 9.7 + 6.4 * sin(a))
        }
        func isKnownSimple(_ contours: [[Point]]) -> Bool {
            var b = EdgeBuilder()
            defer { b.deallocate() }
            b.reset(clip: PixelRect(minX: 0, minY: 0, maxX: 24, maxY: 20))
            _ = Flattener.flatten(
                polygonPath(contours), transform: .identity, tolerance: 0.008,
                cullRect: Rect(x: 0, y: 0, width: 24, height: 20), into: &b)
            return b.isKnownSimple
        }
        #expect(isKnownSimple([hexagon]))
        #expect(isKnownSimple([hexagon.reversed()]))
        let twice = hexagon + hexagon
        #expect(!isKnownSimple([twice]))
        #expect(!isKnownSimple([hexagon, hexagon]))
        let dented = hexagon + [Point(x: 10.3, y: 9.7)]
        #expect(!isKnownSimple([dented]))
        try check([twice], rule: rule, seed: 0)
        try check([hexagon, hexagon.reversed()], rule: rule, seed: 0)
        try check([hexagon, hexagon], rule: rule, seed: 0)
        try check([dented], rule: rule, seed: 0)
    }
}
