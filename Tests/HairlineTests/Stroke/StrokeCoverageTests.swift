// Stroke coverage against an independent reference: the union of the
// stroke's pieces built separately here (segment rectangles, joins with the
// miter point found by intersecting the offset lines, caps, round parts
// sampled densely) and measured by the exact oracle with the non-zero rule.
// Within 3/255 (round parts are flattened curves).

import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import Hairline
import HairlineTestSupport

@Suite struct StrokeCoverageTests {
    /// Dense polygon of a pie slice around `c` from angle a0 sweeping s.
    static func pie(_ c: Point, _ r: Double, _ a0: Double, _ s: Double) -> [Point] {
        let n = max(2, Int(abs(s) * 64))
        return [c]
            + (0...n).map { i in
                let a = a0 + s * Double(i) / Double(n)
                return Point(x: c.x + r * cos(a), y: c.y + r * sin(a))
            }
    }

    static func oriented(_ p: [Point]) -> [Point] {
        var area = 0.0
        for i in p.indices { area += p[i].cross(p[(i + 1) % p.count]) }
        return area < 0 ? p.reversed() : p
    }

    /// The stroke of an open or closed polyline as pieces (user space).
    /// With `interior`, vertices at those indices are inside a curve and
    /// join roundly whatever the style (the true curve's offset).
    static func referencePieces(
        _ pts: [Point], closed: Bool, style: StrokeStyle,
        interior: Set<Int> = []
    ) -> [[Point]] {
        let h = style.width / 2
        var pieces: [[Point]] = []
        let n = pts.count
        let segs = closed ? n : n - 1
        func dir(_ i: Int) -> Point {
            let d = pts[(i + 1) % n] - pts[i]
            return d * (1 / d.length)
        }
        func perp(_ d: Point) -> Point { Point(x: -d.y * h, y: d.x * h) }
        for i in 0..<segs {
            let a = pts[i], b = pts[(i + 1) % n], m = perp(dir(i))
            pieces.append([a + m, b + m, b - m, a - m])
        }
        let joints = closed ? Array(0..<n) : Array(1..<(n - 1))
        for j in joints {
            let d0 = dir((j - 1 + n) % n), d1 = dir(j), v = pts[j]
            let turn = d0.cross(d1)
            if abs(turn) < 1e-12 && d0.dot(d1) > 0 { continue }
            // Outer offsets: on the side away from the turn.
            let s: Double = turn > 0 ? -1 : 1
            let o0 = v + perp(d0) * s, o1 = v + perp(d1) * s
            switch interior.contains(j) ? .round : style.lineJoin {
            case .bevel:
                pieces.append([v, o0, o1])
            case .round:
                let a0 = atan2(o0.y - v.y, o0.x - v.x)
                var sweep = atan2(o1.y - v.y, o1.x - v.x) - a0
                if sweep > Double.pi { sweep -= 2 * Double.pi }
                if sweep < -Double.pi { sweep += 2 * Double.pi }
                pieces.append(pie(v, h, a0, sweep))
            case .miter:
                let interior = acos(max(-1, min(1, -d0.dot(d1))))
                if 1 / sin(interior / 2) <= style.miterLimit {
                    // Intersect the outer offset lines o0 + t·d0 and o1 − u·d1.
                    let t = (o1 - o0).cross(d1) / d0.cross(d1)
                    pieces.append([v, o0, o0 + d0 * t, o1])
                } else {
                    pieces.append([v, o0, o1])
                }
            }
        }
        if !closed {
            for (p, d) in [(pts[n - 1], dir(n - 2)), (pts[0], dir(0) * -1)] {
                let m = perp(d)
                switch style.lineCap {
                case .butt: break
                case .square: pieces.append([p + m, p + m + d * h, p - m + d * h, p - m])
                case .round:
                    pieces.append(pie(p, h, atan2(m.y, m.x), m.rotatedQuarter.dot(d) > 0 ? Double.pi : -Double.pi))
                }
            }
        }
        return pieces.map(oriented)
    }

    func check(
        _ pts: [Point], closed: Bool, style: StrokeStyle, width: Int, height: Int,
        transform: AffineTransform = .identity, _ label: String
    ) throws {
        var path = Path()
        path.move(to: pts[0])
        for p in pts.dropFirst() { path.addLine(to: p) }
        if closed { path.closeSubpath() }
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface)
        canvas.concatenate(transform)
        canvas.stroke(path, with: .black, style: style)
        let engine = (0..<(width * height)).map { Double(surface.pixel(x: $0 % width, y: $0 / width)!.alpha) / 255 }
        let pieces = Self.referencePieces(pts, closed: closed, style: style).map { $0.map { $0.applying(transform) } }
        let exact = ExactCoverage(contours: pieces, rule: .nonZero, width: width, height: height).coverage()
        let diff = compareCoverage(engine, exact, width: width)
        #expect(diff.maximum <= curveTolerance, "\(label): \(diff)")
    }

    @Test(arguments: [LineJoin.miter, .round, .bevel], [LineCap.butt, .round, .square])
    func randomPolylinesWithEveryJoinAndCap(join: LineJoin, cap: LineCap) throws {
        var rng = SplitMix64(seed: 300)
        for _ in 0..<12 {
            let pts = (0..<rng.int(in: 2...6)).map { _ in
                Point(x: rng.double(in: 2...18), y: rng.double(in: 2...18))
            }
            let style = StrokeStyle(
                width: rng.double(in: 0.2...4), lineJoin: join, lineCap: cap,
                miterLimit: rng.double(in: 1...12))
            let closed = rng.int(in: 0...2) == 0 && pts.count > 2
            try check(
                pts, closed: closed, style: style, width: 20, height: 20,
                "\(join) \(cap) w \(style.width) closed \(closed), seed 300")
        }
    }

    /// Closed convex polygons: their outline is two convex loops, one
    /// inside the other, which skip the per-row check (Convexity.swift);
    /// wide strokes whose inner offsets collapse must not.
    @Test(arguments: [LineJoin.miter, .round, .bevel])
    func closedConvexPolygonsAtEveryWidth(join: LineJoin) throws {
        var rng = SplitMix64(seed: 302)
        var proven = 0
        for i in 0..<16 {
            let c = Point(x: rng.double(in: 8...12), y: rng.double(in: 8...12))
            let rx = rng.double(in: 3...7), ry = rng.double(in: 3...7)
            let n = rng.int(in: 3...9)
            // Even cases: spread vertices and thin strokes (the proof
            // applies); odd ones: clustered vertices and wide strokes whose
            // inner offsets collapse (it must not).
            let angles =
                i % 2 == 0
                ? (0..<n).map { Double($0) * 2 * Double.pi / Double(n) + rng.double(in: 0...0.3) }
                : (0..<n).map { _ in rng.double(in: 0...(2 * Double.pi)) }.sorted()
            var pts = angles.map { Point(x: c.x + rx * cos($0), y: c.y + ry * sin($0)) }
            if rng.int(in: 0...1) == 0 { pts.reverse() }
            let width = i % 2 == 0 ? rng.double(in: 0.1...1.5) : rng.double(in: 1...7)
            let style = StrokeStyle(width: width, lineJoin: join, miterLimit: rng.double(in: 1...12))
            try check(pts, closed: true, style: style, width: 20, height: 20, "\(join) w \(style.width), seed 302")
            let renderer = Renderer()
            var path = Path()
            path.move(to: pts[0])
            for p in pts.dropFirst() { path.addLine(to: p) }
            path.closeSubpath()
            _ = renderer.buildStrokeEdges(
                path, style: style, transform: .identity, tolerance: 0.008,
                clip: PixelRect(minX: 0, minY: 0, maxX: 20, maxY: 20))
            if renderer.rasterizer.builder.isKnownSimple { proven += 1 }
        }
        #expect(proven >= 6, "only \(proven) of 16 rings took the proven path")
    }

    @Test(arguments: [LineJoin.miter, .round, .bevel])
    func transformedStrokesScaleTheirWidthNonUniformly(join: LineJoin) throws {
        var rng = SplitMix64(seed: 301)
        for _ in 0..<8 {
            let pts = (0..<4).map { _ in Point(x: rng.double(in: 1...9), y: rng.double(in: 1...9)) }
            let t = AffineTransform(a: 1.8, b: 0.3, c: -0.4, d: 1.1, tx: 1, ty: 2)
            try check(
                pts, closed: rng.int(in: 0...1) == 0, style: StrokeStyle(width: 1.5, lineJoin: join, lineCap: .round),
                width: 24, height: 24, transform: t, "\(join) under skew, seed 301")
        }
    }

    @Test(arguments: [LineJoin.miter, .round, .bevel], [LineCap.butt, .round, .square])
    func curvesIncludingCuspsStayWithinToleranceOfTheTrueOffset(join: LineJoin, cap: LineCap) throws {
        // The reference samples each curve densely and joins the samples
        // roundly: the true curve's offset within ~1e-4 px.
        // (Loops and cusps make the reference's pieces cross quadratically
        // often; `cuspsHaveNoGapsOrSpikes` covers them.)
        let curves: [(Point, Point, Point, Point)] = [
            (Point(x: 3, y: 3), Point(x: 17, y: 3), Point(x: 17, y: 17), Point(x: 3, y: 17)),
            (Point(x: 2, y: 10), Point(x: 10, y: -2), Point(x: 10, y: 22), Point(x: 18, y: 10)),  // inflection
        ]
        for (index, (p0, p1, p2, p3)) in curves.enumerated() {
            var path = Path()
            path.move(to: p0)
            path.addCurve(to: p3, control1: p1, control2: p2)
            path.addLine(to: Point(x: 10, y: 18.5))
            let style = StrokeStyle(width: 2.5, lineJoin: join, lineCap: cap)
            let surface = try Surface(width: 20, height: 20)
            Canvas(surface: surface).stroke(path, with: .black, style: style)
            let engine = (0..<400).map { Double(surface.pixel(x: $0 % 20, y: $0 / 20)!.alpha) / 255 }
            let samples = 120
            let curve = (0...samples).map { i -> Point in
                let t = Double(i) / Double(samples), u = 1 - t
                return p0 * (u * u * u) + p1 * (3 * u * u * t) + p2 * (3 * u * t * t) + p3 * (t * t * t)
            }
            // Joins and caps at the curve's ends follow its true tangents: a
            // step of 1e-6 along each, joined roundly to the samples.
            let t0 = (p1 - p0) * (1 / (p1 - p0).length), t3 = (p3 - p2) * (1 / (p3 - p2).length)
            let pts = [p0, p0 + t0 * 1e-6] + curve.dropFirst() + [p3 + t3 * 1e-6, Point(x: 10, y: 18.5)]
            let pieces = Self.referencePieces(pts, closed: false, style: style, interior: Set(1...(samples + 1)))
            let exact = ExactCoverage(contours: pieces, rule: .nonZero, width: 20, height: 20).coverage()
            let diff = compareCoverage(engine, exact, width: 20)
            #expect(diff.maximum <= curveTolerance, "curve \(index), \(join) \(cap): \(diff)")
        }
    }

    @Test(arguments: [LineJoin.miter, .round, .bevel])
    func cuspsHaveNoGapsOrSpikes(join: LineJoin) throws {
        // A cubic with a cusp and a tight loop: the default tolerance must
        // agree with a 80x finer flattening (a spike or gap from a chord
        // direction would not), and the cusp itself is covered.
        var path = Path()
        path.move(to: Point(x: 2, y: 16))
        path.addCurve(to: Point(x: 18, y: 16), control1: Point(x: 18, y: 2), control2: Point(x: 2, y: 2))
        var cusp = Path()
        cusp.move(to: Point(x: 3, y: 4))
        cusp.addCurve(to: Point(x: 17, y: 4), control1: Point(x: 17, y: 16), control2: Point(x: 3, y: 16))
        for shape in [path, cusp] {
            for width in [0.6, 2.5, 6.0] {
                let style = StrokeStyle(width: width, lineJoin: join, lineCap: .butt)
                let coarse = try Surface(width: 20, height: 20), fine = try Surface(width: 20, height: 20)
                Canvas(surface: coarse).stroke(shape, with: .black, style: style)
                let canvas = Canvas(surface: fine)
                canvas.flatteningTolerance = 1e-4
                canvas.stroke(shape, with: .black, style: style)
                let a = coarse.bytes, b = fine.bytes
                let worst = zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
                // A spike or gap would differ by tens of levels; a loop's boundary can be
                // long inside one pixel, so the flattening bound is a few levels looser.
                #expect(worst <= 6, "\(join), width \(width): \(worst)/255")
            }
        }
        // The cusp of the second curve is at (10, 13): a wide stroke covers it.
        let surface = try Surface(width: 20, height: 20)
        Canvas(surface: surface).stroke(cusp, with: .black, style: StrokeStyle(width: 4, lineJoin: join))
        #expect(surface.pixel(x: 10, y: 12)!.alpha == 255)
    }

    @Test func coincidentPointsChangeNothing() throws {
        let pts = [
            Point(x: 2, y: 3), Point(x: 9, y: 4), Point(x: 9, y: 4), Point(x: 9, y: 4), Point(x: 5, y: 12),
            Point(x: 5, y: 12),
        ]
        for style in [
            StrokeStyle(width: 2, lineJoin: .round, lineCap: .round), StrokeStyle(width: 3, lineCap: .square),
        ] {
            var with = Path(), without = Path()
            with.move(to: pts[0]); without.move(to: pts[0])
            for p in pts.dropFirst() { with.addLine(to: p) }
            for p in [pts[1], pts[4]] { without.addLine(to: p) }
            let a = try Surface(width: 16, height: 16), b = try Surface(width: 16, height: 16)
            Canvas(surface: a).stroke(with, with: .black, style: style)
            Canvas(surface: b).stroke(without, with: .black, style: style)
            #expect(a.bytes == b.bytes)
        }
    }

    @Test func strokedCircleIsTheExactAnnulus() throws {
        for (radius, width) in [(6.3, 1.0), (4.2, 3.0), (7.7, 0.25)] {
            var path = Path()
            path.addEllipse(in: Rect(x: 9 - radius, y: 9 - radius, width: 2 * radius, height: 2 * radius))
            let surface = try Surface(width: 18, height: 18)
            let canvas = Canvas(surface: surface)
            canvas.concatenate(AffineTransform(scaleX: 1, y: 1))
            canvas.stroke(path, with: .black, style: StrokeStyle(width: width))
            let engine = (0..<324).map { Double(surface.pixel(x: $0 % 18, y: $0 / 18)!.alpha) / 255 }
            let outer = Self.pie(Point(x: 9, y: 9), radius + width / 2, 0, 2 * Double.pi).dropFirst()
            let inner = Self.pie(Point(x: 9, y: 9), radius - width / 2, 0, -2 * Double.pi).dropFirst()
            let exact = ExactCoverage(contours: [Array(outer), Array(inner)], rule: .nonZero, width: 18, height: 18)
                .coverage()
            let diff = compareCoverage(engine, exact, width: 18)
            #expect(diff.maximum <= curveTolerance, "ring r \(radius) w \(width): \(diff)")
        }
    }

    @Test func zeroLengthSubpathsDrawDotsOnlyWithRoundAndSquareCaps() throws {
        var path = Path()
        path.move(to: Point(x: 5, y: 5))
        path.addLine(to: Point(x: 5, y: 5))
        for (cap, expectedCentre, expectedArea) in [
            (LineCap.butt, 0.0, 0.0), (.round, 1.0, Double.pi * 4), (.square, 1.0, 16.0),
        ] {
            let surface = try Surface(width: 10, height: 10)
            Canvas(surface: surface).stroke(path, with: .black, style: StrokeStyle(width: 4, lineCap: cap))
            let total = (0..<100).reduce(0.0) { $0 + Double(surface.pixel(x: $1 % 10, y: $1 / 10)!.alpha) / 255 }
            #expect(Double(surface.pixel(x: 4, y: 4)!.alpha) / 255 == expectedCentre, "\(cap)")
            #expect(abs(total - expectedArea) < 0.1, "\(cap): area \(total)")
        }
    }

    @Test func degenerateStylesDrawNothing() throws {
        var path = Path()
        path.move(to: Point(x: 1, y: 1))
        path.addLine(to: Point(x: 8, y: 8))
        for width in [-1.0, .nan, .infinity] {
            let surface = try Surface(width: 10, height: 10)
            Canvas(surface: surface).stroke(path, with: .black, style: StrokeStyle(width: width))
            #expect(surface.bytes.allSatisfy { $0 == 0 }, "width \(width)")
        }
    }
}
