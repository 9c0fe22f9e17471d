// Raster: what one draw's row loop did, counted for the benchmark's
// profile (Canvas+Profiling.swift, CountingKernels.swift). Not used on the
// drawing path.

/// Counts of what one draw's row loop did, for the benchmark's profile.
@_spi(Profiling)
public struct RasterStatistics: Sendable {
    /// Line edges built (after clipping).
    public var edges = 0
    /// Exact arc edges built (after clipping).
    public var arcs = 0
    /// Rounded rects (rects, circles) covered in closed form instead of by
    /// edges (RoundedRectRows.swift): 1 for a fill, 2 for a stroke ring
    /// with a hole.
    public var closedFormShapes = 0
    /// Rows swept from their cells.
    public var rows = 0
    /// Rows that repeated the row above's kernel calls (vertical bands).
    public var repeatedRows = 0
    /// Rows of a fill and its stroke swept together over their left half
    /// only, the right half copied mirrored (RoundedRectPair.swift).
    public var halfSweptRows = 0
    /// Rows of a fill and its stroke whose sweep was kept from an earlier
    /// draw of the same geometry (PairSweepCache.swift): sent again, not
    /// computed.
    public var keptRows = 0
    /// Kept rows written as copies of an earlier row with the same calls
    /// and colors (a pattern onto a pending clear: KeptSweeps.swift).
    public var copiedRows = 0
    /// Repeated rows of a fill and its stroke over a clear stored as the
    /// source row's long run of one color and its few other columns
    /// copied (`PairKernel.fillRows`).
    public var filledRows = 0
    /// Edge pieces added to cells (one per edge per row it crosses).
    public var pieces = 0
    /// Touched groups of cells swept, spans sent, and the pixels of each
    /// (counted by the profile's kernel).
    public var groups = 0
    public var spans = 0
    public var groupPixels = 0
    public var spanPixels = 0

    public init() {}
}
