// XML: attribute values with entity and character references replaced
// (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xNN;` and entities
// declared in the DOCTYPE), keeping a map from value bytes back to document
// offsets so that errors found later inside a value point at the right byte.
// Also the DOCTYPE reader that collects those declarations (XML 1.0 §4).

/// One attribute of a start tag.
struct XMLAttribute: Sendable {
    /// The qualified name as written.
    var name: String
    /// The value with references replaced (no other normalization).
    var value: String
    /// Byte offset of the name in the document.
    var offset: Int
    /// Byte offset of the value's first byte (just past the quote).
    var valueOffset: Int
    /// Where a reference was replaced: from `valueByte` in `value` on, bytes
    /// come from `documentOffset` on. Empty when the value has no references.
    var replacements: [(valueByte: Int, documentOffset: Int)] = []

    /// The document byte offset of byte `index` of `value`.
    func documentOffset(ofValueByte index: Int) -> Int {
        guard let last = replacements.last(where: { $0.valueByte <= index }) else { return valueOffset + index }
        return last.documentOffset + (index - last.valueByte)
    }
}

extension XMLTokenizer {
    /// The five entities XML predefines.
    static let predefinedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
    ]
    /// Digits beyond this make any character reference out of range; the
    /// cap keeps the accumulator from overflowing.
    static let maximumReferenceDigits = 8

    /// Reads a quoted value (the opening quote already consumed) into
    /// `attribute`, replacing references.
    mutating func readAttributeValue(into attribute: inout XMLAttribute, quote: UInt8) throws(SVGError) {
        var decoded: [UInt8] = []
        var runStart = position
        while true {
            guard position < bytes.count else {
                throw SVGError(.unterminated("attribute value"), at: attribute.valueOffset - 1)
            }
            let byte = bytes[position]
            if byte == quote {
                decoded.append(contentsOf: bytes[runStart..<position])
                position += 1
                break
            }
            if byte == UInt8(ascii: "<") {
                throw unexpected(at: position, expected: "attribute value text (write < as &lt;)")
            }
            if byte == UInt8(ascii: "&") {
                decoded.append(contentsOf: bytes[runStart..<position])
                let referenceStart = position
                let replacement = try readReference()
                attribute.replacements.append((decoded.count, referenceStart))
                decoded.append(contentsOf: replacement.utf8)
                attribute.replacements.append((decoded.count, position))
                runStart = position
                continue
            }
            position += 1
        }
        attribute.value = String(decoding: decoded, as: UTF8.self)
    }

    /// Reads `&name;`, `&#NN;` or `&#xNN;` at `position` and returns its
    /// replacement text.
    mutating func readReference() throws(SVGError) -> String {
        let start = position
        position += 1
        guard let end = bytes[position...].prefix(64).firstIndex(of: UInt8(ascii: ";")) else {
            throw unexpected(at: start, expected: "a reference such as &amp; (write & as &amp;)")
        }
        let body = String(decoding: bytes[position..<end], as: UTF8.self)
        position = end + 1
        if body.hasPrefix("#") {
            guard let scalar = Self.characterReference(body) else {
                throw SVGError(.invalidCharacterReference(body), at: start)
            }
            return String(Character(scalar))
        }
        var nameScanner = XMLTokenizer(bytes: Array(body.utf8))
        guard nameScanner.readName() == body else {
            throw unexpected(at: start, expected: "a reference such as &amp; (write & as &amp;)")
        }
        if let text = Self.predefinedEntities[body] { return text }
        guard let text = declaredEntities[body] else { throw SVGError(.unknownEntity(body), at: start) }
        expandedEntityBytes += text.utf8.count
        guard expandedEntityBytes <= Self.maximumEntityExpansion else {
            throw SVGError(.entityExpansionTooLarge(limit: Self.maximumEntityExpansion), at: start)
        }
        return text
    }

    /// The scalar of a character reference body (`#65`, `#x41`), if it
    /// names a character XML allows.
    static func characterReference(_ body: String) -> Unicode.Scalar? {
        var digits = Substring(body.dropFirst())
        var radix: UInt32 = 10
        if digits.first == "x" {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= maximumReferenceDigits,
            let value = UInt32(digits, radix: Int(radix)), let scalar = Unicode.Scalar(value)
        else { return nil }
        // XML 1.0 §2.2 Char: no control characters but tab, LF and CR.
        let isAllowed =
            value >= 0x20 ? (value != 0xFFFE && value != 0xFFFF) : (value == 0x9 || value == 0xA || value == 0xD)
        return isAllowed ? scalar : nil
    }

    // MARK: DOCTYPE

    /// Skips `<!DOCTYPE …>`, collecting `<!ENTITY name "value">`
    /// declarations from its internal subset (values are used literally;
    /// parameter and external entities are skipped).
    mutating func readDoctype() throws(SVGError) {
        let start = position
        position += "<!DOCTYPE".utf8.count
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                try skipQuoted(construct: "DOCTYPE", start: start)
            case UInt8(ascii: "["):
                position += 1
                try readInternalSubset(start: start)
            case UInt8(ascii: ">"):
                position += 1
                return
            default:
                position += 1
            }
        }
        throw SVGError(.unterminated("DOCTYPE"), at: start)
    }

    mutating func readInternalSubset(start: Int) throws(SVGError) {
        while true {
            skipWhitespace()
            guard position < bytes.count else { throw SVGError(.unterminated("DOCTYPE"), at: start) }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return
            } else if hasPrefix("<!--") {
                try skip(from: "<!--", past: "-->", construct: "comment")
            } else if hasPrefix("<?") {
                try skip(from: "<?", past: "?>", construct: "processing instruction")
            } else if hasPrefix("<!ENTITY") {
                try readEntityDeclaration(start: start)
            } else if hasPrefix("<!") {
                try skipDeclaration(start: start)
            } else if bytes[position] == UInt8(ascii: "%") {
                guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ";")) else {
                    throw SVGError(.unterminated("DOCTYPE"), at: start)
                }
                position = end + 1
            } else {
                throw unexpected(at: position, expected: "a markup declaration in the DOCTYPE")
            }
        }
    }

    mutating func readEntityDeclaration(start: Int) throws(SVGError) {
        position += "<!ENTITY".utf8.count
        skipWhitespace()
        if let name = readName() {
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                let valueStart = position + 1
                try skipQuoted(construct: "DOCTYPE", start: start)
                // XML 1.0 §4.2: the first declaration of an entity binds.
                if declaredEntities[name] == nil {
                    declaredEntities[name] = String(decoding: bytes[valueStart..<(position - 1)], as: UTF8.self)
                }
            }
        }
        try skipDeclaration(start: start)
    }

    /// Skips to just past the `>` that ends a markup declaration, stepping
    /// over quoted strings.
    mutating func skipDeclaration(start: Int) throws(SVGError) {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                try skipQuoted(construct: "DOCTYPE", start: start)
            } else {
                position += 1
                if byte == UInt8(ascii: ">") { return }
            }
        }
        throw SVGError(.unterminated("DOCTYPE"), at: start)
    }

    /// Skips a quoted string starting at `position`.
    mutating func skipQuoted(construct: String, start: Int) throws(SVGError) {
        let quote = bytes[position]
        guard let end = bytes[(position + 1)...].firstIndex(of: quote) else {
            throw SVGError(.unterminated(construct), at: start)
        }
        position = end + 1
    }
}
