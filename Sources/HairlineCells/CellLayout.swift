// HairlineCells: the three table layouts a cell style follows (grouped,
// inset grouped, plain), as UIKit's table view styles. A value only; see
// GEOMETRY.md, "Table-view conventions".

import Hairline

/// How a table view lays out its cells' backgrounds.
public enum CellLayout: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The iOS 6 grouped look: sections of cells with rounded top and
    /// bottom corners and a one-device-pixel border, adjacent cells sharing
    /// one separator line.
    case grouped
    /// The iOS 13+ inset grouped look: sections with rounded corners and
    /// no border, hairline separators between cells, inset from the leading
    /// edge.
    case insetGrouped
    /// The iOS 7+ plain look: full-width cells, each with a hairline
    /// separator along its bottom edge, inset from the leading edge.
    case plain
    /// The iOS 7–12 grouped look: full-width sections of square cells, a
    /// full-width line along the top of each section's first cell and the
    /// bottom of its last, inset separators between cells.
    case fullWidthGrouped

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .grouped: "grouped"
        case .insetGrouped: "insetGrouped"
        case .plain: "plain"
        case .fullWidthGrouped: "fullWidthGrouped"
        }
    }
}
