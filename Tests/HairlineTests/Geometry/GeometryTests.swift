// Geometry: rect insets (CGRectInset semantics), affine transforms
// (concatenation order, inversion, mapping of points and rects).

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct GeometryTests {
    @Test func insetByMatchesCGRectInset() {
        let r = Rect(x: 0, y: 0, width: 343, height: 44)
        #expect(r.insetBy(dx: 0.5, dy: 0.5) == Rect(x: 0.5, y: 0.5, width: 342, height: 43))
        #expect(r.insetBy(dx: -2, dy: 1) == Rect(x: -2, y: 1, width: 347, height: 42))
        #expect(
            Rect(x: 10, y: 10, width: -4, height: 6).insetBy(dx: 1, dy: 1) == Rect(x: 7, y: 11, width: 2, height: 4))
        let over = r.insetBy(dx: 200, dy: 0)
        #expect(over.isEmpty && over.midX == 171.5)
        #expect(
            r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 2, y: 1, width: 337, height: 40))
    }

    @Test func rectUnionIntersectionAndContainment() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10), b = Rect(x: 5, y: -5, width: 10, height: 10)
        #expect(a.union(b) == Rect(x: 0, y: -5, width: 15, height: 15))
        #expect(a.intersection(b) == Rect(x: 5, y: 0, width: 5, height: 5))
        #expect(a.intersection(Rect(x: 10, y: 0, width: 5, height: 5)) == nil)
        #expect(a.contains(Point(x: 0, y: 9.99)) && !a.contains(Point(x: 10, y: 5)))
    }

    @Test func concatenationAppliesTheReceiverFirst() {
        let t = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, y: 3))
        #expect(Point(x: 1, y: 1).applying(t) == Point(x: 22, y: 3))
        let u = AffineTransform(scaleX: 2, y: 3).translatedBy(x: 10, y: 0)
        #expect(u == t)
    }

    @Test func rotationTurnsXTowardsY() {
        let r = AffineTransform(rotationAngle: Double.pi / 2)
        let p = Point(x: 1, y: 0).applying(r)
        #expect(abs(p.x) < 1e-15 && abs(p.y - 1) < 1e-15)
    }

    @Test func inversionRoundTripsAndRejectsSingularMatrices() throws {
        var rng = SplitMix64(seed: 5)
        for _ in 0..<100 {
            let t = AffineTransform(
                a: rng.double(in: -3...3), b: rng.double(in: -3...3), c: rng.double(in: -3...3),
                d: rng.double(in: -3...3), tx: rng.double(in: -50...50), ty: rng.double(in: -50...50))
            guard abs(t.determinant) > 1e-3 else { continue }
            let inverse = try #require(t.inverted())
            let p = Point(x: rng.double(in: -100...100), y: rng.double(in: -100...100))
            let q = p.applying(t).applying(inverse)
            #expect((q - p).length < 1e-9 * max(1, 1 / abs(t.determinant)))
        }
        #expect(AffineTransform(scaleX: 0, y: 1).inverted() == nil)
        #expect(AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0).inverted() == nil)
    }

    @Test func rectMappingIsTheBoxOfTheCorners() {
        let t = AffineTransform(rotationAngle: Double.pi / 4)
        let box = Rect(x: 0, y: 0, width: 2, height: 2).applying(t)
        let s = 2.squareRoot()
        #expect(abs(box.minX + s) < 1e-12 && abs(box.maxX - s) < 1e-12)
        #expect(abs(box.minY) < 1e-12 && abs(box.maxY - 2 * s) < 1e-12)
    }

    @Test func maximumScaleIsTheLargestSingularValue() {
        #expect(abs(AffineTransform(scaleX: 3, y: -5).maximumScale - 5) < 1e-12)
        let t = AffineTransform(rotationAngle: 0.7).concatenating(AffineTransform(scaleX: 2, y: 0.5))
        #expect(abs(t.maximumScale - 2) < 1e-12)
    }

    @Test func saturatingConversionsNeverTrap() {
        #expect(Int(saturatingFloor: .nan, in: 0...10) == 0)
        #expect(Int(saturatingFloor: .infinity, in: 0...10) == 10)
        #expect(Int(saturatingFloor: -1e300, in: -5...10) == -5)
        #expect(Int(saturatingFloor: 3.7, in: 0...10) == 3)
        #expect(Int(saturatingCeil: 3.2, in: 0...10) == 4)
        // Against the library's floor and ceil on both sides of zero,
        // on integers, and a hair either side of them.
        var rng = SplitMix64(seed: 77)
        var values: [Double] = [
            -2, -1.5, -1, -0.5, -0.0, 0, 0.5, 1, 1.5, 2, 3.0.nextDown, 3.0.nextUp, -3.0.nextDown,
            -3.0.nextUp, 1e15 + 0.5, -1e15 - 0.5,
        ]
        for _ in 0..<2000 { values.append(rng.double(in: -1e6...1e6)) }
        for v in values {
            #expect(Int(saturatingFloor: v, in: Int.min / 2...Int.max / 2) == Int(v.rounded(.down)), "\(v)")
            #expect(Int(saturatingCeil: v, in: Int.min / 2...Int.max / 2) == Int(v.rounded(.up)), "\(v)")
        }
    }
}
