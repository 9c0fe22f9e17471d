// Path: how a rounded rectangle's corners are shaped, circular (Core
// Graphics' rounded rects) or continuous (UIKit's since iOS 7; the curves
// are in ContinuousCorner.swift). A value only.

/// How the corners of a rounded rectangle are shaped.
public enum CornerCurve: Hashable, Sendable {
    /// Quarter ellipses (`CGPath(roundedRect:)`, `CALayer.cornerRadius`,
    /// CSS `border-radius`): the edge turns into a circular arc at `radius`
    /// from the corner.
    case circular
    /// Continuous corners (`UIBezierPath(roundedRect:)` since iOS 7,
    /// `CALayer.cornerCurve = .continuous`): three cubics per corner that
    /// leave each edge 1.528665 × radius from the corner with zero
    /// curvature, rise smoothly to a near-circle of 0.933 × radius and pass
    /// 0.2915 × radius from each edge at the apex (a circle: 0.2929). When
    /// the corners on a side do not fit in it, the affected corners blend
    /// continuously toward the circular corner (UIKit jumps to a different
    /// shape instead); see `Path.addRoundedRect(in:cornerRadii:curve:)`.
    case continuous
}
