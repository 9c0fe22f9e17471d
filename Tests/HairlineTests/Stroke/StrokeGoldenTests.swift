// Golden images of strokes: every join (miter, round, bevel) against every
// cap (butt, round, square) on one zigzag, and dashes (each cap, a phase,
// round and rect outlines, a hairline dash), at 1x and 2x, each drawn over
// a one-device-pixel hairline of its path so the geometry shows.
// Tests/Goldens/Stroke/; re-record with HAIRLINE_RECORD_GOLDENS=1.

import Hairline
import HairlineTestSupport
import Testing

@Suite struct StrokeGoldenTests {
    static let ink = Color(red: 0.16, green: 0.32, blue: 0.62, alpha: 0.85)
    static let guide = Color(red: 0.9, green: 0.15, blue: 0.1)

    /// An open zigzag in a 60 x 50 pt cell: a sharp corner (miters show),
    /// a right angle and an obtuse one.
    static func zigzag(in cell: Point) -> Path {
        var path = Path()
        path.move(to: cell + Point(x: 10, y: 44))
        path.addLine(to: cell + Point(x: 22, y: 14))
        path.addLine(to: cell + Point(x: 30, y: 44))
        path.addLine(to: cell + Point(x: 42, y: 32))
        path.addLine(to: cell + Point(x: 52, y: 38))
        return path
    }

    @Test(arguments: [1.0, 2.0])
    func joinsAndCaps(scale: Double) throws {
        let surface = try Surface(width: Int(180 * scale), height: Int(150 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        let joins: [LineJoin] = [.miter, .round, .bevel], caps: [LineCap] = [.butt, .round, .square]
        for (row, join) in joins.enumerated() {
            for (column, cap) in caps.enumerated() {
                let path = Self.zigzag(in: Point(x: Double(column) * 60, y: Double(row) * 50))
                canvas.stroke(path, with: Self.ink, style: StrokeStyle(width: 7, lineJoin: join, lineCap: cap))
                canvas.stroke(path, with: Self.guide, style: .hairline)
            }
        }
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 10)
        assertSnapshot(of: surface, named: "joins-caps@\(Int(scale))x", suite: "Stroke")
    }

    @Test(arguments: [1.0, 2.0])
    func dashes(scale: Double) throws {
        let surface = try Surface(width: Int(180 * scale), height: Int(120 * scale))
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.clear(.white)
        // Straight dashes with each cap; the last row with a phase.
        let rows: [(LineCap, Double)] = [(.butt, 0), (.round, 0), (.square, 0), (.butt, 5)]
        for (i, (cap, phase)) in rows.enumerated() {
            var line = Path()
            let y = 10 + Double(i) * 12
            line.move(to: Point(x: 8, y: y))
            line.addLine(to: Point(x: 100, y: y))
            canvas.stroke(
                line, with: Self.ink,
                style: StrokeStyle(width: 5, lineCap: cap, dashPattern: [12, 6], dashPhase: phase))
            canvas.stroke(line, with: Self.guide, style: .hairline)
        }
        // Dashes around corners: a rounded rect (round joins, an odd
        // pattern) and a circle; a dashed hairline.
        var rounded = Path()
        rounded.addRoundedRect(in: Rect(x: 112, y: 8, width: 60, height: 40), cornerRadius: 10)
        canvas.stroke(rounded, with: Self.ink, style: StrokeStyle(width: 3, lineJoin: .round, dashPattern: [9, 4, 2]))
        var circle = Path()
        circle.addEllipse(in: Rect(x: 20, y: 62, width: 50, height: 50))
        canvas.stroke(circle, with: Self.ink, style: StrokeStyle(width: 4, lineCap: .round, dashPattern: [0.01, 8]))
        var rect = Path()
        rect.addRect(Rect(x: 90.5, y: 62.5, width: 80, height: 48))
        canvas.stroke(
            rect, with: Self.ink, style: StrokeStyle(width: 6, lineJoin: .miter, dashPattern: [20, 7], dashPhase: 3))
        var zig = Self.zigzag(in: Point(x: 105, y: 62))
        zig.closeSubpath()
        canvas.stroke(zig, with: .black, style: StrokeStyle(width: 0, dashPattern: [3, 2]))
        // Anti-aliased edges and blends: many pixel values, not a flat render.
        #expect(distinctPixelCount(surface) > 10)
        assertSnapshot(of: surface, named: "dashes@\(Int(scale))x", suite: "Stroke")
    }
}
