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

extension RasterCore {
    /// Adds row `y`'s parts of the arc edges: starts those whose first row
    /// it is, steps the active ones, drops those ending. Returns whether
    /// any arc had a part in the row.
    @inline(__always)
    mutating func stepArcs(_ list: EdgeList, y: Int, next: inout Int, into row: inout CellRow) -> Bool {
        let arcs = list.arcs
        let row32 = Int32(truncatingIfNeeded: y)
        while next < list.arcCount {
            let index = list.arcOrder[next]
            guard arcs[Int(index)].firstRow == row32 else { break }
            activeArcs.append(index)
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
            row.addInCell(
                min(pCell, qCell) >> Fixed.cellShift, xa: pCell, xb: qCell, dy: qY &- pY, winding: winding,
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
        assert(
            xa >= left && xb >= left && xa <= left + Fixed.cellOne && xb <= left + Fixed.cellOne,
            "piece outside its cell")
        // dy ≤ 2^24 and the factor ≤ 2^17: no overflow.
        let area = (dy &* (2 &* Fixed.cellOne &- (xa &- left) &- (xb &- left))) >> (Fixed.cellShift + 1)
        let inCell = area &* winding &+ extra
        cells[cell] &+= Int32(truncatingIfNeeded: inCell)
        cells[cell &+ 1] &+= Int32(truncatingIfNeeded: dy &* winding &- inCell)
        pieceCount &+= 1
    }
}
