// HairlineTableSpec: the keys of every object of the format, in one place
// (the reader refuses any other key and lists these in its message; the
// tests check that the format's documentation names each of them). Names
// follow the Swift API's: `cellStyle`'s fields in "style", `TableSection`'s
// in a section, and so on. The documentation is
// HairlineTableSpec.docc/TableSpecFormat.md and Examples/tables/README.md.

/// The keys of each object in a table spec.
enum SpecFormat {
    /// The root object: a `TableDescription`.
    static let tableKeys = [
        "width", "scale", "style", "background", "horizontalInset", "defaultHeaderHeight", "defaultFooterHeight",
        "headerColor", "headerTitleStyle", "footerTitleStyle", "textStyle", "headerView", "footerView", "sections",
        "selectedRows", "appearance", "layoutDirection",
    ]
    /// A section: a `TableSection`.
    static let sectionKeys = [
        "rows", "rowHeight", "rowHeights", "headerHeight", "footerHeight", "headerTitle", "footerTitle", "style",
        "horizontalInset", "texts", "headerTitleStyle", "footerTitleStyle", "headerBar", "footerBar", "headerView",
    ]
    /// A cell style: a `CellStyle`.
    static let styleKeys = [
        "layout", "fill", "selectedFill", "alternateFill", "alternation", "separatorColor", "separatorInset",
        "separatorTrailingInset", "borderWidth", "cornerRadius", "cornerCurve", "hidesSeparatorsNextToSelection",
        "cellGap", "accessory", "accessoryColor", "selectedAccessoryColor", "imageSet", "etchedLineColor",
        "etchedLineWidth",
    ]
    /// A border width: a `BorderWidth` (one key).
    static let borderWidthKeys = ["devicePixels", "points"]
    /// The fill objects by kind: each has its kind's key and these.
    static let fillKeys: KeyValuePairs<String, [String]> = [
        "color": ["color"],
        "verticalGradient": ["verticalGradient"],
        "linearGradient": ["linearGradient"],
        "pattern": ["pattern", "scale", "sampling"],
        "image": ["image", "capInsets", "scale"],
    ]
    /// A linear gradient's object.
    static let linearGradientKeys = ["stops", "start", "end", "extend"]
    /// An image set: a `CellImageSet`.
    static let imageSetKeys = ["single", "top", "middle", "bottom", "selected"]
    /// The selected images of an image set.
    static let selectedImagesKeys = ["single", "top", "middle", "bottom"]
    /// One image of a set: a `CellImage` in scale variants.
    static let imageKeys = ["file", "capInsets", "scale"]
    /// A section title style: a `SectionTitleStyle`.
    static let titleStyleKeys = [
        "font", "size", "color", "shadow", "isUppercased", "alignment", "horizontalInset", "topPadding",
        "bottomPadding", "lineBreakMode", "maximumLines",
    ]
    /// A title shadow: a `TitleShadow`.
    static let shadowKeys = ["offset", "blur", "color"]
    /// The cells' text style: a `CellTextStyle`.
    static let textStyleKeys = [
        "font", "titleFont", "titleSize", "detailSize", "subtitleSize", "value2TitleSize", "value2DetailSize",
        "titleColor",
        "detailColor", "value2TitleColor", "selectedColor", "leadingInset", "value2ColumnWidth", "trailingInset",
        "labelPosition", "imageLeadingInset", "imageSpacing", "indentationWidth",
    ]
    /// The header view: a `TableHeaderView`.
    static let headerViewKeys = [
        "title", "height", "size", "color", "shadow", "background", "font", "alignment", "horizontalInset",
        "titleOffset", "image", "imageSpacing",
    ]
    /// A row's text: a `CellText`.
    static let textKeys = [
        "title", "detail", "layout", "image", "accessoryImage", "indentationLevel", "layoutDirection",
    ]
    /// A cell's image or image accessory: a `CellIcon`.
    static let iconKeys = ["file", "capInsets", "scale", "size", "tint", "selected", "selectedTint"]
    /// A label position: a `LabelPosition` (one key).
    static let labelPositionKeys = ["center", "top", "bottom"]

    /// Every key of the format, once each.
    static var allKeys: Set<String> {
        var keys = Set(tableKeys + sectionKeys + styleKeys + borderWidthKeys + linearGradientKeys + imageSetKeys)
        keys.formUnion(imageKeys + titleStyleKeys + shadowKeys + textStyleKeys + headerViewKeys + textKeys)
        keys.formUnion(iconKeys + labelPositionKeys)
        for (_, kind) in fillKeys { keys.formUnion(kind) }
        return keys
    }
}
