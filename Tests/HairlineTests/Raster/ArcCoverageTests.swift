// Exact arcs (ArcEdge.swift): circles, ellipses under any affine transform,
// rounded rects and rings filled with exact arc edges, against the exact
// oracle on a very dense sampling of the true curve (errors ~1e-7 px²).
// The contract is the polygons' one: every pixel within 1/255.

import Testing
#if canImport(Glibc)
    import Glibc
#endif
import HairlineTestSupport
@_spi(Profiling) @testable import Hairline

@Suite struct ArcCoverageTests {
    static let exactTolerance = 1.0 / 255

    /// The engine's coverage of `path` against the oracle's.
    static func difference(
        _ path: Path, width: Int, height: Int, transform: AffineTransform = .identity,
        rule: FillRule = .nonZero, samples: Int = 2500
    ) throws -> (CoverageDifference, arcs: Int) {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.concatenate(transform)
        canvas.fill(path, with: .black, rule: rule)
        let engine = (0..<(width * height)).map { Double(surface.pixel(x: $0 % width, y: $0 / width)!.alpha) / 255 }
        let exact = ExactCoverage(
            contours: CurveCoverageTests.denseContours(path, transform: transform, samples: samples),
            rule: rule, width: width, height: height
        ).coverage()
        // Exact curves: arc edges, or shapes covered in closed form.
        let statistics = canvas.renderer.rasterizer.statistics
        return (compareCoverage(engine, exact, width: width), statistics.arcs + statistics.closedFormShapes)
    }

    @Test func circlesAreExact() throws {
        var rng = SplitMix64(seed: 71)
        for _ in 0..<30 {
            let r = rng.double(in: 0.2...9)
            let center = Point(x: rng.double(in: -2...22), y: rng.double(in: -2...22))
            var path = Path()
            path.addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
            let (diff, arcs) = try Self.difference(path, width: 20, height: 20)
            #expect(diff.maximum <= Self.exactTolerance, "circle r \(r) at \(center): \(diff)")
            #expect(arcs > 0 || diff.maximum == 0)
        }
    }

    /// A piece that starts above the clip left of its right side but,
    /// within the clip's rows, lies wholly right of it is dropped (it
    /// once reached cells past the row's storage), and large circles
    /// straddling the right side stay exact.
    @Test func piecesRightOfTheClipWithinItsRowsAreDropped() throws {
        var path = Path()
        // Centre (40, −30), r 35: the lower-left quarter starts at (5, −30)
        // and crosses y = 0 at x ≈ 22, right of a 20-pixel-wide clip.
        path.addEllipse(in: Rect(x: 5, y: -65, width: 70, height: 70))
        // The same commands without the shape, so that arc edges (not the
        // closed form, RoundedRectRows.swift) cover it.
        var edges = Path()
        edges.addPath(path)
        let (diff, arcs) = try Self.difference(edges, width: 20, height: 20)
        #expect(arcs == 0)
        #expect(diff.maximum <= Self.exactTolerance, "\(diff)")
        var rng = SplitMix64(seed: 75)
        for i in 0..<30 {
            let r = rng.double(in: 10...60)
            let center = Point(x: rng.double(in: 15...90), y: rng.double(in: -60...80))
            var circle = Path()
            circle.addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
            var circleEdges = Path()
            circleEdges.addPath(circle)
            for (kind, shape) in [("closed form", circle), ("arc edges", circleEdges)] {
                let (diff, _) = try Self.difference(shape, width: 20, height: 20)
                #expect(diff.maximum <= Self.exactTolerance, "\(kind): circle \(i) r \(r) at \(center): \(diff)")
            }
        }
    }

    @Test func transformedEllipsesAreExact() throws {
        var rng = SplitMix64(seed: 72)
        for i in 0..<30 {
            let rect = Rect(
                x: rng.double(in: -4...8), y: rng.double(in: -4...8),
                width: rng.double(in: 0.5...14), height: rng.double(in: 0.5...14))
            var path = Path()
            path.addEllipse(in: rect)
            let t = AffineTransform(
                a: rng.double(in: 0.3...1.6), b: rng.double(in: -0.8...0.8),
                c: rng.double(in: -0.8...0.8), d: rng.double(in: 0.3...1.6),
                tx: rng.double(in: -2...6), ty: rng.double(in: -2...6))
            let (diff, _) = try Self.difference(path, width: 24, height: 24, transform: t)
            #expect(diff.maximum <= Self.exactTolerance, "ellipse \(i) \(rect) under \(t): \(diff)")
        }
    }

    @Test func roundedRectsAreExact() throws {
        var rng = SplitMix64(seed: 73)
        for i in 0..<30 {
            let rect = Rect(
                x: rng.double(in: -3...6), y: rng.double(in: -3...6),
                width: rng.double(in: 1...26), height: rng.double(in: 1...20))
            let radii = CornerRadii(
                topLeft: Size(width: rng.double(in: 0...9), height: rng.double(in: 0...9)),
                topRight: Size(width: rng.double(in: 0...9), height: rng.double(in: 0...9)),
                bottomRight: Size(width: rng.double(in: 0...9), height: rng.double(in: 0...9)),
                bottomLeft: Size(width: rng.double(in: 0...9), height: rng.double(in: 0...9)))
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadii: radii)
            let scale = [1.0, 2, 3, 1.5][i % 4]
            let (diff, _) = try Self.difference(
                path, width: 28, height: 24,
                transform: AffineTransform(scaleX: scale, y: scale), samples: 500)
            #expect(diff.maximum <= Self.exactTolerance, "rounded rect \(i) \(rect) \(radii) at \(scale)x: \(diff)")
        }
    }

    /// Circles and ellipses that overlap inside one path (two or three
    /// contours crossing each other, either direction, under a random
    /// affine map), filled non-zero and even-odd: where windings overlap
    /// or contours cross, every pixel stays within 1/255 of the exact area.
    @Test func crossingCirclesAndEllipsesAreExact() throws {
        var rng = SplitMix64(seed: 74)
        for i in 0..<40 {
            var path = Path()
            for _ in 0..<(2 + i % 2) {
                let r = rng.double(in: 1.5...8), squash = i % 4 < 2 ? 1 : rng.double(in: 0.4...1)
                let center = Point(x: rng.double(in: 6...16), y: rng.double(in: 6...16))
                var contour = Path()
                contour.addEllipse(
                    in: Rect(x: center.x - r, y: center.y - r * squash, width: 2 * r, height: 2 * r * squash))
                // Mirrored about its own centre: the same ellipse, run the
                // other way round.
                let mirror = AffineTransform(a: -1, b: 0, c: 0, d: 1, tx: 2 * center.x, ty: 0)
                path.addPath(rng.double(in: 0...1) < 0.5 ? contour : contour.applying(mirror))
            }
            let t =
                i % 3 == 0
                ? AffineTransform.identity
                : AffineTransform(
                    a: rng.double(in: 0.7...1.3), b: rng.double(in: -0.5...0.5),
                    c: rng.double(in: -0.5...0.5), d: rng.double(in: 0.7...1.3),
                    tx: rng.double(in: -1...1), ty: rng.double(in: -1...1))
            let rule: FillRule = i % 2 == 0 ? .nonZero : .evenOdd
            let (diff, _) = try Self.difference(path, width: 24, height: 24, transform: t, rule: rule, samples: 1500)
            #expect(diff.maximum <= Self.exactTolerance, "crossing shapes \(i) (\(rule)) under \(t): \(diff)")
        }
    }
}

@Suite struct SegmentAreaTests {
    /// The unit circle's segment under an angle `delta` (0 < delta ≤ π/2),
    /// by composite Simpson integration of its height above the chord.
    static func integrated(_ delta: Double) -> Double {
        let half = sin(delta / 2), base = cos(delta / 2)
        let n = 20_000
        let h = 2 * half / Double(n)
        var sum = 0.0
        for i in 0...n {
            let x = -half + Double(i) * h
            let height = max(0, (1 - x * x).squareRoot() - base)
            sum += height * (i == 0 || i == n ? 1 : (i % 2 == 1 ? 4 : 2))
        }
        return sum * h / 3
    }

    @Test func seriesAndClosedFormMatchNumericIntegration() {
        var rng = SplitMix64(seed: 74)
        var deltas = [1e-4, 0.01, 0.1, asin(0.25) * 0.999, asin(0.25) * 1.001, 0.5, 1, Double.pi / 2]
        for _ in 0..<40 { deltas.append(rng.double(in: 0.001...(Double.pi / 2))) }
        for delta in deltas {
            let value = ArcEdge.unitSegmentArea(sine: sin(delta), cosine: cos(delta))
            let reference = Self.integrated(delta)
            // Relative 5e-5 (the series' bound) plus the integration's own error.
            #expect(abs(value - reference) <= 5e-5 * reference + 1e-12, "Δθ \(delta): \(value) vs \(reference)")
        }
    }
}
