// Raster: device-space polylines -> fixed-point line edges for the row
// loop, clipped once here instead of once per row. Each edge is oriented
// top to bottom with its original direction kept as a winding sign, cut to
// the clip's rows, with the part left of the clip projected onto its left
// side (it still changes the winding of every pixel to its right) and the
// part right of it dropped (it changes no pixel inside). Edges are linked
// into per-row lists by the row they start in, so the row loop needs no
// sort. Each edge is tagged with the y-monotone chain it belongs to: two
// edges of one chain never cross, which lets the rasterizer prove most rows
// free of crossings cheaply (see RowResolver). Formats: FixedPoint.swift.

/// A straight edge in the clip's fixed-point space (FixedPoint.swift), as
/// the row loop reads it when it reaches the edge's first row.
struct Edge {
    /// x (32.32, clip-relative) at the top end.
    var x0: Int
    /// x where the edge leaves its first row (`x1` if it ends there).
    var xBoundary: Int
    /// x at the bottom end.
    var x1: Int
    /// x per full row, 32.32; never carries x beyond `x1` (the builder
    /// checks the last full row).
    var step: Int
    /// The clip-relative rows of the top and bottom ends.
    var firstRow: Int32
    var lastRow: Int32
    /// The top's height inside `firstRow` (0..<`Fixed.one`) and the
    /// bottom's inside `lastRow` (1...`Fixed.one`).
    var y0: Int32
    var y1: Int32
    /// +1 if the path ran downwards (increasing y) along this edge, −1 if up.
    var winding: Int32
    /// The y-monotone chain this edge belongs to.
    var chain: Int32
    /// The next edge starting in the same row, or −1.
    var next: Int32
}

/// Collects a flattener's polylines as fixed-point `Edge`s with chain
/// tags, listed by first row. Reused from draw to draw: `reset` keeps the
/// storage. Every edge lies inside the clip: x in 0...width, rows in
/// 0..<height (clip-relative). Points are buffered per contour and turned
/// into edges in one loop when the contour ends, with the loop's state in
/// locals rather than in this struct (a call per point costs an append).
struct EdgeBuilder: LineSink {
    /// The edges (storage owned by the rasterizer, which deallocates it).
    var edges = ScratchBuffer<Edge>()
    /// For each clip row, the index of the last edge added that starts
    /// there, or −1; the rest of the row's edges follow `Edge.next`. Rows
    /// `firstRow...lastRow` may be non-empty; all others hold −1 between
    /// draws.
    var rowHeads = ScratchBuffer<Int32>()
    /// The current contour's points (device pixels), since `beginContour`.
    var points = ScratchBuffer<Point>()
    /// The current contour's arcs (ArcEdge.swift), each ending at one of
    /// its points.
    var contourArcs = ScratchBuffer<ContourArc>()
    /// The draw's arcs cut into monotone pieces, until `finishArcs`.
    var arcPieces = ScratchBuffer<ArcPiece>()
    /// The draw's exact arc edges (after `finishArcs`), and their indices
    /// by first row (sorting indices moves 4 bytes, not an edge).
    var arcEdges = ScratchBuffer<ArcEdge>()
    var arcOrder = ScratchBuffer<Int32>()
    /// The tolerance (device pixels) arcs are flattened to in draws that
    /// are not known simple.
    var arcTolerance = Flattener.defaultTolerance
    /// The first and last clip-relative row that may have edges (empty:
    /// lower > upper).
    var firstRow = Int.max
    var lastRow = -1
    /// Rows and columns that can be affected (device pixels).
    private(set) var clip = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)
    /// Whether `points` holds a contour not yet turned into edges.
    var contourIsOpen = false
    private var nextChain: Int32 = 0
    /// Whether a non-finite point arrived (the draw must then be dropped).
    private(set) var sawNonFinite = false
    /// The most lines (kept or culled) one draw may add; past it the
    /// builder is saturated, ignores lines, and the draw is dropped.
    var maximumLineCount = Int.max
    /// Lines (and arcs) added since `reset`, kept or culled.
    var lineCount = 0
    var isSaturated: Bool { lineCount > maximumLineCount }
    /// How many contours ended, and the orientations of the first two
    /// (0 where not convex).
    private var contourCount = 0
    private var orientations = (0.0, 0.0)
    /// Set by a builder of two nested contours (the stroker's ring of a
    /// convex closed path) that vouches for the inner one lying inside the
    /// outer one.
    var contoursAreNested = false
    /// Set when the draw's windings were resolved as a whole
    /// (WindingResolution.swift): every row then accumulates.
    var windingsResolved = false
    /// Whether a line reached above or below the clip's rows (cut or
    /// culled there): the edges then depend on the clip's rows.
    var reachesOutsideRows = false

    /// What `isKnownSimple` is worked out from: the contours ended, the
    /// first two's orientations and the nested vouch (for a builder that
    /// takes over another's edges: EdgeBuilder+Rows.swift).
    var simplicity: EdgeSimplicity {
        get {
            EdgeSimplicity(
                contourCount: contourCount, orientations: orientations, nested: contoursAreNested,
                lineCount: lineCount, reachesOutsideRows: reachesOutsideRows)
        }
        set {
            contourCount = newValue.contourCount
            orientations = newValue.orientations
            contoursAreNested = newValue.nested
            lineCount = newValue.lineCount
            reachesOutsideRows = newValue.reachesOutsideRows
        }
    }

    /// Whether every row can be accumulated without the row check: one
    /// convex contour, or two of opposite orientation nested (see
    /// Convexity.swift).
    var isKnownSimple: Bool {
        if windingsResolved { return true }
        switch contourCount {
        case 1: return orientations.0 != 0
        case 2: return contoursAreNested && orientations.0 != 0 && orientations.0 == -orientations.1
        default: return false
        }
    }

    /// Whether no edge was kept.
    var isEmpty: Bool { edges.count == 0 && arcEdges.count == 0 && arcPieces.count == 0 && closedForm.count == 0 }

    /// A draw covered in closed form (RoundedRectRows.swift) instead of
    /// edges, in `closedForm[0]` (count 1) or none (count 0); set by
    /// `setRoundedRects`, cleared by `reset`. Kept in storage of its own
    /// so that the row loop reads it in place: the value is ~280 bytes,
    /// and copies of it per draw were measurable on small cells.
    private(set) var closedForm = ScratchBuffer<RoundedRectDraw>()

    /// The closed-form draw, if this is one (valid until the next
    /// `reset` or `setRoundedRects`).
    var roundedRects: UnsafePointer<RoundedRectDraw>? {
        closedForm.count > 0 ? UnsafePointer(closedForm.base) : nil
    }

    /// The shapes of a closed-form draw (0 for edges).
    var closedFormShapeCount: Int { closedForm.count == 0 ? 0 : closedForm.base.pointee.inner == nil ? 1 : 2 }

    /// Makes the draw of `outer` minus `inner` (clip-relative, for this
    /// builder's clip), with no edges, if it covers anything (else the
    /// builder stays empty). The draw is built where it is kept.
    mutating func setRoundedRects(_ outer: borrowing RowRoundedRect, minus inner: borrowing RowRoundedRect?) {
        assert(isEmpty, "a closed-form draw with edges")
        guard RoundedRectDraw.covers(copy outer, clipWidth: clip.width, clipHeight: clip.height) else { return }
        closedForm.reserve(1)
        closedForm.base.initialize(
            to: RoundedRectDraw(covering: outer, minus: inner, clipWidth: clip.width, clipHeight: clip.height))
        closedForm.count = 1
        firstRow = closedForm.base.pointee.firstRow
        lastRow = closedForm.base.pointee.lastRow
    }

    /// The device rows the kept edges span (empty if none).
    var deviceRows: Range<Int> {
        guard firstRow <= lastRow else { return clip.minY..<clip.minY }
        return (clip.minY + firstRow)..<(clip.minY + lastRow + 1)
    }

    /// The capacities of the builder's buffers (for tests that check
    /// steady drawing stops allocating).
    var capacities: [Int] {
        [
            edges.capacity, rowHeads.capacity, points.capacity, contourArcs.capacity, arcPieces.capacity,
            arcEdges.capacity, arcOrder.capacity, closedForm.capacity,
        ]
    }

    func deallocate() {
        edges.deallocate(); rowHeads.deallocate(); points.deallocate()
        contourArcs.deallocate(); arcPieces.deallocate(); arcEdges.deallocate(); arcOrder.deallocate()
        closedForm.deallocate()
    }

    /// Starts a new draw for `clip` (device pixels): no edges, every row
    /// list empty.
    mutating func reset(clip: PixelRect) {
        if firstRow <= lastRow {
            (rowHeads.base + firstRow).update(repeating: -1, count: lastRow - firstRow + 1)
        }
        firstRow = Int.max
        lastRow = -1
        closedForm.count = 0
        edges.count = 0
        points.count = 0
        contourArcs.count = 0
        arcPieces.count = 0
        arcEdges.count = 0
        arcOrder.count = 0
        contourIsOpen = false
        self.clip = clip
        if clip.height > rowHeads.capacity {
            rowHeads.reserve(clip.height)
            rowHeads.base.initialize(repeating: -1, count: rowHeads.capacity)
        }
        nextChain = 0
        sawNonFinite = false
        lineCount = 0
        contourCount = 0
        orientations = (0, 0)
        contoursAreNested = false
        windingsResolved = false
        reachesOutsideRows = false
    }

    mutating func beginContour(at p: Point) {
        // A contour left open keeps its lines, with no closing one, and
        // counts as not convex.
        if contourIsOpen { buildContour(closing: false) }
        points.count = 0
        contourArcs.count = 0
        points.append(p)
        contourIsOpen = true
    }

    @inline(__always)
    mutating func addLine(to p: Point) {
        lineCount &+= 1
        guard lineCount <= maximumLineCount, contourIsOpen else { return }
        points.append(p)
    }

    mutating func closeContour(explicitly: Bool = true) {
        guard contourIsOpen else { return }
        if points[points.count - 1] != points[0] {
            lineCount &+= 1
            if lineCount <= maximumLineCount { points.append(points[0]) }
        }
        buildContour(closing: true)
    }

    /// Turns the buffered contour's lines into edges: tracks its convexity
    /// and its y-monotone chains, culls what cannot change a pixel of the
    /// clip, and clips the rest (EdgeWriter).
    private mutating func buildContour(closing: Bool) {
        contourIsOpen = false
        let n = points.count
        guard n > 1 else {
            if n == 1, !points[0].isFinite { sawNonFinite = true }
            return
        }
        // At most two edges per line (a part projected onto the clip's
        // left side, and the rest).
        edges.reserve(edges.count + 2 * (n - 1))
        var writer = EdgeWriter(self)
        let pts = points.base
        var convexity = ConvexityTracker()
        var chains = ChainTracker(next: nextChain)
        // The point where the next arc ends (lines end at all others).
        var arcIndex = 0
        var nextArcEnd = contourArcs.count > 0 ? contourArcs[0].endIndex : Int.max
        var a = pts[0]
        guard a.isFinite else {
            sawNonFinite = true
            return
        }
        for i in 1..<n {
            let b = pts[i]
            guard b.isFinite else {
                sawNonFinite = true
                return
            }
            if i == nextArcEnd {
                appendArcPieces(
                    contourArcs[arcIndex], from: a, to: b, convexity: &convexity, chains: &chains,
                    edgeCount: writer.count)
                arcIndex += 1
                nextArcEnd = arcIndex < contourArcs.count ? contourArcs[arcIndex].endIndex : Int.max
                a = b
                continue
            }
            // A line shorter than rounding noise (an arc's computed end a
            // few ulps from the contour's start) turns nothing.
            let d = b - a
            if abs(d.x) + abs(d.y) > 1e-9 { convexity.add(d) }
            let dy = d.y
            if dy != 0 {
                let direction: Int32 = dy > 0 ? 1 : -1
                let chain = chains.chain(for: direction, edgeCount: writer.count, arcCount: arcPieces.count)
                if dy > 0 {
                    writer.add(top: a, bottom: b, winding: 1, chain: chain)
                } else {
                    writer.add(top: b, bottom: a, winding: -1, chain: chain)
                }
            }
            a = b
        }
        nextChain = chains.next
        edges.count = writer.count
        if writer.reachedOutsideRows { reachesOutsideRows = true }
        firstRow = min(firstRow, writer.firstRow)
        lastRow = max(lastRow, writer.lastRow)
        // The contour's last chain continues into its first when both run
        // the same way: give them one id so the row check sees one chain.
        if closing, chains.direction != 0, chains.direction == chains.firstDirection, chains.chain != chains.first {
            for i in chains.edgeStart..<edges.count where edges[i].chain == chains.chain {
                edges[i].chain = chains.first
            }
            for i in chains.arcStart..<arcPieces.count where arcPieces[i].chain == chains.chain {
                arcPieces[i].chain = chains.first
            }
        }
        let orientation = closing ? convexity.finish() : (convexity.isStarted ? 0 : nil)
        if let orientation { finishContour(orientation: orientation) }
    }

    private mutating func finishContour(orientation: Double) {
        if contourCount == 0 { orientations.0 = orientation } else if contourCount == 1 { orientations.1 = orientation }
        contourCount += 1
    }
}

/// Writes one contour's edges into an `EdgeBuilder`'s storage (reserved
/// beforehand), with the clip and the row range in locals.
struct EdgeWriter {
    private(set) var edges: UnsafeMutablePointer<Edge>
    let rowHeads: UnsafeMutablePointer<Int32>
    /// The clip's sides (device pixels) and size (pixels), and its width
    /// in edge x units.
    let left: Double, top: Double, right: Double, bottom: Double
    let width: Double, height: Double
    let widthInX: Int
    var count: Int
    var firstRow = Int.max
    var lastRow = -1
    /// Whether a line added reached above or below the clip's rows.
    var reachedOutsideRows = false

    init(_ builder: EdgeBuilder) {
        edges = builder.edges.base
        rowHeads = builder.rowHeads.base
        let clip = builder.clip
        left = Double(clip.minX); top = Double(clip.minY)
        right = Double(clip.maxX); bottom = Double(clip.maxY)
        width = Double(max(0, clip.width)); height = Double(max(0, clip.height))
        widthInX = max(0, clip.width) << Fixed.xShift
        count = builder.edges.count
    }

    /// Points the writer at the edges' storage after it grew.
    mutating func reload(_ storage: ScratchBuffer<Edge>) { edges = storage.base }

    /// The cell x (16.16) of a clip-relative x in 0...width, rounded as
    /// line ends are (an arc meeting a line shares its cell x).
    @inline(__always)
    func cellX(_ x: Double) -> Int {
        min(max(Fixed.round(x * Double(Fixed.xOne)), 0), widthInX) >> Fixed.edgeToCellShift
    }

    /// Widens the rows with edges to include `rows`.
    mutating func include(rows: ClosedRange<Int>) {
        if rows.lowerBound < firstRow { firstRow = rows.lowerBound }
        if rows.upperBound > lastRow { lastRow = rows.upperBound }
    }

    /// `addFixed` for a line already clipped (clip-relative pixels).
    mutating func addClipRelative(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int32, chain: Int32) {
        addFixed(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding, chain: chain)
    }

    /// Adds a line from `p` (top) down to `q` (device pixels), if it can
    /// change a pixel of the clip: not above, below or right of it.
    @inline(__always)
    mutating func add(top p: Point, bottom q: Point, winding: Int32, chain: Int32) {
        let x0 = p.x - left, y0 = p.y - top, x1 = q.x - left, y1 = q.y - top
        if y0 >= 0 && y1 <= height && x0 >= 0 && x1 >= 0 && x0 <= width && x1 <= width {
            // Inside the clip (the common case): no cutting.
            addFixed(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding, chain: chain)
            return
        }
        if y0 < 0 || y1 > height { reachedOutsideRows = true }
        guard y1 > 0, y0 < height, x0 < width || x1 < width else { return }
        addClipped(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding, chain: chain)
    }

    /// Adds the part of a top-to-bottom line (clip-relative pixels,
    /// `y0 < y1`, finite) inside the clip: the part left of it projected
    /// onto x = 0, the part right of it dropped, then cut to its rows as
    /// the whole line would step through them (`addAcrossRows`), so a
    /// line's pixels do not depend on where the clip's rows end (a band
    /// of a surface draws what the whole surface draws in those rows).
    @inline(never)
    private mutating func addClipped(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int32, chain: Int32) {
        var x0 = x0, y0 = y0, x1 = x1, y1 = y1
        // Far outside the rows, cut first (coordinates stay in Fixed's
        // range; no band of a real surface is that tall).
        let far = 0x1p26
        if y0 < -far || y1 > height + far {
            if y0 < 0 {
                x0 = Self.x(at: 0, x0, y0, x1, y1)
                y0 = 0
            }
            if y1 > height {
                x1 = Self.x(at: height, x0, y0, x1, y1)
                y1 = height
            }
        }
        if x0 <= 0 && x1 <= 0 {
            addAcrossRows(x0: 0, y0: y0, x1: 0, y1: y1, winding: winding, chain: chain)
            return
        }
        if x0 >= width && x1 >= width { return }
        if x0 < 0 || x1 < 0 {
            // The part left of the clip becomes a vertical edge on its side.
            let yc = Self.y(at: 0, x0, y0, x1, y1)
            if x0 < 0 {
                addAcrossRows(x0: 0, y0: y0, x1: 0, y1: yc, winding: winding, chain: chain)
                x0 = 0; y0 = yc
            } else {
                addAcrossRows(x0: 0, y0: yc, x1: 0, y1: y1, winding: winding, chain: chain)
                x1 = 0; y1 = yc
            }
        }
        if x0 > width || x1 > width {
            let yc = Self.y(at: width, x0, y0, x1, y1)
            if x0 > width {
                x0 = width; y0 = yc
            } else {
                x1 = width; y1 = yc
            }
        }
        addAcrossRows(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding, chain: chain)
    }

    /// `addFixed` for a line inside the clip's columns (0 ≤ x ≤ width)
    /// whose ends may lie above or below its rows: the line is quantised
    /// and stepped whole (`steps`), then only its rows inside the clip are
    /// kept, each with the x the whole line has there.
    private mutating func addAcrossRows(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int32, chain: Int32) {
        guard y0 < 0 || y1 > height else {
            addFixed(x0: x0, y0: y0, x1: x1, y1: y1, winding: winding, chain: chain)
            return
        }
        let rows = Int(height)
        let yTop = Fixed.round(y0 * Double(Fixed.one)), yBottom = Fixed.round(y1 * Double(Fixed.one))
        guard yBottom > yTop else { return }
        let xa = min(max(Fixed.round(x0 * Double(Fixed.xOne)), 0), widthInX)
        let xb = min(max(Fixed.round(x1 * Double(Fixed.xOne)), 0), widthInX)
        let first = yTop >> Fixed.shift, last = (yBottom &- 1) >> Fixed.shift
        let keptFirst = max(first, 0), keptLast = min(last, rows &- 1)
        guard keptFirst <= keptLast else { return }
        var xBoundary = xb, step = 0
        if last > first && xa != xb {
            (xBoundary, step) = Self.steps(x0: xa, x1: xb, top: yTop, bottom: yBottom, firstRow: first, lastRow: last)
        }
        // The whole line's x where it crosses into row k (first < k <= last).
        func x(enteringRow k: Int) -> Int { xBoundary &+ step &* (k &- first &- 1) }
        var top = xa, topY = yTop &- first << Fixed.shift
        if keptFirst > first {
            top = x(enteringRow: keptFirst)
            topY = 0
        }
        var bottom = xb, bottomY = yBottom &- last << Fixed.shift
        if keptLast < last {
            bottom = x(enteringRow: keptLast &+ 1)
            bottomY = Fixed.one
        }
        edges[count] = Edge(
            x0: top, xBoundary: keptFirst < keptLast ? x(enteringRow: keptFirst &+ 1) : bottom, x1: bottom,
            step: step, firstRow: Int32(truncatingIfNeeded: keptFirst), lastRow: Int32(truncatingIfNeeded: keptLast),
            y0: Int32(truncatingIfNeeded: topY), y1: Int32(truncatingIfNeeded: bottomY),
            winding: winding, chain: chain, next: rowHeads[keptFirst])
        rowHeads[keptFirst] = Int32(truncatingIfNeeded: count)
        count &+= 1
        if keptFirst < firstRow { firstRow = keptFirst }
        if keptLast > lastRow { lastRow = keptLast }
    }

    /// x of the line through (x0, y0), (x1, y1) at height y, kept inside
    /// the segment's x range against rounding.
    @inline(__always)
    private static func x(at y: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let x = x0 + (x1 - x0) * ((y - y0) / (y1 - y0))
        return min(max(x, min(x0, x1)), max(x0, x1))
    }

    /// y of the line at x (which lies strictly between x0 and x1), kept
    /// inside [y0, y1].
    @inline(__always)
    private static func y(at x: Double, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
        let y = y0 + (y1 - y0) * ((x - x0) / (x1 - x0))
        return min(max(y, y0), y1)
    }

    /// Converts a clipped line (0 ≤ x ≤ width, 0 ≤ y0 ≤ y1 ≤ height) to an
    /// `Edge` and lists it under its first row; lines that round to no
    /// height are dropped.
    @inline(__always)
    private mutating func addFixed(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int32, chain: Int32) {
        let yTop = Fixed.round(y0 * Double(Fixed.one)), yBottom = Fixed.round(y1 * Double(Fixed.one))
        guard yBottom > yTop else { return }
        // Clamp against rounding: every x stays inside the clip's columns.
        let xa = min(max(Fixed.round(x0 * Double(Fixed.xOne)), 0), widthInX)
        let xb = min(max(Fixed.round(x1 * Double(Fixed.xOne)), 0), widthInX)
        let first = yTop >> Fixed.shift, last = (yBottom &- 1) >> Fixed.shift
        var xBoundary = xb, step = 0
        if last > first && xa != xb {
            (xBoundary, step) = Self.steps(x0: xa, x1: xb, top: yTop, bottom: yBottom, firstRow: first, lastRow: last)
        }
        edges[count] = Edge(
            x0: xa, xBoundary: xBoundary, x1: xb, step: step,
            firstRow: Int32(truncatingIfNeeded: first), lastRow: Int32(truncatingIfNeeded: last),
            y0: Int32(truncatingIfNeeded: yTop &- first << Fixed.shift),
            y1: Int32(truncatingIfNeeded: yBottom &- last << Fixed.shift),
            winding: winding, chain: chain, next: rowHeads[first])
        rowHeads[first] = Int32(truncatingIfNeeded: count)
        count &+= 1
        if first < firstRow { firstRow = first }
        if last > lastRow { lastRow = last }
    }

    /// The x where a sloped edge from (x0, top) to (x1, bottom) spanning
    /// rows `firstRow...lastRow` leaves its first row, and its step per
    /// full row (FixedPoint.swift, item 2), from the quantised ends so the
    /// edge runs between exactly those; one division.
    @inline(__always)
    private static func steps(x0: Int, x1: Int, top: Int, bottom: Int, firstRow: Int, lastRow: Int) -> (Int, Int) {
        // x per y unit; both results below lie between x0 and x1
        // (|x1 − x0| ≤ 2^48), far inside Fixed.round's range.
        let slope = Double(x1 &- x0) / Double(bottom &- top)
        let lo = min(x0, x1), hi = max(x0, x1)
        let boundary = (firstRow &+ 1) << Fixed.shift
        let xBoundary = min(max(x0 &+ Fixed.round(slope * Double(boundary &- top)), lo), hi)
        let fullRows = lastRow &- firstRow &- 1
        guard fullRows > 0 else { return (xBoundary, 0) }
        var step = Fixed.round(slope * Double(Fixed.one))
        // |step · fullRows| ≤ |x1 − x0|: no overflow. Shorten a step whose
        // rounding would carry the last row's x past the edge's end.
        let end = xBoundary &+ step &* fullRows
        if end < lo || end > hi {
            step = (min(max(end, lo), hi) &- xBoundary) / fullRows
        }
        return (xBoundary, step)
    }
}
