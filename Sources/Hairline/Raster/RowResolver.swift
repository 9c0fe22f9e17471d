// Raster: exactness for rows where contours may cross or overlap.
// Plain accumulation sums signed areas, which is the exact coverage only
// where the winding inside a pixel takes the values {0, 1} (or {0, −1}).
// `rowIsSimple` proves that cheaply for most rows. Other rows are resolved
// (RowResolver+Clusters.swift)
// per cluster of chains whose x extents overlap: each cluster starts from
// the winding left of it (constant between the heights where chains start
// or end) and adds only the edges where the fill rule's inside/outside
// flips; a cluster of several chains is split into slabs at its own piece
// ends and crossings, where edges are straight and ordered, so each slab's
// flips are an indicator of winding {0, 1} and accumulation is exact
// again. Coordinates are row-local: x in pixels from the clip's left, y
// in 0...1 from the row's top.

/// A part of an edge inside one row, in row-local coordinates: x relative
/// to the clip's left side (0...width), y relative to the row top (0...1),
/// with `ya <= yb`.
struct Piece {
    var xa: Double
    var ya: Double
    var xb: Double
    var yb: Double
    /// +1 or −1: the winding the piece adds to its right.
    var winding: Double
    var chain: Int32

    /// x at row-local height y within [ya, yb].
    @inline(__always)
    func x(at y: Double) -> Double {
        let h = yb - ya
        guard h > 0 else { return xa }
        return xa + (xb - xa) * ((y - ya) / h)
    }

    /// x at height y clamped to [ya, yb]: the piece's x where it is
    /// nearest to height y (a sort key continuous in y).
    @inline(__always)
    func x(atClamped y: Double) -> Double {
        x(at: min(max(y, ya), yb))
    }
}

/// One y-monotone chain's part in a row: its extent and winding.
struct ChainSpan {
    var chain: Int32
    /// The chain's pieces: `pieces[firstPiece ..< firstPiece + pieceCount]`
    /// while the row check runs (pieces sorted by chain).
    var firstPiece: Int32
    var pieceCount: Int32
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double
    var winding: Double
}

/// The winding seen walking left to right across chains: stays an
/// indicator while it only takes the values {0, 1}, or only {0, −1}.
/// One walk serves a whole row: the sign seen must be the same at every
/// height of the row, since a pixel's accumulated area adds up the windings
/// of all its heights (+1 above and −1 below would cancel).
struct IndicatorWalk {
    private var winding = 0.0
    private var sawPositive = false, sawNegative = false

    /// Starts a walk across the row at another height (the signs seen so
    /// far still count).
    @inline(__always)
    mutating func restart() { winding = 0 }

    /// Steps over a chain of winding ±1; `false` once the winding leaves
    /// the indicator values.
    @inline(__always)
    mutating func cross(_ w: Double) -> Bool {
        winding += w
        if winding > 0 {
            if winding > 1 || sawNegative { return false }
            sawPositive = true
        } else if winding < 0 {
            if winding < -1 || sawPositive { return false }
            sawNegative = true
        }
        return true
    }
}

/// A piece restricted to one slab, with its x at the slab's top and bottom.
struct SlabEdge {
    var xTop: Double
    var xBottom: Double
    var winding: Double
}

extension RasterCore {
    /// Whether plain accumulation of this row's pieces is exact: chains
    /// whose x extents do not overlap cannot cross, and then the winding
    /// left to right at every height can be checked to stay in {0, 1} or
    /// in {0, −1}. Conservative: `false` only costs the slab resolver.
    mutating func rowIsSimple() -> Bool {
        // Merge pieces by chain: sort by chain id, then fold runs.
        let list = pieces.buffer
        sortInPlace(list) { $0.chain < $1.chain }
        chains.count = 0
        var i = 0
        while i < list.count {
            let p = list[i]
            var span = ChainSpan(
                chain: p.chain, firstPiece: Int32(truncatingIfNeeded: i), pieceCount: 1,
                minX: min(p.xa, p.xb), maxX: max(p.xa, p.xb),
                minY: p.ya, maxY: p.yb, winding: p.winding)
            i += 1
            while i < list.count, list[i].chain == span.chain {
                let q = list[i]
                span.minX = min(span.minX, min(q.xa, q.xb))
                span.maxX = max(span.maxX, max(q.xa, q.xb))
                span.minY = min(span.minY, q.ya)
                span.maxY = max(span.maxY, q.yb)
                span.pieceCount += 1
                i += 1
            }
            chains.append(span)
        }
        let spans = chains.buffer
        sortInPlace(spans) { $0.minX < $1.minX || ($0.minX == $1.minX && $0.maxX < $1.maxX) }
        // Disjoint x extents (touching allowed: chains meeting at a shared
        // vertex, or lying on the same vertical line, cannot cross).
        var reach = -Double.infinity
        var fullHeight = true
        var overlapping = false
        for s in spans {
            if s.minX < reach { overlapping = true }
            reach = max(reach, s.maxX)
            if s.minY > 0 || s.maxY < 1 { fullHeight = false }
        }
        if overlapping {
            return overlappingChainsStayIndicator(list, spans)
        }
        if fullHeight {
            var walk = IndicatorWalk()
            return windingStaysIndicator(spans, at: nil, walk: &walk)
        }
        // Partial chains: check the winding on every elementary interval of
        // heights between chain ends.
        resetSplits()
        for s in spans { addSplits(s.minY, s.maxY) }
        let ys = splits.buffer
        sortInPlace(ys) { $0 < $1 }
        var walk = IndicatorWalk()
        for k in 1..<ys.count where ys[k] > ys[k - 1] {
            walk.restart()
            if !windingStaysIndicator(spans, at: (ys[k] + ys[k - 1]) * 0.5, walk: &walk) { return false }
        }
        return true
    }

    /// The check for rows where some chains' x extents overlap: chains that
    /// properly cross send the row to the resolver; otherwise, between any
    /// two consecutive piece-end heights no chain starts, ends or crosses
    /// another, so the chains' left-to-right order there is their order at
    /// the interval's middle, and the winding is checked in that order.
    /// (A crossing exactly at a vertex lies on an interval boundary.)
    private mutating func overlappingChainsStayIndicator(
        _ list: UnsafeMutableBufferPointer<Piece>, _ spans: UnsafeMutableBufferPointer<ChainSpan>
    ) -> Bool {
        // Quadratic in the worst case: past the resolver's budget the row
        // is left to the resolver, which bounds its own work.
        let budget = resolverLimits.rowAllowance + resolverLimits.pieceAllowance * list.count
        var work = 0
        for i in spans.indices {
            var j = i + 1
            while j < spans.count, spans[j].minX < spans[i].maxX {
                work += Int(spans[i].pieceCount) * Int(spans[j].pieceCount)
                if work > budget || chainsCross(spans[i], spans[j], list) { return false }
                j += 1
            }
        }
        resetSplits()
        for p in list { addSplits(p.ya, p.yb) }
        if work + splits.count * list.count > budget { return false }
        let ys = splits.buffer
        sortInPlace(ys) { $0 < $1 }
        var walk = IndicatorWalk()
        for k in 1..<ys.count where ys[k] > ys[k - 1] {
            let y = (ys[k] + ys[k - 1]) * 0.5
            slab.count = 0
            for s in spans where s.minY < y && y < s.maxY {
                let first = Int(s.firstPiece)
                for q in first..<(first + Int(s.pieceCount)) where list[q].ya <= y && y <= list[q].yb {
                    let x = list[q].x(at: y)
                    slab.append(SlabEdge(xTop: x, xBottom: x, winding: s.winding))
                    break
                }
            }
            let ordered = slab.buffer
            sortInPlace(ordered) { $0.xTop < $1.xTop }
            walk.restart()
            for (index, e) in ordered.enumerated() {
                // Two chains at the same x: their order is unknown here.
                if index > 0, ordered[index - 1].xTop == e.xTop { return false }
                if !walk.cross(e.winding) { return false }
            }
        }
        return true
    }

    /// Whether a piece of chain `a` properly crosses a piece of chain `b`
    /// (each strictly on both sides of the other's line).
    private func chainsCross(_ a: ChainSpan, _ b: ChainSpan, _ list: UnsafeMutableBufferPointer<Piece>) -> Bool {
        let aStart = Int(a.firstPiece), bStart = Int(b.firstPiece)
        for i in aStart..<(aStart + Int(a.pieceCount)) {
            let p = list[i]
            for j in bStart..<(bStart + Int(b.pieceCount)) {
                let q = list[j]
                guard p.ya < q.yb, q.ya < p.yb,
                    min(p.xa, p.xb) < max(q.xa, q.xb), min(q.xa, q.xb) < max(p.xa, p.xb)
                else { continue }
                let d1 = orientation(p.xa, p.ya, p.xb, p.yb, q.xa, q.ya)
                let d2 = orientation(p.xa, p.ya, p.xb, p.yb, q.xb, q.yb)
                let d3 = orientation(q.xa, q.ya, q.xb, q.yb, p.xa, p.ya)
                let d4 = orientation(q.xa, q.ya, q.xb, q.yb, p.xb, p.yb)
                if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
                    return true
                }
            }
        }
        return false
    }

    /// The sign of the turn from segment (a → b) to point c.
    @inline(__always)
    private func orientation(
        _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ cx: Double, _ cy: Double
    ) -> Double {
        (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)
    }

    /// Starts the split heights with the row's top (0) and bottom (1).
    private mutating func resetSplits() {
        splits.count = 0
        splits.append(0)
        splits.append(1)
    }

    /// Adds the ends of a height range that lie strictly inside the row.
    @inline(__always)
    private mutating func addSplits(_ top: Double, _ bottom: Double) {
        if top > 0 { splits.append(top) }
        if bottom < 1 { splits.append(bottom) }
    }

    /// Whether the winding, left to right across `spans` at height `y`
    /// (all heights if `nil`), stays within {0, 1} or within {0, −1}
    /// (continuing `walk`, which carries the signs seen in this row).
    private func windingStaysIndicator(
        _ spans: UnsafeMutableBufferPointer<ChainSpan>, at y: Double?,
        walk: inout IndicatorWalk
    ) -> Bool {
        for s in spans {
            if let y, !(s.minY < y && y < s.maxY) { continue }
            if !walk.cross(s.winding) { return false }
        }
        return true
    }
}
