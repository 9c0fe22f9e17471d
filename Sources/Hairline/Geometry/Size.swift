// Geometry: sizes (a width and a height) in a 2D coordinate space: user
// space in points or device space in pixels (the owner of a value says
// which). Pure value math, no pixels.

/// A width and height in a 2D coordinate space (points in user space,
/// pixels in device space; the API that takes it says which).
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    /// - Parameters:
    ///   - width: the horizontal extent.
    ///   - height: the vertical extent.
    @inlinable
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// A size of zero width and height.
    public static let zero = Size(width: 0, height: 0)

    /// A readable description, for messages and debugging.
    public var description: String { "\(width) x \(height)" }
}
