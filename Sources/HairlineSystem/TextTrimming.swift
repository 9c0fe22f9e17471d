// System: text helpers Foundation gave the CLI: trimming blanks (what
// `trimmingCharacters(in: .whitespaces)` removed: tabs, Unicode space
// separators (general category Zs) and U+200B ZERO WIDTH SPACE, once Zs and
// still in Foundation's set; line breaks stay), on Unicode scalars.

extension StringProtocol {
    /// The text without the tabs and space separators (Zs, U+200B) at its
    /// ends.
    public func trimmingBlanks() -> String {
        let scalars = unicodeScalars
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
        }
        guard let first = scalars.firstIndex(where: { !isBlank($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isBlank($0) })!
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[first...last])
        return String(result)
    }
}
