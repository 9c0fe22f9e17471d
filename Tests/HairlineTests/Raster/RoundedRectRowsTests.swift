// Rounded rects, rects and circles covered in closed form
// (RoundedRectRows.swift): random shapes at random pixel offsets, scales,
// radii (equal ones, so the corner caches run, and unequal ones), partly
// outside the surface or the clip, narrow and pill-shaped, against the
// exact oracle (every pixel within 1/255) and against the same commands
// covered by arc edges.

import Testing
import HairlineTestSupport
@_spi(Profiling) @testable import Hairline

@Suite struct RoundedRectRowsTests {
    /// The engine's coverage (alpha / 255) of `path` filled black at
    /// `scale`, through `clip` (device pixels) if given, and the draw's
    /// closed-form shape count.
    static func coverage(
        _ path: Path, scale: Double, width: Int, height: Int,
        clip: Rect? = nil
    ) throws -> ([Double], closedForm: Int) {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: 1)
        if let clip {
            var c = Path()
            c.addRect(clip)
            canvas.clip(to: c)
        }
        canvas.scaleBy(x: scale, y: scale)
        canvas.fill(path, with: .black)
        let values = (0..<(width * height)).map { Double(surface.pixel(x: $0 % width, y: $0 / width)!.alpha) / 255 }
        return (values, canvas.renderer.rasterizer.statistics.closedFormShapes)
    }

    static func exact(_ path: Path, scale: Double, width: Int, height: Int) -> [Double] {
        ExactCoverage(
            contours: CurveCoverageTests.denseContours(
                path, transform: AffineTransform(scaleX: scale, y: scale),
                samples: 600),
            rule: .nonZero, width: width, height: height
        ).coverage()
    }

    /// A random rounded rect in a 30 x 24 px surface at `scale`: mirrored
    /// pixel offsets and equal radii half the time (the corner caches),
    /// otherwise anything, some square corners, some partly outside.
    static func randomShape(_ rng: inout SplitMix64, scale: Double) -> (Rect, CornerRadii) {
        let symmetric = rng.int(in: 0...1) == 0
        var x = rng.double(in: -3...12) / scale, y = rng.double(in: -3...10) / scale
        var w = rng.double(in: 0.3...30) / scale, h = rng.double(in: 0.3...22) / scale
        if symmetric {
            // Edges at the same offset inside their pixels, mirrored.
            let f = Double(rng.int(in: 0...3)) / 4
            x = (Double(rng.int(in: 0...8)) + f) / scale
            y = (Double(rng.int(in: 0...6)) + f) / scale
            w = (Double(rng.int(in: 1...20)) + 1 - 2 * f) / scale
            h = (Double(rng.int(in: 1...16)) + 1 - 2 * f) / scale
        }
        func r() -> Double { rng.int(in: 0...4) == 0 ? 0 : rng.double(in: 0.1...12) / scale }
        let radii: CornerRadii
        if symmetric {
            radii = CornerRadii(r())
        } else {
            func s() -> Size { let v = r(); return Size(width: v, height: v) }
            radii = CornerRadii(topLeft: s(), topRight: s(), bottomRight: s(), bottomLeft: s())
        }
        let rect = Rect(x: x, y: y, width: w, height: h)
        return (rect, radii.clamped(toFit: rect))
    }

    @Test func randomRoundedRectsAreExact() throws {
        var rng = SplitMix64(seed: 0xC105ED)
        var closed = 0
        for i in 0..<80 {
            let scale = [1.0, 2, 3, 1.5][i % 4]
            let (rect, radii) = Self.randomShape(&rng, scale: scale)
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadii: radii)
            let (engine, closedForm) = try Self.coverage(path, scale: scale, width: 30, height: 24)
            closed += closedForm
            let diff = compareCoverage(engine, Self.exact(path, scale: scale, width: 30, height: 24), width: 30)
            #expect(diff.maximum <= 1.0 / 255, "\(i): \(rect) \(radii) at \(scale)x: \(diff)")
            // The same commands as arc edges: both exact.
            var edges = Path()
            edges.addPath(path)
            let (viaEdges, noClosedForm) = try Self.coverage(edges, scale: scale, width: 30, height: 24)
            #expect(noClosedForm == 0)
            #expect(compareCoverage(engine, viaEdges, width: 30).maximum <= 2.0 / 255, "\(i): closed form vs edges")
        }
        #expect(closed > 60, "most shapes are covered in closed form")
    }

    @Test func circlesPillsAndSliversAreExact() throws {
        var shapes: [Path] = []
        for (x, y, d) in [(3.5, 4.5, 15.0), (2.2, 1.7, 0.6), (10, 10, 1), (0.25, 0.75, 20.5), (-6, 3, 14)] {
            var p = Path()
            p.addEllipse(in: Rect(x: x, y: y, width: d, height: d))
            shapes.append(p)
        }
        for rect in [
            Rect(x: 1.5, y: 3.25, width: 26, height: 6.5), Rect(x: 4.1, y: 2.3, width: 0.4, height: 17),
            Rect(x: 2.6, y: 10.1, width: 24, height: 0.3), Rect(x: 12.5, y: 2.5, width: 5, height: 18),
        ] {
            var p = Path()
            // Pills: the radius is half the short side.
            p.addRoundedRect(in: rect, cornerRadius: min(rect.width, rect.height) / 2)
            shapes.append(p)
        }
        for (i, path) in shapes.enumerated() {
            for scale in [1.0, 2.5] {
                let w = Int(30 * scale), h = Int(24 * scale)
                let (engine, closedForm) = try Self.coverage(path, scale: scale, width: w, height: h)
                #expect(closedForm == 1)
                let diff = compareCoverage(engine, Self.exact(path, scale: scale, width: w, height: h), width: w)
                #expect(diff.maximum <= 1.0 / 255, "shape \(i) at \(scale)x: \(diff)")
            }
        }
    }

    /// A clip cuts rows and columns out of the shape (its corner rows then
    /// cannot be cached): the pixels inside the clip are the unclipped
    /// draw's, and none outside are touched.
    @Test func clippedShapesKeepTheirPixels() throws {
        var rng = SplitMix64(seed: 0xC11B)
        for i in 0..<30 {
            let scale = [1.0, 2, 3][i % 3]
            let (rect, radii) = Self.randomShape(&rng, scale: scale)
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadii: radii)
            let clip = Rect(
                x: Double(rng.int(in: 0...12)), y: Double(rng.int(in: 0...10)),
                width: Double(rng.int(in: 1...18)), height: Double(rng.int(in: 1...14)))
            let (whole, _) = try Self.coverage(path, scale: scale, width: 30, height: 24)
            let (clipped, _) = try Self.coverage(path, scale: scale, width: 30, height: 24, clip: clip)
            for y in 0..<24 {
                for x in 0..<30 {
                    let inside =
                        Double(x) >= clip.minX && Double(x) < clip.maxX && Double(y) >= clip.minY
                        && Double(y) < clip.maxY
                    let k = y * 30 + x
                    if inside {
                        #expect(abs(clipped[k] - whole[k]) <= 1.0 / 255, "\(i): (\(x), \(y)) inside the clip")
                    } else {
                        #expect(clipped[k] == 0, "\(i): (\(x), \(y)) outside the clip")
                    }
                }
            }
        }
    }

    /// Huge shapes near a small surface (radii of up to millions of
    /// pixels, centres far outside; the circle's edge crosses the
    /// surface): the closed form agrees
    /// with arc edges (both exact), and its work stays bounded by the
    /// surface (each row computes at most the clip's columns).
    @Test func hugeShapesAcrossASmallSurface() throws {
        var rng = SplitMix64(seed: 0xB16)
        for i in 0..<12 {
            let r = [1e3, 1e5, 3e6][i % 3] * rng.double(in: 0.5...1)
            // The circle's edge passes near the surface's centre.
            let angle = rng.double(in: 0...(2 * Double.pi))
            let center = Point(x: 20 - r * _cos(angle), y: 20 - r * _sin(angle))
            var circle = Path()
            circle.addEllipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r))
            var rounded = Path()
            rounded.addRoundedRect(
                in: Rect(x: center.x - r, y: center.y - r, width: 2.5 * r, height: 2 * r),
                cornerRadius: r)
            for (k, path) in [circle, rounded].enumerated() {
                let (engine, closedForm) = try Self.coverage(path, scale: 1, width: 40, height: 40)
                #expect(closedForm == 1, "\(i)")
                var edges = Path()
                edges.addPath(path)
                let (viaEdges, _) = try Self.coverage(edges, scale: 1, width: 40, height: 40)
                #expect(compareCoverage(engine, viaEdges, width: 40).maximum <= 2.0 / 255, "\(i): r \(r)")
                if k == 0 {
                    #expect(
                        engine.contains { $0 > 0 } && engine.contains { $0 < 1 }, "\(i): the edge crosses the surface")
                }
            }
        }
    }

    /// What is not covered in closed form: elliptical corners, non-uniform
    /// scales, rotations, paths with more than the shape.
    @Test func otherShapesAndTransformsTakeTheEdges() throws {
        var elliptical = Path()
        elliptical.addRoundedRect(
            in: Rect(x: 2, y: 2, width: 20, height: 12),
            cornerRadii: CornerRadii(
                topLeft: Size(width: 4, height: 2), topRight: Size(width: 4, height: 4),
                bottomRight: Size(width: 4, height: 4),
                bottomLeft: Size(width: 4, height: 4)))
        var rounded = Path()
        rounded.addRoundedRect(in: Rect(x: 2, y: 2, width: 20, height: 12), cornerRadius: 4)
        var more = rounded
        more.addRect(Rect(x: 24, y: 2, width: 3, height: 3))
        let surface = try Surface(width: 40, height: 30)
        for (path, transform, expected) in [
            (elliptical, AffineTransform.identity, 0), (rounded, .identity, 1), (more, .identity, 0),
            (rounded, AffineTransform(scaleX: 1.5, y: 1), 0), (rounded, AffineTransform(rotationAngle: 0.1), 0),
            (rounded, AffineTransform(scaleX: -1, y: -1).translatedBy(x: -30, y: -20), 0),
        ] {
            let canvas = Canvas(surface: surface)
            canvas.concatenate(transform)
            canvas.fill(path, with: .black)
            #expect(canvas.renderer.rasterizer.statistics.closedFormShapes == expected, "\(transform)")
        }
    }
}
