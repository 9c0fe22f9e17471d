// Hairlines pixel by pixel at 1x, 2x and 3x: the `0.5 / scale` inset rect
// stroked 1/scale points wide, the width-0 hairline under any transform,
// and the rounded cell path of WORKLOADS.md along its straight edges.

import Testing
@testable import Hairline

@Suite struct HairlineStrokeTests {
    static let scales = [1.0, 2.0, 3.0, 1.5, 2.5]

    /// Alpha of every pixel after stroking `path` in opaque black.
    func strokeAlpha(
        _ path: Path, style: StrokeStyle, scale: Double, width: Int, height: Int,
        transform: AffineTransform = .identity
    ) throws -> [[UInt8]] {
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.concatenate(transform)
        canvas.stroke(path, with: .black, style: style)
        return (0..<height).map { y in (0..<width).map { x in surface.pixel(x: x, y: y)!.alpha } }
    }

    @Test(arguments: scales)
    func insetRectBorderIsExactlyOneDevicePixel(scale: Double) throws {
        // A 20 x 10 pt box at the origin; device size (20s x 10s).
        let w = Int(20 * scale), h = Int(10 * scale)
        let b = 0.5 / scale
        var path = Path()
        path.addRect(Rect(x: 0, y: 0, width: 20, height: 10).insetBy(dx: b, dy: b))
        for style in [StrokeStyle(width: 1 / scale), StrokeStyle.hairline] {
            let alpha = try strokeAlpha(path, style: style, scale: scale, width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    let onBorder = x == 0 || y == 0 || x == w - 1 || y == h - 1
                    #expect(alpha[y][x] == (onBorder ? 255 : 0), "(\(x), \(y)) at \(scale)x, width \(style.width)")
                }
            }
        }
    }

    @Test(arguments: scales)
    func hairlineIsOneDevicePixelUnderAnyScale(scale: Double) throws {
        // Width 0 ignores the transform's scale: a horizontal hairline at a
        // half-pixel device y fills one row exactly.
        var path = Path()
        path.move(to: Point(x: 1 / scale, y: 4.5 / scale / 3))
        path.addLine(to: Point(x: 9 / scale, y: 4.5 / scale / 3))
        let alpha = try strokeAlpha(
            path, style: .hairline, scale: scale, width: 12, height: 8,
            transform: AffineTransform(scaleX: 1, y: 3))
        for y in 0..<8 {
            for x in 0..<12 {
                let expected: UInt8 = (y == 4 && x >= 1 && x < 9) ? 255 : 0
                #expect(alpha[y][x] == expected, "(\(x), \(y)) at \(scale)x")
            }
        }
    }

    @Test(arguments: scales)
    func cellPathBorderIsCrispAlongStraightEdges(scale: Double) throws {
        let b = 0.5 / scale
        // 343 pt is not a whole number of pixels at 1.5x and 2.5x (the
        // right border would straddle two); 342 pt is.
        let cellWidth = (343 * scale).rounded() == 343 * scale ? 343.0 : 342.0
        var path = Path()
        path.addRoundedRect(in: Rect(x: b, y: b, width: cellWidth - 2 * b, height: 44 - 2 * b), cornerRadius: 10)
        let w = Int(cellWidth * scale), h = Int(44 * scale)
        let alpha = try strokeAlpha(path, style: StrokeStyle(width: 1 / scale), scale: scale, width: w, height: h)
        let corner = Int(10 * scale) + 1
        for x in corner..<(w - corner) {
            #expect(alpha[0][x] == 255 && alpha[1][x] == 0, "top edge at x \(x), \(scale)x")
            #expect(alpha[h - 1][x] == 255 && alpha[h - 2][x] == 0, "bottom edge at x \(x), \(scale)x")
        }
        for y in corner..<(h - corner) {
            #expect(alpha[y][0] == 255 && alpha[y][1] == 0, "left edge at y \(y), \(scale)x")
            #expect(alpha[y][w - 1] == 255 && alpha[y][w - 2] == 0, "right edge at y \(y), \(scale)x")
        }
    }

    @Test func miterCornerPixelIsFullBevelAndRoundAreNot() throws {
        // GEOMETRY.md: at a 90° hairline corner pixel, miter covers 1,
        // bevel 0.875, round 0.946.
        var path = Path()
        path.addRect(Rect(x: 2.5, y: 2.5, width: 5, height: 5))
        let expected: [(LineJoin, Double)] = [(.miter, 1), (.bevel, 0.875), (.round, 0.946)]
        for (join, coverage) in expected {
            let alpha = try strokeAlpha(
                path, style: StrokeStyle(width: 1, lineJoin: join), scale: 1, width: 10, height: 10)
            // The round join is a flattened arc: the curve contract applies.
            let tolerance = join == .round ? curveTolerance : polygonTolerance
            #expect(abs(Double(alpha[2][2]) / 255 - coverage) <= tolerance, "\(join): \(alpha[2][2])")
        }
    }
}
