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

    /// dx/dy (0 for a horizontal piece).
    @inline(__always)
    var slope: Double { yb > ya ? (xb - xa) / (yb - ya) : 0 }

    /// `x(at:)`, but `xb` itself at the bottom end (where the formula
    /// may round off it; at the top it gives `xa`).
    @inline(__always)
    func x(keepingEndsAt y: Double) -> Double {
        y == yb ? xb : x(at: y)
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
    /// The chain's pieces: `pieceOrder[firstPiece ..< firstPiece +
    /// pieceCount]` in the row check (`listPiecesByChain`), `pieces[...]`
    /// in the resolver (`groupPiecesByChain`).
    var firstPiece: Int32 = 0
    var pieceCount: Int32 = 1
    /// The row check's place in the chain's pieces (in `pieceOrder`).
    var cursor: Int32 = 0
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double
    var winding: Double

    /// The span of a chain's first piece.
    @inline(__always)
    init(_ p: Piece) {
        chain = p.chain
        minX = min(p.xa, p.xb)
        maxX = max(p.xa, p.xb)
        minY = p.ya
        maxY = p.yb
        winding = p.winding
    }

    /// Takes in another piece of the chain.
    @inline(__always)
    mutating func include(_ q: Piece) {
        minX = min(minX, min(q.xa, q.xb))
        maxX = max(maxX, max(q.xa, q.xb))
        minY = min(minY, q.ya)
        maxY = max(maxY, q.yb)
        pieceCount &+= 1
    }
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

/// A piece of a cluster with its sort key: its left end, then its x at
/// the middle of the slab being resolved (worked out once per piece and
/// slab, not once per comparison).
struct KeyedPiece {
    var piece: Piece
    var key: Double
    /// The piece's dx/dy, for the pair test's quick rejection.
    var slope: Double
}

/// A place in the sweep's left-to-right order of the pieces spanning a
/// slab (`RasterCore.resolveSlabsBySweep`): the piece (its index in
/// `clusterPieces`, −1 once it ended), its x at the slab's middle when
/// the order is sorted again, the winding left of it inside the cluster,
/// the flip of the rule's inside across it (−1, 0 or 1), and the height
/// from which the piece has had that flip (its run: added as one segment
/// when the flip changes or the piece leaves).
struct SweepSlot {
    var index: Int32
    var key = 0.0
    var before = 0.0
    var flip = 0.0
    var runTop = 0.0

    init(index: Int32) { self.index = index }
}

/// Two pieces of a cluster (indices into `clusterPieces`) that cross at
/// row-local height `y`.
struct PieceCrossing: SortKeyed {
    var y: Double
    var a: Int32
    var b: Int32
    var sortKey: Double { y }
}

/// A piece of a cluster (its index in `clusterPieces`) and one of its
/// ends' row-local heights.
struct PieceHeight: SortKeyed {
    var y: Double
    var index: Int32
    var sortKey: Double { y }
}

/// A chain of a sub-band (its index in the cluster) and its x at the
/// sub-band's middle (RowResolver+Ordered.swift).
struct KeyedIndex {
    var key: Double
    var index: Int32
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
    /// in {0, −1}. Conservative: `false` only costs the slab resolver,
    /// which then needs `groupPiecesByChain()` first. The pieces are not
    /// moved (the accumulation that follows does not depend on their
    /// order); `chains` holds the row's chain spans sorted by left end,
    /// with `firstPiece` indexing `pieceOrder`.
    mutating func rowIsSimple() -> Bool {
        rowChainsKeepTheirOrder = false
        let list = pieces.buffer
        // Group by chain without sorting: `chainSlots[c]` is chain c's span
        // while it points at a span of chain c.
        chains.count = 0
        for i in 0..<list.count {
            let p = list[i]
            let c = Int(p.chain)
            assert(c >= 0, "chain ids count up from 0")
            if c >= chainSlots.count { growChainSlots(to: c + 1) }
            let slot = Int(chainSlots[c])
            if slot < chains.count, chains[slot].chain == p.chain {
                chains.base[slot].include(p)
            } else {
                chainSlots[c] = Int32(truncatingIfNeeded: chains.count)
                chains.append(ChainSpan(p))
            }
        }
        let spans = chains.buffer
        // The spans in left-end order, ties in chain order (as a sort by
        // chain, then a stable sort by left end, would leave them): the
        // check's answer does not depend on the order pieces arrive in.
        if spans.count <= insertionSortLimit {
            insertionSort(spans) {
                $0.minX < $1.minX
                    || ($0.minX == $1.minX && ($0.maxX < $1.maxX || ($0.maxX == $1.maxX && $0.chain < $1.chain)))
            }
        } else {
            sortSpansByLeftEnd(spans)
        }
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
            listPiecesByChain()
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
        bucketSortByKey(&splits, spare: &valueSpare, counts: &bucketCounts)
        let ys = splits.buffer
        var walk = IndicatorWalk()
        for k in 1..<ys.count where ys[k] > ys[k - 1] {
            walk.restart()
            if !windingStaysIndicator(spans, at: (ys[k] + ys[k - 1]) * 0.5, walk: &walk) { return false }
        }
        return true
    }

    /// Sorts many spans by chain, then by left end (ties by right end),
    /// with two heap sorts of their indices (4 bytes a move, not a
    /// span's 56), then puts them in that order: the order two heap sorts
    /// of the spans themselves leave (the same comparisons, the same
    /// swaps). Uses `pieceOrder`, which the check fills afterwards.
    private mutating func sortSpansByLeftEnd(_ spans: UnsafeMutableBufferPointer<ChainSpan>) {
        let n = spans.count
        pieceOrder.count = 0
        pieceOrder.reserve(n)
        pieceOrder.count = n
        let order = pieceOrder.buffer
        for i in 0..<n { order[i] = Int32(truncatingIfNeeded: i) }
        heapSort(order) { spans[Int($0)].chain < spans[Int($1)].chain }
        heapSort(order) {
            let a = spans[Int($0)], b = spans[Int($1)]
            return a.minX < b.minX || (a.minX == b.minX && a.maxX < b.maxX)
        }
        // Place span order[k] at k, one cycle of the permutation at a time
        // (visited places marked −1).
        for start in 0..<n where order[start] >= 0 {
            let first = spans[start]
            var k = start
            while true {
                let from = Int(order[k])
                order[k] = -1
                if from == start {
                    spans[k] = first
                    break
                }
                spans[k] = spans[from]
                k = from
            }
        }
    }

    /// Makes `chainSlots` hold chain ids below `n` (new entries zero).
    @inline(never)
    private mutating func growChainSlots(to n: Int) {
        chainSlots.reserve(n)
        while chainSlots.count < chainSlots.capacity { chainSlots.append(0) }
    }

    /// Points each span of `chains` at its group of the row's pieces, in
    /// the spans' order (`firstPiece`, and `cursor` at the group's start
    /// for placing them), and `chainSlots` at each chain's span.
    private mutating func startChainGroups() {
        let spans = chains.buffer
        var next: Int32 = 0
        for k in spans.indices {
            spans[k].firstPiece = next
            spans[k].cursor = next
            chainSlots[Int(spans[k].chain)] = Int32(truncatingIfNeeded: k)
            next &+= spans[k].pieceCount
        }
    }

    /// Fills `pieceOrder` with the row's piece indices grouped by chain,
    /// each chain's by height (the pieces of a y-monotone chain do not
    /// overlap in height), and points each span's `firstPiece` at its
    /// group. `chains` holds one span per chain of the row.
    private mutating func listPiecesByChain() {
        let list = pieces.buffer
        let spans = chains.buffer
        startChainGroups()
        pieceOrder.count = 0
        pieceOrder.reserve(list.count)
        pieceOrder.count = list.count
        for i in 0..<list.count {
            let k = Int(chainSlots[Int(list[i].chain)])
            pieceOrder[Int(spans[k].cursor)] = Int32(truncatingIfNeeded: i)
            spans[k].cursor &+= 1
        }
        for k in spans.indices {
            let first = Int(spans[k].firstPiece)
            spans[k].cursor = spans[k].firstPiece
            guard spans[k].pieceCount > 1 else { continue }
            let group = UnsafeMutableBufferPointer(
                rebasing: pieceOrder.buffer[first..<(first + Int(spans[k].pieceCount))])
            insertionSort(group) { list[Int($0)].ya < list[Int($1)].ya }
        }
    }

    /// Groups the row's pieces by chain, in the order of `chains` (one
    /// span per chain, sorted by left end, as `rowIsSimple` leaves them
    /// when it refuses the row), each chain's in the order they came, and
    /// points each span's `firstPiece` at its group in `pieces`: what the
    /// resolver reads. One pass to place them (the spans count each
    /// chain's pieces), none to sort.
    mutating func groupPiecesByChain() {
        let spans = chains.buffer
        startChainGroups()
        let count = pieces.count
        groupedPieces.count = 0
        groupedPieces.reserve(count)
        groupedPieces.count = count
        let from = pieces.base, to = groupedPieces.base
        for i in 0..<count {
            let p = from[i]
            let k = Int(chainSlots[Int(p.chain)])
            to[Int(spans[k].cursor)] = p
            spans[k].cursor &+= 1
        }
        swap(&pieces, &groupedPieces)
    }

    /// The check for rows where some chains' x extents overlap: chains that
    /// properly cross send the row to the resolver; otherwise, between any
    /// two consecutive piece-end heights no chain starts, ends or crosses
    /// another, so the chains' left-to-right order there is their order at
    /// the interval's middle, and the winding is checked in that order.
    /// (A crossing exactly at a vertex lies on an interval boundary.)
    ///
    /// Most rows that get here have chains that come near each other
    /// without meeting: then (`chainsKeepTheirOrder`) the order changes
    /// only where a chain starts or ends, and the winding is checked once
    /// per interval between those heights instead of once per interval
    /// between piece ends (the same answer: the same chains in the same
    /// order in every piece-end interval inside one of them).
    private mutating func overlappingChainsStayIndicator(
        _ list: UnsafeMutableBufferPointer<Piece>, _ spans: UnsafeMutableBufferPointer<ChainSpan>
    ) -> Bool {
        // Quadratic in the worst case: past the resolver's budget the row
        // is left to the resolver, which bounds its own work. (The work
        // of the pair test, counted first: past the budget the answer is
        // `false` whatever the pairs do.)
        let budget = resolverLimits.rowAllowance + resolverLimits.pieceAllowance * list.count
        var work = 0
        for i in spans.indices {
            var j = i + 1
            while j < spans.count, spans[j].minX < spans[i].maxX {
                work += Int(spans[i].pieceCount) * Int(spans[j].pieceCount)
                if work > budget { return false }
                j += 1
            }
        }
        // Every piece end strictly inside the row splits it. A chain's
        // pieces follow each other in height, one's bottom the next one's
        // top, so that height is added once (the same heights, fewer to
        // sort); the budget counts them all.
        var endCount = 2
        for i in 0..<list.count {
            if list[i].ya > 0 { endCount += 1 }
            if list[i].yb < 1 { endCount += 1 }
        }
        if work + endCount * list.count > budget { return false }
        resetSplits()
        if resolverLimits.walksBetweenChainEnds && chainsKeepTheirOrder(list, spans) {
            rowChainsKeepTheirOrder = true
            // Heights where a chain starts, ends or leaves a gap.
            for s in spans {
                let first = Int(s.firstPiece), end = first + Int(s.pieceCount)
                for q in first..<end {
                    let p = list[Int(pieceOrder[q])]
                    if p.ya > 0 && (q == first || list[Int(pieceOrder[q - 1])].yb != p.ya) { splits.append(p.ya) }
                    if p.yb < 1 && (q + 1 == end || list[Int(pieceOrder[q + 1])].ya != p.yb) { splits.append(p.yb) }
                }
            }
        } else {
            for i in spans.indices {
                var j = i + 1
                while j < spans.count, spans[j].minX < spans[i].maxX {
                    if chainsCross(spans[i], spans[j], list) { return false }
                    j += 1
                }
            }
            for s in spans {
                let first = Int(s.firstPiece), end = first + Int(s.pieceCount)
                for q in first..<end {
                    let p = list[Int(pieceOrder[q])]
                    if p.ya > 0 { splits.append(p.ya) }
                    if p.yb < 1 && (q + 1 == end || list[Int(pieceOrder[q + 1])].ya != p.yb) { splits.append(p.yb) }
                }
            }
        }
        bucketSortByKey(&splits, spare: &valueSpare, counts: &bucketCounts)
        let ys = splits.buffer
        var walk = IndicatorWalk()
        for k in 1..<ys.count where ys[k] > ys[k - 1] {
            let y = (ys[k] + ys[k - 1]) * 0.5
            slab.count = 0
            for k in spans.indices {
                guard let x = chainX(spans, k, at: y) else { continue }
                slab.append(SlabEdge(xTop: x, xBottom: x, winding: spans[k].winding))
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

    /// Whether every two chains whose x extents overlap or touch keep one strict
    /// left-to-right order over the heights they share: their x
    /// difference has one sign, never zero, at every piece end strictly
    /// inside those heights and is not of the other sign at its ends
    /// (where a chain starting or ending may meet the other). Both are
    /// straight between piece ends, so the difference keeps that sign in
    /// between: they neither cross (at a vertex or not) nor touch inside.
    /// `false` also for a chain with a gap among its pieces (a part right
    /// of the clip dropped). Costs one x per piece end of each pair.
    private func chainsKeepTheirOrder(
        _ list: UnsafeMutableBufferPointer<Piece>, _ spans: UnsafeMutableBufferPointer<ChainSpan>
    ) -> Bool {
        for i in spans.indices {
            var j = i + 1
            // Extents that only touch count too: the walk between piece
            // ends gives up where two chains have one x, and so must this.
            while j < spans.count, spans[j].minX <= spans[i].maxX {
                if !chainsKeepTheirOrder(spans[i], spans[j], list) { return false }
                j += 1
            }
        }
        return true
    }

    /// `chainsKeepTheirOrder` for one pair of chains.
    private func chainsKeepTheirOrder(
        _ a: ChainSpan, _ b: ChainSpan, _ list: UnsafeMutableBufferPointer<Piece>
    ) -> Bool {
        let top = max(a.minY, b.minY), bottom = min(a.maxY, b.maxY)
        guard top < bottom else { return true }
        let order = pieceOrder.base
        var qa = Int(a.firstPiece), qb = Int(b.firstPiece)
        let endA = qa + Int(a.pieceCount), endB = qb + Int(b.pieceCount)
        // The pieces holding `top` (each chain's pieces are in height
        // order and, without gaps, cover minY...maxY).
        while qa < endA, list[Int(order[qa])].yb <= top { qa += 1 }
        while qb < endB, list[Int(order[qb])].yb <= top { qb += 1 }
        guard qa < endA, qb < endB else { return false }
        var sign = 0.0
        var y = top
        while true {
            let p = list[Int(order[qa])], q = list[Int(order[qb])]
            guard p.ya <= y, q.ya <= y else { return false }  // a gap
            let d = p.x(at: y) - q.x(at: y)
            if y > top && y < bottom {
                if d == 0 || d * sign < 0 { return false }
                sign = d
            } else if d != 0 {
                if d * sign < 0 { return false }
                sign = d
            }
            guard y < bottom else { return true }
            // The next piece end of either chain (or the shared bottom).
            let next = min(p.yb, q.yb, bottom)
            if next == p.yb && next < bottom {
                qa += 1
                guard qa < endA else { return false }
            }
            if next == q.yb && next < bottom {
                qb += 1
                guard qb < endB else { return false }
            }
            y = next
        }
    }

    /// Chain `k`'s x at height `y` (strictly between piece ends), or `nil`
    /// if none of its pieces holds y; moves the chain's cursor, so calls
    /// for one chain must come with growing y.
    @inline(__always)
    private mutating func chainX(_ spans: UnsafeMutableBufferPointer<ChainSpan>, _ k: Int, at y: Double) -> Double? {
        guard spans[k].minY < y && y < spans[k].maxY else { return nil }
        let list = pieces.base
        // The chain's pieces in height order: the one holding y is at or
        // after the cursor.
        let end = spans[k].firstPiece &+ spans[k].pieceCount
        var q = spans[k].cursor
        while q < end, list[Int(pieceOrder[Int(q)])].yb < y { q &+= 1 }
        spans[k].cursor = q
        guard q < end else { return nil }
        let p = list[Int(pieceOrder[Int(q)])]
        guard p.ya <= y else { return nil }
        return p.x(at: y)
    }

    /// Whether a piece of chain `a` properly crosses a piece of chain `b`
    /// (each strictly on both sides of the other's line).
    private func chainsCross(_ a: ChainSpan, _ b: ChainSpan, _ list: UnsafeMutableBufferPointer<Piece>) -> Bool {
        let aStart = Int(a.firstPiece), bStart = Int(b.firstPiece)
        for i in aStart..<(aStart + Int(a.pieceCount)) {
            let p = list[Int(pieceOrder[i])]
            for j in bStart..<(bStart + Int(b.pieceCount)) {
                let q = list[Int(pieceOrder[j])]
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
