// Section header and footer titles and the table header view: heights
// taken from the text, titles drawn exactly where their style puts them
// (checked against the same text drawn by hand on one whole canvas over
// the untitled table: the bands a table is drawn in change no pixel, the
// shadow included), the same output for any number of workers, plain
// footers' bars only under titles, bad lengths rejected, and the selected
// grouped cell's accessory in white; at 1x, 2x and 3x.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct SectionTitleTests {
    static let footer = "Devices you have paired with stay connected while Bluetooth is on."

    /// A table of `layout` with a header view, titles on both sections'
    /// headers and the first one's footer, and labelled rows.
    static func titled(_ layout: CellLayout, scale: Double, blur: Double = 0) -> TableDescription {
        var style = CellStyle(layout: layout)
        style.accessory = .disclosureIndicator
        var t = TableDescription(cellStyle: style, rowCounts: [2, 1], width: 320, scale: scale)
        t.headerView = TableHeaderView(
            title: "Settings", height: 54,
            shadow: TitleShadow(
                offset: Size(width: 0, height: 1), blur: blur,
                color: .white))
        t.sections[0].headerTitle = "Network"
        t.sections[0].footerTitle = footer
        t.sections[1].headerTitle = "About"
        t.sections[0].texts = [CellText("Wi-Fi", detail: "Home", layout: .value1), CellText("Bluetooth")]
        return t
    }

    @Test(arguments: CellLayout.allCases)
    func titlesTakeTheHeightTheirTextNeeds(layout: CellLayout) throws {
        let header = try #require(SectionTitleStyle.standardHeader(for: layout))
        let footer = try #require(SectionTitleStyle.standardFooter(for: layout))
        var t = Self.titled(layout, scale: 1)
        t.sections[1].headerHeight = 30
        let result = try t.layout()
        #expect(result.headerView == PixelRect(x: 0, y: 0, width: 320, height: 54))
        #expect(result.headers[0].minY == 54)
        // One line of the header font: its ascent and descent, by the
        // font's own metrics.
        let m = header.font.metrics
        let line = Double(m.ascent + m.descent) * header.size / Double(m.unitsPerEm)
        #expect(result.headers[0].height == Int((header.topPadding + line + header.bottomPadding).rounded() + 54) - 54)
        // The footer wraps to the sections' width less its insets: n lines.
        let width = 320 - 2 * (t.horizontalInset + footer.horizontalInset)
        let lines = TextLayout(Self.footer, font: footer.font, size: footer.size, width: width).lines.count
        #expect(lines >= 2)
        let fm = footer.font.metrics, unit = footer.size / Double(fm.unitsPerEm)
        let text =
            Double(lines - 1) * Double(fm.ascent + fm.descent + fm.lineGap) * unit
            + Double(fm.ascent + fm.descent) * unit
        let top = result.footers[0].minY
        // (Edges round from the table's top: within a pixel of this.)
        #expect(
            abs(Double(result.footers[0].maxY) - (Double(top) + footer.topPadding + text + footer.bottomPadding)) <= 1)
        // A height of its own wins over the title's.
        #expect(result.headers[1].height == 30)
        // No title: the table's default.
        #expect(result.footers[1].height == Int(t.defaultFooterHeight))
    }

    /// The titled table against its untitled twin (the same heights) with
    /// each title drawn by hand, on one canvas, where the style says.
    @Test(arguments: [1.0, 2, 3])
    func titlesAreDrawnWhereTheirStyleSays(scale: Double) throws {
        for layout in CellLayout.allCases {
            for blur in [0.0, 3] {
                let titled = Self.titled(layout, scale: scale, blur: blur)
                let result = try titled.layout()
                var bare = titled
                bare.headerView?.title = ""
                for s in bare.sections.indices {
                    bare.sections[s].headerHeight = titled.headerHeight(ofSection: s)
                    bare.sections[s].footerHeight = titled.footerHeight(ofSection: s)
                    bare.sections[s].headerTitle = nil
                    bare.sections[s].footerTitle = nil
                }
                #expect(try bare.layout() == result)
                let expected = try TableRenderer.render(bare, workers: 1)
                let canvas = Canvas(surface: expected, scale: scale)
                if let bar = titled.headerColor {
                    // The bars behind the titles (the untitled twin has
                    // none: UIKit draws no bar behind an untitled band).
                    var path = Path()
                    path.addRect(result.footers[0].points(scale: scale))
                    for s in titled.sections.indices where titled.sections[s].headerTitle != nil {
                        path.addRect(result.headers[s].points(scale: scale))
                    }
                    canvas.fill(path, with: bar)
                }
                let header = try #require(SectionTitleStyle.standardHeader(for: layout))
                let footer = try #require(SectionTitleStyle.standardFooter(for: layout))
                let x = (titled.horizontalInset * scale).rounded() / scale
                func draw(_ text: String, _ style: SectionTitleStyle, firstBaseline: Double, x: Double, width: Double) {
                    let laid = TextLayout(
                        style.isUppercased ? text.uppercased() : text, font: style.font,
                        size: style.size, width: width, lineBreakMode: style.lineBreakMode,
                        maximumLines: style.maximumLines)
                    canvas.save()
                    if let shadow = style.shadow {
                        canvas.setShadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
                    }
                    canvas.draw(
                        laid, at: Point(x: x, y: (firstBaseline * scale).rounded() / scale), width: width,
                        alignment: style.alignment, paint: .solid(style.color))
                    canvas.restore()
                }
                func descent(_ style: SectionTitleStyle) -> Double {
                    Double(style.font.metrics.descent) * style.size / Double(style.font.metrics.unitsPerEm)
                }
                func ascent(_ style: SectionTitleStyle) -> Double {
                    Double(style.font.metrics.ascent) * style.size / Double(style.font.metrics.unitsPerEm)
                }
                // The header view: one line, centred in its band.
                let view = try #require(titled.headerView?.titleStyle)
                draw("Settings", view, firstBaseline: 54 - view.bottomPadding - descent(view), x: 15, width: 290)
                for (s, title) in ["Network", "About"].enumerated() {
                    let bottom = Double(result.headers[s].maxY) / scale
                    draw(
                        title, header, firstBaseline: bottom - header.bottomPadding - descent(header),
                        x: x + header.horizontalInset, width: titled.titleWidth(header))
                }
                let top = Double(result.footers[0].minY) / scale
                draw(
                    Self.footer, footer, firstBaseline: top + footer.topPadding + ascent(footer),
                    x: x + footer.horizontalInset, width: titled.titleWidth(footer))
                // Outside the cells: the titles drawn by hand; inside: the
                // untitled table (no title reaches into a cell).
                let bareSurface = try TableRenderer.render(bare, workers: 1)
                let actual = try TableRenderer.render(titled, workers: 2)
                var mismatches: [String] = []
                for y in 0..<actual.height {
                    for px in 0..<actual.width {
                        let inCell = result.cells.contains {
                            let r = $0.pixelRect
                            return px >= r.minX && px < r.maxX && y >= r.minY && y < r.maxY
                        }
                        let want = inCell ? bareSurface.pixel(x: px, y: y) : expected.pixel(x: px, y: y)
                        if actual.pixel(x: px, y: y) != want, mismatches.count < 5 {
                            mismatches.append(
                                "(\(px), \(y)) \(String(describing: actual.pixel(x: px, y: y))) != \(String(describing: want))"
                            )
                        }
                    }
                }
                #expect(mismatches.isEmpty, "\(layout) blur \(blur) @\(scale)x: \(mismatches)")
            }
        }
    }

    @Test(arguments: [1.0, 2, 3])
    func anyNumberOfWorkersDrawsTheSame(scale: Double) throws {
        for layout in CellLayout.allCases {
            var t = Self.titled(layout, scale: scale, blur: 4)
            t.sections.append(
                contentsOf: (0..<6).map { i in
                    var section = TableSection(rows: i % 3 + 1)
                    section.headerTitle = "Section \(i)"
                    section.footerTitle = i % 2 == 0 ? Self.footer : nil
                    return section
                })
            let serial = try TableRenderer.render(t, workers: 1)
            for workers in [2, 3, 8] {
                expectImagesMatch(
                    try TableRenderer.render(t, workers: workers), serial, suite: "SectionTitles",
                    name: "\(layout)-\(workers)-workers@\(Int(scale))x")
            }
        }
    }

    @Test func plainFootersHaveBarsOnlyUnderTitles() throws {
        var t = TableDescription(cellStyle: CellStyle(layout: .plain), rowCounts: [1, 1], width: 100, scale: 2)
        t.sections[0].footerHeight = 20
        t.sections[1].footerTitle = "Note"
        let result = try t.layout()
        let surface = try TableRenderer.render(t)
        let bar = try #require(t.headerColor)
        let untitled = result.footers[0], titled = result.footers[1]
        #expect(surface.pixel(x: 1, y: untitled.minY + 1) == Color.white.premultiplied)
        #expect(surface.pixel(x: 1, y: titled.minY + 1) == bar.premultiplied)
        #expect(surface.pixel(x: 199, y: titled.maxY - 1) == bar.premultiplied)
    }

    @Test func theHeaderViewIsFilledAndItsTitleCentred() throws {
        for scale in [1.0, 2, 3] {
            var t = TableDescription(cellStyle: CellStyle(layout: .grouped), rowCounts: [1], width: 200, scale: scale)
            let fill = Color(red8: 0x20, green8: 0x40, blue8: 0x80)
            t.headerView = TableHeaderView(title: "", height: 40, background: .color(fill))
            let empty = try TableRenderer.render(t)
            #expect(try t.layout().headerView.height == Int(40 * scale))
            for y in [0, Int(40 * scale) - 1] { #expect(empty.pixel(x: 3, y: y) == fill.premultiplied) }
            #expect(empty.pixel(x: 3, y: Int(40 * scale)) != fill.premultiplied)
            t.headerView?.title = "Title"
            t.headerView?.shadow = nil
            let titled = try TableRenderer.render(t)
            let ink = try #require(CellAccessoryTests.changed(empty, titled))
            // Centred across the table, inside the band.
            #expect(abs(Double(ink.minX + ink.maxX) / 2 - 100 * scale) <= 1.5 * scale, "\(ink) @\(scale)x")
            #expect(ink.minY > 0 && ink.maxY < Int(40 * scale), "\(ink) @\(scale)x")
        }
    }

    @Test func badTitleLengthsAreRejected() {
        var t = Self.titled(.grouped, scale: 1)
        t.headerView?.height = -1
        #expect(throws: TableError.self) { try t.layout() }
        t.headerView?.height = .nan
        #expect(throws: TableError.self) { try t.layout() }
        t = Self.titled(.grouped, scale: 1)
        var style = SectionTitleStyle.standardHeader(for: .grouped)!
        style.topPadding = .infinity
        t.headerTitleStyle = style
        #expect(throws: TableError.self) { try t.layout() }
        style.topPadding = -100
        t.headerTitleStyle = style
        #expect(throws: TableError.self) { try t.layout() }
        // A huge size makes a huge header, refused as too large, not drawn.
        style = SectionTitleStyle.standardHeader(for: .grouped)!
        style.size = 1e9
        t.headerTitleStyle = style
        #expect(throws: TableError.self) { try t.layout() }
    }

    /// A selected grouped cell's chevron is white (on the iOS 6 blue); an
    /// inset grouped one keeps its gray.
    @Test(arguments: [1.0, 2, 3])
    func selectedGroupedAccessoriesAreWhite(scale: Double) throws {
        for layout in [CellLayout.grouped, .insetGrouped] {
            for accessory in [CellAccessory.disclosureIndicator, .checkmark, .detailDisclosureButton] {
                var style = CellStyle(layout: layout)
                style.accessory = accessory
                var t = TableDescription(cellStyle: style, rowCounts: [1], width: 200, scale: scale)
                t.selectedRows = [CellIndexPath(row: 0, section: 0)]
                let surface = try TableRenderer.render(t)
                let r = try t.layout().cells[0].pixelRect
                // The accessory's columns: no pixel of the blue or gray
                // selection is white; the accessory's fully covered ones are.
                var white = 0, gray = 0
                let chevron = CellAccessory.disclosureIndicator.defaultColor.premultiplied
                for y in r.minY..<r.maxY {
                    for x in (r.maxX - Int(60 * scale))..<(r.maxX - Int(10 * scale)) {
                        let p = surface.pixel(x: x, y: y)
                        if p == Color.white.premultiplied { white += 1 }
                        if p == chevron { gray += 1 }
                    }
                }
                if layout == .grouped {
                    #expect(white > Int(8 * scale), "\(accessory) @\(scale)x: \(white) white")
                    #expect(gray == 0, "\(accessory) @\(scale)x")
                } else {
                    #expect(white == 0, "\(accessory) @\(scale)x")
                }
            }
        }
    }
}
