// Path: a rounded rect with circular corners, in user space: the shapes
// the closed-form producer covers (Raster/ClosedForm), read off a path's
// recorded shape (a circle is a rounded rect whose radius is half its side).

/// A rounded rect (user space) with circular corners: the shapes the
/// closed form covers.
struct CircularRoundedRect: Equatable {
    var rect: Rect
    var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    /// The shape `shape` is, if its corners are circular: a circle is a
    /// rounded rect whose radius is half its side.
    init?(_ shape: PathShape) {
        switch shape {
        case .ellipse(let r):
            guard r.width == r.height else { return nil }
            let radius = r.width / 2
            self.init(rect: r, topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
        case .roundedRect(let r, let radii):
            guard radii.topLeft.width == radii.topLeft.height, radii.topRight.width == radii.topRight.height,
                radii.bottomRight.width == radii.bottomRight.height,
                radii.bottomLeft.width == radii.bottomLeft.height
            else { return nil }
            self.init(
                rect: r, topLeft: radii.topLeft.width, topRight: radii.topRight.width,
                bottomRight: radii.bottomRight.width, bottomLeft: radii.bottomLeft.width)
        }
    }

    init(rect: Rect, topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
        self.rect = rect
        self.topLeft = topLeft; self.topRight = topRight; self.bottomRight = bottomRight; self.bottomLeft = bottomLeft
    }
}
