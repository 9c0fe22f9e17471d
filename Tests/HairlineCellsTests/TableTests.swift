// Tables: layout on whole device pixels with no gap or overlap, validation
// of every length, renders identical for any number of workers, per-cell
// surfaces, and steady drawing that reuses its shapes and scratch.

@testable import Hairline
@testable import HairlineCells
import Testing
import HairlineTestSupport

@Suite struct TableTests {
    @Test func cellsTileTheTableOnWholePixels() throws {
        var random = SplitMix64(seed: 5)
        for _ in 0..<50 {
            let scale = [1.0, 2, 3, 1.5, 2.625, 0.5][random.int(in: 0...5)]
            let sections = (0..<random.int(in: 1...5)).map { _ in
                TableSection(
                    rowHeights: (0..<random.int(in: 0...6)).map { _ in random.double(in: 0...90) },
                    headerHeight: random.double(in: 0...30), footerHeight: random.double(in: 0...30))
            }
            for layout in CellLayout.allCases {
                let table = TableDescription(
                    cellStyle: CellStyle(layout: layout), sections: sections,
                    width: random.double(in: 50...500), scale: scale)
                let result = try table.layout()
                #expect(result.cells.count == sections.reduce(0) { $0 + $1.rowCount })
                var y = 0
                var cellIndex = 0
                for (s, section) in sections.enumerated() {
                    #expect(result.headers[s].minY == y)
                    y += result.headers[s].height
                    for r in 0..<section.rowCount {
                        let cell = result.cells[cellIndex]
                        cellIndex += 1
                        #expect(cell.indexPath == CellIndexPath(row: r, section: s))
                        #expect(cell.pixelRect.minY == y, "no gap or overlap between rows")
                        #expect(cell.pixelRect.height >= 0)
                        #expect(
                            cell.pixelRect.minX >= 0 && cell.pixelRect.minX + cell.pixelRect.width <= result.pixelWidth)
                        // Each edge is the rounded position in points.
                        y += cell.pixelRect.height
                    }
                    // Footers are the gap to the next header.
                    if s + 1 < sections.count { y = result.headers[s + 1].minY }
                }
                #expect(y <= result.pixelHeight)
            }
        }
    }

    @Test func slabsCoverEveryRowOnceWithEachCellInItsOwn() throws {
        var random = SplitMix64(seed: 9)
        for _ in 0..<40 {
            let sections = (0..<random.int(in: 1...4)).map { _ in
                TableSection(
                    rowHeights: (0..<random.int(in: 0...5)).map { _ in random.double(in: 0...60) },
                    headerHeight: random.double(in: 0...200), footerHeight: random.double(in: 0...20))
            }
            let layout = try TableDescription(cellStyle: .plain, sections: sections, width: 100, scale: 2).layout()
            let slabs = layout.slabs(maximumGapRows: 64)
            var y = 0
            for slab in slabs {
                #expect(slab.rows.lowerBound == y && !slab.rows.isEmpty)
                y = slab.rows.upperBound
                if let cell = slab.cell {
                    let r = layout.cells[cell].pixelRect
                    #expect(slab.rows == r.minY..<(r.minY + r.height))
                } else {
                    #expect(slab.rows.count <= 64)
                }
            }
            #expect(y == layout.pixelHeight)
            #expect(slabs.compactMap(\.cell) == layout.cells.indices.filter { !layout.cells[$0].pixelRect.isEmpty })
        }
    }

    @Test func layoutRoundsEveryEdgeToTheNearestDevicePixel() throws {
        var table = TableDescription(
            cellStyle: .plain, sections: [TableSection(rowHeights: [10.2, 10.2, 10.2])],
            width: 100, scale: 3)
        table.defaultHeaderHeight = 0
        let cells = try table.layout().cells.map(\.pixelRect)
        // Edges at round(10.2 * 3 * k) = 31, 61, 92.
        #expect(cells.map(\.minY) == [0, 31, 61])
        #expect(cells.map(\.height) == [31, 30, 31])
    }

    @Test func badTablesThrowWhatIsWrong() {
        let style = CellStyle.grouped
        func layout(_ change: (inout TableDescription) -> Void) throws {
            var table = TableDescription(cellStyle: style, rowCounts: [2], scale: 2)
            change(&table)
            _ = try table.layout()
        }
        #expect(throws: TableError.invalidScale(0)) { try layout { $0.scale = 0 } }
        #expect(throws: TableError.invalidScale(100)) { try layout { $0.scale = 100 } }
        #expect(throws: TableError.invalidWidth(-3)) { try layout { $0.width = -3 } }
        #expect(throws: TableError.noSections) { try layout { $0.sections = [] } }
        #expect(throws: TableError.invalidLength(what: "the height of row 1 in section 0", value: -1)) {
            try layout { $0.sections[0].rowHeights[1] = -1 }
        }
        #expect(throws: TableError.invalidLength(what: "the header height of section 0", value: .infinity)) {
            try layout { $0.sections[0].headerHeight = .infinity }
        }
        #expect(throws: TableError.self) { try layout { $0.scale = .nan } }
        #expect(throws: TableError.self) { try layout { $0.sections[0].rowHeights[0] = .nan } }
        #expect(throws: TableError.invalidLength(what: "the horizontal inset", value: -2)) {
            try layout { $0.horizontalInset = -2 }
        }
        // Taller than a surface may be: refused before anything is allocated.
        #expect(throws: TableError.tooLarge(width: 750, height: 132_040)) {
            try layout { $0.sections = [TableSection(rows: 1000, rowHeight: 66)] }
        }
        #expect(throws: TableError.self) {
            try layout {
                $0.sections[0].rowHeights[0] = 1e308; $0.sections[0].rowHeights[1] = 1e308
            }
        }
        #expect("\(TableError.invalidScale(0))".contains("scale 0"))
    }

    @Test func emptySectionsAndZeroHeightsRender() throws {
        var table = TableDescription(
            cellStyle: .grouped, sections: [TableSection(rows: 0), TableSection(rowHeights: [0, 44, 0.1])],
            width: 200, scale: 2)
        table.defaultHeaderHeight = 0
        table.defaultFooterHeight = 0
        let surface = try TableRenderer.render(table)
        #expect(surface.height == 88)
        let cells = try TableRenderer.renderCells(table)
        // The 0 pt row is left out; the 0.1 pt row rounds to 0 px too.
        #expect(cells.map(\.frame.indexPath) == [CellIndexPath(row: 1, section: 1)])
    }

    /// Tables that exercise every style and state.
    static func variedTables(scale: Double) -> [TableDescription] {
        CellGallery.items(scale: scale).map(\.table) + [
            TableDescription(
                cellStyle: CellStyle(layout: .plain, alternateFill: .color(.black)),
                sections: [TableSection(rowHeights: [30, 44.4, 17.3, 80]), TableSection(rows: 7, rowHeight: 33.3)],
                width: 333.3, scale: scale)
        ]
    }

    @Test(arguments: [1.0, 2, 3])
    func parallelRendersEqualTheSerialOneByteForByte(scale: Double) throws {
        for table in Self.variedTables(scale: scale) {
            let serial = try TableRenderer.render(table, workers: 1)
            for workers in [2, 5] {
                let parallel = try TableRenderer.render(table, workers: workers)
                #expect(parallel.bytes == serial.bytes, "\(table.cellStyle.layout) @\(scale)x, \(workers) workers")
            }
        }
    }

    @Test func renderingIntoAReusedSurfaceOverwritesEveryPixel() throws {
        let tables = Self.variedTables(scale: 2)
        for table in tables {
            let expected = try TableRenderer.render(table)
            let reused = try Surface(width: expected.width, height: expected.height)
            reused.clear(to: PremultipliedColor(red: 9, green: 8, blue: 7, alpha: 255))
            try TableRenderer.render(table, into: reused, workers: 2)
            #expect(reused.bytes == expected.bytes)
        }
        let wrong = try Surface(width: 10, height: 10)
        #expect(throws: TableError.self) { try TableRenderer.render(tables[0], into: wrong) }
        #expect(wrong.bytes.allSatisfy { $0 == 0 })
    }

    @Test func perCellSurfacesEqualAcrossWorkerCounts() throws {
        for table in Self.variedTables(scale: 2) {
            let serial = try TableRenderer.renderCells(table, workers: 1)
            let parallel = try TableRenderer.renderCells(table, workers: 3)
            #expect(serial.count == parallel.count)
            for (a, b) in zip(serial, parallel) {
                #expect(a.frame == b.frame)
                #expect(a.surface.bytes == b.surface.bytes)
            }
        }
    }

    @Test func perCellSurfacesAreTheCellsOverATransparentBackground() throws {
        // Drawn over the table's opaque background, a cell surface gives
        // the table's own pixels of that cell.
        for item in CellGallery.items(scale: 3).filter({ !$0.name.contains("image") }) {
            var table = item.table
            table.background = .color(CellTestColors.background)
            // The etched line under grouped sections is the table's
            // background's, drawn under the cell's anti-aliased edge: not
            // part of a cell's own surface.
            table.cellStyle.etchedLineColor = nil
            for s in table.sections.indices { table.sections[s].style?.etchedLineColor = nil }
            let whole = try TableRenderer.render(table)
            for cell in try TableRenderer.renderCells(table) {
                let r = cell.frame.pixelRect
                let composite = try Surface(width: r.width, height: r.height)
                let canvas = Canvas(surface: composite, scale: 1)
                canvas.clear(CellTestColors.background)
                canvas.draw(
                    Image(cell.surface), in: Rect(x: 0, y: 0, width: Double(r.width), height: Double(r.height)),
                    sampling: .nearest)
                var worst = 0
                for y in 0..<r.height {
                    for x in 0..<r.width {
                        let a = composite.pixel(x: x, y: y)!, b = whole.pixel(x: r.minX + x, y: r.minY + y)!
                        worst = max(
                            worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)),
                            abs(Int(a.blue) - Int(b.blue)), abs(Int(a.alpha) - Int(b.alpha)))
                    }
                }
                // Compositing twice rounds twice: at most 1 apart.
                #expect(worst <= 1, "\(item.name) \(cell.frame.indexPath)")
            }
        }
    }

    @Test func steadyDrawingKeepsItsShapesAndScratch() throws {
        let surface = try Surface(width: 1029, height: 132)
        let canvas = Canvas(surface: surface, scale: 3)
        for layout in CellLayout.allCases {
            let renderer = CellRenderer(canvas: canvas, style: CellStyle(layout: layout))
            let rect = Rect(x: 0, y: 0, width: 343, height: 44)
            let placements =
                try (0..<10).map { try CellPlacement(row: $0, rowsInSection: 10, section: 0, sectionCount: 2) }
                + [CellPlacement(position: .single)]
            func pass() { for p in placements { canvas.clear(); renderer.draw(p, in: rect, isSelected: p.row == 3) } }
            pass()
            let shapes = renderer.keptShapeCount
            let footprint = canvas.storageFootprint
            pass()
            pass()
            #expect(renderer.keptShapeCount == shapes)
            #expect(canvas.storageFootprint == footprint, "\(layout)")
            #expect(shapes <= 5)
        }
    }
}
