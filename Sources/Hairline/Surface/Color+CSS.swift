// Surface: CSS color text -> Color (sRGB, straight alpha, 0...1), the one
// color parser of the package (the SVG reader's and the table specs').
// Accepts `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with
// numbers or percentages (comma syntax, or CSS Color 4 space syntax with
// `/ alpha`), `hsl()`/`hsla()`, the named colors and `transparent`, each
// optionally followed by an `icc-color(…)` (SVG 1.1 §11.2: the sRGB color
// is drawn). Components outside their range clamp, as CSS specifies.
// Numbers are read by the SVG number grammar (SVGNumberLexer). Sources:
// CSS Color 3 and 4.

extension Color {
    /// The color CSS text names, or nil if it is not a color this parser
    /// knows: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb(…)`, `rgba(…)`,
    /// `hsl(…)`, `hsla(…)`, a named color (`teal`, `rebeccapurple`, …) or
    /// `transparent`, optionally followed by `icc-color(…)`, which is
    /// ignored. Case-insensitive; whitespace at either end allowed.
    /// - Parameter css: the color as CSS writes it.
    public init?(css: String) {
        guard let color = CSSColor.parse(css) else { return nil }
        self = color
    }
}

/// Parses CSS colors (Color(css:)).
enum CSSColor {
    /// The largest value of an 8-bit channel.
    static let channelMaximum = 255.0
    /// Percentages are out of this.
    static let percentScale = 100.0
    /// Degrees in a full turn, for `hsl()` hues.
    static let degreesPerTurn = 360.0

    static func parse(_ text: String) -> Color? {
        var bytes = Array(trimmed(text).lowercased().utf8)
        // `<color> icc-color(name, components…)`: the sRGB color.
        let icc = Array("icc-color(".utf8)
        if bytes.last == UInt8(ascii: ")"), let at = firstIndex(of: icc, in: bytes), at > 0,
            SVGNumberLexer.isWhitespace(bytes[at - 1])
        {
            bytes = Array(trimmed(String(decoding: bytes[..<at], as: UTF8.self)).utf8)
        }
        let string = String(decoding: bytes, as: UTF8.self)
        if string == "transparent" { return .clear }
        if bytes.first == UInt8(ascii: "#") { return hex(bytes.dropFirst()) }
        if let open = bytes.firstIndex(of: UInt8(ascii: "(")), bytes.last == UInt8(ascii: ")") {
            let name = String(decoding: bytes[..<open], as: UTF8.self)
            return function(name, Array(bytes[(open + 1)..<(bytes.count - 1)]))
        }
        guard let rgb = CSSNamedColors.table[string] else { return nil }
        return Color(
            red8: UInt8(truncatingIfNeeded: rgb >> 16), green8: UInt8(truncatingIfNeeded: rgb >> 8),
            blue8: UInt8(truncatingIfNeeded: rgb))
    }

    /// `text` without CSS whitespace at either end.
    static func trimmed(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var start = 0, end = bytes.count
        while start < end, SVGNumberLexer.isWhitespace(bytes[start]) { start += 1 }
        while end > start, SVGNumberLexer.isWhitespace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The first offset of `needle` in `bytes`, if any.
    static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        for i in 0...(bytes.count - needle.count) where bytes[i..<(i + needle.count)].elementsEqual(needle) {
            return i
        }
        return nil
    }

    /// `#` colors: 3, 4, 6 or 8 hex digits (lowercase: the text is).
    static func hex(_ digits: ArraySlice<UInt8>) -> Color? {
        var nibbles: [UInt8] = []
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibbles.append(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibbles.append(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        let channels: [UInt8]
        switch nibbles.count {
        case 3, 4: channels = nibbles.map { $0 * 17 }  // #abc is #aabbcc
        case 6, 8: channels = stride(from: 0, to: nibbles.count, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
        default: return nil
        }
        return Color(
            red8: channels[0], green8: channels[1], blue8: channels[2],
            alpha8: channels.count == 4 ? channels[3] : 255)
    }

    /// One functional component: its number and whether it had `%`.
    struct Component {
        var value: Double
        var isPercent: Bool
    }

    /// `rgb()`, `rgba()`, `hsl()`, `hsla()` of the bytes between the
    /// parentheses.
    static func function(_ name: String, _ inner: [UInt8]) -> Color? {
        guard let parts = components(inner), parts.count == 3 || parts.count == 4 else { return nil }
        let alpha = parts.count == 4 ? unit(parts[3].isPercent ? parts[3].value / percentScale : parts[3].value) : 1
        switch name {
        case "rgb", "rgba":
            // CSS Color 4 §5.1: the legacy comma syntax takes three numbers
            // or three percentages, never a mix (the space syntax may mix).
            if inner.contains(UInt8(ascii: ",")), Set(parts.prefix(3).map(\.isPercent)).count > 1 { return nil }
            func channel(_ c: Component) -> Double {
                unit(c.isPercent ? c.value / percentScale : c.value / channelMaximum)
            }
            return Color(red: channel(parts[0]), green: channel(parts[1]), blue: channel(parts[2]), alpha: alpha)
        case "hsl", "hsla":
            guard !parts[0].isPercent else { return nil }
            var hue = parts[0].value.truncatingRemainder(dividingBy: degreesPerTurn)
            if hue < 0 { hue += degreesPerTurn }
            let s = unit(parts[1].value / percentScale), l = unit(parts[2].value / percentScale)
            return hslToRGB(hue: hue / degreesPerTurn, saturation: s, lightness: l, alpha: alpha)
        default:
            return nil
        }
    }

    /// Splits `r, g, b[, a]` or `r g b [/ a]` into components.
    static func components(_ inner: [UInt8]) -> [Component]? {
        inner.withUnsafeBufferPointer { bytes -> [Component]? in
            var position = SVGNumberLexer.skipWhitespace(in: bytes, from: 0)
            var parts: [Component] = []
            func consume(_ byte: UInt8) -> Bool {
                guard position < bytes.count, bytes[position] == byte else { return false }
                position += 1
                return true
            }
            func isLetter(_ b: UInt8) -> Bool {
                let lower = b | 0x20
                return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || b == UInt8(ascii: "-")
                    || b == UInt8(ascii: "_")
            }
            while position < bytes.count {
                guard case .number(let value, let end) = SVGNumberLexer.scan(bytes, from: position) else { return nil }
                position = end
                let isPercent = consume(UInt8(ascii: "%"))
                if !isPercent, position < bytes.count, isLetter(bytes[position]) {
                    // Only a hue may carry a unit, and only degrees.
                    let start = position
                    while position < bytes.count,
                        isLetter(bytes[position])
                            || (bytes[position] >= UInt8(ascii: "0") && bytes[position] <= UInt8(ascii: "9"))
                    {
                        position += 1
                    }
                    let unit = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                    if unit != "deg" || !parts.isEmpty { return nil }
                }
                parts.append(Component(value: value, isPercent: isPercent))
                position = SVGNumberLexer.skipWhitespace(in: bytes, from: position)
                if consume(UInt8(ascii: ",")) || consume(UInt8(ascii: "/")) {
                    position = SVGNumberLexer.skipWhitespace(in: bytes, from: position)
                    if position >= bytes.count { return nil }
                }
            }
            return parts
        }
    }

    /// Clamps to 0...1 (NaN to 0).
    static func unit(_ v: Double) -> Double { v > 0 ? min(v, 1) : 0 }

    /// CSS Color 3 §4.2.4's HSL to RGB, all in 0...1.
    static func hslToRGB(hue h: Double, saturation s: Double, lightness l: Double, alpha: Double) -> Color {
        let t2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
        let t1 = l * 2 - t2
        func channel(_ hue: Double) -> Double {
            var h = hue
            if h < 0 { h += 1 }
            if h > 1 { h -= 1 }
            if h * 6 < 1 { return t1 + (t2 - t1) * h * 6 }
            if h * 2 < 1 { return t2 }
            if h * 3 < 2 { return t1 + (t2 - t1) * (2.0 / 3 - h) * 6 }
            return t1
        }
        return Color(red: channel(h + 1.0 / 3), green: channel(h), blue: channel(h - 1.0 / 3), alpha: alpha)
    }
}
