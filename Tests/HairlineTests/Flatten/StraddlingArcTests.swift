// The straddling arc polygon shared by the flattener and the stroker: as
// the stroker uses it (the pen circle from an offset vector), within the
// tolerance on both sides with every vertex outside the circle; nil
// exactly where one chord is within tolerance; and the same polygon as the
// flattener's centre-form parametrisation of the same arc.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct StraddlingArcTests {
    /// Start, the vertices of the pen-circle arc from offset `from`, end.
    private static func penPolygon(center: Point, from: Point, sweep: Double, tolerance: Double) -> [Point]? {
        guard let arc = StraddlingArc(sweep: sweep, radius: from.length, tolerance: tolerance) else { return nil }
        let end = Point(x: from.x * _cos(sweep) - from.y * _sin(sweep), y: from.x * _sin(sweep) + from.y * _cos(sweep))
        return [center + from]
            + Array(
                arc.vertices(
                    center: center, axis1: from, axis2: from.rotatedQuarter,
                    startCosSin: (1, 0))) + [center + end]
    }

    @Test func penArcsStraddleTheCircleWithinTolerance() {
        var rng = SplitMix64(seed: 0x57AD)
        for _ in 0..<300 {
            let radius = rng.double(in: 0.05...200), tolerance = rng.double(in: 1e-4...0.1)
            let angle = rng.double(in: -4...4), sweep = rng.double(in: -Double.pi...Double.pi)
            let center = Point(x: rng.double(in: -20...20), y: rng.double(in: -20...20))
            let from = Point(x: radius * _cos(angle), y: radius * _sin(angle))
            let context = "r \(radius) tol \(tolerance) sweep \(sweep)"
            guard let points = Self.penPolygon(center: center, from: from, sweep: sweep, tolerance: tolerance) else {
                // Nil only where the one chord is within tolerance.
                #expect(radius * (1 - _cos(abs(sweep) / 2)) <= tolerance * (1 + 1e-9), "\(context)")
                continue
            }
            for p in points.dropFirst().dropLast() {
                let distance = (p - center).length
                #expect(distance >= radius * (1 - 1e-12) && distance <= radius + tolerance * (1 + 1e-9), "\(context)")
            }
            // Chords dip inside by at most the tolerance (sampled).
            var deepest = Double.infinity
            for (a, b) in zip(points, points.dropFirst()) {
                for i in 0...32 { deepest = min(deepest, (a + (b - a) * (Double(i) / 32) - center).length) }
            }
            #expect(deepest >= radius - tolerance * (1 + 1e-9), "\(context)")
        }
    }

    @Test func noPolygonWhereOneChordIsWithinTolerance() {
        #expect(StraddlingArc(sweep: 0.01, radius: 1, tolerance: 0.008) == nil)
        #expect(StraddlingArc(sweep: Double.pi, radius: 0, tolerance: 0.008) == nil)
        #expect(StraddlingArc(sweep: Double.pi, radius: 0.008, tolerance: 0.008) == nil)
        // A half turn of r = 1 at τ = 0.008: steps of 4·atan(√0.008).
        let half = StraddlingArc(sweep: -Double.pi, radius: 1, tolerance: 0.008)
        #expect(half?.count == Int((Double.pi / (4 * _atan2(0.008.squareRoot(), 1))).rounded(.up)))
    }

    @Test func flattenerAndStrokerFormsGiveTheSamePolygon() {
        var rng = SplitMix64(seed: 0xF0F)
        for _ in 0..<100 {
            let radius = rng.double(in: 0.5...50), angle = rng.double(in: -3...3), sweep = rng.double(in: -3...3)
            let center = Point(x: rng.double(in: -9...9), y: rng.double(in: -9...9))
            guard let arc = StraddlingArc(sweep: sweep, radius: radius, tolerance: 0.01) else { continue }
            let from = Point(x: radius * _cos(angle), y: radius * _sin(angle))
            let pen = Array(arc.vertices(center: center, axis1: from, axis2: from.rotatedQuarter, startCosSin: (1, 0)))
            let centreForm = Array(
                arc.vertices(
                    center: center, axis1: Point(x: radius, y: 0), axis2: Point(x: 0, y: radius),
                    startCosSin: (_cos(angle), _sin(angle))))
            #expect(pen.count == centreForm.count)
            for (p, q) in zip(pen, centreForm) {
                #expect((p - q).length <= 1e-9 * radius, "r \(radius) sweep \(sweep)")
            }
        }
    }
}
