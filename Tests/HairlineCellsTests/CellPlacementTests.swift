// Positions and separator rules for every case of (row, rows, section,
// sections), and the placement's validation.

import Hairline
@testable import HairlineCells
import Testing

@Suite struct CellPlacementTests {
    @Test func everyRowOfEverySectionSizeHasItsPosition() throws {
        for rows in 1...12 {
            for row in 0..<rows {
                let expected: CellPosition =
                    rows == 1 ? .single : row == 0 ? .top : row == rows - 1 ? .bottom : .middle
                #expect(CellPosition(row: row, rowCount: rows) == expected, "row \(row) of \(rows)")
                let placement = try CellPlacement(row: row, rowsInSection: rows, section: 0, sectionCount: 1)
                #expect(placement.position == expected)
                #expect(placement.position.isFirstInSection == (row == 0))
                #expect(placement.position.isLastInSection == (row == rows - 1))
                #expect(placement.isLastInSection == (row == rows - 1))
                #expect(placement.isAlternateRow(in: CellStyle(layout: .grouped)) == (row % 2 == 1))
                var even = CellStyle(layout: .grouped)
                even.alternation = .even
                #expect(placement.isAlternateRow(in: even) == (row % 2 == 0))
            }
        }
        #expect(CellPosition(row: 0, rowCount: 0) == nil)
        #expect(CellPosition(row: -1, rowCount: 3) == nil)
        #expect(CellPosition(row: 3, rowCount: 3) == nil)
    }

    @Test func plainSeparatorsSkipOnlyTheLastCellOfANonLastSection() throws {
        for sections in 1...4 {
            for section in 0..<sections {
                for rows in 1...4 {
                    for row in 0..<rows {
                        let p = try CellPlacement(
                            row: row, rowsInSection: rows, section: section, sectionCount: sections)
                        let lastOfNonLast = row == rows - 1 && section < sections - 1
                        #expect(p.drawsPlainBottomSeparator == !lastOfNonLast, "\(p)")
                        #expect(p.isInLastSection == (section == sections - 1))
                        #expect(p.indexPath == CellIndexPath(row: row, section: section))
                    }
                }
            }
        }
    }

    @Test func standalonePlacementsHaveTheirPosition() {
        for position in CellPosition.allCases {
            let p = CellPlacement(position: position)
            #expect(p.position == position)
            #expect(p.sectionCount == 1 && p.section == 0)
        }
    }

    @Test func badPlacementsThrowWhatIsWrong() {
        #expect(throws: TableError.rowOutOfRange(row: 3, rowsInSection: 3)) {
            try CellPlacement(row: 3, rowsInSection: 3, section: 0, sectionCount: 1)
        }
        #expect(throws: TableError.rowOutOfRange(row: -1, rowsInSection: 3)) {
            try CellPlacement(row: -1, rowsInSection: 3, section: 0, sectionCount: 1)
        }
        #expect(throws: TableError.rowOutOfRange(row: 0, rowsInSection: 0)) {
            try CellPlacement(row: 0, rowsInSection: 0, section: 0, sectionCount: 1)
        }
        #expect(throws: TableError.sectionOutOfRange(section: 2, sectionCount: 2)) {
            try CellPlacement(row: 0, rowsInSection: 1, section: 2, sectionCount: 2)
        }
        #expect("\(TableError.rowOutOfRange(row: 3, rowsInSection: 1))" == "row 3 is not in a section of 1 row")
    }

    @Test func roundedCornersFollowThePosition() {
        for layout in [CellLayout.grouped, .insetGrouped] {
            let style = CellStyle(layout: layout)
            #expect(style.roundedCorners(at: .single) == .all)
            #expect(style.roundedCorners(at: .top) == .top)
            #expect(style.roundedCorners(at: .middle) == [])
            #expect(style.roundedCorners(at: .bottom) == .bottom)
        }
        for position in CellPosition.allCases { #expect(CellStyle.plain.roundedCorners(at: position) == []) }
    }

    @Test func selectionWinsOverAlternation() throws {
        var style = CellStyle.plain
        let a = CellFill.color(.black), b = CellFill.color(.white),
            selected = CellFill.color(Color(red: 1, green: 0, blue: 0))
        style.fill = a
        style.alternateFill = b
        style.selectedFill = selected
        let even = try CellPlacement(row: 2, rowsInSection: 4, section: 0, sectionCount: 1)
        let odd = try CellPlacement(row: 3, rowsInSection: 4, section: 0, sectionCount: 1)
        #expect(style.fill(for: even, isSelected: false) == a)
        #expect(style.fill(for: odd, isSelected: false) == b)
        #expect(style.fill(for: odd, isSelected: true) == selected)
        style.alternateFill = nil
        #expect(style.fill(for: odd, isSelected: false) == a)
    }
}
