// `Canvas.draw(_:fill:stroke:style:rule:)` rasterizes and composites a
// fill and a stroke in one pass; it must be byte-identical to the fill
// followed by the stroke, on random shapes, paints, styles, blend modes,
// global alpha, clips, scales and pending clears, and count the same
// dropped draws.

import Testing
@_spi(Testing) import Hairline
import HairlineTestSupport

@Suite struct FillStrokeTests {
    @Test func oneSweepEqualsFillThenStroke() throws {
        var rng = SplitMix64(seed: 131)
        let image = try Image(
            width: 2, height: 2, colors: [.black, .white, Color(red: 1, green: 0, blue: 0, alpha: 0.5), .clear])
        for round in 0..<120 {
            let scale = [1.0, 2, 3, 1.5][round % 4]
            let width = rng.int(in: 1...60), height = rng.int(in: 1...50)
            let together = try Surface(width: width, height: height), apart = try Surface(width: width, height: height)
            let a = Canvas(surface: together, scale: scale), b = Canvas(surface: apart, scale: scale)
            // Small chunks half the time: the row loops alternate often.
            if round % 2 == 0 { a.fillStrokeChunkRows = rng.int(in: 1...8) }
            let w = Double(width) / scale, h = Double(height) / scale
            var path = PendingClearTests.randomPath(&rng, width: w, height: h)
            if round % 5 == 0 {
                // The cell's own paths.
                path = Path()
                let inset = 0.5 / scale
                path.addRoundedRect(
                    in: Rect(
                        x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset + (round % 2 == 0 ? 1 : 0)),
                    cornerRadius: rng.double(in: 0...10), corners: round % 3 == 0 ? .top : .all)
            }
            let fill = PendingClearTests.randomPaint(&rng, image: image)
            let stroke = PendingClearTests.randomPaint(&rng, image: image)
            let join = [LineJoin.miter, .round, .bevel][rng.int(in: 0...2)]
            let style = StrokeStyle(
                width: [0, 1 / scale, rng.double(in: 0.1...3), -1][rng.int(in: 0...3)], lineJoin: join,
                dashPattern: rng.int(in: 0...5) == 0 ? [2, 1] : [])
            let rule: FillRule = rng.int(in: 0...1) == 0 ? .nonZero : .evenOdd
            for canvas in [a, b] {
                if rng.int(in: 0...3) > 0 { canvas.clear(PendingClearTests.randomColor(&rng)) }
            }
            // Both canvases get the same state.
            let mode =
                rng.int(in: 0...2) == 0
                ? BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))] : .sourceOver
            let alpha = rng.int(in: 0...2) == 0 ? rng.double(in: 0...1) : 1
            let clipRect =
                rng.int(in: 0...3) == 0
                ? Rect(
                    x: rng.double(in: 0...w), y: rng.double(in: 0...h), width: rng.double(in: 0...w),
                    height: rng.double(in: 0...h)) : nil
            var clipPath: Path?
            if rng.int(in: 0...5) == 0 { clipPath = PendingClearTests.randomPath(&rng, width: w, height: h) }
            for canvas in [a, b] {
                // Same pending state on both: re-clear b's like a's.
                canvas.blendMode = mode
                canvas.globalAlpha = alpha
                if let clipRect { canvas.clip(to: clipRect) }
                if let clipPath { canvas.clip(to: clipPath) }
            }
            // Equalize the surfaces before drawing (the random clears above
            // differ between the two canvases).
            let start = PendingClearTests.randomColor(&rng)
            together.clear(to: start.premultiplied)
            apart.clear(to: start.premultiplied)
            if rng.int(in: 0...1) == 0 { together.flush() }
            a.draw(path, fill: fill, stroke: stroke, style: style, rule: rule)
            b.fill(path, with: fill, rule: rule)
            b.stroke(path, with: stroke, style: style)
            #expect(
                together.bytes == apart.bytes,
                "round \(round): \(path.elements.count) elements, \(fill) / \(stroke), \(style), \(mode), alpha \(alpha), \(scale)x"
            )
            #expect(a.droppedDrawCount == b.droppedDrawCount)
        }
    }

    @Test func droppedPartsAreCountedAsApart() throws {
        let surface = try Surface(width: 10, height: 10)
        let canvas = Canvas(surface: surface)
        var bad = Path()
        bad.move(to: Point(x: 1, y: 1)); bad.addLine(to: Point(x: .infinity, y: 4)); bad.addLine(to: Point(x: 1, y: 5))
        canvas.draw(bad, fill: .solid(.black), stroke: .solid(.black))
        #expect(canvas.droppedDrawCount == 2)
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }
}
