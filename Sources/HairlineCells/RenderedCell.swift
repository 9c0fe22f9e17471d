// HairlineCells: one cell drawn on its own (`TableRenderer.renderCells`):
// its frame in the table and the surface holding its pixels.

import Hairline

/// A cell rendered into a surface of its own.
public struct RenderedCell {
    /// Where the cell is in the table.
    public let frame: CellFrame
    /// The cell's pixels: `frame.pixelRect`'s size, transparent where the
    /// cell draws nothing (outside rounded corners).
    public let surface: Surface
}
