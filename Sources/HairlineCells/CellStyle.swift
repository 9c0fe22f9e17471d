// HairlineCells: the background styles of table cells, as values. A style
// says how a cell looks (layout, fills, separators, corners); drawing it is
// in CellStyle+Drawing.swift. Conventions follow UIKit's table views (see
// GEOMETRY.md, "Table-view conventions").

import Hairline

/// The look of a table's cell backgrounds: a value you configure once and
/// draw into any rect at any scale with
/// `draw(_:in:on:isSelected:isNextSelected:)`.
///
/// Lengths are in points; "one device pixel" lines are `1 / scale` points
/// thick at the canvas's scale.
public struct CellStyle: Hashable, Sendable {
    /// Which of the three table looks.
    public var layout: CellLayout
    /// The background of a cell in its normal state.
    public var fill: CellFill
    /// The background of a selected cell (UIKit's
    /// `selectedBackgroundView`); selection wins over alternation.
    public var selectedFill: CellFill
    /// When set, the fill of alternate rows (by default the odd rows
    /// counted from 0 within each section, see `alternation`); `fill` is
    /// then the color of the others.
    public var alternateFill: CellFill?
    /// Which rows take `alternateFill`: the odd ones (1, 3, 5 …, as
    /// `NSTableView` alternates; the default) or the even ones (0, 2, 4 …).
    public var alternation: RowParity = .odd
    /// The color of borders (`grouped`) and separators (all layouts).
    public var separatorColor: Color
    /// How far separators start from the cell's leading edge, in points
    /// (`plain` and `insetGrouped`; a `grouped` cell's separator is its
    /// border and spans the cell). Clamped to the cell's width.
    public var separatorInset: Double
    /// The radius of rounded corners in points (`grouped` and
    /// `insetGrouped`), clamped as CSS does when a cell is too small for it.
    public var cornerRadius: Double
    /// The shape of rounded corners: circular arcs or continuous corners.
    public var cornerCurve: CornerCurve
    /// Whether a selected cell hides the separators along its edges, as
    /// UIKit does since iOS 7: its own bottom separator and the one the
    /// cell above it in its section draws (`plain` and `insetGrouped`; a
    /// `grouped` cell's border is part of the group's outline and stays).
    /// On by default.
    public var hidesSeparatorsNextToSelection: Bool
    /// How far separators stop short of the cell's trailing edge, in
    /// points (0 by default). Clamped with the leading inset to the width.
    public var separatorTrailingInset = 0.0
    /// The width of the `grouped` border and of every separator: one
    /// device pixel by default (`.devicePixels(2)` for the iOS 6 retina
    /// look, `.points(1)` for a verbatim 1 pt stroke).
    public var borderWidth: BorderWidth = .hairline
    /// Space left empty under each cell, in points, inside its row: the
    /// table's background shows through (the seeds' 1 pt gap under rounded
    /// cells). 0 by default.
    public var cellGap = 0.0
    /// When set, each cell draws its position's image from the set (normal
    /// or selected) over its whole rect instead of `fill` / `selectedFill`
    /// and the `grouped` border; separators are drawn as the layout says.
    public var imageSet: CellImageSet? = nil
    /// The control drawn at each cell's trailing edge (none by default).
    public var accessory: CellAccessory = .none
    /// The accessory's color; nil for its UIKit default
    /// (`CellAccessory.defaultColor`).
    public var accessoryColor: Color? = nil
    /// The accessory's color in a selected cell; nil keeps the normal
    /// color. `grouped` styles start with white, as iOS 6 drew accessories
    /// on its blue selection; the others with nil.
    public var selectedAccessoryColor: Color? = nil
    /// Light or dark: sets the accessories' default colors (the dark
    /// tints); `CellStyle(layout:appearance:)` sets the dark fills and
    /// separators with it.
    public var appearance: TableAppearance = .light
    /// The etched line under a section's last cell (iOS 6 grouped: a
    /// white line at 90 % along its bottom border, `etchedLineWidth`
    /// thick below it, following its corners, drawn on the table's
    /// background); nil for none. `grouped` styles start with it, the
    /// others without. The color is not measured from UIKit, which drew
    /// it from images.
    public var etchedLineColor: Color? = nil
    /// The etched line's thickness below the border: 1 pt by default (as
    /// iOS 6's white shadow line), whole device pixels at 1x-3x.
    public var etchedLineWidth: BorderWidth = .points(1)

    /// Creates a style; every parameter has the layout's UIKit-like default.
    /// - Parameters:
    ///   - layout: grouped, inset grouped or plain.
    ///   - fill: the normal background (white by default).
    ///   - selectedFill: the selected background (the layout's UIKit default).
    ///   - alternateFill: the fill of alternate rows (none by default).
    ///   - separatorColor: borders and separators (the layout's default).
    ///   - separatorInset: the separators' leading inset, in points (the layout's default).
    ///   - cornerRadius: in points (10 by default).
    ///   - cornerCurve: circular (default) or continuous.
    ///   - hidesSeparatorsNextToSelection: whether selection hides separators.
    public init(
        layout: CellLayout, fill: CellFill? = nil, selectedFill: CellFill? = nil,
        alternateFill: CellFill? = nil, separatorColor: Color? = nil,
        separatorInset: Double? = nil, cornerRadius: Double = CellStyle.defaultCornerRadius,
        cornerCurve: CornerCurve = .circular, hidesSeparatorsNextToSelection: Bool = true
    ) {
        self.layout = layout
        self.fill = fill ?? .color(.white)
        self.selectedFill = selectedFill ?? CellStyle.defaultSelectedFill(for: layout)
        etchedLineColor = layout == .grouped ? CellStyle.iOS6EtchedLineColor : nil
        self.alternateFill = alternateFill
        self.separatorColor = separatorColor ?? CellStyle.defaultSeparatorColor(for: layout)
        self.separatorInset = separatorInset ?? CellStyle.defaultSeparatorInset(for: layout)
        self.cornerRadius = cornerRadius
        self.cornerCurve = cornerCurve
        self.hidesSeparatorsNextToSelection = hidesSeparatorsNextToSelection
        selectedAccessoryColor = layout == .grouped ? .white : nil
    }

    /// The iOS 6 grouped style: white cells, 10 pt corners, a hairline
    /// #ABABAB border.
    public static let grouped = CellStyle(layout: .grouped)
    /// The iOS 13 inset grouped style: white cells, 10 pt section corners,
    /// separators inset 16 pt.
    public static let insetGrouped = CellStyle(layout: .insetGrouped)
    /// The iOS 7 plain style: white full-width cells, separators inset 15 pt.
    public static let plain = CellStyle(layout: .plain)

    /// iOS 6's etched line under grouped sections: white at 90 %.
    public static let iOS6EtchedLineColor = Color(red: 1, green: 1, blue: 1, alpha: 0.9)

    /// The separator color of a layout: the iOS 6 grouped border gray,
    /// #ABABAB, for `grouped`; #C8C7CC, UIKit's separator color since iOS 7,
    /// for the others.
    public static func defaultSeparatorColor(for layout: CellLayout) -> Color {
        layout == .grouped ? Color(red8: 0xAB, green8: 0xAB, blue8: 0xAB) : Color(red8: 0xC8, green8: 0xC7, blue8: 0xCC)
    }
    /// The iOS 7 grouped style: white full-width cells, full-width lines
    /// at the sections' top and bottom, separators inset 15 pt between.
    public static let fullWidthGrouped = CellStyle(layout: .fullWidthGrouped)
    /// The corner radius of grouped cells, in points.
    public static let defaultCornerRadius = 10.0

    /// The leading separator inset of a layout, in points: 15 for `plain`
    /// and `fullWidthGrouped` (iOS 7), 16 for `insetGrouped` (the phone
    /// layout margin), 0 for `grouped` (whose separators span the cell).
    public static func defaultSeparatorInset(for layout: CellLayout) -> Double {
        switch layout {
        case .grouped: 0
        case .insetGrouped: 16
        case .plain, .fullWidthGrouped: 15
        }
    }

    /// The selected-state background of a layout: the iOS 6 blue gradient
    /// for `grouped`, UIKit's gray for the others (#D9D9D9 plain, #D1D1D6
    /// inset grouped).
    public static func defaultSelectedFill(for layout: CellLayout) -> CellFill {
        switch layout {
        case .grouped:
            .verticalGradient(
                Color(red8: 0x05, green8: 0x8C, blue8: 0xF5), Color(red8: 0x01, green8: 0x5E, blue8: 0xE6))
        case .insetGrouped:
            .color(Color(red8: 0xD1, green8: 0xD1, blue8: 0xD6))
        case .plain, .fullWidthGrouped:
            .color(Color(red8: 0xD9, green8: 0xD9, blue8: 0xD9))
        }
    }

    /// The fill a cell at `placement` draws: the selected fill if
    /// `isSelected`, else the alternate fill on alternate rows when one is
    /// set, else `fill`.
    /// - Parameters:
    ///   - placement: the cell's row and section.
    ///   - isSelected: whether the cell is selected.
    public func fill(for placement: CellPlacement, isSelected: Bool) -> CellFill {
        if isSelected { return selectedFill }
        if let alternateFill, isAlternate(placement.row) { return alternateFill }
        return fill
    }

    /// Whether row `row` (from 0 in its section) takes `alternateFill`.
    /// - Parameter row: the row, from 0.
    public func isAlternate(_ row: Int) -> Bool {
        switch alternation {
        case .odd: row % 2 != 0
        case .even: row % 2 == 0
        }
    }

    /// The corners of a cell at `position` that round: all of a single
    /// cell, the top ones of a top cell, the bottom ones of a bottom cell,
    /// none of a middle cell or of any `plain` or `fullWidthGrouped` cell.
    /// - Parameter position: the cell's position in its section.
    public func roundedCorners(at position: CellPosition) -> RectCorner {
        guard layout == .grouped || layout == .insetGrouped else { return [] }
        switch position {
        case .single: return .all
        case .top: return .top
        case .middle: return []
        case .bottom: return .bottom
        }
    }
}

/// Which rows of a section alternate.
public enum RowParity: Hashable, Sendable, CaseIterable {
    /// Rows 1, 3, 5 … (counted from 0).
    case odd
    /// Rows 0, 2, 4 ….
    case even
}
