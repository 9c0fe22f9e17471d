// XML: document bytes -> the same bytes with each reference to an internal
// entity whose text holds markup (`<!ENTITY r "<rect …/>">`, used as `&r;`
// in content) replaced by that text, so the tokenizer reads its elements
// (XML 1.0 §4.4.2: "included", parsed as content). Everything else is left
// to the tokenizer. Bounded by XMLTokenizer.maximumEntityExpansion; a map
// takes offsets in the expanded bytes back to the document's.

/// The document with markup entities expanded in its content.
struct XMLEntityExpansion {
    /// The bytes the tokenizer reads.
    var bytes: [UInt8]
    /// Each inserted replacement: its range in `bytes`, the offset of its
    /// reference (`&`) in the document, and the document's bytes that
    /// reference took.
    var insertions: [(range: Range<Int>, reference: Int, referenceLength: Int)] = []

    /// `document` with references to markup entities in content expanded
    /// (once: references inside a replacement are the tokenizer's, and a
    /// markup entity there is not expanded again, which also rules out
    /// recursion). Returns the bytes unchanged, fast, when the DOCTYPE
    /// declares no entity with a `<` in its text.
    /// - Throws: `entityExpansionTooLarge` past
    ///   `XMLTokenizer.maximumEntityExpansion` bytes of replacement text;
    ///   a malformed DOCTYPE as the tokenizer reports it.
    /// - Complexity: O(document + expansion).
    static func expanding(_ document: [UInt8]) throws(SVGError) -> XMLEntityExpansion {
        var result = XMLEntityExpansion(bytes: document)
        guard let doctype = find("<!DOCTYPE", in: document, from: 0),
            find("<!ENTITY", in: document, from: doctype) != nil
        else { return result }
        var scanner = XMLTokenizer(bytes: document)
        scanner.position = doctype
        try scanner.readDoctype()
        let markup = scanner.declaredEntities.filter { $0.value.utf8.contains(UInt8(ascii: "<")) }
        guard !markup.isEmpty else { return result }

        var out = Array(document[..<scanner.position])
        var position = scanner.position
        var expanded = 0
        func copy(through terminator: String) {
            let end =
                find(terminator, in: document, from: position).map { $0 + terminator.utf8.count } ?? document.count
            out.append(contentsOf: document[position..<end])
            position = end
        }
        while position < document.count {
            let byte = document[position]
            if byte == UInt8(ascii: "<") {
                if starts(document, "<!--", at: position) {
                    copy(through: "-->")
                } else if starts(document, "<![CDATA[", at: position) {
                    copy(through: "]]>")
                } else if starts(document, "<?", at: position) {
                    copy(through: "?>")
                } else {
                    copyTag(document, &position, into: &out)
                }
            } else if byte == UInt8(ascii: "&"), let (name, length) = referenceName(document, at: position),
                let text = markup[name]
            {
                expanded += text.utf8.count
                guard expanded <= XMLTokenizer.maximumEntityExpansion else {
                    throw SVGError(.entityExpansionTooLarge(limit: XMLTokenizer.maximumEntityExpansion), at: position)
                }
                let start = out.count
                out.append(contentsOf: text.utf8)
                result.insertions.append((start..<out.count, position, length))
                position += length
            } else {
                out.append(byte)
                position += 1
            }
        }
        result.bytes = out
        return result
    }

    /// The document offset of `offset` in the expanded bytes: inside an
    /// insertion, its reference's; elsewhere shifted back by the growth
    /// of the insertions before it.
    func documentOffset(_ offset: Int) -> Int {
        var shift = 0
        for insertion in insertions {
            if offset < insertion.range.lowerBound { break }
            if offset < insertion.range.upperBound { return insertion.reference }
            shift += insertion.range.count - insertion.referenceLength
        }
        return offset - shift
    }

    /// Copies a tag (or `<!…>` declaration) from `<` through its `>`,
    /// stepping over quoted attribute values.
    private static func copyTag(_ document: [UInt8], _ position: inout Int, into out: inout [UInt8]) {
        var quote: UInt8?
        repeat {
            let byte = document[position]
            out.append(byte)
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            }
        } while position < document.count
    }

    /// The name of `&name;` at `offset` and the reference's length in
    /// bytes; `nil` for character references and anything malformed.
    private static func referenceName(_ document: [UInt8], at offset: Int) -> (String, Int)? {
        var scanner = XMLTokenizer(bytes: document)
        scanner.position = offset + 1
        guard let name = scanner.readName(), scanner.position < document.count,
            document[scanner.position] == UInt8(ascii: ";")
        else { return nil }
        return (name, scanner.position + 1 - offset)
    }

    /// Whether `bytes` has `prefix` (ASCII) at `offset`.
    private static func starts(_ bytes: [UInt8], _ prefix: String, at offset: Int) -> Bool {
        let p = Array(prefix.utf8)
        return offset + p.count <= bytes.count && bytes[offset..<(offset + p.count)].elementsEqual(p)
    }

    /// The first offset at or after `start` where `needle` (ASCII) begins.
    private static func find(_ needle: String, in bytes: [UInt8], from start: Int) -> Int? {
        let n = Array(needle.utf8)
        guard let first = n.first, bytes.count >= n.count else { return nil }
        var i = start
        while i + n.count <= bytes.count {
            guard let candidate = bytes[i...].firstIndex(of: first), candidate + n.count <= bytes.count else {
                return nil
            }
            if bytes[candidate..<(candidate + n.count)].elementsEqual(n) { return candidate }
            i = candidate + 1
        }
        return nil
    }
}
