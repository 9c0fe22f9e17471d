// Raster: the fixed-point formats of the row pipeline, and the bound on
// the error they add to the exact area. Edges arrive in Double device
// pixels; the edge builder converts them once, and from there on the row
// loop, the cells and the sweep are integer code with no conversions.
//
// Formats (all relative to the clip's top-left corner, so every value is
// non-negative and at most 2^16 px, `Surface.maximumDimension`):
// - edge x: 32.32 (`Fixed.xOne` = 2^32 per pixel) in an `Int`, so that a
//   per-row step can be added 65,536 times without visible drift;
// - cell x: 16.16 (`Fixed.cellOne` per pixel), the edge x shifted right;
// - y: 24 fractional bits (`Fixed.one` per pixel row); inside a row,
//   0...`Fixed.one`;
// - cell values (area and cover): 1/`Fixed.one` of a pixel, in `Int32`
//   (a row's running sum stays within ±`Fixed.one`; the adds wrap, so a
//   cell's partial sums may overflow harmlessly).
// y gets more bits than x because the row resolver cuts a row into one
// slab per crossing, and each slab's height is rounded on its own: with
// hundreds of slabs in a row, 16 bits would add up to about 1/255.
//
// Error bound, per piece of an edge inside one pixel row (derived here,
// checked by RasterizerPrecisionTests against the exact oracle):
// 1. Quantising the end points moves them by at most 2^-33 px in x and
//    2^-25 px in y; the area between the true and the moved edge inside
//    one pixel is at most the displacement times the edge's length in the
//    pixel (≤ √2): ≤ 2^-25·√2 + 2^-33·√2.
// 2. The per-row step is rounded to 2^-32 px (error ≤ 2^-33 per row); over
//    the at most 65,536 rows of an edge x drifts by ≤ 2^16·2^-33 = 2^-17 px.
//    The builder checks the step's last row against the edge's end and
//    shortens the step if it would overshoot, so x never leaves the edge's
//    own x range (which keeps every cell index inside the row). A
//    horizontal displacement δ of a piece in a one-pixel row changes a
//    pixel's area by at most δ: ≤ 2^-17.
// 3. Cell x drops 16 bits (floor): ≤ 2^-16 px, so ≤ 2^-16 of area.
// 4. Each cell's area product is truncated to 1/`Fixed.one`: ≤ 2^-24.
// Per piece ≤ 2^-16 + 2^-17 + 2^-24 + ε < 1.6·2^-16 ≈ 0.006/255; a pixel
// crossed by tens of pieces stays below 0.1/255, which leaves the 8-bit
// rounding (0.5/255) well inside the 1/255 contract. The resolver's slabs
// (Double, then rounded: x to 2^-17, each boundary to 2^-25) add at most
// 2^-17 per piece and 2^-25 per slab boundary.

/// Fixed-point constants of the row pipeline (see the file comment).
enum Fixed {
    /// Fractional bits of y, and of cell values.
    static let shift = 24
    /// One pixel row in y units, and full coverage in cell units.
    static let one = 1 << shift
    /// Fractional bits of cell x.
    static let cellShift = 16
    /// One pixel in cell x units.
    static let cellOne = 1 << cellShift
    /// Fractional bits of edge x.
    static let xShift = 32
    /// One pixel in edge x units.
    static let xOne = 1 << xShift
    /// Edge x to cell x: a right shift (floor).
    static let edgeToCellShift = xShift - cellShift

    /// Adding this to a Double of magnitude below 2^51 leaves the value
    /// rounded to an integer in the low bits of its bit pattern (one add
    /// instead of a checked conversion).
    private static let roundingMagic = 6_755_399_441_055_744.0  // 1.5 · 2^52

    /// `v` rounded to the nearest integer (ties to even) for |v| < 2^51.
    /// The caller proves the range (a value outside it gives a wrong
    /// result, never a trap): every use converts a clip-relative
    /// coordinate, at most 2^16 px, scaled by at most 2^32.
    @inline(__always)
    static func round(_ v: Double) -> Int {
        assert(abs(v) < 0x1p51, "Fixed.round needs |v| < 2^51")
        return Int(bitPattern: UInt((v + roundingMagic).bitPattern)) &- Int(bitPattern: UInt(roundingMagic.bitPattern))
    }
}
