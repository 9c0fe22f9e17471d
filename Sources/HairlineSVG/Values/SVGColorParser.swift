// Values: CSS color text -> Color, through the package's one color
// parser (Hairline's `Color(css:)`, Surface/Color+CSS.swift: hex, rgb(),
// hsl(), named colors, transparent, icc-color fallbacks), shared with the
// table specs; and the whitespace rules the style sheet uses.

import Hairline

/// CSS colors (through the package's one parser, `Color(css:)`) and the
/// whitespace rules the style sheet shares.
enum SVGColorParser {
    /// The color `text` names, or `nil` if it is not a color this reader
    /// knows (`Color(css:)`). Case-insensitive; leading and trailing
    /// whitespace allowed.
    static func parse(_ text: String) -> Color? {
        Color(css: text)
    }

    /// `text` without SVG whitespace at either end.
    static func trimWhitespace(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
