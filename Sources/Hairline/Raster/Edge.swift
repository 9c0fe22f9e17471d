// Raster: device-space polylines -> line edges for the scanline rasterizer.
// Each edge is oriented top to bottom with its original direction kept as a
// winding sign, and tagged with the y-monotone chain it belongs to: two
// edges of one chain never cross, which lets the rasterizer prove most rows
// free of crossings cheaply (see RowResolver). Horizontal edges add nothing
// to coverage and are dropped; edges wholly above, below or right of the
// clip are dropped too (they cannot change a pixel inside it).

/// A straight edge in device pixels with `y0 < y1`.
struct Edge {
    var x0: Double
    var y0: Double
    var x1: Double
    var y1: Double
    /// dx/dy along the edge.
    var dxdy: Double
    /// +1 if the path ran downwards (increasing y) along this edge, −1 if up.
    var winding: Double
    /// The y-monotone chain this edge belongs to.
    var chain: Int32

    /// x at height `y` (which the caller keeps within [y0, y1]), clamped to
    /// the edge's own x range against rounding.
    @inline(__always)
    func x(at y: Double) -> Double {
        let x = x0 + (y - y0) * dxdy
        return min(max(x, min(x0, x1)), max(x0, x1))
    }
}

/// Collects a flattener's polylines as `Edge`s with chain tags. Reused from
/// draw to draw: `reset` keeps the storage.
struct EdgeBuilder: LineSink {
    /// The edges (storage owned by the rasterizer, which deallocates it).
    var edges = ScratchBuffer<Edge>()
    /// Rows and columns that can be affected (device pixels).
    var clip = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    private var start = Point.zero
    private var last = Point.zero
    private var nextChain: Int32 = 0
    /// The current chain's id and direction (0 before the first edge of a
    /// contour).
    private var chain: Int32 = 0
    private var chainDirection = 0.0
    /// The first chain of the current contour, for merging at closing.
    private var firstChain: Int32 = 0
    private var firstDirection = 0.0
    /// Where the current chain's edges begin in `edges`.
    private var chainStartIndex = 0
    /// The smallest and largest y of all kept edges.
    private(set) var minY = Double.infinity
    private(set) var maxY = -Double.infinity
    /// Whether a non-finite point arrived (the draw must then be dropped).
    private(set) var sawNonFinite = false
    /// The most lines (kept or culled) one draw may add; past it the
    /// builder is saturated, ignores lines, and the draw is dropped.
    var maximumLineCount = Int.max
    /// Lines added since `reset`, kept or culled.
    private(set) var lineCount = 0
    var isSaturated: Bool { lineCount > maximumLineCount }
    /// The convexity of the contour being built, and the orientations of
    /// the first two finished contours (0 where not convex).
    private var convexity = ConvexityTracker()
    private var contourCount = 0
    private var orientations = (0.0, 0.0)
    /// Set by a builder of two nested contours (the stroker's ring of a
    /// convex closed path) that vouches for the inner one lying inside the
    /// outer one.
    var contoursAreNested = false

    /// Whether every row can be accumulated without the row check: one
    /// convex contour, or two of opposite orientation nested (see
    /// Convexity.swift).
    var isKnownSimple: Bool {
        switch contourCount {
        case 1: return orientations.0 != 0
        case 2: return contoursAreNested && orientations.0 != 0 && orientations.0 == -orientations.1
        default: return false
        }
    }

    mutating func reset(clip: PixelRect) {
        edges.count = 0
        self.clip = clip
        nextChain = 0
        chainDirection = 0
        minY = .infinity
        maxY = -.infinity
        sawNonFinite = false
        lineCount = 0
        convexity.reset()
        contourCount = 0
        orientations = (0, 0)
        contoursAreNested = false
    }

    mutating func beginContour(at p: Point) {
        if !p.isFinite { sawNonFinite = true }
        if convexity.isStarted {
            // The previous contour was left open: count it as not convex.
            convexity.reset()
            finishContour(orientation: 0)
        }
        start = p
        last = p
        chainDirection = 0
        firstDirection = 0
    }

    mutating func addLine(to p: Point) {
        guard p.isFinite else {
            sawNonFinite = true
            return
        }
        lineCount &+= 1
        guard lineCount <= maximumLineCount else { return }
        let a = last
        last = p
        convexity.add(p - a)
        let dy = p.y - a.y
        guard dy != 0 else { return }
        let direction: Double = dy > 0 ? 1 : -1
        if direction != chainDirection {
            chain = nextChain
            nextChain &+= 1
            chainDirection = direction
            chainStartIndex = edges.count
            if firstDirection == 0 {
                firstDirection = direction
                firstChain = chain
            }
        }
        let (top, bottom) = dy > 0 ? (a, p) : (p, a)
        guard bottom.y > Double(clip.minY), top.y < Double(clip.maxY),
              min(top.x, bottom.x) < Double(clip.maxX)
        else { return }
        edges.append(Edge(
            x0: top.x, y0: top.y, x1: bottom.x, y1: bottom.y,
            dxdy: (bottom.x - top.x) / (bottom.y - top.y),
            winding: direction, chain: chain))
        minY = min(minY, top.y)
        maxY = max(maxY, bottom.y)
    }

    mutating func closeContour(explicitly: Bool = true) {
        if last != start { addLine(to: start) }
        // The contour's last chain continues into its first when both run
        // the same way: give them one id so the row check sees one chain.
        if chainDirection != 0, chainDirection == firstDirection, chain != firstChain {
            for i in chainStartIndex..<edges.count where edges[i].chain == chain {
                edges[i].chain = firstChain
            }
        }
        chainDirection = 0
        firstDirection = 0
        last = start
        if let orientation = convexity.finish() { finishContour(orientation: orientation) }
    }

    private mutating func finishContour(orientation: Double) {
        if contourCount == 0 { orientations.0 = orientation } else if contourCount == 1 { orientations.1 = orientation }
        contourCount += 1
    }
}
