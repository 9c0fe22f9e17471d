// Support: user text echoed in messages. Anything a user gave (a key, a
// file name, a resolved path, an attribute value, a font family) is shown
// cut to a bounded length and with control characters escaped, so that a
// 1 MB key makes a one-line message and an escape sequence in a file name
// cannot reach the terminal.

/// How messages show text that came from a user or a file.
public enum EchoedText {
    /// The most characters of a value shown before `…`.
    public static let maximumLength = 60

    /// `value` as shown in a message: at most `maximumLength` characters
    /// (then `…`), control characters (C0, DEL, C1) and U+2028/U+2029
    /// escaped as `\u{1B}`, backslashes left as they are.
    /// - Complexity: O(`maximumLength`), whatever the length of `value`.
    public static func shown(_ value: some StringProtocol, limit: Int = maximumLength) -> String {
        var result = ""
        var count = 0
        for scalar in value.unicodeScalars {
            if count == max(0, limit) {
                result += "…"
                return result
            }
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                result += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return result
    }

    /// `shown(value)` between single quotes.
    public static func quoted(_ value: some StringProtocol, limit: Int = maximumLength) -> String {
        "'" + shown(value, limit: limit) + "'"
    }
}
