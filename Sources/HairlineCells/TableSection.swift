// HairlineCells: one section of a table as data: its rows' heights, the
// spacing of its header and footer (points), and their own look (title
// styles, bars). A value only;
// TableLayout.swift checks and places it.

import Hairline

/// One section of a table: its rows' heights and the spacing above and
/// below it. Lengths in points.
public struct TableSection: Hashable, Sendable {
    /// The height of each row, in points; the count is the number of rows.
    public var rowHeights: [Double]
    /// The space above the section's first row (its header), in points;
    /// `nil` uses the table's `defaultHeaderHeight`.
    public var headerHeight: Double?
    /// The space below the section's last row (its footer), in points;
    /// `nil` uses the table's `defaultFooterHeight`.
    public var footerHeight: Double?
    /// The rows' text (UITableViewCell's labels), by row; rows past its
    /// end, and nil entries, have none.
    public var texts: [CellText?] = []
    /// The title drawn in the section's header (the table's
    /// `headerTitleStyle`), if any. With a title and no `headerHeight`,
    /// the header is as tall as the title needs.
    public var headerTitle: String? = nil
    /// The title drawn in the section's footer (the table's
    /// `footerTitleStyle`: wrapped to the table's width by default), if
    /// any. With a title and no `footerHeight`, the footer is as tall as
    /// the title needs.
    public var footerTitle: String? = nil
    /// The look of this section's cells; nil for the table's `cellStyle`
    /// (a plain section and a rounded one in one table).
    public var style: CellStyle? = nil
    /// The space between the table's sides and this section's cells, in
    /// points; nil for the table's `horizontalInset`.
    public var horizontalInset: Double? = nil
    /// How this section's header title looks; nil for the table's
    /// (`TableDescription.headerTitleStyle`, else the layout's standard).
    public var headerTitleStyle: SectionTitleStyle? = nil
    /// How this section's footer title looks; nil for the table's.
    public var footerTitleStyle: SectionTitleStyle? = nil
    /// What fills the header band (its height is the header's):
    /// `.automatic` is the table's `headerColor` behind a title only.
    public var headerBar: SectionBar = .automatic
    /// What fills the footer band, as `headerBar`.
    public var footerBar: SectionBar = .automatic
    /// The section's own header view (UIKit's `viewForHeaderInSection`),
    /// in place of its header title and bar: the band is the view's
    /// height (unless `headerHeight` is set), filled with its background,
    /// its title (and image) drawn as the table's header view draws its.
    public var headerView: TableHeaderView? = nil

    /// A section of `rows` rows of `rowHeight` points each (a negative
    /// count gives no rows).
    /// - Parameters:
    ///   - rows: the number of rows.
    ///   - rowHeight: each row's height, in points.
    ///   - headerHeight: the space above, in points (`nil`: the table's default).
    ///   - footerHeight: the space below, in points (`nil`: the table's default).
    public init(
        rows: Int, rowHeight: Double = TableSection.defaultRowHeight,
        headerHeight: Double? = nil, footerHeight: Double? = nil
    ) {
        self.init(
            rowHeights: Array(repeating: rowHeight, count: max(rows, 0)),
            headerHeight: headerHeight, footerHeight: footerHeight)
    }

    /// A section whose rows have the given heights (points).
    /// - Parameters:
    ///   - rowHeights: each row's height, in points.
    ///   - headerHeight: the space above, in points (`nil`: the table's default).
    ///   - footerHeight: the space below, in points (`nil`: the table's default).
    public init(rowHeights: [Double], headerHeight: Double? = nil, footerHeight: Double? = nil) {
        self.rowHeights = rowHeights
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
    }

    /// UIKit's default row height, 44 pt.
    public static let defaultRowHeight = 44.0

    /// The number of rows.
    public var rowCount: Int { rowHeights.count }

    /// Row `row`'s text, if it has one.
    public func text(ofRow row: Int) -> CellText? { row >= 0 && row < texts.count ? texts[row] : nil }
}
