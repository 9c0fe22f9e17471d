// Geometry: integer rectangles in device space (pixels), the unit of clipping
// between the canvas and the rasterizer and of the cell kit's layout.
// Half-open: columns minX..<maxX, rows minY..<maxY; empty when either range
// is. Every helper on pixel rectangles lives here.

/// A rectangle of whole device pixels: columns `minX..<maxX`, rows
/// `minY..<maxY`.
///
/// Device space only (user-space rectangles are `Rect`); empty when
/// `maxX <= minX` or `maxY <= minY`.
public struct PixelRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column, in device pixels.
    public var minX: Int
    /// The first row, in device pixels.
    public var minY: Int
    /// One past the last column, in device pixels.
    public var maxX: Int
    /// One past the last row, in device pixels.
    public var maxY: Int

    /// Creates the rectangle of columns `minX..<maxX` and rows
    /// `minY..<maxY` (device pixels); bounds out of order give an empty
    /// rectangle.
    /// - Parameters:
    ///   - minX: the first column.
    ///   - minY: the first row.
    ///   - maxX: one past the last column.
    ///   - maxY: one past the last row.
    public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// Creates the rectangle of columns `x..<x + width` and rows
    /// `y..<y + height` (device pixels); a width or height of 0 or less
    /// gives an empty rectangle, and far ends past `Int`'s range saturate.
    /// - Parameters:
    ///   - x: the first column.
    ///   - y: the first row.
    ///   - width: the number of columns.
    ///   - height: the number of rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(minX: x, minY: y, maxX: PixelRect.saturatingSum(x, width), maxY: PixelRect.saturatingSum(y, height))
    }

    /// The number of columns (negative when the bounds are out of order;
    /// the bounds must be at most `Int.max` apart).
    public var width: Int { maxX - minX }
    /// The number of rows (as `width`).
    public var height: Int { maxY - minY }
    /// Whether it holds no pixel.
    public var isEmpty: Bool { maxX <= minX || maxY <= minY }

    /// The same area as a `Rect` in device pixels.
    var rect: Rect { Rect(x: Double(minX), y: Double(minY), width: Double(width), height: Double(height)) }

    /// The same area in user space at `scale` device pixels per point:
    /// every coordinate and length divided by `scale`.
    /// - Parameter scale: device pixels per point (positive).
    public func points(scale: Double) -> Rect {
        Rect(
            x: Double(minX) / scale, y: Double(minY) / scale,
            width: Double(width) / scale, height: Double(height) / scale)
    }

    public var description: String { "(\(minX), \(minY), \(width) x \(height) px)" }

    /// The overlap of two pixel rectangles (empty if none).
    func intersection(_ other: PixelRect) -> PixelRect {
        let r = PixelRect(
            minX: max(minX, other.minX), minY: max(minY, other.minY),
            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return r.isEmpty ? PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0) : r
    }

    /// The smallest pixel rectangle containing `rect` (device pixels),
    /// saturating far outside any surface.
    init(enclosing rect: Rect) {
        let limit = 1 << 30
        self.init(
            minX: Int(saturatingFloor: rect.minX, in: -limit...limit),
            minY: Int(saturatingFloor: rect.minY, in: -limit...limit),
            maxX: Int(saturatingCeil: rect.maxX, in: -limit...limit),
            maxY: Int(saturatingCeil: rect.maxY, in: -limit...limit))
    }

    /// `a + b`, or the nearest end of `Int`'s range when that overflows.
    static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : sum
    }
}
