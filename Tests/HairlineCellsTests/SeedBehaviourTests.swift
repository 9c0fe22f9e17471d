// The seeds' behaviours, pixel by pixel at 1x, 1.5x, 2x, 2.5x and 3x: the
// iOS 7 grouped lines (full width at a section's edges, inset between
// cells, each one device pixel at full intensity), trailing separator
// insets, borders of 1 pt and 2 px exactly that wide, the gap under cells,
// alternation parity both ways and after moves, per-position image sets
// (the right image per position, state and scale, caps exact) and mixed
// sections (a plain section and a rounded one in one table).

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct SeedBehaviourTests {
    static let scales = [1.0, 1.5, 2, 2.5, 3]

    /// The column profile of every cell of `section` ("L" line, "F" fill,
    /// "B" background), top to bottom, with the rows between cells.
    static func sectionProfile(_ table: TableDescription, _ surface: Surface, section: Int, x: Int) throws -> String {
        let cells = try table.layout().cells.filter { $0.indexPath.section == section }
        guard let first = cells.first, let last = cells.last else { return "" }
        return CellDrawingTests.profile(surface, x: x, rows: first.pixelRect.minY..<last.pixelRect.maxY)
    }

    static func repeated(_ c: Character, _ n: Int) -> String { String(repeating: c, count: max(0, n)) }

    @Test(arguments: scales)
    func fullWidthGroupedLinesSpanTheSectionEdgesAndAreInsetBetween(scale: Double) throws {
        let table = checkTable(.fullWidthGrouped, rows: [1, 3, 2], scale: scale)
        let surface = try TableRenderer.render(table, workers: 1)
        let layout = try table.layout()
        for s in table.sections.indices {
            let cells = layout.cells.filter { $0.indexPath.section == s }
            // Inside the 15 pt leading inset: the section's top and bottom
            // lines only.
            for x in [Int(5 * scale)] {
                var expected = ""
                for (i, cell) in cells.enumerated() {
                    let h = cell.pixelRect.height
                    let top = i == 0, bottom = i == cells.count - 1
                    expected += (top ? "L" : "F") + Self.repeated("F", h - 2) + (bottom ? "L" : "F")
                }
                let actual = try Self.sectionProfile(table, surface, section: s, x: x)
                #expect(
                    actual == expected, "section \(s) @\(scale)x column \(x): \(actual.prefix(50)) \(actual.suffix(50))"
                )
            }
            // Past the inset, to the trailing edge: a line under every cell.
            var expected = ""
            for (i, cell) in cells.enumerated() {
                expected += (i == 0 ? "L" : "F") + Self.repeated("F", cell.pixelRect.height - 2) + "L"
            }
            for x in [Int(160 * scale), layout.pixelWidth - 1] {
                #expect(
                    try Self.sectionProfile(table, surface, section: s, x: x) == expected,
                    "section \(s) @\(scale)x inner, column \(x)")
            }
            // Above and below the section: the table's background.
            let first = try #require(cells.first), last = try #require(cells.last)
            #expect(surface.pixel(x: 3, y: first.pixelRect.minY - 1) == stored(CellTestColors.background))
            if last.pixelRect.maxY < layout.pixelHeight {
                #expect(surface.pixel(x: 3, y: last.pixelRect.maxY) == stored(CellTestColors.background))
            }
        }
    }

    @Test(arguments: scales)
    func trailingInsetsEndSeparatorsShortOfTheEdge(scale: Double) throws {
        for layout in [CellLayout.plain, .insetGrouped, .fullWidthGrouped] {
            var table = checkTable(layout, rows: [3], scale: scale)
            table.cellStyle.separatorTrailingInset = 20
            let surface = try TableRenderer.render(table)
            let first = try table.layout().cells[0].pixelRect
            let y = first.maxY - 1
            // The line ends 20 pt before the cells' trailing edge.
            let end = Int((Double(first.maxX) - 20 * scale).rounded())
            #expect(surface.pixel(x: end - 1, y: y) == stored(CellTestColors.line), "\(layout) @\(scale)x")
            #expect(surface.pixel(x: end, y: y) == stored(CellTestColors.fill), "\(layout) @\(scale)x")
            #expect(surface.pixel(x: first.maxX - 1, y: y) == stored(CellTestColors.fill), "\(layout) @\(scale)x")
        }
    }

    /// Grouped borders of 1 pt and of 2 px: every line exactly that many
    /// device rows at full intensity, one line between stacked cells.
    @Test(arguments: scales)
    func bordersAreExactlyTheirWidth(scale: Double) throws {
        for width in [BorderWidth.points(1), .devicePixels(2), .hairline] {
            let rows = Int((width.points(scale: scale) * scale).rounded())
            // 1 pt at 1.5x or 2.5x is not whole pixels: only whole widths.
            guard abs(width.points(scale: scale) * scale - Double(rows)) < 1e-9 else { continue }
            var table = checkTable(.grouped, rows: [1, 3], scale: scale)
            table.cellStyle.borderWidth = width
            let surface = try TableRenderer.render(table)
            for s in table.sections.indices {
                let cells = try table.layout().cells.filter { $0.indexPath.section == s }
                var expected = ""
                for (i, cell) in cells.enumerated() {
                    let last = i == cells.count - 1
                    expected +=
                        Self.repeated("L", rows) + Self.repeated("F", cell.pixelRect.height - rows - (last ? rows : 0))
                        + (last ? Self.repeated("L", rows) : "")
                }
                #expect(
                    try Self.sectionProfile(table, surface, section: s, x: Int(160 * scale)) == expected,
                    "\(width) section \(s) @\(scale)x")
            }
            // Separators of the other layouts are that tall too.
            var plain = checkTable(.plain, rows: [2], scale: scale)
            plain.cellStyle.borderWidth = width
            let p = try TableRenderer.render(plain)
            let cell = try plain.layout().cells[0].pixelRect
            let expected = Self.repeated("F", cell.height - rows) + Self.repeated("L", rows)
            #expect(
                CellDrawingTests.profile(p, x: Int(160 * scale), rows: cell.minY..<cell.maxY) == expected,
                "plain \(width) @\(scale)x")
        }
    }

    @Test(arguments: scales)
    func aGapLeavesTheBackgroundUnderEachCell(scale: Double) throws {
        var table = checkTable(.grouped, rows: [3], scale: scale)
        table.cellStyle.cellGap = 1
        // (The etched line under the section's last cell is TableLookTests'.)
        table.cellStyle.etchedLineColor = nil
        let layout = try table.layout()
        let surface = try TableRenderer.render(table)
        var y = table.defaultHeaderHeight
        for cell in layout.cells {
            // The cell's rect ends 1 pt above its row's end.
            #expect(cell.pixelRect.minY == Int((y * scale).rounded()))
            #expect(cell.pixelRect.maxY == Int(((y + 43) * scale).rounded()))
            let gap = cell.pixelRect.maxY..<Int(((y + 44) * scale).rounded())
            #expect(gap.count >= 1)
            #expect(
                CellDrawingTests.profile(surface, x: Int(160 * scale), rows: gap) == Self.repeated("B", gap.count),
                "@\(scale)x row \(cell.indexPath.row)")
            y += 44
        }
    }

    @Test func alternationParityBothWaysAndAfterMoves() throws {
        let alternate = Color(red: 0.9, green: 0.95, blue: 1)
        for scale in [1.0, 2, 3] {
            for parity in RowParity.allCases {
                var table = checkTable(.plain, rows: [6], scale: scale)
                table.cellStyle.alternateFill = .color(alternate)
                table.cellStyle.alternation = parity
                table.sections[0].texts = (0..<6).map { CellText("row \($0)") }
                func check(_ what: String) throws {
                    let surface = try TableRenderer.render(table)
                    for cell in try table.layout().cells {
                        let r = cell.pixelRect
                        let odd = cell.indexPath.row % 2 == 1
                        let alternates = parity == .odd ? odd : !odd
                        // Left of the text, above the separator.
                        let pixel = surface.pixel(x: r.minX + 2, y: r.minY + 2)
                        #expect(
                            pixel == stored(alternates ? alternate : CellTestColors.fill),
                            "\(parity) \(what) row \(cell.indexPath.row) @\(scale)x")
                    }
                }
                try check("before")
                table.selectedRows = [CellIndexPath(row: 0, section: 0)]
                try table.moveRow(from: CellIndexPath(row: 0, section: 0), to: CellIndexPath(row: 3, section: 0))
                #expect(
                    table.sections[0].texts.map { $0?.title } == ["row 1", "row 2", "row 3", "row 0", "row 4", "row 5"])
                #expect(table.selectedRows == [CellIndexPath(row: 3, section: 0)])
                table.selectedRows = []
                // Colors follow the rows' new indices.
                try check("after a move")
            }
        }
    }

    @Test func movingRowsCarriesHeightsTextsAndSelection() throws {
        var table = TableDescription(
            cellStyle: .plain,
            sections: [
                TableSection(rowHeights: [10, 20, 30]),
                TableSection(rowHeights: [40]),
            ])
        table.sections[0].texts = [CellText("a"), nil, CellText("c")]
        table.selectedRows = [CellIndexPath(row: 2, section: 0), CellIndexPath(row: 0, section: 1)]
        try table.moveRow(from: CellIndexPath(row: 2, section: 0), to: CellIndexPath(row: 1, section: 1))
        #expect(table.sections[0].rowHeights == [10, 20] && table.sections[1].rowHeights == [40, 30])
        #expect(table.sections[0].texts == [CellText("a")])
        #expect(table.sections[1].texts == [nil, CellText("c")])
        #expect(table.selectedRows == [CellIndexPath(row: 0, section: 1), CellIndexPath(row: 1, section: 1)])
        // Within a section, to the end and back.
        try table.moveRow(from: CellIndexPath(row: 0, section: 0), to: CellIndexPath(row: 1, section: 0))
        #expect(table.sections[0].rowHeights == [20, 10])
        // Out of range: thrown, nothing changed.
        let before = table
        #expect(throws: TableError.self) {
            try table.moveRow(
                from: CellIndexPath(row: 5, section: 0),
                to: CellIndexPath(row: 0, section: 0))
        }
        #expect(throws: TableError.self) {
            try table.moveRow(
                from: CellIndexPath(row: 0, section: 0),
                to: CellIndexPath(row: 2, section: 0))
        }
        #expect(throws: TableError.self) {
            try table.moveRow(
                from: CellIndexPath(row: 0, section: 0),
                to: CellIndexPath(row: 0, section: 7))
        }
        #expect(table == before)
    }

    /// A 12 x 12 pt image at `scale`: a 4 pt ring of `cap`, `center` inside.
    static func ringImage(center: Color, cap: Color, scale: Int) throws -> Image {
        let n = 12 * scale, c = 4 * scale
        var colors: [Color] = []
        for y in 0..<n {
            for x in 0..<n { colors.append(min(x, y, n - 1 - x, n - 1 - y) < c ? cap : center) }
        }
        return try Image(width: n, height: n, colors: colors)
    }

    /// The color of position `p`'s image (selected or not) at `scale`.
    static func imageColor(_ p: CellPosition, selected: Bool, scale: Int) -> Color {
        let i = Double(CellPosition.allCases.firstIndex(of: p)!)
        return Color(red: 0.1 + 0.2 * i, green: selected ? 0.8 : 0.3, blue: 0.2 + 0.25 * Double(scale))
    }

    @Test(arguments: scales)
    func imageSetsPickTheImageOfEachPositionStateAndScale(scale: Double) throws {
        let cap = Color(red: 0.5, green: 0.1, blue: 0.1)
        var images: [CellPosition: [CellImage]] = [:], selected: [CellPosition: [CellImage]] = [:]
        for p in CellPosition.allCases {
            for k in 1...3 {
                let inset = EdgeInsets(all: Double(4 * k))
                images[p, default: []].append(
                    CellImage(
                        try Self.ringImage(
                            center: Self.imageColor(p, selected: false, scale: k),
                            cap: cap, scale: k),
                        capInsets: inset, imageScale: Double(k)))
                selected[p, default: []].append(
                    CellImage(
                        try Self.ringImage(
                            center: Self.imageColor(p, selected: true, scale: k),
                            cap: cap, scale: k),
                        capInsets: inset, imageScale: Double(k)))
            }
        }
        var table = checkTable(.grouped, rows: [1, 4], scale: scale)
        table.cellStyle.imageSet = CellImageSet(images: images, selectedImages: selected)
        table.selectedRows = [CellIndexPath(row: 2, section: 1)]
        let surface = try TableRenderer.render(table)
        // The variant drawn: the smallest scale at least the table's.
        let variant = Int(scale.rounded(.up))
        let c = Int((4 * scale).rounded())
        for cell in try table.layout().cells {
            let r = cell.pixelRect
            let center = Self.imageColor(cell.placement.position, selected: cell.isSelected, scale: variant)
            #expect(
                surface.pixel(x: r.minX + r.width / 2, y: r.minY + r.height / 2) == stored(center),
                "\(cell.indexPath) @\(scale)x")
            // The caps: exactly 4 pt of the ring at each edge, unstretched.
            let midX = r.minX + r.width / 2, midY = r.minY + r.height / 2
            #expect(surface.pixel(x: midX, y: r.minY + c - 1) == stored(cap), "\(cell.indexPath) @\(scale)x top cap")
            #expect(surface.pixel(x: midX, y: r.minY + c) == stored(center), "\(cell.indexPath) @\(scale)x")
            #expect(surface.pixel(x: r.minX + c - 1, y: midY) == stored(cap), "\(cell.indexPath) @\(scale)x left cap")
            #expect(surface.pixel(x: r.minX + c, y: midY) == stored(center))
            #expect(surface.pixel(x: r.maxX - c, y: midY) == stored(cap), "\(cell.indexPath) @\(scale)x right cap")
            #expect(surface.pixel(x: r.maxX - c - 1, y: midY) == stored(center))
            #expect(surface.pixel(x: midX, y: r.maxY - c) == stored(cap), "\(cell.indexPath) @\(scale)x bottom cap")
            #expect(surface.pixel(x: midX, y: r.maxY - c - 1) == stored(center))
        }
    }

    @Test func imageVariantsAreChosenByScale() throws {
        let image = try Image(width: 1, height: 1, colors: [.white])
        let set = CellImageSet(images: [
            .single: [1.0, 3, 2].map { CellImage(image, capInsets: .zero, imageScale: $0) }
        ])
        #expect(set.image(for: .single, isSelected: false, scale: 1)?.imageScale == 1)
        #expect(set.image(for: .single, isSelected: false, scale: 1.5)?.imageScale == 2)
        #expect(set.image(for: .single, isSelected: false, scale: 3)?.imageScale == 3)
        #expect(set.image(for: .single, isSelected: false, scale: 4)?.imageScale == 3)
        // No selected image: the normal one; no image: nil.
        #expect(set.image(for: .single, isSelected: true, scale: 2)?.imageScale == 2)
        #expect(set.image(for: .top, isSelected: false, scale: 2) == nil)
    }

    @Test(arguments: scales)
    func mixedSectionsDrawEachInItsOwnStyle(scale: Double) throws {
        var table = checkTable(.grouped, rows: [2, 2], scale: scale)
        table.sections[0].style = CellStyle(
            layout: .plain, fill: .color(CellTestColors.fill),
            separatorColor: CellTestColors.line)
        table.sections[0].horizontalInset = 0
        let layout = try table.layout()
        let surface = try TableRenderer.render(table, workers: 2)
        let plainCell = layout.cells[0].pixelRect, roundedCell = layout.cells[2].pixelRect
        #expect(plainCell.minX == 0 && plainCell.maxX == layout.pixelWidth)
        #expect(roundedCell.minX == Int((10 * scale).rounded()))
        // Square corners in the plain section; rounded ones in the other.
        #expect(surface.pixel(x: 0, y: plainCell.minY) == stored(CellTestColors.fill))
        #expect(surface.pixel(x: roundedCell.minX, y: roundedCell.minY) == stored(CellTestColors.background))
        // The plain section's separator under its first cell, inset 15 pt.
        #expect(surface.pixel(x: Int(160 * scale), y: plainCell.maxY - 1) == stored(CellTestColors.line))
        #expect(surface.pixel(x: Int(5 * scale), y: plainCell.maxY - 1) == stored(CellTestColors.fill))
        // The grouped border along the rounded section's top.
        #expect(surface.pixel(x: Int(160 * scale), y: roundedCell.minY) == stored(CellTestColors.line))
        #expect(try TableRenderer.render(table, workers: 1).bytes == surface.bytes)
    }
}
