// HairlineCells: one laid-out cell: where it is in the table (its
// placement and index path) and its rectangle on whole device pixels. A
// value only; TableLayout.swift makes it.

import Hairline

/// One cell of a laid-out table.
public struct CellFrame: Hashable, Sendable {
    /// The cell's row, section and the counts around it.
    public let placement: CellPlacement
    /// The cell's pixels in the table (device pixels, origin at the
    /// table's top-left corner); empty for a row whose height rounds to 0.
    public let pixelRect: PixelRect
    /// Whether the cell is selected.
    public let isSelected: Bool
    /// Whether the next cell of the same section is selected (the
    /// separator between the two is then hidden, see
    /// `CellStyle.hidesSeparatorsNextToSelection`).
    public let isNextSelected: Bool

    /// The cell's index path.
    public var indexPath: CellIndexPath { placement.indexPath }
}
