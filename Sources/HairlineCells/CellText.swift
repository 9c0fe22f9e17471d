// HairlineCells: a cell's labels, as UITableViewCell lays them out in its
// four styles (default, subtitle, value1, value2): the title and detail
// text in their fonts, sizes and colors, placed in the cell's content area
// (CellContentLayout.swift: the cell's rect less the indentation, the
// leading image or inset and the accessory, in points), each one line
// truncated at its tail. Drawn by HairlineText over the background.

import Hairline
import HairlineText

/// The content of one cell: its labels, and optionally a leading image,
/// an image accessory and an indentation (UITableViewCell's `textLabel`,
/// `detailTextLabel`, `imageView`, `accessoryView`, `indentationLevel`).
public struct CellText: Hashable, Sendable {
    /// UITableViewCell's cell styles.
    public enum Layout: Hashable, Sendable, CaseIterable {
        /// The title alone, leading, centred vertically.
        case `default`
        /// The title above a smaller detail line, both leading.
        case subtitle
        /// The title leading and the detail trailing (Settings' look).
        case value1
        /// A small tinted title in a fixed trailing-aligned column, the
        /// detail after it (Contacts' look).
        case value2
    }

    public var layout: Layout
    public var title: String
    public var detail: String?
    /// The image before the labels (UIKit's `imageView`), centred
    /// vertically `CellTextStyle.imageLeadingInset` points in; the labels
    /// start `imageSpacing` points after it. Nil: none.
    public var image: CellIcon? = nil
    /// An image at the trailing edge in place of the style's accessory
    /// (UIKit's `accessoryView`), its trailing side
    /// `CellAccessory.trailingInset` points in, centred vertically. Nil:
    /// the style's accessory.
    public var accessoryImage: CellIcon? = nil
    /// How many steps of `CellTextStyle.indentationWidth` the image and
    /// labels move towards the trailing edge (UIKit's `indentationLevel`;
    /// negative counts as 0).
    public var indentationLevel = 0
    /// Which way the cell's content runs: `auto` (the default) takes the
    /// title's direction (UAX #9 P2-P3) unless the table sets one; a
    /// right-to-left cell mirrors its layout (CellLayoutDirection.swift).
    public var layoutDirection = CellLayoutDirection.auto

    /// A cell's text.
    /// - Parameters:
    ///   - title: the main label.
    ///   - detail: the detail label (not drawn in the `default` layout).
    ///   - layout: the cell style.
    public init(_ title: String, detail: String? = nil, layout: Layout = .default) {
        self.title = title
        self.detail = detail
        self.layout = layout
    }
}

/// The fonts, sizes (points) and colors of cell text.
public struct CellTextStyle: Hashable, Sendable {
    /// The labels' font (the details', and the titles' without a
    /// `titleFont`).
    public var font: Font
    /// The titles' font, if not `font` (iOS 6 titles are bold).
    public var titleFont: Font? = nil
    /// The title's size (17 pt, UIKit's body size), the detail's in
    /// `value1` (17 pt) and in `subtitle` (12 pt), and the title's and
    /// detail's in `value2` (12 and 15 pt).
    public var titleSize = 17.0
    public var detailSize = 17.0
    public var subtitleSize = 12.0
    public var value2TitleSize = 12.0
    public var value2DetailSize = 15.0
    public var titleColor = Color.black
    /// The detail color of `value1` (#8E8E93, UIKit's secondary label).
    public var detailColor = Color(red8: 0x8E, green8: 0x8E, blue8: 0x93)
    /// The title color of `value2` (the tint blue).
    public var value2TitleColor = Color(red8: 0x00, green8: 0x7A, blue8: 0xFF)
    /// Every label's color in a selected cell; nil keeps the normal colors
    /// (UIKit's gray selections); white suits the iOS 6 blue one.
    public var selectedColor: Color? = nil
    /// The leading gap before the labels (points) in a cell without an
    /// image.
    public var leadingInset = 15.0
    /// The gap between the labels and the cell's trailing edge, in points
    /// (15; an accessory's width and 8 pt more when there is one).
    public var trailingInset = 15.0
    /// Where the labels sit vertically (centred by default).
    public var labelPosition = LabelPosition.center(offset: 0)
    /// The gap before a cell's leading image, in points (UIKit's 15 pt
    /// layout margin since iOS 7; 10 pt in iOS 6).
    public var imageLeadingInset = 15.0
    /// The gap between a leading image and the labels, in points (15 pt
    /// since iOS 7, 10 pt in iOS 6).
    public var imageSpacing = 15.0
    /// The width of one indentation level, in points (UIKit's default
    /// `indentationWidth`, 10 pt).
    public var indentationWidth = 10.0
    /// The width of `value2`'s title column (points).
    public var value2ColumnWidth = 67.0

    /// A style in `font` with UIKit's sizes and colors.
    public init(font: Font) { self.font = font }

    /// DejaVu Sans with UIKit's sizes and colors (nil if the bundled font
    /// cannot be read: a damaged installation).
    public static let standard: CellTextStyle? = (try? Font(.dejaVuSans)).map { CellTextStyle(font: $0) }

    /// The iOS 6 value1 detail color, #385487 (a slate blue).
    public static let iOS6DetailColor = Color(red8: 0x38, green8: 0x54, blue8: 0x87)

    /// The style for cells of `layout`, true to its iOS version: `grouped`
    /// (iOS 6) has bold titles (DejaVu Sans Bold), value1 details in
    /// #385487 and white labels when selected (its selection is blue); the
    /// others keep UIKit's iOS 7+ text. The grouped style's leading image
    /// sits 10 pt in with the labels 10 pt after it (iOS 6's margins).
    public static func standard(for layout: CellLayout) -> CellTextStyle? {
        guard var style = standard else { return nil }
        if layout == .grouped {
            style.selectedColor = .white
            style.titleFont = try? Font(.dejaVuSansBold)
            style.detailColor = iOS6DetailColor
            style.imageLeadingInset = 10
            style.imageSpacing = 10
        }
        return style
    }

    /// The style with `fallback` on both of its fonts.
    public func withFallback(_ fallback: FontFallback) -> CellTextStyle {
        var style = self
        style.font = font.withFallback(fallback)
        style.titleFont = titleFont?.withFallback(fallback)
        return style
    }
}

extension CellText {
    /// Draws the cell's content in `rect` (a cell's bounds, points, the
    /// canvas's user space) in `style`: the leading image, the labels and
    /// the accessory image, the labels leaving `trailingReserve` points at
    /// the trailing edge (the style's accessory; an accessory image
    /// reserves its own room instead).
    public func draw(
        in rect: Rect, style: CellTextStyle, trailingReserve: Double = 15, isSelected: Bool = false,
        on canvas: Canvas
    ) {
        let rect = rect.standardized
        guard rect.isFinite, !rect.isEmpty else { return }
        let content = contentLayout(in: rect, style: style, trailingReserve: trailingReserve, scale: canvas.scale)
        draw(content, style: style, isSelected: isSelected, on: canvas)
    }

    /// Draws the cell's content in `rect` (a cell's bounds, points) beside
    /// `accessory` (the style's, drawn by the background; an accessory
    /// image replaces it), the labels `style.trailingInset` from the
    /// trailing edge or the accessory, as a table draws its cells.
    /// - Parameters:
    ///   - rect: the cell's bounds, points, the canvas's user space.
    ///   - style: fonts, colors and insets.
    ///   - accessory: the accessory the cell's style draws.
    ///   - isSelected: draws the selected colors, images and tints.
    ///   - canvas: where to draw.
    public func draw(
        in rect: Rect, style: CellTextStyle, accessory: CellAccessory, isSelected: Bool = false, on canvas: Canvas
    ) {
        let rect = rect.standardized
        guard rect.isFinite, !rect.isEmpty else { return }
        let content = contentLayout(in: rect, style: style, accessory: accessory, scale: canvas.scale)
        draw(content, style: style, isSelected: isSelected, on: canvas)
    }

    /// Draws the images and labels where `content` places them.
    private func draw(_ content: CellContentLayout, style: CellTextStyle, isSelected: Bool, on canvas: Canvas) {
        if let image, let frame = content.imageFrame { image.draw(in: frame, isSelected: isSelected, on: canvas) }
        if let accessoryImage, let frame = content.accessoryImageFrame {
            accessoryImage.draw(in: frame, isSelected: isSelected, on: canvas)
        }
        let left = content.labelsX
        let width = content.labelsWidth
        guard width > 0 else { return }
        // A right-to-left cell lays its labels out right to left (leading
        // is right) and mirrors their boxes inside the labels' frame.
        let rtl = content.isRightToLeft
        let direction: TextDirection = rtl ? .rightToLeft : layoutDirection == .leftToRight ? .leftToRight : .natural
        /// The x of a label box `width` wide that starts at `x` in a
        /// left-to-right cell.
        func placed(_ x: Double, _ box: Double) -> Double { rtl ? 2 * left + width - x - box : x }
        func color(_ normal: Color) -> Paint { .solid(isSelected ? style.selectedColor ?? normal : normal) }
        /// Draws one label; its laid-out width (points), 0 if not drawn.
        @discardableResult
        func label(
            _ text: String, size: Double, x: Double, width: Double, centerY: Double,
            alignment: TextAlignment = .leading, paint: Paint, isTitle: Bool = false
        ) -> Double {
            // No room (a narrow cell's value2 detail): no label.
            guard width > 0 else { return 0 }
            let font = isTitle ? style.titleFont ?? style.font : style.font
            let layout = TextLayout(
                text, font: font, size: size, width: width, lineBreakMode: .truncatingTail,
                maximumLines: 1, direction: direction)
            // The line box (ascent + descent) centred on `centerY`.
            let baseline = centerY - (layout.ascent + layout.descent) / 2 + layout.ascent
            canvas.draw(
                layout, at: Point(x: placed(x, width), y: baseline), width: width, alignment: alignment, paint: paint)
            return layout.width
        }
        let middle = content.labelsCenterY
        switch layout {
        case .default:
            label(
                title, size: style.titleSize, x: left, width: width, centerY: middle, paint: color(style.titleColor),
                isTitle: true)
        case .subtitle:
            let unit = 1 / Double(style.font.metrics.unitsPerEm)
            let m = style.font.metrics
            let titleHeight = Double(m.ascent + m.descent) * unit * style.titleSize
            let detailHeight = Double(m.ascent + m.descent) * unit * style.subtitleSize
            let top = middle - (titleHeight + detailHeight) / 2
            label(
                title, size: style.titleSize, x: left, width: width, centerY: top + titleHeight / 2,
                paint: color(style.titleColor), isTitle: true)
            if let detail {
                label(
                    detail, size: style.subtitleSize, x: left, width: width,
                    centerY: top + titleHeight + detailHeight / 2, paint: color(style.titleColor))
            }
        case .value1:
            // The detail first (up to 60% of the width), the title in the
            // rest, 8 pt apart.
            var titleWidth = width
            if let detail {
                // (The detail's own layout gives the width it takes.)
                let measured = label(
                    detail, size: style.detailSize, x: left + width * 0.4, width: width * 0.6,
                    centerY: middle, alignment: .trailing, paint: color(style.detailColor))
                titleWidth = max(0, width - measured - 8)
            }
            label(
                title, size: style.titleSize, x: left, width: titleWidth, centerY: middle,
                paint: color(style.titleColor), isTitle: true)
        case .value2:
            let column = min(style.value2ColumnWidth, width)
            label(
                title, size: style.value2TitleSize, x: left, width: column, centerY: middle, alignment: .trailing,
                paint: color(style.value2TitleColor), isTitle: true)
            if let detail {
                let gap = 6.0
                label(
                    detail, size: style.value2DetailSize, x: left + column + gap, width: width - column - gap,
                    centerY: middle, paint: color(style.titleColor))
            }
        }
    }
}
