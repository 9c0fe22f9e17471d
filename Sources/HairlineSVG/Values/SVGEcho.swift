// Values: user text -> the form messages echo it in. Every value an
// SVGError or SVGWarning quotes goes through `SVGEcho.quote`, so a hostile
// document cannot flood a log (values are cut to `maxScalars` scalars and
// `…`) or drive a terminal (control characters are written `\u{1B}`).

/// Makes user text safe to quote in an error or warning message.
enum SVGEcho {
    /// How many Unicode scalars of a value a message quotes: enough to
    /// recognise any real attribute value, short enough for one log line.
    static let maxScalars = 60

    /// `text` cut to `maxScalars` scalars (then `…`), with every control
    /// character (C0, DEL, C1) written as a Swift escape, `\u{1B}`.
    /// Complexity: O(min(n, maxScalars)).
    static func quote(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == maxScalars {
                result += "…"
                break
            }
            count += 1
            if isControl(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// C0 controls (including tab and newline: a message is one line),
    /// DEL and the C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value < 0xA0)
    }
}
