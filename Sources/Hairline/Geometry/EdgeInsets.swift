// Geometry: edge insets, the distances by which a rectangle's four sides
// move inwards (user space in points unless the API taking them says
// otherwise). Pure value math, no pixels.

/// Distances to inset each side of a rectangle by, in the rectangle's space
/// (points for user-space rectangles).
public struct EdgeInsets: Hashable, Sendable {
    /// How far the top side moves down (negative: up).
    public var top: Double
    /// How far the left side moves right (negative: left).
    public var left: Double
    /// How far the bottom side moves up (negative: down).
    public var bottom: Double
    /// How far the right side moves left (negative: right).
    public var right: Double

    /// Creates insets from the four distances.
    /// - Parameters:
    ///   - top: the inset of the top side.
    ///   - left: the inset of the left side.
    ///   - bottom: the inset of the bottom side.
    ///   - right: the inset of the right side.
    @inlinable
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every side.
    /// - Parameter inset: the inset of every side.
    @inlinable
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset.
    public static let zero = EdgeInsets(all: 0)
}
