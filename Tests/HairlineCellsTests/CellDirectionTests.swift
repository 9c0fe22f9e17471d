// Right-to-left cells (issue 36 item 7): the paragraph direction of a
// title by UAX #9 P2-P3; a right-to-left cell's frames are the
// left-to-right ones mirrored exactly (x' = width - x - w) at 1x-3x; its
// separator insets swap sides; its chevron and detail button draw the
// mirror image of the left-to-right pixels; its title's ink sits at the
// right; `auto` leaves Latin tables byte for byte as before; the spec
// reads the direction of a table and of a cell.

import Hairline
@testable import HairlineCells
import HairlineTableSpec
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct CellDirectionTests {
    static let cell = Rect(x: 0, y: 0, width: 320, height: 44)

    @Test func theTitleDecidesTheDirectionByItsFirstStrongCharacter() {
        #expect(TextDirection.firstStrong(in: "שלום") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "مرحبا") == .rightToLeft)
        #expect(TextDirection.firstStrong(in: "Wi-Fi") == .leftToRight)
        #expect(TextDirection.firstStrong(in: "123 - שלום") == .rightToLeft, "digits and punctuation are weak")
        #expect(TextDirection.firstStrong(in: "\u{2067}abc\u{2069} שלום") == .rightToLeft, "isolates skipped")
        #expect(TextDirection.firstStrong(in: "\u{2068}שלום") == nil, "an unclosed isolate hides the rest")
        #expect(TextDirection.firstStrong(in: "12\u{2029}שלום") == nil, "the first paragraph only")
        #expect(TextDirection.firstStrong(in: "") == nil)
        #expect(CellLayoutDirection.auto.isRightToLeft(title: "עברית"))
        #expect(!CellLayoutDirection.auto.isRightToLeft(title: "42"))
        #expect(!CellLayoutDirection.leftToRight.isRightToLeft(title: "עברית"))
        #expect(CellLayoutDirection.rightToLeft.isRightToLeft(title: "Wi-Fi"))
        #expect(CellLayoutDirection.auto.resolved(inheriting: .rightToLeft) == .rightToLeft)
        #expect(CellLayoutDirection.leftToRight.resolved(inheriting: .rightToLeft) == .leftToRight)
    }

    @Test(arguments: [1.0, 2, 3])
    func rightToLeftFramesAreTheLeftToRightOnesMirrored(scale: Double) throws {
        let style = try #require(CellTextStyle.standard(for: .plain))
        for accessory in CellAccessory.allCases {
            var text = CellText("שלום", detail: "עולם", layout: .value1)
            text.image = CellIcon(images: [CellContentTests.square(CellContentTests.red, points: 29)])
            text.indentationLevel = 2
            text.layoutDirection = .leftToRight
            let ltr = text.contentLayout(in: Self.cell, style: style, accessory: accessory, scale: scale)
            text.layoutDirection = .auto
            let rtl = text.contentLayout(in: Self.cell, style: style, accessory: accessory, scale: scale)
            #expect(!ltr.isRightToLeft && rtl.isRightToLeft)
            let image = try #require(ltr.imageFrame), mirrored = try #require(rtl.imageFrame)
            #expect(mirrored.minX == 320 - image.minX - image.width && mirrored.minY == image.minY)
            #expect(image.minX == 15 + 20 && mirrored.maxX == 320 - 35, "indented from the right")
            #expect(rtl.labelsX == 320 - ltr.labelsX - ltr.labelsWidth && rtl.labelsWidth == ltr.labelsWidth)
            #expect(rtl.labelsFrame.maxX == mirrored.minX - 15, "the labels end the gap before the image")
            #expect(rtl.labelsX == 15 + (accessory == .none ? 0 : accessory.width + accessoryLabelGap))
            #expect(rtl.labelsCenterY == ltr.labelsCenterY && rtl.labelsHeight == ltr.labelsHeight)
        }
        // An image accessory moves to the left side, 15 pt in.
        var text = CellText("Wi-Fi")
        text.accessoryImage = CellIcon(images: [CellContentTests.square(CellContentTests.blue, points: 20)])
        let ltr = text.contentLayout(in: Self.cell, style: style, scale: scale)
        text.layoutDirection = .rightToLeft
        let rtl = text.contentLayout(in: Self.cell, style: style, scale: scale)
        let a = try #require(ltr.accessoryImageFrame), b = try #require(rtl.accessoryImageFrame)
        #expect(a.maxX == 305 && b.minX == 15 && b.minX == 320 - a.minX - a.width && b.minY == a.minY)
        #expect((b.minX * scale).rounded() == b.minX * scale, "on whole device pixels")
    }

    @Test func separatorInsetsSwapSides() throws {
        var style = CellStyle.plain
        style.separatorTrailingInset = 7
        let placement = try CellPlacement(row: 0, rowsInSection: 3, section: 0, sectionCount: 1)
        let ltr = try #require(style.separatorPath(for: placement, in: Self.cell, scale: 2))
        let rtl = try #require(style.separatorPath(for: placement, in: Self.cell, scale: 2, isRightToLeft: true))
        let l = ltr.bounds, r = rtl.bounds
        #expect(l.minX == 15 && l.maxX == 313)
        #expect(r.minX == 7 && r.maxX == 305 && r.minX == 320 - l.minX - l.width && r.minY == l.minY)
    }

    /// The chevron and the detail button are drawn as the exact mirror of
    /// their left-to-right pixels (the checkmark keeps its shape).
    @Test(arguments: [CellAccessory.disclosureIndicator, .detailButton, .detailDisclosureButton], [1.0, 2, 3])
    func accessoriesDrawTheMirrorImage(accessory: CellAccessory, scale: Double) throws {
        func drawn(_ rtl: Bool) throws -> Surface {
            let surface = try Surface(width: Int(320 * scale), height: Int(44 * scale))
            let canvas = Canvas(surface: surface, scale: scale)
            canvas.clear(.white)
            accessory.draw(in: Self.cell, on: canvas, isRightToLeft: rtl)
            return surface
        }
        let ltr = try drawn(false), rtl = try drawn(true)
        var inked = 0, worst = 0
        for y in 0..<ltr.height {
            for x in 0..<ltr.width {
                let a = try #require(ltr.pixel(x: x, y: y)), b = try #require(rtl.pixel(x: ltr.width - 1 - x, y: y))
                worst = max(worst, abs(Int(a.red) - Int(b.red)), abs(Int(a.blue) - Int(b.blue)))
                if a.red < 250 { inked += 1 }
                if x < ltr.width / 2 { #expect(a.red == 255 || x >= ltr.width / 2, "LTR ink stays right") }
            }
        }
        #expect(inked > Int(20 * scale * scale), "the accessory drew")
        #expect(worst <= 1, "mirror image within rounding: \(worst)")
    }

    @Test func theCheckmarkMovesLeftUnmirrored() throws {
        let surface = try Surface(width: 320, height: 44)
        let canvas = Canvas(surface: surface, scale: 1)
        canvas.clear(.white)
        CellAccessory.checkmark.draw(in: Self.cell, on: canvas, isRightToLeft: true)
        var columns: [Int] = []
        for x in 0..<320 where (0..<44).contains(where: { surface.pixel(x: x, y: $0)!.red < 200 }) { columns.append(x) }
        #expect(columns.first == 15 && columns.last == 15 + 13, "the 14 pt checkmark 15 pt from the left side")
        // The long stroke rises to the right, as in a left-to-right cell.
        let rightInk = (0..<44).first { surface.pixel(x: 27, y: $0)!.red < 200 } ?? 99
        let leftInk = (0..<44).first { surface.pixel(x: 16, y: $0)!.red < 200 } ?? 99
        #expect(rightInk < leftInk)
    }

    /// The ink columns of a one-cell table's labels, drawn with `direction`.
    static func inkColumns(_ text: CellText, direction: CellLayoutDirection) throws -> ClosedRange<Int> {
        var section = TableSection(rows: 1)
        section.texts = [text]
        var table = TableDescription(cellStyle: .plain, sections: [section], width: 320, scale: 1)
        table.defaultHeaderHeight = 0
        table.layoutDirection = direction
        let surface = try TableRenderer.render(table, workers: 1)
        var columns: [Int] = []
        for x in 0..<surface.width
        where (0..<surface.height).contains(where: { surface.pixel(x: x, y: $0)!.green < 160 }) {
            columns.append(x)
        }
        return try #require(columns.first)...(try #require(columns.last))
    }

    @Test func aRightToLeftTitleInksAtTheRight() throws {
        let ltr = try Self.inkColumns(CellText("Title"), direction: .auto)
        let rtl = try Self.inkColumns(CellText("Title"), direction: .rightToLeft)
        #expect(ltr.lowerBound >= 15 && ltr.lowerBound <= 17)
        #expect(rtl.upperBound <= 305 && rtl.upperBound >= 302)
        #expect(rtl.count == ltr.count, "the same glyphs, moved")
        let hebrew = try Self.inkColumns(CellText("שלום"), direction: .auto)
        #expect(hebrew.upperBound <= 305 && hebrew.upperBound >= 300, "auto: a Hebrew title is right to left")
        let forced = try Self.inkColumns(CellText("שלום"), direction: .leftToRight)
        #expect(forced.lowerBound >= 15 && forced.lowerBound <= 18)
        // value1: the title at the right, the detail at the left.
        let both = try Self.inkColumns(CellText("שלום", detail: "ab", layout: .value1), direction: .auto)
        #expect(both.lowerBound >= 15 && both.lowerBound <= 17 && both.upperBound >= 300)
    }

    @Test func autoLeavesLatinTablesAsTheyWere() throws {
        var section = TableSection(rows: 3)
        section.headerTitle = "Network"
        section.texts = [CellText("Wi-Fi", detail: "Home", layout: .value1), CellText("Bluetooth"), nil]
        var style = CellStyle.insetGrouped
        style.accessory = .disclosureIndicator
        var table = TableDescription(cellStyle: style, sections: [section], width: 320, scale: 2)
        let auto = try TableRenderer.render(table, workers: 1)
        table.layoutDirection = .leftToRight
        let ltr = try TableRenderer.render(table, workers: 1)
        #expect(auto.bytes == ltr.bytes)
        table.layoutDirection = .rightToLeft
        let rtl = try TableRenderer.render(table, workers: 1)
        #expect(auto.bytes != rtl.bytes)
    }

    /// A header view's image goes after a right-to-left title (at its
    /// right, the gap between), before a left-to-right one.
    @Test(arguments: [TextAlignment.leading, .center, .trailing])
    func aHeaderViewsImageFollowsARightToLeftTitle(alignment: TextAlignment) throws {
        var table = TableDescription(cellStyle: .plain, sections: [TableSection(rows: 1)], width: 320, scale: 2)
        var view = TableHeaderView(title: "Settings")
        view.alignment = alignment
        view.image = CellIcon(images: [CellContentTests.square(CellContentTests.red, points: 20)])
        table.headerView = view
        func placed() throws -> (icon: Rect, start: Double, end: Double) {
            let title = try #require(table.titles(in: try table.layout()).first)
            let line = try #require(title.text.lines.first)
            let shift: Double
            switch (alignment, line.isRightToLeft) {
            case (.leading, false), (.trailing, true): shift = 0
            case (.center, _): shift = (title.width - line.width) / 2
            default: shift = title.width - line.width
            }
            return (title.iconFrame, title.origin.x + shift, title.origin.x + shift + line.width)
        }
        let ltr = try placed()
        #expect(abs(ltr.icon.maxX + 8 - ltr.start) < 0.5, "before the title, 8 pt apart")
        table.layoutDirection = .rightToLeft
        let rtl = try placed()
        #expect(abs(rtl.icon.minX - 8 - rtl.end) < 0.5, "after the title, 8 pt apart")
        #expect(rtl.icon.maxX <= 320 && rtl.icon.width == 20)
        if alignment == .leading { #expect(rtl.icon.maxX > 280, "a leading title sits at the right") }
    }

    @Test func theSpecReadsTheDirections() throws {
        let json = """
            {"style": {"layout": "plain"}, "layoutDirection": "rightToLeft",
             "sections": [{"rows": 2, "texts": [{"title": "a", "layoutDirection": "leftToRight"}, "b"]}]}
            """
        let spec = try TableSpec(json: Array(json.utf8), baseDirectory: "")
        #expect(spec.table.layoutDirection == .rightToLeft)
        #expect(spec.table.sections[0].texts[0]?.layoutDirection == .leftToRight)
        #expect(spec.table.sections[0].texts[1]?.layoutDirection == .auto)
        let bad = #"{"style": {"layout": "plain"}, "layoutDirection": "up", "sections": [{"rows": 1}]}"#
        #expect(throws: TableSpecError.self) { try TableSpec(json: Array(bad.utf8), baseDirectory: "") }
    }
}
