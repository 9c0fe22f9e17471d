// Canvas: state that modules built on the engine keep per canvas (the text
// module's glyph cache), one object per type, made on first use and kept
// for the canvas's lifetime. A canvas is drawn on by one thread at a time,
// so what is attached is too: per-canvas caches need no locks.

extension Canvas {
    /// The object of type `T` attached to this canvas, made by `make` the
    /// first time it is asked for. Not part of the saved state (save and
    /// restore leave it); released with the canvas. Lookup compares the
    /// type with each attached one's (a canvas holds a few: no hashing,
    /// no allocation once made).
    ///
    /// - Parameters:
    ///   - type: the object's type (one object per type).
    ///   - make: makes the object on first use.
    /// - Complexity: O(attached types).
    public func attachment<T: AnyObject>(_ type: T.Type = T.self, default make: () -> T) -> T {
        let key = ObjectIdentifier(type)
        for attached in attachments where attached.type == key {
            // Only `make`'s results are stored under `T`'s key.
            return unsafeDowncast(attached.object, to: T.self)
        }
        let object = make()
        attachments.append((key, object))
        return object
    }
}
