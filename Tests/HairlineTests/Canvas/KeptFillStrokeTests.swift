// A fill and its stroke drawn together in one chunk of rows keep each
// draw's sweep (Rasterizer.rasterizeKeepingSweeps(_:then:)): a canvas that
// draws the same cells again and again, with gradient, pattern and solid
// paints (only solid pairs take the pair sweep), sends the kept calls
// instead of working the rows out. Every draw, kept or not, must give the
// bytes of a cold canvas (no coverage cache) and of the fill followed by
// the stroke; geometry, clip and paints change between rounds so that kept
// sweeps are missed, evicted and hit.

import Testing
@_spi(Testing) @_spi(Profiling) @testable import Hairline
import HairlineTestSupport

@Suite struct KeptFillStrokeTests {
    @Test func keptSweepsDrawAsColdOnes() throws {
        var rng = SplitMix64(seed: 0xCE11)
        let image = try Image(
            width: 2, height: 2, colors: [.black, .white, Color(red: 1, green: 0, blue: 0, alpha: 0.5), .clear])
        let width = 70, height = 26
        for scale in [1.0, 2, 3] {
            let warm = try Surface(width: width, height: height), cold = try Surface(width: width, height: height)
            let apart = try Surface(width: width, height: height)
            let a = Canvas(surface: warm, scale: scale)
            let b = Canvas(surface: cold, scale: scale, coverageCache: nil)
            let c = Canvas(surface: apart, scale: scale, coverageCache: nil)
            // A few cells, each drawn several times in a shuffled order.
            var cells: [(Path, Paint, Paint, StrokeStyle, Rect?)] = []
            for _ in 0..<5 {
                let w = Double(width) / scale, h = Double(height) / scale
                let inset = 0.5 / scale
                var path = Path()
                let corners: RectCorner = [.all, .top, .bottom, []][rng.int(in: 0...3)]
                path.addRoundedRect(
                    in: Rect(
                        x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset + Double(rng.int(in: 0...1))),
                    cornerRadius: rng.double(in: 0...8), corners: corners)
                let fill =
                    rng.int(in: 0...1) == 0
                    ? PendingClearTests.randomPaint(&rng, image: image)
                    : .linearGradient(
                        LinearGradient(
                            Gradient(
                                from: Color(red: 1, green: 1, blue: 1), to: Color(red: 0.85, green: 0.88, blue: 0.95)),
                            start: .zero, end: Point(x: 0, y: h)))
                let stroke = PendingClearTests.randomPaint(&rng, image: image)
                let style = StrokeStyle(width: [1 / scale, 0, 1.5][rng.int(in: 0...2)])
                let clip: Rect? =
                    rng.int(in: 0...3) == 0 ? Rect(x: 0, y: 0, width: w * rng.double(in: 0.3...1), height: h) : nil
                cells.append((path, fill, stroke, style, clip))
            }
            var kept = 0
            for round in 0..<40 {
                let (path, fill, stroke, style, clip) = cells[rng.int(in: 0...(cells.count - 1))]
                // Now and then chunks too small for one: the chunked loops.
                let chunks = round % 7 == 6 ? rng.int(in: 1...6) : nil
                for canvas in [a, b, c] {
                    canvas.fillStrokeChunkRows = chunks
                    canvas.save()
                    canvas.clear()
                    if let clip { canvas.clip(to: clip) }
                }
                a.draw(path, fill: fill, stroke: stroke, style: style)
                b.draw(path, fill: fill, stroke: stroke, style: style)
                c.fill(path, with: fill)
                c.stroke(path, with: stroke, style: style)
                for canvas in [a, b, c] { canvas.restore() }
                for surface in [warm, cold, apart] { surface.flush() }
                let statistics = a.renderer.strokeRasterizer.statistics
                if statistics.keptRows > 0 { kept += 1 }
                for y in 0..<height {
                    for x in 0..<width {
                        let p = warm.pixel(x: x, y: y)!
                        #expect(p == cold.pixel(x: x, y: y)!, "scale \(scale) round \(round) at (\(x), \(y))")
                        #expect(p == apart.pixel(x: x, y: y)!, "scale \(scale) round \(round) at (\(x), \(y))")
                        if p != cold.pixel(x: x, y: y)! || p != apart.pixel(x: x, y: y)! { return }
                    }
                }
            }
            // Kept sweeps were sent (the warm canvas drew cells it had drawn).
            #expect(kept > 10, "scale \(scale)")
        }
    }

    /// A hairline border on whole device pixels covers its column fully
    /// and touches the next with no area: its groups are kept as fills
    /// of their full pixels (KeptCalls.keepGroup). Sent again under every
    /// blend mode, with translucent colors, over pixels drawn before (no
    /// pending clear) and onto a clear, they give a cold canvas's bytes.
    @Test func groupsKeptAsFillsDrawAsColdOnes() throws {
        var rng = SplitMix64(seed: 0x6E0F)
        let width = 40, height = 18
        for scale in [1.0, 2, 3] {
            let warm = try Surface(width: width, height: height), cold = try Surface(width: width, height: height)
            let a = Canvas(surface: warm, scale: scale)
            let b = Canvas(surface: cold, scale: scale, coverageCache: nil)
            let w = Double(width) / scale, h = Double(height) / scale, inset = 0.5 / scale
            var path = Path()
            path.addRoundedRect(
                in: Rect(x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset), cornerRadius: 3)
            for mode in BlendMode.allCases {
                for round in 0..<3 {
                    let fill = PendingClearTests.randomColor(&rng), stroke = PendingClearTests.randomColor(&rng)
                    let under = PendingClearTests.randomColor(&rng)
                    for canvas in [a, b] {
                        // Onto a clear, then over what is there.
                        if round == 0 { canvas.clear(under) }
                        canvas.blendMode = mode
                        canvas.draw(
                            path, fill: .solid(fill), stroke: .solid(stroke), style: StrokeStyle(width: 1 / scale))
                        canvas.draw(
                            path,
                            fill: .linearGradient(
                                LinearGradient(Gradient(from: fill, to: stroke), start: .zero, end: Point(x: w, y: h))),
                            stroke: .solid(stroke), style: StrokeStyle(width: 1 / scale))
                        canvas.blendMode = .sourceOver
                    }
                    for surface in [warm, cold] { surface.flush() }
                    for y in 0..<height {
                        for x in 0..<width where warm.pixel(x: x, y: y)! != cold.pixel(x: x, y: y)! {
                            Issue.record("scale \(scale) \(mode) round \(round): (\(x), \(y)) differs")
                            return
                        }
                    }
                }
            }
        }
    }
}
