// HairlineCells: a cell's position in a grouped section (single, top,
// middle, bottom): which corners round and whether the cell shares its
// bottom separator with the next one. A value only; CellPlacement.swift
// derives it.

/// Where a cell sits in its section, as grouped table styles see it.
public enum CellPosition: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The only cell of its section: every corner rounds.
    case single
    /// The first cell of a section of two or more: the top corners round.
    case top
    /// Neither first nor last: square corners, separators top and bottom.
    case middle
    /// The last cell of a section of two or more: the bottom corners round.
    case bottom

    /// The position of row `row` (0-based) in a section of `rowCount` rows,
    /// or `nil` if `row` is not in `0..<rowCount`.
    /// - Parameters:
    ///   - row: the row, from 0.
    ///   - rowCount: the number of rows in the section.
    public init?(row: Int, rowCount: Int) {
        guard row >= 0, row < rowCount else { return nil }
        if rowCount == 1 {
            self = .single
        } else if row == 0 {
            self = .top
        } else if row == rowCount - 1 {
            self = .bottom
        } else {
            self = .middle
        }
    }

    /// Whether the cell is the first of its section (`single` or `top`).
    public var isFirstInSection: Bool { self == .single || self == .top }
    /// Whether the cell is the last of its section (`single` or `bottom`).
    public var isLastInSection: Bool { self == .single || self == .bottom }

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .single: "single"
        case .top: "top"
        case .middle: "middle"
        case .bottom: "bottom"
        }
    }
}
