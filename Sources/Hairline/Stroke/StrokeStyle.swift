// Stroke: how a path's outline is drawn. Defaults are Core Graphics': width
// 1, miter join, butt cap, miter limit 10 (GEOMETRY.md, "Strokes").

/// The shape drawn where two segments of a stroked path meet.
public enum LineJoin: Hashable, Sendable {
    /// The outer edges extended to meet in a point, unless the miter limit
    /// turns the join into a bevel.
    case miter
    /// A circular arc around the vertex.
    case round
    /// The outer corners joined by a straight line.
    case bevel
}

/// The shape drawn at the two ends of an open subpath.
public enum LineCap: Hashable, Sendable {
    /// The stroke stops square at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke extends half its width beyond the end point, square.
    case square
}

/// Everything that decides a stroke's outline besides the path.
public struct StrokeStyle: Hashable, Sendable {
    /// The stroke width in user space (points), scaled by the transform
    /// (non-uniform scales and skews make it vary with direction). 0 means
    /// a hairline: exactly one device pixel wide whatever the transform.
    /// Negative or non-finite widths draw nothing.
    public var width: Double
    /// The shape where two segments meet (default `.miter`).
    public var lineJoin: LineJoin
    /// The shape at the ends of open subpaths and dashes (default `.butt`).
    public var lineCap: LineCap
    /// The largest ratio of miter length to stroke width before a miter
    /// join becomes a bevel, as Core Graphics and SVG define it: a join of
    /// angle θ between its segments has ratio 1/sin(θ/2). Values below 1
    /// act as 1 (every join bevels).
    public var miterLimit: Double
    /// Alternating on and off lengths in user space (points), starting with
    /// on. An odd count is repeated to make it even (SVG); an empty list,
    /// or one with a negative or non-finite length, or whose lengths are
    /// all zero, means a solid stroke.
    public var dashPattern: [Double]
    /// The distance into the dash pattern (user space) where each subpath
    /// starts; negative phases count backwards.
    public var dashPhase: Double

    /// Creates a stroke style; the defaults are Core Graphics'.
    /// - Parameters:
    ///   - width: in user space (points); 0 is a one-device-pixel hairline.
    ///   - lineJoin: the shape where segments meet.
    ///   - lineCap: the shape at open ends.
    ///   - miterLimit: the miter length over width past which a miter bevels.
    ///   - dashPattern: on and off lengths in user space (empty: solid).
    ///   - dashPhase: the distance into the pattern where subpaths start.
    public init(
        width: Double = 1, lineJoin: LineJoin = .miter, lineCap: LineCap = .butt,
        miterLimit: Double = 10, dashPattern: [Double] = [], dashPhase: Double = 0
    ) {
        self.width = width
        self.lineJoin = lineJoin
        self.lineCap = lineCap
        self.miterLimit = miterLimit
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
    }

    /// A hairline: one device pixel wide at any transform and scale.
    public static let hairline = StrokeStyle(width: 0)

    /// Whether this style draws a one-device-pixel hairline.
    public var isHairline: Bool { width == 0 }
}
