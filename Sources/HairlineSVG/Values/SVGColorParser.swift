// Values: CSS color text -> Color (sRGB, straight alpha, 0...1). Accepts
// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` with numbers or
// percentages (comma or CSS Color 4 space syntax with `/ alpha`),
// `hsl()`/`hsla()`, the named colors and `transparent`, each optionally
// followed by an `icc-color(…)` (ignored). Components outside
// their range clamp, as CSS specifies. Source: CSS Color 3 and 4.

import Hairline

/// Parses CSS colors.
enum SVGColorParser {
    /// The largest value of an 8-bit channel.
    static let channelMaximum = 255.0
    /// Percentages are out of this.
    static let percentScale = 100.0
    /// Degrees in a full turn, for `hsl()` hues.
    static let degreesPerTurn = 360.0

    /// The color `text` names, or `nil` if it is not a color this reader
    /// knows. Case-insensitive; leading and trailing whitespace allowed.
    static func parse(_ text: String) -> Color? {
        var trimmed = trimWhitespace(text).lowercased()
        // SVG 1.1 §11.2: `<color> icc-color(name, components…)` draws the
        // sRGB color when the profile is not used (it never is here).
        if let icc = trimmed.range(of: "icc-color("), icc.lowerBound > trimmed.startIndex, trimmed.hasSuffix(")"),
           let last = trimmed[..<icc.lowerBound].utf8.last, isSpace(last) {
            trimmed = trimWhitespace(String(trimmed[..<icc.lowerBound]))
        }
        if trimmed == "transparent" { return .clear }
        if trimmed.hasPrefix("#") { return hex(trimmed.utf8.dropFirst()) }
        if let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") {
            let name = trimmed[..<open]
            let inner = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
            return function(String(name), inner)
        }
        guard let rgb = SVGNamedColors.table[trimmed] else { return nil }
        return Color(
            red8: UInt8(truncatingIfNeeded: rgb >> 16), green8: UInt8(truncatingIfNeeded: rgb >> 8),
            blue8: UInt8(truncatingIfNeeded: rgb))
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

    /// `#` colors: 3, 4, 6 or 8 hex digits.
    static func hex(_ digits: Substring.UTF8View) -> Color? {
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
        return Color(red8: channels[0], green8: channels[1], blue8: channels[2],
                     alpha8: channels.count == 4 ? channels[3] : 255)
    }

    /// One functional component: its number and whether it had `%`.
    struct Component {
        var value: Double
        var isPercent: Bool
    }

    /// `rgb()`, `rgba()`, `hsl()`, `hsla()`.
    static func function(_ name: String, _ inner: String) -> Color? {
        guard let parts = components(inner), parts.count == 3 || parts.count == 4 else { return nil }
        let alpha = parts.count == 4 ? unit(parts[3].isPercent ? parts[3].value / percentScale : parts[3].value) : 1
        switch name {
        case "rgb", "rgba":
            // CSS Color 4 §5.1: the legacy comma syntax takes three numbers
            // or three percentages, never a mix (the space syntax may mix).
            if inner.contains(","), Set(parts.prefix(3).map(\.isPercent)).count > 1 { return nil }
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
    static func components(_ inner: String) -> [Component]? {
        var scanner = ValueScanner(inner)
        var parts: [Component] = []
        scanner.skipWhitespace()
        while !scanner.isAtEnd {
            guard let value = scanner.number() else { return nil }
            let isPercent = scanner.consume(UInt8(ascii: "%"))
            // Only a hue may carry a unit, and only degrees.
            if !isPercent, let unit = scanner.identifier(), unit != "deg" || !parts.isEmpty { return nil }
            parts.append(Component(value: value, isPercent: isPercent))
            scanner.skipWhitespace()
            if scanner.consume(UInt8(ascii: ",")) || scanner.consume(UInt8(ascii: "/")) {
                scanner.skipWhitespace()
                if scanner.isAtEnd { return nil }
            }
        }
        return parts
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
