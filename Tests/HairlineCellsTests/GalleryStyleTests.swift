// Every style of the gallery at 1x, 2x and 3x: the middle of each cell
// holds the fill its state calls for (normal, selected, alternate,
// gradient at that height, pattern square at that pixel), and rounded
// corners show the table's background where the layout rounds them.

import Hairline
@testable import HairlineCells
import Testing

@Suite struct GalleryStyleTests {
    /// The color a cell's fill puts at device pixel (x, y) of the cell
    /// (relative to its top-left), or nil for fills this test does not
    /// evaluate (stretchable images).
    static func expected(_ fill: CellFill, x: Int, y: Int, cellHeight: Int, scale: Double) -> PremultipliedColor? {
        switch fill {
        case .color(let c):
            return c.premultiplied
        case .linearGradient(let gradient, _, _):
            let t = (Double(y) + 0.5) / Double(cellHeight)
            let c = gradient.color(at: t)
            return Color(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha).premultiplied
        case .pattern(let image, let imageScale, _):
            let px = Int((Double(x) + 0.5) / scale * imageScale) % image.width
            let py = Int((Double(y) + 0.5) / scale * imageScale) % image.height
            return image.pixel(x: px, y: py)
        case .stretchableImage:
            return nil
        }
    }

    static func close(_ a: PremultipliedColor, _ b: PremultipliedColor, within: Int) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= within && abs(Int(a.green) - Int(b.green)) <= within
            && abs(Int(a.blue) - Int(b.blue)) <= within && a.alpha == b.alpha
    }

    @Test(arguments: [1.0, 2, 3])
    func everyStyleFillsEachCellWithItsStatesFill(scale: Double) throws {
        for item in CellGallery.items(scale: scale) {
            let table = item.table
            let layout = try table.layout()
            let surface = try TableRenderer.render(table)
            for cell in layout.cells {
                let r = cell.pixelRect
                let fill = table.cellStyle.fill(for: cell.placement, isSelected: cell.isSelected)
                // Sample points away from borders, corners and separators
                // (and labels: cells with text are sampled at corners only).
                let hasText = table.sections[cell.indexPath.section].text(ofRow: cell.indexPath.row) != nil
                for (fx, fy) in hasText ? [] : [(0.5, 0.5), (0.3, 0.4), (0.8, 0.6)] {
                    let x = Int(Double(r.width) * fx), y = Int(Double(r.height) * fy)
                    guard let want = Self.expected(fill, x: x, y: y, cellHeight: r.height, scale: scale) else {
                        continue
                    }
                    let got = surface.pixel(x: r.minX + x, y: r.minY + y)!
                    // Gradients: the ramp is a 1024-entry table.
                    #expect(
                        Self.close(got, want, within: 1), "\(item.name) @\(scale)x \(cell.indexPath) at (\(x), \(y))")
                }
                // Rounded layouts: the outer corner pixel of a rounded corner
                // shows the background; a square corner is the cell's (the
                // full-width grouped layout's are square: its first cells
                // start with the section's top line).
                guard table.cellStyle.layout != .plain, case .color(let background) = table.background else { continue }
                let corner = surface.pixel(x: r.minX, y: r.minY)!
                if table.cellStyle.roundedCorners(at: cell.placement.position).contains(.topLeft) {
                    #expect(corner == background.premultiplied, "\(item.name) \(cell.indexPath)")
                } else {
                    #expect(corner != background.premultiplied, "\(item.name) \(cell.indexPath)")
                }
            }
        }
    }
}
