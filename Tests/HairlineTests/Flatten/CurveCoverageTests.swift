// Curves filled at the default tolerance against the TRUE curve: the
// reference samples each curve densely (errors ~1e-6 px) with its own
// parametrisation and hands the polygon to the exact oracle. The contract
// is 3/255 of coverage (GEOMETRY.md, "Flattening").

import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import Hairline
import HairlineTestSupport

let curveTolerance = 3.0 / 255

@Suite struct CurveCoverageTests {
    /// Samples every element of `path` densely, independently of the flattener.
    static func denseContours(_ path: Path, transform t: AffineTransform = .identity, samples: Int = 600) -> [[Point]] {
        var contours: [[Point]] = []
        var current: [Point] = []
        var last = Point.zero
        for element in path.elements {
            switch element {
            case .move(let p):
                if current.count > 1 { contours.append(current) }
                current = [p.applying(t)]
                last = p
            case .line(let p):
                current.append(p.applying(t))
                last = p
            case .quadCurve(let p, let c):
                for i in 1...samples {
                    let s = Double(i) / Double(samples), u = 1 - s
                    current.append((last * (u * u) + c * (2 * u * s) + p * (s * s)).applying(t))
                }
                last = p
            case .curve(let p, let c1, let c2):
                for i in 1...samples {
                    let s = Double(i) / Double(samples), u = 1 - s
                    let q = last * (u * u * u) + c1 * (3 * u * u * s) + c2 * (3 * u * s * s) + p * (s * s * s)
                    current.append(q.applying(t))
                }
                last = p
            case .arc(let arc):
                for i in 1...samples {
                    let angle = arc.startAngle + arc.sweepAngle * Double(i) / Double(samples)
                    let q = Point(
                        x: arc.center.x + arc.axis1.x * cos(angle) + arc.axis2.x * sin(angle),
                        y: arc.center.y + arc.axis1.y * cos(angle) + arc.axis2.y * sin(angle))
                    current.append(q.applying(t))
                }
                last = arc.endPoint
            case .closeSubpath:
                if current.count > 1 { contours.append(current) }
                current = []
            }
        }
        if current.count > 1 { contours.append(current) }
        return contours
    }

    func check(
        _ path: Path, width: Int, height: Int, transform: AffineTransform = .identity,
        rule: FillRule = .nonZero, _ label: String
    ) throws {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.concatenate(transform)
        canvas.fill(path, with: .black, rule: rule)
        let engine = (0..<(width * height)).map { Double(surface.pixel(x: $0 % width, y: $0 / width)!.alpha) / 255 }
        let exact = ExactCoverage(
            contours: Self.denseContours(path, transform: transform), rule: rule,
            width: width, height: height
        ).coverage()
        let diff = compareCoverage(engine, exact, width: width)
        #expect(diff.maximum <= curveTolerance, "\(label): \(diff)")
    }

    @Test func randomEllipses() throws {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<25 {
            let rect = Rect(
                x: rng.double(in: -3...10), y: rng.double(in: -3...10),
                width: rng.double(in: 0.3...14), height: rng.double(in: 0.3...14))
            var path = Path()
            path.addEllipse(in: rect)
            try check(path, width: 16, height: 16, "ellipse \(rect), seed 11")
        }
    }

    @Test func randomRoundedRectsUnderRotationAndScale() throws {
        var rng = SplitMix64(seed: 12)
        for _ in 0..<20 {
            let rect = Rect(
                x: rng.double(in: 0...4), y: rng.double(in: 0...4),
                width: rng.double(in: 2...9), height: rng.double(in: 2...9))
            let radii = CornerRadii(
                topLeft: Size(width: rng.double(in: 0...5), height: rng.double(in: 0...5)),
                topRight: Size(width: rng.double(in: 0...5), height: rng.double(in: 0...5)),
                bottomRight: Size(width: rng.double(in: 0...5), height: rng.double(in: 0...5)),
                bottomLeft: Size(width: rng.double(in: 0...5), height: rng.double(in: 0...5)))
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadii: radii)
            let t = AffineTransform(rotationAngle: rng.double(in: -1...1))
                .concatenating(AffineTransform(scaleX: rng.double(in: 0.8...2), y: rng.double(in: 0.8...2)))
                .concatenating(AffineTransform(translationX: 6, y: 2))
            try check(path, width: 24, height: 24, transform: t, "rounded rect \(rect), seed 12")
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func randomCubicAndQuadraticShapes(rule: FillRule) throws {
        var rng = SplitMix64(seed: 13)
        func p() -> Point { Point(x: rng.double(in: -2...18), y: rng.double(in: -2...18)) }
        for _ in 0..<20 {
            var path = Path()
            path.move(to: p())
            for _ in 0..<rng.int(in: 1...3) {
                if rng.int(in: 0...1) == 0 {
                    path.addCurve(to: p(), control1: p(), control2: p())
                } else {
                    path.addQuadCurve(to: p(), control: p())
                }
            }
            path.closeSubpath()
            try check(path, width: 16, height: 16, rule: rule, "curves, seed 13")
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func workloadCellCornersAtEachScale(scale: Double) throws {
        // The top-left corner region of the WORKLOADS.md cell.
        let b = 0.5 / scale
        var path = Path()
        path.addRoundedRect(in: Rect(x: b, y: b, width: 343 - 2 * b, height: 44 - 2 * b), cornerRadius: 10)
        let size = Int(14 * scale)
        try check(
            path, width: size, height: size, transform: AffineTransform(scaleX: scale, y: scale),
            "cell corner at \(scale)x")
    }
}
