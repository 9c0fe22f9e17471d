// Render: pattern tiles. An SVGPattern plus the device transform it is
// drawn under -> an ImagePattern: the tile's content rendered into an
// offscreen Surface of whole device pixels (the tile's device size
// rounded, as resvg and Chrome do), repeated on both axes. Tiles are capped
// at `maximumTileSide` pixels a side (a warning), trading sharpness for memory.

import Hairline

extension SVGPattern {
    /// The longest tile side rendered, in pixels: 4096 x 4096 x 4 bytes is
    /// 64 MiB, the most one paint should cost.
    static let maximumTileSide = 4096.0
    /// How close to unit scale a tile must map to count as aligned (then
    /// sampled `.nearest`, exact, instead of `.bilinear`).
    static let alignmentTolerance = 1e-9

    /// The engine paint for this pattern drawn under `deviceTransform`
    /// (the element's user space -> device pixels); `nil` if no tile can
    /// be made (a non-finite or degenerate transform). Renders the tile.
    ///
    /// As resvg and browsers do, the tile is a bitmap of whole device
    /// pixels: each side is `length x scale` rounded to the nearest pixel
    /// (at least 1), the content is drawn at the device scale (not
    /// stretched to the rounded size), so the repeat period is whole
    /// pixels; where the tile maps to the device without scaling or
    /// turning it is sampled nearest (each tile pixel lands on one device
    /// pixel, even at a fractional offset), else bilinear.
    /// - Complexity: O(tile pixels + content).
    func imagePattern(deviceTransform: AffineTransform, warnings: inout [SVGWarning], offset: Int) -> Paint? {
        let total = transform.concatenating(deviceTransform)
        // The device pixels per pattern unit along each tile axis.
        var scaleX = (total.a * total.a + total.b * total.b).squareRoot()
        var scaleY = (total.c * total.c + total.d * total.d).squareRoot()
        guard scaleX.isFinite, scaleY.isFinite, scaleX > 0, scaleY > 0 else { return nil }
        var width = (tile.width * scaleX).rounded()
        var height = (tile.height * scaleY).rounded()
        guard width.isFinite, height.isFinite else { return nil }
        // A tile under half a pixel is one pixel holding all of it (its
        // average color), not a pixel of its corner.
        if width < 1 { (width, scaleX) = (1, 1 / tile.width) }
        if height < 1 { (height, scaleY) = (1, 1 / tile.height) }
        if width > Self.maximumTileSide || height > Self.maximumTileSide {
            warnings.append(SVGWarning(.patternTileTooLarge, element: "pattern", at: offset))
            // Fewer pixels a unit: the tile keeps its period, less sharp.
            let shrink = Self.maximumTileSide / max(width, height)
            scaleX *= shrink
            scaleY *= shrink
            width = max((width * shrink).rounded(.down), 1)
            height = max((height * shrink).rounded(.down), 1)
        }
        guard let surface = try? Surface(width: Int(width), height: Int(height)) else { return nil }
        // Tile space -> tile pixels at the device scale.
        let tileCanvas = Canvas(surface: surface)
        tileCanvas.concatenate(AffineTransform(scaleX: scaleX, y: scaleY))
        SVGRenderer.draw(content, in: tileCanvas, warnings: &warnings)
        // Image pixels -> tile space -> pattern space -> user space.
        let imageToUser = AffineTransform(scaleX: 1 / scaleX, y: 1 / scaleY)
            .concatenating(AffineTransform(translationX: tile.minX, y: tile.minY))
            .concatenating(transform)
        let device = imageToUser.concatenating(deviceTransform)
        let isAxisAligned = transform.b == 0 && transform.c == 0 && deviceTransform.b == 0 && deviceTransform.c == 0
        let sampling: ImageSampling = isAxisAligned && Self.isUnitScale(device) ? .nearest : .bilinear
        return .pattern(
            ImagePattern(
                Image(surface), transform: imageToUser, tileX: .repeat, tileY: .repeat,
                sampling: sampling))
    }

    /// Whether `t` maps image pixels one to one onto device pixels, up to
    /// a translation (unit scale, no rotation or skew). The caller also
    /// asks that no factor turns: a turn undone by another is sampled
    /// bilinear, as resvg does.
    static func isUnitScale(_ t: AffineTransform) -> Bool {
        abs(t.a - 1) <= alignmentTolerance && abs(t.d - 1) <= alignmentTolerance
            && abs(t.b) <= alignmentTolerance && abs(t.c) <= alignmentTolerance
    }
}
