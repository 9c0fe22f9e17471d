// Draws resolved as a whole (Raster/WindingResolution.swift): small draws
// that are not known simple get edges bounding their inside, with windings
// 0 and 1 only, before the rows. Checked against the exact-area oracle
// (random self-crossing polygons, several contours, strokes' outlines),
// against the row resolver (both exact, so within 1/255 of each other),
// and across bands of a surface, clips of fewer rows and prepared edges:
// the bytes of drawing over the whole surface.

import Testing
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
@testable import Hairline
import HairlineTestSupport

@Suite struct WholeDrawResolutionTests {
    static let width = 24, height = 20

    /// `contours` filled in opaque black by `renderer` on a fresh surface;
    /// the coverage, and whether the draw was resolved as a whole.
    static func fill(_ contours: [[Point]], rule: FillRule, renderer: Renderer) throws -> ([Double], Bool) {
        let surface = try Surface(width: width, height: height)
        renderer.fill(
            polygonPath(contours), transform: .identity, tolerance: 0.008, rule: rule,
            color: Color.black.premultiplied, into: surface)
        let coverage = (0..<(width * height)).map { Double(surface.pixel(x: $0 % width, y: $0 / width)!.alpha) / 255 }
        return (coverage, renderer.rasterizer.builder.windingsResolved)
    }

    /// One to three random contours of 3 to 20 vertices inside the surface
    /// (or reaching past it, when `margin` > 0).
    static func randomContours(_ rng: inout SplitMix64, margin: Double) -> [[Point]] {
        (0..<rng.int(in: 1...3)).map { _ in
            (0..<rng.int(in: 3...20)).map { _ in
                Point(
                    x: rng.double(in: -margin...(Double(width) + margin)),
                    y: rng.double(in: -margin...(Double(height) + margin)))
            }
        }
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func selfCrossingPolygonsResolvedWholeAreExact(rule: FillRule) throws {
        let renderer = Renderer()
        var resolved = 0
        for seed in UInt64(1)...200 {
            var rng = SplitMix64(seed: 7_000 + seed)
            let contours = Self.randomContours(&rng, margin: 0)
            let (engine, whole) = try Self.fill(contours, rule: rule, renderer: renderer)
            if whole { resolved += 1 }
            let exact = ExactCoverage(contours: contours, rule: rule, width: Self.width, height: Self.height)
                .coverage()
            let diff = compareCoverage(engine, exact, width: Self.width)
            #expect(diff.maximum <= polygonTolerance, "seed \(seed), \(rule): \(diff)")
        }
        // Every draw of at most 64 edges that is not one convex contour.
        #expect(resolved > 150)
    }

    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func wholeDrawsAndTheRowResolverAgree(rule: FillRule) throws {
        let whole = Renderer(), rows = Renderer()
        rows.rasterizer.resolverLimits.wholeDrawEdgeLimit = 0
        for seed in UInt64(1)...100 {
            var rng = SplitMix64(seed: 8_000 + seed)
            // Reaching past the surface: cut at its sides and rows.
            let contours = Self.randomContours(&rng, margin: seed % 2 == 0 ? 0 : 5)
            let (a, _) = try Self.fill(contours, rule: rule, renderer: whole)
            let (b, byRows) = try Self.fill(contours, rule: rule, renderer: rows)
            #expect(!byRows)
            #expect(compareCoverage(a, b, width: Self.width).maximum <= 1.0 / 255 + 1e-9, "seed \(seed)")
        }
    }

    /// The resolved edges of the draw `renderer` built last, in a
    /// canonical order (the sweep and the sorted slabs emit them in
    /// different orders).
    static func resolvedEdges(_ renderer: Renderer) -> [[Int]] {
        let builder = renderer.rasterizer.builder
        return (0..<builder.edges.count).map { i -> [Int] in
            let e = builder.edges[i]
            return [
                Int(e.firstRow), Int(e.y0), Int(e.lastRow), Int(e.y1), e.x0, e.x1, e.xBoundary, e.step,
                Int(e.winding), Int(e.chain),
            ]
        }.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The sweep down the slabs (each slab changing only the places its
    /// events touch) keeps the pieces that sorting every slab keeps:
    /// random polygons, polygons on a coarse grid (shared vertices,
    /// collinear and coincident edges, crossings at vertices), many
    /// vertices in few rows (dozens of crossings a row), and strokes'
    /// outlines, both rules: the same edges and the same bytes.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func sweptSlabsKeepWhatSortedSlabsKeep(rule: FillRule) throws {
        let swept = Renderer(), sorted = Renderer()
        swept.rasterizer.windingScratch.sweepLineMinimum = 0
        sorted.rasterizer.windingScratch.sweepLineMinimum = .max
        var resolved = 0
        for seed in UInt64(1)...400 {
            var rng = SplitMix64(seed: 12_000 + seed)
            let kind = Int(seed % 4)
            let contours: [[Point]] = (0..<rng.int(in: 1...3)).map { _ in
                (0..<rng.int(in: 3...(kind == 2 ? 40 : 14))).map { _ in
                    switch kind {
                    case 1:
                        Point(x: Double(rng.int(in: 0...6)) * 3, y: Double(rng.int(in: 0...5)) * 3)
                    case 2:
                        Point(x: rng.double(in: 4...12), y: rng.double(in: 4...12))
                    default:
                        Point(x: rng.double(in: 0...Double(Self.width)), y: rng.double(in: 0...Double(Self.height)))
                    }
                }
            }
            for renderer in [swept, sorted] {
                renderer.rasterizer.resolverLimits.wholeDrawEdgeLimit = 200
            }
            let a = try Surface(width: Self.width, height: Self.height)
            let b = try Surface(width: Self.width, height: Self.height)
            let color = Color(red: 0.3, green: 0.6, blue: 0.1, alpha: 0.9).premultiplied
            if kind == 3 {
                let style = StrokeStyle(width: rng.double(in: 0.5...4), lineJoin: .miter, miterLimit: 4)
                for (renderer, surface) in [(swept, a), (sorted, b)] {
                    renderer.stroke(
                        polygonPath(contours), style: style, transform: .identity, tolerance: 0.008,
                        shader: .solid(surface.format.pack(color)),
                        clip: Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: Self.width, maxY: Self.height)),
                        into: surface)
                }
            } else {
                for (renderer, surface) in [(swept, a), (sorted, b)] {
                    renderer.fill(
                        polygonPath(contours), transform: .identity, tolerance: 0.008, rule: rule, color: color,
                        into: surface)
                }
            }
            let wholeA = swept.rasterizer.builder.windingsResolved
            #expect(wholeA == sorted.rasterizer.builder.windingsResolved, "seed \(seed)")
            if wholeA { resolved += 1 }
            guard kind == 1 else {
                if wholeA {
                    #expect(Self.resolvedEdges(swept) == Self.resolvedEdges(sorted), "seed \(seed), kind \(kind)")
                }
                #expect(a.bytes == b.bytes, "seed \(seed), kind \(kind)")
                continue
            }
            // On the grid, lines meet and overlap: where two lines lie
            // closer than x's rounding (coincident edges, crossings an ulp
            // apart) the sweep keeps its events' order and sorting takes
            // x's, so the pieces may differ; both are exact.
            let exact = ExactCoverage(contours: contours, rule: rule, width: Self.width, height: Self.height)
                .coverage()
            for surface in [a, b] {
                let coverage = (0..<(Self.width * Self.height)).map {
                    Double(surface.pixel(x: $0 % Self.width, y: $0 / Self.width)!.alpha) / 0.9 / 255
                }
                #expect(
                    compareCoverage(coverage, exact, width: Self.width).maximum <= polygonTolerance + 1.0 / 255,
                    "seed \(seed)")
            }
        }
        #expect(resolved > 250)
    }

    /// Many lines through nearly one point (stars {n/k} whose crossings
    /// bunch at the centre, heights an ulp apart) and fans of triangles
    /// sharing a vertex and sides: swept (forced for every size) and by
    /// default, both rules, within the polygon tolerance of the exact
    /// area.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func starsAndFansThroughOnePointAreExact(rule: FillRule) throws {
        let centre = Point(x: 12, y: 10)
        var cases: [[[Point]]] = []
        for (n, turn) in [(17, 0.0), (23, 0.1), (31, 0.37), (31, Double.pi / 2)] {
            let k = (n - 1) / 2
            cases.append([
                (0..<n).map { i in
                    let angle = turn + 2 * Double.pi * Double(i * k % n) / Double(n)
                    return Point(x: centre.x + 9 * cos(angle), y: centre.y + 9 * sin(angle))
                }
            ])
        }
        for blades in [6, 12, 20] {
            cases.append(
                (0..<blades).map { i in
                    let a = 2 * Double.pi * Double(i) / Double(blades)
                    let b = 2 * Double.pi * Double(i + 1) / Double(blades)
                    return [
                        centre, Point(x: centre.x + 9 * cos(a), y: centre.y + 9 * sin(a)),
                        Point(x: centre.x + 9 * cos(b), y: centre.y + 9 * sin(b)),
                    ]
                })
        }
        let swept = Renderer(), byDefault = Renderer()
        swept.rasterizer.windingScratch.sweepLineMinimum = 0
        for (c, contours) in cases.enumerated() {
            let exact = ExactCoverage(contours: contours, rule: rule, width: Self.width, height: Self.height)
                .coverage()
            for renderer in [swept, byDefault] {
                let (engine, whole) = try Self.fill(contours, rule: rule, renderer: renderer)
                #expect(whole, "case \(c)")
                let diff = compareCoverage(engine, exact, width: Self.width)
                #expect(diff.maximum <= polygonTolerance, "case \(c), \(rule): \(diff)")
            }
        }
    }

    /// Identical and collinear edges, edges meeting at one point, a
    /// contour retracing itself: ties in the slabs' order.
    @Test(arguments: [FillRule.nonZero, .evenOdd])
    func coincidentAndTouchingEdgesAreExact(rule: FillRule) throws {
        let square = [Point(x: 2, y: 2), Point(x: 14, y: 2), Point(x: 14, y: 14), Point(x: 2, y: 14)]
        let cases: [[[Point]]] = [
            [square, square],
            [square, square.reversed()],
            [square, [Point(x: 2, y: 2), Point(x: 14, y: 14), Point(x: 20, y: 3)]],
            [[Point(x: 1, y: 1), Point(x: 20, y: 18), Point(x: 1, y: 18), Point(x: 20, y: 1)]],
            [[Point(x: 3, y: 3), Point(x: 18, y: 3), Point(x: 18, y: 16), Point(x: 3, y: 3), Point(x: 10, y: 17)]],
            [[Point(x: 2, y: 5), Point(x: 22, y: 5), Point(x: 12, y: 5.5), Point(x: 12, y: 19)], square],
            [square, [Point(x: 8, y: 2), Point(x: 14, y: 8), Point(x: 8, y: 14), Point(x: 2, y: 8)]],
        ]
        let renderer = Renderer()
        for (i, contours) in cases.enumerated() {
            let (engine, _) = try Self.fill(contours, rule: rule, renderer: renderer)
            let exact = ExactCoverage(contours: contours, rule: rule, width: Self.width, height: Self.height)
                .coverage()
            let diff = compareCoverage(engine, exact, width: Self.width)
            #expect(diff.maximum <= polygonTolerance, "case \(i), \(rule): \(diff)")
        }
    }

    /// Small self-crossing fills and strokes drawn over bands of a surface
    /// (row windows), from the path and from prepared edges, through clips
    /// of fewer rows: the bytes of the draw over the whole surface, with
    /// most draws resolved as a whole.
    @Test(arguments: [1, 5, 16])
    func bandsAndRowClipsGetTheWholeSurfacesRows(rows: Int) throws {
        var rng = SplitMix64(seed: 9_100 + UInt64(rows))
        for round in 0..<60 {
            let width = rng.int(in: 8...40), height = rng.int(in: 8...48)
            let contours = (0..<rng.int(in: 1...2)).map { _ in
                (0..<rng.int(in: 3...12)).map { _ in
                    Point(x: rng.double(in: -3...Double(width) + 3), y: rng.double(in: -3...Double(height) + 3))
                }
            }
            let path = polygonPath(contours)
            let rule: FillRule = rng.int(in: 0...1) == 0 ? .nonZero : .evenOdd
            // Round joins and caps: arcs, chords once the draw is known not
            // to be simple (as prepared edges have them).
            let style = StrokeStyle(
                width: rng.double(in: 0.5...3), lineJoin: [LineJoin.miter, .round, .bevel][rng.int(in: 0...2)],
                lineCap: [LineCap.butt, .round, .square][rng.int(in: 0...2)])
            let kind = rng.int(in: 0...2)
            let clip: Rect? =
                rng.int(in: 0...1) == 0
                ? Rect(
                    x: -1, y: rng.double(in: 0...Double(height) / 2), width: Double(width) + 2,
                    height: rng.double(in: 1...Double(height)))
                : nil
            let prepare = rng.int(in: 0...1) == 0
            let color = Paint.solid(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.8))
            func draw(_ canvas: Canvas, fill: PreparedShape?, stroke: PreparedShape?) {
                if let clip { canvas.clip(to: clip) }
                switch kind {
                case 0: canvas.fill(path, with: color, rule: rule, prepared: fill)
                case 1: canvas.stroke(path, with: color, style: style, prepared: stroke)
                default:
                    canvas.draw(
                        path, fill: color, stroke: .solid(.black), style: style, rule: rule, preparedFill: fill,
                        preparedStroke: stroke)
                }
            }
            let whole = try Surface(width: width, height: height), banded = try Surface(width: width, height: height)
            draw(Canvas(surface: whole), fill: nil, stroke: nil)
            let bands = try banded.bands(PreparedShapeTests.bands(height: height, rows: rows))
            let preparer = Canvas(surface: bands[0].makeWindow())
            let fill = prepare ? preparer.prepareFill(path) : nil
            let stroke = prepare ? preparer.prepareStroke(path, style: style) : nil
            for band in bands {
                draw(Canvas(surface: band.makeWindow()), fill: fill, stroke: stroke)
            }
            #expect(banded.bytes == whole.bytes, "round \(round): kind \(kind), clip \(String(describing: clip))")
        }
    }
}
