// The row resolver's work budget: paths that cross themselves a few
// thousand times stay exact; paths built to cross millions of times fall
// back to fixed slabs, stay bounded, and still give sane coverage.

import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
@testable import Hairline
import HairlineTestSupport

@Suite struct ResolverBudgetTests {
    func fill(_ contour: [Point], rule: FillRule, renderer: Renderer, size: Int) throws -> [Double] {
        let surface = try Surface(width: size, height: size)
        renderer.fill(
            polygonPath([contour]), transform: .identity, tolerance: 0.008, rule: rule,
            color: Color.white.premultiplied, into: surface)
        return (0..<(size * size)).map { Double(surface.pixel(x: $0 % size, y: $0 / size)!.alpha) / 255 }
    }

    @Test func starsWithHundredsOfCrossingsPerRowStayExact() throws {
        // {61/30}: every row crosses dozens of edges, which cross each other
        // hundreds of times in the row.
        let contour = starPolygon(points: 61, step: 30, center: Point(x: 12, y: 12), radius: 10.7)
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
        for rule in [FillRule.nonZero, .evenOdd] {
            let engine = try fill(contour, rule: rule, renderer: renderer, size: 24)
            #expect(renderer.rasterizer.resolvedRowCount > 0)
            #expect(renderer.rasterizer.approximatedRowCount == 0)
            let exact = ExactCoverage(contours: [contour], rule: rule, width: 24, height: 24).coverage()
            let diff = compareCoverage(engine, exact, width: 24)
            #expect(diff.maximum <= polygonTolerance, "\(rule): \(diff)")
        }
    }

    @Test func wideStrokesAlongTightLoopsStayExact() throws {
        // The cusp test's loop at width 6 with a 1e-4 px tolerance: rows of
        // ~500 pieces with ~8,000 crossing heights each.
        var loop = Path()
        loop.move(to: Point(x: 2, y: 16))
        loop.addCurve(to: Point(x: 18, y: 16), control1: Point(x: 18, y: 2), control2: Point(x: 2, y: 2))
        let canvas = Canvas(surface: try Surface(width: 20, height: 20))
        canvas.flatteningTolerance = 1e-4
        canvas.stroke(loop, with: .black, style: StrokeStyle(width: 6))
        #expect(canvas.renderer.rasterizer.resolvedRowCount > 0)
        #expect(canvas.renderer.rasterizer.approximatedRowCount == 0)
    }

    @Test func polygonsWithMillionsOfCrossingsFallBack() throws {
        // 600 random vertices in 24 px: ~200 pieces and ~1,000 crossings in
        // every row, past a budget lowered to keep the debug build quick
        // (2,000 vertices pass the default budget; see the README's
        // limits). The fixed slabs keep the coverage in [0, 1] and even-odd
        // inside non-zero.
        var random = SplitMix64(seed: 7)
        let contour = (0..<600).map { _ in Point(x: random.double(in: 0...24), y: random.double(in: 0...24)) }
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits = ResolverLimits(
            rowAllowance: 1 << 12, pieceAllowance: 0, rowCap: 1 << 14,
            drawBudget: 1 << 16, wholeDrawEdgeLimit: 0)
        let nonZero = try fill(contour, rule: .nonZero, renderer: renderer, size: 24)
        #expect(renderer.rasterizer.approximatedRowCount > 16)
        let evenOdd = try fill(contour, rule: .evenOdd, renderer: renderer, size: 24)
        #expect(renderer.rasterizer.approximatedRowCount > 16)
        #expect(zip(nonZero, evenOdd).allSatisfy { $0.1 <= $0.0 + 1.0 / 255 })
        // Hundreds of edges cross the inner pixels: mostly inside.
        #expect(nonZero.reduce(0, +) / Double(nonZero.count) > 0.5)
        #expect(evenOdd.reduce(0, +) > 0)
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func fallbackStaysCloseToTheExactArea(rule: FillRule) throws {
        // The same fallback forced on {61/30} with no budget: every
        // crossing row in fixed slabs of 1/64 px, against the oracle.
        let contour = starPolygon(points: 61, step: 30, center: Point(x: 12, y: 12), radius: 10.7)
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits = ResolverLimits(
            rowAllowance: 0, pieceAllowance: 0, rowCap: 0, drawBudget: 0, wholeDrawEdgeLimit: 0)
        let engine = try fill(contour, rule: rule, renderer: renderer, size: 24)
        #expect(renderer.rasterizer.approximatedRowCount > 15)
        let exact = ExactCoverage(contours: [contour], rule: rule, width: 24, height: 24).coverage()
        let diff = compareCoverage(engine, exact, width: 24)
        #expect(diff.maximum <= 0.06, "\(rule): \(diff)")
        let mean = zip(engine, exact).map { abs($0 - $1) }.reduce(0, +) / Double(engine.count)
        #expect(mean <= 0.01, "\(rule): mean \(mean * 255)/255")
    }

    @Test func drawPoolRunsOutAcrossRows() throws {
        // A pool smaller than the star needs: the first crossing rows are
        // exact, later ones approximate.
        let contour = starPolygon(points: 61, step: 30, center: Point(x: 12, y: 12), radius: 10.7)
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits = ResolverLimits(
            rowAllowance: 0, pieceAllowance: 0, rowCap: 1 << 20, drawBudget: 20_000,
            wholeDrawEdgeLimit: 0)
        _ = try fill(contour, rule: .nonZero, renderer: renderer, size: 24)
        let approximated = renderer.rasterizer.approximatedRowCount
        #expect(approximated > 0 && approximated < renderer.rasterizer.resolvedRowCount)
    }

    @Test func slabCountShrinksOnlyForHugeRows() {
        #expect(RasterCore.fixedSlabCount(pieceCount: 1) == 64)
        #expect(RasterCore.fixedSlabCount(pieceCount: 2_000) == 64)
        #expect(RasterCore.fixedSlabCount(pieceCount: 40_000) == 4)
        #expect(RasterCore.fixedSlabCount(pieceCount: 1 << 40) == 4)
    }
}
