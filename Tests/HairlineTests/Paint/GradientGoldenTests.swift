// Golden images of gradients: linear gradients with several stops and a
// translucent one under pad, repeat and reflect; two-circle radial
// gradients (concentric, focal inside, under repeat and reflect) and a
// conic one, over a checker so translucency shows.
// Tests/Goldens/Gradient/; re-record with HAIRLINE_RECORD_GOLDENS=1.

import Hairline
import HairlineTestSupport
import Testing

@Suite struct GradientGoldenTests {
    static func stops(_ extend: ExtendMode) -> Gradient {
        Gradient(
            stops: [
                GradientStop(location: 0, color: Color(red: 0.95, green: 0.3, blue: 0.2)),
                GradientStop(location: 0.4, color: Color(red: 1, green: 0.85, blue: 0.2, alpha: 0.5)),
                GradientStop(location: 1, color: Color(red: 0.15, green: 0.35, blue: 0.85)),
            ], extend: extend)
    }

    /// A light checker behind every cell, so alpha shows.
    static func checker(_ canvas: Canvas, width: Double, height: Double) {
        canvas.clear(.white)
        var squares = Path()
        for y in stride(from: 0.0, to: height, by: 8) {
            for x in stride(from: 0.0, to: width, by: 8) where (Int(x / 8) + Int(y / 8)) % 2 == 0 {
                squares.addRect(Rect(x: x, y: y, width: 8, height: 8))
            }
        }
        canvas.fill(squares, with: Color(red: 0.85, green: 0.85, blue: 0.85))
    }

    @Test func linear() throws {
        let surface = try Surface(width: 240, height: 80)
        let canvas = Canvas(surface: surface)
        Self.checker(canvas, width: 240, height: 80)
        for (i, extend) in [ExtendMode.pad, .repeat, .reflect].enumerated() {
            let x = 4 + Double(i) * 80
            var shape = Path()
            shape.addRoundedRect(in: Rect(x: x, y: 4, width: 72, height: 72), cornerRadius: 12)
            let paint = Paint.linearGradient(
                LinearGradient(
                    Self.stops(extend), start: Point(x: x + 26, y: 24),
                    end: Point(x: x + 46, y: 44)))
            canvas.fill(shape, with: paint)
        }
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 100)
        assertSnapshot(of: surface, named: "linear@1x", suite: "Gradient")
    }

    @Test func radialAndConic() throws {
        let surface = try Surface(width: 320, height: 80)
        let canvas = Canvas(surface: surface)
        Self.checker(canvas, width: 320, height: 80)
        let paints: [(Double) -> Paint] = [
            { x in .radialGradient(RadialGradient(Self.stops(.pad), center: Point(x: x + 36, y: 40), radius: 32)) },
            { x in
                .radialGradient(
                    RadialGradient(
                        Self.stops(.pad), startCenter: Point(x: x + 22, y: 28), startRadius: 2,
                        endCenter: Point(x: x + 36, y: 40), endRadius: 34))
            },
            { x in .radialGradient(RadialGradient(Self.stops(.repeat), center: Point(x: x + 36, y: 40), radius: 12)) },
            { x in .conicGradient(ConicGradient(Self.stops(.pad), center: Point(x: x + 36, y: 40), startAngle: 0.5)) },
        ]
        for (i, paint) in paints.enumerated() {
            let x = 4 + Double(i) * 80
            var shape = Path()
            shape.addEllipse(in: Rect(x: x, y: 4, width: 72, height: 72))
            canvas.fill(shape, with: paint(x))
        }
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 100)
        assertSnapshot(of: surface, named: "radial-conic@1x", suite: "Gradient")
    }
}
