// HairlineCells: the table's header view (UITableView.tableHeaderView): a
// band across the top of the table, above the first section (and, as
// `footerView`, below the last), with an
// optional background of its own and a title centred in it, optionally
// with a shadow (the image-backgrounds look: a title over a picture) and
// an image before it. A section's own header view (TableSection.headerView)
// is the same band in place of its header.

import Hairline
import HairlineText

/// A band at the top of a table with a title. Lengths in points.
public struct TableHeaderView: Hashable, Sendable {
    /// The band's height, in points.
    public var height: Double
    /// The title (one line, truncated at the tail to fit).
    public var title: String
    /// The title's font; nil for the bundled DejaVu Sans Bold.
    public var font: Font?
    /// The title's em size, in points.
    public var size: Double
    /// The title's color.
    public var color: Color
    /// The shadow under the title, if any.
    public var shadow: TitleShadow?
    /// What fills the band (laid out in the table's coordinates, the band
    /// as its cell rectangle); nil lets the table's background show.
    public var background: CellFill?
    /// Where the title sits across the band (inside `horizontalInset`).
    public var alignment: TextAlignment
    /// The gap between the table's sides and the title, in points.
    public var horizontalInset: Double
    /// How far the title is moved from its place (centred vertically in
    /// the band, placed across it by `alignment`), in points, y down
    /// (a title 10 pt below the centre: `Size(width: 0, height: 10)`).
    public var titleOffset: Size = Size(width: 0, height: 0)
    /// An image before the title, centred on its line (nil: none); a
    /// leading or centred title moves along to make room for it.
    public var image: CellIcon? = nil
    /// The gap between the image and the title, in points.
    public var imageSpacing = 8.0

    /// A header view `height` points tall titled `title`: 20 pt bold in
    /// iOS 6's header slate (#4C566C) over a white 1 pt shadow by default,
    /// centred, on the table's background.
    /// - Parameters:
    ///   - title: the title.
    ///   - height: the band's height, in points.
    ///   - size: the em size, in points.
    ///   - color: the title's color.
    ///   - shadow: the shadow under the title.
    ///   - background: the band's own fill (nil: the table's background).
    public init(
        title: String, height: Double = 60, size: Double = 20,
        color: Color = Color(red8: 0x4C, green8: 0x56, blue8: 0x6C),
        shadow: TitleShadow? = TitleShadow(offset: Size(width: 0, height: 1), color: .white),
        background: CellFill? = nil
    ) {
        self.title = title
        self.height = height
        self.size = size
        self.color = color
        self.shadow = shadow
        self.background = background
        font = nil
        alignment = .center
        horizontalInset = 15
    }

    /// The title's style as a one-line section title centred in the band.
    var titleStyle: SectionTitleStyle? {
        guard let font = font ?? StandardFonts.bold else { return nil }
        let box = SectionTitleStyle.lineBox(font, size: size)
        let padding = (height - box) / 2
        let dy = titleOffset.height.isFinite ? titleOffset.height : 0
        return SectionTitleStyle(
            font: font, size: size, color: color, shadow: shadow, alignment: alignment,
            horizontalInset: horizontalInset, topPadding: padding + dy, bottomPadding: padding - dy)
    }
}
