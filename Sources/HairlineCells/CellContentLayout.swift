// HairlineCells: where a cell's content goes, in points in the space of
// the cell's rect: the indentation (level x width) moves the leading image
// and the labels; the image sits `imageLeadingInset` in, centred
// vertically, and the labels start `imageSpacing` after it (else
// `leadingInset` in); they end `trailingInset` before the trailing edge,
// further an accessory's width and 8 pt. Images land on whole device
// pixels (crisp at every scale); the labels are placed as before. A
// right-to-left cell's frames are these mirrored in the cell's rect.

import Hairline
import HairlineText

/// Where the labels of a cell sit vertically, in points.
public enum LabelPosition: Hashable, Sendable {
    /// The labels' block centred in the cell, moved `offset` points down
    /// (negative: up).
    case center(offset: Double)
    /// The block's top `inset` points below the cell's top.
    case top(inset: Double)
    /// The block's bottom `inset` points above the cell's bottom.
    case bottom(inset: Double)
}

/// The places of a cell's content, in points in the space of the cell's
/// rect (the rect given to `CellText.contentLayout`).
public struct CellContentLayout: Hashable, Sendable {
    /// The leading image's frame (on whole device pixels), if the cell has one.
    public var imageFrame: Rect?
    /// The accessory image's frame (on whole device pixels), if any.
    public var accessoryImageFrame: Rect?
    /// Where the labels start (points).
    public var labelsX: Double
    /// The width the labels share (points; 0 or less: no labels drawn).
    public var labelsWidth: Double
    /// The vertical centre of the labels' block (points).
    public var labelsCenterY: Double
    /// The labels' block height (points): the line boxes of the labels
    /// the layout stacks or sets side by side.
    public var labelsHeight: Double
    /// Whether the cell runs right to left: every frame above is the
    /// left-to-right one mirrored in the cell's rect, and the labels are
    /// laid out right to left.
    public var isRightToLeft = false

    /// The labels' block as a rect (points).
    public var labelsFrame: Rect {
        Rect(x: labelsX, y: labelsCenterY - labelsHeight / 2, width: max(0, labelsWidth), height: labelsHeight)
    }
}

/// The gap between an accessory and the labels, in points.
let accessoryLabelGap = 8.0

extension CellText {
    /// Where this cell's content goes in `rect` (its bounds, points) at
    /// `scale` device pixels per point, beside the style's `accessory`
    /// (replaced by `accessoryImage` if the cell has one).
    /// - Parameters:
    ///   - rect: the cell's bounds, points.
    ///   - style: the insets, sizes and fonts.
    ///   - accessory: the accessory of the cell's style.
    ///   - scale: device pixels per point (images land on whole pixels).
    public func contentLayout(
        in rect: Rect, style: CellTextStyle, accessory: CellAccessory = .none, scale: Double
    ) -> CellContentLayout {
        let inset = style.trailingInset.isFinite ? max(0, style.trailingInset) : 0
        let reserve = inset + (accessory == .none ? 0 : accessory.width + accessoryLabelGap)
        return contentLayout(in: rect, style: style, trailingReserve: reserve, scale: scale)
    }

    /// `contentLayout(in:style:accessory:scale:)` with the labels'
    /// trailing room given: `trailingReserve` points, or the accessory
    /// image's room if the cell has one.
    func contentLayout(
        in rect: Rect, style: CellTextStyle, trailingReserve: Double, scale: Double
    ) -> CellContentLayout {
        let s = scale.isFinite && scale > 0 ? scale : 1
        func pixelAligned(_ v: Double) -> Double { (v * s).rounded() / s }
        func finite(_ v: Double) -> Double { v.isFinite ? max(0, v) : 0 }
        let levels = Double(max(0, min(indentationLevel, 10_000)))
        let indent = min(levels * finite(style.indentationWidth), rect.width)
        var layout = CellContentLayout(
            imageFrame: nil, accessoryImageFrame: nil, labelsX: rect.minX + indent + style.leadingInset,
            labelsWidth: 0, labelsCenterY: rect.midY, labelsHeight: labelsBlockHeight(style))
        if let image {
            let size = image.drawnSize(scale: s)
            let frame = Rect(
                x: pixelAligned(rect.minX + indent + finite(style.imageLeadingInset)),
                y: pixelAligned(rect.midY - size.height / 2), width: size.width, height: size.height)
            layout.imageFrame = frame
            layout.labelsX = frame.maxX + finite(style.imageSpacing)
        }
        var reserve = trailingReserve
        if let accessoryImage {
            let size = accessoryImage.drawnSize(scale: s)
            let right = rect.maxX - CellAccessory.trailingInset
            layout.accessoryImageFrame = Rect(
                x: pixelAligned(right - size.width), y: pixelAligned(rect.midY - size.height / 2),
                width: size.width, height: size.height)
            reserve = finite(style.trailingInset) + size.width + accessoryLabelGap
        }
        layout.labelsWidth = rect.maxX - reserve - layout.labelsX
        let half = layout.labelsHeight / 2
        switch style.labelPosition {
        case .center(let offset): layout.labelsCenterY = rect.midY + (offset.isFinite ? offset : 0)
        case .top(let inset): layout.labelsCenterY = rect.minY + (inset.isFinite ? inset : 0) + half
        case .bottom(let inset): layout.labelsCenterY = rect.maxY - (inset.isFinite ? inset : 0) - half
        }
        if layoutDirection.isRightToLeft(title: title) {
            // Mirrored whole: images on whole pixels stay on them when
            // the rect's sides are.
            layout.isRightToLeft = true
            layout.imageFrame = layout.imageFrame?.mirrored(in: rect)
            layout.accessoryImageFrame = layout.accessoryImageFrame?.mirrored(in: rect)
            layout.labelsX = rect.minX + rect.maxX - layout.labelsX - layout.labelsWidth
        }
        return layout
    }

    /// The height of the labels' block in `style` (points): the title's
    /// line box, the title's and the subtitle's stacked (`subtitle`), or
    /// the taller of the two side by side (`value1`, `value2`).
    func labelsBlockHeight(_ style: CellTextStyle) -> Double {
        func box(_ font: Font, _ size: Double) -> Double {
            let m = font.metrics
            return Double(m.ascent + m.descent) * size / Double(max(1, m.unitsPerEm))
        }
        let titleFont = style.titleFont ?? style.font
        switch layout {
        case .default: return box(titleFont, style.titleSize)
        case .subtitle:
            // The subtitle's line is kept without a detail (as drawn).
            return box(style.font, style.titleSize) + box(style.font, style.subtitleSize)
        case .value1:
            return max(box(titleFont, style.titleSize), detail == nil ? 0 : box(style.font, style.detailSize))
        case .value2:
            return max(
                box(titleFont, style.value2TitleSize), detail == nil ? 0 : box(style.font, style.value2DetailSize))
        }
    }
}
