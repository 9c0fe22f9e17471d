// HairlineCells: the etched line under iOS 6 grouped sections: the bottom
// cell's shape moved down by the line's width (1 pt by default) plus half
// the border's, filled in the style's `etchedLineColor` (white at 90 %) on
// the table's background before the cells: the cell covers it but for a
// crescent as thick as the line (whole device pixels below the border)
// that follows its bottom border and rounded corners. Drawn by every band
// it reaches (the background pass), clipped to a strip at the section's
// bottom; the shapes are made once per render, in the table's points.

import Hairline

/// The etched line of one section: its shape, the strip it is drawn in
/// (points) and the device rows that strip covers.
struct SectionEtch: Sendable {
    let path: Path
    let strip: Rect
    let color: Color
    let rows: Range<Int>
}

extension TableDescription {
    /// The etched lines of the table's sections whose style has one, top
    /// to bottom (so ordered by rows, and disjoint).
    func etches(in layout: TableLayout) -> [SectionEtch] {
        var etches: [SectionEtch] = []
        let s = layout.scale
        var next = 0
        for (index, section) in sections.enumerated() {
            let first = next
            next += section.rowCount
            let style = style(ofSection: index)
            guard let color = style.etchedLineColor, color.alpha > 0, section.rowCount > 0, next <= layout.cells.count
            else { continue }
            let frame = layout.cells[next - 1]
            guard !frame.pixelRect.isEmpty, first < next else { continue }
            let rect = frame.pixelRect.points(scale: s)
            let line = style.etchedLineWidth.points(scale: s)
            guard line > 0, line.isFinite else { continue }
            // The shape's bottom edge (half a border above the rect's
            // bottom) lands `line` below the rect: on a device row.
            let offset = line + style.borderWidth.points(scale: s) / 2
            var path = style.backgroundPath(for: frame.placement.position, in: rect, scale: s)
            path.apply(AffineTransform(translationX: 0, y: offset))
            // The strip below the cell's straight sides: the corners and
            // the line under them.
            let radius = style.cornerRadius.isFinite ? max(0, style.cornerRadius) : 0
            let top = max(rect.minY, rect.maxY - radius - offset)
            let strip = Rect(x: rect.minX, y: top, width: rect.width, height: rect.maxY + line - top)
            let rows = Int((top * s).rounded(.down))..<Int(((rect.maxY + line) * s).rounded(.up))
            etches.append(SectionEtch(path: path, strip: strip, color: color, rows: rows))
        }
        return etches
    }
}

extension TableRenderer {
    /// Fills the etched lines that reach `rows` (device rows) on `canvas`,
    /// whose clip is those rows.
    static func drawEtches(_ etches: [SectionEtch], rows: Range<Int>, on canvas: Canvas) {
        guard !etches.isEmpty, !rows.isEmpty else { return }
        // The first etch ending below the band's top (they are ordered).
        var low = 0, high = etches.count
        while low < high {
            let mid = (low + high) / 2
            if etches[mid].rows.upperBound <= rows.lowerBound { low = mid + 1 } else { high = mid }
        }
        var index = low
        while index < etches.count, etches[index].rows.lowerBound < rows.upperBound {
            let etch = etches[index]
            canvas.save()
            canvas.clip(to: etch.strip)
            canvas.fill(etch.path, with: etch.color)
            canvas.restore()
            index += 1
        }
    }
}
