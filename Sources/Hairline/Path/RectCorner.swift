// Path: the set of a rectangle's corners a rounded rect rounds (UIKit's
// `byRoundingCorners:` mask). A value only; Path+Shapes.swift draws it.

/// A set of corners of a rectangle (the `byRoundingCorners:` mask).
public struct RectCorner: OptionSet, Hashable, Sendable {
    /// The corners as bits: 1 top left, 2 top right, 4 bottom right, 8
    /// bottom left (y pointing down).
    public let rawValue: UInt8
    /// Creates a set from its bits (see `rawValue`); other bits are kept
    /// but name no corner.
    /// - Parameter rawValue: the bits of the corners.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The corner at the smallest x and y.
    public static let topLeft = RectCorner(rawValue: 1 << 0)
    /// The corner at the largest x and smallest y.
    public static let topRight = RectCorner(rawValue: 1 << 1)
    /// The corner at the largest x and y.
    public static let bottomRight = RectCorner(rawValue: 1 << 2)
    /// The corner at the smallest x and largest y.
    public static let bottomLeft = RectCorner(rawValue: 1 << 3)
    /// The two top corners.
    public static let top: RectCorner = [.topLeft, .topRight]
    /// The two bottom corners.
    public static let bottom: RectCorner = [.bottomLeft, .bottomRight]
    /// Every corner.
    public static let all: RectCorner = [.topLeft, .topRight, .bottomRight, .bottomLeft]
}
