// Raster: rounded rects with circular corners — and so rects and circles —
// standing axis-aligned in device space, covered in closed form row by row
// instead of through edges. A stroke ring of such a shape (StrokeRing.swift)
// is the outer rounded rect minus the inner one. Both go through the same
// cells, sweep and kernels as edges (CellRow.swift, SpanKernel.swift); what
// changes is where a row's cell values come from.
//
// The area of a pixel inside a rounded rect RR, with rect R and corner
// squares Q_k (side r_k, disjoint), is
//     area(pixel ∩ RR) = area(pixel ∩ R) − Σ_k area(pixel ∩ K_k),
// K_k being the corner's cutout: the part of Q_k outside the corner's
// quarter disc. The first term is separable: the pixel's width inside R
// times its row's height inside R. For a cutout, measure u along the side
// from the rect's edge into the rect and v from the corner's other edge
// (each corner by its own reflection); the cutout is 0 ≤ v < g(u) with
//     g(u) = r − √(u(2r − u)),   0 ≤ u ≤ r,
// decreasing, convex, and its own inverse (the arc is symmetric about
// u = v). In a row whose band is v0 ≤ v ≤ v1 (clamped to 0...r, height
// h = v1 − v0), the cutout fills the band for u ≤ p1 = g(v1), misses it
// for u ≥ p0 = g(v0), and in between covers g(u) − v0; over a pixel's
// columns ua...ub:
//     cut = h·|[ua, ub] ∩ [0, p1]| + ∫ (g(u) − v0) du over [ua, ub] ∩ [p1, p0],
// and since g is convex the integral is the trapezoid under the chord
// between the ends minus the circular segment between chord and arc:
// r² times the unit segment of the ends' angle (ArcEdge.unitSegmentArea:
// a series for small angles, the closed form beyond, both within 1e-12).
// Everything is Double; each pixel's area is rounded once, to 1/2^24 of a
// pixel (Fixed.one), far inside the 1/255 contract: the result is the
// exact area, rounded to 8 bits like every other coverage.
//
// So a row is, left to right: the left edge's pixel, a run the left
// corner's cutout fills (its value vy − h), the pixels the left arc
// crosses, a run at the row's height inside R (vy), the right side's
// mirror image, and nothing after. Only pixels an edge or an arc crosses
// are computed; runs are one cell value each. Rows with no corner and the
// full height repeat one another (the row loop sends them as a band).
//
// The stages: this file, the shapes and their rows; RoundedRectValues.swift,
// one row of one shape (corner cutouts, runs, cell values);
// RoundedRectCache.swift, corner rows computed once per draw;
// RoundedRectLoop.swift, the row loop into the kernel.
//
// Shapes are accepted only where this is exact and cheap: finite, within
// ±2^24 px (as arcs, ArcEdge.swift), corner squares not overlapping (the
// radii are clamped to fit when the path is made, so this holds up to
// rounding), and an axis-aligned uniform scale (t.b = t.c = 0, t.a = t.d
// > 0): a circle stays a circle. Anything else takes the edge path.

/// A rounded rect with circular corners in clip-relative device pixels,
/// covered in closed form (file comment).
struct RowRoundedRect: Equatable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double
    /// Corner radii (device pixels, ≥ 0): top-left, top-right,
    /// bottom-right, bottom-left.
    var topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double

    /// The largest coordinate magnitude accepted (device pixels).
    static let maximumCoordinate = 0x1p24

    /// `shape` (user space) mapped by `transform` and made relative to
    /// `clip`, or nil where the closed form does not apply (file comment).
    init?(_ shape: CircularRoundedRect, transform t: AffineTransform, clip: PixelRect) {
        guard t.b == 0, t.c == 0, t.a == t.d, t.a > 0 else { return nil }
        let s = t.a
        let r = shape.rect
        minX = r.minX * s + t.tx - Double(clip.minX)
        maxX = r.maxX * s + t.tx - Double(clip.minX)
        minY = r.minY * s + t.ty - Double(clip.minY)
        maxY = r.maxY * s + t.ty - Double(clip.minY)
        topLeft = shape.topLeft * s
        topRight = shape.topRight * s
        bottomRight = shape.bottomRight * s
        bottomLeft = shape.bottomLeft * s
        let limit = Self.maximumCoordinate
        guard abs(minX) < limit, abs(maxX) < limit, abs(minY) < limit, abs(maxY) < limit,
            minX <= maxX, minY <= maxY,
            topLeft >= 0, topRight >= 0, bottomRight >= 0, bottomLeft >= 0
        else { return nil }
        // Corner squares must not overlap (beyond rounding).
        let w = (maxX - minX) * (1 + 1e-12), h = (maxY - minY) * (1 + 1e-12)
        guard topLeft + topRight <= w, bottomLeft + bottomRight <= w,
            topLeft + bottomLeft <= h, topRight + bottomRight <= h
        else { return nil }
        pixels = PixelBounds(
            left: floorInt(minX), leftEnd: ceilInt(minX), right: floorInt(maxX), rightEnd: ceilInt(maxX),
            top: floorInt(minY), bottomEnd: ceilInt(maxY))
    }

    /// The columns and rows the edges fall in (floors and ceilings of the
    /// bounds), worked out once per draw.
    var pixels = PixelBounds(left: 0, leftEnd: 0, right: 0, rightEnd: 0, top: 0, bottomEnd: 0)

    struct PixelBounds: Equatable {
        /// floor(minX), ceil(minX), floor(maxX), ceil(maxX), floor(minY), ceil(maxY).
        var left: Int, leftEnd: Int, right: Int, rightEnd: Int, top: Int, bottomEnd: Int
    }

    var isEmpty: Bool { !(minX < maxX && minY < maxY) }

    /// Rows y (clip-relative) whose band y...y+1 is inside the rect and
    /// meets no corner: all such rows have the same coverage.
    var plainRows: Range<Int> {
        let top = minY + max(topLeft, topRight), bottom = maxY - max(bottomLeft, bottomRight)
        // (Finite, within ±2^25: the bounds are within ±2^24, `init`.)
        let first = Int(top.rounded(.up)), end = Int(bottom.rounded(.down))
        return first < end ? first..<end : 0..<0
    }

    /// Adds `sign` (±1) times this shape's coverage of clip-relative row
    /// `y` to `row`, for columns 0..<`width`; returns the pixels computed
    /// one by one (the rest were runs).
    @inline(__always)
    func addRow(_ y: Int, sign: Int32, width: Int, into row: inout CellRow) -> Int {
        let top = Double(y)
        let y0 = max(top, minY), y1 = min(top + 1, maxY)
        guard y1 > y0, minX < maxX else { return 0 }
        let vy = y1 - y0
        let shape = RowShape(
            rect: self, vy: vy,
            topLeft: CornerBand(radius: topLeft, from: y0 - minY, to: y1 - minY),
            bottomLeft: CornerBand(radius: bottomLeft, from: maxY - y1, to: maxY - y0),
            topRight: CornerBand(radius: topRight, from: y0 - minY, to: y1 - minY),
            bottomRight: CornerBand(radius: bottomRight, from: maxY - y1, to: maxY - y0))
        var writer = RowWriter(sign: sign, width: width)
        let a0 = pixels.left, a1 = pixels.leftEnd
        let b0 = pixels.right, b1 = pixels.rightEnd
        let left = shape.leftRuns(a0, a1), right = shape.rightRuns(b0, b1)
        var computed = 0
        if left.end > right.start {
            // The sides' pixels meet (a narrow shape): every pixel of the
            // row is computed.
            computed &+= shape.explicit(a0..<b1, into: &writer, row: &row)
        } else {
            computed &+= shape.side(left.first, left: true, into: &writer, row: &row)
            if let run = left.run {
                writer.set(left.first.upperBound, run, row: &row)
                computed &+= shape.side(left.second, left: true, into: &writer, row: &row)
            }
            writer.set(left.end, vy, row: &row)
            computed &+= shape.side(right.first, left: false, into: &writer, row: &row)
            if let run = right.run {
                writer.set(right.first.upperBound, run, row: &row)
                computed &+= shape.side(right.second, left: false, into: &writer, row: &row)
            }
        }
        writer.set(b1, 0, row: &row)
        return computed
    }
}

extension RowRoundedRect {
    /// `addRow` for columns `0..<width` only, in a row where at most one
    /// corner meets each side and the sides' pixels do not meet (a corner
    /// row whose right half is its left half mirrored, RoundedRectPair.swift):
    /// only the left side is worked out, with the values `addRow` and the
    /// corner cache give it.
    @inline(__always)
    func addLeftHalf(_ y: Int, sign: Int32, width: Int, into row: inout CellRow) -> Int {
        let top = Double(y)
        let y0 = max(top, minY), y1 = min(top + 1, maxY)
        guard y1 > y0, minX < maxX else { return 0 }
        let vy = y1 - y0
        let none = CornerBand(radius: 0, from: 0, to: 0)
        let shape = RowShape(
            rect: self, vy: vy,
            topLeft: CornerBand(radius: topLeft, from: y0 - minY, to: y1 - minY),
            bottomLeft: CornerBand(radius: bottomLeft, from: maxY - y1, to: maxY - y0),
            topRight: none, bottomRight: none)
        var writer = RowWriter(sign: sign, width: width)
        let left = shape.leftRuns(pixels.left, pixels.leftEnd)
        var computed = shape.side(left.first, left: true, into: &writer, row: &row)
        if let run = left.run {
            writer.set(left.first.upperBound, run, row: &row)
            computed &+= shape.side(left.second, left: true, into: &writer, row: &row)
        }
        writer.set(left.end, vy, row: &row)
        return computed
    }
}

/// A draw covered in closed form: `outer`, minus `inner` (a stroke ring's
/// hole, inside `outer`) if there is one. Clip-relative.
struct RoundedRectDraw: Equatable, BitwiseCopyable {
    var outer: RowRoundedRect
    var inner: RowRoundedRect?
    /// The rows with coverage, and a band of rows inside them that all
    /// have the same coverage (possibly empty).
    var firstRow: Int
    var lastRow: Int
    var band: Range<Int> {
        get { bandStart..<bandEnd }
        set { (bandStart, bandEnd) = (newValue.lowerBound, newValue.upperBound) }
    }
    /// `band`'s bounds (a Range is not BitwiseCopyable).
    private var bandStart = 0, bandEnd = 0

    /// The draw of `outer` minus `inner` in a clip `height` rows high;
    /// nil if nothing can be covered.
    init?(outer: RowRoundedRect, inner: RowRoundedRect?, clipWidth: Int, clipHeight: Int) {
        guard Self.covers(outer, clipWidth: clipWidth, clipHeight: clipHeight) else { return nil }
        self.init(covering: outer, minus: inner, clipWidth: clipWidth, clipHeight: clipHeight)
    }

    /// Whether a draw of `outer` covers anything in a clip of
    /// `clipWidth` × `clipHeight` device pixels.
    @inline(__always)
    static func covers(_ outer: RowRoundedRect, clipWidth: Int, clipHeight: Int) -> Bool {
        !outer.isEmpty && outer.maxX > 0 && outer.minX < Double(clipWidth) && outer.maxY > 0
            && outer.minY < Double(clipHeight)
    }

    /// The draw of `outer` minus `inner`, where `outer` covers something
    /// (`covers`, which the caller checked).
    @inline(__always)
    init(
        covering outer: borrowing RowRoundedRect, minus inner: borrowing RowRoundedRect?, clipWidth: Int,
        clipHeight: Int
    ) {
        self.outer = copy outer
        self.inner = (copy inner).flatMap { $0.isEmpty ? nil : $0 }
        // (The bounds are finite and within ±2^24: RowRoundedRect.init.)
        firstRow = max(0, Int(self.outer.minY.rounded(.down)))
        lastRow = min(clipHeight - 1, Int(self.outer.maxY.rounded(.up)) - 1)
        var band = self.outer.plainRows
        if let inner = self.inner { band = band.clamped(to: inner.plainRows) }
        (bandStart, bandEnd) = (band.lowerBound, band.upperBound)
        func caches(_ shape: RowRoundedRect) -> Bool {
            shape.mirrorsLeftRight && (shape.topLeft > 0 || shape.bottomLeft > 0) && shape.minX >= 0
                && shape.maxX <= Double(clipWidth)
        }
        cachesOuter = caches(self.outer)
        cachesInner = self.inner.map(caches) ?? false
        // Row y mirrors row `sum − y` if every shape mirrors top to bottom
        // about the same line.
        let sum = self.outer.mirroredRowSum
        mirroredRowSum = sum != nil && (self.inner == nil || self.inner?.mirroredRowSum == sum) ? sum : nil
    }

    /// The clip-relative columns (clamped to 0..<`clipWidth`) of a draw
    /// that is a plain rectangle whose four sides lie on whole device
    /// pixels (no corner radius, no inner shape), or nil: every row it
    /// reaches is then covered fully on exactly those columns.
    func wholePixelColumns(clipWidth: Int) -> Range<Int>? {
        guard inner == nil, outer.topLeft == 0, outer.topRight == 0, outer.bottomRight == 0,
            outer.bottomLeft == 0, outer.minY.rounded(.down) == outer.minY, outer.maxY.rounded(.down) == outer.maxY
        else { return nil }
        let p = outer.pixels
        guard p.left == p.leftEnd, p.right == p.rightEnd else { return nil }
        let lo = max(0, p.left), hi = min(clipWidth, p.right)
        return lo < hi ? lo..<hi : 0..<0
    }

    /// If the draw is the same upside down row for row: row y has the
    /// coverage of row `mirroredRowSum − y` (clip-relative).
    var mirroredRowSum: Int?

    /// Whether each shape's corner rows go through a corner cache (sides
    /// mirroring each other, rounded, and across the clip's columns).
    var cachesOuter: Bool
    var cachesInner: Bool

    /// Whether `RasterCore.addRow` takes row `y` of a shape through its
    /// corner cache.
    @inline(__always)
    func usesCornerCache(_ y: Int) -> Bool {
        if cachesOuter && outer.isCachedRow(y) { return true }
        if cachesInner, let inner, inner.isCachedRow(y) { return true }
        return false
    }
}
