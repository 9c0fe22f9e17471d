// HairlineCells: a cell's row and section (UIKit's `IndexPath` for table
// views), ordered section first. A value only.

/// A cell's address: its section and its row in that section (0-based),
/// as `IndexPath` addresses table cells in UIKit.
public struct CellIndexPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section, from 0.
    public var section: Int
    /// The row within the section, from 0.
    public var row: Int

    /// Creates the index path of `row` in `section` (both 0-based).
    /// - Parameters:
    ///   - row: the row within the section.
    ///   - section: the section.
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }

    public static func < (a: CellIndexPath, b: CellIndexPath) -> Bool {
        (a.section, a.row) < (b.section, b.row)
    }

    /// A readable description, for messages and debugging.
    public var description: String { "[\(section), \(row)]" }
}
