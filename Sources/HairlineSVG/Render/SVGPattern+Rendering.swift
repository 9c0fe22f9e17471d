// Render: pattern tiles. An SVGPattern plus the device transform it is
// drawn under -> an ImagePattern: the tile's content rendered into an
// offscreen Surface with as many pixels as the tile covers on the device
// (so the repeat is sharp), repeated on both axes. Tiles are capped at
// `maximumTileSide` pixels a side (a warning), trading sharpness for memory.

import Hairline

extension SVGPattern {
    /// The longest tile side rendered, in pixels: 4096 x 4096 x 4 bytes is
    /// 64 MiB, the most one paint should cost.
    static let maximumTileSide = 4096.0
    /// How close to whole pixels a tile must map to count as aligned
    /// (then sampled `.nearest`, exact, instead of `.bilinear`).
    static let alignmentTolerance = 1e-9

    /// The engine paint for this pattern drawn under `deviceTransform`
    /// (the element's user space -> device pixels); `nil` if no tile can
    /// be made (a non-finite or degenerate transform). Renders the tile.
    /// - Complexity: O(tile pixels + content).
    func imagePattern(deviceTransform: AffineTransform, warnings: inout [SVGWarning], offset: Int) -> Paint? {
        let scale = transform.concatenating(deviceTransform).maximumScale
        guard scale.isFinite, scale > 0 else { return nil }
        func side(_ length: Double) -> Int? {
            let pixels = (length * scale).rounded(.up)
            guard pixels.isFinite else { return nil }
            if pixels > Self.maximumTileSide {
                return Int(Self.maximumTileSide)
            }
            return Int(max(pixels, 1))
        }
        guard let width = side(tile.width), let height = side(tile.height),
              let surface = try? Surface(width: width, height: height)
        else { return nil }
        if Double(width) == Self.maximumTileSide || Double(height) == Self.maximumTileSide,
           max(tile.width, tile.height) * scale > Self.maximumTileSide {
            warnings.append(SVGWarning(.patternTileTooLarge, element: "pattern", at: offset))
        }
        // Tile space -> tile pixels, filling the surface exactly.
        let toPixels = AffineTransform(scaleX: Double(width) / tile.width, y: Double(height) / tile.height)
        let tileCanvas = Canvas(surface: surface)
        tileCanvas.concatenate(toPixels)
        SVGRenderer.draw(content, in: tileCanvas, warnings: &warnings)
        // Image pixels -> tile space -> pattern space -> user space.
        let imageToUser = AffineTransform(scaleX: tile.width / Double(width), y: tile.height / Double(height))
            .concatenating(AffineTransform(translationX: tile.minX, y: tile.minY))
            .concatenating(transform)
        let device = imageToUser.concatenating(deviceTransform)
        let sampling: ImageSampling = Self.isPixelAligned(device) ? .nearest : .bilinear
        return .pattern(ImagePattern(Image(surface), transform: imageToUser, tileX: .repeat, tileY: .repeat,
                                     sampling: sampling))
    }

    /// Whether `t` maps image pixels one to one onto device pixels (unit
    /// scale, no rotation, whole-pixel offset).
    static func isPixelAligned(_ t: AffineTransform) -> Bool {
        func isWhole(_ v: Double) -> Bool { abs(v - v.rounded()) <= alignmentTolerance }
        return abs(t.a - 1) <= alignmentTolerance && abs(t.d - 1) <= alignmentTolerance
            && abs(t.b) <= alignmentTolerance && abs(t.c) <= alignmentTolerance && isWhole(t.tx) && isWhole(t.ty)
    }
}
