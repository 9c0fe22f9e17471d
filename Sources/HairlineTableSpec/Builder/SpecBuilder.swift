// HairlineTableSpec: a parsed spec -> a TableDescription at one scale.
// The root's style is read first (its layout sets the table's defaults, as
// `TableDescription.init(cellStyle:sections:width:scale:)` sets them), then
// every other key replaces its default; sections come with their counts
// checked before any row is made; the selection is checked against them;
// last, `layout()` says whether the table fits a surface. Styles, fills
// and text are in SpecBuilder+Style.swift and SpecBuilder+Text.swift.

import Hairline
import HairlineCells
import HairlineText

/// Builds the table a spec describes at `scale`.
struct SpecBuilder {
    /// Device pixels per point of the table built (picks image variants
    /// and the pinstripes' tile).
    let scale: Double
    /// The files read so far (shared with the next build).
    let resources: SpecResources
    /// The font fields that named files, with their fonts, in the order
    /// read.
    var fontFields: [(field: SpecField, font: Font)] = []
    /// The table's appearance (its "appearance"): styles made from a
    /// "layout" take it.
    var appearance = TableAppearance.light

    /// The root as an object of the table's keys.
    static func root(_ value: JSONValue) throws(TableSpecError) -> SpecObject {
        try SpecField(value: value, path: .root).object(
            allowed: SpecFormat.tableKeys,
            expected: "an object (the table)")
    }

    /// The spec's own scale: its "scale", or 1.
    static func scale(of root: SpecObject) throws(TableSpecError) -> Double {
        guard let field = root["scale"] else { return 1 }
        let range = TableDescription.scaleRange
        return try field.number(
            in: range,
            expected: "a scale in \(SpecField.format(range.lowerBound))...\(SpecField.format(range.upperBound)) "
                + "device pixels per point")
    }

    /// The table of `root` at this builder's scale.
    mutating func table(_ root: SpecObject) throws(TableSpecError) -> TableDescription {
        _ = try SpecBuilder.scale(of: root)
        if let f = root["appearance"] { appearance = try f.choice(["light": TableAppearance.light, "dark": .dark]) }
        let style = try cellStyle(try root.required("style"), base: nil)
        if let f = root["appearance"], !appearance.isAvailable(for: style.layout) {
            throw f.mismatch(
                "\"light\" for the \"\(style.layout)\" layout (iOS 6 had no dark appearance; "
                    + "\"insetGrouped\", \"fullWidthGrouped\" and \"plain\" have one)")
        }
        let width = try root["width"].map { (f) throws(TableSpecError) in try SpecBuilder.width(f) } ?? 375
        var table = TableDescription(cellStyle: style, sections: [], width: width, scale: scale)
        if let f = root["background"] { table.background = try fill(f) }
        if let f = root["horizontalInset"] { table.horizontalInset = try f.length() }
        if let f = root["defaultHeaderHeight"] { table.defaultHeaderHeight = try f.length() }
        if let f = root["defaultFooterHeight"] { table.defaultFooterHeight = try f.length() }
        if let f = root["headerColor"] { table.headerColor = try f.optionalColor() }
        if let f = root["headerTitleStyle"] {
            table.headerTitleStyle = try titleStyle(
                f, base: SectionTitleStyle.standardHeader(for: style.layout, appearance: appearance))
        }
        if let f = root["footerTitleStyle"] {
            table.footerTitleStyle = try titleStyle(
                f, base: SectionTitleStyle.standardFooter(for: style.layout, appearance: appearance))
        }
        if let f = root["textStyle"] {
            table.textStyle = try textStyle(f, base: CellTextStyle.standard(for: style.layout, appearance: appearance))
        }
        if let f = root["layoutDirection"] { table.layoutDirection = try f.layoutDirection() }
        if let f = root["headerView"] { table.headerView = try headerView(f) }
        if let f = root["footerView"] { table.footerView = try headerView(f) }
        let sectionsField = try root.required("sections")
        table.sections = try sections(sectionsField, tableStyle: style)
        if let f = root["selectedRows"] { table.selectedRows = try selection(f, sections: table.sections) }
        try SpecBuilder.checkLayout(of: table, root: root, sections: sectionsField, fonts: fontFields)
        return table
    }

    /// The table's width: more than 0 points, at most `maximumLength`.
    static func width(_ field: SpecField) throws(TableSpecError) -> Double {
        let width = try field.length()
        guard width > 0 else { throw field.mismatch("a positive number of points") }
        return width
    }

    // MARK: Sections

    /// The sections, their counts checked (sections, rows per section,
    /// rows in all) before any row is made.
    mutating func sections(_ field: SpecField, tableStyle: CellStyle) throws(TableSpecError) -> [TableSection] {
        let items = try field.array(expected: "an array of sections", maximumCount: TableSpec.maximumSectionCount)
        guard !items.isEmpty else { throw field.mismatch("an array of at least one section") }
        var objects: [SpecObject] = []
        var total = 0
        for item in items {
            let object = try item.object(allowed: SpecFormat.sectionKeys, expected: "an object (a section)")
            let count = try SpecBuilder.rowCount(of: object)
            total += count.rows
            guard total <= TableSpec.maximumRowCount else {
                throw count.field.mismatch(
                    "at most \(TableSpec.maximumRowCount) rows in the whole table "
                        + "(this section brings it to \(total))")
            }
            objects.append(object)
        }
        var sections: [TableSection] = []
        sections.reserveCapacity(objects.count)
        for object in objects { sections.append(try section(object, tableStyle: tableStyle)) }
        return sections
    }

    /// A section's row count and the field that sets it ("rows" or
    /// "rowHeights"), checked against `maximumRowsPerSection`.
    static func rowCount(of section: SpecObject) throws(TableSpecError) -> (rows: Int, field: SpecField) {
        let limit = TableSpec.maximumRowsPerSection
        switch (section["rows"], section["rowHeights"]) {
        case (let rows?, nil):
            return (try rows.integer(in: 0...limit, expected: "a row count, a whole number in 0...\(limit)"), rows)
        case (nil, let heights?):
            return (
                try heights.array(expected: "an array of row heights in points", maximumCount: limit).count, heights
            )
        case (_?, let heights?):
            throw heights.mismatch("either \"rows\" (with \"rowHeight\") or \"rowHeights\" in a section, not both")
        case (nil, nil):
            throw .missingKey(path: section.field.path.description, key: "rows", at: section.field.value.location)
        }
    }

    mutating func section(_ object: SpecObject, tableStyle: CellStyle) throws(TableSpecError) -> TableSection {
        var section: TableSection
        if let heights = object["rowHeights"] {
            if let rowHeight = object["rowHeight"] {
                throw rowHeight.mismatch("no \"rowHeight\" beside \"rowHeights\" (each row has its height there)")
            }
            var values: [Double] = []
            for item in try heights.array() { values.append(try item.length()) }
            section = TableSection(rowHeights: values)
        } else {
            let rows = try SpecBuilder.rowCount(of: object).rows
            let height = try object["rowHeight"].map { (f) throws(TableSpecError) in try f.length() }
            section = TableSection(rows: rows, rowHeight: height ?? TableSection.defaultRowHeight)
        }
        if let f = object["headerHeight"] { section.headerHeight = try f.length() }
        if let f = object["footerHeight"] { section.footerHeight = try f.length() }
        if let f = object["headerTitle"] { section.headerTitle = try f.string() }
        if let f = object["footerTitle"] { section.footerTitle = try f.string() }
        if let f = object["style"] { section.style = try cellStyle(f, base: tableStyle) }
        if let f = object["horizontalInset"] { section.horizontalInset = try f.length() }
        if let f = object["texts"] { section.texts = try texts(f, rowCount: section.rowCount) }
        let layout = section.style?.layout ?? tableStyle.layout
        if let f = object["headerTitleStyle"] {
            section.headerTitleStyle = try titleStyle(
                f, base: SectionTitleStyle.standardHeader(for: layout, appearance: appearance))
        }
        if let f = object["footerTitleStyle"] {
            section.footerTitleStyle = try titleStyle(
                f, base: SectionTitleStyle.standardFooter(for: layout, appearance: appearance))
        }
        if let f = object["headerBar"] { section.headerBar = try SpecBuilder.bar(f) }
        if let f = object["footerBar"] { section.footerBar = try SpecBuilder.bar(f) }
        if let f = object["headerView"] { section.headerView = f.isNull ? nil : try headerView(f) }
        return section
    }

    /// A section bar: `"automatic"`, `"none"`, or a color.
    static func bar(_ field: SpecField) throws(TableSpecError) -> SectionBar {
        if field.isString, let name = try? field.string() {
            if name == "automatic" { return .automatic }
            if name == "none" { return .hidden }
        }
        guard let color = try? field.color() else {
            throw field.mismatch("a section bar: \"automatic\", \"none\" or a color")
        }
        return .color(color)
    }

    // MARK: Selection

    /// `[[section, row], ...]`, each naming a row of `sections`.
    func selection(_ field: SpecField, sections: [TableSection]) throws(TableSpecError) -> Set<CellIndexPath> {
        var selected = Set<CellIndexPath>()
        for item in try field.array(expected: "an array of [section, row] pairs") {
            let pair = try item.tuple(2, expected: "[section, row], two whole numbers")
            let s = try pair[0].integer(in: 0...Int(Int32.max), expected: "a section index, a whole number from 0")
            let r = try pair[1].integer(in: 0...Int(Int32.max), expected: "a row index, a whole number from 0")
            guard s < sections.count else {
                throw pair[0].mismatch("a section of the table, 0...\(sections.count - 1)")
            }
            guard r < sections[s].rowCount else {
                let rows = sections[s].rowCount
                throw pair[1].mismatch(
                    rows == 0
                        ? "a row of section \(s), which has none"
                        : "a row of section \(s), 0...\(rows - 1)")
            }
            selected.insert(CellIndexPath(row: r, section: s))
        }
        return selected
    }

    // MARK: Layout

    /// Lays the table out (allocating no pixels) and turns a refusal into
    /// an error at the value responsible: the width, the sections (height
    /// or area) or the scale.
    static func checkLayout(
        of table: TableDescription, root: SpecObject, sections: SpecField,
        fonts: [(field: SpecField, font: Font)] = []
    ) throws(TableSpecError) {
        do {
            _ = try table.layout()
        } catch {
            // A font from a file whose metrics are the cause (the table
            // lays out with the bundled font in its place) is named.
            if let (field, font) = fonts.first, let bundled = try? Font(.dejaVuSans) {
                var probe = table
                probe.textStyle?.font = bundled
                if probe.textStyle?.titleFont != nil { probe.textStyle?.titleFont = bundled }
                probe.headerTitleStyle?.font = bundled
                probe.footerTitleStyle?.font = bundled
                if probe.headerView?.font != nil { probe.headerView?.font = bundled }
                if probe.footerView?.font != nil { probe.footerView?.font = bundled }
                for i in probe.sections.indices {
                    probe.sections[i].headerTitleStyle?.font = bundled
                    probe.sections[i].footerTitleStyle?.font = bundled
                    if probe.sections[i].headerView?.font != nil { probe.sections[i].headerView?.font = bundled }
                }
                if (try? probe.layout()) != nil {
                    let m = font.metrics
                    throw TableSpecError.invalidValue(
                        path: field.path.description,
                        expected: "a font whose metrics let the table be laid out",
                        found:
                            "\(field.value.summary) (ascent \(m.ascent), descent \(m.descent), line gap \(m.lineGap) "
                            + "in \(m.unitsPerEm) units per em): \(error)",
                        at: field.value.location)
                }
            }
            switch error {
            case .tooLarge(let width, let height):
                let isWidth = (table.width * table.scale).rounded() > Double(Surface.maximumDimension)
                let field = isWidth ? root["width"] ?? root.field : sections
                throw TableSpecError.invalidValue(
                    path: field.path.description,
                    expected: "a table a surface can hold (at most \(Surface.maximumDimension) device pixels a side "
                        + "and \(Surface.maximumPixelCount) in all)",
                    found: "\(width) x \(height) device pixels at scale \(SpecField.format(table.scale))",
                    at: field.value.location)
            default:
                // Every length and count was checked as it was read; what
                // is left is reported where the table starts.
                throw root.field.mismatch("a table that can be laid out (\(error))")
            }
        }
    }
}
