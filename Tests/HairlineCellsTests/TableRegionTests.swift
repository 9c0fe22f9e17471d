// Rendering part of a table (TableRenderer+Region): any band of device
// rows is byte for byte those rows of a whole render (tables with titles
// that straddle the cut, a header view, mixed sections, selection, cell
// gaps, at 1x-3x and 1.5x), tiles put back together are the whole render,
// a row viewport spans exactly its rows, and a table taller than a
// surface lays out and renders in parts.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct TableRegionTests {
    /// A table with every kind of band: a header view with an image,
    /// titled headers, a section's own header view and a wrapping footer,
    /// a plain section inside a grouped table, labels and images, a
    /// selection, a cell gap and etched lines.
    static func richTable(scale: Double) -> TableDescription {
        var table = TableDescription(
            cellStyle: CellStyle(layout: .grouped), rowCounts: [3, 2, 4], width: 320, scale: scale)
        table.headerView = TableHeaderView(title: "Settings")
        table.sections[0].headerTitle = "Network"
        table.sections[1].footerTitle = "A footer long enough to wrap onto a second line under the section"
        table.sections[1].style = CellStyle(layout: .plain)
        var gapped = CellStyle(layout: .grouped)
        gapped.cellGap = 3
        table.sections[2].style = gapped
        table.sections[0].texts = [CellText("Wi-Fi", detail: "Home", layout: .value1), CellText("Bluetooth"), nil]
        table.selectedRows = [CellIndexPath(row: 1, section: 0), CellIndexPath(row: 2, section: 2)]
        // Issue 37's content and looks: a header view image, a section's
        // own header view, a row with images and an indentation (the
        // grouped sections' etched lines come with their style).
        let icon = CellIcon(
            images: [CellContentTests.square(CellContentTests.red, points: 20, scale: 2)],
            tint: CellContentTests.blue)
        table.headerView?.image = icon
        var own = TableHeaderView(title: "Own", height: 36, size: 15, color: .black, shadow: nil)
        own.background = .color(CellTestColors.header)
        table.sections[1].headerView = own
        var rich = CellText("Rich", detail: "row", layout: .subtitle)
        rich.image = icon
        rich.accessoryImage = CellIcon(images: [CellContentTests.square(CellContentTests.green, points: 24)])
        rich.indentationLevel = 1
        table.sections[0].texts[2] = rich
        return table
    }

    /// Rows `rows` of a whole surface, as straight RGBA bytes.
    static func rows(_ rows: Range<Int>, of surface: Surface) -> [UInt8] {
        let rowBytes = surface.width * 4
        return Array(surface.bytes[(rows.lowerBound * rowBytes)..<(rows.upperBound * rowBytes)])
    }

    @Test(arguments: [1.0, 1.5, 2, 3])
    func anyBandIsThoseRowsOfTheWholeRender(scale: Double) throws {
        let table = Self.richTable(scale: scale)
        let whole = try TableRenderer.render(table, workers: 1)
        let height = whole.height
        var random = SplitMix64(seed: 37 + UInt64(scale * 10))
        // Edges on every kind of boundary, and random ones.
        var bands: [Range<Int>] = [0..<height, 0..<1, (height - 1)..<height, 5..<(height - 5)]
        for _ in 0..<6 {
            let a = Int.random(in: 0..<(height - 1), using: &random)
            let b = Int.random(in: (a + 1)...min(height, a + 200), using: &random)
            bands.append(a..<b)
        }
        for band in bands {
            let part = try TableRenderer.render(table, pixelRows: band, workers: 2)
            #expect(part.width == whole.width && part.height == band.count)
            #expect(
                part.bytes == Self.rows(band, of: whole), "rows \(band) @\(scale)x (seed \(37 + UInt64(scale * 10)))")
        }
    }

    @Test func tilesPutBackTogetherAreTheWholeRender() throws {
        let table = Self.richTable(scale: 2)
        let whole = try TableRenderer.render(table)
        let tiles = try table.tileRanges(tileHeight: 97)
        #expect(tiles.first?.lowerBound == 0 && tiles.last?.upperBound == whole.height)
        #expect(tiles.count == (whole.height + 96) / 97)
        #expect(zip(tiles, tiles.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        var joined: [UInt8] = []
        for tile in tiles { joined += try TableRenderer.render(table, pixelRows: tile).bytes }
        #expect(joined == whole.bytes)
    }

    @Test func aRowViewportSpansItsRowsExactly() throws {
        let table = Self.richTable(scale: 2)
        let layout = try table.layout()
        let cell = { (s: Int, r: Int) in
            layout.cells.first { $0.indexPath == CellIndexPath(row: r, section: s) }!.pixelRect
        }
        // One row: its cell, which ends where the next begins.
        #expect(
            try table.pixelRows(from: CellIndexPath(row: 1, section: 0), through: CellIndexPath(row: 1, section: 0))
                == cell(0, 1).minY..<cell(0, 2).minY)
        // Across sections: from the first cell's top to the last row's
        // end, the cell gap (3 pt, 6 px) included.
        let across = try table.pixelRows(
            from: CellIndexPath(row: 2, section: 0), through: CellIndexPath(row: 1, section: 2))
        #expect(across == cell(0, 2).minY..<(cell(2, 1).maxY + 6))
        #expect(across.upperBound == cell(2, 2).minY)
        // The last row of a section ends at its footer.
        let last = try table.pixelRows(
            from: CellIndexPath(row: 0, section: 1), through: CellIndexPath(row: 1, section: 1))
        #expect(last == cell(1, 0).minY..<layout.footers[1].minY)
        // Bad ranges are typed errors.
        #expect(throws: TableError.sectionOutOfRange(section: 9, sectionCount: 3)) {
            try table.pixelRows(from: CellIndexPath(row: 0, section: 0), through: CellIndexPath(row: 0, section: 9))
        }
        #expect(throws: TableError.rowOutOfRange(row: 5, rowsInSection: 2)) {
            try table.pixelRows(from: CellIndexPath(row: 5, section: 1), through: CellIndexPath(row: 0, section: 2))
        }
        #expect(
            throws: TableError.invalidRowRange(CellIndexPath(row: 0, section: 2), CellIndexPath(row: 0, section: 1))
        ) {
            try table.pixelRows(from: CellIndexPath(row: 0, section: 2), through: CellIndexPath(row: 0, section: 1))
        }
        #expect(throws: TableError.invalidPixelRows(0..<0, height: layout.pixelHeight)) {
            try TableRenderer.render(table, pixelRows: 0..<0)
        }
        #expect(throws: TableError.invalidPixelRows(10..<(layout.pixelHeight + 1), height: layout.pixelHeight)) {
            try TableRenderer.render(table, pixelRows: 10..<(layout.pixelHeight + 1))
        }
        #expect(throws: TableError.invalidTileHeight(0)) { try table.tileRanges(tileHeight: 0) }
    }

    /// A thousand rows at 3x: too tall for one surface, drawn in tiles
    /// whose rows are what a whole render of each row would give.
    @Test func aTableTallerThanASurfaceRendersInParts() throws {
        var table = TableDescription(cellStyle: CellStyle(layout: .plain), rowCounts: [1000], width: 100, scale: 3)
        table.sections[0].texts = (0..<1000).map { CellText("Row \($0)") }
        #expect(throws: TableError.self) { try table.layout() }
        let layout = try table.unboundedLayout()
        // 1000 rows of 44 pt and a 28 pt header, at 3x.
        #expect(layout.pixelHeight == (1000 * 44 + 28) * 3 && layout.pixelWidth == 300)
        #expect(layout.pixelHeight > Surface.maximumDimension)
        let rows = try table.pixelRows(
            from: CellIndexPath(row: 998, section: 0), through: CellIndexPath(row: 999, section: 0))
        #expect(rows == ((28 + 998 * 44) * 3)..<((28 + 1000 * 44) * 3))
        let tail = try TableRenderer.render(table, pixelRows: rows)
        // Two rows: the fill, and the separator on each row's last pixel
        // row (right of the separator inset).
        #expect(tail.height == 264)
        let fill = try #require(tail.pixel(x: 299, y: 10))
        #expect(fill.alpha == 255)
        #expect(tail.pixel(x: 299, y: 131) != fill && tail.pixel(x: 299, y: 263) != fill)
        #expect(tail.pixel(x: 299, y: 132) == fill)
        let tiles = try table.tileRanges(tileHeight: 60_000)
        #expect(tiles.map(\.count) == [60_000, 60_000, layout.pixelHeight - 120_000])
    }
}
