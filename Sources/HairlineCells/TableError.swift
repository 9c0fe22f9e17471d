// HairlineCells: the one error type of the kit. Every bad table
// description is caught when it is laid out, before any pixel is drawn,
// with a message that says which value is wrong and where.

import Hairline

/// What is wrong with a cell placement or a table description.
public enum TableError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A row index outside its section.
    case rowOutOfRange(row: Int, rowsInSection: Int)
    /// A section index outside the table.
    case sectionOutOfRange(section: Int, sectionCount: Int)
    /// The scale (device pixels per point) is not finite or not in
    /// `TableDescription.scaleRange`.
    case invalidScale(Double)
    /// The table's width (points) is not finite or not positive.
    case invalidWidth(Double)
    /// A length (points) that must be finite and at least 0 is not; `what`
    /// names it, e.g. "height of row 3 in section 1".
    case invalidLength(what: String, value: Double)
    /// The table has no sections.
    case noSections
    /// The laid-out table (device pixels) is larger than a `Surface` can be.
    case tooLarge(width: Int, height: Int)
    /// A surface given to draw the table into is not the table's size.
    case surfaceSizeMismatch(expected: PixelRect, actual: PixelRect)
    /// A range of device rows to render is empty or not inside the table
    /// (`height` device pixels tall).
    case invalidPixelRows(Range<Int>, height: Int)
    /// A range of table rows ends before it starts.
    case invalidRowRange(CellIndexPath, CellIndexPath)
    /// A tile height (device pixels) below 1.
    case invalidTileHeight(Int)

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .rowOutOfRange(let row, let rows):
            "row \(row) is not in a section of \(rows) row\(rows == 1 ? "" : "s")"
        case .sectionOutOfRange(let section, let count):
            "section \(section) is not in a table of \(count) section\(count == 1 ? "" : "s")"
        case .invalidScale(let scale):
            "scale \(scale) is not a finite number of device pixels per point in "
                + "\(TableDescription.scaleRange.lowerBound)...\(TableDescription.scaleRange.upperBound)"
        case .invalidWidth(let width):
            "table width \(width) pt is not a finite positive number"
        case .invalidLength(let what, let value):
            "\(what) is \(value) pt; it must be finite and at least 0"
        case .noSections:
            "the table has no sections"
        case .tooLarge(let width, let height):
            "the table is \(width) x \(height) device pixels, more than a surface can hold "
                + "(\(Surface.maximumDimension) a side, \(Surface.maximumPixelCount) pixels)"
        case .surfaceSizeMismatch(let expected, let actual):
            "the surface is \(actual.width) x \(actual.height) pixels; the table needs \(expected.width) x \(expected.height)"
        case .invalidPixelRows(let rows, let height):
            "device rows \(rows.lowerBound)..<\(rows.upperBound) are not a non-empty part of the table's 0..<\(height)"
        case .invalidRowRange(let first, let last):
            "rows \(first.section):\(first.row)..\(last.section):\(last.row) end before they start"
        case .invalidTileHeight(let height):
            "tile height \(height) px is not at least 1"
        }
    }
}
