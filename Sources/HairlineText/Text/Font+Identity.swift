// Text: a font's identity for caches: the address of its bytes, plus its
// table directory's offset (0 for a lone font; the faces of a collection
// share the bytes but not the directory: the address of a byte inside the
// buffer is still no other live font's). Copies of a font share their
// bytes (copy on write, and a font's are never written), so they share an
// identity; a cache that keeps a font it holds glyphs of keeps its bytes
// alive, so no other font can take the address meanwhile.

extension Font {
    /// The font's identity for caches: the address of its bytes plus its
    /// table directory's offset (stable while any copy of the font lives;
    /// equal for copies, different for the faces of one collection).
    public var identity: UInt {
        data.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) &+ UInt(directoryOffset) }
    }
}

/// Fonts are equal when their files are (the same bytes: copies of one
/// font compare in O(1), their bytes being shared).
extension Font: Hashable {
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.directoryOffset == rhs.directoryOffset && lhs.data.bytes == rhs.data.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(data.bytes.count)
        hasher.combine(fullName)
        hasher.combine(directoryOffset)
    }
}
