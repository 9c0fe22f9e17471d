// HairlineCells: light and dark appearances. The dark one is iOS 13's dark
// mode for the styles iOS 13 draws (insetGrouped, fullWidthGrouped as its
// grouped, plain), with UIKit's dark system colors: grouped background
// #000000 under #1C1C1E cells (plain: #000000 cells, systemBackground),
// #38383A separators (opaqueSeparator), white labels, #EBEBF5 at 60 %
// secondary labels, #0A84FF tint, #3A3A3C selection. iOS 6's grouped
// layout had no dark mode: it keeps its light look.

import Hairline

/// The appearance of a table: UIKit's light or dark mode.
public enum TableAppearance: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The light look (the only one before iOS 13).
    case light
    /// iOS 13's dark mode, for `insetGrouped`, `fullWidthGrouped` and
    /// `plain`; `grouped` (iOS 6) keeps its light look.
    case dark

    /// A readable name, for messages ("light", "dark").
    public var description: String { self == .light ? "light" : "dark" }

    /// Whether `layout` has this appearance's own look (every layout is
    /// light; only the iOS 7+ layouts are dark).
    public func isAvailable(for layout: CellLayout) -> Bool { self == .light || layout != .grouped }
}

/// UIKit's dark-mode system colors (iOS 13).
public enum DarkPalette {
    /// `systemGroupedBackground` and `systemBackground`: #000000.
    public static let background = Color.black
    /// `secondarySystemGroupedBackground`: #1C1C1E (grouped cells, plain
    /// header bars).
    public static let groupedCell = Color(red8: 0x1C, green8: 0x1C, blue8: 0x1E)
    /// `opaqueSeparator`: #38383A (`separator` is #545458 at 65 %).
    public static let separator = Color(red8: 0x38, green8: 0x38, blue8: 0x3A)
    /// `label`: white.
    public static let label = Color.white
    /// `secondaryLabel`: #EBEBF5 at 60 %.
    public static let secondaryLabel = Color(red8: 0xEB, green8: 0xEB, blue8: 0xF5, alpha8: 0x99)
    /// `tertiaryLabel`: #EBEBF5 at 30 % (the disclosure chevron).
    public static let tertiaryLabel = Color(red8: 0xEB, green8: 0xEB, blue8: 0xF5, alpha8: 0x4C)
    /// `systemBlue`: #0A84FF.
    public static let blue = Color(red8: 0x0A, green8: 0x84, blue8: 0xFF)
    /// `systemGray4`: #3A3A3C (a selected cell).
    public static let selection = Color(red8: 0x3A, green8: 0x3A, blue8: 0x3C)
}

extension CellStyle {
    /// The standard style of `layout` in `appearance`: the light one is
    /// `CellStyle(layout:)`; the dark one has #1C1C1E cells (`plain`:
    /// #000000), a #3A3A3C selection and #38383A separators, and draws
    /// its accessories in the dark tints (`appearance`). `grouped` has no
    /// dark look: it is the light style.
    /// - Parameters:
    ///   - layout: the table look.
    ///   - appearance: light or dark.
    public init(layout: CellLayout, appearance: TableAppearance) {
        self.init(layout: layout)
        guard appearance == .dark, appearance.isAvailable(for: layout) else { return }
        self.appearance = .dark
        fill = .color(layout == .plain ? DarkPalette.background : DarkPalette.groupedCell)
        selectedFill = .color(DarkPalette.selection)
        separatorColor = DarkPalette.separator
    }
}

extension CellAccessory {
    /// The accessory's default color in `appearance`: `defaultColor` in
    /// light; in dark, `tertiaryLabel` for the chevron, #0A84FF for the
    /// others.
    public func defaultColor(in appearance: TableAppearance) -> Color {
        guard appearance == .dark else { return defaultColor }
        return self == .disclosureIndicator ? DarkPalette.tertiaryLabel : DarkPalette.blue
    }
}

extension CellTextStyle {
    /// The standard text of `layout` in `appearance`: `standard(for:)`, in
    /// dark with white labels, #EBEBF5 at 60 % details and #0A84FF value2
    /// titles (`grouped` has no dark look).
    public static func standard(for layout: CellLayout, appearance: TableAppearance) -> CellTextStyle? {
        guard var style = standard(for: layout) else { return nil }
        guard appearance == .dark, appearance.isAvailable(for: layout) else { return style }
        style.titleColor = DarkPalette.label
        style.detailColor = DarkPalette.secondaryLabel
        style.value2TitleColor = DarkPalette.blue
        return style
    }
}

extension SectionTitleStyle {
    /// `standardHeader(for:)` in `appearance`: dark headers in
    /// `secondaryLabel` (plain: white).
    public static func standardHeader(for layout: CellLayout, appearance: TableAppearance) -> SectionTitleStyle? {
        standardHeader(for: layout).map { $0.in(appearance, layout: layout) }
    }

    /// `standardFooter(for:)` in `appearance`, as the header.
    public static func standardFooter(for layout: CellLayout, appearance: TableAppearance) -> SectionTitleStyle? {
        standardFooter(for: layout).map { $0.in(appearance, layout: layout) }
    }

    /// The style recolored for `appearance`.
    private func `in`(_ appearance: TableAppearance, layout: CellLayout) -> SectionTitleStyle {
        guard appearance == .dark, appearance.isAvailable(for: layout) else { return self }
        var style = self
        style.color = layout == .plain ? DarkPalette.label : DarkPalette.secondaryLabel
        return style
    }
}

extension TableHeaderView {
    /// The header view look of `layout`'s iOS version, titled `title`:
    /// iOS 6 `grouped`, 20 pt bold #4C566C over a white 1 pt shadow,
    /// centred (`TableHeaderView(title:)`); iOS 7 `plain` and
    /// `fullWidthGrouped`, 17 pt bold centred in the label color, no
    /// shadow, 44 pt; iOS 13 `insetGrouped`, a 34 pt bold large title at
    /// the leading edge (20 pt in), 52 pt. Dark: white titles.
    /// - Parameters:
    ///   - title: the title.
    ///   - layout: the table look.
    ///   - appearance: light or dark.
    public static func standard(
        title: String, for layout: CellLayout, appearance: TableAppearance = .light
    ) -> TableHeaderView {
        let label = appearance == .dark && appearance.isAvailable(for: layout) ? DarkPalette.label : Color.black
        switch layout {
        case .grouped:
            return TableHeaderView(title: title)
        case .plain, .fullWidthGrouped:
            return TableHeaderView(title: title, height: 44, size: 17, color: label, shadow: nil)
        case .insetGrouped:
            var view = TableHeaderView(title: title, height: 52, size: 34, color: label, shadow: nil)
            view.alignment = .leading
            view.horizontalInset = 20
            return view
        }
    }
}

extension TableDescription {
    /// The table background and header bar color of `layout` in
    /// `appearance` (nil: the light defaults stay).
    static func darkLook(for layout: CellLayout) -> (background: CellFill, headerColor: Color?)? {
        switch layout {
        case .grouped: nil
        case .insetGrouped, .fullWidthGrouped: (.color(DarkPalette.background), nil)
        case .plain: (.color(DarkPalette.background), DarkPalette.groupedCell)
        }
    }
}
