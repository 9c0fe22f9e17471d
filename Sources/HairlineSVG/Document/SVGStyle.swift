// Document: style properties. Presentation attributes and the `style`
// attribute -> an ordered list of declarations (style last, so it wins, as
// CSS cascades author styles over presentation hints), and the inherited
// state those declarations update (SVG 1.1 §6.4, CSS 2.1 §6.2 inheritance).

import Hairline
import HairlineText

/// A fill or stroke paint as specified, before `currentColor` and paint
/// server references are resolved.
enum SVGPaint: Equatable, Sendable {
    case none
    case color(Color)
    /// The element's computed `color` property.
    case currentColor
    /// `url(#id) [fallback]`: a paint server, resolved per shape (its
    /// bounding box matters) by `SVGReader.resolve(_:opacity:bounds:_:)`.
    indirect case server(SVGPaintReference)
    /// `context-fill` / `context-stroke` standing for a context element's
    /// paint server, already resolved against that element's bounding box
    /// and in its user space (`SVGReader.contextTransform` maps a shape's
    /// space there).
    indirect case contextServer(SVGShapePaint)
}

/// A `url(#id)` paint with its optional fallback and where it was written.
struct SVGPaintReference: Equatable, Sendable {
    /// The referenced element's `id`.
    var id: String
    /// The color after the `url()`, used when the reference is missing or
    /// not a paint server; `nil` if none was given.
    var fallback: SVGPaint?
    /// The property (`fill` or `stroke`).
    var attribute: String
    /// Document byte offset of the value.
    var offset: Int
}

/// The properties an element passes to its children: the inherited ones
/// (`fill`, `fill-rule`, `fill-opacity`, the `stroke` properties, `color`,
/// `visibility`, `clip-rule`, the font properties, `text-anchor` and
/// `xml:space`) and the parent's specified `opacity`, which only
/// `opacity: inherit` reads. Stroke defaults are SVG's: no stroke, width 1,
/// miter join with limit 4, butt cap, no dashes; font defaults CSS's: 16
/// user units, the default family, weight 400.
struct InheritedStyle: Sendable {
    var fill = SVGPaint.color(.black)
    var fillRule = FillRule.nonZero
    var fillOpacity = 1.0
    var color = Color.black
    var isVisible = true
    var parentOpacity = 1.0
    var stroke = SVGPaint.none
    var strokeOpacity = 1.0
    /// Stroke geometry in user units (width, dashes); SVG's miter limit 4.
    var strokeStyle = StrokeStyle(width: 1, lineJoin: .miter, lineCap: .butt, miterLimit: 4)
    /// The rule of shapes inside a `<clipPath>`.
    var clipRule = FillRule.nonZero
    /// The computed `font-size`, in user units (CSS px), at least 0.
    var fontSize = SVGReader.defaultFontSize
    /// The `font-family` list in order; empty for the default family.
    var fontFamilies: [SVGFontFamily] = []
    /// The computed `font-weight`, 1...1000 (400 normal, 700 bold).
    var fontWeight = SVGFontFamily.normalWeight
    /// The computed `font-style`.
    var fontStyle = FontSlant.normal
    /// The angle of `font-style: oblique <angle>` in degrees (-90 ... 90),
    /// nil for `oblique` without one (14 degrees) and the other styles.
    var fontObliqueAngle: Double?
    /// The computed `font-stretch` as a width class, 1...9 (5 normal).
    var fontStretch = FontStyle.normalWidth
    /// The computed `font-variation-settings` (empty for `normal`).
    var fontVariations: [FontVariation] = []
    /// `letter-spacing` and `word-spacing`: space added after each
    /// character and after each space (U+0020), user units (computed from
    /// the element's font size for `em` and `%`; 0 for `normal`).
    var letterSpacing = 0.0, wordSpacing = 0.0
    /// `baseline-shift` of this element and its text ancestors, outermost
    /// first (each span's shift adds to its parent's; not inherited as a
    /// value: a span without one keeps its parent's baseline).
    var baselineShifts: [SVGBaselineShift] = []
    /// The `text-decoration` lines the element's text draws, each with the
    /// style (fill, stroke) of the nearest element that declared it
    /// (propagated to descendants, as CSS does).
    var decorations: [SVGTextDecoration] = []
    /// `dominant-baseline` (inherited) and `alignment-baseline` (the
    /// element's own, set on each span): which of the font's lines sits on
    /// the baseline.
    var dominantBaseline = SVGBaseline.auto
    var alignmentBaseline = SVGBaseline.auto
    /// Where a text's glyphs go relative to its `x`.
    var textAnchor = SVGTextAnchor.start
    /// `writing-mode` is vertical (`tb`, `tb-rl`, `vertical-rl`,
    /// `vertical-lr`): read from the `<text>` only, as resvg reads it.
    var isVertical = false
    /// `font-variant: small-caps`: lowercase letters drawn as capitals
    /// scaled to the font's x-height (synthesized).
    var isSmallCaps = false
    /// `font-kerning: none` or SVG 1.1 `kerning: 0`: glyphs keep their
    /// own advances.
    var kerns = true
    /// `direction: rtl` (inherited): the text's paragraph runs right to
    /// left (UAX #9 paragraph level 1); `ltr`, the initial value, forces
    /// left to right whatever the first strong character.
    var isRightToLeft = false
    /// `unicode-bidi` of the element holding the characters (not
    /// inherited: each element's own).
    var unicodeBidi = SVGUnicodeBidi.normal
    /// Inside a text: the `unicode-bidi` embeddings, overrides and
    /// isolates of the enclosing text content elements, outermost first
    /// (CSS Writing Modes 3 §2.2: an inline element's embedding encloses
    /// its descendants' characters too).
    var bidiEmbeddings: [SVGBidiEmbedding] = []
    /// `xml:space="preserve"`: text whitespace kept (tabs and newlines
    /// read as spaces) instead of collapsed.
    var preservesSpace = false
    /// `marker-start`, `marker-mid`, `marker-end`: the referenced ids and
    /// where the values were written.
    var markerStart: (id: String, offset: Int)?
    var markerMid: (id: String, offset: Int)?
    var markerEnd: (id: String, offset: Int)?
    /// `paint-order`: the order fill (0), stroke (1) and markers (2) are
    /// painted in; `[0, 1, 2]` is `normal`.
    var paintOrder: [Int] = [0, 1, 2]
    /// `image-rendering`: nearest-neighbour sampling for `optimizeSpeed`,
    /// `pixelated` and `crisp-edges`.
    var imageSampling = ImageSampling.bilinear
    /// `shape-rendering: crispEdges` or `optimizeSpeed`: shapes are drawn
    /// without anti-aliasing (as resvg does for both).
    var isCrisp = false
    /// `text-rendering: optimizeSpeed`: text is drawn without
    /// anti-aliasing (resvg's crisp edges for such text); its other values
    /// draw text as any shape.
    var isCrispText = false

    /// The color of a plain paint (`nil` for none, hidden, or a paint
    /// server), alpha multiplied by `opacity`.
    func resolvedColor(_ paint: SVGPaint, opacity: Double) -> Color? {
        guard isVisible else { return nil }
        switch paint {
        case .none, .server, .contextServer: return nil
        case .color(let c): return c.withAlphaMultiplied(by: opacity)
        case .currentColor: return color.withAlphaMultiplied(by: opacity)
        }
    }
}

/// One property declaration, from a presentation attribute or from the
/// `style` attribute.
struct Declaration {
    /// The property name (lowercased when it came from `style`).
    var name: String
    /// The value without surrounding whitespace or `!important`.
    var value: String
    /// Document byte offset of the value.
    var offset: Int
    /// Document byte offset of the name (the attribute or the declaration).
    var nameOffset: Int
}

/// Which properties the reader knows, and how.
enum SVGProperties {
    /// Properties the reader applies.
    static let supported: Set<String> = [
        "fill", "fill-rule", "fill-opacity", "opacity", "color", "display", "visibility",
        "stroke", "stroke-width", "stroke-opacity", "stroke-linecap", "stroke-linejoin",
        "stroke-miterlimit", "stroke-dasharray", "stroke-dashoffset", "clip-path", "clip-rule",
        "font-size", "font-family", "font-weight", "font-style", "font-stretch", "font-variation-settings",
        "letter-spacing", "word-spacing",
        "baseline-shift", "text-decoration", "dominant-baseline", "alignment-baseline",
        "text-anchor", "writing-mode", "font-variant", "font-kerning", "kerning", "mask", "mix-blend-mode", "isolation",
        "marker-start", "marker-mid", "marker-end", "marker", "paint-order", "image-rendering", "background-color",
        "shape-rendering", "font", "text-rendering", "direction", "unicode-bidi",
    ]
    /// Properties that are read only from `style` (and style sheets), not
    /// as presentation attributes. `font-kerning` is not in SVG 2's list of
    /// presentation attributes (§6.6; SVG 1.1's attribute is `kerning`),
    /// and browsers and resvg ignore it as one.
    static let styleOnly: Set<String> = ["mix-blend-mode", "isolation", "marker", "font", "font-kerning"]
    /// Text properties the reader does not apply, with the values that
    /// draw exactly what the reader draws anyway (their initial values):
    /// these are accepted without a warning, as editors write them on
    /// every text. None today (`direction` and `unicode-bidi` are applied).
    static let initialTextValues: [String: Set<String>] = [:]
    /// Properties whose every value draws what the reader draws.
    static let ignoredTextProperties: Set<String> = ["line-height"]

    /// Whether a declaration the reader does not apply changes nothing it
    /// draws (see `initialTextValues`).
    static func isExactWithoutApplying(_ declaration: Declaration) -> Bool {
        if ignoredTextProperties.contains(declaration.name) { return true }
        guard let values = initialTextValues[declaration.name] else { return false }
        return values.contains(declaration.value.lowercased())
    }
    /// Attributes that never change the picture of the supported
    /// elements, so ignoring them is exact (identity, metadata, hooks for
    /// style sheets and scripts, which warn where they appear).
    static let ignoredAttributes: Set<String> = [
        "id", "class", "xmlns", "version", "baseProfile", "lang", "tabindex", "role",
        "focusable", "pathLength", "enable-background", "zoomAndPan",
        // Conditional processing, read by SVGReader.passesConditions.
        "systemLanguage", "requiredFeatures", "requiredExtensions",
    ]

    /// Whether an attribute is ignored without a warning: the ones above,
    /// any namespaced name (`xlink:href`, `xml:space`, editor metadata such
    /// as `inkscape:label`) and `data-*` / `aria-*`.
    static func isIgnoredAttribute(_ name: String) -> Bool {
        ignoredAttributes.contains(name) || name.contains(":") || name.hasPrefix("data-") || name.hasPrefix("aria-")
    }

    /// `!important`, stripped from style values (there is no cascade of
    /// style sheets for it to matter in).
    static let important = "!important"

    /// Splits a `style` attribute into declarations with document offsets.
    /// CSS comments are blanked out first; `;` inside parentheses or quotes
    /// does not split.
    /// A declaration without a `:` or a name is skipped (CSS Syntax) and
    /// reported in `errors` (`invalidValue`).
    static func declarations(inStyle attribute: XMLAttribute, errors: inout [SVGError]) -> [Declaration] {
        var bytes = Array(attribute.value.utf8)
        blankComments(&bytes)
        var result: [Declaration] = []
        var start = 0, depth = 0
        var quote: UInt8?
        for i in 0...bytes.count {
            guard i < bytes.count else {
                do throws(SVGError) {
                    if let declaration = try declaration(bytes, start..<i, in: attribute) { result.append(declaration) }
                } catch {
                    errors.append(error)
                }
                break
            }
            let byte = bytes[i]
            if let q = quote {
                if byte == q { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth = max(0, depth - 1)
            case UInt8(ascii: ";") where depth == 0:
                do throws(SVGError) {
                    if let declaration = try declaration(bytes, start..<i, in: attribute) { result.append(declaration) }
                } catch {
                    errors.append(error)
                }
                start = i + 1
            default: break
            }
        }
        return result
    }

    /// One `name: value` declaration from `range` of the style bytes, or
    /// `nil` for an empty one.
    private static func declaration(
        _ bytes: [UInt8], _ range: Range<Int>, in attribute: XMLAttribute
    ) throws(SVGError) -> Declaration? {
        let trimmed = trim(bytes, range)
        guard !trimmed.isEmpty else { return nil }
        let text = String(decoding: bytes[trimmed], as: UTF8.self)
        guard let colon = bytes[trimmed].firstIndex(of: UInt8(ascii: ":")) else {
            throw SVGError(
                .invalidValue(attribute: "style", value: text),
                at: attribute.documentOffset(ofValueByte: trimmed.lowerBound))
        }
        let nameRange = trim(bytes, trimmed.lowerBound..<colon)
        guard !nameRange.isEmpty else {
            throw SVGError(
                .invalidValue(attribute: "style", value: text),
                at: attribute.documentOffset(ofValueByte: trimmed.lowerBound))
        }
        let valueRange = trim(bytes, (colon + 1)..<trimmed.upperBound)
        var value = String(decoding: bytes[valueRange], as: UTF8.self)
        if value.lowercased().hasSuffix(important) {
            value = SVGColorParser.trimWhitespace(String(value.dropLast(important.count)))
        }
        return Declaration(
            name: String(decoding: bytes[nameRange], as: UTF8.self).lowercased(), value: value,
            offset: attribute.documentOffset(ofValueByte: valueRange.lowerBound),
            nameOffset: attribute.documentOffset(ofValueByte: nameRange.lowerBound))
    }

    /// `range` without whitespace at either end.
    private static func trim(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, SVGColorParser.isSpace(bytes[lower]) { lower += 1 }
        while upper > lower, SVGColorParser.isSpace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// Replaces each `/* … */` with spaces, keeping offsets.
    private static func blankComments(_ bytes: inout [UInt8]) {
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "/"), bytes[i + 1] == UInt8(ascii: "*") else {
                i += 1
                continue
            }
            var j = i + 2
            while j < bytes.count,
                !(bytes[j] == UInt8(ascii: "*") && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: "/"))
            { j += 1 }
            let end = min(bytes.count, j + 2)
            for k in i..<end { bytes[k] = UInt8(ascii: " ") }
            i = end
        }
    }
}
