// HairlineTableSpec: JSON text -> JSONValue, strictly as RFC 8259 defines
// it: objects, arrays, strings (every escape, surrogate pairs joined, lone
// surrogates and raw control characters refused, UTF-8 checked), numbers
// in the RFC's grammar, true, false, null; nothing after the value. Also
// refused: duplicate keys and nesting deeper than `maximumDepth`. Every
// value keeps its line and column; every fault throws
// `TableSpecError.syntax` with the path being read and the fault's place.
// One pass over the bytes, recursion only per nesting level.

/// Parses JSON text.
struct JSONParser {
    /// The most arrays and objects nested in one another (the spec format
    /// needs 6; this bounds the recursion).
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var column = 1
    /// The path of the value being read, for messages.
    private var path = JSONPath.root

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses `bytes` (UTF-8; a leading byte-order mark is skipped) as one
    /// JSON value with optional whitespace around it.
    /// - Throws: `TableSpecError.syntax` or `.duplicateKey` at the first
    ///   fault.
    /// - Complexity: O(bytes.count).
    static func parse(_ bytes: [UInt8]) throws(TableSpecError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.syntaxError(expected: "the end of the text after the value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(depth: Int) throws(TableSpecError) -> JSONValue {
        let start = location
        switch current ?? 0 {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return JSONValue(kind: .string(try parseString()), location: start)
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw syntaxError(expected: "a value (an object, array, string, number, true, false or null)")
        }
    }

    private mutating func parseObject(depth: Int) throws(TableSpecError) -> JSONValue {
        let start = location
        guard depth < JSONParser.maximumDepth else {
            throw syntaxError(expected: "at most \(JSONParser.maximumDepth) arrays and objects nested in one another")
        }
        advance()
        var members: [JSONMember] = []
        var seen: [String: SpecLocation] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            advance()
            return JSONValue(kind: .object([]), location: start)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else {
                throw syntaxError(
                    expected: members.isEmpty
                        ? "a key in double quotes or '}'"
                        : "a key in double quotes after ','")
            }
            let keyLocation = location
            let key = try parseString()
            if let first = seen[key] {
                throw .duplicateKey(path: path.appending(key).description, key: key, at: keyLocation, firstAt: first)
            }
            seen[key] = keyLocation
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw syntaxError(expected: "':' after the key") }
            advance()
            skipWhitespace()
            let outer = path
            path = path.appending(key)
            let value = try parseValue(depth: depth + 1)
            path = outer
            members.append(JSONMember(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
            } else if current == UInt8(ascii: "}") {
                advance()
                return JSONValue(kind: .object(members), location: start)
            } else {
                throw syntaxError(expected: "',' or '}' after the value of \(JSONValue.quoted(key))")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(TableSpecError) -> JSONValue {
        let start = location
        guard depth < JSONParser.maximumDepth else {
            throw syntaxError(expected: "at most \(JSONParser.maximumDepth) arrays and objects nested in one another")
        }
        advance()
        var items: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            advance()
            return JSONValue(kind: .array([]), location: start)
        }
        let outer = path
        while true {
            skipWhitespace()
            path = outer.appending(items.count)
            if current == UInt8(ascii: "]") { throw syntaxError(expected: "a value after ','") }
            items.append(try parseValue(depth: depth + 1))
            path = outer
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                advance()
            } else if current == UInt8(ascii: "]") {
                advance()
                return JSONValue(kind: .array(items), location: start)
            } else {
                throw syntaxError(expected: "',' or ']' after element \(items.count - 1)")
            }
        }
    }

    private mutating func parseLiteral(_ word: String, _ kind: JSONValue.Kind) throws(TableSpecError) -> JSONValue {
        let start = location
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
        else {
            throw syntaxError(expected: "a value (an object, array, string, number, true, false or null)")
        }
        for _ in 0..<expected.count { advance() }
        return JSONValue(kind: kind, location: start)
    }

    // MARK: Numbers

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func parseNumber() throws(TableSpecError) -> JSONValue {
        let start = location, begin = index
        if current == UInt8(ascii: "-") { advance() }
        guard isDigit(current) else { throw syntaxError(expected: "a digit after '-'") }
        if current == UInt8(ascii: "0") {
            advance()
            if isDigit(current) {
                throw syntaxError(expected: "no digit after a leading 0 (numbers have no leading zeros)")
            }
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { throw syntaxError(expected: "a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { throw syntaxError(expected: "a digit in the exponent") }
            skipDigits()
        }
        let literal = String(decoding: bytes[begin..<index], as: UTF8.self)
        // The grammar above is a subset of what Double parses; a literal
        // beyond its range parses to ±infinity (refused by the reader).
        let value = Double(literal) ?? .nan
        return JSONValue(kind: .number(value, literal: literal), location: start)
    }

    private func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while isDigit(current) { advance() }
    }

    // MARK: Strings

    /// A string from its opening quote through its closing one.
    private mutating func parseString() throws(TableSpecError) -> String {
        advance()
        var buffer: [UInt8] = []
        while true {
            guard let byte = current else { throw syntaxError(expected: "'\"' to close the string") }
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                // Checked as it was copied: valid UTF-8.
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw syntaxError(expected: "a character or an escape (control characters must be escaped)")
            case 0x80...:
                try copyScalar(into: &buffer)
            default:
                buffer.append(byte)
                advance()
            }
        }
    }

    /// One escape, from its backslash.
    private mutating func parseEscape(into buffer: inout [UInt8]) throws(TableSpecError) {
        let start = location
        advance()
        guard let escape = current else { throw syntaxError(expected: "an escape character after '\\'") }
        let simple: UInt8?
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): simple = escape
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw syntaxError(expected: "one of \" \\ / b f n r t u after '\\'")
        }
        advance()
        if let simple {
            buffer.append(simple)
            return
        }
        let unit = try parseHexQuad()
        var scalarValue = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate: a low one must follow as its own escape.
            let low =
                index + 6 <= bytes.count && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
                ? JSONParser.hexValue(bytes[(index + 2)..<(index + 6)]) : nil
            guard let low, (0xDC00...0xDFFF).contains(low) else {
                throw .syntax(
                    path: path.description,
                    expected: "a \\u escape of a low surrogate (DC00...DFFF) after the high surrogate",
                    found: "\\u" + JSONParser.hex(unit) + " alone", at: start)
            }
            for _ in 0..<6 { advance() }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw .syntax(
                path: path.description, expected: "a high surrogate (D800...DBFF) before a low surrogate",
                found: "\\u" + JSONParser.hex(unit) + " alone", at: start)
        default:
            break
        }
        // Surrogates are handled above: every other value is a scalar.
        if let scalar = Unicode.Scalar(scalarValue) { buffer.append(contentsOf: String(Character(scalar)).utf8) }
    }

    /// Four hexadecimal digits after `\u`.
    private mutating func parseHexQuad() throws(TableSpecError) -> UInt16 {
        guard index + 4 <= bytes.count, let value = JSONParser.hexValue(bytes[index..<(index + 4)]) else {
            throw syntaxError(expected: "four hexadecimal digits after '\\u'")
        }
        for _ in 0..<4 { advance() }
        return value
    }

    /// The value of four hexadecimal digits, or nil.
    private static func hexValue(_ digits: ArraySlice<UInt8>) -> UInt16? {
        var value: UInt16 = 0
        for d in digits {
            let nibble: UInt8
            switch d {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = d - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = d - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = d - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(nibble)
        }
        return value
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Copies one multi-byte UTF-8 scalar, checking it: a lead byte, the
    /// continuation bytes it announces, no overlong form, no surrogate,
    /// nothing past U+10FFFF.
    private mutating func copyScalar(into buffer: inout [UInt8]) throws(TableSpecError) {
        let lead = bytes[index]
        let count: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: (count, scalar) = (2, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (count, scalar) = (3, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (count, scalar) = (4, UInt32(lead & 0x07))
        default: throw syntaxError(expected: "UTF-8 text")
        }
        guard index + count <= bytes.count else { throw syntaxError(expected: "UTF-8 text") }
        for k in 1..<count {
            let continuation = bytes[index + k]
            guard continuation & 0xC0 == 0x80 else { throw syntaxError(expected: "UTF-8 text") }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        let minimum: UInt32 = count == 3 ? 0x800 : count == 4 ? 0x10000 : 0x80
        guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            throw syntaxError(expected: "UTF-8 text")
        }
        buffer.append(contentsOf: bytes[index..<(index + count)])
        for _ in 0..<count { advance() }
    }

    // MARK: Position

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private var location: SpecLocation { SpecLocation(line: line, column: column) }

    /// Moves past one byte, keeping the line and column (columns count
    /// the bytes that start a scalar).
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    /// Skips JSON whitespace: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while let byte = current,
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        {
            advance()
        }
    }

    /// A syntax error at the current byte.
    private func syntaxError(expected: String) -> TableSpecError {
        .syntax(path: path.description, expected: expected, found: foundHere, at: location)
    }

    /// The longest word quoted in a message, in bytes.
    private static let maximumWordLength = 16

    /// What is at the current byte, for messages: a word of letters and
    /// digits, one printable character, a named control character, or a
    /// byte that is not UTF-8.
    private var foundHere: String {
        guard let byte = current else { return "the end of the text" }
        func isWordByte(_ b: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
        }
        if isWordByte(byte) {
            let word = bytes[index...].prefix(while: isWordByte).prefix(JSONParser.maximumWordLength)
            return "'" + String(decoding: word, as: UTF8.self) + "'"
        }
        switch byte {
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0..<0x20, 0x7F: return "the control character U+00" + JSONParser.hex(UInt16(byte)).suffix(2)
        case 0x21..<0x7F: return "'" + String(UnicodeScalar(byte)) + "'"
        default:
            // A whole scalar if the bytes are UTF-8, else the byte.
            let tail = bytes[index...].prefix(4)
            if let scalar = String(validating: tail.prefix(JSONParser.utf8Length(of: byte)), as: UTF8.self),
                let first = scalar.unicodeScalars.first
            {
                // C1 controls and line separators are named, not echoed.
                if (0x80...0x9F).contains(first.value) || first.value == 0x2028 || first.value == 0x2029 {
                    return "the control character U+" + JSONParser.hex(UInt16(first.value))
                }
                return "'" + scalar + "'"
            }
            return "the byte 0x" + JSONParser.hex(UInt16(byte)).suffix(2) + " (not UTF-8)"
        }
    }

    /// The length of the UTF-8 sequence a lead byte announces (1 for a
    /// byte that is not a lead byte).
    private static func utf8Length(of lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }
}
