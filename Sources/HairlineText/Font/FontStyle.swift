// Font stage: what places a face in its family, for font matching (CSS
// Fonts 4 §5.2): weight (OS/2 usWeightClass), width (usWidthClass), slant
// (fsSelection ITALIC / OBLIQUE, head.macStyle italic) and the family
// names (name ids 1 and 16). Read from the same tables the database
// indexes without parsing glyphs (FontDatabase).

/// Whether a face is upright, italic or oblique (CSS `font-style`).
public enum FontSlant: Sendable, Hashable, CaseIterable {
    /// Upright.
    case normal
    /// A designed italic.
    case italic
    /// A slanted roman.
    case oblique
}

/// A face's weight, width and slant, and its family names.
public struct FontStyle: Sendable, Hashable {
    /// CSS's normal weight (400) and normal width class (5).
    public static let normalWeight = 400, normalWidth = 5

    /// The weight, 1 ... 1000 (400 regular, 700 bold).
    public var weight: Int
    /// The width class, 1 (ultra-condensed) ... 9 (ultra-expanded); 5 is
    /// normal.
    public var width: Int
    /// Upright, italic or oblique.
    public var slant: FontSlant
    /// The family (name id 1), "" if absent.
    public var familyName: String
    /// The typographic family (name id 16), "" if absent.
    public var typographicFamilyName: String

    /// A style; values out of range are clamped.
    public init(
        weight: Int = normalWeight, width: Int = normalWidth, slant: FontSlant = .normal,
        familyName: String = "", typographicFamilyName: String = ""
    ) {
        self.weight = min(max(weight, 1), 1000)
        self.width = min(max(width, 1), 9)
        self.slant = slant
        self.familyName = familyName
        self.typographicFamilyName = typographicFamilyName
    }

    /// The style read from a face's tables: OS/2's weight and width (400
    /// and 5 without OS/2, or a weight of 0, bold then meaning 700), its
    /// slant from fsSelection or head.macStyle.
    init(names: NameTable, os2: OS2Table?, header: FontHeader) {
        let bold = (os2?.isBold ?? false) || header.isBoldMacStyle
        var weight = os2?.weightClass ?? 0
        if weight == 0 { weight = bold ? 700 : Self.normalWeight }
        let width = os2.map { $0.widthClass == 0 ? Self.normalWidth : $0.widthClass } ?? Self.normalWidth
        let slant: FontSlant
        if os2?.isOblique == true {
            slant = .oblique
        } else if os2?.isItalic == true || header.isItalicMacStyle {
            slant = .italic
        } else {
            slant = .normal
        }
        self.init(
            weight: weight, width: width, slant: slant, familyName: names.familyName,
            typographicFamilyName: names.typographicFamilyName)
    }

    /// Whether `name` (compared ignoring case) is one of the family names.
    public func isInFamily(_ name: String) -> Bool {
        let wanted = name.lowercased()
        return familyName.lowercased() == wanted
            || (!typographicFamilyName.isEmpty && typographicFamilyName.lowercased() == wanted)
    }
}
