// The fixed-point row pipeline against exact areas where its error bound
// (Raster/FixedPoint.swift) is tightest: edges stepped over 65,536 rows,
// edges 65,536 px wide inside one or a few rows, slopes near vertical and
// near horizontal, and edges cut by the clip. Every checked pixel must be
// within 1/255 of the exact area (the engine's own rounding is half of
// that; the fixed-point error is bounded far below the rest).

import Testing
@testable import Hairline
import HairlineTestSupport

/// The exact area of a convex polygon inside pixel (x, y): the polygon
/// clipped to the pixel's square (Sutherland–Hodgman), then the shoelace.
func convexArea(_ polygon: [Point], x: Int, y: Int) -> Double {
    var poly = polygon
    let x0 = Double(x), x1 = x0 + 1, y0 = Double(y), y1 = y0 + 1
    func clip(_ inside: (Point) -> Bool, _ cross: (Point, Point) -> Point) {
        var out: [Point] = []
        for i in poly.indices {
            let a = poly[i], b = poly[(i + 1) % poly.count]
            if inside(a) {
                out.append(a)
                if !inside(b) { out.append(cross(a, b)) }
            } else if inside(b) {
                out.append(cross(a, b))
            }
        }
        poly = out
    }
    func atX(_ x: Double) -> (Point, Point) -> Point {
        { a, b in Point(x: x, y: a.y + (b.y - a.y) * (x - a.x) / (b.x - a.x)) }
    }
    func atY(_ y: Double) -> (Point, Point) -> Point {
        { a, b in Point(x: a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y), y: y) }
    }
    clip({ $0.x >= x0 }, atX(x0))
    if !poly.isEmpty { clip({ $0.x <= x1 }, atX(x1)) }
    if !poly.isEmpty { clip({ $0.y >= y0 }, atY(y0)) }
    if !poly.isEmpty { clip({ $0.y <= y1 }, atY(y1)) }
    guard poly.count >= 3 else { return 0 }
    var twice = 0.0
    for i in poly.indices {
        let a = poly[i], b = poly[(i + 1) % poly.count]
        twice += a.x * b.y - b.x * a.y
    }
    return abs(twice) / 2
}

@Suite struct RasterizerPrecisionTests {
    /// Fills `polygon` in opaque black on a `width` x `height` surface and
    /// checks the pixels of `rows` (all columns) or `columns` (all rows)
    /// against the exact area.
    func check(
        _ polygon: [Point], width: Int, height: Int, rows: [Int]? = nil, columns: [Int]? = nil,
        _ label: String
    ) throws {
        let surface = try Surface(width: width, height: height)
        Canvas(surface: surface).fill(polygonPath([polygon]), with: .black)
        var worst = 0.0, at = (0, 0)
        let ys = rows ?? Array(0..<height), xs = columns ?? Array(0..<width)
        for y in ys {
            for x in xs {
                let engine = Double(surface.pixel(x: x, y: y)!.alpha) / 255
                let e = abs(engine - convexArea(polygon, x: x, y: y))
                if e > worst { worst = e; at = (x, y) }
            }
        }
        #expect(worst <= polygonTolerance, "\(label): \(worst * 255)/255 at \(at)")
    }

    /// Rows to check on a tall surface: the ends and a spread between.
    static func sampleRows(_ height: Int) -> [Int] {
        Array(0..<4) + stride(from: 4, to: height - 4, by: 1021).map { $0 } + Array((height - 4)..<height)
    }

    @Test func edgesSteppedOver65536RowsStayExact() throws {
        // Slopes whose per-row step is not a dyadic fraction, so the DDA's
        // rounding accumulates over the whole height; both directions.
        let h = Double(Surface.maximumDimension)
        let cases: [(Double, Double, Double, Double)] = [
            (0.31, 3.77, 4.13, 7.93), (3.77, 0.31, 7.93, 4.13), (1.0 / 3, 2.0 / 3, 5 + 1.0 / 7, 7.9),
            (0.5, 0.5 + 1e-7, 7.5 - 1e-7, 7.5), (0.0, 3.999_999, 4.000_001, 8.0),
        ]
        for (a0, a1, b0, b1) in cases {
            let polygon = [Point(x: a0, y: 0), Point(x: b0, y: 0), Point(x: b1, y: h), Point(x: a1, y: h)]
            try check(polygon, width: 8, height: Int(h), rows: Self.sampleRows(Int(h)), "tall \(a0)…\(a1)")
        }
    }

    @Test func randomTallSlivers() throws {
        var rng = SplitMix64(seed: 0xD0A)
        let h = 65_536
        for _ in 0..<4 {
            let a0 = rng.double(in: 0...3.9), a1 = rng.double(in: 0...3.9)
            let b0 = rng.double(in: 4.1...8), b1 = rng.double(in: 4.1...8)
            let top = rng.double(in: 0...5), bottom = Double(h) - rng.double(in: 0...5)
            let polygon = [
                Point(x: a0, y: top), Point(x: b0, y: top + 0.37), Point(x: b1, y: bottom),
                Point(x: a1, y: bottom - 0.61),
            ]
            try check(polygon, width: 8, height: h, rows: Self.sampleRows(h), "seed \(rng.seed)")
        }
    }

    @Test func edges65536PixelsWideStayExact() throws {
        // Nearly horizontal edges across the whole width, inside one row
        // and across a few: the walk across cells shares each row's height
        // by one division per piece.
        let w = Surface.maximumDimension
        let columns = Array(0..<5) + stride(from: 5, to: w - 5, by: 997).map { $0 } + Array((w - 5)..<w)
        let cases: [[Point]] = [
            [
                Point(x: 0.2, y: 0.3), Point(x: Double(w) - 0.3, y: 0.9), Point(x: Double(w) - 0.1, y: 3.7),
                Point(x: 0.4, y: 3.2),
            ],
            [
                Point(x: 0.0, y: 0.0), Point(x: Double(w), y: 3.999), Point(x: Double(w), y: 4.0),
                Point(x: 0.0, y: 0.001),
            ],
            [Point(x: 1.0 / 3, y: 1.5), Point(x: Double(w) - 1.0 / 3, y: 1.5 + 1e-6), Point(x: Double(w) / 2, y: 2.5)],
        ]
        for (i, polygon) in cases.enumerated() {
            try check(polygon, width: w, height: 4, columns: columns, "wide \(i)")
        }
    }

    @Test func edgesNearTheClipStayExact() throws {
        // Polygons crossing a pixel-aligned clip rect, some with vertices
        // far outside (up to 1e6 px): inside the clip, the exact area;
        // outside, nothing.
        var rng = SplitMix64(seed: 0xC1A9)
        let width = 24, height = 20
        for round in 0..<120 {
            let clip = PixelRect(
                minX: rng.int(in: 0...6), minY: rng.int(in: 0...6),
                maxX: width - rng.int(in: 0...6), maxY: height - rng.int(in: 0...6))
            let far = round % 3 == 0 ? 1e6 : 3.0
            func coordinate(_ lo: Int, _ hi: Int) -> Double {
                switch rng.int(in: 0...3) {
                case 0: return Double(lo) + rng.double(in: -far...far) * (rng.int(in: 0...1) == 0 ? 1 : 1e-3)
                case 1: return Double(hi) + rng.double(in: -far...far) * (rng.int(in: 0...1) == 0 ? 1 : 1e-3)
                case 2: return Double(rng.int(in: lo...hi))  // exactly on a pixel line
                default: return rng.double(in: Double(lo)...Double(hi))
                }
            }
            // Star-shaped (simple) polygons: random radii at sorted angles
            // around a point inside, stretched towards the clip's sides.
            let center = Point(
                x: rng.double(in: Double(clip.minX)...Double(clip.maxX)),
                y: rng.double(in: Double(clip.minY)...Double(clip.maxY)))
            let count = rng.int(in: 3...7)
            var points: [Point] = []
            for _ in 0..<count {
                points.append(Point(x: coordinate(clip.minX, clip.maxX), y: coordinate(clip.minY, clip.maxY)))
            }
            points.sort { atan2($0.y - center.y, $0.x - center.x) < atan2($1.y - center.y, $1.x - center.x) }
            let surface = try Surface(width: width, height: height)
            let canvas = Canvas(surface: surface)
            canvas.clip(to: clip.rect)
            canvas.fill(polygonPath([points]), with: .black, rule: .evenOdd)
            let exact = ExactCoverage(contours: [points], rule: .evenOdd, width: width, height: height).coverage()
            for y in 0..<height {
                for x in 0..<width {
                    let inside = x >= clip.minX && x < clip.maxX && y >= clip.minY && y < clip.maxY
                    let engine = Double(surface.pixel(x: x, y: y)!.alpha) / 255
                    let want = inside ? exact[y * width + x] : 0
                    #expect(
                        abs(engine - want) <= polygonTolerance,
                        "round \(round) (\(x), \(y)): \(engine * 255) vs \(want * 255), clip \(clip)")
                }
            }
        }
    }

    @Test func fixedRoundingIsRoundToNearestOverItsRange() {
        var rng = SplitMix64(seed: 77)
        for _ in 0..<10_000 {
            let v = rng.double(in: -0x1p50...0x1p50) * (rng.int(in: 0...1) == 0 ? 1 : 1e-12)
            let r = Fixed.round(v)
            #expect(abs(Double(r) - v) <= 0.5, "\(v) → \(r)")
        }
        #expect(Fixed.round(0.5) == 0 && Fixed.round(1.5) == 2 && Fixed.round(-2.5) == -2)
        #expect(Fixed.round(Double(1 << 48) + 0.25) == 1 << 48)
    }

    @Test func groupCoverageMatchesTheScalarFormula() {
        // The four-lane coverage (prefix sums, |sum|, clamp, ·255 wrapping,
        // rounding) against the scalar one, sums up to ± a pixel and past.
        var rng = SplitMix64(seed: 0x6C)
        let one = Fixed.one
        var cells = [Int32](repeating: 0, count: 4)
        for _ in 0..<20_000 {
            var sum = Int32(rng.int(in: -one...one))
            for i in 0..<4 { cells[i] = Int32(rng.int(in: -one...one) / (rng.int(in: 0...1) == 0 ? 1 : 4096)) }
            var running = sum
            var expected: UInt32 = 0
            for i in 0..<4 {
                running &+= cells[i]
                expected |= CellRow.coverage(running) << UInt32(8 * i)
            }
            let packed = cells.withUnsafeMutableBufferPointer {
                CellRow.coverage(ofGroupAt: $0.baseAddress!, sum: &sum)
            }
            #expect(packed == expected)
            #expect(sum == running)
            #expect(cells == [0, 0, 0, 0])
        }
        // The scalar formula: round(min(|s|, 1)·255), exactly.
        for s in stride(from: -one - 5000, through: one + 5000, by: 997) {
            let exact = (min(Double(abs(s)) / Double(one), 1) * 255 + 0.5).rounded(.down)
            #expect(Double(CellRow.coverage(Int32(s))) == exact, "sum \(s)")
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
