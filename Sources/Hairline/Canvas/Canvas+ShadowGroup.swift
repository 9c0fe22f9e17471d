// Canvas: one shadow for a group of draws. With a shadow set each draw
// casts its own; a group drawn through `withOneShadow` casts the shadow of
// everything it draws together, as one shape (a text run's glyphs, whose
// shadows must not darken each other where they overlap), as Core
// Graphics' transparency layers do for shadows.

extension Canvas {
    /// Runs `draws` so that, with a shadow set, everything they draw casts
    /// one shadow together; then draws it all, without a shadow, over it.
    /// Without a shadow, runs `draws` once on this canvas.
    ///
    /// `draws` is called with the canvas to draw on (the shadow's layer,
    /// then this one) and must draw the same on each, in user space.
    /// - Parameters:
    ///   - bounds: where the draws can reach (user space, points): the
    ///     shadow is made from that area only.
    ///   - draws: the group's draws.
    public func withOneShadow(over bounds: Rect, _ draws: (Canvas) -> Void) {
        guard state.shadow != nil else {
            draws(self)
            return
        }
        let reach = bounds.applying(state.transform)
        withShadowCast(
            reach: reach.isFinite ? reach : nil, wholePixels: false,
            shadow: { layer, _, _ in draws(layer) }, then: { draws(self) })
    }
}
