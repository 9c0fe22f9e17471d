// HairlineCells: the standard accessory at a cell's trailing edge
// (UITableViewCell.AccessoryType) as vector shapes: a disclosure chevron, a
// checkmark, a detail ("i") button, or the button and the chevron. Drawn by
// the engine's strokes and fills at any scale; sizes in points after
// UIKit's (a 8 x 13 pt chevron, a 14 x 11 pt checkmark, a 22 pt button), 15
// pt from the cell's trailing edge (the left one in a right-to-left cell,
// the chevron pointing left), centred vertically.

import Hairline

/// The control drawn at the trailing edge of a cell.
public enum CellAccessory: Hashable, Sendable, CaseIterable {
    /// Nothing.
    case none
    /// A chevron pointing right (navigation to more detail).
    case disclosureIndicator
    /// A checkmark (the selected choice of a list).
    case checkmark
    /// A circled "i".
    case detailButton
    /// A circled "i" and a chevron.
    case detailDisclosureButton

    /// The gap between a cell's trailing edge and its accessory (points).
    public static let trailingInset = 15.0
    /// The space between the detail button and the chevron (points).
    static let detailSpacing = 11.0

    /// The accessory's default color: UIKit's chevron gray #C4C4C7 for the
    /// disclosure indicator, the tint blue #007AFF for the others.
    public var defaultColor: Color {
        self == .disclosureIndicator
            ? Color(red8: 0xC4, green8: 0xC4, blue8: 0xC7)
            : Color(red8: 0x00, green8: 0x7A, blue8: 0xFF)
    }

    /// The width the accessory takes from the trailing inset on (points).
    public var width: Double {
        switch self {
        case .none: 0
        case .disclosureIndicator: AccessoryShapes.chevronSize.width
        case .checkmark: AccessoryShapes.checkmarkSize.width
        case .detailButton: AccessoryShapes.buttonDiameter
        case .detailDisclosureButton:
            AccessoryShapes.buttonDiameter + Self.detailSpacing + AccessoryShapes.chevronSize.width
        }
    }

    /// Draws the accessory in `rect` (a cell's bounds, points, the
    /// canvas's user space): its right side `trailingInset` from the
    /// rect's trailing edge, centred vertically, in `color` (nil: the
    /// default color). The chevron of `detailDisclosureButton` keeps the
    /// disclosure indicator's gray unless `chevronColor` is given.
    /// - Parameters:
    ///   - rect: the cell's bounds, points.
    ///   - canvas: where to draw.
    ///   - color: the accessory's color (nil: `defaultColor`).
    ///   - chevronColor: the color of `detailDisclosureButton`'s chevron
    ///     (nil: the disclosure indicator's default).
    ///   - isRightToLeft: draws at the left edge instead (the layout
    ///     mirrored: the chevron points left, the button sits right of
    ///     it; the checkmark and the button keep their shapes, as UIKit's).
    public func draw(
        in rect: Rect, on canvas: Canvas, color: Color? = nil, chevronColor: Color? = nil,
        isRightToLeft: Bool = false
    ) {
        let rect = rect.standardized
        guard self != .none, rect.isFinite, !rect.isEmpty else { return }
        let paint = Paint.solid(color ?? defaultColor)
        let right = rect.maxX - Self.trailingInset, middle = rect.midY
        /// The right side, in `rect`, of a shape `width` wide whose right
        /// side is at `x` in a left-to-right cell.
        func side(_ x: Double, _ width: Double) -> Double { isRightToLeft ? rect.minX + rect.maxX - x + width : x }
        switch self {
        case .none:
            return
        case .disclosureIndicator:
            AccessoryShapes.drawChevron(
                right: side(right, AccessoryShapes.chevronSize.width), middle: middle, pointsLeft: isRightToLeft,
                paint: paint, on: canvas)
        case .checkmark:
            AccessoryShapes.drawCheckmark(
                right: side(right, AccessoryShapes.checkmarkSize.width), middle: middle, paint: paint, on: canvas)
        case .detailButton:
            AccessoryShapes.drawDetailButton(
                right: side(right, AccessoryShapes.buttonDiameter), middle: middle, paint: paint, on: canvas)
        case .detailDisclosureButton:
            AccessoryShapes.drawChevron(
                right: side(right, AccessoryShapes.chevronSize.width), middle: middle, pointsLeft: isRightToLeft,
                paint: .solid(chevronColor ?? Self.disclosureIndicator.defaultColor), on: canvas)
            let buttonRight = right - AccessoryShapes.chevronSize.width - Self.detailSpacing
            AccessoryShapes.drawDetailButton(
                right: side(buttonRight, AccessoryShapes.buttonDiameter), middle: middle, paint: paint, on: canvas)
        }
    }
}

/// The accessories' shapes (points).
enum AccessoryShapes {
    /// The chevron's box and stroke width.
    static let chevronSize = Size(width: 8, height: 13)
    static let chevronLine = 2.0
    /// The checkmark's box and stroke width.
    static let checkmarkSize = Size(width: 14, height: 11)
    static let checkmarkLine = 2.0
    /// The detail button's circle and its outline's width.
    static let buttonDiameter = 22.0
    static let buttonLine = 1.0

    /// A chevron whose right tip is at (`right` − half a line, `middle`):
    /// two strokes with round caps and a round join, inside its box
    /// ending at `right`; `pointsLeft`: the same mirrored in its box (the
    /// tip half a line right of the box's left side).
    static func drawChevron(
        right: Double, middle: Double, pointsLeft: Bool = false, paint: Paint, on canvas: Canvas
    ) {
        let h = chevronSize.height / 2 - chevronLine / 2, w = chevronSize.width - chevronLine
        // The arms run from the tip towards the side the chevron opens to.
        let tip = pointsLeft ? right - chevronSize.width + chevronLine / 2 : right - chevronLine / 2
        let arms = pointsLeft ? tip + w : tip - w
        var path = Path()
        path.move(to: Point(x: arms, y: middle - h))
        path.addLine(to: Point(x: tip, y: middle))
        path.addLine(to: Point(x: arms, y: middle + h))
        canvas.stroke(path, with: paint, style: StrokeStyle(width: chevronLine, lineJoin: .round, lineCap: .round))
    }

    /// A checkmark in its box ending at `right`, centred on `middle`.
    static func drawCheckmark(right: Double, middle: Double, paint: Paint, on canvas: Canvas) {
        let half = checkmarkLine / 2
        let left = right - checkmarkSize.width + half, top = middle - checkmarkSize.height / 2 + half
        let bottom = middle + checkmarkSize.height / 2 - half
        var path = Path()
        path.move(to: Point(x: left, y: middle + 0.5))
        path.addLine(to: Point(x: left + 4.5, y: bottom))
        path.addLine(to: Point(x: right - half, y: top))
        canvas.stroke(path, with: paint, style: StrokeStyle(width: checkmarkLine, lineJoin: .round, lineCap: .round))
    }

    /// A circled "i" whose circle ends at `right`, centred on `middle`:
    /// the outline, a dot and a stem with round ends.
    static func drawDetailButton(right: Double, middle: Double, paint: Paint, on canvas: Canvas) {
        let r = buttonDiameter / 2
        let center = Point(x: right - r, y: middle)
        var circle = Path()
        circle.addEllipse(
            in: Rect(
                x: center.x - r + buttonLine / 2, y: middle - r + buttonLine / 2,
                width: buttonDiameter - buttonLine, height: buttonDiameter - buttonLine))
        canvas.stroke(circle, with: paint, style: StrokeStyle(width: buttonLine))
        var glyph = Path()
        glyph.addEllipse(in: Rect(x: center.x - 1.25, y: middle - 6.75, width: 2.5, height: 2.5))
        glyph.addRoundedRect(in: Rect(x: center.x - 1, y: middle - 2.5, width: 2, height: 8.5), cornerRadius: 1)
        canvas.fill(glyph, with: paint)
    }
}
