// The resolver's sub-bands (RowResolver+Ordered.swift): a cluster of
// chains cut only where chains start, end or meet, each chain added once
// per run of one flip, against the slabs at every piece end
// (`ResolverLimits.subBandChainLimit` 0) and against the independent
// exact area (Support/ExactCoverage.swift). Random self-crossing polygons,
// overlapping subpaths, contours drawn twice (the same way and reversed),
// stars, and strokes whose outlines cross at joins; both fill rules.

import HairlineTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import Hairline

@Suite struct SubBandResolverTests {
    /// The coverage (0...1) of `contours` filled under `rule` (or `path`
    /// stroked with `stroke`) into a `size` square, and the rows resolved,
    /// with the sub-bands for every cluster or for none.
    func render(
        _ path: Path, rule: FillRule, stroke: StrokeStyle? = nil, size: Int, subBands: Bool
    ) throws -> (coverage: [Double], resolved: Int) {
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
        renderer.rasterizer.resolverLimits.subBandChainLimit = subBands ? Int.max : 0
        renderer.rasterizer.resolverLimits.subBandPiecesPerChain = 0
        let surface = try drawWhite(path, rule: rule, stroke: stroke, fillTolerance: 0.01, size: size, with: renderer)
        #expect(renderer.rasterizer.approximatedRowCount == 0)
        let coverage = (0..<(size * size)).map { Double(surface.pixel(x: $0 % size, y: $0 / size)!.alpha) / 255 }
        return (coverage, renderer.rasterizer.resolvedRowCount)
    }

    /// Polygons: the sub-bands and the slabs each within the oracle's
    /// bound of the exact area, and within one level of each other.
    /// Returns the rows resolved.
    @discardableResult
    func expectExact(_ contours: [[Point]], rule: FillRule, size: Int, _ what: String) throws -> Int {
        let path = polygonPath(contours)
        let exact = ExactCoverage(contours: contours, rule: rule, width: size, height: size).coverage()
        let new = try render(path, rule: rule, size: size, subBands: true)
        let old = try render(path, rule: rule, size: size, subBands: false)
        let newError = compareCoverage(new.coverage, exact, width: size)
        let oldError = compareCoverage(old.coverage, exact, width: size)
        #expect(newError.maximum <= polygonTolerance, "\(what), \(rule), sub-bands: \(newError)")
        #expect(oldError.maximum <= polygonTolerance, "\(what), \(rule), slabs: \(oldError)")
        #expect(new.resolved == old.resolved, "\(what), \(rule): rows resolved")
        let between = compareCoverage(new.coverage, old.coverage, width: size)
        #expect(between.maximum <= 1.0 / 255 + 1e-9, "\(what), \(rule), sub-bands vs slabs: \(between)")
        return new.resolved
    }

    static func randomContour(_ random: inout SplitMix64, vertices: ClosedRange<Int>, size: Double) -> [Point] {
        (0..<Int.random(in: vertices, using: &random)).map { _ in
            Point(x: random.double(in: -1...(size + 1)), y: random.double(in: -1...(size + 1)))
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomSelfCrossingPolygonsStayExact(rule: FillRule) throws {
        var random = SplitMix64(seed: 0x5B_0001)
        var resolved = 0
        for trial in 0..<40 {
            let contours = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                Self.randomContour(&random, vertices: 3...12, size: 24)
            }
            resolved += try expectExact(contours, rule: rule, size: 24, "trial \(trial), seed \(random.seed)")
        }
        #expect(resolved > 100, "the polygons reach the resolver")
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func overlappingAndDoubledContoursStayExact(rule: FillRule) throws {
        var random = SplitMix64(seed: 0x5B_0002)
        for trial in 0..<30 {
            // Convex-ish blobs that overlap without crossing themselves
            // (the ordered case: winding 2 where they overlap), one
            // drawn twice and one reversed.
            func blob() -> [Point] {
                let cx = random.double(in: 6...18), cy = random.double(in: 6...18), r = random.double(in: 3...9)
                let n = Int.random(in: 5...11, using: &random)
                return (0..<n).map { k in
                    let angle = Double(k) / Double(n) * 2 * Double.pi
                    return Point(x: cx + r * cos(angle), y: cy + r * 0.8 * sin(angle))
                }
            }
            let a = blob(), b = blob()
            let nested = a.map { Point(x: 12 + ($0.x - 12) * 0.5, y: 12 + ($0.y - 12) * 0.5) }
            try expectExact([a, b], rule: rule, size: 24, "trial \(trial) overlapping")
            try expectExact([a, a], rule: rule, size: 24, "trial \(trial) twice")
            try expectExact([a, a.reversed(), b], rule: rule, size: 24, "trial \(trial) reversed")
            try expectExact([a, nested], rule: rule, size: 24, "trial \(trial) nested")
        }
    }

    @Test func starsStayExact() throws {
        for (points, step) in [(5, 2), (7, 3), (9, 4), (17, 8)] {
            let contour = starPolygon(points: points, step: step, center: Point(x: 12, y: 12), radius: 10.7)
            for rule in [FillRule.nonZero, .evenOdd] {
                try expectExact([contour], rule: rule, size: 24, "{\(points)/\(step)}")
            }
        }
    }

    /// Strokes of random zigzags: their outlines cross themselves at the
    /// joins. The oracle takes no curves, so the sub-bands are compared
    /// with the slabs only (each resolved exactly, every row the same).
    @Test func strokesWithJoinsResolveAlike() throws {
        var random = SplitMix64(seed: 0x5B_0003)
        let joins: [LineJoin] = [.miter, .round, .bevel]
        for trial in 0..<24 {
            var path = Path()
            let points = Self.randomContour(&random, vertices: 3...8, size: 32)
            path.move(to: points[0])
            for p in points.dropFirst() { path.addLine(to: p) }
            if trial % 2 == 1 { path.closeSubpath() }
            let style = StrokeStyle(width: random.double(in: 1...6), lineJoin: joins[trial % 3])
            let new = try render(path, rule: .nonZero, stroke: style, size: 32, subBands: true)
            let old = try render(path, rule: .nonZero, stroke: style, size: 32, subBands: false)
            #expect(new.resolved == old.resolved, "trial \(trial): rows resolved")
            let between = compareCoverage(new.coverage, old.coverage, width: 32)
            #expect(between.maximum <= 1.0 / 255 + 1e-9, "trial \(trial), seed \(random.seed): \(between)")
        }
    }

    /// The default limits: two overlapping blobs of cubic curves filled
    /// small (long chains of short flattened pieces, winding 2 where the
    /// blobs overlap) go to the sub-bands, within one level of the slabs
    /// alone; a dense star ({61/30}: dozens of one-piece chains crossing in
    /// every row) to the slabs, within the oracle's bound.
    @Test func defaultLimitsChooseByChainLength() throws {
        func blob(_ cx: Double, _ cy: Double, _ r: Double) -> Path {
            // A circle of four cubics (not an arc: arcs are exact edges).
            let k = 0.5523 * r
            var path = Path()
            path.move(to: Point(x: cx + r, y: cy))
            path.addCurve(
                to: Point(x: cx, y: cy + r), control1: Point(x: cx + r, y: cy + k),
                control2: Point(x: cx + k, y: cy + r))
            path.addCurve(
                to: Point(x: cx - r, y: cy), control1: Point(x: cx - k, y: cy + r),
                control2: Point(x: cx - r, y: cy + k))
            path.addCurve(
                to: Point(x: cx, y: cy - r), control1: Point(x: cx - r, y: cy - k),
                control2: Point(x: cx - k, y: cy - r))
            path.addCurve(
                to: Point(x: cx + r, y: cy), control1: Point(x: cx + k, y: cy - r),
                control2: Point(x: cx + r, y: cy - k))
            path.closeSubpath()
            return path
        }
        var blobs = blob(9.3, 10.2, 7.1)
        blobs.addPath(blob(14.6, 13.1, 7.7))
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
        let surface = try Surface(width: 24, height: 24)
        renderer.fill(
            blobs, transform: .identity, tolerance: 0.01, rule: .nonZero, color: Color.white.premultiplied,
            into: surface)
        #expect(renderer.rasterizer.subBandClusterCount > 0, "the blobs' clusters in sub-bands")
        let defaults = (0..<(24 * 24)).map { Double(surface.pixel(x: $0 % 24, y: $0 / 24)!.alpha) / 255 }
        let slabs = try render(blobs, rule: .nonZero, size: 24, subBands: false)
        #expect(slabs.resolved > 0)
        #expect(compareCoverage(defaults, slabs.coverage, width: 24).maximum <= 1.0 / 255 + 1e-9)

        let star = starPolygon(points: 61, step: 30, center: Point(x: 12, y: 12), radius: 10.7)
        let starRenderer = Renderer()
        starRenderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
        let starSurface = try Surface(width: 24, height: 24)
        starRenderer.fill(
            polygonPath([star]), transform: .identity, tolerance: 0.01, rule: .nonZero,
            color: Color.white.premultiplied, into: starSurface)
        #expect(starRenderer.rasterizer.sweptSlabCount > 0, "the star's clusters in slabs")
        let exact = ExactCoverage(contours: [star], rule: .nonZero, width: 24, height: 24).coverage()
        let starCoverage = (0..<(24 * 24)).map { Double(starSurface.pixel(x: $0 % 24, y: $0 / 24)!.alpha) / 255 }
        #expect(compareCoverage(starCoverage, exact, width: 24).maximum <= polygonTolerance)
    }

    /// A hand-checked case: two overlapping squares (winding 2 where they
    /// overlap, chains that keep their order) and a bow tie (chains that
    /// cross), exact values at chosen pixels.
    @Test func overlapAndBowTieValues() throws {
        let a = [Point(x: 2.5, y: 2.5), Point(x: 12.5, y: 2.5), Point(x: 12.5, y: 12.5), Point(x: 2.5, y: 12.5)]
        let b = a.map { Point(x: $0.x + 5.25, y: $0.y + 5) }
        let squares = try render(polygonPath([a, b]), rule: .nonZero, size: 20, subBands: true).coverage
        #expect(squares[10 * 20 + 10] == 1)  // inside both
        #expect(squares[10 * 20 + 12] == 1)  // a's right side inside b
        #expect(abs(squares[10 * 20 + 17] - 0.75) <= polygonTolerance)  // b's right side
        let evenOdd = try render(polygonPath([a, b]), rule: .evenOdd, size: 20, subBands: true).coverage
        #expect(evenOdd[10 * 20 + 10] == 0)  // winding 2
        #expect(abs(evenOdd[10 * 20 + 12] - 0.5) <= polygonTolerance)  // half in both, half in b only
        let bowTie = [Point(x: 2, y: 2), Point(x: 18, y: 18), Point(x: 18, y: 2), Point(x: 2, y: 18)]
        let tie = try render(polygonPath([bowTie]), rule: .nonZero, size: 20, subBands: true).coverage
        #expect(tie[10 * 20 + 15] == 1)  // inside the right wing
        #expect(tie[5 * 20 + 10] == 0)  // above the crossing, between the wings
        #expect(abs(tie[9 * 20 + 9] - 0.5) <= polygonTolerance)  // at the crossing: half
        #expect(abs(tie[10 * 20 + 10] - 0.5) <= polygonTolerance)
    }
}
