// Raster: the edge builder's side of exact arcs (ArcEdge.swift). An arc
// the flattener hands over is kept with its contour's points, cut at its x
// and y turning points into monotone pieces when the contour is built (its
// tangents feed the convexity tracker, its directions the chain tracker),
// and, once the draw's simplicity is known, either clipped into
// `ArcEdge`s or flattened into chords for the row resolver.

/// An arc of the contour being buffered (device pixels), as the flattener
/// handed it: the segment ending at `points[endIndex]`.
struct ContourArc {
    var center: Point
    var axis1: Point
    var axis2: Point
    /// (cos, sin) of the start and end parameters.
    var start: Point
    var end: Point
    /// +1 or −1: the direction the parameter runs.
    var sign: Double
    var endIndex: Int
}

/// A piece of an ellipse monotone in x and y, oriented top to bottom
/// (device pixels), waiting for the draw's simplicity to be known.
struct ArcPiece {
    var center: Point
    var axis1: Point
    var axis2: Point
    var top: Point
    var bottom: Point
    /// (cos, sin) of the parameter at `top` and at `bottom`.
    var topParameter: Point
    var bottomParameter: Point
    /// +1 if the path ran downwards along the piece, −1 if up.
    var winding: Int32
    var chain: Int32
}

extension EdgeBuilder {
    /// Takes an arc (device pixels) from the current point to `end`, the
    /// arc's end point as the flattener computed it; `start` and `end` of
    /// the parameter as (cos, sin). Returns `false` (the flattener then
    /// flattens it) for ellipses the solver does not take.
    mutating func addArc(_ arc: EllipticalArc, end: Point, startParameter: Point, endParameter: Point) -> Bool {
        guard contourIsOpen, EllipseConic.accepts(center: arc.center, axis1: arc.axis1, axis2: arc.axis2),
            abs(arc.sweepAngle) <= 2 * Double.pi, end.isFinite
        else { return false }
        let sign: Double = arc.sweepAngle < 0 ? -1 : 1
        // At most half a turn per part: then a direction lies inside the
        // part exactly when it is on the inner side of both ends.
        let parts = abs(arc.sweepAngle) <= Double.pi ? 1 : 2
        lineCount &+= parts
        guard lineCount <= maximumLineCount else { return true }
        var from = startParameter
        if parts == 2 {
            let half = arc.startAngle + arc.sweepAngle / 2
            let middle = Point(x: _cos(half), y: _sin(half))
            points.append(arc.point(cosSin: (middle.x, middle.y)))
            contourArcs.append(
                ContourArc(
                    center: arc.center, axis1: arc.axis1, axis2: arc.axis2, start: from,
                    end: middle, sign: sign, endIndex: points.count - 1))
            from = middle
        }
        points.append(end)
        contourArcs.append(
            ContourArc(
                center: arc.center, axis1: arc.axis1, axis2: arc.axis2, start: from,
                end: endParameter, sign: sign, endIndex: points.count - 1))
        return true
    }

    /// Cuts a buffered arc from `a` to `b` at its x and y turning points
    /// into monotone pieces: feeds their tangents to the convexity tracker
    /// and their directions to the chain tracker, and keeps the pieces.
    mutating func appendArcPieces(
        _ arc: ContourArc, from a: Point, to b: Point, convexity: inout ConvexityTracker,
        chains: inout ChainTracker, edgeCount: Int
    ) {
        let u = arc.axis1, v = arc.axis2, s = arc.sign
        // Parameter directions where x' = 0 (±(u.x, v.x)) and y' = 0
        // (±(u.y, v.y)), kept if strictly inside the arc.
        var cuts = FourPoints()
        func consider(_ w: Point) {
            let inner = 1e-12
            guard s * arc.start.cross(w) > inner, s * w.cross(arc.end) > inner else { return }
            cuts.append(w)
        }
        let hx = (u.x * u.x + v.x * v.x).squareRoot(), hy = (u.y * u.y + v.y * v.y).squareRoot()
        if hx > 0 {
            let w = Point(x: u.x / hx, y: v.x / hx)
            consider(w)
            consider(-w)
        }
        if hy > 0 {
            let w = Point(x: u.y / hy, y: v.y / hy)
            consider(w)
            consider(-w)
        }
        // In order along the arc: the angle from the start, within half a
        // turn, grows as the dot product with the start falls.
        cuts.sort { arc.start.dot($0) > arc.start.dot($1) }
        func tangent(_ w: Point) -> Point { (v * w.x - u * w.y) * s }
        convexity.add(tangent(arc.start))
        var p = a, pw = arc.start
        for i in 0..<cuts.count {
            let w = cuts[i]
            let q = arc.center + u * w.x + v * w.y
            appendPiece(arc, p, pw, q, w, chains: &chains, edgeCount: edgeCount)
            convexity.add(tangent(w))
            p = q
            pw = w
        }
        appendPiece(arc, p, pw, b, arc.end, chains: &chains, edgeCount: edgeCount)
        convexity.add(tangent(arc.end))
    }

    private mutating func appendPiece(
        _ arc: ContourArc, _ p: Point, _ pw: Point, _ q: Point, _ qw: Point,
        chains: inout ChainTracker, edgeCount: Int
    ) {
        let dy = q.y - p.y
        guard dy != 0 else { return }
        let direction: Int32 = dy > 0 ? 1 : -1
        let chain = chains.chain(for: direction, edgeCount: edgeCount, arcCount: arcPieces.count)
        let (top, bottom, tw, bw) = dy > 0 ? (p, q, pw, qw) : (q, p, qw, pw)
        arcPieces.append(
            ArcPiece(
                center: arc.center, axis1: arc.axis1, axis2: arc.axis2, top: top, bottom: bottom,
                topParameter: tw, bottomParameter: bw, winding: direction, chain: chain))
    }

    /// Turns the draw's arc pieces into edges once every contour is built:
    /// exact `ArcEdge`s if the draw is known simple (the segments' areas
    /// are then plain additions), else chords within `arcTolerance` like
    /// the flattener's (the row resolver works on lines).
    mutating func finishArcs() {
        guard arcPieces.count > 0 else { return }
        var writer = EdgeWriter(self)
        if isKnownSimple {
            for i in 0..<arcPieces.count {
                edges.count = writer.count
                edges.reserve(writer.count + 1)
                writer.reload(edges)
                clip(arcPieces[i], writer: &writer)
            }
            sortArcEdges()
        } else {
            for i in 0..<arcPieces.count where !isSaturated {
                flatten(arcPieces[i], writer: &writer)
            }
        }
        edges.count = writer.count
        if writer.reachedOutsideRows { reachesOutsideRows = true }
        firstRow = min(firstRow, writer.firstRow)
        lastRow = max(lastRow, writer.lastRow)
        arcPieces.count = 0
    }

    /// Clips a piece to the clip like `EdgeWriter.add` clips a line: cut to
    /// the clip's rows, the part left of it projected onto its left side
    /// (a vertical line edge), the part right of it dropped.
    private mutating func clip(_ piece: ArcPiece, writer: inout EdgeWriter) {
        let origin = Point(x: Double(clip.minX), y: Double(clip.minY))
        let width = writer.width, height = writer.height
        var a = piece.top - origin, b = piece.bottom - origin
        guard b.y > 0, a.y < height, min(a.x, b.x) < width else { return }
        let c = piece.center - origin
        let conic = EllipseConic(axis1: piece.axis1, axis2: piece.axis2)
        let scale = abs(conic.det)
        let u = piece.axis1, v = piece.axis2, inverseDet = 1 / conic.det
        // Each solve's root: the side of the diameter through the turning
        // points the piece lies on, seen from its chord's midpoint.
        let m = (a + b) * 0.5 - c
        let rootX = conic.p00 * m.x + conic.p01 * m.y >= 0 ? scale : -scale
        let rootY = conic.p11 * m.y + conic.p01 * m.x >= 0 ? scale : -scale
        var e = ArcEdge(
            cx: c.x, cy: c.y, p00: conic.p00, p01: conic.p01, p11: conic.p11,
            inverseP00: 1 / conic.p00, inverseP11: 1 / conic.p11, rootX: rootX, rootY: rootY,
            scale: scale, m00: v.y * inverseDet, m01: -v.x * inverseDet, m10: -u.y * inverseDet,
            m11: u.x * inverseDet, xMin: min(a.x, b.x), xMax: max(a.x, b.x),
            xBottom: 0, xBottomCell: 0, x: 0, xCell: 0, wx: 0, wy: 0, firstRow: 0, lastRow: 0, y0: 0, y1: 0,
            winding: piece.winding, areaSign: 0)
        if a.y < 0 { a = Point(x: e.x(atY: 0), y: 0) }
        if b.y > height { b = Point(x: e.x(atY: height), y: height) }
        // Within the clip's rows the piece may lie wholly right of it
        // (only its part above or below reached further left): dropped.
        guard min(a.x, b.x) < width else { return }
        func y(atX x: Double) -> Double { min(max(e.y(atX: x), a.y), b.y) }
        if max(a.x, b.x) <= 0 {
            writer.addClipRelative(x0: 0, y0: a.y, x1: 0, y1: b.y, winding: piece.winding, chain: piece.chain)
            return
        }
        if min(a.x, b.x) < 0 {
            let yc = y(atX: 0)
            if a.x < 0 {
                writer.addClipRelative(x0: 0, y0: a.y, x1: 0, y1: yc, winding: piece.winding, chain: piece.chain)
                a = Point(x: 0, y: yc)
            } else {
                writer.addClipRelative(x0: 0, y0: yc, x1: 0, y1: b.y, winding: piece.winding, chain: piece.chain)
                b = Point(x: 0, y: yc)
            }
        }
        if max(a.x, b.x) > width {
            let yc = y(atX: width)
            if a.x > width { a = Point(x: width, y: yc) } else { b = Point(x: width, y: yc) }
        }
        let yTop = Fixed.round(a.y * Double(Fixed.one)), yBottom = Fixed.round(b.y * Double(Fixed.one))
        guard yBottom > yTop else { return }
        let first = yTop >> Fixed.shift, last = (yBottom &- 1) >> Fixed.shift
        e.xMin = min(a.x, b.x)
        e.xMax = max(a.x, b.x)
        e.x = a.x
        e.xCell = writer.cellX(a.x)
        (e.wx, e.wy) = e.unit(a.x, Double(yTop) / Double(Fixed.one))
        e.xBottom = b.x
        e.xBottomCell = writer.cellX(b.x)
        e.firstRow = Int32(truncatingIfNeeded: first)
        e.lastRow = Int32(truncatingIfNeeded: last)
        e.y0 = Int32(truncatingIfNeeded: yTop &- first << Fixed.shift)
        e.y1 = Int32(truncatingIfNeeded: yBottom &- last << Fixed.shift)
        // The centre lies on the far side of every chord from the arc.
        let d = b - a
        let bulgesRight = d.cross(c - a) > 0
        e.areaSign = bulgesRight ? -piece.winding : piece.winding
        arcEdges.append(e)
        writer.include(rows: first...last)
    }

    /// Lists `arcEdges`' indices by first row in `arcOrder` (insertion
    /// sort: arcs are few, and mostly built in order).
    private mutating func sortArcEdges() {
        arcOrder.count = 0
        arcOrder.reserve(arcEdges.count)
        let edges = arcEdges.base, order = arcOrder.base
        for i in 0..<arcEdges.count {
            let row = edges[i].firstRow
            var j = i
            while j > 0 && edges[Int(order[j - 1])].firstRow > row {
                order[j] = order[j - 1]
                j -= 1
            }
            order[j] = Int32(truncatingIfNeeded: i)
        }
        arcOrder.count = arcEdges.count
    }

    /// How much finer than `arcTolerance` the chords of an arc in a draw
    /// that may cross itself are: at the default tolerance (0.008 px) a
    /// polygon within 0.002 px of the arc, straddling it, leaves every
    /// pixel within 1/255 of the exact area after rounding (inscribed
    /// chords within 0.008 px reached 2.2/255 where such arcs cross;
    /// `ArcCoverageTests.crossingCirclesAndEllipsesAreExact`), for about
    /// 1.4 times the chords.
    static let crossingArcToleranceFactor = 0.25

    /// Adds a piece's chords: the polygon that straddles the arc
    /// (`StraddlingArc`, as `Flattener.flattenArc` flattens), within
    /// `arcTolerance · crossingArcToleranceFactor`, end points exact. Every
    /// chord runs downwards (a vertex is kept between its neighbours'
    /// heights), so the piece stays one monotone chain.
    private mutating func flatten(_ piece: ArcPiece, writer: inout EdgeWriter) {
        let u = piece.axis1, v = piece.axis2
        let a = piece.topParameter, b = piece.bottomParameter
        let angle = _atan2(abs(a.cross(b)), a.dot(b))
        // At least the ellipse's largest radius.
        let r = (u.x * u.x + u.y * u.y + v.x * v.x + v.y * v.y).squareRoot()
        let tolerance = arcTolerance * Self.crossingArcToleranceFactor
        let polygon = StraddlingArc(sweep: a.cross(b) >= 0 ? angle : -angle, radius: r, tolerance: tolerance)
        let n = (polygon?.count ?? 0) &+ 1
        lineCount &+= n
        guard lineCount <= maximumLineCount else { return }
        edges.count = writer.count
        edges.reserve(writer.count + 2 * n)
        writer.reload(edges)
        var p = piece.top
        let bottom = piece.bottom
        if let polygon {
            for vertex in polygon.vertices(center: piece.center, axis1: u, axis2: v, startCosSin: (a.x, a.y)) {
                let q = Point(x: vertex.x, y: min(max(vertex.y, p.y), bottom.y))
                if q.y > p.y { writer.add(top: p, bottom: q, winding: piece.winding, chain: piece.chain) }
                p = q
            }
        }
        if bottom.y > p.y { writer.add(top: p, bottom: bottom, winding: piece.winding, chain: piece.chain) }
    }
}

/// Up to four points in a fixed-size value (no array per arc).
struct FourPoints {
    private var storage: (Point, Point, Point, Point) = (.zero, .zero, .zero, .zero)
    private(set) var count = 0

    subscript(i: Int) -> Point {
        get {
            switch i {
            case 0: return storage.0
            case 1: return storage.1
            case 2: return storage.2
            default: return storage.3
            }
        }
        set {
            switch i {
            case 0: storage.0 = newValue
            case 1: storage.1 = newValue
            case 2: storage.2 = newValue
            default: storage.3 = newValue
            }
        }
    }

    /// Appends `p` (at most four in all).
    mutating func append(_ p: Point) {
        assert(count < 4, "more than four points")
        self[count] = p
        count += 1
    }

    /// Sorts the points by `isBefore` (insertion sort).
    mutating func sort(by isBefore: (Point, Point) -> Bool) {
        guard count > 1 else { return }
        for i in 1..<count {
            let p = self[i]
            var j = i
            while j > 0 && isBefore(p, self[j - 1]) {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = p
        }
    }
}

/// The y-monotone chain of each edge of a contour being built (see
/// `Edge.chain`).
struct ChainTracker {
    var next: Int32
    var chain: Int32
    var direction: Int32 = 0
    var first: Int32
    var firstDirection: Int32 = 0
    /// Where the current chain's edges and arc pieces start.
    var edgeStart = 0
    var arcStart = 0

    init(next: Int32) {
        self.next = next
        chain = next
        first = next
    }

    /// The chain of the next edge, running `direction` (±1).
    @inline(__always)
    mutating func chain(for direction: Int32, edgeCount: Int, arcCount: Int) -> Int32 {
        if direction != self.direction {
            chain = next
            next &+= 1
            self.direction = direction
            edgeStart = edgeCount
            arcStart = arcCount
            if firstDirection == 0 {
                firstDirection = direction
                first = chain
            }
        }
        return chain
    }
}
