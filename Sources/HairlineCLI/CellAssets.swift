// `hairline table --cells DIR`: a table's cell look as image assets. For
// each section style (each distinct one, in a folder named after its
// layout when there are several), each position (single, top, middle,
// bottom) and state (normal, selected), the style drawn by
// `CellStyle.draw` on a transparent surface of one cell's pixel size: the
// width of the first such section's cells and the height of its first row
// (44 pt if it has none), less the style's cell gap. The accessory is left out (a background
// image does not carry it). The assets can back an image set
// (`CellStyle.imageSet`, a spec's "imageSet").

import Hairline
import HairlineCells

/// Renders a table's cell backgrounds as one image per position and state.
enum CellAssets {
    /// One asset: its name (`single`, `middle-selected`) and its pixels.
    struct Asset {
        var name: String
        var surface: Surface
    }

    /// A problem making the assets.
    enum Failure: Error, CustomStringConvertible {
        /// The first section's cell is less than a pixel in one direction.
        case emptyCell(width: Int, height: Int)

        var description: String {
            switch self {
            case .emptyCell(let w, let h):
                "a section's cells are \(w) x \(h) device pixels: no cell assets can be made"
            }
        }
    }

    /// The assets of `table` at its scale, in position order, each
    /// position's normal state first.
    /// - Throws: `Failure.emptyCell` for a cell narrower or shorter than
    ///   one pixel, `SurfaceError` for one larger than a surface can be.
    static func render(_ table: TableDescription) throws -> [Asset] {
        // One set per distinct section style: the first section of each
        // gives the cell's size. A table of one style keeps the plain
        // names (DIR/top.png); with several, each set is in a folder named
        // after its style's layout (DIR/plain/top.png), numbered when two
        // styles share a layout (DIR/grouped-2/top.png).
        var firstSections: [Int] = []
        var styles: [CellStyle] = []
        for index in table.sections.indices {
            let style = table.style(ofSection: index)
            if !styles.contains(style) {
                styles.append(style)
                firstSections.append(index)
            }
        }
        guard firstSections.count > 1 else { return try render(table, section: 0) }
        var assets: [Asset] = []
        var used: [String: Int] = [:]
        for (style, section) in zip(styles, firstSections) {
            let layout = "\(style.layout)"
            let count = (used[layout] ?? 0) + 1
            used[layout] = count
            let folder = count == 1 ? layout : "\(layout)-\(count)"
            for asset in try render(table, section: section) {
                assets.append(Asset(name: folder + "/" + asset.name, surface: asset.surface))
            }
        }
        return assets
    }

    /// The assets of section `section`'s style, sized as its cells.
    static func render(_ table: TableDescription, section: Int) throws -> [Asset] {
        var style = table.style(ofSection: section)
        style.accessory = .none
        let scale = table.scale
        // The section's cells, rounded as TableLayout rounds them.
        let own = section < table.sections.count ? table.sections[section] : nil
        let ownInset = own?.horizontalInset ?? table.horizontalInset
        let inset = ownInset.isFinite ? min(max(0, ownInset), table.width / 2) : 0
        let left = (inset * scale).rounded(), right = ((table.width - inset) * scale).rounded()
        let rowHeight = own?.rowHeights.first ?? TableSection.defaultRowHeight
        let bottom = (max(0, rowHeight - style.cellGap) * scale).rounded()
        guard right - left >= 1, bottom >= 1 else {
            throw Failure.emptyCell(width: Int(max(0, right - left)), height: Int(max(0, bottom)))
        }
        // The CLI's and specs' lengths are at most 100000 pt and scales at
        // most 16: whole numbers well inside Int (a surface refuses sizes
        // that are too large).
        let width = Int(right - left), height = Int(bottom)
        let rect = PixelRect(x: 0, y: 0, width: width, height: height).points(scale: scale)
        var assets: [Asset] = []
        for position in CellPosition.allCases {
            for isSelected in [false, true] {
                let surface = try Surface(width: width, height: height)
                let canvas = Canvas(surface: surface, scale: scale)
                style.draw(CellPlacement(position: position), in: rect, on: canvas, isSelected: isSelected)
                assets.append(Asset(name: "\(position)" + (isSelected ? "-selected" : ""), surface: surface))
            }
        }
        return assets
    }
}
