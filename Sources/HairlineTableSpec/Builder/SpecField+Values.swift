// HairlineTableSpec: the format's small values read from fields: colors
// (CSS colors: "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA", names, rgb(),
// hsl(); or "clear"), unit points [x, y], edge insets [top, left, bottom, right] in
// points, and the names of the kit's enums (layouts, alignments, line
// break modes, accessories, text layouts).

import Hairline
import HairlineCells
import HairlineText

extension SpecField {
    /// What a color is, for messages.
    static let colorExpectation =
        "a color (\"#RGB\", \"#RGBA\", \"#RRGGBB\", \"#RRGGBBAA\", a CSS name such as \"teal\", rgb(…), hsl(…), \"transparent\" or \"clear\")"

    /// A color, read as CSS reads it, by the package's one color parser
    /// (`Color(css:)`, the SVG reader's too): `#RGB`, `#RGBA`, `#RRGGBB`,
    /// `#RRGGBBAA` (hexadecimal sRGB, straight alpha), the CSS named
    /// colors, `rgb()`/`rgba()`, `hsl()`/`hsla()`, `transparent`; and
    /// `clear` (transparent, UIKit's name).
    func color() throws(TableSpecError) -> Color {
        guard case .string(let text) = value.kind else { throw mismatch(SpecField.colorExpectation) }
        if text == "clear" { return .clear }
        guard let color = Color(css: text) else { throw mismatch(SpecField.colorExpectation) }
        return color
    }

    /// A color, or nil for `null`.
    func optionalColor() throws(TableSpecError) -> Color? {
        isNull ? nil : try color()
    }

    /// `[x, y]` in unit coordinates of a cell (finite; 0...1 spans it).
    func unitPoint() throws(TableSpecError) -> UnitPoint {
        let xy = try tuple(2, expected: "[x, y] in unit coordinates of the cell")
        return UnitPoint(x: try xy[0].finiteNumber(), y: try xy[1].finiteNumber())
    }

    /// `[dx, dy]` in points (finite, any sign, at most `maximumLength`
    /// in size).
    func offset() throws(TableSpecError) -> Size {
        let xy = try tuple(2, expected: "[dx, dy] in points")
        let limit = TableSpec.maximumLength
        let expected = "a number of points in -\(SpecField.format(limit))...\(SpecField.format(limit))"
        return Size(
            width: try xy[0].number(in: -limit...limit, expected: expected),
            height: try xy[1].number(in: -limit...limit, expected: expected))
    }

    /// `[top, left, bottom, right]` in points, each at least 0.
    func insets() throws(TableSpecError) -> EdgeInsets {
        let v = try tuple(4, expected: "[top, left, bottom, right] in points")
        return EdgeInsets(
            top: try v[0].length(), left: try v[1].length(), bottom: try v[2].length(),
            right: try v[3].length())
    }

    /// A table layout by its Swift name.
    func layout() throws(TableSpecError) -> CellLayout {
        try choice([
            "grouped": .grouped, "insetGrouped": .insetGrouped, "plain": .plain,
            "fullWidthGrouped": .fullWidthGrouped,
        ])
    }

    func textAlignment() throws(TableSpecError) -> TextAlignment {
        try choice(["leading": .leading, "center": .center, "trailing": .trailing])
    }

    func lineBreakMode() throws(TableSpecError) -> LineBreakMode {
        try choice([
            "wordWrapping": .wordWrapping, "characterWrapping": .characterWrapping, "clipping": .clipping,
            "truncatingHead": .truncatingHead, "truncatingTail": .truncatingTail,
            "truncatingMiddle": .truncatingMiddle,
        ])
    }

    func accessory() throws(TableSpecError) -> CellAccessory {
        try choice([
            "none": .none, "disclosureIndicator": .disclosureIndicator, "checkmark": .checkmark,
            "detailButton": .detailButton, "detailDisclosureButton": .detailDisclosureButton,
        ])
    }

    func textLayout() throws(TableSpecError) -> CellText.Layout {
        try choice(["default": .default, "subtitle": .subtitle, "value1": .value1, "value2": .value2])
    }

    /// `"auto"`, `"leftToRight"` or `"rightToLeft"`: a cell's or a
    /// table's layout direction.
    func layoutDirection() throws(TableSpecError) -> CellLayoutDirection {
        try choice(["auto": .auto, "leftToRight": .leftToRight, "rightToLeft": .rightToLeft])
    }

    /// A text size in points, 0...`TableSpec.maximumTextSize`.
    func textSize() throws(TableSpecError) -> Double {
        try length(maximum: TableSpec.maximumTextSize)
    }
}
