// Text: a font's identity for caches: the address of its bytes. Copies of a
// font share their bytes (copy on write, and a font's are never written),
// so they share an identity; a cache that keeps a font it holds glyphs of
// keeps its bytes alive, so no other font can take the address meanwhile.

extension Font {
    /// The address of the font's bytes (stable while any copy of the font
    /// lives).
    var identity: UInt {
        data.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}

/// Fonts are equal when their files are (the same bytes: copies of one
/// font compare in O(1), their bytes being shared).
extension Font: Hashable {
    public static func == (lhs: Font, rhs: Font) -> Bool { lhs.data.bytes == rhs.data.bytes }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(data.bytes.count)
        hasher.combine(fullName)
    }
}
