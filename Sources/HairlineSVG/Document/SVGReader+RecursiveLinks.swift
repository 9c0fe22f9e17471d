// Document: reference cycles through masks and patterns, broken before
// reading, the way resvg breaks them (so both draw the same picture). For
// each <mask> (and <pattern>) in document order: a `mask` (`fill`,
// `stroke`) on it or inside it that names another server whose own subtree
// names the first back has that back reference dropped. The reader skips
// dropped references (as if `none`, warned); a server naming itself, and
// cycles this does not catch, are stopped while reading (activeReferences).
// The walk is bounded by `maximumRecursiveLinkWork`.

/// A property of one element: a reference the reader ignores.
struct SVGLinkKey: Hashable {
    /// The element's byte offset.
    var offset: Int
    /// The property (`mask`, `fill`, `stroke`).
    var property: String
}

extension SVGReader {
    /// The most element visits the cycle search makes in one document; a
    /// document past it keeps only the reader's own cycle checks (hostile
    /// input cannot make the search quadratic in time).
    static let maximumRecursiveLinkWork = 1_000_000

    /// The references to drop so that no mask reaches itself through
    /// `mask`, and no pattern through `fill` or `stroke`.
    /// Complexity: O(servers x subtree x linked subtree), at most
    /// `maximumRecursiveLinkWork` visits.
    static func recursiveLinks(in root: XMLElement, _ elementsByID: [String: XMLElement]) -> Set<SVGLinkKey> {
        var dropped: Set<SVGLinkKey> = []
        var work = 0
        for (kind, properties) in [("mask", ["mask"]), ("pattern", ["fill", "stroke"])] {
            var servers: [XMLElement] = []
            var stack = [root]
            while let element = stack.popLast() {
                work += 1
                if localName(element) == Substring(kind) { servers.append(element) }
                stack.append(contentsOf: element.children.reversed())
            }
            for server in servers {
                let descendants = subtree(server)
                work += descendants.count
                if work > maximumRecursiveLinkWork { return dropped }
                for descendant in descendants {
                    for property in properties
                    where !dropped.contains(SVGLinkKey(offset: descendant.offset, property: property)) {
                        guard let id = referencedID(descendant, property), let link = elementsByID[id] else { continue }
                        // A link to the server itself is the reader's to
                        // stop (warned, with the fallback color).
                        guard link.offset != server.offset, localName(link) == Substring(kind) else { continue }
                        for inner in subtree(link) {
                            work += 1
                            if work > maximumRecursiveLinkWork { return dropped }
                            for p in properties
                            where referencedID(inner, p).flatMap({ elementsByID[$0]?.offset }) == server.offset {
                                dropped.insert(SVGLinkKey(offset: inner.offset, property: p))
                            }
                        }
                    }
                }
            }
        }
        return dropped
    }

    /// An element and everything below it, in document order.
    static func subtree(_ element: XMLElement) -> [XMLElement] {
        var result: [XMLElement] = []
        var stack = [element]
        while let next = stack.popLast() {
            result.append(next)
            stack.append(contentsOf: next.children.reversed())
        }
        return result
    }

    /// The id `property` names with `url(#id)` on `element` (its `style`
    /// attribute over the presentation attribute), if any.
    static func referencedID(_ element: XMLElement, _ property: String) -> String? {
        var value = element.attribute(property)?.value
        if let style = element.attribute("style"), style.value.contains(property) {
            var errors: [SVGError] = []
            for declaration in SVGProperties.declarations(inStyle: style, errors: &errors)
            where declaration.name == property {
                value = declaration.value
            }
        }
        return value.flatMap { urlReference($0)?.id }
    }
}
