// The code samples of the HairlineCells documentation catalog
// (Sources/HairlineCells/HairlineCells.docc, "Drawing table cells"),
// compiled and run against the public API only, with the claims the
// article makes about them checked.

import Testing
import Hairline
import HairlineCells

@Suite struct CellsDocumentationSnippetTests {
    @Test func positions() throws {
        let placement = try CellPlacement(row: 0, rowsInSection: 3, section: 0, sectionCount: 2)
        #expect(placement.position == .top)
        #expect(throws: TableError.self) { try CellPlacement(row: 3, rowsInSection: 3, section: 0, sectionCount: 2) }
    }

    @Test func styles() {
        var style = CellStyle.insetGrouped
        style.cornerCurve = .continuous
        style.alternateFill = .color(Color(red: 0.96, green: 0.96, blue: 0.98))
        #expect(style.separatorInset == 16 && CellStyle.plain.separatorInset == 15)
    }

    @Test func oneCell() throws {
        let surface = try Surface(width: 1029, height: 132)
        let canvas = Canvas(surface: surface, scale: 3)
        let renderer = CellRenderer(canvas: canvas, style: .grouped)
        renderer.draw(
            try CellPlacement(row: 0, rowsInSection: 3, section: 0, sectionCount: 1),
            in: Rect(x: 0, y: 0, width: 343, height: 44))
        // The one-device-pixel border on row 0, full intensity; nothing
        // drawn outside the rounded corner.
        #expect(surface.pixel(x: 500, y: 0) == CellStyle.grouped.separatorColor.premultiplied)
        #expect(surface.pixel(x: 0, y: 0)?.alpha == 0)
    }

    @Test func labelsAndTitles() throws {
        var titled = TableDescription(cellStyle: .grouped, rowCounts: [2, 1], width: 320, scale: 3)
        titled.headerView = TableHeaderView(title: "Settings")
        titled.sections[0].headerTitle = "Network"
        titled.sections[0].footerTitle = "Devices you have paired with stay connected."
        titled.sections[0].texts = [CellText("Wi-Fi", detail: "Home", layout: .value1), CellText("Bluetooth")]
        let page = try TableRenderer.render(titled)
        let layout = try titled.layout()
        // The header view's 60 pt, then a header taller than the untitled 10 pt.
        #expect(layout.headerView.height == 180 && layout.headers[0].height > 30)
        #expect(page.height == layout.pixelHeight)
    }

    @Test func tablesAcrossCores() throws {
        var table = TableDescription(cellStyle: .grouped, rowCounts: [3, 1, 4], width: 320, scale: 3)
        table.selectedRows = [CellIndexPath(row: 1, section: 0)]
        let image = try TableRenderer.render(table)  // all cores
        let layout = try table.layout()
        #expect(image.width == layout.pixelWidth && image.height == layout.pixelHeight)

        let serial = try TableRenderer.render(table, workers: 1)
        let parallel = try TableRenderer.render(table, workers: 4)
        #expect(serial.bytes == parallel.bytes)
        #expect(image.bytes == serial.bytes)
    }
}
