// HairlineCells: section header and footer titles and the header and
// footer views' titles (a section's own header view's in place of its
// header title), with a view's image before its title, drawn with the
// table's background. Each title is laid out once
// per render, its first baseline on a whole device row of the table (so
// that every band that draws a part of it draws the same pixels: a title
// that straddles two bands is the same as drawn whole), and drawn by
// every band its ink or shadow can reach, clipped to that band.

import Hairline
import HairlineText

/// A title laid out in a table: what `TableRenderer` draws in the bands.
struct TableTitle: Sendable {
    let text: TextLayout
    /// The first line's baseline origin, in the table's points (y on a
    /// whole device row).
    let origin: Point
    /// The width the lines are placed across (points).
    let width: Double
    let alignment: TextAlignment
    let color: Color
    let shadow: TitleShadow?
    /// The device rows its glyphs, shadow and image can touch.
    var rows: Range<Int>
    /// How far above and below its baseline each line's ink and shadow
    /// reach (points): a line's rows are its baseline's less `above`,
    /// plus `below`.
    let above: Double, below: Double
    /// A header view's image before the title, and its frame (points, on
    /// whole device pixels), if any.
    var icon: CellIcon? = nil
    var iconFrame = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The lines whose ink or shadow can reach `band` (device rows), and
    /// a line either side (the lines are evenly spaced, so this is
    /// arithmetic, not a scan).
    func lines(reaching band: Range<Int>, scale s: Double) -> Range<Int> {
        let count = text.lines.count
        let step = text.lineHeight
        guard step > 0, step.isFinite, s > 0 else { return 0..<count }
        let first = ((Double(band.lowerBound) / s - origin.y - below) / step).rounded(.down) - 1
        let last = ((Double(band.upperBound) / s - origin.y + above) / step).rounded(.up) + 1
        guard first.isFinite, last.isFinite else { return 0..<count }
        let lower = Int(max(0, min(Double(count), first))), upper = Int(max(0, min(Double(count), last + 1)))
        return lower..<max(lower, upper)
    }
}

/// A table's titles ordered by their first row, for finding those that
/// reach a band without scanning them all: the titles whose first row is
/// above the band's end are a prefix (a binary search), and going back
/// through it stops once no earlier title reaches as far as the band.
struct TitleIndex: Sendable {
    /// The titles by first row (ties in the order given), with their
    /// places in the order given.
    private let titles: [(order: Int, title: TableTitle)]
    /// The lowest row reached by any title up to each index.
    private let reachBefore: [Int]
    /// The sections' etched lines, top to bottom (drawn with the titles'
    /// band, before them).
    let etches: [SectionEtch]

    init(_ titles: [TableTitle], etches: [SectionEtch] = []) {
        self.etches = etches
        self.titles = titles.enumerated().map { ($0.offset, $0.element) }.sorted {
            ($0.title.rows.lowerBound, $0.order) < ($1.title.rows.lowerBound, $1.order)
        }
        var reach = Int.min
        reachBefore = self.titles.map { entry in
            reach = max(reach, entry.title.rows.upperBound)
            return reach
        }
    }

    /// Calls `body` with each title whose rows overlap `rows`, in the
    /// order the titles were given (the order they composite in).
    func forEach(reaching rows: Range<Int>, _ body: (TableTitle) -> Void) {
        guard !rows.isEmpty else { return }
        // The first title starting at or past the band's end.
        var low = 0, high = titles.count
        while low < high {
            let mid = (low + high) / 2
            if titles[mid].title.rows.lowerBound < rows.upperBound { low = mid + 1 } else { high = mid }
        }
        var start = low
        while start > 0, reachBefore[start - 1] > rows.lowerBound { start -= 1 }
        var found = titles[start..<low].filter { $0.title.rows.overlaps(rows) }
        if !found.isEmpty {
            found.sort { $0.order < $1.order }
            for entry in found { body(entry.title) }
        }
    }
}

extension TableDescription {
    /// Every title of the table laid out in `layout`: the header and
    /// footer views', then each section's header and footer titles (each
    /// in its section's own style, if it has one).
    func titles(in layout: TableLayout) -> [TableTitle] {
        var titles: [TableTitle] = []
        let s = layout.scale
        for (view, band) in [(headerView, layout.headerView), (footerView, layout.footerView)] {
            if let view, let title = viewTitle(view, band: band, scale: s) { titles.append(title) }
        }
        for (index, section) in sections.enumerated() where index < layout.headers.count {
            // The section's cells' leading edge, on a whole device pixel.
            let own = horizontalInset(ofSection: index)
            let inset = own.isFinite ? min(max(0, own), width / 2) : 0
            let sectionsX = (inset * s).rounded() / s
            if let view = section.headerView {
                // The section's own header view, in place of its title.
                if let title = viewTitle(view, band: layout.headers[index], scale: s) { titles.append(title) }
            } else if let text = section.headerTitle, !text.isEmpty, let style = headerTitleStyle(ofSection: index) {
                titles.append(
                    title(
                        text, style: style, band: layout.headers[index], x: sectionsX + style.horizontalInset,
                        width: titleWidth(style, section: index), anchoredAtTop: false, scale: s))
            }
            if let text = section.footerTitle, !text.isEmpty, let style = footerTitleStyle(ofSection: index) {
                titles.append(
                    title(
                        text, style: style, band: layout.footers[index], x: sectionsX + style.horizontalInset,
                        width: titleWidth(style, section: index), anchoredAtTop: true, scale: s))
            }
        }
        return titles.filter { !$0.rows.isEmpty && (!$0.text.lines.isEmpty || $0.icon != nil) }
    }

    /// A header view's title (and image) in its band (device pixels), nil
    /// if it has neither a title nor an image. An image goes before the
    /// title (after it, at its right, right to left), `imageSpacing`
    /// points from it, centred on its line: a leading or centred title
    /// moves along by the image's width and the gap (the pair is
    /// centred), a trailing one stays.
    private func viewTitle(_ view: TableHeaderView, band: PixelRect, scale s: Double) -> TableTitle? {
        guard !view.title.isEmpty || view.image != nil, let style = withFallback(view.titleStyle) else { return nil }
        let inset = max(0, style.horizontalInset.isFinite ? style.horizontalInset : 0)
        var box = max(0, width - 2 * inset)
        let dx = view.titleOffset.width.isFinite ? view.titleOffset.width : 0
        var x = style.horizontalInset + dx
        let iconSize = view.image?.drawnSize(scale: s) ?? Size(width: 0, height: 0)
        let spacing = view.imageSpacing.isFinite ? max(0, view.imageSpacing) : 0
        // Right to left (the table's direction, or an `auto` title's own):
        // the image goes after the title, at its right.
        let rtl = layoutDirection.isRightToLeft(title: view.title)
        if view.image != nil, style.alignment != .trailing {
            let room = min(box, iconSize.width + spacing)
            if !rtl { x += room }
            box -= room
        }
        var title = title(view.title, style: style, band: band, x: x, width: box, anchoredAtTop: false, scale: s)
        guard let icon = view.image else { return title }
        let line = title.text.lines.first?.width ?? 0
        let start: Double
        switch (style.alignment, rtl) {
        case (.leading, false), (.trailing, true): start = x
        case (.center, _): start = x + (box - line) / 2
        case (.trailing, false), (.leading, true): start = x + box - line
        }
        let middle = title.origin.y - (title.text.ascent - title.text.descent) / 2
        let iconX = rtl ? start + line + spacing : start - spacing - iconSize.width
        let frame = Rect(
            x: (iconX * s).rounded() / s,
            y: ((middle - iconSize.height / 2) * s).rounded() / s, width: iconSize.width, height: iconSize.height)
        guard frame.isFinite else { return title }
        title.icon = icon
        title.iconFrame = frame
        let limit = Double(Int32.max)
        let top = Int(max(-limit, min(limit, (frame.minY * s).rounded(.down))))
        let bottom = Int(max(-limit, min(limit, (frame.maxY * s).rounded(.up))))
        let rows =
            title.rows.isEmpty
            ? top..<max(top, bottom) : min(top, title.rows.lowerBound)..<max(bottom, title.rows.upperBound)
        title.rows = rows
        return title
    }

    /// `text` laid out in `style` in `band` (device pixels): its top
    /// `topPadding` below the band's top (`anchoredAtTop`), else its
    /// bottom `bottomPadding` above the band's bottom.
    private func title(
        _ text: String, style: SectionTitleStyle, band: PixelRect, x: Double, width: Double,
        anchoredAtTop: Bool, scale s: Double
    ) -> TableTitle {
        // A table's direction sets its titles' paragraphs (right to left:
        // `.leading` aligns them right); `auto` leaves each to its text.
        let laid = style.layout(text, width: width, scale: s, direction: layoutDirection.textDirection)
        let lines = Double(max(0, laid.lines.count - 1))
        let baseline =
            anchoredAtTop
            ? Double(band.minY) / s + style.topPadding + laid.ascent
            : Double(band.maxY) / s - style.bottomPadding - laid.descent - lines * laid.lineHeight
        // On a whole device row (finite: the band and the paddings were
        // checked by layout()).
        let origin = Point(x: x, y: (baseline * s).rounded() / s)
        // The rows the ink can reach (half an em past the line boxes, as
        // the canvas's text reach), grown by the shadow's offset and blur.
        let margin = laid.size / 2
        var above = laid.ascent + margin, below = laid.descent + margin
        if let shadow = style.shadow {
            let dy = shadow.offset.height.isFinite ? shadow.offset.height : 0
            let blur = shadow.blur.isFinite ? max(0, shadow.blur) : 0
            above += -min(0, dy) + 2 * blur + 1
            below += max(0, dy) + 2 * blur + 1
        }
        let top = origin.y - above, bottom = origin.y + lines * laid.lineHeight + below
        let limit = Double(Int32.max)
        let first = Int(max(-limit, min(limit, (top * s).rounded(.down))))
        let last = Int(max(-limit, min(limit, (bottom * s).rounded(.up))))
        return TableTitle(
            text: laid, origin: origin, width: width, alignment: style.alignment, color: style.color,
            shadow: style.shadow, rows: first..<max(first, last), above: above, below: below)
    }
}

extension TableRenderer {
    /// Draws the titles that reach `rows` (device rows of the table) on
    /// `canvas`, whose clip is those rows: of each, only the lines that
    /// reach them.
    static func drawTitles(_ titles: TitleIndex, rows: Range<Int>, scale: Double, on canvas: Canvas) {
        titles.forEach(reaching: rows) { title in
            title.icon?.draw(in: title.iconFrame, on: canvas)
            canvas.save()
            if let shadow = title.shadow {
                canvas.setShadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
            }
            canvas.draw(
                title.text, lines: title.lines(reaching: rows, scale: scale), at: title.origin,
                width: title.width, alignment: title.alignment, paint: .solid(title.color))
            canvas.restore()
        }
    }
}
