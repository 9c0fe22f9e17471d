// HairlineCells: a table as data: its cell style, sections with row
// heights and header/footer spacing, width, scale, background and
// selection. `layout()` (TableLayout.swift) validates it and places every
// cell on whole device pixels; TableRenderer draws it.

import Hairline
import HairlineText

/// A table to draw: everything about it except the contents of its cells.
///
/// Lengths are in points; `scale` maps them to device pixels. A value,
/// `Sendable`; edit it (insert rows, select) and render it again.
public struct TableDescription: Hashable, Sendable {
    /// How every cell's background looks.
    public var cellStyle: CellStyle
    /// The sections, top to bottom.
    public var sections: [TableSection]
    /// The table's width in points.
    public var width: Double
    /// Device pixels per point (1, 2, 3 for common screens; any value in
    /// `scaleRange`).
    public var scale: Double
    /// What shows around and between the sections, laid out in the table's
    /// coordinates (points, origin at its top-left corner).
    public var background: CellFill
    /// The space between the table's sides and its cells, in points
    /// (grouped sections float inside the table).
    public var horizontalInset: Double
    /// The header spacing of sections that do not set their own, in points.
    public var defaultHeaderHeight: Double
    /// The footer spacing of sections that do not set their own, in points.
    public var defaultFooterHeight: Double
    /// The color of the bars behind section header and footer titles
    /// (their full width), as plain tables draw them: a section's
    /// `.automatic` bar is this color behind a title, and no bar without
    /// one (UIKit's rule); `TableSection.headerBar` overrides it.
    public var headerColor: Color?
    /// The selected cells.
    public var selectedRows: Set<CellIndexPath>
    /// The fonts and colors of the cells' text (`TableSection.texts`); nil
    /// for the layout's standard (DejaVu Sans, UIKit's sizes and colors).
    public var textStyle: CellTextStyle? = nil
    /// How section header titles look (`TableSection.headerTitle`); nil
    /// for the layout's standard (`SectionTitleStyle.standardHeader(for:)`).
    public var headerTitleStyle: SectionTitleStyle? = nil
    /// How section footer titles look; nil for the layout's standard
    /// (`SectionTitleStyle.standardFooter(for:)`).
    public var footerTitleStyle: SectionTitleStyle? = nil
    /// The band above the first section (UITableView's
    /// `tableHeaderView`), if any.
    public var headerView: TableHeaderView? = nil
    /// The band below the last section (UITableView's
    /// `tableFooterView`), if any: the same kind of view as `headerView`.
    public var footerView: TableHeaderView? = nil
    /// Where the text's fonts find the characters they lack (a Japanese
    /// title in DejaVu Sans): nil for none (such characters draw as the
    /// font's missing-glyph box). Applied to every font of the table's
    /// text when it is drawn.
    public var fontFallback: FontFallback? = nil
    /// Which way the cells and titles run: `auto` (the default) leaves
    /// each cell to its title's direction (UAX #9 P2-P3) and each title
    /// to its own; `rightToLeft` mirrors every cell without a direction of
    /// its own and aligns the section titles right (`leftToRight` left).
    public var layoutDirection = CellLayoutDirection.auto

    /// The style of `section`'s cells: its own, else the table's.
    /// - Parameter section: the section, from 0 (out of range: the table's).
    public func style(ofSection section: Int) -> CellStyle {
        section >= 0 && section < sections.count ? sections[section].style ?? cellStyle : cellStyle
    }

    /// The inset of `section`'s cells from the table's sides, in points:
    /// its own, else the table's (not checked: `layout()` does).
    func horizontalInset(ofSection section: Int) -> Double {
        section >= 0 && section < sections.count
            ? sections[section].horizontalInset ?? horizontalInset : horizontalInset
    }

    /// The header title style in effect: `headerTitleStyle` or the
    /// layout's standard (nil only if the bundled fonts cannot be read).
    var resolvedHeaderTitleStyle: SectionTitleStyle? {
        withFallback(
            headerTitleStyle
                ?? SectionTitleStyle.standardHeader(for: cellStyle.layout, appearance: cellStyle.appearance))
    }

    /// The footer title style in effect.
    var resolvedFooterTitleStyle: SectionTitleStyle? {
        withFallback(
            footerTitleStyle
                ?? SectionTitleStyle.standardFooter(for: cellStyle.layout, appearance: cellStyle.appearance))
    }

    /// Section `index`'s header title style: its own, else the table's.
    func headerTitleStyle(ofSection index: Int) -> SectionTitleStyle? {
        guard index >= 0, index < sections.count, let own = sections[index].headerTitleStyle else {
            return resolvedHeaderTitleStyle
        }
        return withFallback(own)
    }

    /// Section `index`'s footer title style: its own, else the table's.
    func footerTitleStyle(ofSection index: Int) -> SectionTitleStyle? {
        guard index >= 0, index < sections.count, let own = sections[index].footerTitleStyle else {
            return resolvedFooterTitleStyle
        }
        return withFallback(own)
    }

    /// `style` with `fontFallback` on its font (as it is without one).
    func withFallback(_ style: SectionTitleStyle?) -> SectionTitleStyle? {
        guard let fontFallback, var style else { return style }
        style.font = style.font.withFallback(fontFallback)
        return style
    }

    /// The scales a table accepts, device pixels per point.
    public static let scaleRange: ClosedRange<Double> = 0.25...16

    /// Creates a table whose spacing, insets and background default to the
    /// UIKit look of `cellStyle.layout`: grouped (iOS 6) insets sections
    /// 10 pt on the pinstripe background with 10 pt headers and footers;
    /// inset grouped (iOS 13) insets them 16 pt on #F2F2F7 with 18 pt
    /// headers and footers; full-width grouped (iOS 7) spans the width on
    /// #EFEFF4 with 35 pt headers and no footers; plain draws full-width cells on white with
    /// 28 pt headers (a bar of #F7F7F7 behind a title), with no footers. A
    /// dark style (`CellStyle(layout:appearance:)`) puts the table on
    /// black (plain: #1C1C1E header bars), its titles and labels in the
    /// dark label colors.
    /// - Parameters:
    ///   - cellStyle: how every cell looks.
    ///   - sections: the sections, top to bottom.
    ///   - width: the table's width in points (375 by default).
    ///   - scale: device pixels per point (checked by `layout()`).
    public init(cellStyle: CellStyle, sections: [TableSection], width: Double = 375, scale: Double = 1) {
        self.cellStyle = cellStyle
        self.sections = sections
        self.width = width
        self.scale = scale
        selectedRows = []
        switch cellStyle.layout {
        case .grouped:
            background = TableDescription.pinstripes(scale: scale)
            horizontalInset = 10
            defaultHeaderHeight = 10
            defaultFooterHeight = 10
            headerColor = nil
        case .insetGrouped:
            background = .color(Color(red8: 0xF2, green8: 0xF2, blue8: 0xF7))
            horizontalInset = 16
            defaultHeaderHeight = 18
            defaultFooterHeight = 18
            headerColor = nil
        case .fullWidthGrouped:
            background = .color(Color(red8: 0xEF, green8: 0xEF, blue8: 0xF4))
            horizontalInset = 0
            defaultHeaderHeight = 35
            defaultFooterHeight = 0
            headerColor = nil
        case .plain:
            background = .color(.white)
            horizontalInset = 0
            defaultHeaderHeight = 28
            defaultFooterHeight = 0
            headerColor = Color(red8: 0xF7, green8: 0xF7, blue8: 0xF7)
        }
        if cellStyle.appearance == .dark, let look = TableDescription.darkLook(for: cellStyle.layout) {
            background = look.background
            headerColor = look.headerColor
        }
    }

    /// A table of sections with the given row counts, every row
    /// `rowHeight` points tall.
    /// - Parameters:
    ///   - cellStyle: how every cell looks.
    ///   - rowCounts: the number of rows of each section (negative: none).
    ///   - rowHeight: every row's height, in points.
    ///   - width: the table's width in points.
    ///   - scale: device pixels per point.
    public init(
        cellStyle: CellStyle, rowCounts: [Int], rowHeight: Double = TableSection.defaultRowHeight,
        width: Double = 375, scale: Double = 1
    ) {
        self.init(
            cellStyle: cellStyle, sections: rowCounts.map { TableSection(rows: $0, rowHeight: rowHeight) },
            width: width, scale: scale)
    }

    /// The iOS 6 grouped table background: vertical pinstripes, 5 pt of
    /// #C5CCD4 and 2 pt of #CBD2D8 (the look of
    /// `groupTableViewBackgroundColor`), as a pattern made at `scale` (a
    /// non-finite or out-of-range scale gets the 1x tile).
    public static func pinstripes(scale: Double) -> CellFill {
        let s = (scale.isFinite && scaleRange.contains(scale)) ? max(1, Int((scale).rounded())) : 1
        let dark = Color(red8: 0xC5, green8: 0xCC, blue8: 0xD4), light = Color(red8: 0xCB, green8: 0xD2, blue8: 0xD8)
        let colors = (0..<(7 * s)).map { $0 < 5 * s ? dark : light }
        // 7s x 1 pixels of valid colors: cannot fail.
        guard let tile = try? Image(width: 7 * s, height: 1, colors: colors) else { return .color(dark) }
        return .pattern(tile, imageScale: Double(s))
    }

    // MARK: Editing

    /// Inserts `count` rows of `rowHeight` points before row `row` of
    /// `section` (`row == rowCount` appends), shifting the selection of the
    /// rows after them as a table view does.
    /// - Throws: `TableError` if the section or row is out of range.
    /// - Parameters:
    ///   - count: the number of rows inserted.
    ///   - row: the row they are inserted before.
    ///   - section: the section, from 0.
    ///   - rowHeight: their height, in points.
    public mutating func insertRows(
        _ count: Int, at row: Int, inSection section: Int,
        rowHeight: Double = TableSection.defaultRowHeight
    ) throws(TableError) {
        guard section >= 0, section < sections.count else {
            throw .sectionOutOfRange(section: section, sectionCount: sections.count)
        }
        let rows = sections[section].rowCount
        guard row >= 0, row <= rows else { throw .rowOutOfRange(row: row, rowsInSection: rows + 1) }
        let added = max(count, 0)
        sections[section].rowHeights.insert(contentsOf: repeatElement(rowHeight, count: added), at: row)
        // The texts of the rows after them move down with their rows.
        if sections[section].texts.count > row {
            sections[section].texts.insert(contentsOf: repeatElement(nil, count: added), at: row)
        }
        selectedRows = Set(
            selectedRows.map { p in
                p.section == section && p.row >= row ? CellIndexPath(row: p.row + added, section: section) : p
            })
    }

    /// Deletes the rows `rows` of `section`, dropping their selection and
    /// shifting the selection of the rows after them.
    /// - Throws: `TableError` if the section or a row is out of range.
    /// - Parameters:
    ///   - rows: the rows deleted.
    ///   - section: the section, from 0.
    public mutating func deleteRows(_ rows: Range<Int>, inSection section: Int) throws(TableError) {
        guard section >= 0, section < sections.count else {
            throw .sectionOutOfRange(section: section, sectionCount: sections.count)
        }
        let count = sections[section].rowCount
        guard rows.lowerBound >= 0, rows.upperBound <= count else {
            throw .rowOutOfRange(row: rows.lowerBound < 0 ? rows.lowerBound : rows.upperBound - 1, rowsInSection: count)
        }
        sections[section].rowHeights.removeSubrange(rows)
        // The deleted rows' texts go; the texts after them move up.
        var texts = sections[section].texts
        texts.removeSubrange(min(rows.lowerBound, texts.count)..<min(rows.upperBound, texts.count))
        while let last = texts.last, last == nil { texts.removeLast() }
        sections[section].texts = texts
        selectedRows = Set(
            selectedRows.compactMap { p in
                guard p.section == section, p.row >= rows.lowerBound else { return p }
                if rows.contains(p.row) { return nil }
                return CellIndexPath(row: p.row - rows.count, section: section)
            })
    }

    /// Moves the row at `source` to `destination` (an index path in the
    /// table after the move, as `UITableView.moveRow(at:to:)` takes it),
    /// with its height, text and selection; the rows between shift, and
    /// keep their own text and selection.
    /// - Throws: `TableError` if `source` is not a row of the table, or
    ///   `destination` is not a place in it once the row is removed.
    /// - Parameters:
    ///   - source: the row moved.
    ///   - destination: where it ends up.
    public mutating func moveRow(from source: CellIndexPath, to destination: CellIndexPath) throws(TableError) {
        guard source.section >= 0, source.section < sections.count else {
            throw .sectionOutOfRange(section: source.section, sectionCount: sections.count)
        }
        guard destination.section >= 0, destination.section < sections.count else {
            throw .sectionOutOfRange(section: destination.section, sectionCount: sections.count)
        }
        let rows = sections[source.section].rowCount
        guard source.row >= 0, source.row < rows else { throw .rowOutOfRange(row: source.row, rowsInSection: rows) }
        let room = sections[destination.section].rowCount - (source.section == destination.section ? 1 : 0)
        guard destination.row >= 0, destination.row <= room else {
            throw .rowOutOfRange(row: destination.row, rowsInSection: room + 1)
        }
        // Each affected section's rows as (height, text, selected), moved.
        struct Row { var height: Double; var text: CellText?; var isSelected: Bool }
        func rowsOf(_ s: Int) -> [Row] {
            sections[s].rowHeights.indices.map { r in
                Row(
                    height: sections[s].rowHeights[r], text: sections[s].text(ofRow: r),
                    isSelected: selectedRows.contains(CellIndexPath(row: r, section: s)))
            }
        }
        func store(_ rows: [Row], in s: Int) {
            sections[s].rowHeights = rows.map(\.height)
            var texts = rows.map(\.text)
            while let last = texts.last, last == nil { texts.removeLast() }
            sections[s].texts = texts
            selectedRows = selectedRows.filter { $0.section != s }
            for (r, row) in rows.enumerated() where row.isSelected {
                selectedRows.insert(CellIndexPath(row: r, section: s))
            }
        }
        var from = rowsOf(source.section)
        let moved = from.remove(at: source.row)
        if source.section == destination.section {
            from.insert(moved, at: destination.row)
            store(from, in: source.section)
        } else {
            var to = rowsOf(destination.section)
            to.insert(moved, at: destination.row)
            store(from, in: source.section)
            store(to, in: destination.section)
        }
    }
}
