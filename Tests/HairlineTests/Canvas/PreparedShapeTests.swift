// `Canvas.prepareFill`/`prepareStroke` and the draws from prepared edges:
// a shape prepared once over every row of a surface and drawn by
// canvases over bands of it (row windows of 1 to 37 rows, odd heights)
// gives the bytes of drawing the path over the whole surface, for random
// curved and self-intersecting fills, strokes (joins, caps, dashes),
// fills with strokes, paints, blend modes, alpha, clips and scales; a
// prepared shape that is not the draw's is ignored (the path is drawn).

import Testing
@_spi(Testing) import Hairline
import HairlineTestSupport

@Suite struct PreparedShapeTests {
    /// Rows `0..<height` cut into bands of `rows` rows (the last fewer).
    static func bands(height: Int, rows: Int) -> [Range<Int>] {
        Swift.stride(from: 0, to: height, by: rows).map { $0..<min($0 + rows, height) }
    }

    /// One to three contours of lines, quadratic and cubic curves, often
    /// crossing themselves and each other, reaching past the surface.
    static func curvyPath(_ rng: inout SplitMix64, width: Double, height: Double) -> Path {
        var path = Path()
        func point() -> Point { Point(x: rng.double(in: -6...width + 6), y: rng.double(in: -6...height + 6)) }
        for _ in 0..<rng.int(in: 1...3) {
            path.move(to: point())
            for _ in 0..<rng.int(in: 1...6) {
                switch rng.int(in: 0...2) {
                case 0: path.addLine(to: point())
                case 1: path.addQuadCurve(to: point(), control: point())
                default: path.addCurve(to: point(), control1: point(), control2: point())
                }
            }
            if rng.int(in: 0...3) > 0 { path.closeSubpath() }
        }
        return path
    }

    /// What one round draws, and the state both canvases draw it in.
    struct Draw {
        var path: Path
        var fill: Paint
        var stroke: Paint
        var style: StrokeStyle
        var rule: FillRule
        /// 0: a fill, 1: a stroke, 2: both together.
        var kind: Int
        var mode: BlendMode
        var alpha: Double
        /// A clip of whole rows (the prepared edges still serve it) or of
        /// fewer columns (the path is drawn instead).
        var clip: Rect?

        func setUp(_ canvas: Canvas) {
            canvas.blendMode = mode
            canvas.globalAlpha = alpha
            if let clip { canvas.clip(to: clip) }
        }

        func draw(on canvas: Canvas, fill preparedFill: PreparedShape?, stroke preparedStroke: PreparedShape?) {
            switch kind {
            case 0: canvas.fill(path, with: fill, rule: rule, prepared: preparedFill)
            case 1: canvas.stroke(path, with: stroke, style: style, prepared: preparedStroke)
            default:
                canvas.draw(
                    path, fill: fill, stroke: stroke, style: style, rule: rule, preparedFill: preparedFill,
                    preparedStroke: preparedStroke)
            }
        }

        func drawPath(on canvas: Canvas) {
            switch kind {
            case 0: canvas.fill(path, with: fill, rule: rule)
            case 1: canvas.stroke(path, with: stroke, style: style)
            default: canvas.draw(path, fill: fill, stroke: stroke, style: style, rule: rule)
            }
        }
    }

    static func randomDraw(_ rng: inout SplitMix64, width: Double, height: Double, image: Image) -> Draw {
        let path =
            rng.int(in: 0...3) == 0
            ? PendingClearTests.randomPath(&rng, width: width, height: height)
            : curvyPath(&rng, width: width, height: height)
        let style = StrokeStyle(
            width: [0, 1, rng.double(in: 0.1...4)][rng.int(in: 0...2)],
            lineJoin: [LineJoin.miter, .round, .bevel][rng.int(in: 0...2)],
            lineCap: [LineCap.butt, .round, .square][rng.int(in: 0...2)],
            dashPattern: rng.int(in: 0...4) == 0 ? [3, 1.5] : [])
        var clip: Rect?
        switch rng.int(in: 0...5) {
        case 0: clip = Rect(x: -1, y: rng.double(in: 0...height), width: width + 2, height: rng.double(in: 0...height))
        case 1: clip = Rect(x: rng.double(in: 0...width), y: 0, width: rng.double(in: 0...width), height: height)
        default: break
        }
        return Draw(
            path: path, fill: PendingClearTests.randomPaint(&rng, image: image),
            stroke: PendingClearTests.randomPaint(&rng, image: image), style: style,
            rule: rng.int(in: 0...1) == 0 ? .nonZero : .evenOdd, kind: rng.int(in: 0...2),
            mode: rng.int(in: 0...3) == 0 ? [.multiply, .screen, .copy, .xor][rng.int(in: 0...3)] : .sourceOver,
            alpha: rng.int(in: 0...3) == 0 ? rng.double(in: 0...1) : 1, clip: clip)
    }

    @Test(arguments: [1, 3, 7, 37])
    func bandsDrawnFromPreparedEdgesMatchTheWholeDraw(rows: Int) throws {
        var rng = SplitMix64(seed: 4_100 + UInt64(rows))
        let image = try PendingClearTests.mixedImage()
        var preparedDraws = 0
        for round in 0..<50 {
            let scale = [1.0, 2, 1.5][round % 3]
            let width = rng.int(in: 1...48), height = rng.int(in: 2...90)
            let whole = try Surface(width: width, height: height), banded = try Surface(width: width, height: height)
            let draw = Self.randomDraw(&rng, width: Double(width) / scale, height: Double(height) / scale, image: image)
            let start = PendingClearTests.randomColor(&rng).premultiplied
            whole.clear(to: start)
            banded.clear(to: start)
            let serial = Canvas(surface: whole, scale: scale)
            draw.setUp(serial)
            draw.drawPath(on: serial)
            let bands = try banded.bands(Self.bands(height: height, rows: rows))
            // Prepared once, on a canvas over one band (as a banded render
            // does), in its base state.
            let preparer = Canvas(surface: bands[bands.count / 2].makeWindow(), scale: scale)
            let fill = preparer.prepareFill(draw.path)
            let stroke = preparer.prepareStroke(draw.path, style: draw.style)
            for band in bands.reversed() {
                let canvas = Canvas(surface: band.makeWindow(), scale: scale)
                draw.setUp(canvas)
                draw.draw(on: canvas, fill: fill, stroke: stroke)
                preparedDraws += canvas.preparedDrawCount
            }
            #expect(
                banded.bytes == whole.bytes,
                "round \(round): kind \(draw.kind), \(draw.path.elements.count) elements, \(draw.style), \(draw.mode), \(scale)x, clip \(String(describing: draw.clip))"
            )
        }
        #expect(preparedDraws > 30)
    }

    /// A prepared shape of another path, style, transform or tolerance is
    /// not used: the canvas draws the path.
    static let red = Paint.solid(Color(red: 1, green: 0, blue: 0))
    static let green = Paint.solid(Color(red: 0, green: 0.6, blue: 0, alpha: 0.7))
    static let blue = Paint.solid(Color(red: 0, green: 0, blue: 1, alpha: 0.5))
    static let black = Paint.solid(.black)

    @Test func aPreparedShapeOfAnotherDrawIsIgnored() throws {
        var rng = SplitMix64(seed: 77)
        var a = Self.curvyPath(&rng, width: 30, height: 30)
        while a.elements.count < 3 { a = Self.curvyPath(&rng, width: 30, height: 30) }
        let b = Self.curvyPath(&rng, width: 30, height: 30)
        let style = StrokeStyle(width: 2)
        let expected = try Surface(width: 30, height: 30), got = try Surface(width: 30, height: 30)
        let reference = Canvas(surface: expected)
        let canvas = Canvas(surface: got)
        let preparedA = try #require(canvas.prepareFill(a))
        let strokeA = try #require(canvas.prepareStroke(a, style: style))
        #expect(preparedA.edgeCount > 0 && preparedA.byteCount >= preparedA.edgeCount * 32)
        // Another path; another style; another transform; another tolerance.
        reference.fill(b, with: Self.red)
        canvas.fill(b, with: Self.red, prepared: preparedA)
        reference.stroke(a, with: Self.blue, style: StrokeStyle(width: 3))
        canvas.stroke(a, with: Self.blue, style: StrokeStyle(width: 3), prepared: strokeA)
        // A fill's edges offered to a stroke.
        canvas.stroke(a, with: Self.blue, style: style, prepared: preparedA)
        reference.stroke(a, with: Self.blue, style: style)
        for c in [reference, canvas] { c.translateBy(x: 0.25, y: 0) }
        canvas.fill(a, with: Self.green, rule: .evenOdd, prepared: preparedA)
        reference.fill(a, with: Self.green, rule: .evenOdd)
        for c in [reference, canvas] { c.translateBy(x: -0.25, y: 0) }
        let tolerance = canvas.flatteningTolerance
        for c in [reference, canvas] { c.flatteningTolerance = 0.5 }
        reference.fill(a, with: Self.black)
        canvas.fill(a, with: Self.black, prepared: preparedA)
        #expect(canvas.preparedDrawCount == 0)
        #expect(got.bytes == expected.bytes)
        // The draw it was made for uses it.
        for c in [reference, canvas] { c.flatteningTolerance = tolerance }
        canvas.fill(a, with: Self.red, prepared: preparedA)
        reference.fill(a, with: Self.red)
        #expect(canvas.preparedDrawCount == 1)
        #expect(got.bytes == expected.bytes)
    }

    /// Nothing to share: non-finite geometry (drawing the path drops and
    /// counts it, as without preparation), a shape covered in closed form.
    @Test func drawsWithNothingToShareAreNotPrepared() throws {
        let surface = try Surface(width: 20, height: 20)
        let canvas = Canvas(surface: surface)
        var broken = Path()
        broken.move(to: Point(x: 1, y: 1))
        broken.addLine(to: Point(x: .nan, y: 4))
        broken.addLine(to: Point(x: 9, y: 12))
        #expect(canvas.prepareFill(broken) == nil)
        canvas.fill(broken, with: Self.red, prepared: canvas.prepareFill(broken))
        #expect(canvas.droppedDrawCount == 1)
        var rect = Path()
        rect.addRect(Rect(x: 2, y: 2, width: 10, height: 10))
        #expect(canvas.prepareFill(rect) == nil)
        var triangle = Path()
        triangle.move(to: Point(x: 1, y: 1))
        triangle.addLine(to: Point(x: 19, y: 4))
        triangle.addLine(to: Point(x: 9, y: 19))
        let prepared = try #require(canvas.prepareFill(triangle))
        #expect(prepared.edgeCount == 3)
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }
}
