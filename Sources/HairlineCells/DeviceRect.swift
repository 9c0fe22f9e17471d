// HairlineCells: a rectangle on whole device pixels, as the table layout
// places cells and headers (integer origin and size, y down). A value only.

import Hairline

/// A rectangle of whole device pixels: columns `x..<x + width`, rows
/// `y..<y + height`.
public struct DeviceRect: Hashable, Sendable, CustomStringConvertible {
    /// The first column, in device pixels from the table's left edge.
    public var x: Int
    /// The first row, in device pixels from the table's top edge.
    public var y: Int
    /// The number of columns (0 or less: no pixel).
    public var width: Int
    /// The number of rows (0 or less: no pixel).
    public var height: Int

    /// Creates a device-pixel rectangle; any values are accepted (a
    /// non-positive size is empty).
    /// - Parameters:
    ///   - x: the first column.
    ///   - y: the first row.
    ///   - width: the number of columns.
    ///   - height: the number of rows.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether it holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// The same rectangle in points at `scale` device pixels per point
    /// (each coordinate divided by `scale`; a zero or non-finite scale
    /// gives non-finite points).
    /// - Parameter scale: device pixels per point.
    public func points(scale: Double) -> Rect {
        Rect(x: Double(x) / scale, y: Double(y) / scale, width: Double(width) / scale, height: Double(height) / scale)
    }

    /// A readable description, for messages and debugging.
    public var description: String { "(\(x), \(y), \(width) x \(height) px)" }
}
