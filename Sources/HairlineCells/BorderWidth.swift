// HairlineCells: how wide a cell's border and separators are: a whole
// number of device pixels at every scale (the crisp hairline, or the iOS 6
// look's 2 px on retina), or a width in points (a verbatim port's 1 pt
// stroke: 1, 2 and 3 device pixels at 1x, 2x and 3x).

/// The width of a cell's border and separators.
public enum BorderWidth: Hashable, Sendable {
    /// `n` device pixels at every scale (`1 / scale × n` points).
    case devicePixels(Int)
    /// A width in points (crisp where `points × scale` is whole).
    case points(Double)

    /// One device pixel: the hairline.
    public static let hairline = BorderWidth.devicePixels(1)

    /// The width in points at `scale` device pixels per point (0 for a
    /// negative or non-finite width or scale).
    public func points(scale: Double) -> Double {
        guard scale.isFinite, scale > 0 else { return 0 }
        switch self {
        case .devicePixels(let n): return Double(max(0, n)) / scale
        case .points(let w): return w.isFinite ? max(0, w) : 0
        }
    }
}
