// HairlineTableSpec: the text of a spec: section title styles and the
// cells' text style (each the layout's standard with the object's keys
// applied), shadows, the header view, and each row's labels. Fonts are
// "regular", "bold" (the bundled DejaVu Sans) or a TrueType file.

import Hairline
import HairlineCells
import HairlineText

extension SpecBuilder {
    /// The font `field` names (`SpecResources.font`); a font from a file
    /// is remembered with its field, to be named if its metrics make the
    /// table impossible to lay out.
    mutating func font(_ field: SpecField) throws(TableSpecError) -> Font {
        let font = try resources.font(field)
        if case .string(let name) = field.value.kind, name != "regular", name != "bold" {
            fontFields.append((field, font))
        }
        return font
    }

    /// A section title style: `base` (the layout's standard) with the
    /// object's keys applied.
    mutating func titleStyle(_ field: SpecField, base: SectionTitleStyle?) throws(TableSpecError) -> SectionTitleStyle {
        let o = try field.object(allowed: SpecFormat.titleStyleKeys, expected: "an object (a title style)")
        guard var style = base else { throw field.mismatch("a title style (the bundled fonts cannot be read)") }
        if let f = o["font"] { style.font = try font(f) }
        if let v = try o["size"]?.textSize() { style.size = v }
        if let v = try o["color"]?.color() { style.color = v }
        if let f = o["shadow"] { style.shadow = try SpecBuilder.shadow(f) }
        if let v = try o["isUppercased"]?.bool() { style.isUppercased = v }
        if let v = try o["alignment"]?.textAlignment() { style.alignment = v }
        if let v = try o["horizontalInset"]?.length() { style.horizontalInset = v }
        if let v = try o["topPadding"]?.length() { style.topPadding = v }
        if let v = try o["bottomPadding"]?.length() { style.bottomPadding = v }
        if let v = try o["lineBreakMode"]?.lineBreakMode() { style.lineBreakMode = v }
        if let v = try o["maximumLines"]?.integer(
            in: 0...TableSpec.maximumLineCount,
            expected: "a line count in 0...\(TableSpec.maximumLineCount) (0: no limit)")
        {
            style.maximumLines = v
        }
        return style
    }

    /// `{"offset": [dx, dy], "blur": b, "color": COLOR}` (offset and blur
    /// in points, blur 0 by default), or null for none.
    static func shadow(_ field: SpecField) throws(TableSpecError) -> TitleShadow? {
        if field.isNull { return nil }
        let o = try field.object(allowed: SpecFormat.shadowKeys, expected: "an object (a shadow) or null")
        return TitleShadow(
            offset: try o.required("offset").offset(), blur: try o["blur"]?.length() ?? 0,
            color: try o.required("color").color())
    }

    /// The cells' text style: `base` (the layout's standard) with the
    /// object's keys applied.
    mutating func textStyle(_ field: SpecField, base: CellTextStyle?) throws(TableSpecError) -> CellTextStyle {
        let o = try field.object(allowed: SpecFormat.textStyleKeys, expected: "an object (a text style)")
        guard var style = base else { throw field.mismatch("a text style (the bundled fonts cannot be read)") }
        if let f = o["font"] {
            style.font = try font(f)
            style.titleFont = nil
        }
        if let f = o["titleFont"] { style.titleFont = f.isNull ? nil : try font(f) }
        if let v = try o["titleSize"]?.textSize() { style.titleSize = v }
        if let v = try o["detailSize"]?.textSize() { style.detailSize = v }
        if let v = try o["subtitleSize"]?.textSize() { style.subtitleSize = v }
        if let v = try o["value2TitleSize"]?.textSize() { style.value2TitleSize = v }
        if let v = try o["value2DetailSize"]?.textSize() { style.value2DetailSize = v }
        if let v = try o["titleColor"]?.color() { style.titleColor = v }
        if let v = try o["detailColor"]?.color() { style.detailColor = v }
        if let v = try o["value2TitleColor"]?.color() { style.value2TitleColor = v }
        if let f = o["selectedColor"] { style.selectedColor = try f.optionalColor() }
        if let v = try o["leadingInset"]?.length() { style.leadingInset = v }
        if let v = try o["value2ColumnWidth"]?.length() { style.value2ColumnWidth = v }
        if let v = try o["trailingInset"]?.length() { style.trailingInset = v }
        if let f = o["labelPosition"] { style.labelPosition = try SpecBuilder.labelPosition(f) }
        if let v = try o["imageLeadingInset"]?.length() { style.imageLeadingInset = v }
        if let v = try o["imageSpacing"]?.length() { style.imageSpacing = v }
        if let v = try o["indentationWidth"]?.length() { style.indentationWidth = v }
        return style
    }

    /// The header view: `TableHeaderView(title:)` with the object's keys
    /// applied ("title" is required; "" for an image alone).
    mutating func headerView(_ field: SpecField) throws(TableSpecError) -> TableHeaderView {
        let o = try field.object(allowed: SpecFormat.headerViewKeys, expected: "an object (a header view)")
        var view = TableHeaderView(title: try o.required("title").string())
        if let v = try o["height"]?.length() { view.height = v }
        if let v = try o["size"]?.textSize() { view.size = v }
        if let v = try o["color"]?.color() { view.color = v }
        if let f = o["shadow"] { view.shadow = try SpecBuilder.shadow(f) }
        if let f = o["background"] { view.background = try fill(f) }
        if let f = o["font"] { view.font = try font(f) }
        if let v = try o["alignment"]?.textAlignment() { view.alignment = v }
        if let v = try o["horizontalInset"]?.length() { view.horizontalInset = v }
        if let v = try o["titleOffset"]?.offset() { view.titleOffset = v }
        if let f = o["image"] { view.image = f.isNull ? nil : try icon(f) }
        if let v = try o["imageSpacing"]?.length() { view.imageSpacing = v }
        return view
    }

    /// A section's row texts: at most `rowCount` entries, each a title
    /// string, `{"title", "detail", "layout", "image", "accessoryImage",
    /// "indentationLevel", "layoutDirection"}` or null (no text).
    mutating func texts(_ field: SpecField, rowCount: Int) throws(TableSpecError) -> [CellText?] {
        let items = try field.array(expected: "an array of row texts")
        guard items.count <= rowCount else {
            throw field.mismatch("at most one text per row (\(rowCount) row\(rowCount == 1 ? "" : "s"))")
        }
        var texts: [CellText?] = []
        texts.reserveCapacity(items.count)
        for item in items {
            if item.isNull {
                texts.append(nil)
            } else if item.isString {
                texts.append(CellText(try item.string()))
            } else {
                let o = try item.object(
                    allowed: SpecFormat.textKeys,
                    expected: "a row's text: a title string, an object with \"title\", or null")
                var text = CellText(
                    try o.required("title").string(), detail: try o["detail"]?.string(),
                    layout: try o["layout"]?.textLayout() ?? .default)
                if let f = o["image"] { text.image = f.isNull ? nil : try icon(f) }
                if let f = o["accessoryImage"] { text.accessoryImage = f.isNull ? nil : try icon(f) }
                if let f = o["indentationLevel"] { text.indentationLevel = try SpecBuilder.indentationLevel(f) }
                if let f = o["layoutDirection"] { text.layoutDirection = try f.layoutDirection() }
                texts.append(text)
            }
        }
        return texts
    }
}
