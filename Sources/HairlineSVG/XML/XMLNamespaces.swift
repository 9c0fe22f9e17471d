// XML: element tree -> the same tree with element names resolved against
// their namespace declarations (Namespaces in XML 1.0 §6): an element in
// the SVG namespace, whatever its prefix, is named by its local name; one
// in another namespace keeps a prefix (so the reader skips it as foreign).
// Lenient where files are: an unprefixed element with no default namespace
// in scope, and the `svg:` prefix when undeclared, count as SVG.

enum XMLNamespaces {
    /// The SVG namespace name.
    static let svg = "http://www.w3.org/2000/svg"
    /// The prefix given to an unprefixed element of a foreign default
    /// namespace (any prefix makes the reader skip an element).
    static let foreignPrefix = "foreign:"

    /// `root` with every element's name resolved. Attributes are left as
    /// written. Complexity: O(elements x declarations in scope); the
    /// recursion is as deep as the tree (at most XMLTreeBuilder.maximumDepth).
    static func resolvingNames(_ root: XMLElement) -> XMLElement {
        // Most files declare only the SVG default (and xlink): nothing to do.
        guard needsResolution(root) else { return root }
        return resolve(root, scope: [:])
    }

    /// Whether any element declares a namespace other than the SVG
    /// default or a prefix other than `xlink` (iterative).
    static func needsResolution(_ root: XMLElement) -> Bool {
        var stack = [root]
        while let element = stack.popLast() {
            for attribute in element.attributes where attribute.name.hasPrefix("xmlns") {
                if attribute.name == "xmlns" ? attribute.value != svg : attribute.name != "xmlns:xlink" { return true }
            }
            stack.append(contentsOf: element.children)
        }
        return false
    }

    /// One element and its subtree, with the declarations in scope
    /// (`""` is the default namespace).
    private static func resolve(_ element: XMLElement, scope outer: [String: String]) -> XMLElement {
        var scope = outer
        for attribute in element.attributes {
            if attribute.name == "xmlns" {
                scope[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                scope[String(attribute.name.dropFirst("xmlns:".count))] = attribute.value
            }
        }
        var result = element
        let parts = element.name.split(separator: ":", maxSplits: 1)
        if parts.count == 2 {
            let prefix = String(parts[0])
            if let namespace = scope[prefix] {
                result.name = namespace == svg ? String(parts[1]) : element.name
            } else if prefix != "svg" {
                result.name = element.name
            }
        } else if let namespace = scope[""], namespace != svg {
            result.name = foreignPrefix + element.name
        }
        result.children = element.children.map { resolve($0, scope: scope) }
        return result
    }
}
