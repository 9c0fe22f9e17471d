// Raster: elliptical arcs covered exactly, without flattening. An arc of
// the path (any affine image of a circular arc: an arc of an ellipse
// P(θ) = c + u·cos θ + v·sin θ) reaches the edge builder whole. The
// builder cuts it where its x or y turns (the points where the tangent is
// vertical or horizontal), so every piece is monotone in both; once the
// draw is known simple (Convexity.swift) each piece is clipped and becomes
// an `ArcEdge`. The row loop then splits the piece where it crosses pixel
// rows and columns, each crossing one square root of the ellipse's
// implicit equation, so every part lies in one cell; it accumulates the
// part's chord like a line piece (CellRow.swift) and adds to that cell the
// area between chord and arc, the elliptical segment. Rows hold no other
// approximation: coverage is the exact area, like a polygon's.
//
// The ellipse, centred: with d = p − c, the points satisfy
//   p00·dx² + 2·p01·dx·dy + p11·dy² = det²,
//   p00 = u.y² + v.y², p01 = −(u.x·u.y + v.x·v.y), p11 = u.x² + v.x²,
//   det = u.x·v.y − u.y·v.x,
// (|M⁻¹d| = 1 with M = [u v], times det²), and p00·p11 − p01² = det², so
//   dx = (−p01·dy ± |det|·√(p00 − dy²)) / p00   at height dy,
//   dy = (−p01·dx ± |det|·√(p11 − dx²)) / p11   at abscissa dx,
// the sign fixed along a monotone piece.
//
// The segment: M maps the unit circle onto the ellipse and scales areas by
// |det|, so the area between a chord and its arc is |det|·f, f the unit
// circle's segment between the chord's ends mapped back, w = M⁻¹(p − c).
// With σ = |w₁ × w₂| = sin Δθ (Δθ ≤ π/2 inside a cell piece),
// f = (Δθ − sin Δθ)/2 = (asin σ − σ)/2 = σ³/12 + 3σ⁵/80 + 5σ⁷/224 +
// 35σ⁹/2304 + … (all terms positive, each ratio of successive ones below
// σ²). For σ ≤ 1/4 the series is cut after σ⁷: the rest is below
// (35/2304)·σ⁹/(1 − σ²) ≤ 6.2e-8, a relative error below 5e-5 of f; the
// segment lies in the box its chord spans, on one side of the chord, so
// it is at most half a pixel and the error at most 2.5e-5 px²
// (0.006/255). Larger σ (an ellipse a few pixels across) takes
// (atan2(σ, w₁·w₂) − σ)/2. No square root: the ends' w come from the
// crossings already solved. The crossings are solved in
// Double (errors ~1e-9 px) and rounded to the cells' fixed point like line
// ends (FixedPoint.swift), so an arc's pixels are within the polygon bound.

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

/// An arc piece inside the clip, as the row loop steps it (clip-relative
/// pixels; fixed-point formats as for `Edge`).
struct ArcEdge {
    /// The centre and the implicit equation (file comment).
    var cx: Double
    var cy: Double
    var p00: Double
    var p01: Double
    var p11: Double
    var inverseP00: Double
    var inverseP11: Double
    /// ±|det|: the root of each solve that lies on this piece.
    var rootX: Double
    var rootY: Double
    /// |det|, and M⁻¹ (row-major), for the segments.
    var scale: Double
    var m00: Double
    var m01: Double
    var m10: Double
    var m11: Double
    /// The piece's x range (solves are clamped into it).
    var xMin: Double
    var xMax: Double
    /// x at the bottom end, in pixels and in cell units.
    var xBottom: Double
    var xBottomCell: Int
    /// x at the top of the next row to step, in pixels and in cell units,
    /// and the point there mapped onto the unit circle.
    var x: Double
    var xCell: Int
    var wx: Double
    var wy: Double
    var firstRow: Int32
    var lastRow: Int32
    /// The top's height inside `firstRow`, the bottom's inside `lastRow`.
    var y0: Int32
    var y1: Int32
    var winding: Int32
    /// The sign a segment's area is added with: the winding, negated where
    /// the arc bulges to the right of its chords (it then leaves the cell
    /// less area to its right than the chord does).
    var areaSign: Int32

    /// x at height `y` (clip-relative pixels), inside the piece's x range.
    @inline(__always)
    func x(atY y: Double) -> Double {
        let dy = y - cy
        let root = max(p00 - dy * dy, 0).squareRoot()
        let x = cx + (rootX * root - p01 * dy) * inverseP00
        return min(max(x, xMin), xMax)
    }

    /// y at abscissa `x`, unclamped (the caller clamps to its part).
    @inline(__always)
    func y(atX x: Double) -> Double {
        let dx = x - cx
        let root = max(p11 - dx * dx, 0).squareRoot()
        return cy + (rootY * root - p01 * dx) * inverseP11
    }

    /// The point (x, y) mapped onto the unit circle: M⁻¹(p − c).
    @inline(__always)
    func unit(_ x: Double, _ y: Double) -> (Double, Double) {
        let dx = x - cx, dy = y - cy
        return (m00 * dx + m01 * dy, m10 * dx + m11 * dy)
    }

    /// The area (pixels²) between the arc and its chord from the point
    /// whose unit-circle image is `a` to the one whose image is `b`, at
    /// most `box` (half the box the chord spans).
    @inline(__always)
    func segmentArea(_ a: (Double, Double), _ b: (Double, Double), box: Double) -> Double {
        let sine = abs(a.0 * b.1 - a.1 * b.0)
        return min(scale * Self.unitSegmentArea(sine: sine, cosine: a.0 * b.0 + a.1 * b.1), box)
    }

    /// The unit circle's segment under an angle of sine `sine` (file
    /// comment: the series for sine ≤ 1/4, else the closed form).
    @inline(__always)
    static func unitSegmentArea(sine s: Double, cosine c: Double) -> Double {
        if s <= 0.25 {
            let s2 = s * s
            return s * s2 * (1.0 / 12 + s2 * (3.0 / 80 + s2 * (5.0 / 224)))
        }
        return closedFormSegmentArea(sine: s, cosine: c)
    }

    @inline(never)
    static func closedFormSegmentArea(sine s: Double, cosine c: Double) -> Double {
        max(0, (_atan2(s, c) - s) / 2)
    }
}

/// The implicit form of the ellipse c + u·cos θ + v·sin θ (file comment).
struct EllipseConic {
    let p00: Double, p01: Double, p11: Double, det: Double

    init(axis1 u: Point, axis2 v: Point) {
        p00 = u.y * u.y + v.y * v.y
        p01 = -(u.x * u.y + v.x * v.y)
        p11 = u.x * u.x + v.x * v.x
        det = u.x * v.y - u.y * v.x
    }

    /// Whether the arc solver accepts the ellipse: finite, not too flat to
    /// solve well (|det| ≥ 1e-6·(|u|² + |v|²), both radii well away from
    /// 0), and no larger than 2^22 px; others are flattened.
    static func accepts(center: Point, axis1 u: Point, axis2 v: Point) -> Bool {
        let size = u.x * u.x + u.y * u.y + v.x * v.x + v.y * v.y
        let det = u.x * v.y - u.y * v.x
        return center.isFinite && size.isFinite && det.isFinite && size > 1e-12 && size < 0x1p44
            && abs(det) >= 1e-6 * size && abs(center.x) < 0x1p24 && abs(center.y) < 0x1p24
    }
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
            contourArcs.append(ContourArc(center: arc.center, axis1: arc.axis1, axis2: arc.axis2, start: from,
                                          end: middle, sign: sign, endIndex: points.count - 1))
            from = middle
        }
        points.append(end)
        contourArcs.append(ContourArc(center: arc.center, axis1: arc.axis1, axis2: arc.axis2, start: from,
                                      end: endParameter, sign: sign, endIndex: points.count - 1))
        return true
    }

    /// Cuts a buffered arc from `a` to `b` at its x and y turning points
    /// into monotone pieces: feeds their tangents to the convexity tracker
    /// and their directions to the chain tracker, and keeps the pieces.
    mutating func appendArcPieces(_ arc: ContourArc, from a: Point, to b: Point, convexity: inout ConvexityTracker,
                                  chains: inout ChainTracker, edgeCount: Int) {
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

    private mutating func appendPiece(_ arc: ContourArc, _ p: Point, _ pw: Point, _ q: Point, _ qw: Point,
                                      chains: inout ChainTracker, edgeCount: Int) {
        let dy = q.y - p.y
        guard dy != 0 else { return }
        let direction: Int32 = dy > 0 ? 1 : -1
        let chain = chains.chain(for: direction, edgeCount: edgeCount, arcCount: arcPieces.count)
        let (top, bottom, tw, bw) = dy > 0 ? (p, q, pw, qw) : (q, p, qw, pw)
        arcPieces.append(ArcPiece(center: arc.center, axis1: arc.axis1, axis2: arc.axis2, top: top, bottom: bottom,
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
        var e = ArcEdge(cx: c.x, cy: c.y, p00: conic.p00, p01: conic.p01, p11: conic.p11,
                        inverseP00: 1 / conic.p00, inverseP11: 1 / conic.p11, rootX: rootX, rootY: rootY,
                        scale: scale, m00: v.y * inverseDet, m01: -v.x * inverseDet, m10: -u.y * inverseDet,
                        m11: u.x * inverseDet, xMin: min(a.x, b.x), xMax: max(a.x, b.x),
                        xBottom: 0, xBottomCell: 0, x: 0, xCell: 0, wx: 0, wy: 0, firstRow: 0, lastRow: 0, y0: 0, y1: 0,
                        winding: piece.winding, areaSign: 0)
        if a.y < 0 { a = Point(x: e.x(atY: 0), y: 0) }
        if b.y > height { b = Point(x: e.x(atY: height), y: height) }
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

    /// Sorts `arcEdges` by first row (insertion sort: arcs are few, and
    /// mostly built in order).
    private mutating func sortArcEdges() {
        let base = arcEdges.base
        for i in 1..<max(arcEdges.count, 1) {
            let e = base[i]
            var j = i
            while j > 0 && base[j - 1].firstRow > e.firstRow {
                base[j] = base[j - 1]
                j -= 1
            }
            base[j] = e
        }
    }

    /// Adds a piece's chords: the parameter steps of `Flattener.flattenArc`'s
    /// bound for an inscribed polygon (Δθ = 2·acos(1 − τ/R)), end points
    /// exact.
    private mutating func flatten(_ piece: ArcPiece, writer: inout EdgeWriter) {
        let u = piece.axis1, v = piece.axis2
        let a = piece.topParameter, b = piece.bottomParameter
        let angle = _atan2(abs(a.cross(b)), a.dot(b))
        let r = (u.x * u.x + u.y * u.y + v.x * v.x + v.y * v.y).squareRoot()
        let tolerance = min(arcTolerance, r)
        let step = 2 * _acos(1 - tolerance / r)
        let n = Int(saturatingCeil: angle / max(step, 1e-9), in: 1...Flattener.maximumSegmentsPerCurve)
        lineCount &+= n
        guard lineCount <= maximumLineCount else { return }
        edges.count = writer.count
        edges.reserve(writer.count + 2 * n)
        writer.reload(edges)
        let rotation = a.cross(b) >= 0 ? angle / Double(n) : -angle / Double(n)
        let cd = _cos(rotation), sd = _sin(rotation)
        var w = a
        var p = piece.top
        for i in 1...n {
            let q: Point
            if i == n {
                q = piece.bottom
            } else {
                w = Point(x: w.x * cd - w.y * sd, y: w.y * cd + w.x * sd)
                q = Point(x: piece.center.x + u.x * w.x + v.x * w.y, y: piece.center.y + u.y * w.x + v.y * w.y)
            }
            // A monotone piece's chords all run downwards.
            if q.y > p.y { writer.add(top: p, bottom: q, winding: piece.winding, chain: piece.chain) }
            p = q
        }
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

extension RasterCore {
    /// Adds row `y`'s parts of the arc edges: starts those whose first row
    /// it is, steps the active ones, drops those ending. Returns whether
    /// any arc had a part in the row.
    @inline(__always)
    mutating func stepArcs(_ list: EdgeList, y: Int, next: inout Int, into row: inout CellRow) -> Bool {
        let arcs = list.arcs
        let row32 = Int32(truncatingIfNeeded: y)
        while next < list.arcCount && arcs[next].firstRow == row32 {
            activeArcs.append(Int32(truncatingIfNeeded: next))
            next &+= 1
        }
        let count = activeArcs.count
        guard count > 0 else { return false }
        let indices = activeArcs.base
        var kept = 0
        for i in 0..<count {
            let index = Int(indices[i])
            Self.addRowPart(of: &arcs[index], y: y, into: &row)
            if arcs[index].lastRow > row32 {
                indices[kept] = indices[i]
                kept &+= 1
            }
        }
        activeArcs.count = kept
        return true
    }

    /// Adds an arc's part in row `y`, cut at every column it crosses: per
    /// cell its chord and the segment between chord and arc, in two adds.
    @inline(__always)
    static func addRowPart(of e: inout ArcEdge, y: Int, into row: inout CellRow) {
        let row32 = Int32(truncatingIfNeeded: y)
        let one = Double(Fixed.one)
        let rowTop = Double(y)
        let yTop = row32 == e.firstRow ? Int(e.y0) : 0
        let yEnd = row32 == e.lastRow ? Int(e.y1) : Fixed.one
        let yEndPixels = rowTop + Double(yEnd) * (1 / one)
        let xEnd: Double, xEndCell: Int
        if row32 == e.lastRow {
            xEnd = e.xBottom
            xEndCell = e.xBottomCell
        } else {
            xEnd = e.x(atY: rowTop + 1)
            xEndCell = Fixed.round(xEnd * Double(Fixed.cellOne))
        }
        var px = e.x, pCell = e.xCell
        var py = rowTop + Double(yTop) * (1 / one), pY = yTop
        var pw = (e.wx, e.wy)
        let winding = Int(e.winding), areaSign = Int(e.areaSign)
        // The cells this part touches, marked once.
        let firstCell = min(pCell, xEndCell) >> Fixed.cellShift, lastCell = max(pCell, xEndCell) >> Fixed.cellShift
        @inline(__always)
        func part(_ qx: Double, _ qCell: Int, _ qy: Double, _ qY: Int) {
            let qw = e.unit(qx, qy)
            defer { pw = qw }
            guard qY > pY else { return }
            let area = e.segmentArea(pw, qw, box: 0.5 * abs((qx - px) * (qy - py)))
            row.addInCell(min(pCell, qCell) >> Fixed.cellShift, xa: pCell, xb: qCell, dy: qY &- pY, winding: winding,
                          extra: Fixed.round(area * one) &* areaSign)
        }
        if xEndCell > pCell {
            // Rightwards: the column boundaries strictly between the ends.
            var k = (pCell >> Fixed.cellShift) &+ 1
            while k << Fixed.cellShift < xEndCell {
                let qx = Double(k)
                let qy = min(max(e.y(atX: qx), py), yEndPixels)
                let qY = min(max(Fixed.round((qy - rowTop) * one), pY), yEnd)
                part(qx, k << Fixed.cellShift, qy, qY)
                px = qx; pCell = k << Fixed.cellShift; py = qy; pY = qY
                k &+= 1
            }
        } else if xEndCell < pCell {
            var k = (pCell &- 1) >> Fixed.cellShift
            while k << Fixed.cellShift > xEndCell {
                let qx = Double(k)
                let qy = min(max(e.y(atX: qx), py), yEndPixels)
                let qY = min(max(Fixed.round((qy - rowTop) * one), pY), yEnd)
                part(qx, k << Fixed.cellShift, qy, qY)
                px = qx; pCell = k << Fixed.cellShift; py = qy; pY = qY
                k &-= 1
            }
        }
        part(xEnd, xEndCell, yEndPixels, yEnd)
        row.markCells(firstCell, lastCell &+ 1)
        e.x = xEnd
        e.xCell = xEndCell
        (e.wx, e.wy) = pw
    }
}

extension CellRow {
    /// Adds a piece inside `cell` (its ends' cell x `xa`, `xb` within the
    /// cell's column, `dy` > 0) like `add`, plus `extra` (1/`Fixed.one` of
    /// a pixel) to the cell's area only: the pixels to its right keep
    /// their cover. The caller marks the cells (`markCells`).
    @inline(__always)
    mutating func addInCell(_ cell: Int, xa: Int, xb: Int, dy: Int, winding: Int, extra: Int) {
        let left = cell << Fixed.cellShift
        assert(xa >= left && xb >= left && xa <= left + Fixed.cellOne && xb <= left + Fixed.cellOne, "piece outside its cell")
        // dy ≤ 2^24 and the factor ≤ 2^17: no overflow.
        let area = (dy &* (2 &* Fixed.cellOne &- (xa &- left) &- (xb &- left))) >> (Fixed.cellShift + 1)
        let inCell = area &* winding &+ extra
        cells[cell] &+= Int32(truncatingIfNeeded: inCell)
        cells[cell &+ 1] &+= Int32(truncatingIfNeeded: dy &* winding &- inCell)
        pieceCount &+= 1
    }
}
