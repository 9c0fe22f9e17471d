// Per-section looks and the table's own views (issue 37 item 3): header
// bars behind titles only in a plain table (UIKit's rule), explicit and
// hidden bars, a section's own title style (and the height it needs), the
// table footer view at the bottom with its background and title, and a
// header view title moved by its offset.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct SectionLookTests {
    static let bar = Color(red8: 0x33, green8: 0x99, blue8: 0x66)

    /// The rows of `surface` between `rows` that hold any pixel unlike
    /// `background`.
    static func inkRows(_ surface: Surface, rows: Range<Int>, background: PremultipliedColor?) -> [Int] {
        rows.filter { y in (0..<surface.width).contains { surface.pixel(x: $0, y: y) != background } }
    }

    @Test(arguments: [1.0, 2, 3])
    func plainBarsAreBehindTitlesOnlyUnlessSet(scale: Double) throws {
        var table = checkTable(.plain, rows: [1, 1, 1, 1], scale: scale)
        table.sections[1].headerTitle = "Titled"
        table.sections[2].headerBar = .color(Self.bar)
        table.sections[3].headerTitle = "Hidden"
        table.sections[3].headerBar = .hidden
        let surface = try TableRenderer.render(table)
        let layout = try table.layout()
        let x = layout.pixelWidth - 2
        for (section, expected) in [
            (0, CellTestColors.background), (1, CellTestColors.header), (2, Self.bar),
            (3, CellTestColors.background),
        ] {
            let header = layout.headers[section]
            #expect(header.height == Int((28 * scale).rounded()) || section == 1 || section == 3)
            for y in [header.minY, header.maxY - 1] {
                #expect(surface.pixel(x: x, y: y) == stored(expected), "section \(section) @\(scale)x row \(y)")
            }
        }
    }

    @Test func aSectionsOwnTitleStyleSetsItsLookAndHeight() throws {
        var table = TableDescription(
            cellStyle: CellStyle(layout: .insetGrouped), rowCounts: [1, 1], width: 320, scale: 2)
        table.sections[0].headerTitle = "Small"
        table.sections[1].headerTitle = "Large"
        var large = try #require(SectionTitleStyle.standardHeader(for: .insetGrouped))
        large.size = 30
        large.color = Self.bar
        large.isUppercased = false
        table.sections[1].headerTitleStyle = large
        let layout = try table.layout()
        // The larger title needs a taller header (auto height).
        #expect(layout.headers[1].height > layout.headers[0].height + 2 * 10)
        let surface = try TableRenderer.render(table)
        let header = layout.headers[1]
        var colored = 0
        for y in header.minY..<header.maxY {
            for x in 0..<layout.pixelWidth where surface.pixel(x: x, y: y) == stored(Self.bar) { colored += 1 }
        }
        #expect(colored > 100, "the large title's fully covered pixels are its color")
        // The first section keeps the table's style (not that color).
        let first = layout.headers[0]
        #expect(
            !(first.minY..<first.maxY).contains { y in
                (0..<layout.pixelWidth).contains {
                    surface.pixel(x: $0, y: y) == stored(Self.bar)
                }
            })
    }

    @Test(arguments: [1.0, 2, 3])
    func theFooterViewIsAtTheBottomWithItsBackgroundAndTitle(scale: Double) throws {
        var table = checkTable(.grouped, rows: [2], scale: scale)
        var footer = TableHeaderView(title: "Version 1.0", height: 40, shadow: nil, background: .color(Self.bar))
        footer.color = .white
        table.footerView = footer
        let layout = try table.layout()
        let bare = try checkTable(.grouped, rows: [2], scale: scale).layout()
        #expect(layout.pixelHeight == Int(((10 + 88 + 10 + 40) * scale).rounded()))
        #expect(
            layout.footerView
                == PixelRect(
                    x: 0, y: bare.pixelHeight, width: layout.pixelWidth,
                    height: layout.pixelHeight - bare.pixelHeight))
        let surface = try TableRenderer.render(table)
        let band = layout.footerView
        #expect(surface.pixel(x: 1, y: band.minY) == stored(Self.bar))
        #expect(surface.pixel(x: 1, y: band.maxY - 1) == stored(Self.bar))
        #expect(surface.pixel(x: 1, y: band.minY - 1) == stored(CellTestColors.background))
        let ink = Self.inkRows(surface, rows: band.minY..<band.maxY, background: stored(Self.bar))
        #expect(!ink.isEmpty && ink.first! > band.minY && ink.last! < band.maxY - 1, "the title, inside the band")
    }

    @Test(arguments: [1.0, 2, 3])
    func aHeaderViewTitleMovesByItsOffset(scale: Double) throws {
        var table = checkTable(.grouped, rows: [1], scale: scale)
        table.headerView = TableHeaderView(title: "Seed", height: 80, shadow: nil)
        let centred = try TableRenderer.render(table)
        table.headerView?.titleOffset = Size(width: 20, height: 10)
        let moved = try TableRenderer.render(table)
        let band = try table.layout().headerView
        let background = stored(CellTestColors.background)
        let a = Self.inkRows(centred, rows: band.minY..<band.maxY, background: background)
        let b = Self.inkRows(moved, rows: band.minY..<band.maxY, background: background)
        let dy = Int((10 * scale).rounded())
        #expect(!a.isEmpty && b == a.map { $0 + dy }, "@\(scale)x: \(a.first ?? -1) -> \(b.first ?? -1)")
        // 20 pt to the right: the first inked column moves by 20 pt.
        func firstColumn(_ s: Surface) -> Int? {
            (0..<s.width).first { x in
                a.contains { s.pixel(x: x, y: $0) != background } || b.contains { s.pixel(x: x, y: $0) != background }
            }
        }
        let c0 = try #require(firstColumn(centred)), c1 = try #require(firstColumn(moved))
        #expect(abs(c1 - c0 - Int((20 * scale).rounded())) <= 1)
    }

    /// iOS 6 (grouped) text: bold titles and #385487 value1 details; the
    /// iOS 7 and 13 layouts keep one regular font and gray details.
    @Test func iOS6TextIsBoldWithSlateDetails() throws {
        let six = try #require(CellTextStyle.standard(for: .grouped))
        #expect(six.titleFont?.fullName == "DejaVu Sans Bold" && six.font.fullName == "DejaVu Sans")
        #expect(six.detailColor == Color(red8: 0x38, green8: 0x54, blue8: 0x87) && six.selectedColor == .white)
        for layout in [CellLayout.insetGrouped, .plain, .fullWidthGrouped] {
            let style = try #require(CellTextStyle.standard(for: layout))
            #expect(style.titleFont == nil && style.detailColor == Color(red8: 0x8E, green8: 0x8E, blue8: 0x93))
        }
        // Drawn: the detail's solid pixels are the slate blue.
        var table = TableDescription(cellStyle: CellStyle(layout: .grouped), rowCounts: [1], width: 320, scale: 2)
        table.sections[0].texts = [CellText("Wi-Fi", detail: "Home", layout: .value1)]
        let surface = try TableRenderer.render(table)
        let cell = try table.layout().cells[0].pixelRect
        var slate = 0
        for y in cell.minY..<cell.maxY {
            for x in (cell.minX + cell.width / 2)..<cell.maxX where surface.pixel(x: x, y: y) == stored(six.detailColor)
            {
                slate += 1
            }
        }
        #expect(slate > 20)
    }
}
