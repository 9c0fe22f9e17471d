// XML: tags -> one element tree. Checks what the tokenizer cannot see
// alone: end tags match their start tags, every element is closed, there
// is one root, and nesting stays within `maximumDepth` (so later recursive
// walks have a bounded depth). Built with an explicit stack, no recursion.

/// An element with its attributes and child elements (text is dropped).
struct XMLElement: Sendable {
    /// The qualified name as written.
    var name: String
    /// Byte offset of the start tag's `<`.
    var offset: Int
    /// The attributes in document order.
    var attributes: [XMLAttribute]
    /// The child elements in document order.
    var children: [XMLElement] = []

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
    /// document has no element at all.
    /// - Throws: `SVGError` for malformed XML, at the offending byte.
    static func parse(_ bytes: [UInt8]) throws(SVGError) -> XMLElement? {
        var tokenizer = XMLTokenizer(bytes: bytes)
        var stack: [XMLElement] = []
        var root: XMLElement?
        func attach(_ element: XMLElement) throws(SVGError) {
            if stack.isEmpty {
                guard root == nil else { throw SVGError(.multipleRootElements, at: element.offset) }
                root = element
            } else {
                stack[stack.count - 1].children.append(element)
            }
        }
        while let token = try tokenizer.next() {
            switch token {
            case .startTag(let tag):
                if stack.isEmpty, root != nil { throw SVGError(.multipleRootElements, at: tag.offset) }
                guard stack.count < maximumDepth else {
                    throw SVGError(.nestingTooDeep(limit: maximumDepth), at: tag.offset)
                }
                let element = XMLElement(name: tag.name, offset: tag.offset, attributes: tag.attributes)
                if tag.isSelfClosing { try attach(element) } else { stack.append(element) }
            case .endTag(let name, let offset):
                guard let open = stack.popLast() else { throw SVGError(.unexpectedEndTag(name), at: offset) }
                guard open.name == name else {
                    throw SVGError(.mismatchedEndTag(expected: open.name, found: name), at: offset)
                }
                try attach(open)
            }
        }
        if let open = stack.last { throw SVGError(.unclosedElement(open.name), at: open.offset) }
        return root
    }
}
