// Cell content beyond labels (issue 37 item 2): a leading image moves the
// labels by exactly its width and the gap, indentation moves image and
// labels by level x width, label insets and positions place the labels'
// block, all in points and on whole device pixels at 1x-3x; pixels show
// the image where the layout says, tinted as a template, its selected
// variant when selected, the scale variant for the canvas, and an image
// accessory in place of the style's accessory.

import Hairline
@testable import HairlineCells
import HairlineTestSupport
import Testing

@Suite struct CellContentTests {
    static let red = Color(red8: 0xE0, green8: 0x20, blue8: 0x20)
    static let green = Color(red8: 0x20, green8: 0xC0, blue8: 0x40)
    static let blue = Color(red8: 0x20, green8: 0x40, blue8: 0xE0)

    /// A `points` x `points` pt square of `color` at `scale` pixels per point.
    static func square(_ color: Color, points: Int, scale: Int = 1, alpha: Double = 1) -> CellImage {
        let n = points * scale
        let image = try! Image(
            width: n, height: n, colors: Array(repeating: color.withAlphaMultiplied(by: alpha), count: n * n))
        return CellImage(image, capInsets: EdgeInsets(all: 0), imageScale: Double(scale))
    }

    static let cell = Rect(x: 0, y: 0, width: 320, height: 44)

    @Test(arguments: [1.0, 2, 3])
    func aLeadingImageMovesTheLabelsByItsWidthAndTheGap(scale: Double) throws {
        let style = try #require(CellTextStyle.standard(for: .plain))
        var text = CellText("Wi-Fi")
        let plain = text.contentLayout(in: Self.cell, style: style, scale: scale)
        #expect(plain.labelsX == 15 && plain.imageFrame == nil)
        text.image = CellIcon(images: [Self.square(Self.red, points: 29, scale: Int(scale))])
        let content = text.contentLayout(in: Self.cell, style: style, scale: scale)
        let frame = try #require(content.imageFrame)
        #expect(frame == Rect(x: 15, y: ((22 - 14.5) * scale).rounded() / scale, width: 29, height: 29))
        #expect(content.labelsX - plain.labelsX == 29 + 15)
        #expect(content.labelsX * scale == (59 * scale).rounded())
        // On whole device pixels.
        #expect((frame.minX * scale).rounded() == frame.minX * scale)
        #expect((frame.minY * scale).rounded() == frame.minY * scale)
        // The labels keep their width to the trailing inset.
        #expect(content.labelsWidth == 320 - 15 - 59)
        // iOS 6 grouped: 10 pt in, labels 10 pt after.
        let iOS6 = try #require(CellTextStyle.standard(for: .grouped))
        let old = text.contentLayout(in: Self.cell, style: iOS6, scale: scale)
        #expect(old.imageFrame?.minX == 10 && old.labelsX == 10 + 29 + 10)
    }

    @Test(arguments: [1.0, 2, 3])
    func indentationShiftsImageAndLabelsByLevelTimesWidth(scale: Double) throws {
        var style = try #require(CellTextStyle.standard(for: .plain))
        var text = CellText("Nested")
        text.image = CellIcon(images: [Self.square(Self.red, points: 20)], size: Size(width: 20, height: 20))
        let base = text.contentLayout(in: Self.cell, style: style, scale: scale)
        text.indentationLevel = 3
        let indented = text.contentLayout(in: Self.cell, style: style, scale: scale)
        #expect(indented.labelsX - base.labelsX == 30)
        let indentedImage = try #require(indented.imageFrame), baseImage = try #require(base.imageFrame)
        #expect(indentedImage.minX - baseImage.minX == 30)
        style.indentationWidth = 7
        let narrow = text.contentLayout(in: Self.cell, style: style, scale: scale)
        #expect(narrow.labelsX - base.labelsX == 21)
        // A negative level is none; labels without an image move too.
        text.indentationLevel = -4
        #expect(text.contentLayout(in: Self.cell, style: style, scale: scale) == base)
        var bare = CellText("Bare")
        bare.indentationLevel = 2
        #expect(bare.contentLayout(in: Self.cell, style: style, scale: scale).labelsX == 15 + 14)
    }

    @Test func labelInsetsAndPositionPlaceTheBlock() throws {
        var style = try #require(CellTextStyle.standard(for: .plain))
        let text = CellText("Title", detail: "Detail", layout: .subtitle)
        let centred = text.contentLayout(in: Self.cell, style: style, scale: 2)
        #expect(centred.labelsCenterY == 22)
        style.leadingInset = 20
        style.trailingInset = 30
        style.labelPosition = .top(inset: 4)
        var content = text.contentLayout(in: Self.cell, style: style, scale: 2)
        #expect(content.labelsX == 20 && content.labelsWidth == 320 - 20 - 30)
        #expect(abs(content.labelsFrame.minY - 4) < 1e-9)
        #expect(abs(content.labelsHeight - centred.labelsHeight) < 1e-12)
        style.labelPosition = .bottom(inset: 6)
        content = text.contentLayout(in: Self.cell, style: style, scale: 2)
        #expect(abs(content.labelsFrame.maxY - 38) < 1e-9)
        style.labelPosition = .center(offset: -3)
        #expect(text.contentLayout(in: Self.cell, style: style, scale: 2).labelsCenterY == 19)
        // An accessory adds its width and 8 pt to the trailing inset.
        let withChevron = text.contentLayout(in: Self.cell, style: style, accessory: .disclosureIndicator, scale: 2)
        #expect(withChevron.labelsWidth == 320 - 20 - 30 - CellAccessory.disclosureIndicator.width - 8)
    }

    /// A plain one-section table 200 pt wide whose rows have `texts`.
    static func table(_ texts: [CellText], scale: Double, selected: [Int] = []) -> TableDescription {
        var table = TableDescription(
            cellStyle: CellStyle(layout: .plain), rowCounts: [texts.count], width: 200, scale: scale)
        table.sections[0].texts = texts
        table.selectedRows = Set(selected.map { CellIndexPath(row: $0, section: 0) })
        return table
    }

    /// The pixel at the centre of `frame` (points) of row `row`'s cell.
    static func pixel(_ surface: Surface, _ layout: TableLayout, row: Int, at frame: Rect) -> PremultipliedColor? {
        let cell = layout.cells[row].pixelRect
        return surface.pixel(
            x: cell.minX + Int((frame.midX * layout.scale).rounded(.down)),
            y: cell.minY + Int((frame.midY * layout.scale).rounded(.down)))
    }

    @Test(arguments: [1.0, 2, 3])
    func imagesAreDrawnWhereTheLayoutSaysTintedAndSelected(scale: Double) throws {
        let s = Int(scale)
        var normal = CellText("Plain image")
        normal.image = CellIcon(images: [Self.square(Self.red, points: 20, scale: s)])
        var tinted = CellText("Template")
        // Black at half alpha, tinted green: green at half alpha.
        tinted.image = CellIcon(
            images: [Self.square(.black, points: 20, scale: s, alpha: 0.5)], tint: Self.green)
        var selected = CellText("Selected variant")
        selected.image = CellIcon(
            images: [Self.square(Self.red, points: 20, scale: s)],
            selectedImages: [Self.square(Self.blue, points: 20, scale: s)])
        let table = Self.table([normal, tinted, selected], scale: scale, selected: [2])
        let surface = try TableRenderer.render(table, workers: 1)
        let layout = try table.layout()
        let style = try #require(CellTextStyle.standard(for: .plain))
        let bounds = Rect(x: 0, y: 0, width: 200, height: 44)
        for (row, text) in [normal, tinted, selected].enumerated() {
            let frame = try #require(text.contentLayout(in: bounds, style: style, scale: scale).imageFrame)
            #expect(frame.width == 20 && frame.height == 20)
            let expected: Color =
                switch row {
                case 0: Self.red
                // Half-alpha green over the white cell.
                case 1: Color(red8: 0x90, green8: 0xE0, blue8: 0xA0)
                default: Self.blue
                }
            let found = try #require(Self.pixel(surface, layout, row: row, at: frame))
            let want = expected.premultiplied
            #expect(
                abs(Int(found.red) - Int(want.red)) <= 1 && abs(Int(found.green) - Int(want.green)) <= 1
                    && abs(Int(found.blue) - Int(want.blue)) <= 1, "row \(row) @\(scale)x: \(found)")
            // Nothing of the image just left of its frame.
            let left = layout.cells[row].pixelRect.minX + Int((frame.minX * scale).rounded()) - 1
            let y = layout.cells[row].pixelRect.minY + Int((frame.midY * scale).rounded(.down))
            let outside = try #require(surface.pixel(x: left, y: y))
            #expect(outside.red > 0xF0 && outside.green > 0xF0 || row == 2, "row \(row) left of the image")
        }
    }

    @Test func theScaleVariantForTheCanvasIsDrawn() throws {
        let icon = CellIcon(
            images: [Self.square(Self.red, points: 10, scale: 1), Self.square(Self.green, points: 10, scale: 2)])
        #expect(icon.image(isSelected: false, scale: 1)?.imageScale == 1)
        #expect(icon.image(isSelected: false, scale: 2)?.imageScale == 2)
        #expect(icon.image(isSelected: false, scale: 3)?.imageScale == 2)
        #expect(icon.drawnSize(scale: 2) == Size(width: 10, height: 10))
        for (scale, color) in [(1.0, Self.red), (2.0, Self.green), (3.0, Self.green)] {
            var text = CellText("Scaled")
            text.image = icon
            let table = Self.table([text], scale: scale)
            let surface = try TableRenderer.render(table, workers: 1)
            let style = try #require(CellTextStyle.standard(for: .plain))
            let frame = try #require(
                text.contentLayout(in: Rect(x: 0, y: 0, width: 200, height: 44), style: style, scale: scale).imageFrame)
            let layout = try table.layout()
            let found = try #require(Self.pixel(surface, layout, row: 0, at: frame))
            #expect(found == color.premultiplied, "@\(scale)x")
        }
    }

    @Test func tintingKeepsAlphaAndPremultiplication() throws {
        let image = try Image(
            width: 3, height: 1,
            colors: [.clear, Color(red: 0.2, green: 0.9, blue: 0.1, alpha: 0.5), .white])
        let tinted = CellImage(image, capInsets: EdgeInsets(all: 0)).tinted(
            Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(tinted.image.pixel(x: 0, y: 0) == PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0))
        let half = try #require(tinted.image.pixel(x: 1, y: 0))
        #expect(half.green == 0 && half.blue == 0 && half.alpha == half.red && abs(Int(half.alpha) - 64) <= 1)
        #expect(tinted.image.pixel(x: 2, y: 0) == PremultipliedColor(red: 128, green: 0, blue: 0, alpha: 128))
        // Changing the tint remakes the tinted pixels.
        var icon = CellIcon(image, tint: .black)
        icon.tint = Color(red: 0, green: 0, blue: 1)
        #expect(icon.image(isSelected: false, scale: 1)?.image.pixel(x: 2, y: 0)?.blue == 255)
        icon.tint = nil
        #expect(icon.image(isSelected: false, scale: 1)?.image == image)
    }

    @Test(arguments: [1.0, 2, 3])
    func anAccessoryImageReplacesTheStylesAccessory(scale: Double) throws {
        var text = CellText("Toggle")
        text.accessoryImage = CellIcon(
            images: [Self.square(Self.red, points: 30, scale: Int(scale))],
            selectedImages: [Self.square(Self.green, points: 30, scale: Int(scale))])
        var table = Self.table([text, CellText("Checked")], scale: scale, selected: [])
        table.cellStyle.accessory = .checkmark
        let layout = try table.layout()
        var surface = try TableRenderer.render(table, workers: 1)
        let style = try #require(CellTextStyle.standard(for: .plain))
        let content = text.contentLayout(
            in: Rect(x: 0, y: 0, width: 200, height: 44), style: style, accessory: .checkmark, scale: scale)
        let frame = try #require(content.accessoryImageFrame)
        #expect(frame.maxX == 200 - CellAccessory.trailingInset && frame.width == 30)
        #expect(content.labelsWidth == 200 - 15 - 15 - 30 - 8)
        #expect(Self.pixel(surface, layout, row: 0, at: frame) == Self.red.premultiplied)
        // No checkmark blue in the first row; the second row has one.
        let checkBlue = CellAccessory.checkmark.defaultColor.premultiplied
        func hasBlue(row: Int) -> Bool {
            let r = layout.cells[row].pixelRect
            return (r.minY..<r.maxY).contains { y in
                (r.minX..<r.maxX).contains { surface.pixel(x: $0, y: y) == checkBlue }
            }
        }
        #expect(!hasBlue(row: 0))
        #expect(hasBlue(row: 1))
        table.selectedRows = [CellIndexPath(row: 0, section: 0)]
        surface = try TableRenderer.render(table, workers: 1)
        #expect(Self.pixel(surface, layout, row: 0, at: frame) == Self.green.premultiplied)
    }

    /// Random cells, sizes, scales, levels and insets against the rules
    /// written out: the image on whole device pixels `imageLeadingInset`
    /// plus the indentation in (to a pixel), centred to a pixel; the
    /// labels `imageSpacing` after it, or `leadingInset` plus the
    /// indentation in; their width to the reserve.
    @Test func randomContentFollowsTheRules() throws {
        var rng = SplitMix64(seed: 0x37_0002)
        let base = try #require(CellTextStyle.standard(for: .plain))
        for _ in 0..<500 {
            let scale = [1.0, 1.5, 2, 3][rng.int(in: 0...3)]
            let rect = Rect(x: 0, y: 0, width: rng.double(in: 100...500), height: rng.double(in: 20...90))
            var style = base
            style.leadingInset = rng.double(in: 0...30)
            style.trailingInset = rng.double(in: 0...30)
            style.imageLeadingInset = rng.double(in: 0...20)
            style.imageSpacing = rng.double(in: 0...20)
            style.indentationWidth = rng.double(in: 0...15)
            var text = CellText("Row", detail: "Detail", layout: CellText.Layout.allCases[rng.int(in: 0...3)])
            text.indentationLevel = rng.int(in: 0...4)
            let side = rng.double(in: 8...40)
            if rng.int(in: 0...1) == 1 {
                text.image = CellIcon(
                    images: [Self.square(Self.red, points: 4)], size: Size(width: side, height: side))
            }
            let content = text.contentLayout(in: rect, style: style, accessory: .checkmark, scale: scale)
            let indent = Double(text.indentationLevel) * style.indentationWidth
            let context = "seed \(rng.seed) scale \(scale) \(rect) level \(text.indentationLevel)"
            if let frame = content.imageFrame {
                #expect((frame.minX * scale).rounded() == frame.minX * scale, "\(context)")
                #expect((frame.minY * scale).rounded() == frame.minY * scale, "\(context)")
                #expect(abs(frame.minX - (style.imageLeadingInset + indent)) <= 0.5 / scale + 1e-9, "\(context)")
                #expect(abs(frame.midY - rect.midY) <= 0.5 / scale + 1e-9, "\(context)")
                #expect(abs(content.labelsX - (frame.maxX + style.imageSpacing)) < 1e-9, "\(context)")
            } else {
                #expect(abs(content.labelsX - (indent + style.leadingInset)) < 1e-9, "\(context)")
            }
            let reserve = style.trailingInset + CellAccessory.checkmark.width + 8
            #expect(abs(content.labelsX + content.labelsWidth - (rect.maxX - reserve)) < 1e-9, "\(context)")
            #expect(content.labelsCenterY == rect.midY)
        }
    }

    @Test func cellsWithoutContentDrawAsBefore() throws {
        // The content layout of a plain row is the old one: the labels at
        // the leading inset, centred, to the reserve.
        let style = try #require(CellTextStyle.standard(for: .insetGrouped))
        let text = CellText("Title", detail: "Detail", layout: .value1)
        let content = text.contentLayout(in: Self.cell, style: style, accessory: .detailButton, scale: 3)
        #expect(content.labelsX == 15 && content.labelsCenterY == 22)
        #expect(content.labelsWidth == 320 - 15 - (15 + CellAccessory.detailButton.width + 8))
        #expect(content.imageFrame == nil && content.accessoryImageFrame == nil)
    }
}
