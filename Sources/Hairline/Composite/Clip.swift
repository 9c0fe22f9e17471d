// Composite: a draw's clip, in device pixels (the canvas keeps one per
// state, Canvas+Clip.swift, and hands the pipeline the resolved one): a pixel rectangle every draw
// is limited to (the fast path, exact for pixel-aligned rectangles), and
// optionally an anti-aliased coverage mask for any other clip shape. A
// lone rounded-rect clip waits as its shape (`PendingClip`) until a draw
// needs the mask: an image drawn on whole pixels under it is covered by
// the shape itself, in one pass (Canvas+Image.swift).

/// The clip of a canvas state.
struct Clip {
    /// Pixels outside this rectangle are never touched.
    var bounds: PixelRect
    /// Coverage per pixel inside `bounds`, if the clip is not just a
    /// rectangle of whole pixels.
    var mask: ClipMask?
    /// A clip shape not yet rasterized into `mask` (then nil): the clip is
    /// `bounds` narrowed by the shape's coverage, exactly what the mask
    /// will hold (Canvas.resolvedClip()).
    var pending: PendingClip?

    /// Whether no pixel can be drawn.
    var isEmpty: Bool { bounds.isEmpty }
}

/// A clip to a rounded rect covered in closed form (RoundedRectRows.swift),
/// waiting to become a mask: the first clip of a state that had no mask.
/// A value (no path storage held), so saving the state costs a copy.
struct PendingClip {
    /// The shape, in the user space of `transform`.
    var shape: CircularRoundedRect
    /// The user-to-device transform when the clip was set.
    var transform: AffineTransform
}
