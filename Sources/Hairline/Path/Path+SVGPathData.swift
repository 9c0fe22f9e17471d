// Path: SVG path data (the `d` attribute) -> Path. A single pass over the
// UTF-8 bytes, no backtracking; either the whole string parses or it throws
// with the byte offset of the first error (never a partial path).
// Grammar: SVG 2 "Path data" (§9.3.9) and SVG 1.1 §8.3 (packed arc flags,
// `.5.5`, `-1-2`); numbers are correctly rounded (Clinger's fast path, else
// the standard library's decimal parser).

extension Path {
    /// Parses SVG path data (the `d` attribute of `<path>`), in user space.
    ///
    /// Accepts the full SVG 1.1/2 grammar: `M L H V C S Q T A Z` and their
    /// relative lowercase forms, implicit repeats (extra pairs after `M`
    /// are `L`, after `m` are `l`), optional separators, compact numbers
    /// (`.5.5`, `-1-2`, `1e-3`), and packed arc flags (`a1 1 0 00 1 1`).
    /// `S` and `T` reflect the previous command's control point only after
    /// `C`/`S` (resp. `Q`/`T`). After `Z`, the next command starts at the
    /// closed subpath's start. Arc angles are in degrees, as in SVG. An
    /// empty or all-whitespace string gives an empty path.
    ///
    /// - Throws: `SVGPathError` with the UTF-8 byte offset of the first
    ///   error; no partial path is returned.
    /// - Complexity: O(n) in the length of the string.
    /// - Parameter svgPathData: the `d` attribute's text, coordinates in user space.
    public init(svgPathData: String) throws(SVGPathError) {
        var text = svgPathData
        let result: Result<Path, SVGPathError> = text.withUTF8 { bytes in
            var parser = SVGPathDataParser(bytes: bytes)
            do throws(SVGPathError) {
                return .success(try parser.parse())
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }
}

/// The state of one parse: the input, the path so far, and the points the
/// SVG rules need (current point, subpath start, last control points).
private struct SVGPathDataParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0
    var path = Path()
    /// The current point; after `Z`, the closed subpath's start.
    var current = Point.zero
    var subpathStart = Point.zero
    /// The second control point of the previous command if it was C or S.
    var lastCubicControl: Point?
    /// The control point of the previous command if it was Q or T.
    var lastQuadControl: Point?
    /// Whether the next argument is the first of its set (no separator
    /// may precede it).
    var isAtSetStart = true

    /// Degrees to radians, for the arc's x-axis rotation.
    static let radiansPerDegree = Double.pi / 180

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func parse() throws(SVGPathError) -> Path {
        skipWhitespace()
        guard position < bytes.count else { return path }
        let first = bytes[position]
        if first != UInt8(ascii: "M") && first != UInt8(ascii: "m") {
            if Self.isCommandLetter(first) || SVGNumberLexer.canStartNumber(first) {
                throw .missingMoveTo(at: position)
            }
            throw unexpectedCharacter(at: position)
        }
        while position < bytes.count {
            let letter = bytes[position]
            guard Self.isCommandLetter(letter) else { throw unexpectedCharacter(at: position) }
            position += 1
            skipWhitespace()
            try parseArguments(of: letter)
            skipWhitespace()
        }
        return path
    }

    /// Whether the byte is one of the twenty command letters.
    static func isCommandLetter(_ byte: UInt8) -> Bool {
        switch byte | 0x20 {  // ASCII lowercase
        case UInt8(ascii: "m"), UInt8(ascii: "z"), UInt8(ascii: "l"), UInt8(ascii: "h"), UInt8(ascii: "v"),
            UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "q"), UInt8(ascii: "t"), UInt8(ascii: "a"):
            return true
        default:
            return false
        }
    }

    /// Parses every argument set of one command (one or more, comma or
    /// whitespace between sets) and adds its segments.
    mutating func parseArguments(of letter: UInt8) throws(SVGPathError) {
        let command = Character(Unicode.Scalar(letter))
        let lower = letter | 0x20
        let relative = letter == lower
        if lower == UInt8(ascii: "z") {
            path.closeSubpath()
            current = subpathStart
            lastCubicControl = nil
            lastQuadControl = nil
            return
        }
        var isFirstSet = true
        while true {
            try parseSet(lower, relative: relative, isFirst: isFirstSet, command: command)
            isFirstSet = false
            let sawComma = skipSeparator()
            guard position < bytes.count, SVGNumberLexer.canStartNumber(bytes[position]) else {
                if sawComma { throw .missingNumber(command: command, at: position) }
                return
            }
        }
    }

    /// Parses one argument set of a command (lowercased in `lower`) and
    /// adds its segment.
    mutating func parseSet(_ lower: UInt8, relative: Bool, isFirst: Bool, command: Character) throws(SVGPathError) {
        let origin = relative ? current : .zero
        isAtSetStart = true
        var cubic: Point?
        var quad: Point?
        switch lower {
        case UInt8(ascii: "m"):
            let p = try point(command, origin)
            if isFirst {
                path.move(to: p)
                subpathStart = p
            } else {
                path.addLine(to: p)  // implicit line-to
            }
            current = p
        case UInt8(ascii: "l"):
            current = try point(command, origin)
            path.addLine(to: current)
        case UInt8(ascii: "h"):
            current = Point(x: origin.x + (try number(command)), y: current.y)
            path.addLine(to: current)
        case UInt8(ascii: "v"):
            current = Point(x: current.x, y: origin.y + (try number(command)))
            path.addLine(to: current)
        case UInt8(ascii: "c"), UInt8(ascii: "s"):
            let c1 =
                lower == UInt8(ascii: "c")
                ? try point(command, origin)
                : lastCubicControl.map { current * 2 - $0 } ?? current
            let c2 = try point(command, origin)
            current = try point(command, origin)
            path.addCurve(to: current, control1: c1, control2: c2)
            cubic = c2
        case UInt8(ascii: "q"), UInt8(ascii: "t"):
            let c =
                lower == UInt8(ascii: "q")
                ? try point(command, origin)
                : lastQuadControl.map { current * 2 - $0 } ?? current
            current = try point(command, origin)
            path.addQuadCurve(to: current, control: c)
            quad = c
        default:  // "a"
            let rx = try number(command), ry = try number(command), rotation = try number(command)
            let largeArc = try flag(command), sweep = try flag(command)
            current = try point(command, origin)
            path.addArc(
                to: current, radii: Size(width: rx, height: ry),
                rotation: rotation * Self.radiansPerDegree, largeArc: largeArc, sweep: sweep)
        }
        lastCubicControl = cubic
        lastQuadControl = quad
    }

    /// Reads an x, y pair and offsets it by `origin`.
    mutating func point(_ command: Character, _ origin: Point) throws(SVGPathError) -> Point {
        let x = try number(command)
        let y = try number(command)
        return Point(x: origin.x + x, y: origin.y + y)
    }

    /// Reads the next argument of the current set as a number, after the
    /// optional separator that may precede every argument but the first.
    mutating func number(_ command: Character) throws(SVGPathError) -> Double {
        if !isAtSetStart { skipSeparator() }
        isAtSetStart = false
        let start = position
        switch SVGNumberLexer.scan(bytes, from: position) {
        case .number(let value, let end):
            position = end
            return value
        case .outOfRange:
            throw .numberOutOfRange(at: start)
        case .none:
            throw .missingNumber(command: command, at: start)
        }
    }

    /// Reads the next argument as an arc flag: exactly one `0` or `1`.
    mutating func flag(_ command: Character) throws(SVGPathError) -> Bool {
        if !isAtSetStart { skipSeparator() }
        isAtSetStart = false
        guard position < bytes.count else { throw .missingNumber(command: command, at: position) }
        let byte = bytes[position]
        guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { throw .invalidFlag(at: position) }
        position += 1
        return byte == UInt8(ascii: "1")
    }

    mutating func skipWhitespace() {
        position = SVGNumberLexer.skipWhitespace(in: bytes, from: position)
    }

    /// Skips `comma-wsp?` and says whether it consumed a comma.
    @discardableResult
    mutating func skipSeparator() -> Bool {
        let separator = SVGNumberLexer.skipSeparator(in: bytes, from: position)
        position = separator.end
        return separator.hadComma
    }

    /// The error for the (possibly multi-byte) character at `offset`.
    func unexpectedCharacter(at offset: Int) -> SVGPathError {
        .unexpectedCharacter(SVGNumberLexer.character(in: bytes, at: offset), at: offset)
    }
}

/// The SVG/CSS number lexer, shared with the SVG reader (package access):
/// `sign? (digits ("." digits?)? | "." digits) (("e" | "E") sign? digits)?`.
/// An `e` not followed by an exponent ends the number before it.
package enum SVGNumberLexer {
    /// What `scan` found at an offset.
    package enum Token: Equatable {
        /// A finite number and the offset just past it.
        case number(Double, end: Int)
        /// A well-formed number whose value is infinite in `Double`.
        case outOfRange(end: Int)
        /// No number starts here.
        case none
    }

    /// Significant decimal digits that always fit in a `UInt64`.
    static let maximumExactDigits = 19
    /// Integers up to 2^53 convert to `Double` exactly.
    static let maximumExactMantissa: UInt64 = 1 << 53
    /// The powers of ten that are exact in `Double` (10^0 ... 10^22): one
    /// multiply or divide by them rounds correctly (Clinger 1990).
    static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]
    /// Exponent digits beyond this magnitude only matter to the slow path.
    static let exponentClamp = 100_000

    /// Whether the byte is SVG whitespace (space, tab, LF, FF, CR).
    @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// The offset of the first byte at or after `start` that is not SVG
    /// whitespace (`bytes.count` if there is none).
    package static func skipWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
        return position
    }

    /// Skips `comma-wsp?` (whitespace, at most one comma, whitespace) from
    /// `start`: the offset after it, and whether it held a comma.
    package static func skipSeparator(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (end: Int, hadComma: Bool) {
        let position = skipWhitespace(in: bytes, from: start)
        guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return (position, false) }
        return (skipWhitespace(in: bytes, from: position + 1), true)
    }

    /// Whether a number may start with this byte (digit, `.`, `+`, `-`).
    @inline(__always)
    package static func canStartNumber(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// Scans one number starting exactly at `start` (no whitespace skipped).
    /// The value is correctly rounded to the nearest `Double`.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Token {
        let count = bytes.count
        var i = start
        var negative = false
        if i < count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var isInexact = false
        var sawDigit = false
        func digit(_ i: Int) -> UInt64? {
            guard i < count else { return nil }
            let d = bytes[i] &- UInt8(ascii: "0")
            return d < 10 ? UInt64(d) : nil
        }
        while let d = digit(i) {
            sawDigit = true
            if significantDigits < maximumExactDigits {
                mantissa = mantissa * 10 + d
                if mantissa != 0 { significantDigits += 1 }
            } else {
                exponent += 1
                if d != 0 { isInexact = true }
            }
            i += 1
        }
        if i < count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while let d = digit(i) {
                sawDigit = true
                if significantDigits < maximumExactDigits {
                    mantissa = mantissa * 10 + d
                    exponent -= 1
                    if mantissa != 0 { significantDigits += 1 }
                } else if d != 0 {
                    isInexact = true
                }
                i += 1
            }
        }
        guard sawDigit else { return .none }
        if i < count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            var j = i + 1
            var exponentNegative = false
            if j < count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
                exponentNegative = bytes[j] == UInt8(ascii: "-")
                j += 1
            }
            if digit(j) != nil {
                var value = 0
                while let d = digit(j) {
                    if value < exponentClamp { value = value * 10 + Int(d) }
                    j += 1
                }
                exponent += exponentNegative ? -value : value
                i = j
            }
        }
        let value: Double
        if !isInexact, mantissa <= maximumExactMantissa, abs(exponent) < exactPowersOfTen.count {
            let m = Double(mantissa)
            value = exponent >= 0 ? m * exactPowersOfTen[exponent] : m / exactPowersOfTen[-exponent]
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            guard let parsed = Double(text) else { return .outOfRange(end: i) }
            return parsed.isFinite ? .number(parsed, end: i) : .outOfRange(end: i)
        }
        guard value.isFinite else { return .outOfRange(end: i) }
        return .number(negative ? -value : value, end: i)
    }

    /// The character whose UTF-8 encoding starts at `offset` (the
    /// replacement character for an invalid sequence), for error messages.
    package static func character(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Character {
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        let end = min(bytes.count, offset + length)
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
        return text.first ?? "\u{FFFD}"
    }
}
