// Continuous corners: the control points of GEOMETRY.md's table, the
// corner's apex and flat joins to the edges, the blend toward circular
// corners when a side is too short (continuous as the rect shrinks), and
// coverage against the true curves at 1x, 2x and 3x.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct ContinuousCornerTests {
    /// The area enclosed by the path's dense polygon (shoelace), positive
    /// for clockwise-on-screen contours.
    static func area(_ path: Path) -> Double {
        CurveCoverageTests.denseContours(path, samples: 400).reduce(0) { sum, contour in
            var a = 0.0
            for i in contour.indices {
                let p = contour[i], q = contour[(i + 1) % contour.count]
                a += p.x * q.y - q.x * p.y
            }
            return sum + a / 2
        }
    }

    static func continuousRect(_ rect: Rect, _ radius: Double, corners: RectCorner = .all) -> Path {
        var path = Path()
        path.addRoundedRect(in: rect, cornerRadius: radius, corners: corners, curve: .continuous)
        return path
    }

    @Test func cornerFollowsThePublishedControlPoints() {
        let r = 20.0
        let path = Self.continuousRect(Rect(x: 0, y: 0, width: 200, height: 100), r)
        // Starts where the top-left corner meets the top edge.
        #expect(path.elements.first == .move(to: Point(x: 1.528665 * r, y: 0)))
        // The top-right corner: a line to its start, then three cubics.
        guard case .line(let start) = path.elements[1], case .curve(let j1, let c1, let c2) = path.elements[2],
            case .curve(let j2, let c3, let c4) = path.elements[3],
            case .curve(let end, let c5, let c6) = path.elements[4]
        else {
            Issue.record("unexpected elements \(path.elements.prefix(5))")
            return
        }
        func near(_ p: Point, _ u: Double, _ v: Double) -> Bool {
            abs(p.x - (200 - u * r)) < 1e-9 && abs(p.y - v * r) < 1e-9
        }
        #expect(near(start, 1.528665, 0) && near(c1, 1.08849, 0) && near(c2, 0.868407, 0))
        #expect(near(j1, 0.631494, 0.0749114) && near(c3, 0.372824, 0.16906) && near(c4, 0.16906, 0.372824))
        #expect(
            near(j2, 0.0749114, 0.631494) && near(c5, 0, 0.868407) && near(c6, 0, 1.08849) && near(end, 0, 1.528665))
        // Zero curvature where it leaves the edges: the first two control
        // points lie on the edge line.
        #expect(c1.y == 0 && c2.y == 0 && c5.x == 200 && c6.x == 200)
        // The apex (the middle cubic's midpoint, on the diagonal) is 0.2915 r
        // from each edge; a circle's would be 0.2929 r.
        let apex = (j1 + c3 * 3 + c4 * 3 + j2) * 0.125
        #expect(abs((200 - apex.x) / r - 0.2915) < 2e-4)
        #expect(abs(apex.y / r - 0.2915) < 2e-4)
        // The published pieces meet at a slight kink (about 2.4°, not G1):
        // recorded here so a change of table is noticed.
        let a = j1 - c2, b = c3 - j1
        let sinKink = abs(a.x * b.y - a.y * b.x) / (a.length * b.length)
        #expect(sinKink > 0.03 && sinKink < 0.05)
    }

    @Test func outlineIsClosedClockwiseAndFillsItsRect() {
        let rect = Rect(x: 3, y: 4, width: 120, height: 60)
        for radius in [0.0, 5, 10, 19.6, 30] {
            let path = Self.continuousRect(rect, radius)
            #expect(path.elements.last == .closeSubpath)
            let bounds = path.bounds
            #expect(abs(bounds.minX - 3) < 1e-9 && abs(bounds.maxX - 123) < 1e-9, "r \(radius)")
            #expect(abs(bounds.minY - 4) < 1e-9 && abs(bounds.maxY - 64) < 1e-9)
            let area = Self.area(path)
            #expect(area > 0 && area <= 120 * 60 + 1e-9, "clockwise on screen, inside its rect")
        }
        // Less is cut off than by circular corners of the same radius? No:
        // a continuous corner starts farther out, so it removes more area.
        var circular = Path()
        circular.addRoundedRect(in: rect, cornerRadius: 10)
        #expect(Self.area(Self.continuousRect(rect, 10)) < Self.area(circular))
    }

    @Test func symmetricUnderMirroring() {
        let rect = Rect(x: 0, y: 0, width: 80, height: 50)
        let path = Self.continuousRect(rect, 12)
        let contour = CurveCoverageTests.denseContours(path, samples: 64)[0]
        // Every point's mirror image (x -> 80 - x) is on the outline too.
        for p in contour.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
            let m = Point(x: 80 - p.x, y: p.y)
            let nearest = contour.map { ($0 - m).length }.min()!
            #expect(nearest < 0.05, "\(p)")
        }
    }

    @Test func shrinkingRectBlendsContinuouslyToCircular() {
        // A 40 pt wide rect with radius 10: continuous corners fit while the
        // height is at least 2 * 1.528665 * 10; below that they blend, and
        // at a height of 20 (a pill) they are circular.
        var previous: Double?
        var height = 40.0
        while height >= 20 {
            let rect = Rect(x: 0, y: 0, width: 40, height: height)
            let area = Self.area(Self.continuousRect(rect, 10))
            if let previous {
                // Shrinking the height by 0.05 changes the area by at most
                // the strip removed (40 * 0.05) plus a little.
                #expect(abs(previous - area) < 40 * 0.05 * 1.05, "height \(height)")
            }
            previous = area
            height -= 0.05
        }
        // At the pill, exactly the circular shape.
        var circular = Path()
        circular.addRoundedRect(in: Rect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 10)
        let pill = Self.continuousRect(Rect(x: 0, y: 0, width: 40, height: 20), 10)
        #expect(abs(Self.area(pill) - Self.area(circular)) < 1e-9 * Self.area(circular))
        // Just above the pill, within the arc cubics' error of the circular
        // shape of the same size.
        let nearRect = Rect(x: 0, y: 0, width: 40, height: 20.0001)
        var nearCircular = Path()
        nearCircular.addRoundedRect(in: nearRect, cornerRadius: 10)
        #expect(abs(Self.area(Self.continuousRect(nearRect, 10)) - Self.area(nearCircular)) < 4e-3)
        // The circular end of the blend: three arc cubics within 6e-6
        // radius of the unit circle around (1, 1).
        let polygon = ContinuousCorner.circular
        var worst = 0.0
        for piece in 0..<3 {
            let p0 = polygon[3 * piece], p1 = polygon[3 * piece + 1], p2 = polygon[3 * piece + 2],
                p3 = polygon[3 * piece + 3]
            for i in 0...200 {
                let s = Double(i) / 200, u = 1 - s
                let x = p0.u * u * u * u + 3 * p1.u * u * u * s + 3 * p2.u * u * s * s + p3.u * s * s * s
                let y = p0.v * u * u * u + 3 * p1.v * u * u * s + 3 * p2.v * u * s * s + p3.v * s * s * s
                worst = max(worst, abs(((x - 1) * (x - 1) + (y - 1) * (y - 1)).squareRoot() - 1))
            }
        }
        #expect(worst < 6e-6)
        // The blend endpoints: fully continuous at 2 * 1.528665 * r.
        let fits = Self.continuousRect(Rect(x: 0, y: 0, width: 40, height: 2 * 1.528665 * 10), 10)
        guard case .line(let p) = fits.elements[1] else { Issue.record("no line"); return }
        #expect(abs(p.x - (40 - 15.28665)) < 1e-9)
    }

    @Test func ellipticalRadiiCornerMasksAndBadRadii() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 60)
        // Elliptical: horizontal extents scale with rx, vertical with ry.
        var path = Path()
        path.addRoundedRect(
            in: rect,
            cornerRadii: CornerRadii(
                topLeft: Size(width: 10, height: 5), topRight: .zero,
                bottomRight: .zero, bottomLeft: .zero), curve: .continuous)
        #expect(path.elements.first == .move(to: Point(x: 15.28665, y: 0)))
        guard case .curve(let end, _, _) = path.elements.dropLast().last else { Issue.record("no curve"); return }
        #expect(abs(end.x - 15.28665) < 1e-9 && end.y == 0)
        let bounds = path.bounds
        #expect(bounds.minX == 0 && bounds.maxX == 100 && bounds.minY == 0 && bounds.maxY == 60)
        // Only the top corners: the bottom ones are square vertices.
        let top = Self.continuousRect(rect, 10, corners: .top)
        #expect(top.elements.contains(.line(to: Point(x: 100, y: 60))))
        #expect(top.elements.contains(.line(to: Point(x: 0, y: 60))))
        // Non-finite radii: a plain rect; negative: square corners.
        let nan = Self.continuousRect(rect, .nan)
        var plain = Path()
        plain.addRect(rect)
        #expect(nan == plain)
        #expect(abs(Self.area(Self.continuousRect(rect, -4)) - 6000) < 1e-9)
        // Circular is the default and unchanged.
        var a = Path(), b = Path()
        a.addRoundedRect(in: rect, cornerRadius: 10)
        b.addRoundedRect(in: rect, cornerRadius: 10, curve: .circular)
        #expect(a == b)
    }

    @Test(arguments: [1.0, 2, 3])
    func coverageMatchesTheTrueCurves(scale: Double) throws {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<8 {
            let rect = Rect(
                x: rng.double(in: 0...2), y: rng.double(in: 0...2),
                width: rng.double(in: 8...20), height: rng.double(in: 6...14))
            let radius = rng.double(in: 1...7)
            let path = Self.continuousRect(rect, radius)
            let w = Int(24 * scale), h = Int(18 * scale)
            let surface = try Surface(width: w, height: h)
            let canvas = Canvas(surface: surface, scale: scale)
            canvas.fill(path, with: .black)
            let engine = (0..<(w * h)).map { Double(surface.pixel(x: $0 % w, y: $0 / w)!.alpha) / 255 }
            let exact = ExactCoverage(
                contours: CurveCoverageTests.denseContours(path, transform: AffineTransform(scaleX: scale, y: scale)),
                rule: .nonZero, width: w, height: h
            ).coverage()
            let diff = compareCoverage(engine, exact, width: w)
            #expect(diff.maximum <= curveTolerance, "\(rect) r \(radius) @\(scale)x: \(diff)")
        }
    }
}
