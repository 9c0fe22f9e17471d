// A path drawn white into a square surface with a renderer set up by the
// caller (the resolver's limits), for the tests that compare the row
// resolver's ways with each other: RowCheckOrderTests, SubBandResolverTests.

import HairlineTestSupport

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
