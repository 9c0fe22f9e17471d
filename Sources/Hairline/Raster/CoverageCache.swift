// Raster: coverage kept from draw to draw, owned by whoever draws. A table
// draws the same few cell shapes over and over; a closed-form draw (a
// rounded rect and its ring, or a clip shape under a nine-slice image)
// whose geometry matches one kept here replays its kept sweep instead of
// working its coverage out again (PairSweepCache.swift, KeptSweeps.swift).
// The pixels are the same, byte for byte, with or without a cache: it is
// a speed choice. A canvas makes its own by default; a caller may share
// one among the canvases one thread draws with (the table renderer keeps
// one per worker), or draw cold (`Canvas.coverageCache = nil`).

/// The coverage of the last few distinct closed-form draws (fills of
/// rounded rects, rects and circles with their stroke rings, at one
/// sub-pixel position and clip), kept for draws of the same geometry.
///
/// Bounded: four draws of each kind, at most 8,192 span calls each (about
/// 1.3 MB at most; a cell at 3x keeps some 200 calls). Not thread-safe:
/// use one cache from one thread at a time (give each worker its own).
public final class CoverageCache {
    /// A fill and its stroke swept together (RoundedRectPair.swift).
    @exclusivity(unchecked) var pairs = PairSweepCache()
    /// Single closed-form draws that ask to be kept (KeptSweeps.swift).
    @exclusivity(unchecked) var singles = SingleSweepCache()

    /// An empty cache.
    public init() {}

    /// A cache that keeps nothing: draws through it work their coverage
    /// out afresh every time (a cold draw).
    static func disabled() -> CoverageCache {
        let cache = CoverageCache()
        cache.pairs.isEnabled = false
        cache.singles.isEnabled = false
        return cache
    }

    /// Drops everything kept (the memory stays for what is kept next).
    public func removeAll() {
        pairs.isEnabled = false
        pairs.isEnabled = true
        singles.isEnabled = false
        singles.isEnabled = true
    }

    deinit {
        pairs.deallocate()
        singles.deallocate()
    }
}
