// Rectangles on whole device pixels (RoundedRectLoop.swift's
// `runWholePixelRect`: each row one full span, no cells): random rects at
// 1x/2x/3x, partly outside the surface or a clip, under solid, translucent
// and gradient paints, over a pending clear or drawn pixels, give exactly
// the bytes of the same rectangle as a polygon the edge pipeline covers.

import Testing
import HairlineTestSupport
@_spi(Profiling) @testable import Hairline

@Suite struct WholePixelRectTests {
    /// The surface's bytes after `draw`, and the draw's closed-form count.
    static func render(
        width: Int, height: Int, scale: Double, clear: Color?, clip: Rect?, _ draw: (Canvas) -> Void
    ) throws -> ([UInt32], closedForm: Int) {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: 1)
        // Something under the draw, unless a pending clear is what is under it.
        if let clear {
            canvas.clear(clear)
        } else {
            var under = Path()
            under.addEllipse(in: Rect(x: 3.3, y: 2.7, width: Double(width) - 6, height: Double(height) - 5))
            canvas.fill(under, with: Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7))
        }
        if let clip {
            var c = Path()
            c.addRect(clip)
            canvas.clip(to: c)
        }
        canvas.scaleBy(x: scale, y: scale)
        draw(canvas)
        surface.flush()
        var bytes: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width { bytes.append(surface.pixel(x: x, y: y)!.packed) }
        }
        return (bytes, canvas.renderer.rasterizer.statistics.closedFormShapes)
    }

    @Test func wholePixelRectsMatchTheEdgePipeline() throws {
        var rng = SplitMix64(seed: 0x5EC7)
        var fastPathDraws = 0
        for i in 0..<120 {
            let scale = [1.0, 2, 3][i % 3]
            let width = 26, height = 21
            // Device-pixel sides (a multiple of 1/scale in user space).
            let x0 = rng.int(in: -4...22), y0 = rng.int(in: -4...18)
            let w = rng.int(in: 0...24), h = rng.int(in: 0...20)
            let rect = Rect(
                x: Double(x0) / scale, y: Double(y0) / scale, width: Double(w) / scale, height: Double(h) / scale)
            var fast = Path()
            fast.addRect(rect)
            // The same area as a pentagon (a point in the middle of the top
            // side): no closed form, the edges and the sweep cover it.
            var polygon = Path()
            polygon.move(to: Point(x: rect.minX, y: rect.minY))
            polygon.addLine(to: Point(x: rect.midX, y: rect.minY))
            polygon.addLine(to: Point(x: rect.maxX, y: rect.minY))
            polygon.addLine(to: Point(x: rect.maxX, y: rect.maxY))
            polygon.addLine(to: Point(x: rect.minX, y: rect.maxY))
            polygon.closeSubpath()
            let paint: Paint
            switch i % 4 {
            case 0: paint = .solid(Color(red: 0.9, green: 0.1, blue: 0.3, alpha: 1))
            case 1: paint = .solid(Color(red: 0.1, green: 0.8, blue: 0.3, alpha: 0.45))
            case 2:
                paint = .linearGradient(
                    LinearGradient(
                        Gradient(
                            from: Color(red: 1, green: 0, blue: 0, alpha: 1),
                            to: Color(red: 0, green: 0, blue: 1, alpha: 0.5)),
                        start: Point(x: 0, y: 0), end: Point(x: 9, y: 7)))
            default: paint = .solid(Color(red: 0, green: 0, blue: 0, alpha: 0.02))
            }
            let clear: Color? = rng.int(in: 0...2) == 0 ? Color(red: 1, green: 1, blue: 0.9, alpha: 1) : nil
            let clip: Rect? =
                rng.int(in: 0...2) == 0
                ? Rect(x: Double(rng.int(in: 0...8)), y: Double(rng.int(in: 0...6)), width: 13, height: 11) : nil
            let (a, closedForm) = try Self.render(width: width, height: height, scale: scale, clear: clear, clip: clip)
            {
                $0.fill(fast, with: paint)
            }
            let (b, polygonClosedForm) = try Self.render(
                width: width, height: height, scale: scale, clear: clear, clip: clip
            ) { $0.fill(polygon, with: paint) }
            #expect(polygonClosedForm == 0)
            #expect(
                a == b,
                "rect \(i): \(x0), \(y0), \(w) x \(h) px at \(scale)x, clear \(clear != nil), clip \(String(describing: clip))"
            )
            if closedForm > 0 { fastPathDraws += 1 }
        }
        // Most draws went through the closed form (empty and fully
        // clipped rects draw nothing at all).
        #expect(fastPathDraws > 60)
    }

    @Test func wholePixelColumnsOnlyForPlainRectsOnWholePixels() throws {
        let clip = PixelRect(x: 0, y: 0, width: 20, height: 20)
        func draw(_ rect: Rect, radius: Double = 0, scale: Double = 1) -> RoundedRectDraw? {
            let shape = CircularRoundedRect(
                rect: rect, topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
            return RowRoundedRect(shape, transform: AffineTransform(scaleX: scale, y: scale), clip: clip)
                .flatMap { RoundedRectDraw(outer: $0, inner: nil, clipWidth: 20, clipHeight: 20) }
        }
        #expect(draw(Rect(x: 2, y: 3, width: 5, height: 4))?.wholePixelColumns(clipWidth: 20) == 2..<7)
        #expect(draw(Rect(x: -3, y: 3, width: 30, height: 4))?.wholePixelColumns(clipWidth: 20) == 0..<20)
        #expect(draw(Rect(x: 1, y: 1, width: 2.5, height: 2), scale: 2)?.wholePixelColumns(clipWidth: 20) == 2..<7)
        #expect(draw(Rect(x: 2.5, y: 3, width: 5, height: 4))?.wholePixelColumns(clipWidth: 20) == nil)
        #expect(draw(Rect(x: 2, y: 3.25, width: 5, height: 4))?.wholePixelColumns(clipWidth: 20) == nil)
        #expect(draw(Rect(x: 2, y: 3, width: 5, height: 4), radius: 1)?.wholePixelColumns(clipWidth: 20) == nil)
    }
}
