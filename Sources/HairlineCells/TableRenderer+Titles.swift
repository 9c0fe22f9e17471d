// HairlineCells: section header and footer titles and the header view's
// title, drawn with the table's background. Each title is laid out once
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
    /// The device rows its glyphs and shadow can touch.
    let rows: Range<Int>
}

extension TableDescription {
    /// Every title of the table laid out in `layout`: the header view's,
    /// then each section's header and footer titles.
    func titles(in layout: TableLayout) -> [TableTitle] {
        var titles: [TableTitle] = []
        let s = layout.scale
        if let view = headerView, !view.title.isEmpty, let style = view.titleStyle {
            let box = max(0, width - 2 * max(0, style.horizontalInset.isFinite ? style.horizontalInset : 0))
            titles.append(title(view.title, style: style, band: layout.headerView, x: style.horizontalInset,
                                width: box, anchoredAtTop: false, scale: s))
        }
        for (index, section) in sections.enumerated() where index < layout.headers.count {
            // The section's cells' leading edge, on a whole device pixel.
            let own = horizontalInset(ofSection: index)
            let inset = own.isFinite ? min(max(0, own), width / 2) : 0
            let sectionsX = (inset * s).rounded() / s
            if let text = section.headerTitle, !text.isEmpty, let style = resolvedHeaderTitleStyle {
                titles.append(title(text, style: style, band: layout.headers[index], x: sectionsX + style.horizontalInset,
                                    width: titleWidth(style, section: index), anchoredAtTop: false, scale: s))
            }
            if let text = section.footerTitle, !text.isEmpty, let style = resolvedFooterTitleStyle {
                titles.append(title(text, style: style, band: layout.footers[index], x: sectionsX + style.horizontalInset,
                                    width: titleWidth(style, section: index), anchoredAtTop: true, scale: s))
            }
        }
        return titles.filter { !$0.rows.isEmpty && !$0.text.lines.isEmpty }
    }

    /// `text` laid out in `style` in `band` (device pixels): its top
    /// `topPadding` below the band's top (`anchoredAtTop`), else its
    /// bottom `bottomPadding` above the band's bottom.
    private func title(_ text: String, style: SectionTitleStyle, band: PixelRect, x: Double, width: Double,
                       anchoredAtTop: Bool, scale s: Double) -> TableTitle {
        let laid = style.layout(text, width: width)
        let lines = Double(max(0, laid.lines.count - 1))
        let baseline = anchoredAtTop ? Double(band.minY) / s + style.topPadding + laid.ascent
            : Double(band.maxY) / s - style.bottomPadding - laid.descent - lines * laid.lineHeight
        // On a whole device row (finite: the band and the paddings were
        // checked by layout()).
        let origin = Point(x: x, y: (baseline * s).rounded() / s)
        // The rows the ink can reach (half an em past the line boxes, as
        // the canvas's text reach), grown by the shadow's offset and blur.
        let margin = laid.size / 2
        var top = origin.y - laid.ascent - margin, bottom = origin.y + lines * laid.lineHeight + laid.descent + margin
        if let shadow = style.shadow {
            let dy = shadow.offset.height.isFinite ? shadow.offset.height : 0
            let blur = shadow.blur.isFinite ? max(0, shadow.blur) : 0
            top += min(0, dy) - 2 * blur - 1
            bottom += max(0, dy) + 2 * blur + 1
        }
        let limit = Double(Int32.max)
        let first = Int(max(-limit, min(limit, (top * s).rounded(.down))))
        let last = Int(max(-limit, min(limit, (bottom * s).rounded(.up))))
        return TableTitle(text: laid, origin: origin, width: width, alignment: style.alignment, color: style.color,
                          shadow: style.shadow, rows: first..<max(first, last))
    }
}

extension TableRenderer {
    /// Draws the titles that reach `rows` (device rows of the table) on
    /// `canvas`, whose clip is those rows.
    static func drawTitles(_ titles: [TableTitle], rows: Range<Int>, on canvas: Canvas) {
        for title in titles where title.rows.overlaps(rows) {
            canvas.save()
            if let shadow = title.shadow {
                canvas.setShadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
            }
            canvas.draw(title.text, at: title.origin, width: title.width, alignment: title.alignment,
                        paint: .solid(title.color))
            canvas.restore()
        }
    }
}
