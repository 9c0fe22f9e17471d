// Document: the character data of one <text>, piece by piece (one per
// text node, in document order, each with its element's `xml:space`) ->
// the characters drawn (SVG 1.1 §10.15). `default`: newlines removed, tabs
// read as spaces, leading and trailing spaces stripped and runs of spaces
// collapsed to one, across piece boundaries (a space after a preserved
// space is dropped too, as resvg drops it); `preserve`: newlines and tabs
// read as spaces, nothing removed. Also the separators U+2028 and U+2029
// become spaces, so that one text is always one line, and DEL (the one
// other control character XML admits) is dropped: each character left
// is one glyph.

/// SVG's whitespace handling for text content.
enum SVGTextWhitespace {
    /// The characters of each piece after whitespace handling (as many
    /// strings as pieces, some possibly empty).
    /// - Parameter pieces: each piece's text and whether it preserves space.
    /// - Complexity: O(n) in the scalars.
    static func process(_ pieces: [(text: String, preservesSpace: Bool)]) -> [String] {
        var results = Array(repeating: String.UnicodeScalarView(), count: pieces.count)
        var hasOutput = false
        // Where the last scalar kept is a collapsible space (a `default`
        // space): the next one is dropped, and if it ends the text it goes.
        var lastCollapsibleSpace: Int?
        // Whether the last scalar kept is a space of either kind: a
        // `default` space after it is dropped too (as resvg collapses it).
        var followsSpace = false
        for (index, piece) in pieces.enumerated() {
            for scalar in piece.text.unicodeScalars {
                if isDropped(scalar) { continue }
                if piece.preservesSpace {
                    let isSpace = isSpaceLike(scalar) || isNewline(scalar)
                    results[index].append(isSpace ? " " : scalar)
                    lastCollapsibleSpace = nil
                    followsSpace = isSpace
                    hasOutput = true
                    continue
                }
                if isNewline(scalar) { continue }
                if isSpaceLike(scalar) {
                    guard hasOutput, lastCollapsibleSpace == nil, !followsSpace else { continue }
                    results[index].append(" ")
                    lastCollapsibleSpace = index
                    followsSpace = true
                } else {
                    results[index].append(scalar)
                    lastCollapsibleSpace = nil
                    followsSpace = false
                }
                hasOutput = true
            }
        }
        // A collapsible space that nothing follows is a trailing space.
        if let index = lastCollapsibleSpace { results[index].removeLast() }
        return results.map { String($0) }
    }

    /// The control characters other than tab and the newlines (DEL; XML
    /// admits no others): they have no glyph, and layout would skip them.
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && !isNewline(scalar)) || scalar.value == 0x7F
    }

    /// LF and CR (a `&#13;` reference; raw CRs were read as LF by the
    /// XML stage).
    static func isNewline(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r"
    }

    /// Space, tab, and the line and paragraph separators (which would
    /// otherwise break the line).
    static func isSpaceLike(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
