// Raster -> Composite contract: the rasterizer hands each row's coverage to a
// sink as runs of equal coverage, left to right, in device pixels inside the
// clip; coverage 0 is never sent. A run of 255 is fully covered, which the
// compositor turns into its fast path (a plain store for an opaque color).

/// Receives coverage from the rasterizer.
protocol CoverageSink {
    /// Blends `count` pixels of row `y`, columns `x..<x+count`, with
    /// `coverage` (1...255, 255 = fully covered). Runs arrive row by row,
    /// left to right, never overlapping.
    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8)
}

/// The 8-bit coverage of an accumulated value whose exact coverage is
/// `min(1, |v|)` (the rasterizer guarantees every accumulated winding is an
/// indicator, 0 or ±1, so this holds for both fill rules).
@inline(__always)
func coverageByte(_ v: Double) -> UInt8 {
    let a = abs(v)
    if a >= 1 { return 255 }
    return UInt8(truncatingIfNeeded: Int(a * 255 + 0.5))
}
