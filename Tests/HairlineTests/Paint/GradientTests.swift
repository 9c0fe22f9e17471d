// Gradients against their formulas at sampled pixels: linear (any angle,
// under transforms), two-circle radial (focal inside and outside), conic,
// every extend mode, premultiplied interpolation, stop normalisation, the
// vertical fast path, and global alpha.

import Testing
#if canImport(Glibc)
    import Glibc
#endif
@testable import Hairline

/// Ramp quantisation (1024 steps) plus 8-bit rounding: within 1.5 levels.
let gradientTolerance = 1.5

@Suite struct GradientTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)
    static let stops = Gradient(stops: [
        GradientStop(location: 0, color: Color(red: 1, green: 0.5, blue: 0)),
        GradientStop(location: 0.3, color: Color(red: 0.2, green: 0.9, blue: 0.4, alpha: 0.6)),
        GradientStop(location: 1, color: Color(red: 0, green: 0.1, blue: 1, alpha: 0.9)),
    ])

    /// Draws `paint` over a whole surface and checks every pixel centre
    /// against `expected(t)` where `t(x, y)` gives the gradient parameter
    /// (nil: transparent).
    func check(
        _ paint: Paint, gradient: Gradient, width: Int = 24, height: Int = 20, scale: Double = 1,
        transform: AffineTransform = .identity, alpha: Double = 1,
        t: (Point) -> Double?, _ label: String
    ) throws {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.concatenate(transform)
        canvas.globalAlpha = alpha
        var path = Path()
        path.addRect(Rect(x: -1000, y: -1000, width: 3000, height: 3000))
        canvas.fill(path, with: paint)
        let toUser = AffineTransform(scaleX: scale, y: scale).concatenating(.identity)
        let inverse = transform.concatenating(toUser).inverted()!
        var worst = 0.0
        for y in 0..<height {
            for x in 0..<width {
                let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(inverse)
                let got = surface.pixel(x: x, y: y)!
                let e: (red: Double, green: Double, blue: Double, alpha: Double)
                if let tt = t(p) { e = Self.reference(gradient, tt) } else { e = (0, 0, 0, 0) }
                let diffs = [
                    Double(got.red) - e.red * alpha * 255, Double(got.green) - e.green * alpha * 255,
                    Double(got.blue) - e.blue * alpha * 255, Double(got.alpha) - e.alpha * alpha * 255,
                ]
                worst = max(worst, diffs.map(abs).max()!)
            }
        }
        #expect(worst <= gradientTolerance, "\(label): worst channel error \(worst) levels")
    }

    /// An independent evaluation: extend by the mode's definition, then
    /// interpolate premultiplied components between the sorted stops.
    static func reference(_ g: Gradient, _ t: Double) -> (red: Double, green: Double, blue: Double, alpha: Double) {
        var u = t
        switch g.extend {
        case .pad: u = min(1, max(0, t))
        case .repeat: u = t - floor(t)
        case .reflect:
            let period = t - 2 * floor(t / 2)
            u = period <= 1 ? period : 2 - period
        }
        let stops = g.normalizedStops
        func pm(_ c: Color) -> [Double] { [c.red * c.alpha, c.green * c.alpha, c.blue * c.alpha, c.alpha] }
        var result = pm(stops.last!.color)
        if u <= stops[0].location {
            result = pm(stops[0].color)
        } else if let k = stops.indices.dropLast().last(where: { stops[$0].location <= u }), u < stops.last!.location {
            let a = stops[k], b = stops[k + 1]
            let f = (u - a.location) / (b.location - a.location)
            result = zip(pm(a.color), pm(b.color)).map { $0 + ($1 - $0) * f }
        }
        return (result[0], result[1], result[2], result[3])
    }

    @Test(arguments: [ExtendMode.pad, .repeat, .reflect])
    func linearAtAnAngleUnderTransforms(extend: ExtendMode) throws {
        var g = Self.stops
        g.extend = extend
        let start = Point(x: 3, y: 4), end = Point(x: 11, y: 9)
        let d = end - start
        for (scale, transform) in [
            (1.0, AffineTransform.identity), (2.0, AffineTransform(rotationAngle: 0.4)),
            (3.0, AffineTransform(a: 1.2, b: 0.1, c: -0.3, d: 0.8, tx: 1, ty: -2)),
        ] {
            try check(
                .linearGradient(LinearGradient(g, start: start, end: end)), gradient: g, scale: scale,
                transform: transform, t: { ($0 - start).dot(d) / d.dot(d) }, "linear \(extend) at \(scale)x")
        }
    }

    @Test(arguments: [ExtendMode.pad, .repeat, .reflect])
    func radialTwoCircles(extend: ExtendMode) throws {
        var g = Self.stops
        g.extend = extend
        let cases: [(Point, Double, Point, Double)] = [
            (Point(x: 12, y: 10), 0, Point(x: 12, y: 10), 7),  // plain
            (Point(x: 9, y: 8), 0, Point(x: 12, y: 10), 8),  // focal inside
            (Point(x: 8, y: 10), 2, Point(x: 16, y: 10), 5),  // focal radius, both circles
            (Point(x: 2, y: 3), 1, Point(x: 14, y: 12), 4),  // cone: start circle outside
        ]
        for (c0, r0, c1, r1) in cases {
            let paint = Paint.radialGradient(
                RadialGradient(g, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1))
            try check(
                paint, gradient: g,
                t: { p in
                    // Independent: bisect for the largest t with |p − c(t)| = r(t), r(t) ≥ 0, scanning t.
                    let cd = c1 - c0, dr = r1 - r0
                    func f(_ t: Double) -> Double { (p - (c0 + cd * t)).length - (r0 + dr * t) }
                    var best: Double?
                    var previous = -40.0
                    var fp = f(previous)
                    var s = -40.0
                    while s < 40 {
                        s += 0.01
                        let fs = f(s)
                        if (fp <= 0) != (fs <= 0) {
                            var lo = previous, hi = s
                            for _ in 0..<60 {
                                let mid = (lo + hi) / 2; if (f(lo) <= 0) == (f(mid) <= 0) { lo = mid } else { hi = mid }
                            }
                            let root = (lo + hi) / 2
                            if r0 + dr * root >= 0 { best = root }
                        }
                        previous = s
                        fp = fs
                    }
                    return best
                }, "radial \(c0) \(r0) -> \(c1) \(r1), \(extend)")
        }
    }

    @Test func conicSweepsClockwiseFromItsStartAngle() throws {
        let g = Self.stops
        let center = Point(x: 12.3, y: 9.7)
        try check(
            .conicGradient(ConicGradient(g, center: center, startAngle: 0.7)), gradient: g,
            t: { p in
                var t = (atan2(p.y - center.y, p.x - center.x) - 0.7) / (2 * Double.pi)
                t -= t.rounded(.down)
                return t
            }, "conic")
    }

    @Test func interpolationIsPremultiplied() {
        // Opaque red to transparent blue: halfway is half-transparent red,
        // never a darkened purple.
        let g = Gradient(from: Self.red, to: Color(red: 0, green: 0, blue: 1, alpha: 0))
        let mid = g.color(at: 0.5)
        #expect(abs(mid.red - 0.5) < 1e-12 && mid.blue == 0 && abs(mid.alpha - 0.5) < 1e-12)
    }

    @Test func stopsAreClampedAndMadeMonotonic() {
        let g = Gradient(stops: [
            GradientStop(location: 0.6, color: Self.red), GradientStop(location: 0.2, color: Self.blue),
            GradientStop(location: 1.7, color: .white), GradientStop(location: .nan, color: .black),
        ])
        #expect(g.normalizedStops.map(\.location) == [0.6, 0.6, 1, 1])
        // A hard edge at 0.6: red before, blue after.
        #expect(g.color(at: 0.59).red == 1 && g.color(at: 0.61).blue > 0.9)
    }

    @Test func verticalGradientOfTheWorkloadIsExactPerRow() throws {
        // WORKLOADS.md: (1, 1, 1) at y = 0 pt to (0.85, 0.88, 0.95) at y = 44 pt.
        let g = Gradient(from: .white, to: Color(red: 0.85, green: 0.88, blue: 0.95))
        for scale in [1.0, 2.0, 3.0] {
            try check(
                .linearGradient(LinearGradient(g, start: .zero, end: Point(x: 0, y: 44))), gradient: g,
                width: Int(20 * scale), height: Int(44 * scale), scale: scale,
                t: { $0.y / 44 }, "workload gradient at \(scale)x")
        }
    }

    @Test func globalAlphaScalesGradients() throws {
        let g = Self.stops
        try check(
            .linearGradient(LinearGradient(g, start: Point(x: 2, y: 0), end: Point(x: 20, y: 0))), gradient: g,
            alpha: 0.4, t: { ($0.x - 2) / 18 }, "linear with global alpha")
    }

    @Test func degenerateGradientsPaintTheirLastStop() throws {
        let g = Gradient(from: Self.red, to: Self.blue)
        let surface = try Surface(width: 4, height: 4)
        let canvas = Canvas(surface: surface)
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 4, height: 4))
        canvas.fill(path, with: .linearGradient(LinearGradient(g, start: Point(x: 1, y: 1), end: Point(x: 1, y: 1))))
        #expect(surface.pixel(x: 2, y: 2) == Self.blue.premultiplied)
        canvas.clear()
        canvas.fill(
            path, with: .linearGradient(LinearGradient(Gradient(stops: []), start: .zero, end: Point(x: 4, y: 0))))
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }
}
