// Path: one drawing command of a path (move, line, quadratic or cubic
// Bézier, elliptical arc, close), with its points in the path's space
// (user space, points). A value only; Path.swift builds lists of them.

/// One drawing command of a `Path`.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at a point.
    case move(to: Point)
    /// A straight line from the current point.
    case line(to: Point)
    /// A quadratic Bézier curve from the current point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve from the current point.
    case curve(to: Point, control1: Point, control2: Point)
    /// An elliptical arc that starts at the current point (which the path
    /// guarantees is the arc's start point) and ends at `arc.endPoint`.
    case arc(EllipticalArc)
    /// Closes the current subpath with a straight line to its start.
    case closeSubpath
}
