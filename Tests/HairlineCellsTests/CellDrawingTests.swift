// Cell backgrounds pixel by pixel: the kit's grouped cell is WORKLOADS.md's
// draw byte for byte; stacked cells share exactly one crisp separator row
// (no double line, no gap, no seam) at 1x, 1.5x, 2x and 3x and for random
// row heights; inset grouped and plain separators sit where UIKit puts them.

import Hairline
@testable import HairlineCells
import Testing
import HairlineTestSupport

/// The premultiplied bytes a color is stored as.
func stored(_ color: Color) -> PremultipliedColor { color.premultiplied }

/// A table on an opaque background with a solid fill, for pixel checks.
func checkTable(_ layout: CellLayout, rows: [Int], scale: Double, heights: [[Double]]? = nil) -> TableDescription {
    let style = CellStyle(layout: layout, fill: .color(CellTestColors.fill), separatorColor: CellTestColors.line)
    let sections =
        heights.map { $0.map { TableSection(rowHeights: $0) } }
        ?? rows.map { TableSection(rows: $0) }
    var table = TableDescription(cellStyle: style, sections: sections, width: 320, scale: scale)
    table.background = .color(CellTestColors.background)
    table.headerColor = layout == .plain ? CellTestColors.header : nil
    return table
}

enum CellTestColors {
    static let fill = Color(red: 1, green: 1, blue: 0.9)
    static let line = Color(red: 0.78, green: 0.78, blue: 0.80)
    static let background = Color(red: 0.2, green: 0.3, blue: 0.4)
    static let header = Color(red: 0.9, green: 0.9, blue: 0.9)
}

@Suite struct CellDrawingTests {
    /// WORKLOADS.md's cell, built exactly as written there.
    static func workloadPath(_ position: CellPosition, scale s: Double) -> Path {
        let b = 0.5 / s
        var bounds = Rect(x: b, y: b, width: 343 - 2 * b, height: 44 - 2 * b)
        if position == .top || position == .middle { bounds.size.height += 1 }
        let corners: RectCorner =
            position == .single ? .all : position == .top ? .top : position == .bottom ? .bottom : []
        var path = Path()
        path.addRoundedRect(in: bounds, cornerRadius: 10, corners: corners)
        return path
    }

    @Test(arguments: [1, 2, 3])
    func groupedCellIsTheWorkloadDrawByteForByte(scale: Int) throws {
        let s = Double(scale)
        let tile = CellGallery.checkerTile(scale: scale)
        let paints: [(CellFill, Paint)] = [
            (.color(CellTestColors.fill), .solid(CellTestColors.fill)),
            (
                .verticalGradient(.white, Color(red: 0.85, green: 0.88, blue: 0.95)),
                .linearGradient(
                    LinearGradient(
                        Gradient(from: .white, to: Color(red: 0.85, green: 0.88, blue: 0.95)),
                        start: .zero, end: Point(x: 0, y: 44)))
            ),
            (
                .pattern(tile, imageScale: s),
                .pattern(ImagePattern(tile, transform: AffineTransform(scaleX: 1 / s, y: 1 / s)))
            ),
        ]
        for (fill, paint) in paints {
            for position in CellPosition.allCases {
                let expected = try Surface(width: 343 * scale, height: 44 * scale)
                let reference = Canvas(surface: expected, scale: s)
                let path = Self.workloadPath(position, scale: s)
                reference.fill(path, with: paint)
                reference.stroke(
                    path, with: CellTestColors.line, style: StrokeStyle(width: 1 / s, lineJoin: .miter, lineCap: .butt))

                let surface = try Surface(width: 343 * scale, height: 44 * scale)
                let style = CellStyle(layout: .grouped, fill: fill, separatorColor: CellTestColors.line)
                let renderer = CellRenderer(canvas: Canvas(surface: surface, scale: s), style: style)
                renderer.draw(CellPlacement(position: position), in: Rect(x: 0, y: 0, width: 343, height: 44))
                #expect(surface.bytes == expected.bytes, "\(fill) \(position) @\(scale)x")
                // The one-call API draws the same pixels.
                let again = try Surface(width: 343 * scale, height: 44 * scale)
                style.draw(
                    CellPlacement(position: position), in: Rect(x: 0, y: 0, width: 343, height: 44),
                    on: Canvas(surface: again, scale: s))
                #expect(again.bytes == expected.bytes)
            }
        }
    }

    /// Rows of the column at `x` through `rows`: "L" line, "F" fill, "B"
    /// background, "H" header, "?" anything else.
    static func profile(_ surface: Surface, x: Int, rows: Range<Int>) -> String {
        String(
            rows.map { y -> Character in
                switch surface.pixel(x: x, y: y)! {
                case stored(CellTestColors.line): "L"
                case stored(CellTestColors.fill): "F"
                case stored(CellTestColors.background): "B"
                case stored(CellTestColors.header): "H"
                default: "?"
                }
            })
    }

    /// What the column through the cells of a section must read, top to
    /// bottom, for each layout.
    static func expectedProfile(_ layout: CellLayout, cells: [CellFrame], lastSection: Bool) -> String {
        var text = ""
        for (i, cell) in cells.enumerated() {
            let h = cell.pixelRect.height
            guard h > 0 else { continue }
            switch layout {
            case .grouped:
                // The cell's own top border; the section's last cell also
                // its bottom border. One line between any two cells.
                let last = i == cells.count - 1
                text += h == 1 ? "L" : "L" + String(repeating: "F", count: h - (last ? 2 : 1)) + (last ? "L" : "")
            case .insetGrouped:
                let last = i == cells.count - 1
                text += last ? String(repeating: "F", count: h) : String(repeating: "F", count: h - 1) + "L"
            case .plain:
                let noLine = i == cells.count - 1 && !lastSection
                text += noLine ? String(repeating: "F", count: h) : String(repeating: "F", count: h - 1) + "L"
            case .fullWidthGrouped:
                // A line along the section's top, one under every cell (the
                // last one's full width, the others' inset).
                text +=
                    i == 0
                    ? (h == 1 ? "L" : "L" + String(repeating: "F", count: h - 2) + "L")
                    : String(repeating: "F", count: h - 1) + "L"
            }
        }
        return text
    }

    /// Checks the column at `x` through every section of `table`.
    static func checkSeparators(_ table: TableDescription, x: Int) throws {
        let layout = try table.layout()
        let surface = try TableRenderer.render(table, workers: 1)
        for s in table.sections.indices {
            let cells = layout.cells.filter { $0.indexPath.section == s }
            guard let first = cells.first, let last = cells.last else { continue }
            let rows = first.pixelRect.minY..<(last.pixelRect.minY + last.pixelRect.height)
            let expected = expectedProfile(
                table.cellStyle.layout, cells: cells, lastSection: s == table.sections.count - 1)
            let actual = profile(surface, x: x, rows: rows)
            #expect(actual == expected, "\(table.cellStyle.layout) section \(s) @\(table.scale)x column \(x)")
            // Around the section: background or header bars, never a line.
            if rows.lowerBound > 0 {
                #expect("BH".contains(profile(surface, x: x, rows: rows.lowerBound - 1..<rows.lowerBound)))
            }
        }
    }

    @Test(arguments: [1.0, 1.5, 2, 3])
    func stackedCellsShareOneCrispSeparator(scale: Double) throws {
        for layout in CellLayout.allCases {
            let table = checkTable(layout, rows: [1, 2, 3, 5], scale: scale)
            // A column clear of rounded corners and of the separator inset.
            try Self.checkSeparators(table, x: Int((160 * scale).rounded()))
        }
    }

    @Test func randomRowHeightsStillShareOneSeparator() throws {
        var random = SplitMix64(seed: 17)
        for round in 0..<24 {
            let scale = [1.0, 2, 3, 1.5, 2.625][round % 5]
            let heights = (0..<random.int(in: 1...4)).map { _ in
                (0..<random.int(in: 1...6)).map { _ in random.double(in: 12...80) }
            }
            for layout in CellLayout.allCases {
                try Self.checkSeparators(
                    checkTable(layout, rows: [], scale: scale, heights: heights),
                    x: Int((160 * scale).rounded()))
            }
        }
    }

    @Test(arguments: [1, 2, 3])
    func groupedBordersRunDownBothSides(scale: Int) throws {
        let table = checkTable(.grouped, rows: [4], scale: Double(scale))
        let layout = try table.layout()
        let surface = try TableRenderer.render(table)
        let cells = layout.cells
        let x0 = cells[0].pixelRect.minX, x1 = x0 + cells[0].pixelRect.width - 1
        // Below the top corners and above the bottom ones: border columns
        // exactly the line color, the background just outside them.
        let rows =
            (cells[0].pixelRect.minY + 10 * scale)..<(cells[3].pixelRect.minY + cells[3].pixelRect.height - 10 * scale)
        #expect(Self.profile(surface, x: x0, rows: rows) == String(repeating: "L", count: rows.count))
        #expect(Self.profile(surface, x: x1, rows: rows) == String(repeating: "L", count: rows.count))
        #expect(Self.profile(surface, x: x0 - 1, rows: rows) == String(repeating: "B", count: rows.count))
        #expect(Self.profile(surface, x: x0 + 1, rows: rows).allSatisfy { $0 == "F" || $0 == "L" })
        // The corner pixel itself is outside the rounded shape.
        #expect(surface.pixel(x: x0, y: cells[0].pixelRect.minY) == stored(CellTestColors.background))
    }

    @Test(arguments: [1, 2, 3])
    func separatorsStartAtTheirInset(scale: Int) throws {
        for layout in [CellLayout.plain, .insetGrouped] {
            let table = checkTable(layout, rows: [3], scale: Double(scale))
            let layoutResult = try table.layout()
            let surface = try TableRenderer.render(table)
            let cell = layoutResult.cells[0].pixelRect
            let y = cell.minY + cell.height - 1
            let start = cell.minX + Int(CellStyle.defaultSeparatorInset(for: layout)) * scale
            #expect(surface.pixel(x: start - 1, y: y) == stored(CellTestColors.fill), "\(layout) @\(scale)x")
            #expect(surface.pixel(x: start, y: y) == stored(CellTestColors.line))
            #expect(surface.pixel(x: cell.minX + cell.width - 1, y: y) == stored(CellTestColors.line))
            // The row above the separator is all fill: one device pixel thick.
            #expect(surface.pixel(x: start, y: y - 1) == stored(CellTestColors.fill))
        }
    }

    @Test func alternatingRowsFollowTheCurrentIndex() throws {
        var style = CellStyle(layout: .plain, fill: .color(CellTestColors.fill), separatorColor: CellTestColors.line)
        let alternate = Color(red: 0.9, green: 0.95, blue: 1)
        style.alternateFill = .color(alternate)
        var table = TableDescription(cellStyle: style, rowCounts: [3, 4], scale: 2)
        table.selectedRows = [CellIndexPath(row: 2, section: 1)]
        func check(_ table: TableDescription) throws {
            let layout = try table.layout()
            let surface = try TableRenderer.render(table)
            for cell in layout.cells {
                let p = surface.pixel(x: cell.pixelRect.minX + 4, y: cell.pixelRect.minY + cell.pixelRect.height / 2)!
                let expected: Color =
                    table.selectedRows.contains(cell.indexPath)
                    ? Color(red8: 0xD9, green8: 0xD9, blue8: 0xD9)
                    : cell.indexPath.row % 2 == 1 ? alternate : CellTestColors.fill
                #expect(p == stored(expected), "\(cell.indexPath)")
            }
        }
        try check(table)
        // Insert two rows at the top of section 1 and delete one of
        // section 0: the colors still alternate, the selection follows its
        // row, and the picture is that of a table built that way.
        try table.insertRows(2, at: 0, inSection: 1)
        #expect(table.selectedRows == [CellIndexPath(row: 4, section: 1)])
        try table.deleteRows(0..<1, inSection: 0)
        try check(table)
        var fresh = TableDescription(cellStyle: style, rowCounts: [2, 6], scale: 2)
        fresh.selectedRows = [CellIndexPath(row: 4, section: 1)]
        #expect(try TableRenderer.render(table).bytes == TableRenderer.render(fresh).bytes)
        try table.deleteRows(3..<5, inSection: 1)
        #expect(table.selectedRows.isEmpty)
        #expect(throws: TableError.rowOutOfRange(row: 6, rowsInSection: 4)) {
            try table.deleteRows(2..<7, inSection: 1)
        }
        #expect(throws: TableError.sectionOutOfRange(section: 5, sectionCount: 2)) {
            try table.insertRows(1, at: 0, inSection: 5)
        }
    }

    @Test func selectedGroupedCellUsesTheSelectedFill() throws {
        var table = checkTable(.grouped, rows: [3], scale: 3)
        table.cellStyle.selectedFill = .color(Color(red: 0, green: 0.4, blue: 1))
        table.selectedRows = [CellIndexPath(row: 1, section: 0)]
        let layout = try table.layout()
        let surface = try TableRenderer.render(table)
        let cell = layout.cells[1].pixelRect
        #expect(surface.pixel(x: cell.minX + 30, y: cell.minY + 20) == stored(Color(red: 0, green: 0.4, blue: 1)))
        // Its border and the shared separators stay.
        try Self.checkSeparators(checkTable(.grouped, rows: [3], scale: 3), x: 480)
        #expect(surface.pixel(x: cell.minX, y: cell.minY + 20) == stored(CellTestColors.line))
    }

    /// The separator rows around a selected cell in `plain` and
    /// `insetGrouped` tables: hidden above and below it (UIKit since iOS
    /// 7), kept everywhere else, and kept when the style says so.
    @Test(arguments: [1.0, 2, 3])
    func separatorsNextToASelectedCellAreHidden(scale: Double) throws {
        let selectedColor = Color(red: 0, green: 0.4, blue: 1)
        for layout in [CellLayout.plain, .insetGrouped] {
            for hides in [true, false] {
                var table = checkTable(layout, rows: [5, 3], scale: scale)
                table.cellStyle.selectedFill = .color(selectedColor)
                table.cellStyle.hidesSeparatorsNextToSelection = hides
                let selected: Set<CellIndexPath> = [
                    CellIndexPath(row: 2, section: 0), CellIndexPath(row: 0, section: 1),
                ]
                table.selectedRows = selected
                let layoutResult = try table.layout()
                let surface = try TableRenderer.render(table)
                for frame in layoutResult.cells {
                    let r = frame.pixelRect
                    let next = CellIndexPath(row: frame.indexPath.row + 1, section: frame.indexPath.section)
                    #expect(
                        frame.isNextSelected
                            == (frame.placement.row + 1 < frame.placement.rowsInSection
                                && selected.contains(next)))
                    let ownFill = stored(frame.isSelected ? selectedColor : CellTestColors.fill)
                    // The cell's last pixel row, mid-width (right of any
                    // inset, clear of rounded corners).
                    let x = r.minX + r.width / 2, y = r.minY + r.height - 1
                    let drawsAtAll = table.cellStyle.drawsInnerSeparator(for: frame.placement)
                    let hidden = hides && (frame.isSelected || frame.isNextSelected)
                    let expected = drawsAtAll && !hidden ? stored(CellTestColors.line) : ownFill
                    #expect(
                        surface.pixel(x: x, y: y) == expected,
                        "\(layout) @\(scale)x hides \(hides) \(frame.indexPath) bottom row")
                    // The row above the last is the cell's own fill: one
                    // device pixel of separator, no more.
                    #expect(surface.pixel(x: x, y: y - 1) == ownFill)
                }
            }
        }
    }

    @Test func singleCellsHideTheirSeparatorWhenSelectedOrBeforeASelectedCell() throws {
        let surface = try Surface(width: 40, height: 20)
        let canvas = Canvas(surface: surface, scale: 2)
        let style = CellStyle(
            layout: .plain, fill: .color(CellTestColors.fill), selectedFill: .color(.black),
            separatorColor: CellTestColors.line, separatorInset: 0)
        let placement = CellPlacement(position: .middle)
        let rect = Rect(x: 0, y: 0, width: 20, height: 10)
        for (selected, nextSelected) in [(false, false), (true, false), (false, true), (true, true)] {
            surface.clear()
            style.draw(placement, in: rect, on: canvas, isSelected: selected, isNextSelected: nextSelected)
            let hidden = selected || nextSelected
            let fill = stored(selected ? .black : CellTestColors.fill)
            #expect(surface.pixel(x: 10, y: 19) == (hidden ? fill : stored(CellTestColors.line)))
            // CellRenderer draws the same pixels.
            let other = try Surface(width: 40, height: 20)
            CellRenderer(canvas: Canvas(surface: other, scale: 2), style: style)
                .draw(placement, in: rect, isSelected: selected, isNextSelected: nextSelected)
            #expect(other.bytes == surface.bytes)
        }
    }

    @Test func emptyAndNonFiniteRectsDrawNothing() throws {
        let surface = try Surface(width: 20, height: 20)
        let canvas = Canvas(surface: surface, scale: 2)
        for rect in [
            Rect(x: 0, y: 0, width: 0, height: 5), Rect(x: .nan, y: 0, width: 5, height: 5),
            Rect(x: 0, y: 0, width: .infinity, height: 5),
        ] {
            for layout in CellLayout.allCases {
                CellStyle(layout: layout).draw(CellPlacement(position: .single), in: rect, on: canvas)
            }
        }
        #expect(surface.bytes.allSatisfy { $0 == 0 })
    }

    @Test func drawingStaysInsideTheCellRect() throws {
        // A top cell's shape extends 1 pt below its rect; none of it lands
        // outside the rect.
        let surface = try Surface(width: 60, height: 60)
        let canvas = Canvas(surface: surface, scale: 2)
        for layout in CellLayout.allCases {
            surface.clear()
            CellStyle(layout: layout).draw(
                CellPlacement(position: .top), in: Rect(x: 5, y: 5, width: 20, height: 10), on: canvas)
            for y in 0..<60 {
                for x in 0..<60 where !(10..<50).contains(x) || !(10..<30).contains(y) {
                    #expect(surface.pixel(x: x, y: y)!.alpha == 0, "\(layout) (\(x), \(y))")
                }
            }
        }
    }
}
