// Document: the text properties (CSS Fonts 4 §2-3, SVG 2 §11.10.1):
// `font-size` (lengths, percentages and em relative to the parent's size,
// the absolute and relative keywords), `font-family` (a comma list of
// quoted or unquoted names and generic families), `font-weight` (keywords,
// numbers 1...1000, bolder/lighter from the parent's weight), `font-style`
// (normal, italic, oblique with an optional angle), `font-stretch`
// (keywords and percentages, as width classes) and `text-anchor`. Declaration text -> InheritedStyle fields; malformed
// values throw SVGError at the value, as the other properties do.

import Hairline
import HairlineText

/// One entry of a `font-family` list.
enum SVGFontFamily: Hashable, Sendable {
    /// A family name (quotes removed, inner whitespace collapsed), matched
    /// case-insensitively against the loaded fonts' family names.
    case named(String)
    /// A generic family (`sans-serif`, `serif`, `monospace`, `system-ui`,
    /// …): always drawn in the default font.
    case generic(String)

    /// CSS's generic family keywords (CSS Fonts 4 §2.1.3), unquoted only.
    static let genericNames: Set<String> = [
        "serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui", "ui-serif", "ui-sans-serif",
        "ui-monospace", "ui-rounded", "math", "emoji", "fangsong",
    ]
    /// `font-weight: normal`.
    static let normalWeight = 400.0
    /// `font-weight: bold`.
    static let boldWeight = 700.0
    /// Weights from this up select a bold face (CSS Fonts 4 §5.2: 600 and
    /// above look for the bold faces first).
    static let boldThreshold = 600.0
}

/// One element's `baseline-shift`: how far its characters' baseline moves
/// up from its parent's.
enum SVGBaselineShift: Sendable, Equatable {
    /// By a length (user units, positive up).
    case length(Double)
    /// To the font's subscript position (OS/2), at the element's font size.
    case sub(fontSize: Double)
    /// To the font's superscript position, at the element's font size.
    case `super`(fontSize: Double)

    /// The shift up in user units, for text in `font`.
    func rise(in font: Font) -> Double {
        let em = Double(max(1, font.metrics.unitsPerEm))
        switch self {
        case .length(let value): return value
        case .sub(let size): return -Double(font.subscriptOffset) / em * size
        case .super(let size): return Double(font.superscriptOffset) / em * size
        }
    }
}

/// A `text-decoration` line and the style of the element that declared it.
struct SVGTextDecoration: Sendable {
    enum Kind: Sendable, Equatable, CaseIterable {
        case underline, overline, lineThrough
    }
    var kind: Kind
    var style: InheritedStyle
}

/// A `dominant-baseline` / `alignment-baseline` value: the line of the
/// font placed on the text's baseline.
enum SVGBaseline: Sendable, Equatable {
    case auto, alphabetic, textBeforeEdge, middle, central, textAfterEdge, ideographic, hanging, mathematical

    /// The keywords of both properties (SVG 1.1 and CSS Inline 3 names);
    /// `use-script` and `baseline` act as `auto`; as `dominant-baseline`,
    /// `no-change` and `reset-size` keep the parent's (SVGReader.apply).
    static let keywords: [String: SVGBaseline] = [
        "auto": .auto, "baseline": .auto, "use-script": .auto, "no-change": .auto, "reset-size": .auto,
        "alphabetic": .alphabetic, "before-edge": .textBeforeEdge, "text-before-edge": .textBeforeEdge,
        "text-top": .textBeforeEdge, "middle": .middle, "central": .central, "after-edge": .textAfterEdge,
        "text-after-edge": .textAfterEdge, "text-bottom": .textAfterEdge, "ideographic": .ideographic,
        "hanging": .hanging, "mathematical": .mathematical,
    ]

    /// How far down the glyphs move so that this line of `font` (at
    /// `size` user units per em) sits on the baseline, in user units:
    /// the ascent, half the x-height, the middle of ascent and descent,
    /// the descent, or 0.8 and 0.5 of the ascent for hanging and
    /// mathematical (as resvg places them).
    func drop(in font: Font, size: Double) -> Double {
        let unit = size / Double(max(1, font.metrics.unitsPerEm))
        let ascent = Double(font.metrics.ascent) * unit, descent = Double(font.metrics.descent) * unit
        switch self {
        case .auto, .alphabetic: return 0
        case .textBeforeEdge: return ascent
        case .middle: return Double(font.metrics.xHeight) * unit / 2
        case .central: return (ascent - descent) / 2
        case .textAfterEdge, .ideographic: return -descent
        case .hanging: return ascent * 0.8
        case .mathematical: return ascent * 0.5
        }
    }
}

/// `unicode-bidi` (CSS Writing Modes 3 §2.2): how an element's text takes
/// part in the bidi algorithm, as the embedding, override or isolate
/// controls it stands for around the element's characters.
enum SVGUnicodeBidi: Sendable, Equatable {
    case normal, embed, isolate, bidiOverride, isolateOverride, plaintext

    /// The controls opening and closing an element's characters in
    /// direction `rightToLeft` (none for `normal`).
    func controls(rightToLeft: Bool) -> (open: [Unicode.Scalar], close: [Unicode.Scalar]) {
        let embedding: Unicode.Scalar = rightToLeft ? "\u{202B}" : "\u{202A}"
        let override: Unicode.Scalar = rightToLeft ? "\u{202E}" : "\u{202D}"
        let isolate: Unicode.Scalar = rightToLeft ? "\u{2067}" : "\u{2066}"
        let pdf: Unicode.Scalar = "\u{202C}", pdi: Unicode.Scalar = "\u{2069}"
        switch self {
        case .normal: return ([], [])
        case .embed: return ([embedding], [pdf])
        case .isolate: return ([isolate], [pdi])
        case .bidiOverride: return ([override], [pdf])
        case .isolateOverride: return ([isolate, override], [pdf, pdi])
        case .plaintext: return (["\u{2068}"], [pdi])
        }
    }
}

/// One enclosing element's `unicode-bidi` (not `normal`) with its
/// `direction`; `element` (its source offset) tells elements apart.
struct SVGBidiEmbedding: Sendable, Equatable {
    var unicodeBidi: SVGUnicodeBidi
    var isRightToLeft: Bool
    var element: Int
}

/// `text-anchor`: which end of a line of text sits at its `x`.
enum SVGTextAnchor: Sendable {
    case start, middle, end
}

extension SVGReader {
    /// The initial font size (`medium`), in user units: 12, as resvg and
    /// librsvg take it (browsers take 16 CSS px); `em`, `ex` and `rem` on
    /// the root and the size keywords scale it.
    static let defaultFontSize = 12.0
    /// The usual x-height / em ratio, for `ex` lengths (the real one would
    /// need the font; such lengths warn).
    static let assumedXHeightRatio = 0.5
    /// The largest font size read, in user units (1e9): a glyph a billion
    /// units high is far past any viewport, and larger sizes (`1e300em`)
    /// only overflow the lengths derived from them; bigger values are
    /// ignored with a warning.
    static let maximumFontSize = 1e9
    /// The advance of "0" per em for `ch` (CSS Values 4's fallback when
    /// the font is not measured: 0.5em).
    static let assumedZeroAdvanceRatio = 0.5
    /// `larger` / `smaller` scale the parent's size by this (CSS Fonts 4
    /// §2.5 suggests 1.2).
    static let relativeFontSizeRatio = 1.2
    /// The absolute-size keywords as multiples of `medium` (CSS Fonts 4
    /// §2.5, the scaling factors of its table).
    static let absoluteFontSizes: [String: Double] = [
        "xx-small": 3.0 / 5, "x-small": 3.0 / 4, "small": 8.0 / 9, "medium": 1, "large": 6.0 / 5,
        "x-large": 3.0 / 2, "xx-large": 2, "xxx-large": 3,
    ]

    /// The computed `font-size` of a declaration on an element whose parent
    /// has `parent` (user units): a length (absolute units as CSS converts
    /// them; `%` and `em` of the parent's size, `rem` of the root's, `ex`
    /// half the parent's size, with a warning), a size keyword, `larger`,
    /// `smaller` or `inherit`.
    /// - Throws: `invalidNumber` for anything else (or a size that is not
    ///   finite), `negativeValue` below zero, at the value.
    mutating func fontSize(_ declaration: Declaration, parent: Double, _ element: XMLElement) throws(SVGError) -> Double
    {
        let keyword = declaration.value.lowercased()
        if keyword == "inherit" { return parent }
        if let factor = Self.absoluteFontSizes[keyword] { return factor * Self.defaultFontSize }
        if keyword == "larger" { return parent * Self.relativeFontSizeRatio }
        if keyword == "smaller" { return parent / Self.relativeFontSizeRatio }
        let invalid = SVGError(
            .invalidNumber(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        guard let length = ValueScanner.length(declaration.value) else { throw invalid }
        let value: Double
        switch length.unit {
        case .percent: value = length.value / 100 * parent
        case .em: value = length.value * parent
        case .rem: value = length.value * rootFontSize
        case .ex:
            warn(.unsupportedValue(declaration.value), element, attribute: declaration.name, at: declaration.offset)
            value = length.value * parent * Self.assumedXHeightRatio
        case .ch: value = length.value * parent * Self.assumedZeroAdvanceRatio
        case .vw, .vh, .vmin, .vmax: value = length.value / 100 * (rootViewportSide(length.unit) ?? 0)
        default: value = length.value * (length.userUnitsPerUnit ?? 1)
        }
        guard value.isFinite, value <= Self.maximumFontSize else { throw invalid }
        guard value >= 0 else {
            throw SVGError(
                .negativeValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        }
        return value
    }

    /// Applies a font or text property (`font-family`, `font-weight`,
    /// `text-anchor`, `writing-mode`, `font-variant` ...) to `style`
    /// (`parent` is the parent's style, for `bolder` and `lighter`).
    /// - Throws: `invalidValue` for a value outside the property's grammar.
    func applyTextProperty(
        _ declaration: Declaration, _ keyword: String, parent: InheritedStyle,
        to style: inout InheritedStyle
    ) throws(SVGError) {
        switch declaration.name {
        case "font-family":
            style.fontFamilies = try Self.fontFamilies(declaration)
        case "font-weight":
            style.fontWeight = try Self.fontWeight(declaration, keyword, parent: parent.fontWeight)
        case "font-style":
            let words = keyword.split(separator: " ")
            switch words.first {
            case "normal" where words.count == 1: style.fontStyle = .normal
            case "italic" where words.count == 1: style.fontStyle = .italic
            case "oblique" where words.count <= 2: style.fontStyle = .oblique
            default: throw invalidValue(declaration)
            }
            // CSS Fonts 4: `oblique <angle>`, the angle within -90 ... 90 degrees.
            style.fontObliqueAngle = nil
            if words.count == 2 {
                guard let radians = Self.angle(String(words[1])), abs(radians) <= .pi / 2 else {
                    throw invalidValue(declaration)
                }
                style.fontObliqueAngle = radians * 180 / .pi
            }
        case "font-stretch":
            style.fontStretch = try Self.fontStretch(declaration, keyword)
        case "font-variation-settings":
            guard let settings = FontVariation.list(css: declaration.value) else { throw invalidValue(declaration) }
            style.fontVariations = settings
        case "letter-spacing":
            style.letterSpacing = try spacing(declaration, keyword, fontSize: style.fontSize)
        case "word-spacing":
            style.wordSpacing = try spacing(declaration, keyword, fontSize: style.fontSize)
        case "dominant-baseline", "alignment-baseline":
            guard let baseline = SVGBaseline.keywords[keyword] else { throw invalidValue(declaration) }
            if declaration.name == "dominant-baseline" {
                // SVG 1.1 §10.9.2: `no-change` and `reset-size` keep the
                // parent's dominant baseline (the font size cannot move it
                // here: baselines scale with the size anyway).
                let keepsParents = keyword == "no-change" || keyword == "reset-size"
                style.dominantBaseline = keepsParents ? parent.dominantBaseline : baseline
            } else {
                style.alignmentBaseline = baseline
            }
        case "baseline-shift":
            // Each element's own: its parent's shifts, then this one.
            style.baselineShifts = parent.baselineShifts
            switch keyword {
            case "baseline": break
            case "sub": style.baselineShifts.append(.sub(fontSize: style.fontSize))
            case "super": style.baselineShifts.append(.super(fontSize: style.fontSize))
            default:
                guard let length = ValueScanner.length(declaration.value) else { throw invalidValue(declaration) }
                let value: Double
                switch length.unit {
                case .percent: value = length.value / 100 * style.fontSize
                case .em: value = length.value * style.fontSize
                default:
                    guard let factor = length.userUnitsPerUnit else { throw invalidValue(declaration) }
                    value = length.value * factor
                }
                guard value.isFinite else { throw invalidValue(declaration) }
                style.baselineShifts.append(.length(value))
            }
        case "text-anchor":
            switch keyword {
            case "start": style.textAnchor = .start
            case "middle": style.textAnchor = .middle
            case "end": style.textAnchor = .end
            default: throw invalidValue(declaration)
            }
        case "writing-mode":
            switch keyword {
            case "tb", "tb-rl", "vertical-rl", "vertical-lr": style.isVertical = true
            case "lr", "lr-tb", "rl", "rl-tb", "horizontal-tb": style.isVertical = false
            default: throw invalidValue(declaration)
            }
        case "font-kerning":
            switch keyword {
            case "auto", "normal": style.kerns = true
            case "none": style.kerns = false
            default: throw invalidValue(declaration)
            }
        case "kerning":
            // SVG 1.1: `auto`, or a length added between glyphs; only 0
            // (no kerning) is read, as resvg reads it.
            if keyword == "auto" {
                style.kerns = true
            } else if let length = ValueScanner.length(declaration.value), length.value == 0 {
                style.kerns = false
            } else {
                throw invalidValue(declaration)
            }
        case "direction":
            switch keyword {
            case "ltr": style.isRightToLeft = false
            case "rtl": style.isRightToLeft = true
            default: throw invalidValue(declaration)
            }
        case "unicode-bidi":
            switch keyword {
            case "normal": style.unicodeBidi = .normal
            case "embed": style.unicodeBidi = .embed
            case "isolate": style.unicodeBidi = .isolate
            case "bidi-override": style.unicodeBidi = .bidiOverride
            case "isolate-override": style.unicodeBidi = .isolateOverride
            case "plaintext": style.unicodeBidi = .plaintext
            default: throw invalidValue(declaration)
            }
        case "font-variant":
            switch keyword {
            case "normal": style.isSmallCaps = false
            case "small-caps": style.isSmallCaps = true
            default: throw invalidValue(declaration)
            }
        default:
            break
        }
    }

    /// A `font-weight` value: `normal`, `bold`, a number 1...1000, or
    /// `bolder` / `lighter` than `parent` (CSS Fonts 4 §2.2's table).
    static func fontWeight(_ declaration: Declaration, _ keyword: String, parent: Double) throws(SVGError) -> Double {
        switch keyword {
        case "normal": return SVGFontFamily.normalWeight
        case "bold": return SVGFontFamily.boldWeight
        case "bolder": return parent < 350 ? 400 : parent < 550 ? 700 : max(parent, 900)
        case "lighter": return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700
        default:
            guard let length = ValueScanner.length(declaration.value), length.unit == .none,
                length.value >= 1, length.value <= 1000
            else {
                throw SVGError(
                    .invalidValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
            }
            return length.value
        }
    }

    /// A `letter-spacing` or `word-spacing` value in user units: `normal`
    /// (0), an absolute length, `em` of the element's font size, or `%` of
    /// the viewport's width (as resvg resolves them, like a horizontal
    /// length).
    /// - Throws: `invalidValue` for anything else.
    func spacing(_ declaration: Declaration, _ keyword: String, fontSize: Double) throws(SVGError) -> Double {
        if keyword == "normal" { return 0 }
        let invalid = SVGError(
            .invalidValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        guard let length = ValueScanner.length(declaration.value) else { throw invalid }
        let value: Double
        switch length.unit {
        case .em: value = length.value * fontSize
        case .percent: value = length.value / 100 * viewport.width
        case .ex: value = length.value * fontSize * Self.assumedXHeightRatio
        default:
            guard let factor = length.userUnitsPerUnit else { throw invalid }
            value = length.value * factor
        }
        guard value.isFinite, abs(value) <= Self.maximumFontSize else { throw invalid }
        return value
    }

    /// Applies `text-decoration` (`none`, or `underline`, `overline`,
    /// `line-through` separated by spaces or commas): each line named is
    /// drawn with `style` as it is now (the declaring element's fill and
    /// stroke), replacing an ancestor's line of that kind.
    /// - Throws: `invalidValue` for another word.
    func applyTextDecoration(_ declaration: Declaration, to style: inout InheritedStyle) throws(SVGError) {
        var kinds: [SVGTextDecoration.Kind] = []
        for word in declaration.value.lowercased().split(whereSeparator: {
            $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n"
        }) {
            switch word {
            case "none": continue
            case "underline": kinds.append(.underline)
            case "overline": kinds.append(.overline)
            case "line-through": kinds.append(.lineThrough)
            default: throw invalidValue(declaration)
            }
        }
        var own = style
        own.decorations = []
        for kind in kinds {
            style.decorations.removeAll { $0.kind == kind }
            style.decorations.append(SVGTextDecoration(kind: kind, style: own))
        }
    }

    /// CSS Fonts 4 §2.4's width keywords, as width classes 1...9.
    static let stretchKeywords: [String: Int] = [
        "ultra-condensed": 1, "extra-condensed": 2, "condensed": 3, "semi-condensed": 4, "normal": 5,
        "semi-expanded": 6, "expanded": 7, "extra-expanded": 8, "ultra-expanded": 9,
    ]
    /// The keywords' percentages, for a percentage value (the nearest
    /// class is taken).
    static let stretchPercentages: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]

    /// A `font-stretch` value: a keyword or a percentage, as the nearest
    /// width class (1...9).
    static func fontStretch(_ declaration: Declaration, _ keyword: String) throws(SVGError) -> Int {
        if let width = stretchKeywords[keyword] { return width }
        guard let length = ValueScanner.length(declaration.value), length.unit == .percent, length.value >= 0 else {
            throw SVGError(.invalidValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        }
        var best = 0
        for (i, p) in stretchPercentages.enumerated()
        where abs(p - length.value) < abs(stretchPercentages[best] - length.value) {
            best = i
        }
        return best + 1
    }

    /// A `font-family` list: names separated by commas, each quoted (`"…"`
    /// or `'…'`, taken as written) or a run of unquoted words (whitespace
    /// between them collapsed to one space; a lone generic keyword is a
    /// generic family).
    /// - Throws: `invalidValue` for an empty entry, an unclosed quote or
    ///   text after a closing quote.
    static func fontFamilies(_ declaration: Declaration) throws(SVGError) -> [SVGFontFamily] {
        let invalid = SVGError(
            .invalidValue(attribute: declaration.name, value: declaration.value), at: declaration.offset)
        var families: [SVGFontFamily] = []
        var rest = Substring(declaration.value)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            let entry: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                guard let close = rest.dropFirst().firstIndex(of: quote) else { throw invalid }
                families.append(.named(String(rest[rest.index(after: rest.startIndex)..<close])))
                entry = rest[rest.index(after: close)...].prefix { $0 != "," }
                guard entry.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { throw invalid }
            } else {
                entry = rest.prefix { $0 != "," }
                let words = entry.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                guard !words.isEmpty else { throw invalid }
                let name = words.joined(separator: " ")
                let lower = name.lowercased()
                families.append(SVGFontFamily.genericNames.contains(lower) ? .generic(lower) : .named(name))
            }
            rest = rest[entry.endIndex...]
            guard rest.first == "," else { break }
            rest = rest.dropFirst()
        }
        return families
    }
}

extension SVGReader {
    /// Font-size keywords the `font` shorthand may give in place of a length.
    private static let fontSizeKeywords: Set<String> = [
        "xx-small", "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large", "larger", "smaller",
    ]

    /// `declarations` with each CSS `font` shorthand (CSS Fonts 4 §2.8:
    /// `[style || small-caps || weight || stretch]? size[/line-height]?
    /// family-list`) replaced, in place, by its longhands: `font-style`,
    /// `font-variant`, `font-weight`, `font-stretch`, `font-size` and
    /// `font-family`, with `font-kerning` reset to `auto` as the shorthand
    /// resets it (`line-height` is read and dropped: SVG text has one line).
    /// A value outside that grammar (a system font keyword, no size or no
    /// family) is kept as `font`, which then warns and is ignored.
    static func expandingFontShorthand(_ declarations: [Declaration]) -> [Declaration] {
        guard declarations.contains(where: { $0.name == "font" }) else { return declarations }
        var result: [Declaration] = []
        for declaration in declarations {
            guard declaration.name == "font", let longhands = fontLonghands(declaration.value) else {
                result.append(declaration)
                continue
            }
            for (name, value) in longhands {
                result.append(
                    Declaration(
                        name: name, value: value, offset: declaration.offset,
                        nameOffset: declaration.nameOffset))
            }
        }
        return result
    }

    /// The longhands of one `font` value, or nil outside its grammar.
    private static func fontLonghands(_ value: String) -> [(String, String)]? {
        let scalars = Array(value.unicodeScalars)
        var i = 0
        func skipSpace() {
            while i < scalars.count, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\n" { i += 1 }
        }
        func word() -> String {
            var w = String.UnicodeScalarView()
            while i < scalars.count, scalars[i] != " ", scalars[i] != "\t", scalars[i] != "\n", scalars[i] != "/" {
                w.append(scalars[i])
                i += 1
            }
            return String(w)
        }
        var style = "normal", variant = "normal", weight = "normal", stretch = "normal"
        var size: String?
        // Up to four leading keywords, then the size.
        for _ in 0..<5 {
            skipSpace()
            let start = i
            let token = word()
            let lower = token.lowercased()
            guard !token.isEmpty else { return nil }
            switch lower {
            case "normal": continue
            case "italic": style = lower
            case "oblique":
                style = lower
                // CSS Fonts 4: `oblique <angle>?` here too (an angle with
                // its unit: a bare number would be the size).
                let afterKeyword = i
                skipSpace()
                let next = word()
                if next.contains(where: \.isLetter), let radians = angle(next), abs(radians) <= .pi / 2 {
                    style = "oblique " + next
                } else {
                    i = afterKeyword
                }
            case "small-caps": variant = lower
            case "bold", "bolder", "lighter": weight = lower
            default:
                if stretchKeywords[lower] != nil {  // (the only stretch values the shorthand takes)
                    stretch = lower
                } else if let number = Double(token), number >= 1, number <= 1000, !token.contains("e"),
                    !token.contains("E")
                {
                    weight = token
                } else if fontSizeKeywords.contains(lower) || ValueScanner.length(token) != nil {
                    size = token
                } else {
                    i = start
                    return nil
                }
            }
            if size != nil { break }
        }
        guard let size else { return nil }
        // An optional `/line-height`.
        skipSpace()
        if i < scalars.count, scalars[i] == "/" {
            i += 1
            skipSpace()
            guard !word().isEmpty else { return nil }
        }
        skipSpace()
        var end = scalars.count
        while end > i, scalars[end - 1] == " " || scalars[end - 1] == "\t" || scalars[end - 1] == "\n" { end -= 1 }
        guard end > i else { return nil }
        var family = String.UnicodeScalarView()
        family.append(contentsOf: scalars[i..<end])
        let families = String(family)
        return [
            ("font-style", style), ("font-variant", variant), ("font-weight", weight), ("font-stretch", stretch),
            ("font-size", size), ("font-family", families), ("font-kerning", "auto"),
        ]
    }
}
