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
    /// A variable font's instances differ by a mix of their coordinates.
    /// A synthesized font (`synthesized(_:)`) differs by a mix of its
    /// synthesis too.
    public var identity: UInt {
        let base = data.bytes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) &+ UInt(directoryOffset) }
        guard !instanceCoordinates.isEmpty || !synthesisValue.isNone else { return base }
        var mix: UInt = 0xcbf2_9ce4_8422_2325
        for coordinate in instanceCoordinates {
            // F2Dot14 steps: exact in a double, and a small integer.
            mix = (mix ^ UInt(bitPattern: Int((coordinate * 16384).rounded()))) &* 0x100_0000_01b3
        }
        if !synthesisValue.isNone {
            // The bit patterns: two syntheses mix equal only if they are.
            mix = (mix ^ UInt(synthesisValue.obliqueAngle.bitPattern)) &* 0x100_0000_01b3
            mix = (mix ^ UInt(synthesisValue.emboldenStrength.bitPattern)) &* 0x100_0000_01b3
        }
        return base ^ (mix | 1) << 1
    }
}

/// Fonts are equal when their files are (the same bytes: copies of one
/// font compare in O(1), their bytes being shared).
extension Font: Hashable {
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.directoryOffset == rhs.directoryOffset && lhs.instanceCoordinates == rhs.instanceCoordinates
            && lhs.synthesisValue == rhs.synthesisValue && lhs.data.bytes == rhs.data.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(data.bytes.count)
        hasher.combine(fullName)
        hasher.combine(directoryOffset)
        hasher.combine(instanceCoordinates)
        hasher.combine(synthesisValue)
    }
}
