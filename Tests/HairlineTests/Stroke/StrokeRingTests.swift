// Strokes of rects, rounded rects and circles built as geometry
// (StrokeRing.swift): on random shapes, radii, widths, scales and joins,
// the ring's coverage matches the general stroker's (the same path without
// its shape, which flattens and outlines: within its 3/255 curve bound)
// and the exact annulus (within 1/255: the ring's arcs are exact).

import Testing
import HairlineTestSupport
@_spi(Profiling) @testable import Hairline

@Suite struct StrokeRingTests {
    static func coverage(
        _ path: Path, style: StrokeStyle, scale: Double, width: Int, height: Int
    )
        throws -> ([Double], arcs: Int)
    {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.stroke(path, with: .black, style: style)
        let values = (0..<(width * height)).map { Double(surface.pixel(x: $0 % width, y: $0 / width)!.alpha) / 255 }
        // Exact curves: arc edges, or shapes covered in closed form.
        let statistics = canvas.renderer.rasterizer.statistics
        return (values, statistics.arcs + statistics.closedFormShapes)
    }

    /// The same commands without the shape: stroked the general way.
    static func general(_ path: Path) -> Path {
        var p = Path()
        p.addPath(path)
        return p
    }

    /// Random circular radii (some square corners) fitted to `rect`.
    static func randomRadii(_ rng: inout SplitMix64, _ rect: Rect) -> CornerRadii {
        func r() -> Size {
            let v = rng.int(in: 0...3) == 0 ? 0 : rng.double(in: 0.2...8)
            return Size(width: v, height: v)
        }
        // clamped(toFit:) scales every radius by one factor: circles stay circles.
        return CornerRadii(topLeft: r(), topRight: r(), bottomRight: r(), bottomLeft: r()).clamped(toFit: rect)
    }

    @Test func roundedRectRingMatchesGeneralStrokerAndExactAnnulus() throws {
        var rng = SplitMix64(seed: 91)
        var built = 0
        for i in 0..<40 {
            let scale = [1.0, 2, 3, 1.5, 2.5][i % 5]
            let rect = Rect(
                x: rng.double(in: 0.5...4), y: rng.double(in: 0.5...4),
                width: rng.double(in: 1...16), height: rng.double(in: 1...10))
            let radii = Self.randomRadii(&rng, rect)
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadii: radii)
            let join = [LineJoin.miter, .round, .bevel][i % 3]
            let width = [0, 1 / scale, rng.double(in: 0.1...3)][i % 3]
            let style = StrokeStyle(width: width, lineJoin: join)
            let w = Int((rect.maxX + 5) * scale), h = Int((rect.maxY + 5) * scale)
            let (ring, arcs) = try Self.coverage(path, style: style, scale: scale, width: w, height: h)
            let (general, _) = try Self.coverage(Self.general(path), style: style, scale: scale, width: w, height: h)
            let label = "\(rect) \(radii) width \(width) \(join) at \(scale)x"
            let diff = compareCoverage(ring, general, width: w)
            #expect(diff.maximum <= curveTolerance + 1.0 / 255, "ring vs general stroker, \(label): \(diff)")
            // The exact annulus: the outer and inner rounded rects of the
            // stroke's definition, sampled densely, the inner one reversed.
            let d = (width == 0 ? 1 / scale : width) / 2
            var outer = Path(), inner = Path()
            // Outside, a rounded corner grows by d; a square one (miter) stays square.
            func outset(_ s: Size) -> Size { s.width > 0 ? Size(width: s.width + d, height: s.width + d) : .zero }
            let outsetRadii = CornerRadii(
                topLeft: outset(radii.topLeft), topRight: outset(radii.topRight),
                bottomRight: outset(radii.bottomRight), bottomLeft: outset(radii.bottomLeft))
            func inset(_ s: Size) -> Size { s.width > d ? Size(width: s.width - d, height: s.width - d) : .zero }
            var scratch = Path()
            let applies =
                StrokeRing.build(
                    path.shape!, halfWidth: d, join: join, miterLimit: style.miterLimit,
                    into: &scratch) != nil
            #expect(applies == (arcs > 0 || !radiiHaveArcs(radii)), "ring used where it applies, \(label)")
            // Where it does not (inner corners that no longer fit their
            // sides), the general stroker drew it: checked above.
            guard applies else { continue }
            guard
                join == .miter
                    || [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft].allSatisfy({ $0.width > 0 })
            else { continue }  // round and bevel joins at square corners: checked against the stroker only
            outer.addRoundedRect(in: rect.insetBy(dx: -d, dy: -d), cornerRadii: outsetRadii)
            let t = AffineTransform(scaleX: scale, y: scale)
            var contours = CurveCoverageTests.denseContours(outer, transform: t, samples: 400)
            if rect.width > 2 * d && rect.height > 2 * d {
                inner.addRoundedRect(
                    in: rect.insetBy(dx: d, dy: d),
                    cornerRadii: CornerRadii(
                        topLeft: inset(radii.topLeft), topRight: inset(radii.topRight),
                        bottomRight: inset(radii.bottomRight), bottomLeft: inset(radii.bottomLeft)))
                contours += CurveCoverageTests.denseContours(inner, transform: t, samples: 400).map { $0.reversed() }
            }
            let exact = ExactCoverage(contours: contours, rule: .nonZero, width: w, height: h).coverage()
            let exactDiff = compareCoverage(ring, exact, width: w)
            #expect(exactDiff.maximum <= 1.0 / 255, "ring vs exact annulus, \(label): \(exactDiff)")
            if arcs > 0 { built += 1 }
        }
        #expect(built > 10, "most rings have exact arcs")
    }

    func radiiHaveArcs(_ r: CornerRadii) -> Bool {
        [r.topLeft, r.topRight, r.bottomRight, r.bottomLeft].contains { $0.width > 0 }
    }

    @Test func circleRingIsAnAnnulus() throws {
        var rng = SplitMix64(seed: 92)
        for i in 0..<16 {
            let scale = [1.0, 2, 3, 1.5][i % 4]
            let r = rng.double(in: 0.5...7), width = rng.double(in: 0.1...3)
            let center = Point(x: 8.3, y: 8.6)
            var path = Path()
            path.addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
            let style = StrokeStyle(width: width)
            let n = Int(17 * scale)
            let (ring, arcs) = try Self.coverage(path, style: style, scale: scale, width: n, height: n)
            #expect(arcs >= (r > width / 2 ? 2 : 1))
            let t = AffineTransform(scaleX: scale, y: scale)
            var outer = Path(), inner = Path()
            let d = width / 2
            outer.addEllipse(
                in: Rect(x: center.x - r - d, y: center.y - r - d, width: 2 * (r + d), height: 2 * (r + d)))
            var contours = CurveCoverageTests.denseContours(outer, transform: t, samples: 3000)
            if r > d {
                inner.addEllipse(
                    in: Rect(x: center.x - r + d, y: center.y - r + d, width: 2 * (r - d), height: 2 * (r - d)))
                contours += CurveCoverageTests.denseContours(inner, transform: t, samples: 3000).map { $0.reversed() }
            }
            let exact = ExactCoverage(contours: contours, rule: .nonZero, width: n, height: n).coverage()
            let diff = compareCoverage(ring, exact, width: n)
            #expect(diff.maximum <= 1.0 / 255, "circle r \(r) width \(width) at \(scale)x: \(diff)")
        }
    }

    @Test func shapeIsKeptOnlyForWholeShapes() {
        var rect = Path()
        rect.addRect(Rect(x: 0, y: 0, width: 4, height: 3))
        #expect(rect.shape == .roundedRect(Rect(x: 0, y: 0, width: 4, height: 3), CornerRadii(0)))
        var circle = Path()
        circle.addEllipse(in: Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(circle.shape == .ellipse(Rect(x: 0, y: 0, width: 4, height: 4)))
        var extended = rect
        extended.addLine(to: Point(x: 9, y: 9))
        #expect(extended.shape == nil && extended != rect)
        var two = Path()
        two.addRect(Rect(x: 0, y: 0, width: 4, height: 3))
        two.addRect(Rect(x: 5, y: 0, width: 4, height: 3))
        #expect(two.shape == nil)
        var continuous = Path()
        continuous.addRoundedRect(in: Rect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 3, curve: .continuous)
        #expect(continuous.shape == nil)
        // A transform without rotation or skew keeps the shape, mapped
        // (a reflection moves each corner's radii to the corner it lands
        // on); a rotation drops it.
        #expect(rect.applying(.identity).shape == rect.shape)
        #expect(
            rect.applying(AffineTransform(a: -2, b: 0, c: 0, d: 3, tx: 1, ty: 2)).shape
                == .roundedRect(Rect(x: -7, y: 2, width: 8, height: 9), CornerRadii(0)))
        var rounded = Path()
        rounded.addRoundedRect(
            in: Rect(x: 0, y: 0, width: 20, height: 10),
            cornerRadii: CornerRadii(
                topLeft: Size(width: 1, height: 1), topRight: Size(width: 2, height: 2),
                bottomRight: Size(width: 3, height: 3), bottomLeft: Size(width: 4, height: 4)))
        #expect(
            rounded.applying(AffineTransform(a: 1, b: 0, c: 0, d: -2, tx: 0, ty: 0)).shape
                == .roundedRect(
                    Rect(x: 0, y: -20, width: 20, height: 20),
                    CornerRadii(
                        topLeft: Size(width: 4, height: 8), topRight: Size(width: 3, height: 6),
                        bottomRight: Size(width: 2, height: 4), bottomLeft: Size(width: 1, height: 2))))
        #expect(
            circle.applying(AffineTransform(a: 2, b: 0, c: 0, d: 1, tx: 5, ty: 0)).shape
                == .ellipse(Rect(x: 5, y: 0, width: 8, height: 4)))
        #expect(rect.applying(AffineTransform(rotationAngle: 0.3)).shape == nil)
        #expect(rect.applying(AffineTransform(a: 0, b: 1, c: 1, d: 0, tx: 0, ty: 0)).shape == nil)
        // The hint is not part of equality.
        #expect(Self.general(rect) == rect)
    }

    @Test func ellipsesAndDashesUseTheGeneralStroker() throws {
        var ellipse = Path()
        ellipse.addEllipse(in: Rect(x: 2, y: 2, width: 10, height: 6))
        let (_, ellipseArcs) = try Self.coverage(ellipse, style: StrokeStyle(width: 1), scale: 1, width: 16, height: 12)
        #expect(ellipseArcs == 0)
        var rect = Path()
        rect.addRoundedRect(in: Rect(x: 2, y: 2, width: 10, height: 6), cornerRadius: 2)
        let dashed = StrokeStyle(width: 1, dashPattern: [2, 1])
        let (_, dashedArcs) = try Self.coverage(rect, style: dashed, scale: 1, width: 16, height: 12)
        #expect(dashedArcs == 0)
        // A hairline under a non-uniform scale is one device pixel, which
        // no user-space ring is.
        let surface = try Surface(width: 40, height: 20)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.scaleBy(x: 3, y: 1)
        canvas.stroke(rect, with: .black, style: .hairline)
        #expect(canvas.renderer.rasterizer.statistics.arcs == 0)
        #expect(canvas.renderer.rasterizer.statistics.closedFormShapes == 0)
    }
}
