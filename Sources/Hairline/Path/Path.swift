// Path: the exact description of a shape in user space (points). Curves and
// arcs are kept exact here; only the flattener (Flatten/) approximates them,
// after the transform, with a tolerance in device pixels.

/// What a path is when one shape method (`addRect`, `addRoundedRect` with
/// circular corners, `addEllipse`) made all of it: strokes of these shapes
/// are built as exact geometry (StrokeRing.swift) instead of outlined.
enum PathShape: Hashable, Sendable {
    /// A standardized rect and its clamped radii (each corner square or a
    /// quarter ellipse).
    case roundedRect(Rect, CornerRadii)
    /// The ellipse inscribed in a standardized rect.
    case ellipse(Rect)
}

/// A shape made of subpaths of lines, Bézier curves and elliptical arcs,
/// in user space (points, y down).
///
/// Build it with `move(to:)`, `addLine(to:)`, `addQuadCurve(to:control:)`,
/// `addCurve(to:control1:control2:)`, the arc and shape methods, or parse
/// SVG path data with `init(svgPathData:)`. Coordinates may be anything;
/// a path with non-finite coordinates draws nothing (see `Canvas.fill`).
public struct Path: Hashable, Sendable {
    /// The drawing commands, in order.
    public private(set) var elements: [PathElement] = []
    /// The start of the current subpath, where `closeSubpath()` returns to.
    var subpathStart: Point = .zero
    /// The end of the last command, or `nil` before any command and after
    /// `closeSubpath()` (the next drawing command then starts a subpath at
    /// the closed subpath's start, as SVG specifies).
    public private(set) var currentPoint: Point?
    /// The shape the whole path is, if one shape method made it on an
    /// empty path; any other change clears it. Not part of equality.
    var shape: PathShape?

    /// Creates an empty path.
    public init() {}

    /// Whether two paths have the same elements, subpath start and current
    /// point (how they were built does not matter).
    /// - Parameters:
    ///   - lhs: a path.
    ///   - rhs: another path.
    public static func == (lhs: Path, rhs: Path) -> Bool {
        lhs.elements == rhs.elements && lhs.subpathStart == rhs.subpathStart && lhs.currentPoint == rhs.currentPoint
    }

    /// Hashes what `==` compares.
    /// - Parameter hasher: the hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
        hasher.combine(subpathStart)
        hasher.combine(currentPoint)
    }

    /// Whether the path has no commands.
    public var isEmpty: Bool { elements.isEmpty }

    /// Removes every command. With `keepingCapacity`, the storage is kept
    /// for the commands added next (a path rebuilt for every draw then
    /// allocates nothing).
    /// - Parameter keepingCapacity: whether to keep the element storage.
    public mutating func removeAll(keepingCapacity: Bool = false) {
        elements.removeAll(keepingCapacity: keepingCapacity)
        subpathStart = .zero
        currentPoint = nil
        shape = nil
    }

    /// Starts a new subpath at `point`.
    /// - Parameter point: the subpath's first point, in user space (points).
    /// Any value is accepted; a non-finite one makes the path draw nothing.
    public mutating func move(to point: Point) {
        shape = nil
        elements.append(.move(to: point))
        subpathStart = point
        currentPoint = point
    }

    /// Makes sure a drawing command has a current point to start from: after
    /// `closeSubpath()` that is the closed subpath's start, on an empty path
    /// the origin.
    private mutating func ensureSubpath() {
        if currentPoint == nil { move(to: subpathStart) }
    }

    /// Adds a straight line from the current point to `point`.
    /// Without a current point (an empty path, or just after
    /// `closeSubpath()`), the line starts at the last subpath's start (the origin on an empty path).
    /// - Parameter point: the line's end, in user space (points).
    public mutating func addLine(to point: Point) {
        ensureSubpath()
        shape = nil
        elements.append(.line(to: point))
        currentPoint = point
    }

    /// Adds a quadratic Bézier curve from the current point.
    /// - Parameters:
    ///   - point: the curve's end, in user space (points).
    ///   - control: its control point.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        ensureSubpath()
        shape = nil
        elements.append(.quadCurve(to: point, control: control))
        currentPoint = point
    }

    /// Adds a cubic Bézier curve from the current point.
    /// - Parameters:
    ///   - point: the curve's end, in user space (points).
    ///   - control1: the control point next to the start.
    ///   - control2: the control point next to the end.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        ensureSubpath()
        shape = nil
        elements.append(.curve(to: point, control1: control1, control2: control2))
        currentPoint = point
    }

    /// Adds an elliptical arc. If the path has a current point different
    /// from the arc's start, a line joins them first (as `CGPath` does);
    /// without a current point the arc starts a new subpath.
    /// - Parameter arc: the arc, in user space (points); kept exact.
    public mutating func addArc(_ arc: EllipticalArc) {
        let start = arc.startPoint
        if let current = currentPoint {
            // A gap of a rounding error is not worth a segment.
            let gap = current.distance(to: start)
            if !(gap <= Self.coincidenceTolerance * max(1, abs(start.x), abs(start.y))) {
                addLine(to: start)
            }
        } else {
            move(to: start)
        }
        appendArcElement(arc)
    }

    /// Relative distance under which two computed points are the same point.
    static let coincidenceTolerance = 1e-12

    /// Appends an arc element whose start is the current point.
    mutating func appendArcElement(_ arc: EllipticalArc) {
        shape = nil
        elements.append(.arc(arc))
        currentPoint = arc.endPoint
    }

    /// Closes the current subpath with a straight line back to its start.
    /// Does nothing if there is no open subpath.
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        shape = nil
        elements.append(.closeSubpath)
        currentPoint = nil
    }

    /// Appends every subpath of another path. The result is drawn by its
    /// edges even where `other` alone was a rect, rounded rect or ellipse
    /// drawn in closed form (so a path copied this way is the same shape
    /// through the general rasterizer).
    /// - Parameter other: the path whose elements are appended, in the same space.
    public mutating func addPath(_ other: Path) {
        for element in other.elements { append(element) }
    }

    /// Appends one element with the same rules as the builder methods.
    /// - Parameter element: the command to add.
    public mutating func append(_ element: PathElement) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .arc(let arc): addArc(arc)
        case .closeSubpath: closeSubpath()
        }
    }

    /// The path mapped by `transform` (arcs stay exact arcs).
    /// - Parameter transform: maps the path's space to the result's.
    public func applying(_ transform: AffineTransform) -> Path {
        var result = self
        result.apply(transform)
        return result
    }

    /// Maps every coordinate of the path by `transform`. A rect, rounded
    /// rect or ellipse stays one under a transform without rotation or
    /// skew (it is still drawn and clipped in closed form).
    /// - Parameter transform: maps the path's space to its new one.
    public mutating func apply(_ transform: AffineTransform) {
        let mappedShape = shape?.applying(transform)
        shape = nil
        defer { shape = mappedShape }
        let t = transform
        elements = elements.map { element in
            switch element {
            case .move(let p): return .move(to: p.applying(t))
            case .line(let p): return .line(to: p.applying(t))
            case .quadCurve(let p, let c):
                return .quadCurve(to: p.applying(t), control: c.applying(t))
            case .curve(let p, let c1, let c2):
                return .curve(to: p.applying(t), control1: c1.applying(t), control2: c2.applying(t))
            case .arc(let arc): return .arc(arc.applying(t))
            case .closeSubpath: return .closeSubpath
            }
        }
        subpathStart = subpathStart.applying(t)
        currentPoint = currentPoint.map { $0.applying(t) }
    }

    /// Whether every coordinate in the path is finite.
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let p), .line(let p): return p.isFinite
            case .quadCurve(let p, let c): return p.isFinite && c.isFinite
            case .curve(let p, let c1, let c2): return p.isFinite && c1.isFinite && c2.isFinite
            case .arc(let arc): return arc.isFinite
            case .closeSubpath: return true
            }
        }
    }
}
