// HairlineTableSpec: a cell's content beyond its labels, from a spec: the
// leading "image" and the "accessoryImage" of a row (icons: a file name,
// its @2x/@3x variants found beside it, or an object with a size in
// points, a tint, a selected file and tint), the row's "indentationLevel",
// and the text style's label placement ("labelPosition": "center",
// {"center": dy}, {"top": inset} or {"bottom": inset}, in points).

import Hairline
import HairlineCells

extension SpecBuilder {
    /// The deepest indentation level a spec may give a row.
    static let maximumIndentationLevel = 1_000

    /// An ICON: a file name, or `{"file": name, "capInsets": [t, l, b, r],
    /// "scale": s, "size": [w, h], "tint": COLOR, "selected": IMAGE,
    /// "selectedTint": COLOR}` (sizes and insets in points). Only the
    /// variant for the build's scale is read.
    mutating func icon(_ field: SpecField) throws(TableSpecError) -> CellIcon {
        if field.isString { return CellIcon(images: try cellImages(field)) }
        let o = try field.object(
            allowed: SpecFormat.iconKeys, expected: "an image: a file name or an object with \"file\"")
        let file = try o.required("file")
        let images = try cellImage(
            file: file, capInsets: try o["capInsets"]?.insets(),
            explicitScale: try o["scale"].map(SpecBuilder.imageScale))
        var icon = CellIcon(images: images)
        if let f = o["selected"] { icon.selectedImages = try cellImages(f) }
        if let f = o["size"] {
            let wh = try f.tuple(2, expected: "[width, height] in points")
            icon.size = Size(width: try wh[0].length(), height: try wh[1].length())
        }
        if let f = o["tint"] { icon.tint = try f.optionalColor() }
        if let f = o["selectedTint"] { icon.selectedTint = try f.optionalColor() }
        return icon
    }

    /// A row's indentation level: a whole number in
    /// 0...`maximumIndentationLevel`.
    static func indentationLevel(_ field: SpecField) throws(TableSpecError) -> Int {
        try field.integer(
            in: 0...maximumIndentationLevel,
            expected: "an indentation level, a whole number in 0...\(maximumIndentationLevel)")
    }

    /// `"center"`, `"top"`, `"bottom"`, or an object with one of those
    /// keys and a number of points: the centre's offset (y down, any
    /// sign), or the inset from the top or bottom (at least 0).
    static func labelPosition(_ field: SpecField) throws(TableSpecError) -> LabelPosition {
        let expected =
            "a label position: \"center\", \"top\", \"bottom\", or {\"center\": dy}, {\"top\": inset} "
            + "or {\"bottom\": inset} in points"
        if field.isString {
            guard let name = try? field.string() else { throw field.mismatch(expected) }
            switch name {
            case "center": return .center(offset: 0)
            case "top": return .top(inset: 0)
            case "bottom": return .bottom(inset: 0)
            default: throw field.mismatch(expected)
            }
        }
        let o = try field.object(allowed: SpecFormat.labelPositionKeys, expected: expected)
        switch (o["center"], o["top"], o["bottom"]) {
        case (let center?, nil, nil):
            let limit = TableSpec.maximumLength
            return .center(
                offset: try center.number(
                    in: -limit...limit,
                    expected: "a number of points in -\(SpecField.format(limit))...\(SpecField.format(limit))"))
        case (nil, let top?, nil): return .top(inset: try top.length())
        case (nil, nil, let bottom?): return .bottom(inset: try bottom.length())
        default: throw field.mismatch(expected + ", with one key")
        }
    }
}
