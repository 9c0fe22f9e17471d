// HairlineCells: points in unit coordinates of a cell's rect ((0, 0) its
// top-left corner, (1, 1) its bottom-right), so a fill's gradient end points
// serve cells of every size. A value only.

import Hairline

/// A point in unit coordinates of a rectangle: (0, 0) is its top-left
/// corner, (1, 1) its bottom-right.
public struct UnitPoint: Hashable, Sendable {
    /// The fraction of the width from the left edge.
    public var x: Double
    /// The fraction of the height from the top edge.
    public var y: Double

    /// Creates a unit point.
    /// - Parameters:
    ///   - x: the fraction of the width from the left edge.
    ///   - y: the fraction of the height from the top edge.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The middle of the left edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the right edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)

    /// The point of `rect` (points) this unit point names.
    /// - Parameter rect: the rectangle, in points.
    public func point(in rect: Rect) -> Point {
        Point(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)
    }
}
