// HairlineTableSpec: cell styles, fills and image sets from a spec. A
// style with "layout" starts from `CellStyle(layout:)`; a section's style
// without one starts from the table's; each key then replaces one field.
// Image files become fills at the variant that suits the build's scale
// (UIKit's rule: the smallest at least the scale, else the largest), and
// so do image sets (only the variant drawn is decoded: a table built at
// another scale, `TableSpec.table(scale:)`, holds that scale's); cap
// insets are written in points and stored in each variant's pixels.

import Hairline
import HairlineCells

extension SpecBuilder {
    /// A cell style: `base` (or `CellStyle(layout:)` when the object has
    /// "layout") with the object's keys applied.
    /// - Throws: `.missingKey` for "layout" when there is no base.
    mutating func cellStyle(_ field: SpecField, base: CellStyle?) throws(TableSpecError) -> CellStyle {
        let o = try field.object(allowed: SpecFormat.styleKeys, expected: "an object (a cell style)")
        var style: CellStyle
        if let layout = try o["layout"]?.layout() {
            style = CellStyle(layout: layout, appearance: appearance)
        } else if let base {
            style = base
        } else {
            throw .missingKey(path: field.path.description, key: "layout", at: field.value.location)
        }
        if let f = o["fill"] { style.fill = try fill(f) }
        if let f = o["selectedFill"] { style.selectedFill = try fill(f) }
        if let f = o["alternateFill"] { style.alternateFill = f.isNull ? nil : try fill(f) }
        if let v = try o["alternation"]?.choice(["odd": RowParity.odd, "even": .even]) { style.alternation = v }
        if let v = try o["separatorColor"]?.color() { style.separatorColor = v }
        if let v = try o["separatorInset"]?.length() { style.separatorInset = v }
        if let v = try o["separatorTrailingInset"]?.length() { style.separatorTrailingInset = v }
        if let f = o["borderWidth"] { style.borderWidth = try SpecBuilder.borderWidth(f) }
        if let v = try o["cornerRadius"]?.length() { style.cornerRadius = v }
        if let v = try o["cornerCurve"]?.choice(["circular": CornerCurve.circular, "continuous": .continuous]) {
            style.cornerCurve = v
        }
        if let v = try o["hidesSeparatorsNextToSelection"]?.bool() { style.hidesSeparatorsNextToSelection = v }
        if let v = try o["cellGap"]?.length() { style.cellGap = v }
        if let v = try o["accessory"]?.accessory() { style.accessory = v }
        if let f = o["accessoryColor"] { style.accessoryColor = try f.optionalColor() }
        if let f = o["selectedAccessoryColor"] { style.selectedAccessoryColor = try f.optionalColor() }
        if let f = o["imageSet"] { style.imageSet = f.isNull ? nil : try imageSet(f) }
        if let f = o["etchedLineColor"] { style.etchedLineColor = try f.optionalColor() }
        if let f = o["etchedLineWidth"] { style.etchedLineWidth = try SpecBuilder.borderWidth(f) }
        return style
    }

    /// The widest border in device pixels a spec may ask for.
    static let maximumBorderPixels = 100

    /// "hairline", `{"devicePixels": n}` or `{"points": w}`.
    static func borderWidth(_ field: SpecField) throws(TableSpecError) -> BorderWidth {
        let expected = "\"hairline\", {\"devicePixels\": n} or {\"points\": w}"
        if field.isString {
            guard try field.string() == "hairline" else { throw field.mismatch(expected) }
            return .hairline
        }
        let o = try field.object(allowed: SpecFormat.borderWidthKeys, expected: expected)
        switch (o["devicePixels"], o["points"]) {
        case (let pixels?, nil):
            return .devicePixels(
                try pixels.integer(
                    in: 0...maximumBorderPixels,
                    expected: "a whole number of device pixels in 0...\(maximumBorderPixels)"))
        case (nil, let points?):
            return .points(try points.length())
        default:
            throw field.mismatch(expected)
        }
    }

    // MARK: Fills

    /// A fill: a color string, or an object with exactly one of "color",
    /// "verticalGradient", "linearGradient", "pattern", "image".
    mutating func fill(_ field: SpecField) throws(TableSpecError) -> CellFill {
        if field.isString { return .color(try field.color()) }
        let kindNames = SpecFormat.fillKeys.map { JSONValue.quoted($0.key) }.joined(separator: ", ")
        let expected = "a fill: a color, or an object with one of \(kindNames)"
        guard case .object(let members) = field.value.kind else { throw field.mismatch(expected) }
        let kinds = SpecFormat.fillKeys.filter { kind in members.contains { $0.key == kind.key } }
        guard kinds.count == 1, let kind = kinds.first else {
            throw field.mismatch(kinds.isEmpty ? expected : "a fill with only one of \(kindNames)")
        }
        let o = try field.object(allowed: kind.value)
        let value = try o.required(kind.key)
        switch kind.key {
        case "color":
            return .color(try value.color())
        case "verticalGradient":
            let pair = try value.tuple(2, expected: "[top color, bottom color]")
            return .verticalGradient(try pair[0].color(), try pair[1].color())
        case "linearGradient":
            return try SpecBuilder.linearGradient(value)
        case "pattern":
            let (image, imageScale) = try fillImage(value, scale: o["scale"])
            let sampling = try o["sampling"]?.choice(["nearest": ImageSampling.nearest, "bilinear": .bilinear])
            return .pattern(image, imageScale: imageScale, sampling: sampling ?? .nearest)
        default:
            let (image, imageScale) = try fillImage(value, scale: o["scale"])
            let insets = try o["capInsets"]?.insets() ?? EdgeInsets(all: 0)
            return .stretchableImage(
                image, capInsets: SpecBuilder.scaled(insets, by: imageScale), imageScale: imageScale)
        }
    }

    /// `{"stops": [[location, color], ...], "start": [x, y], "end": [x, y],
    /// "extend": "pad"|"repeat"|"reflect"}`; start and end default to the
    /// cell's top and bottom middles, extend to pad.
    static func linearGradient(_ field: SpecField) throws(TableSpecError) -> CellFill {
        let o = try field.object(allowed: SpecFormat.linearGradientKeys)
        let stopsField = try o.required("stops")
        var stops: [GradientStop] = []
        for item in try stopsField.array(expected: "an array of [location, color] stops") {
            let pair = try item.tuple(2, expected: "[location, color], a location in 0...1 and a color")
            stops.append(
                GradientStop(
                    location: try pair[0].number(in: 0...1, expected: "a location in 0...1"),
                    color: try pair[1].color()))
        }
        guard !stops.isEmpty else { throw stopsField.mismatch("an array of at least one [location, color] stop") }
        let extend = try o["extend"]?.choice(["pad": ExtendMode.pad, "repeat": .repeat, "reflect": .reflect])
        return .linearGradient(
            Gradient(stops: stops, extend: extend ?? .pad), start: try o["start"]?.unitPoint() ?? .top,
            end: try o["end"]?.unitPoint() ?? .bottom)
    }

    /// The image of a pattern or stretchable fill at the build's scale,
    /// and its scale (image pixels per point).
    mutating func fillImage(_ file: SpecField, scale field: SpecField?) throws(TableSpecError) -> (Image, Double) {
        let variants = try resources.imageVariants(file, explicitScale: try field.map(SpecBuilder.imageScale))
        let chosen = SpecBuilder.variant(of: variants, for: scale)
        return (try resources.image(chosen, field: file), chosen.scale)
    }

    /// An image's own scale: image pixels per point, in 0.25...16.
    static func imageScale(_ field: SpecField) throws(TableSpecError) -> Double {
        try field.number(in: TableDescription.scaleRange, expected: "an image scale in 0.25...16 pixels per point")
    }

    /// Of `variants` (not empty), the one with the smallest scale at least
    /// `scale`, else the one with the largest (as `CellImageSet` picks).
    static func variant(of variants: [ImageVariant], for scale: Double) -> ImageVariant {
        let tolerance = 1e-9
        if let fitting = variants.filter({ $0.scale >= scale - tolerance }).min(by: { $0.scale < $1.scale }) {
            return fitting
        }
        return variants.max(by: { $0.scale < $1.scale }) ?? variants[0]
    }

    /// `insets` (points) in the pixels of an image of `scale`.
    static func scaled(_ insets: EdgeInsets, by scale: Double) -> EdgeInsets {
        EdgeInsets(
            top: insets.top * scale, left: insets.left * scale, bottom: insets.bottom * scale,
            right: insets.right * scale)
    }

    // MARK: Image sets

    /// `{"single": IMAGE, "top", "middle", "bottom", "selected": {...}}`.
    mutating func imageSet(_ field: SpecField) throws(TableSpecError) -> CellImageSet {
        let o = try field.object(allowed: SpecFormat.imageSetKeys, expected: "an object (an image set) or null")
        var images: [CellPosition: [CellImage]] = [:]
        var selected: [CellPosition: [CellImage]] = [:]
        for position in CellPosition.allCases {
            if let f = o["\(position)"] { images[position] = try cellImages(f) }
        }
        if let f = o["selected"] {
            let s = try f.object(allowed: SpecFormat.selectedImagesKeys, expected: "an object (the selected images)")
            for position in CellPosition.allCases {
                if let f = s["\(position)"] { selected[position] = try cellImages(f) }
            }
        }
        return CellImageSet(images: images, selectedImages: selected)
    }

    /// An IMAGE: a file name or `{"file": name, "capInsets": [t, l, b, r],
    /// "scale": s}`: the `CellImage` of the variant for the build's scale
    /// (the one `CellImageSet` would pick at it; the others are not read).
    mutating func cellImages(_ field: SpecField) throws(TableSpecError) -> [CellImage] {
        if field.isString {
            let chosen = SpecBuilder.variant(of: try resources.imageVariants(field, explicitScale: nil), for: scale)
            return [
                CellImage(
                    try resources.image(chosen, field: field), capInsets: EdgeInsets(all: 0),
                    imageScale: chosen.scale)
            ]
        }
        let o = try field.object(
            allowed: SpecFormat.imageKeys, expected: "an image: a file name or an object with \"file\"")
        return try cellImage(
            file: try o.required("file"), capInsets: try o["capInsets"]?.insets(),
            explicitScale: try o["scale"].map(SpecBuilder.imageScale))
    }

    /// The `CellImage` of the variant of `file` for the build's scale, its
    /// caps given in points (none by default).
    mutating func cellImage(
        file: SpecField, capInsets: EdgeInsets?, explicitScale: Double?
    ) throws(TableSpecError) -> [CellImage] {
        let insets = capInsets ?? EdgeInsets(all: 0)
        let chosen = SpecBuilder.variant(
            of: try resources.imageVariants(file, explicitScale: explicitScale), for: scale)
        return [
            CellImage(
                try resources.image(chosen, field: file), capInsets: SpecBuilder.scaled(insets, by: chosen.scale),
                imageScale: chosen.scale)
        ]
    }
}
