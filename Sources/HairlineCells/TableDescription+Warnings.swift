// HairlineCells: what a table's text will not show as written, said before
// it is drawn: a detail text in the `default` layout (which has none), and
// characters no font has (drawn as the font's missing-glyph box), named
// with their code points, the text they are in and the font. Pure checks
// of the description (cmap lookups), no drawing.

import Hairline
import HairlineText

extension TableDescription {
    /// The most characters one warning lists (the rest are counted).
    static let maximumListedCharacters = 8
    /// The most warnings `warnings()` returns (the last one says how many
    /// more there were).
    public static let maximumWarningCount = 50

    /// What the table's text will not show as written, one sentence each
    /// (at most `maximumWarningCount`): a detail in the `default` layout,
    /// which draws none, and characters that neither the text's font nor
    /// `fontFallback` has, which draw as boxes.
    /// - Complexity: one cmap lookup per character of every text.
    public func warnings() -> [String] {
        var found: [String] = []
        func note(_ message: String) { found.append(message) }
        for view in [(headerView, "the header view's title"), (footerView, "the footer view's title")] {
            guard let v = view.0, let font = v.font ?? StandardFonts.bold else { continue }
            checkGlyphs(v.title, font: font, what: view.1, into: note)
        }
        for (s, section) in sections.enumerated() {
            if let title = section.headerTitle, let style = headerTitleStyle(ofSection: s) {
                checkGlyphs(title, font: style.font, what: "section \(s)'s header title", into: note)
            }
            if let title = section.footerTitle, let style = footerTitleStyle(ofSection: s) {
                checkGlyphs(title, font: style.font, what: "section \(s)'s footer title", into: note)
            }
            guard let textStyle = textStyle ?? CellTextStyle.standard(for: style(ofSection: s).layout) else { continue }
            let resolved = fontFallback.map { textStyle.withFallback($0) } ?? textStyle
            let font = resolved.font
            for (r, text) in section.texts.enumerated() where r < section.rowCount {
                guard let text else { continue }
                checkGlyphs(text.title, font: resolved.titleFont ?? font, what: "row \(s):\(r)'s title", into: note)
                guard let detail = text.detail, !detail.isEmpty else { continue }
                if text.layout == .default {
                    note(
                        "row \(s):\(r)'s detail \(EchoedText.quoted(detail)) is not drawn: the default layout has "
                            + "no detail text (subtitle, value1 and value2 draw one)")
                } else {
                    checkGlyphs(detail, font: font, what: "row \(s):\(r)'s detail", into: note)
                }
            }
            if found.count > Self.maximumWarningCount { break }
        }
        guard found.count > Self.maximumWarningCount else { return found }
        let more = found.count - (Self.maximumWarningCount - 1)
        return Array(found.prefix(Self.maximumWarningCount - 1)) + ["\(more) more warnings about the table's text"]
    }

    /// Notes the characters of `text` that neither `font` nor any font of
    /// its fallback (or the table's `fontFallback`) has.
    private func checkGlyphs(_ text: String, font: Font, what: String, into note: (String) -> Void) {
        var missing: [Unicode.Scalar] = []
        var seen = Set<UInt32>()
        for scalar in text.unicodeScalars where !Self.drawsNothing(scalar) && seen.insert(scalar.value).inserted {
            if font.glyph(for: scalar) != .notdef { continue }
            let fallback = font.fallback ?? fontFallback
            if let fallback {
                if fallback.fonts.contains(where: { $0.glyph(for: scalar) != .notdef }) { continue }
                if fallback.database?.fallbackFont(for: scalar) != nil { continue }
            }
            missing.append(scalar)
        }
        guard !missing.isEmpty else { return }
        let listed = missing.prefix(Self.maximumListedCharacters)
        let characters = String(String.UnicodeScalarView(listed))
        let codes = listed.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            .joined(separator: ", ")
        let rest = missing.count > listed.count ? " and \(missing.count - listed.count) more" : ""
        let name = font.fullName.isEmpty ? font.familyName : font.fullName
        note(
            "\(what) has characters \(EchoedText.quoted(characters)) (\(codes)\(rest)) that \(EchoedText.quoted(name)) "
                + "and its fallback fonts lack: drawn as boxes")
    }

    /// Whether `scalar` draws no glyph of its own (spaces, controls,
    /// format characters such as joiners and marks of direction).
    private static func drawsNothing(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}

private extension String {
    /// The string with zeros before it up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
