// HairlineCells: laying out a table description in device pixels. Input:
// a TableDescription; output: the table's pixel size and every cell's and
// header's rectangle on whole device pixels (edges at round(y * scale),
// so cells tile the table with no gap and no overlap whatever the heights),
// after every length has been checked. A header view comes first; a
// section with a header or footer title and no height of its own gets the
// height its title needs (SectionTitleStyle).

import Hairline

/// A table laid out on whole device pixels.
public struct TableLayout: Hashable, Sendable {
    /// The table's width in device pixels (at least 1).
    public let pixelWidth: Int
    /// The table's height in device pixels (at least 1).
    public let pixelHeight: Int
    /// Device pixels per point.
    public let scale: Double
    /// Every cell, in index-path order.
    public let cells: [CellFrame]
    /// Every section's header band (full table width), by section; empty
    /// rects for zero-height headers.
    public let headers: [PixelRect]
    /// Every section's footer band (full table width), by section; empty
    /// rects for zero-height footers.
    public let footers: [PixelRect]
    /// The table header view's band (full table width, at the top), or an
    /// empty rect if the table has none.
    public let headerView: PixelRect
    /// The table footer view's band (full table width, at the bottom), or
    /// an empty rect if the table has none.
    public let footerView: PixelRect
}

extension TableDescription {
    /// Lays the table out on whole device pixels: headers, rows and footers
    /// stacked from the top, each edge at `round(y * scale)` for its
    /// position `y` in points; cells span the width minus
    /// `horizontalInset` on each side (rounded the same way).
    /// - Throws: `TableError` for a scale outside `scaleRange`, a width that
    ///   is not positive, a negative or non-finite height or inset, no
    ///   sections, or a table larger than a `Surface` can hold.
    public func layout() throws(TableError) -> TableLayout {
        try layout(fittingOneSurface: true)
    }

    /// Lays the table out as `layout()` does, without requiring the whole
    /// table to fit one surface: it may be up to `maximumLayoutPixelHeight`
    /// device pixels tall (still at most `Surface.maximumDimension` wide),
    /// for rendering in parts (`TableRenderer.render(_:pixelRows:workers:)`,
    /// `tileRanges(tileHeight:)`).
    /// - Throws: `TableError` as `layout()`, with `.tooLarge` only past
    ///   those limits.
    public func unboundedLayout() throws(TableError) -> TableLayout {
        try layout(fittingOneSurface: false)
    }

    /// The tallest table `unboundedLayout()` lays out, in device pixels
    /// (2^30: a table of a million 44 pt rows at 16x is 704 Mi pixels
    /// tall, and every row index still fits an `Int32`).
    public static let maximumLayoutPixelHeight = 1 << 30

    func layout(fittingOneSurface: Bool) throws(TableError) -> TableLayout {
        guard scale.isFinite, TableDescription.scaleRange.contains(scale) else { throw .invalidScale(scale) }
        guard width.isFinite, width > 0 else { throw .invalidWidth(width) }
        guard !sections.isEmpty else { throw .noSections }
        try TableDescription.check(horizontalInset, "the horizontal inset")
        for (s, section) in sections.enumerated() {
            if let inset = section.horizontalInset {
                try TableDescription.check(inset, "the horizontal inset of section \(s)")
            }
            try TableDescription.check(style(ofSection: s).cellGap, "the cell gap of section \(s)")
        }
        try TableDescription.check(defaultHeaderHeight, "the default header height")
        try TableDescription.check(defaultFooterHeight, "the default footer height")
        // Check every length and the total before any conversion to Int.
        var total = try headerViewHeight()
        if let view = footerView {
            try TableDescription.check(view.height, "the footer view's height")
            total += view.height
        }
        for (s, section) in sections.enumerated() {
            let header = headerHeight(ofSection: s), footer = footerHeight(ofSection: s)
            try TableDescription.check(header, "the header height of section \(s)")
            try TableDescription.check(footer, "the footer height of section \(s)")
            total += header + footer
            for (r, height) in section.rowHeights.enumerated() {
                try TableDescription.check(height, "the height of row \(r) in section \(s)")
                total += height
            }
        }
        let limit = Double(Surface.maximumDimension)
        let heightLimit = fittingOneSurface ? limit : Double(TableDescription.maximumLayoutPixelHeight)
        guard (total * scale).rounded() <= heightLimit, (width * scale).rounded() <= limit else {
            throw .tooLarge(
                width: TableDescription.clampedPixels(width * scale),
                height: TableDescription.clampedPixels(total * scale))
        }
        let pixelWidth = max(1, Int((width * scale).rounded()))
        let pixelHeight = max(1, Int((total * scale).rounded()))
        guard !fittingOneSurface || pixelWidth * pixelHeight <= Surface.maximumPixelCount else {
            throw .tooLarge(width: pixelWidth, height: pixelHeight)
        }
        return placeCells(pixelWidth: pixelWidth, pixelHeight: pixelHeight)
    }

    private func placeCells(pixelWidth: Int, pixelHeight: Int) -> TableLayout {
        func pixels(_ y: Double) -> Int { min(Int((y * scale).rounded()), pixelHeight) }
        var cells: [CellFrame] = []
        cells.reserveCapacity(sections.reduce(0) { $0 + $1.rowCount })
        var headers: [PixelRect] = []
        var footers: [PixelRect] = []
        // Checked by `layout()`.
        var y = (try? headerViewHeight()) ?? 0
        let headerView = PixelRect(x: 0, y: 0, width: pixelWidth, height: pixels(y))
        for (s, section) in sections.enumerated() {
            let inset = min(horizontalInset(ofSection: s), width / 2)
            let x0 = Int((inset * scale).rounded()), x1 = Int(((width - inset) * scale).rounded())
            let gap = style(ofSection: s).cellGap
            let top = pixels(y)
            y += headerHeight(ofSection: s)
            headers.append(PixelRect(x: 0, y: top, width: pixelWidth, height: pixels(y) - top))
            for (r, height) in section.rowHeights.enumerated() {
                let cellTop = pixels(y)
                // The cell ends `gap` points above its row's end (the gap
                // shows the background).
                let cellBottom = pixels(y + max(0, height - gap))
                y += height
                // The counts and indices come from the arrays: valid.
                guard
                    let placement = try? CellPlacement(
                        row: r, rowsInSection: section.rowCount,
                        section: s, sectionCount: sections.count)
                else { continue }
                cells.append(
                    CellFrame(
                        placement: placement,
                        pixelRect: PixelRect(x: x0, y: cellTop, width: x1 - x0, height: cellBottom - cellTop),
                        isSelected: selectedRows.contains(placement.indexPath),
                        isNextSelected: r + 1 < section.rowCount
                            && selectedRows.contains(CellIndexPath(row: r + 1, section: s))))
            }
            let bottom = pixels(y)
            y += footerHeight(ofSection: s)
            footers.append(PixelRect(x: 0, y: bottom, width: pixelWidth, height: pixels(y) - bottom))
        }
        let footerTop = pixels(y)
        let footerBottom = footerView.map { pixels(y + $0.height) } ?? footerTop
        return TableLayout(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale, cells: cells,
            headers: headers, footers: footers, headerView: headerView,
            footerView: PixelRect(x: 0, y: footerTop, width: pixelWidth, height: footerBottom - footerTop))
    }

    /// The header view's height in points (0 without one).
    /// - Throws: `TableError.invalidLength` if it is negative or not finite.
    private func headerViewHeight() throws(TableError) -> Double {
        guard let view = headerView else { return 0 }
        try TableDescription.check(view.height, "the header view's height")
        return view.height
    }

    /// Section `index`'s header height in points: its own, else what its title
    /// needs, else the table's default. May be invalid (checked by
    /// `layout()`).
    func headerHeight(ofSection index: Int) -> Double {
        let section = sections[index]
        if section.headerHeight == nil, let view = section.headerView { return view.height }
        return bandHeight(
            section.headerHeight, title: section.headerTitle, style: headerTitleStyle(ofSection: index),
            default: defaultHeaderHeight, section: index)
    }

    /// Section `index`'s footer height in points, as `headerHeight(ofSection:)`.
    func footerHeight(ofSection index: Int) -> Double {
        let section = sections[index]
        return bandHeight(
            section.footerHeight, title: section.footerTitle, style: footerTitleStyle(ofSection: index),
            default: defaultFooterHeight, section: index)
    }

    /// A header or footer band's height (points): `own`, else the padded
    /// height of `title` in `style`, else `fallback`.
    private func bandHeight(
        _ own: Double?, title: String?, style: SectionTitleStyle?, default fallback: Double,
        section index: Int
    ) -> Double {
        if let own { return own }
        guard let title, let style else { return fallback }
        return style.topPadding + style.layout(title, width: titleWidth(style, section: index), scale: scale).height
            + style.bottomPadding
    }

    /// The width section titles of `style` are laid out to (points): the
    /// width of `section`'s cells less the style's inset on both sides.
    func titleWidth(_ style: SectionTitleStyle, section: Int = 0) -> Double {
        let own = horizontalInset(ofSection: section)
        let inset = own.isFinite ? min(max(0, own), width / 2) : 0
        let titleInset = style.horizontalInset.isFinite ? max(0, style.horizontalInset) : 0
        return max(0, width - 2 * (inset + titleInset))
    }

    private static func check(_ length: Double, _ what: @autoclosure () -> String) throws(TableError) {
        guard length.isFinite, length >= 0 else { throw .invalidLength(what: what(), value: length) }
    }

    /// A pixel count for an error message, without trapping on huge values.
    private static func clampedPixels(_ v: Double) -> Int {
        v.isFinite ? Int(min(max(v.rounded(), 0), 1e15)) : Int.max
    }
}
