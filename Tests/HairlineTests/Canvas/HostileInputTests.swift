// Hostile input through the canvas: dashes along lines a billion points
// long (culled to what can be seen, the pattern still in phase), draws past
// the segment limit (dropped, counted, quick), coordinates at 1e30 and
// beyond, singular transforms with every paint, strokes of absurd widths,
// and surface sizes past the limits.

import Testing
@testable import Hairline

@Suite struct HostileInputTests {
    func line(from a: Point, to b: Point) -> Path {
        var path = Path()
        path.move(to: a)
        path.addLine(to: b)
        return path
    }

    func stroked(_ path: Path, _ style: StrokeStyle, size: Int = 24, limit: Int? = nil) throws -> (Surface, Canvas) {
        let surface = try Surface(width: size, height: size)
        let canvas = Canvas(surface: surface)
        if let limit { canvas.maximumSegmentCount = limit }
        canvas.stroke(path, with: .black, style: style)
        return (surface, canvas)
    }

    @Test func dashesAlongAHugeLineMatchTheVisiblePart() throws {
        // Only the dashes near the surface are generated, and the pattern
        // is advanced arithmetically over the rest: a line from −2,999,999
        // reaches x = 0 one unit into a [2 on, 1 off] period (2,999,999 =
        // 999,999 × 3 + 2), like a line from −2. Its far end is at 1e9.
        let style = StrokeStyle(width: 2, dashPattern: [2, 1])
        let (huge, canvas) = try stroked(line(from: Point(x: -2_999_999, y: 12), to: Point(x: 1e9, y: 12)), style)
        let (short, _) = try stroked(line(from: Point(x: -2, y: 12), to: Point(x: 40, y: 12)), style)
        #expect(canvas.droppedDrawCount == 0)
        #expect(huge.bytes == short.bytes)
        #expect(huge.pixel(x: 0, y: 12)!.alpha == 0 && huge.pixel(x: 1, y: 12)!.alpha == 255)
        // The same along a diagonal and with a phase.
        var diagonal = style
        diagonal.dashPhase = 0.75
        let d = 1e8 / 2.0.squareRoot()
        let (far, _) = try stroked(line(from: Point(x: 3, y: 3), to: Point(x: 3 + d, y: 3 + d)), diagonal)
        let (near, _) = try stroked(line(from: Point(x: 3, y: 3), to: Point(x: 40, y: 40)), diagonal)
        let worst = zip(far.bytes, near.bytes).map { abs(Int($0) - Int($1)) }.max()!
        #expect(worst <= 1)
    }

    @Test func closedDashedPathsPartlyOffTheSurfaceStillJoinTheirEnds() throws {
        // Two closed rectangles that agree on everything the surface shows:
        // the same top-left corner, perimeters equal modulo the [3, 2]
        // period (2 × (10,000,002 + 18) and 2 × (42 + 18), both multiples of
        // 5), so the pattern is in the same phase on every visible side and
        // the last dash meets the first at (2, 2) alike.
        let style = StrokeStyle(width: 1.5, lineJoin: .miter, dashPattern: [3, 2], dashPhase: 1.5)
        var big = Path(), small = Path()
        big.addRect(Rect(x: 2, y: 2, width: 10_000_002, height: 18))
        small.addRect(Rect(x: 2, y: 2, width: 42, height: 18))
        let (a, canvas) = try stroked(big, style)
        let (b, _) = try stroked(small, style)
        #expect(canvas.droppedDrawCount == 0)
        let worst = zip(a.bytes, b.bytes).map { abs(Int($0) - Int($1)) }.max()!
        #expect(worst <= 1)
        // The corner at (2, 2) is inked (the phase puts a dash across it).
        #expect(a.pixel(x: 1, y: 1)!.alpha > 100)
    }

    @Test func drawsPastTheSegmentLimitAreDroppedAndCounted() throws {
        // 15,000 visible dashes with a limit of 10,000 segments.
        let dense = StrokeStyle(width: 1, dashPattern: [0.001, 0.001])
        let (surface, canvas) = try stroked(line(from: Point(x: 0, y: 5), to: Point(x: 30, y: 5)), dense, limit: 10_000)
        #expect(canvas.droppedDrawCount == 1)
        #expect(surface.bytes.allSatisfy { $0 == 0 })
        // The same canvas goes on drawing what fits.
        canvas.stroke(line(from: Point(x: 0, y: 5), to: Point(x: 30, y: 5)), with: .black, style: StrokeStyle(width: 2))
        #expect(canvas.droppedDrawCount == 1)
        #expect(surface.pixel(x: 10, y: 5)!.alpha == 255)
        // A fill of many curves, and a stroke whose outline passes the
        // limit though its path does not.
        var curves = Path()
        curves.move(to: Point(x: 1, y: 1))
        for i in 0..<400 {
            curves.addCurve(
                to: Point(x: Double(i % 20) + 1, y: 20), control1: Point(x: 30, y: -10), control2: Point(x: -10, y: 30))
        }
        canvas.maximumSegmentCount = 2_000
        canvas.fill(curves, with: .black)
        #expect(canvas.droppedDrawCount == 2)
        var zigzag = Path()
        zigzag.move(to: Point(x: 0, y: 0))
        for i in 1...1_500 { zigzag.addLine(to: Point(x: Double(i % 2) * 20, y: Double(i) * 0.01)) }
        canvas.fill(zigzag, with: .black)
        #expect(canvas.droppedDrawCount == 2)
        canvas.stroke(zigzag, with: .black, style: StrokeStyle(width: 3, lineJoin: .round))
        #expect(canvas.droppedDrawCount == 3)
        canvas.maximumSegmentCount = 0
        #expect(canvas.maximumSegmentCount == 1)
        canvas.maximumSegmentCount = .max
        #expect(canvas.maximumSegmentCount == Canvas.segmentCountCeiling)
    }

    @Test func coordinatesAt1e30AndBeyondAreExactOrDropped() throws {
        // A rectangle from (4, 4) to (1e30, 1e30) covers every pixel from
        // (4, 4) on, exactly.
        var path = Path()
        path.addRect(Rect(x: 4, y: 4, width: 1e30, height: 1e30))
        let surface = try Surface(width: 12, height: 12)
        let canvas = Canvas(surface: surface)
        canvas.fill(path, with: .black)
        for y in 0..<12 {
            for x in 0..<12 {
                #expect(surface.pixel(x: x, y: y)!.alpha == (x >= 4 && y >= 4 ? 255 : 0))
            }
        }
        // Stroked: its top and left sides are drawn, 2 px wide.
        canvas.clear()
        canvas.stroke(path, with: .black, style: StrokeStyle(width: 2))
        #expect(surface.pixel(x: 3, y: 6)!.alpha == 255 && surface.pixel(x: 4, y: 6)!.alpha == 255)
        #expect(surface.pixel(x: 6, y: 3)!.alpha == 255 && surface.pixel(x: 6, y: 6)!.alpha == 0)
        // Past Double's range after the transform (1e300 × 1e10): the fill
        // is dropped and counted; the stroke's outline is culled piece by
        // piece (its infinite parts lie outside the surface), so it draws
        // nothing either.
        canvas.clear()
        canvas.scaleBy(x: 1e10, y: 1e10)
        var far = Path()
        far.addRect(Rect(x: 0, y: 0, width: 1e300, height: 1e300))
        canvas.fill(far, with: .black)
        canvas.stroke(far, with: .black, style: StrokeStyle(width: 1))
        #expect(canvas.droppedDrawCount >= 1)
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }

    @Test func absurdStrokeWidthsNeverTrap() throws {
        // A width of 1e30 dwarfs the 10 px line: its round and square ends
        // cover the surface; with butt caps the outline's corners round to
        // the same points (1e30 ± 7 is 1e30), so what is drawn is
        // unspecified, but every pixel is 0 or 255. A width past Double's
        // range after the transform draws nothing.
        let path = line(from: Point(x: 2, y: 2), to: Point(x: 9, y: 9))
        for join in [LineJoin.miter, .round, .bevel] {
            for cap in [LineCap.butt, .round, .square] {
                let (wide, _) = try stroked(path, StrokeStyle(width: 1e30, lineJoin: join, lineCap: cap), size: 12)
                if cap != .butt { #expect(wide.pixel(x: 5, y: 5)!.alpha == 255, "\(join) \(cap)") }
                #expect(wide.bytes.allSatisfy { $0 == 0 || $0 == 255 }, "\(join) \(cap)")
            }
        }
        let (huge, _) = try stroked(path, StrokeStyle(width: .greatestFiniteMagnitude, lineCap: .round), size: 12)
        #expect(huge.bytes.allSatisfy { $0 == 0 || $0 == 255 })
    }

    @Test func singularTransformsDrawNothingWithEveryPaint() throws {
        var path = Path()
        path.addRoundedRect(in: Rect(x: 1, y: 1, width: 10, height: 10), cornerRadius: 3)
        let gradient = Gradient(from: .black, to: .white)
        let image = try Image(width: 2, height: 2, colors: [.black, .white, .white, .black])
        let paints: [Paint] = [
            .solid(.black), .linearGradient(LinearGradient(gradient, start: .zero, end: Point(x: 10, y: 0))),
            .radialGradient(RadialGradient(gradient, center: Point(x: 5, y: 5), radius: 5)),
            .conicGradient(ConicGradient(gradient, center: Point(x: 5, y: 5))),
            .pattern(ImagePattern(image)),
        ]
        let singular = [
            AffineTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0), AffineTransform(scaleX: 0, y: 0),
            AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
        ]
        for t in singular {
            for paint in paints {
                let surface = try Surface(width: 12, height: 12)
                let canvas = Canvas(surface: surface)
                canvas.concatenate(t)
                canvas.fill(path, with: paint)
                canvas.stroke(path, with: paint, style: StrokeStyle(width: 2))
                canvas.stroke(path, with: paint, style: StrokeStyle(width: 0))
                canvas.draw(image, in: Rect(x: 0, y: 0, width: 12, height: 12))
                #expect(surface.bytes.allSatisfy { $0 == 0 }, "\(t), \(paint)")
            }
        }
        // A pattern whose own transform is singular paints nothing, and a
        // gradient whose points coincide paints its last stop.
        let surface = try Surface(width: 12, height: 12)
        let canvas = Canvas(surface: surface)
        canvas.fill(path, with: .pattern(ImagePattern(image, transform: AffineTransform(scaleX: 0, y: 1))))
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }

    @Test func surfacesPastTheLimitsThrowSayingWhy() {
        let cases = [
            (Surface.maximumDimension + 1, 1), (1, Surface.maximumDimension + 1), (1 << 15, 1 << 15),
            (Int.max, Int.max),
        ]
        for (w, h) in cases {
            #expect {
                _ = try Surface(width: w, height: h)
            } throws: { error in
                guard let e = error as? SurfaceError, case .tooLarge(w, h) = e else { return false }
                return "\(e)".contains("\(w) x \(h)")
            }
        }
        #expect(throws: SurfaceError.self) { _ = try Surface(width: -1, height: 4) }
        #expect(throws: SurfaceError.self) { _ = try Surface(width: 0, height: 0) }
    }
}
