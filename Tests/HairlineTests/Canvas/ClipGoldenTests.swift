// Golden images of clips: a rect on fractional coordinates (anti-aliased
// edges), a rounded rect, nested clips (a rect, a circle, a rotated square,
// then restored to draw outside them), and an even-odd path (a ring and a
// self-crossing star), each clipping a gradient and a stroke, at 1x and 2x.
// Tests/Goldens/Clip/; re-record with HAIRLINE_RECORD_GOLDENS=1.

import Foundation
import Hairline
import HairlineTestSupport
import Testing

@Suite struct ClipGoldenTests {
    static let size = 64.0

    static func rect(_ r: Rect) -> Path {
        var path = Path()
        path.addRect(r)
        return path
    }

    /// What every clip cuts: a diagonal gradient square and a thick
    /// diagonal stroke across the cell.
    static func content(_ canvas: Canvas, x: Double) {
        var square = Path()
        square.addRect(Rect(x: x, y: 0, width: size, height: size))
        let gradient = Gradient(
            from: Color(red: 0.2, green: 0.5, blue: 0.95), to: Color(red: 0.95, green: 0.4, blue: 0.6))
        canvas.fill(
            square,
            with: .linearGradient(
                LinearGradient(
                    gradient, start: Point(x: x, y: 0),
                    end: Point(x: x + size, y: size))))
        var line = Path()
        line.move(to: Point(x: x, y: size))
        line.addLine(to: Point(x: x + size, y: 0))
        canvas.stroke(line, with: Color(red: 0.1, green: 0.1, blue: 0.2, alpha: 0.8), style: StrokeStyle(width: 6))
    }

    @Test(arguments: [1.0, 2.0])
    func clips(scale: Double) throws {
        let surface = try Surface(width: Int(4 * Self.size * scale), height: Int(Self.size * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        // A rect on fractional coordinates.
        canvas.withSavedState {
            canvas.clip(to: Rect(x: 8.3, y: 10.6, width: 45.5, height: 40.25))
            Self.content(canvas, x: 0)
        }
        // A rounded rect.
        canvas.withSavedState {
            var rounded = Path()
            rounded.addRoundedRect(in: Rect(x: 64 + 6, y: 6, width: 52, height: 52), cornerRadius: 14)
            canvas.clip(to: rounded)
            Self.content(canvas, x: 64)
        }
        // Nested: a rect, then a circle, then a rotated square; restored
        // once, a draw clipped by the rect and the circle only.
        canvas.withSavedState {
            canvas.clip(to: Rect(x: 128 + 4, y: 4, width: 56, height: 48))
            var circle = Path()
            circle.addEllipse(in: Rect(x: 128 + 10, y: 8, width: 50, height: 50))
            canvas.clip(to: circle)
            canvas.fill(
                Self.rect(Rect(x: 128, y: 0, width: 64, height: 64)), with: Color(red: 0.9, green: 0.9, blue: 0.5))
            canvas.withSavedState {
                canvas.translateBy(x: 128 + 32, y: 32)
                canvas.rotate(by: 0.5)
                canvas.clip(to: Self.rect(Rect(x: -18, y: -18, width: 36, height: 36)))
                canvas.translateBy(x: -(128 + 32), y: -32)
                Self.content(canvas, x: 128)
            }
        }
        // Even-odd: a ring (two circles) and a star crossing itself.
        canvas.withSavedState {
            var shape = Path()
            shape.addEllipse(in: Rect(x: 192 + 4, y: 4, width: 56, height: 56))
            shape.addEllipse(in: Rect(x: 192 + 16, y: 16, width: 32, height: 32))
            let center = Point(x: 192 + 32, y: 32)
            for k in 0..<5 {
                let angle = Double(k * 2) * Double.pi * 2 / 5 - Double.pi / 2
                let p = center + Point(x: 24 * cos(angle), y: 24 * sin(angle))
                if k == 0 { shape.move(to: p) } else { shape.addLine(to: p) }
            }
            shape.closeSubpath()
            canvas.clip(to: shape, rule: .evenOdd)
            Self.content(canvas, x: 192)
        }
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 50)
        assertSnapshot(of: surface, named: "clips@\(Int(scale))x", suite: "Clip")
    }
}
