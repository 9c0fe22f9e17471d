// Document: a resolved clip path: its geometry in user space of the
// element it clips and its fill rule. A value only; the renderer clips the
// canvas with it.

import Hairline

/// A resolved `clip-path`: one path (the union of the `<clipPath>`'s
/// children, each mapped by its own transform, then the clip path's
/// `transform` and units) in the clipped element's user space.
public struct SVGClip: Hashable, Sendable {
    /// The clip region's outline.
    public var path: Path
    /// The rule that decides its inside (the children's `clip-rule`).
    public var rule: FillRule

    /// Creates a clip.
    /// - Parameters:
    ///   - path: the clip region's outline, in the clipped element's user space.
    ///   - rule: the rule that decides its inside.
    public init(path: Path, rule: FillRule) {
        self.path = path
        self.rule = rule
    }
}
