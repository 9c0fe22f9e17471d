// Path: builder semantics, arcs in both forms, rounded-rect radius
// clamping (CSS corner overlap), bounds and transforms.

import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import Hairline
import HairlineTestSupport

@Suite struct PathTests {
    @Test func drawingWithoutCurrentPointStartsASubpath() {
        var path = Path()
        path.addLine(to: Point(x: 3, y: 4))
        #expect(path.elements == [.move(to: .zero), .line(to: Point(x: 3, y: 4))])
        path.closeSubpath()
        path.addLine(to: Point(x: 5, y: 5))
        #expect(path.elements.suffix(2) == [.move(to: .zero), .line(to: Point(x: 5, y: 5))])
    }

    @Test func cssRadiusClampingScalesAllRadiiByTheWorstSide() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 40)
        let r = CornerRadii(
            topLeft: Size(width: 30, height: 30), topRight: Size(width: 30, height: 30),
            bottomRight: Size(width: 10, height: 10), bottomLeft: Size(width: 10, height: 10))
        let clamped = r.clamped(toFit: rect)
        // Right side: 30 + 10 = 40 fits exactly; nothing changes.
        #expect(clamped == r)
        let big = CornerRadii(50).clamped(toFit: rect)
        // Height 40 / (50 + 50) = 0.4.
        #expect(big.topLeft == Size(width: 20, height: 20))
        let negative = CornerRadii(
            topLeft: Size(width: -4, height: 5), topRight: Size(width: 4, height: 0),
            bottomRight: Size(width: 4, height: 4), bottomLeft: .zero
        ).clamped(toFit: rect)
        #expect(
            negative.topLeft == .zero && negative.topRight == .zero && negative.bottomRight == Size(width: 4, height: 4)
        )
    }

    @Test func roundedRectHasOneArcPerRoundedCorner() {
        var path = Path()
        path.addRoundedRect(in: Rect(x: 0.5, y: 0.5, width: 342, height: 44), cornerRadius: 10, corners: .top)
        let arcs = path.elements.filter { if case .arc = $0 { return true } else { return false } }
        #expect(arcs.count == 2)
        #expect(path.bounds == Rect(x: 0.5, y: 0.5, width: 342, height: 44))
        var square = Path()
        square.addRoundedRect(in: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadii: CornerRadii(.nan))
        #expect(square.elements.count == 5)
    }

    @Test func centreFormArcsFollowTheDirection() {
        var cw = Path()
        cw.addArc(center: .zero, radius: 2, startAngle: 0, endAngle: Double.pi / 2, clockwise: true)
        guard case .arc(let a)? = cw.elements.last else { Issue.record("no arc"); return }
        #expect(abs(a.sweepAngle - Double.pi / 2) < 1e-15)
        var ccw = Path()
        ccw.addArc(center: .zero, radius: 2, startAngle: 0, endAngle: Double.pi / 2, clockwise: false)
        guard case .arc(let b)? = ccw.elements.last else { Issue.record("no arc"); return }
        #expect(abs(b.sweepAngle + 3 * Double.pi / 2) < 1e-15)
    }

    @Test func endpointArcsMatchSVGImplementationNotes() throws {
        // A half circle from (0,0) to (10,0) with radius 5: centre (5,0).
        var path = Path()
        path.move(to: .zero)
        path.addArc(to: Point(x: 10, y: 0), radii: Size(width: 5, height: 5), rotation: 0, largeArc: false, sweep: true)
        guard case .arc(let arc)? = path.elements.last else { Issue.record("no arc"); return }
        #expect((arc.center - Point(x: 5, y: 0)).length < 1e-12)
        #expect(abs(abs(arc.sweepAngle) - Double.pi) < 1e-12)
        // Sweep true runs through increasing angle: via the point above? y down:
        // from angle π to 2π passes (5, -5).
        let mid = arc.point(at: arc.startAngle + arc.sweepAngle / 2)
        #expect((mid - Point(x: 5, y: -5)).length < 1e-12)
        // Radii too small are scaled up; zero radii make a line.
        var small = Path()
        small.move(to: .zero)
        small.addArc(
            to: Point(x: 10, y: 0), radii: Size(width: 1, height: 1), rotation: 0.3, largeArc: true, sweep: false)
        #expect((try #require(small.currentPoint) - Point(x: 10, y: 0)).length < 1e-9)
        var line = Path()
        line.move(to: .zero)
        line.addArc(to: Point(x: 3, y: 4), radii: .zero, rotation: 0, largeArc: false, sweep: false)
        #expect(line.elements.last == .line(to: Point(x: 3, y: 4)))
    }

    @Test func endpointArcsReachTheirEndPoint() {
        var rng = SplitMix64(seed: 9)
        for _ in 0..<200 {
            var path = Path()
            let start = Point(x: rng.double(in: -10...10), y: rng.double(in: -10...10))
            let end = Point(x: rng.double(in: -10...10), y: rng.double(in: -10...10))
            path.move(to: start)
            path.addArc(
                to: end, radii: Size(width: rng.double(in: 0.1...12), height: rng.double(in: 0.1...12)),
                rotation: rng.double(in: -3...3), largeArc: rng.int(in: 0...1) == 1, sweep: rng.int(in: 0...1) == 1)
            guard case .arc(let arc)? = path.elements.last else { continue }
            #expect((arc.startPoint - start).length < 1e-9, "seed 9")
            #expect((arc.endPoint - end).length < 1e-9, "seed 9")
        }
    }

    @Test func boundsAreTightOnCurves() {
        var path = Path()
        path.move(to: .zero)
        path.addCurve(to: Point(x: 10, y: 0), control1: Point(x: 0, y: 10), control2: Point(x: 10, y: 10))
        let b = path.bounds
        #expect(abs(b.maxY - 7.5) < 1e-12 && b.minX == 0 && b.maxX == 10)
        #expect(path.controlPointBounds.maxY == 10)
        var circle = Path()
        circle.addEllipse(in: Rect(x: 1, y: 2, width: 6, height: 4))
        let c = circle.bounds
        #expect(
            abs(c.minX - 1) < 1e-12 && abs(c.maxX - 7) < 1e-12 && abs(c.minY - 2) < 1e-12 && abs(c.maxY - 6) < 1e-12)
    }

    @Test func boundsMatchDenselySampledCurves() {
        // Random quadratic and cubic curves: the bounds hold every sampled
        // point, and each side lies within the samples' spacing error of
        // the farthest sample (an extremum between samples moves a side by
        // at most the curve's second-order change over a step).
        var rng = SplitMix64(seed: 0xB0D5)
        for round in 0..<300 {
            var path = Path()
            let start = Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50))
            path.move(to: start)
            var samples = [start]
            var current = start
            for _ in 0..<rng.int(in: 1...4) {
                let p = Point(x: rng.double(in: -50...50), y: rng.double(in: -50...50))
                let c1 = Point(x: rng.double(in: -80...80), y: rng.double(in: -80...80))
                let c2 = Point(x: rng.double(in: -80...80), y: rng.double(in: -80...80))
                let cubic = rng.int(in: 0...1) == 0
                if cubic {
                    path.addCurve(to: p, control1: c1, control2: c2)
                } else {
                    path.addQuadCurve(to: p, control: c1)
                }
                for k in 0...2000 {
                    let t = Double(k) / 2000, u = 1 - t
                    samples.append(
                        cubic
                            ? cubicPoint(current, c1, c2, p, t)
                            : current * (u * u) + c1 * (2 * u * t) + p * (t * t))
                }
                current = p
            }
            let b = path.bounds
            let xs = samples.map(\.x), ys = samples.map(\.y)
            let slack = 1e-9
            #expect(b.minX <= xs.min()! + slack && b.maxX >= xs.max()! - slack, "round \(round)")
            #expect(b.minY <= ys.min()! + slack && b.maxY >= ys.max()! - slack, "round \(round)")
            let near = 0.01  // 240 units of control polygon over 2,000 steps, squared
            #expect(b.minX >= xs.min()! - near && b.maxX <= xs.max()! + near, "round \(round)")
            #expect(b.minY >= ys.min()! - near && b.maxY <= ys.max()! + near, "round \(round)")
        }
    }

    @Test func transformsKeepArcsExact() {
        var circle = Path()
        circle.addEllipse(in: Rect(x: -1, y: -1, width: 2, height: 2))
        let t = AffineTransform(scaleX: 3, y: 1).concatenating(AffineTransform(rotationAngle: 0.5))
        let mapped = circle.applying(t)
        guard case .arc(let arc)? = mapped.elements.dropFirst().first else { Issue.record("no arc"); return }
        for k in 0..<16 {
            let angle = Double(k) * 0.4
            let expected = Point(x: cos(angle), y: sin(angle)).applying(t)
            #expect((arc.point(at: angle) - expected).length < 1e-12)
        }
    }
}
