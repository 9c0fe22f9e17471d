// Arc flattening against the true curve: the polygon straddles the arc
// (vertices outside, chords dipping inside), stays within the tolerance on
// both sides, keeps the exact end points, and needs about √2 fewer
// segments than inscribed chords would.

import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import Hairline
import HairlineTestSupport

/// Records the flattener's points per contour.
private struct PointRecorder: LineSink {
    var points: [Point] = []
    mutating func beginContour(at p: Point) { points = [p] }
    mutating func addLine(to p: Point) { points.append(p) }
    mutating func closeContour(explicitly: Bool) {}
}

@Suite struct ArcFlatteningTests {
    private static let everywhere = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)

    /// The flattener's polygon for `arc`, start point included.
    private static func polygon(_ arc: EllipticalArc, tolerance: Double) -> [Point] {
        var recorder = PointRecorder()
        recorder.beginContour(at: arc.point(at: arc.startAngle))
        _ = Flattener.flattenArc(arc, tolerance, everywhere, &recorder)
        return recorder.points
    }

    /// The largest distance from `points` (and 64 samples along each chord
    /// between them) to the circle of `radius` about `center`.
    private static func deviation(_ points: [Point], center: Point, radius: Double) -> Double {
        var worst = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            for i in 0...64 {
                let p = a + (b - a) * (Double(i) / 64)
                worst = max(worst, abs((p - center).length - radius))
            }
        }
        return worst
    }

    @Test func circularArcsStayWithinToleranceOnBothSides() {
        var rng = SplitMix64(seed: 0xA2C)
        for _ in 0..<400 {
            let radius = exp(rng.double(in: log(0.3)...log(5_000)))
            let tolerance = exp(rng.double(in: log(1e-3)...log(0.5)))
            let center = Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50))
            let sweep = rng.double(in: -2 * Double.pi...2 * Double.pi)
            let arc = EllipticalArc(
                center: center, radii: Size(width: radius, height: radius),
                startAngle: rng.double(in: -4...4), sweepAngle: sweep)
            let points = Self.polygon(arc, tolerance: tolerance)
            let context = "r \(radius) tol \(tolerance) sweep \(sweep)"
            #expect(Self.deviation(points, center: center, radius: radius) <= tolerance * (1 + 1e-9), "\(context)")
            // Exact ends.
            #expect(points.first == arc.point(at: arc.startAngle), "\(context)")
            #expect(points.last == arc.endPoint, "\(context)")
            // Interior vertices lie outside (or on) the circle: the polygon
            // straddles the arc rather than cutting inside it.
            for p in points.dropFirst().dropLast() {
                #expect((p - center).length >= radius * (1 - 1e-12), "\(context)")
            }
            // Fewer segments than inscribed chords: 2·acos(1 − tol/r) a step.
            if tolerance < radius / 100 {
                let inscribed = (abs(sweep) / (2 * acos(1 - tolerance / radius))).rounded(.up)
                #expect(Double(points.count - 1) <= (inscribed / 2.0.squareRoot()).rounded(.up) + 2, "\(context)")
            }
        }
    }

    @Test func ellipsesUnderAffineTransformsStayWithinTolerance() {
        var rng = SplitMix64(seed: 0xE11)
        for _ in 0..<60 {
            let rx = rng.double(in: 1...60), ry = rng.double(in: 1...60)
            let tolerance = rng.double(in: 0.02...0.3)
            let arc = EllipticalArc(
                center: .zero, radii: Size(width: rx, height: ry),
                rotation: rng.double(in: -3...3), startAngle: rng.double(in: -3...3),
                sweepAngle: rng.double(in: -6...6))
            let skew = AffineTransform(
                a: rng.double(in: 0.3...2), b: rng.double(in: -0.5...0.5),
                c: rng.double(in: -0.5...0.5), d: rng.double(in: 0.3...2),
                tx: 0, ty: 0)
            let mapped = arc.applying(skew)
            let points = Self.polygon(mapped, tolerance: tolerance)
            // Distance to the true ellipse, by dense sampling refined with a
            // local search in the parameter.
            let samples = 2_000
            var worst = 0.0
            for (a, b) in zip(points, points.dropFirst()) {
                for i in 0..<4 {
                    let p = a + (b - a) * (Double(i) / 4)
                    var best = Double.infinity, bestAngle = 0.0
                    for k in 0...samples {
                        let angle = mapped.startAngle + mapped.sweepAngle * Double(k) / Double(samples)
                        let d = (mapped.point(at: angle) - p).length
                        if d < best { best = d; bestAngle = angle }
                    }
                    var step = abs(mapped.sweepAngle) / Double(samples)
                    for _ in 0..<30 {
                        for candidate in [bestAngle - step, bestAngle + step] {
                            let d = (mapped.point(at: candidate) - p).length
                            if d < best { best = d; bestAngle = candidate }
                        }
                        step /= 2
                    }
                    worst = max(worst, best)
                }
            }
            #expect(worst <= tolerance * (1 + 1e-6), "rx \(rx) ry \(ry) tol \(tolerance)")
        }
    }

    @Test func tinyArcsAreOneChord() {
        let arc = EllipticalArc(center: .zero, radii: Size(width: 10, height: 10), startAngle: 0, sweepAngle: 0.01)
        // Sagitta 10·(1 − cos 0.005) = 1.25e-4 px: within 0.008.
        #expect(Self.polygon(arc, tolerance: 0.008).count == 2)
    }
}
