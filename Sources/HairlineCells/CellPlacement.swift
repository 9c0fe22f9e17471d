// HairlineCells: where a cell sits in its table. From (row, rows in the
// section, section, number of sections) follow the cell's position in a
// grouped section (which corners round, whether it shares its bottom
// separator with the next cell) and the separator rules of plain tables.
// No geometry here: the styles turn a placement into paths.

/// Everything a cell's background depends on besides its style and size:
/// its row within its section and its section within the table.
///
/// Build one with `init(row:rowsInSection:section:sectionCount:)`, which
/// validates the numbers, or `init(position:)` for a cell drawn on its
/// own. Values; `Sendable`.
public struct CellPlacement: Hashable, Sendable, CustomStringConvertible {
    /// The row within the section, from 0.
    public let row: Int
    /// The number of rows in the cell's section (at least 1).
    public let rowsInSection: Int
    /// The section, from 0.
    public let section: Int
    /// The number of sections in the table (at least 1).
    public let sectionCount: Int

    /// The placement of `row` of `section`.
    /// - Throws: `TableError.rowOutOfRange` unless `0 <= row < rowsInSection`,
    ///   `TableError.sectionOutOfRange` unless `0 <= section < sectionCount`.
    /// - Parameters:
    ///   - row: the row, from 0.
    ///   - rowsInSection: the number of rows in its section.
    ///   - section: the section, from 0.
    ///   - sectionCount: the number of sections in the table.
    public init(row: Int, rowsInSection: Int, section: Int, sectionCount: Int) throws(TableError) {
        guard row >= 0, row < rowsInSection else {
            throw .rowOutOfRange(row: row, rowsInSection: rowsInSection)
        }
        guard section >= 0, section < sectionCount else {
            throw .sectionOutOfRange(section: section, sectionCount: sectionCount)
        }
        self.row = row
        self.rowsInSection = rowsInSection
        self.section = section
        self.sectionCount = sectionCount
    }

    /// A cell with `position` in the only section of a table: row 0 of 1
    /// for `single`, row 0 of 2 for `top`, row 1 of 3 for `middle`, row 1
    /// of 2 for `bottom`.
    /// - Parameter position: the position wanted.
    public init(position: CellPosition) {
        switch position {
        case .single: (row, rowsInSection) = (0, 1)
        case .top: (row, rowsInSection) = (0, 2)
        case .middle: (row, rowsInSection) = (1, 3)
        case .bottom: (row, rowsInSection) = (1, 2)
        }
        section = 0
        sectionCount = 1
    }

    /// The cell's index path.
    public var indexPath: CellIndexPath { CellIndexPath(row: row, section: section) }

    /// The cell's position in its section (grouped styles).
    public var position: CellPosition {
        // The initializers guarantee 0 <= row < rowsInSection.
        CellPosition(row: row, rowCount: rowsInSection) ?? .single
    }

    /// Whether the cell is the last of its section.
    public var isLastInSection: Bool { row == rowsInSection - 1 }

    /// Whether the cell's section is the table's last.
    public var isInLastSection: Bool { section == sectionCount - 1 }

    /// Whether a plain-style cell draws its bottom separator: every cell
    /// does except the last of a section that is not the table's last (the
    /// next section's header follows it, as in UIKit's plain tables).
    public var drawsPlainBottomSeparator: Bool { !(isLastInSection && !isInLastSection) }

    /// Whether the row counts as an alternate row under the default
    /// alternation (`RowParity.odd`: the 2nd, 4th, ... row from 0 within
    /// the section, as `NSTableView` alternates). A style may alternate
    /// the even rows instead: ask `isAlternateRow(in:)`.
    @available(*, deprecated, message: "ignores CellStyle.alternation; use isAlternateRow(in:)")
    public var isAlternateRow: Bool { row % 2 == 1 }

    /// Whether the row takes `style`'s alternate fill: its index within
    /// the section has `style.alternation`'s parity. The answer depends
    /// only on the row's current index, so colors stay alternating when
    /// rows are inserted or deleted.
    /// - Parameter style: the cell style drawing the row.
    public func isAlternateRow(in style: CellStyle) -> Bool { style.isAlternate(row) }

    /// A readable description, for messages and debugging.
    public var description: String {
        "row \(row) of \(rowsInSection), section \(section) of \(sectionCount) (\(position))"
    }
}
