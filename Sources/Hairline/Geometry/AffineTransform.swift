// Geometry: 2D affine transforms with Core Graphics' conventions
// (x' = a x + c y + tx, y' = b x + d y + ty; points are row vectors, so
// `t1.concatenating(t2)` applies t1 first, then t2).

/// An affine map of the plane, as `CGAffineTransform` defines it:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// Used to map user space (points) to device space (pixels); the canvas
/// starts from `scale(s)` for a screen scale `s`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The x' coefficient of x (the horizontal scale, unitless).
    public var a: Double
    /// The y' coefficient of x (unitless).
    public var b: Double
    /// The x' coefficient of y (unitless).
    public var c: Double
    /// The y' coefficient of y (the vertical scale, unitless).
    public var d: Double
    /// The horizontal translation, in the space the transform maps to
    /// (device pixels for `Canvas.transform`).
    public var tx: Double
    /// The vertical translation, in the space the transform maps to.
    public var ty: Double

    /// Creates a transform from its six coefficients.
    /// - Parameters:
    ///   - a: the x' coefficient of x.
    ///   - b: the y' coefficient of x.
    ///   - c: the x' coefficient of y.
    ///   - d: the y' coefficient of y.
    ///   - tx: the x' translation.
    ///   - ty: the y' translation.
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The identity transform.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation by (`x`, `y`).
    /// - Parameters:
    ///   - x: the horizontal offset.
    ///   - y: the vertical offset.
    @inlinable
    public init(translationX x: Double, y: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale by `sx` horizontally and `sy` vertically.
    /// - Parameters:
    ///   - sx: the horizontal factor.
    ///   - sy: the vertical factor.
    @inlinable
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation by `angle` radians; positive angles turn clockwise on
    /// screen (x towards y, with y pointing down), as in Core Graphics
    /// with a flipped context and in UIKit.
    /// - Parameter angle: the angle in radians.
    @inlinable
    public init(rotationAngle angle: Double) {
        let s = _sin(angle), c = _cos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    /// Whether this is exactly the identity.
    @inlinable
    public var isIdentity: Bool { self == .identity }

    /// The determinant of the linear part (`a·d − b·c`).
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// Whether all six coefficients are finite.
    @inlinable
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The transform that applies `self` first, then `other`
    /// (`CGAffineTransformConcat(self, other)`).
    /// - Parameter other: the transform applied after this one.
    @inlinable
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty)
    }

    /// The inverse transform, or `nil` when the transform is singular
    /// (determinant zero or not finite) and has none.
    public func inverted() -> AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite, isFinite else { return nil }
        let inv = 1 / det
        return AffineTransform(
            a: d * inv, b: -b * inv, c: -c * inv, d: a * inv,
            tx: (c * ty - d * tx) * inv,
            ty: (b * tx - a * ty) * inv)
    }

    /// `self` preceded by a translation (`CGAffineTransformTranslate`):
    /// the translation happens in the space this transform maps from.
    /// - Parameters:
    ///   - x: the horizontal offset, in the space this transform maps from.
    ///   - y: the vertical offset, in that space.
    @inlinable
    public func translatedBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// `self` preceded by a scale (`CGAffineTransformScale`).
    /// - Parameters:
    ///   - x: the horizontal factor.
    ///   - y: the vertical factor.
    @inlinable
    public func scaledBy(x: Double, y: Double) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// `self` preceded by a rotation of `angle` radians
    /// (`CGAffineTransformRotate`).
    /// - Parameter angle: the angle in radians.
    @inlinable
    public func rotated(by angle: Double) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The largest factor by which the transform stretches any vector (the
    /// largest singular value of the linear part).
    public var maximumScale: Double {
        // Singular values of [[a c][b d]]: sqrt of eigenvalues of MᵀM.
        let p = a * a + b * b, q = c * c + d * d, r = a * c + b * d
        let mean = (p + q) / 2
        let diff = ((p - q) * (p - q) / 4 + r * r).squareRoot()
        return (mean + diff).squareRoot()
    }

    /// A readable description, for messages and debugging.
    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}
