// The presets' looks (issue 37 items 3 and 4): the dark appearance of the
// iOS 13 styles in UIKit's dark system colors, pixel for pixel; iOS 6's
// grouped has no dark look; the white etched line under iOS 6 grouped
// sections (whole device pixels below the border at 1x-3x, none without
// it); a section's own header view (its height, background, title) and a
// header view's image before its title.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct TableLookTests {
    @Test(arguments: [CellLayout.insetGrouped, .fullWidthGrouped, .plain])
    func darkTablesUseUIKitsDarkColors(layout: CellLayout) throws {
        var style = CellStyle(layout: layout, appearance: .dark)
        #expect(style.appearance == .dark && style.separatorColor == DarkPalette.separator)
        style.accessory = .disclosureIndicator
        var table = TableDescription(cellStyle: style, rowCounts: [3], width: 200, scale: 2)
        table.sections[0].headerTitle = "Dark"
        table.selectedRows = [CellIndexPath(row: 1, section: 0)]
        #expect(table.background == .color(DarkPalette.background))
        let surface = try TableRenderer.render(table, workers: 1)
        let layout0 = try table.layout()
        let cells = layout0.cells.map(\.pixelRect)
        let cellColor = layout == .plain ? DarkPalette.background : DarkPalette.groupedCell
        // Background above the header title's bar (plain: the bar).
        let header = layout0.headers[0]
        let bar = layout == .plain ? DarkPalette.groupedCell : DarkPalette.background
        #expect(surface.pixel(x: layout0.pixelWidth - 1, y: header.minY) == bar.premultiplied)
        // A cell, the selected cell, the separator under row 0.
        #expect(surface.pixel(x: cells[0].midX, y: cells[0].minY + 4) == cellColor.premultiplied)
        #expect(surface.pixel(x: cells[2].midX, y: cells[2].midY - 20) == cellColor.premultiplied)
        #expect(surface.pixel(x: cells[1].midX - 40, y: cells[1].minY + 4) == DarkPalette.selection.premultiplied)
        let below = try #require(surface.pixel(x: cells[2].midX, y: cells[2].minY - 1))
        // Row 1 is selected: its separators hide; row 2's top shows row 1's fill.
        #expect(below == DarkPalette.selection.premultiplied)
        #expect(surface.pixel(x: cells[0].maxX - 10, y: cells[0].maxY - 1) == cellColor.premultiplied)
        // The standard text is white with #EBEBF5 at 60 % details.
        let text = try #require(CellTextStyle.standard(for: layout, appearance: .dark))
        #expect(text.titleColor == .white && text.detailColor == DarkPalette.secondaryLabel)
        #expect(text.value2TitleColor == Color(red8: 0x0A, green8: 0x84, blue8: 0xFF))
        #expect(CellAccessory.checkmark.defaultColor(in: .dark) == DarkPalette.blue)
        let title = try #require(table.headerTitleStyle(ofSection: 0))
        #expect(title.color == (layout == .plain ? .white : DarkPalette.secondaryLabel))
    }

    @Test func iOS6GroupedHasNoDarkLook() throws {
        #expect(!TableAppearance.dark.isAvailable(for: .grouped))
        #expect(CellStyle(layout: .grouped, appearance: .dark) == CellStyle(layout: .grouped))
        #expect(
            CellTextStyle.standard(for: .grouped, appearance: .dark) == CellTextStyle.standard(for: .grouped))
        #expect(DarkPalette.separator == Color(red8: 0x38, green8: 0x38, blue8: 0x3A))
        #expect(DarkPalette.secondaryLabel.alpha == Double(0x99) / 255)
    }

    @Test(arguments: [1.0, 2, 3])
    func groupedSectionsHaveAWhiteEtchedLineBelowTheBorder(scale: Double) throws {
        var table = TableDescription(
            cellStyle: CellStyle(layout: .grouped), rowCounts: [2, 1], width: 200, scale: scale)
        table.background = .color(CellTestColors.background)
        let layout = try table.layout()
        let surface = try TableRenderer.render(table, workers: 1)
        let white = Color(red: 1, green: 1, blue: 1, alpha: 0.9)
        // White at 90 % over the background, in the 8-bit blend.
        let etched = try Surface(width: 1, height: 1)
        let canvas = Canvas(surface: etched)
        canvas.clear(CellTestColors.background)
        var dot = Path()
        dot.addRect(Rect(x: 0, y: 0, width: 1, height: 1))
        canvas.fill(dot, with: white)
        let expected = try #require(etched.pixel(x: 0, y: 0))
        for last in [1, 2] {
            let cell = layout.cells[last].pixelRect
            let x = cell.midX
            // The border is the cell's last row; the line its width below.
            let rows = Int((1 * scale).rounded())
            for y in cell.maxY..<(cell.maxY + rows) {
                #expect(surface.pixel(x: x, y: y) == expected, "cell \(last) row \(y) @\(scale)x")
            }
            #expect(surface.pixel(x: x, y: cell.maxY + rows) == CellTestColors.background.premultiplied)
            #expect(surface.pixel(x: x, y: cell.maxY - 1) == table.cellStyle.separatorColor.premultiplied)
        }
        // Not under the top cell of a section, and none without the color.
        let top = layout.cells[0].pixelRect
        #expect(surface.pixel(x: top.midX, y: top.maxY) != expected)
        table.cellStyle.etchedLineColor = nil
        let plain = try TableRenderer.render(table, workers: 1)
        let cell = layout.cells[2].pixelRect
        #expect(plain.pixel(x: cell.midX, y: cell.maxY) == CellTestColors.background.premultiplied)
        // Other layouts have none by default.
        #expect(CellStyle(layout: .insetGrouped).etchedLineColor == nil)
    }

    @Test(arguments: [1.0, 2])
    func aSectionsOwnHeaderViewReplacesItsTitleAndBar(scale: Double) throws {
        var table = TableDescription(cellStyle: CellStyle(layout: .plain), rowCounts: [1, 1], width: 200, scale: scale)
        table.sections[0].headerTitle = "Ignored"
        var view = TableHeaderView(title: "Own", height: 40, size: 17, color: .black, shadow: nil)
        view.background = .color(SectionLookTests.bar)
        table.sections[0].headerView = view
        table.sections[1].headerView = TableHeaderView.standard(title: "Standard", for: .plain)
        let layout = try table.layout()
        #expect(layout.headers[0].height == Int((40 * scale).rounded()))
        #expect(layout.headers[1].height == Int((44 * scale).rounded()))
        let surface = try TableRenderer.render(table, workers: 1)
        let band = layout.headers[0]
        #expect(surface.pixel(x: 1, y: band.minY) == SectionLookTests.bar.premultiplied)
        // Black title ink in the band, centred across the table.
        let ink = (band.minY..<band.maxY).flatMap { y in
            (0..<layout.pixelWidth).filter { surface.pixel(x: $0, y: y) == Color.black.premultiplied }
        }
        #expect(!ink.isEmpty)
        let middle = Double(ink.min()! + ink.max()!) / 2
        #expect(abs(middle - Double(layout.pixelWidth) / 2) < 3 * scale)
        // No #F7F7F7 bar behind the second view's band (no background).
        #expect(surface.pixel(x: 1, y: layout.headers[1].minY) == Color.white.premultiplied)
    }

    @Test(arguments: [1.0, 2, 3])
    func aHeaderViewImageSitsBeforeTheCentredTitle(scale: Double) throws {
        var table = TableDescription(cellStyle: CellStyle(layout: .plain), rowCounts: [1], width: 240, scale: scale)
        var view = TableHeaderView(title: "Title", height: 60, size: 20, color: .black, shadow: nil)
        let withoutImage = view
        let red = CellContentTests.red
        view.image = CellIcon(images: [CellContentTests.square(red, points: 16, scale: Int(scale))])
        table.headerView = view
        let titles = table.titles(in: try table.layout())
        let title = try #require(titles.first)
        #expect(title.iconFrame.width == 16 && title.iconFrame.height == 16)
        table.headerView = withoutImage
        let plainTitle = try #require(table.titles(in: try table.layout()).first)
        let line = try #require(plainTitle.text.lines.first).width
        // The pair is centred: the title moves right by half the image and gap.
        let plainStart = plainTitle.origin.x + (plainTitle.width - line) / 2
        let start = title.origin.x + (title.width - line) / 2
        #expect(abs(start - plainStart - (16 + 8) / 2) < 1e-9)
        #expect(abs(title.iconFrame.maxX - (start - 8)) <= 0.5 / scale + 1e-9)
        // Its pixels are drawn, centred on the title's line.
        table.headerView = view
        let surface = try TableRenderer.render(table, workers: 1)
        let frame = title.iconFrame
        #expect(
            surface.pixel(x: Int((frame.midX * scale).rounded(.down)), y: Int((frame.midY * scale).rounded(.down)))
                == red.premultiplied)
        #expect(abs(frame.midY - 30) < 3)
    }
}

extension PixelRect {
    /// The middle column and row (rounded down), device pixels.
    fileprivate var midX: Int { minX + width / 2 }
    fileprivate var midY: Int { minY + height / 2 }
}
