// HairlineCells: rendering part of a table: a band of device rows of the
// whole table (a viewport of rows, or one tile of many), for tables too
// tall for one surface. Input: a TableDescription and a range of device
// rows of its unbounded layout; output: a surface of the table's width and
// the range's height, byte for byte the same as those rows of a whole
// render. The table is cut into the same slabs a whole render draws
// (TableRenderer.draw); a slab inside the range is drawn straight into its
// rows, and a slab the range cuts is drawn whole on a scratch surface of
// its own height and its rows in the range copied, so no draw is ever cut
// differently from the whole render's.

import Hairline

extension TableDescription {
    /// The device rows (of `unboundedLayout()`) that rows `first` through
    /// `last` of the table span: from the top of `first`'s cell to the
    /// end of `last`'s row (its cell gap included), headers and footers
    /// between them included.
    /// - Throws: `TableError.sectionOutOfRange` / `.rowOutOfRange` for an
    ///   index path the table does not have, `.invalidRowRange` if `last`
    ///   comes before `first`, and the layout's errors.
    public func pixelRows(from first: CellIndexPath, through last: CellIndexPath) throws(TableError) -> Range<Int> {
        for path in [first, last] {
            guard path.section >= 0, path.section < sections.count else {
                throw .sectionOutOfRange(section: path.section, sectionCount: sections.count)
            }
            let rows = sections[path.section].rowCount
            guard path.row >= 0, path.row < rows else { throw .rowOutOfRange(row: path.row, rowsInSection: rows) }
        }
        guard (first.section, first.row) <= (last.section, last.row) else { throw .invalidRowRange(first, last) }
        let layout = try unboundedLayout()
        guard let top = layout.cells.first(where: { $0.indexPath == first })?.pixelRect.minY,
            let lastIndex = layout.cells.firstIndex(where: { $0.indexPath == last })
        else { throw .rowOutOfRange(row: last.row, rowsInSection: sections[last.section].rowCount) }
        // The row ends where the next row, or its section's footer, starts.
        let next =
            lastIndex + 1 < layout.cells.count && layout.cells[lastIndex + 1].indexPath.section == last.section
            ? layout.cells[lastIndex + 1].pixelRect.minY
            : layout.footers[last.section].minY
        return top..<max(top + 1, min(next, layout.pixelHeight))
    }

    /// The table's device rows (of `unboundedLayout()`) cut into tiles of
    /// `tileHeight` rows from the top, the last one shorter if the height
    /// is not a multiple; inside `rows` only, if given.
    /// - Throws: `.invalidTileHeight` for a height below 1, `.invalidPixelRows`
    ///   for rows outside the table, and the layout's errors.
    public func tileRanges(tileHeight: Int, within rows: Range<Int>? = nil) throws(TableError) -> [Range<Int>] {
        guard tileHeight >= 1 else { throw .invalidTileHeight(tileHeight) }
        let layout = try unboundedLayout()
        let whole = rows ?? 0..<layout.pixelHeight
        guard !whole.isEmpty, whole.lowerBound >= 0, whole.upperBound <= layout.pixelHeight else {
            throw .invalidPixelRows(whole, height: layout.pixelHeight)
        }
        return stride(from: whole.lowerBound, to: whole.upperBound, by: tileHeight).map {
            $0..<min($0 + tileHeight, whole.upperBound)
        }
    }
}

extension TableRenderer {
    /// Renders device rows `pixelRows` of the table (of its
    /// `unboundedLayout()`, which may be taller than a surface can be) into
    /// a surface of the table's pixel width and `pixelRows.count` rows:
    /// the same pixels, byte for byte, as those rows of a whole render.
    ///
    /// - Parameters:
    ///   - table: the table; lengths in points, laid out at its `scale`.
    ///   - pixelRows: the rows, in device pixels from the table's top
    ///     (`TableDescription.pixelRows(from:through:)`, `tileRanges`).
    ///   - workers: as for `render(_:workers:)`.
    /// - Throws: `TableError` from `unboundedLayout()`, `.invalidPixelRows`
    ///   for an empty range or one outside the table, `.tooLarge` if the
    ///   rows do not fit one surface.
    /// - Complexity: the slabs that reach the rows, each drawn once; a
    ///   cell cut by the range's top or bottom is drawn whole.
    public static func render(
        _ table: TableDescription, pixelRows: Range<Int>, workers: Int? = nil
    )
        throws(TableError) -> Surface
    {
        let layout = try table.unboundedLayout()
        guard !pixelRows.isEmpty, pixelRows.lowerBound >= 0, pixelRows.upperBound <= layout.pixelHeight else {
            throw .invalidPixelRows(pixelRows, height: layout.pixelHeight)
        }
        let surface: Surface
        do {
            surface = try Surface(width: layout.pixelWidth, height: pixelRows.count)
        } catch {
            throw .tooLarge(width: layout.pixelWidth, height: pixelRows.count)
        }
        let slabs = layout.slabs(maximumGapRows: backgroundBandHeight).filter {
            $0.rows.lowerBound < pixelRows.upperBound && $0.rows.upperBound > pixelRows.lowerBound
        }
        // Each slab's rows in the output (clamped to it): non-empty,
        // inside and disjoint, as the slabs are.
        let bands: [SurfaceBand]
        do {
            bands = try surface.bands(
                slabs.map {
                    (max($0.rows.lowerBound, pixelRows.lowerBound) - pixelRows.lowerBound)..<(min(
                        $0.rows.upperBound, pixelRows.upperBound) - pixelRows.lowerBound)
                })
        } catch {
            preconditionFailure("table slabs must be disjoint rows of the table: \(error)")
        }
        guard !bands.isEmpty else { return surface }
        let titles = TitleIndex(table.titles(in: layout), etches: table.etches(in: layout))
        let styles = SectionStyles(table)
        perform(
            jobs: slabs.count, workers: workers ?? defaultWorkerCount,
            makeWorker: {
                styles.renderers(on: Canvas(surface: bands[0].makeSurface(), scale: layout.scale))
            }
        ) { renderers, index in
            let slab = slabs[index], band = bands[index]
            if band.rows.count == slab.rows.count {
                drawSlab(
                    slab, of: table, layout: layout, titles: titles, styles: styles, renderers: renderers,
                    on: band.makeSurface())
                return
            }
            // Cut by the range: drawn whole, then its rows in the range
            // copied (a scratch surface of a slab's size, which a whole
            // render of the table holds too).
            guard let scratch = try? Surface(width: layout.pixelWidth, height: slab.rows.count) else { return }
            drawSlab(slab, of: table, layout: layout, titles: titles, styles: styles, renderers: renderers, on: scratch)
            copyRows(
                of: scratch, from: band.rows.lowerBound + pixelRows.lowerBound - slab.rows.lowerBound,
                into: band.makeSurface())
        }
        return surface
    }

    /// Copies `destination.height` rows of `source` starting at row
    /// `firstRow` into `destination` (same width and format).
    private static func copyRows(of source: Surface, from firstRow: Int, into destination: Surface) {
        let rowBytes = source.width * source.format.bytesPerPixel
        precondition(
            destination.width == source.width && destination.format == source.format
                && firstRow >= 0 && firstRow + destination.height <= source.height)
        source.withUnsafeBytes { from in
            destination.withUnsafeMutableBytes { to in
                for y in 0..<destination.height {
                    let s = (firstRow + y) * source.bytesPerRow, d = y * destination.bytesPerRow
                    to[d..<(d + rowBytes)].copyBytes(from: from[s..<(s + rowBytes)])
                }
            }
        }
    }
}
