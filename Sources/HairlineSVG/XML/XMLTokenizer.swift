// XML: document bytes -> start and end tags with decoded attributes, in
// order, and, where the caller asks for it (inside `<text>`), character
// data with references replaced, line ends normalized and CDATA sections
// as text. Elsewhere skips text and CDATA; always skips comments,
// processing instructions (`<?xml ?>`) and the DOCTYPE (keeping its simple
// internal entity declarations); checks tag syntax and throws `SVGError`
// at the byte offset of the first fault. Follows XML 1.0 (5th ed.) for the
// constructs an SVG file uses.

/// A start tag: `<name attr="value" …>` or `<name … />`.
struct XMLStartTag: Sendable {
    /// The qualified name as written (`rect`, `svg:rect`, `sodipodi:namedview`).
    var name: String
    /// Byte offset of the `<`.
    var offset: Int
    /// The attributes in document order, values with references replaced.
    var attributes: [XMLAttribute]
    /// Whether the tag ends with `/>` (an element with no content).
    var isSelfClosing: Bool
}

/// One lexical unit of the element structure.
enum XMLToken: Sendable {
    case startTag(XMLStartTag)
    /// `</name>`; the offset is the `<`'s.
    case endTag(name: String, offset: Int)
    /// Character data (only when asked for): references replaced, CR LF
    /// and CR read as LF (XML 1.0 §2.11); a CDATA section's content as
    /// written. The offset is its first byte's.
    case text(String, offset: Int)
}

/// Reads tags one at a time from UTF-8 bytes. Errors carry byte offsets.
struct XMLTokenizer {
    let bytes: [UInt8]
    var position = 0
    /// General entities declared in the DOCTYPE's internal subset.
    var declaredEntities: [String: String] = [:]
    /// Bytes of declared-entity text substituted so far, against
    /// `maximumEntityExpansion`.
    var expandedEntityBytes = 0

    /// The most declared-entity text substituted into one document, in
    /// bytes. Entities do not nest here, but one long value referenced
    /// many times could still grow a small file enormously.
    static let maximumEntityExpansion = 1 << 20

    /// The UTF-8 byte order mark, skipped at the start.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: Self.byteOrderMark) { position = Self.byteOrderMark.count }
    }

    /// The next tag, or `nil` at the end of the input. With
    /// `keepingText`, character data and CDATA sections before the next
    /// tag come first, as `.text` tokens; without, they are skipped.
    mutating func next(keepingText: Bool = false) throws(SVGError) -> XMLToken? {
        while true {
            if keepingText, position < bytes.count, bytes[position] != UInt8(ascii: "<") {
                return try readText()
            }
            guard let open = bytes[position...].firstIndex(of: UInt8(ascii: "<")) else {
                position = bytes.count
                return nil
            }
            position = open
            if hasPrefix("<!--") {
                try skip(from: "<!--", past: "-->", construct: "comment")
            } else if hasPrefix("<![CDATA[") {
                let start = position
                try skip(from: "<![CDATA[", past: "]]>", construct: "CDATA section")
                if keepingText {
                    let content = (start + "<![CDATA[".utf8.count)..<(position - "]]>".utf8.count)
                    return .text(
                        String(decoding: Self.normalizingLineEnds(bytes[content]), as: UTF8.self),
                        offset: content.lowerBound)
                }
            } else if hasPrefix("<?") {
                try skip(from: "<?", past: "?>", construct: "processing instruction")
            } else if hasPrefix("<!DOCTYPE") {
                try readDoctype()
            } else if hasPrefix("<!") {
                throw unexpected(at: position + 1, expected: "a comment, CDATA section or DOCTYPE after <!")
            } else if hasPrefix("</") {
                return try readEndTag()
            } else {
                return .startTag(try readStartTag())
            }
        }
    }

    // MARK: Tags

    mutating func readStartTag() throws(SVGError) -> XMLStartTag {
        let start = position
        position += 1
        guard let name = readName() else { throw SVGError(.expectedName, at: position) }
        var tag = XMLStartTag(name: name, offset: start, attributes: [], isSelfClosing: false)
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw SVGError(.unterminated("start tag"), at: start) }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return tag
            }
            if hasPrefix("/>") {
                position += 2
                tag.isSelfClosing = true
                return tag
            }
            guard hadSpace else { throw unexpected(at: position, expected: "whitespace, \">\" or \"/>\"") }
            let attribute = try readAttribute(tagStart: start)
            if tag.attributes.contains(where: { $0.name == attribute.name }) {
                throw SVGError(.duplicateAttribute(attribute.name), at: attribute.offset)
            }
            tag.attributes.append(attribute)
        }
    }

    mutating func readAttribute(tagStart: Int) throws(SVGError) -> XMLAttribute {
        let nameOffset = position
        guard let name = readName() else { throw unexpected(at: position, expected: "an attribute name") }
        skipWhitespace()
        guard position < bytes.count else { throw SVGError(.unterminated("start tag"), at: tagStart) }
        guard bytes[position] == UInt8(ascii: "=") else {
            throw unexpected(at: position, expected: "\"=\" after \(name)")
        }
        position += 1
        skipWhitespace()
        guard position < bytes.count else { throw SVGError(.unterminated("start tag"), at: tagStart) }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw SVGError(.unquotedAttributeValue(attribute: name), at: position)
        }
        position += 1
        var attribute = XMLAttribute(name: name, value: "", offset: nameOffset, valueOffset: position)
        try readAttributeValue(into: &attribute, quote: quote)
        return attribute
    }

    mutating func readEndTag() throws(SVGError) -> XMLToken {
        let start = position
        position += 2
        guard let name = readName() else { throw SVGError(.expectedName, at: position) }
        skipWhitespace()
        guard position < bytes.count else { throw SVGError(.unterminated("end tag"), at: start) }
        guard bytes[position] == UInt8(ascii: ">") else {
            throw unexpected(at: position, expected: "\">\" to end </\(name)>")
        }
        position += 1
        return .endTag(name: name, offset: start)
    }

    // MARK: Character data

    /// Reads character data from `position` up to the next `<` (or the
    /// end), replacing references and normalizing line ends.
    mutating func readText() throws(SVGError) -> XMLToken {
        let start = position
        var decoded: [UInt8] = []
        var runStart = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<") {
            guard bytes[position] == UInt8(ascii: "&") else {
                position += 1
                continue
            }
            decoded.append(contentsOf: Self.normalizingLineEnds(bytes[runStart..<position]))
            decoded.append(contentsOf: try readReference().utf8)
            runStart = position
        }
        decoded.append(contentsOf: Self.normalizingLineEnds(bytes[runStart..<position]))
        return .text(String(decoding: decoded, as: UTF8.self), offset: start)
    }

    /// `bytes` with CR LF and lone CR as LF (XML 1.0 §2.11: what a parser
    /// hands on; references to CR are not affected).
    static func normalizingLineEnds(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        guard bytes.contains(cr) else { return Array(bytes) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previousWasCR = false
        for byte in bytes {
            if byte == lf, previousWasCR {
                previousWasCR = false
                continue
            }
            result.append(byte == cr ? lf : byte)
            previousWasCR = byte == cr
        }
        return result
    }

    // MARK: Lexical helpers

    /// Whether the bytes at `position` start with `prefix` (ASCII).
    func hasPrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { p in
            for i in 0..<count where bytes[position + i] != p[i] { return false }
            return true
        }
    }

    /// Moves past the `opener` at `position` and then past the next
    /// `terminator`, or throws `unterminated(construct)` at the opener.
    mutating func skip(from opener: StaticString, past terminator: StaticString, construct: String) throws(SVGError) {
        let start = position
        let first = terminator.utf8Start.pointee
        position += opener.utf8CodeUnitCount
        while let candidate = bytes[position...].firstIndex(of: first) {
            position = candidate
            if hasPrefix(terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw SVGError(.unterminated(construct), at: start)
    }

    static func isNameStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    static func isNameCharacter(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Reads an XML name at `position`, or returns `nil` without moving.
    mutating func readName() -> String? {
        guard position < bytes.count, Self.isNameStart(bytes[position]) else { return nil }
        let start = position
        while position < bytes.count, Self.isNameCharacter(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Skips XML whitespace and says whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        return position > start
    }

    /// The character starting at `offset` (U+FFFD if not valid UTF-8), or
    /// nil at the end of the input.
    func character(at offset: Int) -> Character? {
        guard offset < bytes.count else { return nil }
        let lead = bytes[offset]
        let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        let end = min(bytes.count, offset + length)
        return String(decoding: bytes[offset..<end], as: UTF8.self).first
    }

    /// An `unexpectedCharacter` error at `offset` (or `unterminated` at
    /// the end of the input).
    func unexpected(at offset: Int, expected: String) -> SVGError {
        guard let c = character(at: offset) else { return SVGError(.unterminated("markup"), at: offset) }
        return SVGError(.unexpectedCharacter(c, expected: expected), at: offset)
    }
}
