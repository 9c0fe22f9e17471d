// XML: tags -> one element tree. Checks what the tokenizer cannot see
// alone: end tags match their start tags, every element is closed, there
// is one root, and nesting stays within `maximumDepth` (so later recursive
// walks have a bounded depth). Character data is kept only inside the
// elements the caller names (SVG's `<text>`), dropped elsewhere. Built
// with an explicit stack, no recursion.

/// A run of character data inside an element.
struct XMLText: Sendable {
    /// The characters, references replaced, line ends normalized.
    var value: String
    /// Byte offset of the run's first byte in the document.
    var offset: Int
    /// How many child elements of the parent come before it: the run sits
    /// between `children[index - 1]` and `children[index]`.
    var index: Int
}

/// An element with its attributes, child elements and (inside the
/// elements whose text is kept) character data.
struct XMLElement: Sendable {
    /// The qualified name as written.
    var name: String
    /// Byte offset of the start tag's `<`.
    var offset: Int
    /// The attributes in document order.
    var attributes: [XMLAttribute]
    /// The child elements in document order.
    var children: [XMLElement] = []
    /// The character data directly inside the element, in document order
    /// (adjacent runs merged); empty unless its text is kept.
    var text: [XMLText] = []

    /// The attribute called `name`, if present.
    func attribute(_ name: String) -> XMLAttribute? {
        attributes.first { $0.name == name }
    }
}

enum XMLTreeBuilder {
    /// The deepest nesting accepted (the root is depth 1). Real drawings
    /// nest a few dozen levels; the bound keeps recursion over the tree
    /// far from any thread's stack limit.
    static let maximumDepth = 256

    /// Parses a whole document into its root element; `nil` if the
    /// document has no element at all. Character data is kept inside
    /// elements named in `textElements` (and everything below them), its
    /// references checked there only.
    /// - Throws: `SVGError` for malformed XML, at the offending byte.
    static func parse(_ bytes: [UInt8], keepingTextIn textElements: Set<String> = []) throws(SVGError) -> XMLElement? {
        // XML 1.0 §2.2: U+0000 is not a character anywhere in a document
        // (text, attribute values, names, comments).
        if let nul = bytes.firstIndex(of: 0) {
            throw SVGError(.unexpectedCharacter("\u{0}", expected: "a character XML allows (U+0000 never is)"), at: nul)
        }
        var tokenizer = XMLTokenizer(bytes: bytes)
        var stack: [XMLElement] = []
        var root: XMLElement?
        // The stack depth of the outermost open element whose text is kept.
        var textDepth: Int?
        func attach(_ element: XMLElement) throws(SVGError) {
            if stack.isEmpty {
                guard root == nil else { throw SVGError(.multipleRootElements, at: element.offset) }
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
        while let token = try tokenizer.next(keepingText: textDepth != nil) {
            switch token {
            case .startTag(let tag):
                if stack.isEmpty, root != nil { throw SVGError(.multipleRootElements, at: tag.offset) }
                guard stack.count < maximumDepth else {
                    throw SVGError(.nestingTooDeep(limit: maximumDepth), at: tag.offset)
                }
                let element = XMLElement(name: tag.name, offset: tag.offset, attributes: tag.attributes)
                if tag.isSelfClosing {
                    try attach(element)
                } else {
                    if textDepth == nil, textElements.contains(tag.name) { textDepth = stack.count }
                    stack.append(element)
                }
            case .endTag(let name, let offset):
                guard let open = stack.popLast() else { throw SVGError(.unexpectedEndTag(name), at: offset) }
                guard open.name == name else {
                    throw SVGError(.mismatchedEndTag(expected: open.name, found: name), at: offset)
                }
                if textDepth == stack.count { textDepth = nil }
                try attach(open)
            case .text(let value, let offset):
                // Only asked for inside a kept element, so the stack is not empty.
                let top = stack.count - 1
                let index = stack[top].children.count
                if let last = stack[top].text.last, last.index == index {
                    stack[top].text[stack[top].text.count - 1].value += value
                } else {
                    stack[top].text.append(XMLText(value: value, offset: offset, index: index))
                }
            }
        }
        if let open = stack.last { throw SVGError(.unclosedElement(open.name), at: open.offset) }
        return root
    }
}
