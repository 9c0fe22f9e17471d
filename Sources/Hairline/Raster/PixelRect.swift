// Raster: integer rectangles in device space (pixels), the unit of clipping
// between the canvas and the rasterizer.

/// A rectangle of whole device pixels: columns `minX..<maxX`, rows
/// `minY..<maxY`.
struct PixelRect: Hashable, Sendable {
    var minX: Int
    var minY: Int
    var maxX: Int
    var maxY: Int

    var width: Int { maxX - minX }
    var height: Int { maxY - minY }
    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The same area as a `Rect` in device pixels.
    var rect: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }
}
