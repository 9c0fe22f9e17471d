// Golden image of every blend mode on one strip: in each cell a
// destination of two translucent diagonal bands, then a source circle with
// a horizontal gradient (opaque to half transparent) drawn in the mode; the
// mode acts only where the circle covers. Modes in `BlendMode.allCases`
// order, eight to a row. Tests/Goldens/Blend/; re-record with
// HAIRLINE_RECORD_GOLDENS=1.

import Hairline
import HairlineTestSupport
import Testing

@Suite struct BlendGoldenTests {
    static let cell = 36.0, perRow = 8

    @Test func everyMode() throws {
        let modes = BlendMode.allCases
        let rows = (modes.count + Self.perRow - 1) / Self.perRow
        let surface = try Surface(width: Int(Self.cell) * Self.perRow, height: Int(Self.cell) * rows)
        let canvas = Canvas(surface: surface)
        canvas.clear(.white)
        for (i, mode) in modes.enumerated() {
            let x = Double(i % Self.perRow) * Self.cell, y = Double(i / Self.perRow) * Self.cell
            canvas.withSavedState {
                canvas.clip(to: Rect(x: x, y: y, width: Self.cell, height: Self.cell))
                var band1 = Path(), band2 = Path()
                band1.move(to: Point(x: x, y: y + 4))
                band1.addLine(to: Point(x: x + 4, y: y))
                band1.addLine(to: Point(x: x + 36, y: y + 32))
                band1.addLine(to: Point(x: x + 32, y: y + 36))
                band1.closeSubpath()
                band2.addRect(Rect(x: x + 2, y: y + 20, width: 32, height: 12))
                canvas.fill(band1, with: Color(red: 0.1, green: 0.6, blue: 0.9, alpha: 0.9))
                canvas.fill(band2, with: Color(red: 0.95, green: 0.75, blue: 0.1, alpha: 0.6))
                canvas.blendMode = mode
                var circle = Path()
                circle.addEllipse(in: Rect(x: x + 6, y: y + 4, width: 24, height: 24))
                let gradient = Gradient(
                    from: Color(red: 0.9, green: 0.1, blue: 0.3),
                    to: Color(red: 0.3, green: 0.8, blue: 0.2, alpha: 0.5))
                canvas.fill(
                    circle,
                    with: .linearGradient(
                        LinearGradient(
                            gradient, start: Point(x: x + 6, y: y),
                            end: Point(x: x + 30, y: y))))
            }
        }
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 20)
        assertSnapshot(of: surface, named: "modes@1x", suite: "Blend")
    }
}
