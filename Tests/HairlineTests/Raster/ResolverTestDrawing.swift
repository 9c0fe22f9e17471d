// Shared by the row resolver's tests: a path drawn white into a square
// surface with a renderer set up by the caller (the resolver's limits), and
// star polygons (every edge crossing most others).

import HairlineTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@testable import Hairline

/// Draws `path` in white into a new `size` x `size` surface (device pixels,
/// no transform) with `renderer`: filled under `rule` with flattening
/// tolerance `fillTolerance`, or stroked with `stroke` (tolerance 0.05).
func drawWhite(
    _ path: Path, rule: FillRule, stroke: StrokeStyle?, fillTolerance: Double, size: Int,
    with renderer: Renderer
) throws -> Surface {
    let surface = try Surface(width: size, height: size)
    let clip = Clip(bounds: PixelRect(minX: 0, minY: 0, maxX: size, maxY: size))
    let shader = Shader.solid(surface.format.pack(Color.white.premultiplied))
    if let stroke {
        renderer.stroke(
            path, style: stroke, transform: .identity, tolerance: 0.05, shader: shader, clip: clip, into: surface)
    } else {
        renderer.fill(
            path, transform: .identity, tolerance: fillTolerance, rule: rule, shader: shader, clip: clip,
            into: surface)
    }
    return surface
}

/// A star polygon {n/k}: n vertices on a circle of `radius` about `center`
/// (device pixels), each joined to the k-th next, so every edge crosses
/// most others.
func starPolygon(points n: Int, step k: Int, center: Point, radius: Double) -> [Point] {
    (0..<n).map { i in
        let angle = Double(i * k % n) * 2 * Double.pi / Double(n) + 0.1
        return Point(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
    }
}
