// Font stage (variable fonts): CSS's words for axis values. A
// `font-variation-settings` value (text) -> axis settings; a `font-stretch`
// width class -> the `wdth` percentage; the default oblique angle. Grammar:
// CSS Fonts 4 §7.2 (`normal | [ <string> <number> ]#`, each string four
// ASCII characters); width classes: CSS Fonts 4 §2.4's table.

extension FontStyle {
    /// `font-stretch`'s percentages for width classes 1 ... 9 (CSS Fonts 4
    /// §2.4: ultra-condensed 50% ... ultra-expanded 200%).
    static let widthPercents: [Double] = [50, 62.5, 75, 87.5, 100, 112.5, 125, 150, 200]

    /// CSS `font-style: oblique`'s angle when none is given, in degrees.
    public static let defaultObliqueAngle = 14.0

    /// The `font-stretch` percentage of width class `widthClass` (1 ... 9,
    /// clamped; 5 is 100%).
    public static func widthPercent(ofClass widthClass: Int) -> Double {
        widthPercents[min(max(widthClass, 1), 9) - 1]
    }
}

extension FontVariation {
    /// Settings whose values are larger than this (in magnitude) are
    /// refused: no axis reaches it, and it keeps arithmetic finite.
    static let maximumMagnitude = 1e6

    /// The settings of a CSS `font-variation-settings` value: `normal`
    /// (none), or a comma list of a quoted four-character tag and a number
    /// each; nil if the text is not of that grammar.
    /// - Parameter css: the property's value text.
    public static func list(css: String) -> [FontVariation]? {
        let text = css.trimmingWhitespace()
        if text.lowercased() == "normal" { return [] }
        var settings: [FontVariation] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let part = Substring(item.trimmingWhitespace())
            guard let quote = part.first, quote == "\"" || quote == "'" else { return nil }
            let rest = part.dropFirst()
            guard let close = rest.firstIndex(of: quote) else { return nil }
            let tag = rest[..<close]
            guard tag.unicodeScalars.count == 4, tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value <= 0x7E })
            else {
                return nil
            }
            let number = rest[rest.index(after: close)...].trimmingWhitespace()
            guard let value = Double(number), value.isFinite, abs(value) <= maximumMagnitude else { return nil }
            settings.append(FontVariation(String(tag), value))
        }
        return settings
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}"
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
