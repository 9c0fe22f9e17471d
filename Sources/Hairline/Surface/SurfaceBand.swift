// Surface: bands, disjoint runs of rows of one surface that workers draw
// into at the same time. A band is a Sendable handle; on its worker's
// thread it becomes a surface over its rows (their memory, not a copy),
// so no worker ever touches another's pixels, and none needs the shared
// surface itself.

/// Rows `rows` of a surface, to be drawn into by one worker while others
/// draw other bands of it (`Surface.bands(_:)`).
///
/// A band is `Sendable`: hand it to another thread, and make its surface
/// there (`makeSurface()`). The memory stays alive as long as the band or
/// a surface made from it does. While bands of a surface are in use, draw
/// into that surface only through them.
public struct SurfaceBand: @unchecked Sendable {
    // @unchecked: the parent is only kept alive here (its reference count
    // is atomic) and read for its fixed geometry; each band's surface
    // writes only its own rows, which no other band shares (checked when
    // the bands are made).
    private let parent: Surface
    /// The parent's rows (device pixels) the band covers.
    public let rows: Range<Int>

    fileprivate init(parent: Surface, rows: Range<Int>) {
        self.parent = parent
        self.rows = rows
    }

    /// A surface over the band's rows, in the parent's format and stride:
    /// its row 0 is the parent's row `rows.lowerBound` (draw with
    /// `Canvas.translateBy(devicePixelsX: 0, y: -rows.lowerBound)` to use
    /// the parent's coordinates). Make it on the thread that draws.
    public func makeSurface() -> Surface {
        Surface(rowsOf: parent, from: rows.lowerBound, count: rows.count)
    }

    /// A row window over the band: a surface with the parent's width,
    /// height and coordinates whose `pixelRows` are the band's rows (its
    /// memory, not a copy). A canvas over it draws in the parent's device
    /// coordinates, untranslated, so every row of the band gets exactly
    /// the bytes a canvas over the whole parent would give it, and it
    /// writes nothing outside the band. Make it on the thread that draws.
    public func makeWindow() -> Surface {
        Surface(windowOf: parent, rows: rows)
    }
}

/// Why bands could not be made.
public enum SurfaceBandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A band is empty or reaches outside the surface's rows.
    case rowsOutOfBounds(Range<Int>, height: Int)
    /// Two bands share rows.
    case overlappingRows(Range<Int>, Range<Int>)

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .rowsOutOfBounds(let rows, let height):
            return "band rows \(rows) are empty or outside the surface's rows 0..<\(height)"
        case .overlappingRows(let a, let b):
            return "band rows \(a) and \(b) overlap: bands must not share rows"
        }
    }
}

extension Surface {
    /// Bands of the given rows (each non-empty, inside the surface, no two
    /// sharing a row), in the order given, for workers to draw into in
    /// parallel. A pending clear is written first (a band's rows then hold
    /// it).
    /// - Throws: `SurfaceBandError` for rows outside the surface, empty or
    ///   overlapping.
    /// - Parameter rows: the rows of each band, in device pixels.
    public func bands(_ rows: [Range<Int>]) throws(SurfaceBandError) -> [SurfaceBand] {
        for band in rows where band.isEmpty || band.lowerBound < 0 || band.upperBound > height {
            throw .rowsOutOfBounds(band, height: height)
        }
        let sorted = rows.sorted { $0.lowerBound < $1.lowerBound }
        for (a, b) in zip(sorted, sorted.dropFirst()) where a.upperBound > b.lowerBound {
            throw .overlappingRows(a, b)
        }
        flush()
        return rows.map { SurfaceBand(parent: self, rows: $0) }
    }

    /// The surface cut into `count` bands of about equal height, top to
    /// bottom (fewer if the surface has fewer rows; at least one).
    /// - Parameter count: the number of bands wanted (values below 1 count as 1).
    public func bands(count: Int) -> [SurfaceBand] {
        let n = max(1, min(count, height))
        let ranges = (0..<n).map { i in (i * height / n)..<((i + 1) * height / n) }
        // Non-empty, in bounds and disjoint by construction.
        flush()
        return ranges.map { SurfaceBand(parent: self, rows: $0) }
    }
}
