// Path: how overlapping contours decide what is inside a path.

/// The rule that decides which points are inside a path from its winding
/// number (the signed count of contours around the point).
public enum FillRule: Hashable, Sendable {
    /// Inside where the winding number is not zero.
    case nonZero
    /// Inside where the winding number is odd.
    case evenOdd
}
