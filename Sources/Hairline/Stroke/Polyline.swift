// Stroke: collects a flattened path as subpaths of points, remembering
// which points are path vertices (corners, where the style's join applies)
// and which lie inside a curve (joined roundly, as the true curve's offset
// is), and whether each subpath was closed explicitly.

/// Flattened subpaths for the stroker, reused between draws.
struct Polyline: LineSink {
    struct Vertex {
        var point: Point
        /// Whether the point is a vertex of the path (not inside a curve).
        var isCorner: Bool
        /// The true unit tangent of a curve arriving here, if one does.
        var tangentIn: Point? = nil
        /// The true unit tangent of a curve leaving here, if one does.
        var tangentOut: Point? = nil
    }

    struct Subpath {
        /// Indices into `vertices`.
        var range: Range<Int>
        var isClosed: Bool
        /// Whether the subpath had any segment (even of zero length): a
        /// lone move-to draws nothing, a zero-length segment draws a dot
        /// with round and square caps.
        var hasSegment: Bool
        /// The direction of the last segment of non-zero length, or of the
        /// segment a zero-length dash lies on: orients square dots.
        var direction: Point
    }

    var vertices: [Vertex] = []
    var subpaths: [Subpath] = []
    /// The most vertices one draw may hold; past it the polyline is
    /// saturated (producers stop and the draw is dropped).
    var maximumVertexCount = Int.max
    var isSaturated: Bool { vertices.count > maximumVertexCount }
    private var contourStart = 0
    private var hasSegment = false
    /// The unit direction of the last segment of non-zero length (updated
    /// when a contour closes).
    var lastDirection = Point(x: 1, y: 0)

    mutating func reset() {
        vertices.removeAll(keepingCapacity: true)
        subpaths.removeAll(keepingCapacity: true)
        contourStart = 0
        hasSegment = false
        lastDirection = Point(x: 1, y: 0)
    }

    mutating func beginContour(at p: Point) {
        contourStart = vertices.count
        hasSegment = false
        vertices.append(Vertex(point: p, isCorner: true))
    }

    mutating func addLine(to p: Point) {
        append(p, isCorner: true)
    }

    mutating func addInteriorLine(to p: Point) {
        append(p, isCorner: false)
    }

    private mutating func append(_ p: Point, isCorner: Bool) {
        hasSegment = true
        vertices.append(Vertex(point: p, isCorner: isCorner))
    }

    static var wantsCurveTangents: Bool { true }

    mutating func curveTangents(start: Point, end: Point) {
        // The curve ended at the last vertex; it started at the corner before
        // its interior points.
        guard var i = vertices.indices.last else { return }
        vertices[i].tangentIn = end
        i -= 1
        while i > contourStart, !vertices[i].isCorner { i -= 1 }
        if i >= contourStart { vertices[i].tangentOut = start }
    }

    /// Appends a copy of a vertex (with its tangents).
    mutating func append(_ vertex: Polyline.Vertex) {
        append(vertex.point, isCorner: vertex.isCorner)
        vertices[vertices.count - 1].tangentIn = vertex.tangentIn
        vertices[vertices.count - 1].tangentOut = vertex.tangentOut
    }

    mutating func closeContour(explicitly: Bool) {
        let isClosed = explicitly
        if explicitly { hasSegment = true }
        // The direction of the contour's last segment of non-zero length
        // (found here rather than on every append); with none, the one
        // before stays (or what the dasher set).
        var k = vertices.count - 1
        while k > contourStart {
            let d = vertices[k].point - vertices[k - 1].point
            let length = d.length
            if length > 0, length.isFinite {
                lastDirection = d * (1 / length)
                break
            }
            k -= 1
        }
        subpaths.append(
            Subpath(
                range: contourStart..<vertices.count, isClosed: isClosed, hasSegment: hasSegment,
                direction: lastDirection))
        contourStart = vertices.count
    }
}

extension Polyline {
    /// Maps every vertex by `t` (and unit directions by its linear part).
    mutating func apply(_ t: AffineTransform) {
        func unit(_ v: Point) -> Point? { unitDirection(v.applyingLinearPart(of: t)) }
        for i in vertices.indices {
            vertices[i].point = vertices[i].point.applying(t)
            vertices[i].tangentIn = vertices[i].tangentIn.flatMap(unit)
            vertices[i].tangentOut = vertices[i].tangentOut.flatMap(unit)
        }
        for i in subpaths.indices {
            let d = subpaths[i].direction.applyingLinearPart(of: t)
            let length = d.length
            subpaths[i].direction = length > 0 ? d * (1 / length) : Point(x: 1, y: 0)
        }
    }
}
