// The exact row resolver's two ways through a cluster's slabs
// (RowResolver+Slabs.swift): sweeping the order of the pieces that span
// each slab down the slabs, applying only each slab's crossings and piece
// ends, and sorting every piece of the cluster in every slab. They add the
// same area, the sweep as one segment per run of slabs where a piece keeps
// its flip, the other slab by slab, so their fixed-point roundings differ:
// they must agree within one 8-bit level, and both be within 1/255 of the
// exact area (the independent oracle, Support/ExactCoverage.swift). On
// random self-crossing polygons, on stars, and on contours drawn twice
// (coincident edges, the same way and reversed), where pieces meet at the
// same x and the first way hands over to the second (tests also make it
// hand over at given slabs).

import HairlineTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import Hairline

@Suite struct SlabOrderTests {
    /// The pixels of `contours` filled white under `rule` into a `size`
    /// square, every cluster's slabs sorting all its pieces from slab
    /// `handOver` on (1: all of them; `Int.max`: the default).
    func render(_ contours: [[Point]], rule: FillRule, size: Int, handOver: Int) throws -> [UInt8] {
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
        renderer.rasterizer.resolverLimits.slabHandOver = handOver
        renderer.rasterizer.resolverLimits.subBandChainLimit = 0  // the slabs for every cluster
        let surface = try Surface(width: size, height: size)
        renderer.fill(
            polygonPath(contours), transform: .identity, tolerance: 0.01, rule: rule,
            color: Color.white.premultiplied, into: surface)
        #expect(renderer.rasterizer.approximatedRowCount == 0)
        return (0..<(size * size)).map { surface.pixel(x: $0 % size, y: $0 / size)!.alpha }
    }

    /// Renders with the default slabs and with every slab sorting all
    /// pieces, handing over after a few slabs; expects them within one
    /// level of each other and of the exact area.
    func expectSameBothWays(_ contours: [[Point]], rule: FillRule, size: Int, _ what: String) throws {
        let spanning = try render(contours, rule: rule, size: size, handOver: Int.max)
        let exact = ExactCoverage(contours: contours, rule: rule, width: size, height: size).coverage()
        let fromExact = compareCoverage(spanning.map { Double($0) / 255 }, exact, width: size)
        #expect(fromExact.maximum <= polygonTolerance, "\(what), \(rule), swept: \(fromExact)")
        for handOver in [1, 2, 4] {
            let sortingAll = try render(contours, rule: rule, size: size, handOver: handOver)
            let apart = zip(spanning, sortingAll).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(apart <= 1, "\(what), \(rule), hand-over at slab \(handOver): \(apart) levels apart")
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomSelfCrossingPolygonsResolveAlikeBothWays(rule: FillRule) throws {
        var random = SplitMix64(seed: 0x51AB)
        for trial in 0..<60 {
            let contourCount = Int.random(in: 1...3, using: &random)
            let contours = (0..<contourCount).map { _ in
                (0..<Int.random(in: 3...14, using: &random)).map { _ in
                    Point(x: random.double(in: -2...34), y: random.double(in: -2...34))
                }
            }
            try expectSameBothWays(contours, rule: rule, size: 32, "trial \(trial), seed \(random.seed)")
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func coincidentEdgesResolveAlikeBothWays(rule: FillRule) throws {
        var random = SplitMix64(seed: 0xC01D)
        for trial in 0..<40 {
            let contour = (0..<Int.random(in: 3...9, using: &random)).map { _ in
                // On a coarse grid, so edges of different contours often
                // coincide or meet at vertices.
                Point(
                    x: Double(Int.random(in: 0...8, using: &random)) * 3.5,
                    y: Double(Int.random(in: 0...8, using: &random)) * 3.5)
            }
            let crossing = (0..<5).map { _ in
                Point(x: random.double(in: 0...28), y: random.double(in: 0...28))
            }
            // The same contour twice, once reversed, with a crossing one.
            try expectSameBothWays([contour, contour], rule: rule, size: 30, "trial \(trial) twice")
            try expectSameBothWays(
                [contour, contour.reversed(), crossing], rule: rule, size: 30, "trial \(trial) reversed")
        }
    }

    /// The sweep keeps its order by events where crossings cut the slabs:
    /// it sorts again only where pieces start or end (other than a chain
    /// going on from one piece to the next) or events meet at one point.
    @Test func sweepAppliesCrossingsWithoutSorting() throws {
        for (points, step) in [(17, 8), (61, 30)] {
            let contour = starPolygon(points: points, step: step, center: Point(x: 12, y: 12), radius: 10.7)
            let renderer = Renderer()
            renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
            renderer.rasterizer.resolverLimits.subBandChainLimit = 0
            let surface = try Surface(width: 24, height: 24)
            renderer.fill(
                polygonPath([contour]), transform: .identity, tolerance: 0.01, rule: .nonZero,
                color: Color.white.premultiplied, into: surface)
            let swept = renderer.rasterizer.sweptSlabCount, resorted = renderer.rasterizer.resortedSlabCount
            print("star \(points)/\(step): \(swept) slabs, \(resorted) sorted again")
            #expect(swept > 0)
            #expect(resorted * 4 < swept, "{\(points)/\(step)}: \(resorted) of \(swept) slabs sorted again")
        }
    }

    @Test func starsResolveAlikeBothWays() throws {
        for (points, step) in [(5, 2), (7, 3), (17, 8), (61, 30)] {
            let contour = starPolygon(points: points, step: step, center: Point(x: 12, y: 12), radius: 10.7)
            for rule in [FillRule.nonZero, .evenOdd] {
                try expectSameBothWays([contour], rule: rule, size: 24, "{\(points)/\(step)}")
            }
        }
    }
}

extension SlabOrderTests {
    /// The sweep adds a piece once per run of slabs where its flip holds,
    /// the slab-by-slab way once per slab: they round to fixed point at
    /// different heights, so single pixels may differ by a level, but over
    /// many dense self-crossing polygons (20,480 pixels) they are as close
    /// to the exact area as each other: their total distances from it
    /// within one level, and the largest within the contract.
    @Test func runsStayAsCloseToTheExactArea() throws {
        var random = SplitMix64(seed: 0xD15C)
        var swept = 0.0, sorted = 0.0, sweptMax = 0.0, sortedMax = 0.0
        for _ in 0..<40 {
            let size = 16
            let contours = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                (0..<Int.random(in: 10...40, using: &random)).map { _ in
                    Point(x: random.double(in: 1...15), y: random.double(in: 1...15))
                }
            }
            for rule in [FillRule.nonZero, .evenOdd] {
                let exact = ExactCoverage(contours: contours, rule: rule, width: size, height: size).coverage()
                let a = try render(contours, rule: rule, size: size, handOver: Int.max)
                let b = try render(contours, rule: rule, size: size, handOver: 1)
                for i in exact.indices {
                    let ea = abs(Double(a[i]) / 255 - exact[i]), eb = abs(Double(b[i]) / 255 - exact[i])
                    swept += ea
                    sorted += eb
                    sweptMax = max(sweptMax, ea)
                    sortedMax = max(sortedMax, eb)
                }
            }
        }
        #expect(sweptMax <= polygonTolerance && sortedMax <= polygonTolerance, "\(sweptMax), \(sortedMax)")
        #expect(abs(swept - sorted) * 255 < 1, "runs: \(swept * 255) levels in all, slab by slab: \(sorted * 255)")
    }
}
