// Values: attribute text -> numbers, number lists, keywords and lengths,
// with the SVG/CSS number grammar shared with the path-data parser
// (`SVGNumberLexer`, package access in Hairline). A failed scan leaves
// `position` at the offending byte so callers can report where.

import Hairline

/// A cursor over the UTF-8 bytes of one attribute value.
struct ValueScanner {
    let bytes: [UInt8]
    /// The byte offset of the next unread byte in the value.
    var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, if any.
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Skips SVG whitespace.
    mutating func skipWhitespace() {
        let start = position
        position = bytes.withUnsafeBufferPointer { SVGNumberLexer.skipWhitespace(in: $0, from: start) }
    }

    /// Skips `comma-wsp?` and says whether a comma was part of it.
    @discardableResult
    mutating func skipSeparator() -> Bool {
        let start = position
        let separator = bytes.withUnsafeBufferPointer { SVGNumberLexer.skipSeparator(in: $0, from: start) }
        position = separator.end
        return separator.hadComma
    }

    /// Consumes `byte` if it is next.
    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        position += 1
        return true
    }

    /// Reads a finite number at `position`; `nil` (without moving) if none
    /// starts there or it overflows.
    mutating func number() -> Double? {
        let token = bytes.withUnsafeBufferPointer { SVGNumberLexer.scan($0, from: position) }
        guard case .number(let value, let end) = token else { return nil }
        position = end
        return value
    }

    /// Reads an identifier (`[A-Za-z_-][A-Za-z0-9_-]*`), or `nil`.
    mutating func identifier() -> String? {
        func isLetter(_ b: UInt8) -> Bool {
            let lower = b | 0x20
            return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || b == UInt8(ascii: "-")
                || b == UInt8(ascii: "_")
        }
        guard let first = peek, isLetter(first) else { return nil }
        let start = position
        while let b = peek, isLetter(b) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Reads a whole value that is a list of numbers separated by
    /// `comma-wsp` (with optional surrounding whitespace). On failure
    /// returns `nil` with `position` at the first byte that does not fit.
    mutating func numberList() -> [Double]? {
        var numbers: [Double] = []
        skipWhitespace()
        while !isAtEnd {
            guard let value = number() else { return nil }
            numbers.append(value)
            let sawComma = skipSeparator()
            if sawComma, isAtEnd { return nil }
        }
        return numbers
    }

    /// Reads a whole value that is one number with an optional unit
    /// (surrounding whitespace allowed); `nil` if it is anything else.
    static func length(_ text: String) -> SVGLength? {
        var scanner = ValueScanner(text)
        scanner.skipWhitespace()
        guard let value = scanner.number() else { return nil }
        let unit: SVGLength.Unit
        if scanner.consume(UInt8(ascii: "%")) {
            unit = .percent
        } else if let name = scanner.identifier() {
            guard let known = SVGLength.Unit(rawValue: name.lowercased()), known != .percent else { return nil }
            unit = known
        } else {
            unit = .none
        }
        scanner.skipWhitespace()
        return scanner.isAtEnd ? SVGLength(value: value, unit: unit) : nil
    }
}

/// A CSS length as written: a number and its unit.
struct SVGLength: Equatable {
    /// The units SVG lengths may carry.
    enum Unit: String {
        case none = "", px, percent = "%", pt, pc, mm, cm, `in`, q, em, rem, ex, ch, vw, vh, vmin, vmax
    }
    var value: Double
    var unit: Unit

    /// CSS px (SVG user units) per unit for the absolute units (CSS Values
    /// 3: 1in = 96px = 72pt = 6pc = 2.54cm = 25.4mm = 101.6q); `nil` for
    /// relative units (percentages and font-relative ones).
    var userUnitsPerUnit: Double? {
        switch unit {
        case .none, .px: return 1
        case .pt: return 96.0 / 72
        case .pc: return 96.0 / 6
        case .in: return 96
        case .cm: return 96 / 2.54
        case .mm: return 96 / 25.4
        case .q: return 96 / 101.6
        case .percent, .em, .rem, .ex, .ch, .vw, .vh, .vmin, .vmax: return nil
        }
    }
}
