// Path: the four corner radii of a rounded rectangle (user space, points),
// and their clamping as CSS Backgrounds 3 ("corner overlap") clamps them.
// A value only; Path+Shapes.swift draws it. See GEOMETRY.md.

/// The radii of a rounded rectangle's four corners, each an ellipse's
/// (horizontal, vertical) radii in user space (points).
public struct CornerRadii: Hashable, Sendable {
    /// The top-left corner's horizontal and vertical radii, in points.
    public var topLeft: Size
    /// The top-right corner's horizontal and vertical radii, in points.
    public var topRight: Size
    /// The bottom-right corner's horizontal and vertical radii, in points.
    public var bottomRight: Size
    /// The bottom-left corner's horizontal and vertical radii, in points.
    public var bottomLeft: Size

    /// Creates radii for each corner.
    /// - Parameters:
    ///   - topLeft: the top-left corner's radii, in points.
    ///   - topRight: the top-right corner's radii.
    ///   - bottomRight: the bottom-right corner's radii.
    ///   - bottomLeft: the bottom-left corner's radii.
    public init(topLeft: Size, topRight: Size, bottomRight: Size, bottomLeft: Size) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The same circular radius at every corner.
    /// - Parameter radius: the radius of every corner, in points.
    public init(_ radius: Double) {
        let r = Size(width: radius, height: radius)
        self.init(topLeft: r, topRight: r, bottomRight: r, bottomLeft: r)
    }

    /// The same radius at the corners in `corners`, square corners elsewhere.
    /// - Parameters:
    ///   - radius: the radius, in points.
    ///   - corners: the corners that round.
    public init(_ radius: Double, corners: RectCorner) {
        let r = Size(width: radius, height: radius)
        self.init(
            topLeft: corners.contains(.topLeft) ? r : .zero,
            topRight: corners.contains(.topRight) ? r : .zero,
            bottomRight: corners.contains(.bottomRight) ? r : .zero,
            bottomLeft: corners.contains(.bottomLeft) ? r : .zero)
    }

    /// The radii as CSS draws them inside `rect` (width and height ≥ 0):
    /// negative radii become 0, a corner with a zero radius on either axis
    /// is square, and if the radii on any side add up to more than that
    /// side, all radii are scaled by the smallest side/sum ratio.
    /// - Parameter rect: the rectangle the corners round.
    public func clamped(toFit rect: Rect) -> CornerRadii {
        func clean(_ s: Size) -> Size {
            let w = s.width.isFinite ? max(0, s.width) : 0
            let h = s.height.isFinite ? max(0, s.height) : 0
            return (w > 0 && h > 0) ? Size(width: w, height: h) : .zero
        }
        var r = CornerRadii(
            topLeft: clean(topLeft), topRight: clean(topRight),
            bottomRight: clean(bottomRight), bottomLeft: clean(bottomLeft))
        let w = rect.width, h = rect.height
        var f = 1.0
        func limit(_ side: Double, _ a: Double, _ b: Double) {
            let sum = a + b
            if sum > side { f = min(f, side / sum) }
        }
        limit(w, r.topLeft.width, r.topRight.width)
        limit(w, r.bottomLeft.width, r.bottomRight.width)
        limit(h, r.topLeft.height, r.bottomLeft.height)
        limit(h, r.topRight.height, r.bottomRight.height)
        if f < 1 {
            func scale(_ s: Size) -> Size { Size(width: s.width * f, height: s.height * f) }
            r = CornerRadii(
                topLeft: scale(r.topLeft), topRight: scale(r.topRight),
                bottomRight: scale(r.bottomRight), bottomLeft: scale(r.bottomLeft))
        }
        return r
    }

    /// Whether any radius is not finite. (No array of the four: this runs
    /// in every rounded rect's draw, and an array literal is a heap
    /// allocation there.)
    var hasNonFinite: Bool {
        !(topLeft.width.isFinite && topLeft.height.isFinite && topRight.width.isFinite
            && topRight.height.isFinite && bottomRight.width.isFinite && bottomRight.height.isFinite
            && bottomLeft.width.isFinite && bottomLeft.height.isFinite)
    }
}
