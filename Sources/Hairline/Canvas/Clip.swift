// Canvas: the current clip, in device pixels: a pixel rectangle every draw
// is limited to (the fast path, exact for pixel-aligned rectangles), and
// optionally an anti-aliased coverage mask for any other clip shape.

/// The clip of a canvas state.
struct Clip {
    /// Pixels outside this rectangle are never touched.
    var bounds: PixelRect
    /// Coverage per pixel inside `bounds`, if the clip is not just a
    /// rectangle of whole pixels.
    var mask: ClipMask?

    /// Whether no pixel can be drawn.
    var isEmpty: Bool { bounds.isEmpty }
}
