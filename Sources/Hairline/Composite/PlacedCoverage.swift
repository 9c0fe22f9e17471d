// Composite: a coverage mask and where it lands on the surface, in device
// pixels: one item of `Canvas.draw(coverages:with:)` (a glyph run's
// masks, composited with one paint after one preparation).

/// A coverage mask placed on whole device pixels: the mask's pixel (0, 0)
/// on device pixel (`x`, `y`) of a canvas's surface.
public struct PlacedCoverage {
    /// The coverage: an A8 surface (a 32-bit surface gives its alpha
    /// channel), each value the coverage of the device pixel under it.
    public var mask: Surface
    /// The device column (pixels, not points) of the mask's column 0.
    public var x: Int
    /// The device row (pixels, not points) of the mask's row 0.
    public var y: Int

    /// Places `mask` with its pixel (0, 0) on device pixel (`x`, `y`).
    /// - Parameters:
    ///   - mask: the coverage (see `mask`).
    ///   - x: the device column (pixels) of the mask's column 0; any
    ///     integer (far out of range: the mask draws nothing).
    ///   - y: the device row (pixels) of the mask's row 0; any integer.
    public init(_ mask: Surface, atDeviceX x: Int, y: Int) {
        self.mask = mask
        self.x = x
        self.y = y
    }
}
