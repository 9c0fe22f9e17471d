// Support: user text echoed in messages. Anything a user gave (a key, a
// file name, a resolved path, an attribute value, a font family) is shown
// cut to a bounded length and with control characters escaped, so that a
// 1 MB key makes a one-line message and an escape sequence in a file name
// cannot reach the terminal.

/// How messages show text that came from a user or a file.
public enum EchoedText {
    /// The most characters of a value shown before `…`.
    public static let maximumLength = 60

    /// `value` as shown in a message: at most `limit` characters; a
    /// longer value keeps its first third and its last two thirds around
    /// `…` (so a long path still shows its file name); control characters
    /// (C0, DEL, C1) and U+2028/U+2029 escaped as `\u{1B}`.
    /// - Complexity: O(`limit`), whatever the length of `value`.
    public static func shown(_ value: some StringProtocol, limit: Int = maximumLength) -> String {
        let scalars = value.unicodeScalars
        let limit = max(2, limit)
        // Whether the value is longer than the limit, looking no further.
        var index = scalars.startIndex, count = 0
        while index != scalars.endIndex, count <= limit {
            scalars.formIndex(after: &index)
            count += 1
        }
        guard count > limit else { return escaped(scalars) }
        let headCount = limit / 3, tailCount = limit - headCount - 1
        let headEnd = scalars.index(scalars.startIndex, offsetBy: headCount)
        let tailStart = scalars.index(scalars.endIndex, offsetBy: -tailCount)
        return escaped(scalars[..<headEnd]) + "…" + escaped(scalars[tailStart...])
    }

    /// `scalars` with control characters escaped.
    private static func escaped(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var result = ""
        for scalar in scalars {
            let v = scalar.value
            if v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 {
                result += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `shown(value)` between single quotes.
    public static func quoted(_ value: some StringProtocol, limit: Int = maximumLength) -> String {
        "'" + shown(value, limit: limit) + "'"
    }
}
