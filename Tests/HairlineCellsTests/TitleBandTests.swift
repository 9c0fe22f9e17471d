// Issue 32: a table draws each title only in the bands it reaches, and of
// it only the lines that reach the band. The title index finds exactly
// the titles a band overlaps (against a scan of all of them), the lines
// found for a band include every line whose ink or shadow reaches it,
// and a long wrapped footer drawn band by band with only those lines
// gives the pixels of every band drawn with all of them (shadow
// included), at 1x, 2x and 3x.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import HairlineText
import Testing

@Suite struct TitleBandTests {
    static func title(rows: Range<Int>, origin: Double = 0, lines: Int = 1) throws -> TableTitle {
        let text = Array(repeating: "word", count: lines).joined(separator: "\n")
        let laid = TextLayout(text, font: try Font(.dejaVuSans), size: 13)
        return TableTitle(
            text: laid, origin: Point(x: 0, y: origin), width: 100, alignment: .leading, color: .black,
            shadow: nil, rows: rows, above: 20, below: 8)
    }

    @Test func theIndexFindsExactlyTheTitlesABandOverlaps() throws {
        var rng = SplitMix64(seed: 3211)
        for _ in 0..<50 {
            var titles: [TableTitle] = []
            for _ in 0..<Int(rng.next() % 40) {
                let start = Int(rng.next() % 2000) - 100
                titles.append(try Self.title(rows: start..<(start + Int(rng.next() % 300))))
            }
            let index = TitleIndex(titles)
            for _ in 0..<40 {
                let start = Int(rng.next() % 2200) - 150
                let band = start..<(start + Int(rng.next() % 100))
                var found: [Range<Int>] = []
                index.forEach(reaching: band) { found.append($0.rows) }
                let expected = titles.filter { $0.rows.overlaps(band) }.map(\.rows)
                #expect(found == expected, "band \(band)")
            }
        }
    }

    @Test func theLinesFoundForABandIncludeEveryLineReachingIt() throws {
        var rng = SplitMix64(seed: 3212)
        for scale in [1.0, 2, 3] {
            for _ in 0..<30 {
                let origin = Double(rng.next() % 500) / 3
                let title = try Self.title(rows: 0..<10_000, origin: origin, lines: Int(rng.next() % 60) + 1)
                let step = title.text.lineHeight
                for _ in 0..<30 {
                    let start = Int(rng.next() % 4000)
                    let band = start..<(start + 1 + Int(rng.next() % 64))
                    let found = title.lines(reaching: band, scale: scale)
                    for line in 0..<title.text.lines.count {
                        let baseline = origin + Double(line) * step
                        let top = Int(((baseline - title.above) * scale).rounded(.down))
                        let bottom = Int(((baseline + title.below) * scale).rounded(.up))
                        if (top..<bottom).overlaps(band) {
                            #expect(found.contains(line), "line \(line) reaches \(band) at \(scale)x")
                        }
                    }
                    #expect(
                        found.count <= Int(Double(band.count) / scale / step) + Int((title.above + title.below) / step)
                            + 6)
                }
            }
        }
    }

    @Test(arguments: [1.0, 2, 3])
    func aLongFooterDrawnBandByBandIsTheWholeFooter(scale: Double) throws {
        var style = CellStyle(layout: .grouped)
        style.accessory = .none
        var table = TableDescription(cellStyle: style, rowCounts: [1], width: 320, scale: scale)
        table.sections[0].footerTitle = String(repeating: "Devices you have paired with stay connected. ", count: 60)
        var footer = try #require(SectionTitleStyle.standardFooter(for: .grouped))
        footer.shadow = TitleShadow(offset: Size(width: 0, height: 2), blur: 2, color: .white)
        table.footerTitleStyle = footer
        let layout = try table.layout()
        let titles = table.titles(in: layout)
        #expect(titles.count == 1 && titles[0].text.lines.count > 40)
        // Bands of 64 rows (as the renderer's slabs at most), each drawn
        // with the lines found for it, against each band drawn with every
        // line (what the renderer did before it looked for lines).
        let whole = try Surface(width: layout.pixelWidth, height: layout.pixelHeight)
        let banded = try Surface(width: layout.pixelWidth, height: layout.pixelHeight)
        let title = titles[0]
        func draw(_ lines: Range<Int>, on canvas: Canvas) {
            canvas.save()
            if let shadow = title.shadow {
                canvas.setShadow(offset: shadow.offset, blur: shadow.blur, color: shadow.color)
            }
            canvas.draw(
                title.text, lines: lines, at: title.origin, width: title.width, alignment: title.alignment,
                paint: .solid(title.color))
            canvas.restore()
        }
        var drawnLines = 0
        for (surface, all) in [(whole, true), (banded, false)] {
            let canvas = Canvas(surface: surface, scale: scale)
            for start in stride(from: 0, to: layout.pixelHeight, by: 64) {
                let rows = start..<min(layout.pixelHeight, start + 64)
                canvas.save()
                canvas.clip(
                    to: PixelRect(x: 0, y: rows.lowerBound, width: layout.pixelWidth, height: rows.count)
                        .points(scale: scale))
                let lines = all ? 0..<title.text.lines.count : title.lines(reaching: rows, scale: scale)
                if !all { drawnLines += lines.count }
                draw(lines, on: canvas)
                canvas.restore()
            }
        }
        whole.flush()
        banded.flush()
        var differing = 0, first = ""
        for y in 0..<whole.height {
            for x in 0..<whole.width where whole.pixel(x: x, y: y) != banded.pixel(x: x, y: y) {
                if differing == 0 {
                    first =
                        "(\(x), \(y)): \(String(describing: whole.pixel(x: x, y: y))) vs \(String(describing: banded.pixel(x: x, y: y)))"
                }
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ, first \(first)")
        // Each line is drawn by a few bands, not by all of them.
        #expect(drawnLines < 8 * title.text.lines.count)
    }

    @Test func aTitleTallerThanAnySurfaceStopsBeingLaidOut() throws {
        let style = try #require(SectionTitleStyle.standardFooter(for: .grouped))
        let text = String(repeating: "Devices you have paired with stay connected. ", count: 50_000)
        // At 2x the tallest surface holds 65,536 / (line height x 2) lines:
        // a couple more are laid out, not the 2 MB's 40,000.
        let laid = style.layout(text, width: 300, scale: 2)
        let lineHeight = laid.lineHeight
        #expect(laid.lines.count == Int((65_536 / (lineHeight * 2)).rounded(.up)) + 2)
        var table = TableDescription(cellStyle: CellStyle(layout: .grouped), rowCounts: [1], width: 320, scale: 2)
        table.sections[0].footerTitle = text
        #expect(throws: TableError.self) { try table.layout() }
        // A title that fits is laid out whole, as without a scale.
        let short = String(repeating: "Devices you have paired with. ", count: 40)
        #expect(style.layout(short, width: 300, scale: 2).lines == style.layout(short, width: 300).lines)
    }
}
