// Golden images of every cell style: each layout (grouped, inset grouped,
// plain) in every variant of the gallery (normal; selected single and
// middle cells; alternating rows; gradient, pattern and stretchable-image
// fills; continuous corners) plus selected top and bottom cells, as narrow
// table strips of a single cell and a top / middle / bottom section, at
// 1x, 2x and 3x. Tests/Goldens/Cells/<layout>-<variant>@<scale>x.png;
// re-record with HAIRLINE_RECORD_GOLDENS=1 (README, "Testing").

import Hairline
import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct CellGoldenTests {
    /// Narrow enough to keep the goldens small, wide enough for the
    /// separator insets (15 and 16 pt) and corners to show.
    static let stripWidth = 120.0

    /// The strips of one scale: the gallery's tables at the strip width,
    /// plus the selected top and bottom cells of each layout.
    static func strips(scale: Double) -> [(name: String, table: TableDescription)] {
        var strips: [(name: String, table: TableDescription)] = []
        for item in CellGallery.items(scale: scale) {
            var table = item.table
            table.width = stripWidth
            strips.append((item.name.contains("-") ? item.name : "\(item.name)-normal", table))
        }
        for layout in CellLayout.allCases {
            var table = TableDescription(
                cellStyle: CellStyle(layout: layout), rowCounts: [1, 3], width: stripWidth,
                scale: scale)
            table.selectedRows = [CellIndexPath(row: 0, section: 1), CellIndexPath(row: 2, section: 1)]
            strips.append(("\(layout)-selected-ends", table))
        }
        return strips
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func cellStrips(scale: Double) throws {
        let strips = Self.strips(scale: scale)
        #expect(strips.count == 63)
        for strip in strips {
            let surface = try TableRenderer.render(strip.table)
            assertSnapshot(of: surface, named: "\(strip.name)@\(Int(scale))x", suite: "Cells")
        }
    }
}
