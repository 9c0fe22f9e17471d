// The row check's two walks over rows where chains' x extents overlap
// (RowResolver.swift, `overlappingChainsStayIndicator`): once per interval
// between piece ends, and, where every pair of chains provably keeps its
// order, once per interval between chain starts and ends. They must make
// the same decision on every row (the same rows resolved) and so give the
// same bytes: on random curved blobs, their strokes, thin slanted shapes,
// polygons touching at vertices and contours drawn twice.

import HairlineTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import Hairline

@Suite struct RowCheckOrderTests {
    /// The coverage of drawing `path` (filled under `rule`, or stroked
    /// with `stroke`) into a `size` square, and the rows resolved, with
    /// the walk between chain ends on or off.
    func render(
        _ path: Path, rule: FillRule, stroke: StrokeStyle?, size: Int, betweenChainEnds: Bool
    ) throws -> (pixels: [UInt8], resolved: Int) {
        let renderer = Renderer()
        renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0  // the row resolver
        renderer.rasterizer.resolverLimits.walksBetweenChainEnds = betweenChainEnds
        let surface = try drawWhite(path, rule: rule, stroke: stroke, fillTolerance: 0.05, size: size, with: renderer)
        let pixels = (0..<(size * size)).map { surface.pixel(x: $0 % size, y: $0 / size)!.alpha }
        return (pixels, renderer.rasterizer.resolvedRowCount)
    }

    func expectAlike(
        _ path: Path, rule: FillRule = .nonZero, stroke: StrokeStyle? = nil, size: Int, _ what: String
    ) throws {
        let fast = try render(path, rule: rule, stroke: stroke, size: size, betweenChainEnds: true)
        let full = try render(path, rule: rule, stroke: stroke, size: size, betweenChainEnds: false)
        #expect(fast.resolved == full.resolved, "\(what): rows resolved")
        #expect(fast.pixels == full.pixels, "\(what): pixels")
    }

    /// A closed blob of `count` cubic curves around (cx, cy).
    func blob(_ random: inout SplitMix64, cx: Double, cy: Double, radius: Double, count: Int) -> Path {
        var path = Path()
        let points = (0..<count).map { k -> Point in
            let angle = Double(k) / Double(count) * 2 * Double.pi + random.double(in: -0.2...0.2)
            let r = radius * random.double(in: 0.4...1.2)
            return Point(x: cx + r * cos(angle), y: cy + r * sin(angle))
        }
        path.move(to: points[0])
        for k in 0..<count {
            let a = points[k], b = points[(k + 1) % count]
            let bend = Point(x: random.double(in: -radius...radius) * 0.5, y: random.double(in: -radius...radius) * 0.5)
            path.addCurve(
                to: b, control1: Point(x: a.x + bend.x, y: a.y + bend.y),
                control2: Point(x: b.x - bend.y, y: b.y + bend.x))
        }
        path.closeSubpath()
        return path
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func blobsDecideAlike(rule: FillRule) throws {
        var random = SplitMix64(seed: 0xB10B)
        for trial in 0..<80 {
            let size = [12, 24, 48][trial % 3]
            var path = Path()
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                path.addPath(
                    blob(
                        &random, cx: random.double(in: 0...Double(size)), cy: random.double(in: 0...Double(size)),
                        radius: random.double(in: 2...Double(size) * 0.6), count: Int.random(in: 3...9, using: &random))
                )
            }
            try expectAlike(path, rule: rule, size: size, "blob trial \(trial)")
        }
    }

    @Test func strokesDecideAlike() throws {
        var random = SplitMix64(seed: 0x57E0)
        let joins: [LineJoin] = [.miter, .round, .bevel]
        let caps: [LineCap] = [.butt, .round, .square]
        for trial in 0..<80 {
            let size = [16, 32, 64][trial % 3]
            var path = Path()
            path.move(to: Point(x: random.double(in: 0...Double(size)), y: random.double(in: 0...Double(size))))
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let to = Point(x: random.double(in: 0...Double(size)), y: random.double(in: 0...Double(size)))
                if random.int(in: 0...1) == 0 {
                    path.addLine(to: to)
                } else {
                    path.addQuadCurve(
                        to: to,
                        control: Point(x: random.double(in: 0...Double(size)), y: random.double(in: 0...Double(size))))
                }
            }
            if random.int(in: 0...3) == 0 { path.closeSubpath() }
            let style = StrokeStyle(
                width: random.double(in: 0.3...6), lineJoin: joins[trial % 3], lineCap: caps[(trial / 3) % 3])
            try expectAlike(path, stroke: style, size: size, "stroke trial \(trial)")
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func thinSlantedShapesAndSharedVerticesDecideAlike(rule: FillRule) throws {
        var random = SplitMix64(seed: 0x7411)
        for trial in 0..<80 {
            let size = 32
            // A thin slanted band (chains a fraction of a pixel apart,
            // their x extents overlapping in every row), then a polygon
            // that meets it at a shared vertex, then part of it twice.
            let x0 = random.double(in: 0...8), x1 = random.double(in: 20...40)
            let w = random.double(in: 0.05...1.5)
            var contours: [[Point]] = [
                [Point(x: x0, y: 0), Point(x: x1, y: 32), Point(x: x1 + w, y: 32), Point(x: x0 + w, y: 0)]
            ]
            let shared = Point(x: (x0 + x1) / 2, y: 16)
            contours.append([
                shared, Point(x: random.double(in: 0...32), y: random.double(in: 0...32)),
                Point(x: random.double(in: 0...32), y: random.double(in: 0...32)),
            ])
            if trial % 4 == 0 { contours.append(contours[0]) }
            if trial % 4 == 1 { contours.append(contours[1].reversed()) }
            try expectAlike(polygonPath(contours), rule: rule, size: size, "band trial \(trial)")
        }
    }

    @Test func theFastWalkIsTakenAndMatchesTheExactArea() throws {
        // Two thin parallel slanted bands 0.5 px apart: every row has four
        // chains with overlapping x extents and several pieces each
        // (row-crossing vertices every third of a row), none touching.
        var contours: [[Point]] = []
        for k in 0..<2 {
            let dx = Double(k) * 1.5
            var left: [Point] = [], right: [Point] = []
            for i in 0...30 {
                let y = Double(i) / 3 * 2, x = 2 + dx + Double(i) * 0.9
                left.append(Point(x: x, y: y))
                right.append(Point(x: x + 1, y: y))
            }
            contours.append(left + right.reversed())
        }
        let path = polygonPath(contours)
        let fast = try render(path, rule: .nonZero, stroke: nil, size: 32, betweenChainEnds: true)
        let full = try render(path, rule: .nonZero, stroke: nil, size: 32, betweenChainEnds: false)
        #expect(fast.pixels == full.pixels)
        #expect(fast.resolved == 0 && full.resolved == 0, "disjoint bands need no resolver")
        // Row 10 (y 10...11) crosses both bands near x 15.5...18.9: the
        // summed coverage is their area in the row, one pixel per band.
        let sum = (0..<32).reduce(0) { $0 + Int(fast.pixels[10 * 32 + $1]) }
        #expect(abs(sum - 2 * 255) <= 8, "row 10 coverage sum \(sum)")
    }
}
