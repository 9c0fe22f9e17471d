// Raster: the exact resolver for rows `rowIsSimple` refuses
// (RowResolver.swift has the check and the pieces' types). The row's chains
// are grouped into clusters whose x extents overlap; each cluster starts
// from the winding left of it (constant between the heights where chains
// start or end: the bands, kept in a Fenwick tree) and adds only the edges
// where the fill rule's inside flips, a lone chain as its pieces, a
// cluster of a few long chains in sub-bands cut where chains start, end or
// meet (RowResolver+Ordered.swift), other clusters of chains in slabs cut
// at their own piece ends, crossings and band heights. Past the work budget (ResolverLimits) a cluster is resolved in
// fixed slabs. Coordinates are row-local: x in pixels from the clip's
// left, y in 0...1 from the row's top.

extension RasterCore {
    /// Accumulates this row exactly under `rule`, whatever the pieces do,
    /// after `rowIsSimple` found it is not simple (its pieces are sorted by
    /// chain and `chains` holds the chains' spans sorted by left end).
    ///
    /// The chains are grouped into clusters: runs of chains whose x extents
    /// overlap. Clusters lie side by side, so the winding just left of one
    /// is the sum of the windings of the chains left of it, which changes
    /// only at heights where a chain starts or ends in the row: between two
    /// such heights (a band) it is one number. Each cluster then adds only
    /// the edges where the fill rule's inside and outside flip, starting
    /// from that winding: a cluster of one chain as its pieces (weighted by
    /// the flip, cut at bands where the flip changes), a cluster of a few
    /// chains of several pieces each in sub-bands (cut where chains start,
    /// end or meet, each chain added once per run of one flip:
    /// `resolveClusterBySubBands`), other clusters of chains that may
    /// cross split into slabs at their own piece ends, crossings and band
    /// heights (as is a cluster the sub-bands give back). The flips of all clusters add up, left
    /// to right, to the rule's inside indicator, so the row is exact; the
    /// work is the clusters' own, not the whole row's pieces times its
    /// slabs.
    mutating func resolveRow(rule: FillRule, width: Int, into row: inout CellRow) {
        let spans = chains.buffer
        guard !spans.isEmpty else { return }
        // The exact method costs a test per overlapping pair of pieces and a
        // pass over a cluster's pieces per slab: quadratic and worse in the
        // pieces of one cluster. Each row may spend a small allowance, and
        // rows that need more (hundreds of pieces crossing each other, as a
        // wide stroke along a tight loop makes) draw on the draw's pool, up
        // to a cap per row; past them a cluster is resolved in fixed slabs,
        // which costs a bounded amount per piece. Real paths stay exact; a
        // path built to cross itself millions of times stays bounded in
        // time.
        let allowance = resolverLimits.rowAllowance + resolverLimits.pieceAllowance * pieces.count
        let budget = allowance + min(resolverLimits.rowCap, exactWorkPool)
        var work = prepareBands(spans)
        var approximated = false
        var first = 0
        while first < spans.count {
            var end = first + 1
            var reach = spans[first].maxX
            while end < spans.count, spans[end].minX < reach {
                reach = max(reach, spans[end].maxX)
                end += 1
            }
            if end == first + 1 {
                if !addChainFlips(spans[first], rule: rule, width: width, work: &work, budget: budget, into: &row) {
                    approximated = true
                }
            } else if prefersSubBands(spans[first..<end])
                && resolveClusterBySubBands(
                    spans, first..<end, rule: rule, width: width, work: &work, budget: budget, into: &row)
            {
                // Exact, cut only where chains start, end or meet.
                subBandClusterCount &+= 1
            } else if !resolveCluster(
                spans[first..<end], rule: rule, width: width, work: &work, budget: budget,
                into: &row)
            {
                approximated = true
            }
            for k in first..<end { addToBands(spans[k]) }
            first = end
        }
        if approximated { approximatedRowCount += 1 }
        exactWorkPool -= max(0, min(work, budget) - allowance)
    }

    /// Starts `splits`, the heights that cut a cluster spanning `top` to
    /// `bottom` (row-local), with those two and the band heights between
    /// them (where the winding left of the cluster may change).
    @inline(__always)
    mutating func startClusterSplits(from top: Double, to bottom: Double) {
        splits.count = 0
        splits.append(top)
        splits.append(bottom)
        var b = band(startingAt: top) + 1
        while b < bandHeights.count, bandHeights[b] < bottom {
            splits.append(bandHeights[b])
            b += 1
        }
    }

    /// Whether a cluster of several chains goes to the sub-bands first:
    /// few chains (`ResolverLimits.subBandChainLimit`), each of several
    /// pieces on average (`subBandPiecesPerChain`). The sub-bands cut the
    /// cluster only where chains start, end or meet, but walk every pair
    /// of chains whose x extents overlap and place every chain in every
    /// sub-band; the slabs' sweep cuts at every piece end but touches only
    /// what changes there. Long chains of short pieces (curves drawn
    /// small: a scene's outlines and strokes) are cheaper in sub-bands;
    /// many chains of a piece or two crossing each other (a dense polygon
    /// in a few pixels) in slabs.
    @inline(__always)
    private func prefersSubBands(_ spans: Slice<UnsafeMutableBufferPointer<ChainSpan>>) -> Bool {
        guard spans.count <= resolverLimits.subBandChainLimit else { return false }
        var pieceCount = 0
        for s in spans { pieceCount += Int(s.pieceCount) }
        return pieceCount >= resolverLimits.subBandPiecesPerChain * spans.count
    }

    /// Makes the row's bands: `bandHeights` holds 0, every height strictly
    /// inside the row where a chain starts or ends, and 1, sorted and
    /// without repeats; `bandTree` (a Fenwick tree over the bands' winding
    /// differences) starts at zero. Returns the work done.
    private mutating func prepareBands(_ spans: UnsafeMutableBufferPointer<ChainSpan>) -> Int {
        bandHeights.count = 0
        bandHeights.append(0)
        bandHeights.append(1)
        for s in spans {
            if s.minY > 0 { bandHeights.append(s.minY) }
            if s.maxY < 1 { bandHeights.append(s.maxY) }
        }
        sortRemovingRepeats(&bandHeights, spare: &valueSpare, counts: &bucketCounts)
        let unique = bandHeights.count
        bandTree.count = 0
        bandTree.reserve(unique + 1)
        for _ in 0...unique { bandTree.append(0) }
        return spans.count + unique
    }

    /// The band (index into `bandHeights`) that starts at height `y`, one
    /// of the band heights.
    @inline(__always)
    func band(startingAt y: Double) -> Int {
        var lo = 0, hi = bandHeights.count - 1
        while lo < hi {
            let mid = (lo + hi) >> 1
            if bandHeights[mid] < y { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The band holding height `y` (strictly inside the row): the last
    /// band starting at or above it.
    @inline(__always)
    func band(containing y: Double) -> Int {
        var lo = 0, hi = bandHeights.count - 2
        while lo < hi {
            let mid = (lo + hi + 1) >> 1
            if bandHeights[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The winding just left of the current cluster in band `b`: the
    /// windings of the chains added so far (`addToBands`) that cover it.
    @inline(__always)
    func winding(inBand b: Int) -> Double {
        var sum = 0.0
        var i = b + 1
        while i > 0 {
            sum += bandTree[i - 1]
            i &= i - 1
        }
        return sum
    }

    /// Adds a chain's winding to the bands it covers.
    private mutating func addToBands(_ s: ChainSpan) {
        let count = bandHeights.count
        func add(_ value: Double, from b: Int) {
            var i = b + 1
            while i <= count {
                bandTree[i - 1] += value
                i += i & -i
            }
        }
        add(s.winding, from: band(startingAt: s.minY))
        add(-s.winding, from: band(startingAt: s.maxY))
    }

    /// The change of the rule's inside indicator when winding `w` gains
    /// `delta`.
    @inline(__always)
    func flip(from w: Double, by delta: Double, _ rule: FillRule) -> Double {
        inside(w + delta, rule) - inside(w, rule)
    }

    /// A cluster of one chain (no other chain's x extent overlaps it):
    /// its pieces, each weighted by the flip its winding makes from the
    /// winding left of it, cut where that flip changes between bands. Past
    /// `budget` (with `work` done so far; a row of thousands of chains
    /// starting and ending among each other) each piece takes the flip at
    /// its middle instead; returns false then.
    private mutating func addChainFlips(
        _ s: ChainSpan, rule: FillRule, width: Int, work: inout Int, budget: Int,
        into row: inout CellRow
    ) -> Bool {
        let firstBand = band(startingAt: s.minY), endBand = band(startingAt: s.maxY)
        let f = flip(from: winding(inBand: firstBand), by: s.winding, rule)
        let firstPiece = Int(s.firstPiece), pieceEnd = firstPiece + Int(s.pieceCount)
        work += Int(s.pieceCount) + endBand - firstBand
        var uniform = true
        if work > budget {
            for i in firstPiece..<pieceEnd {
                let p = pieces[i]
                let weight = flip(from: winding(inBand: band(containing: (p.ya + p.yb) * 0.5)), by: p.winding, rule)
                row.add(xa: p.xa, ya: p.ya, xb: p.xb, yb: p.yb, weight: weight, width: width)
            }
            return false
        }
        for b in (firstBand + 1)..<max(firstBand + 1, endBand)
        where flip(from: winding(inBand: b), by: s.winding, rule) != f {
            uniform = false
            break
        }
        if uniform {
            guard f != 0 else { return true }
            for i in firstPiece..<pieceEnd {
                let p = pieces[i]
                row.add(xa: p.xa, ya: p.ya, xb: p.xb, yb: p.yb, weight: f, width: width)
            }
            return true
        }
        for i in firstPiece..<pieceEnd {
            let p = pieces[i]
            var b = band(containing: p.ya)
            while b < bandHeights.count - 1, bandHeights[b] < p.yb {
                let top = max(p.ya, bandHeights[b]), bottom = min(p.yb, bandHeights[b + 1])
                let weight = flip(from: winding(inBand: b), by: p.winding, rule)
                if bottom > top && weight != 0 {
                    row.add(xa: p.x(at: top), ya: top, xb: p.x(at: bottom), yb: bottom, weight: weight, width: width)
                }
                b += 1
            }
        }
        return true
    }

    /// A cluster of chains that may cross: its pieces gathered, the rows
    /// cut into slabs at their ends, their crossings and the band heights
    /// inside the cluster, and in each slab the edges where the rule's
    /// inside flips added, from the winding left of the cluster there.
    /// Past `budget` (with `work` done so far) the cluster is resolved in
    /// fixed slabs instead; returns false then.
    private mutating func resolveCluster(
        _ spans: Slice<UnsafeMutableBufferPointer<ChainSpan>>, rule: FillRule,
        width: Int, work: inout Int, budget: Int,
        into row: inout CellRow
    ) -> Bool {
        clusterPieces.count = 0
        var clusterTop = 1.0, clusterBottom = 0.0
        for s in spans {
            clusterTop = min(clusterTop, s.minY)
            clusterBottom = max(clusterBottom, s.maxY)
            let first = Int(s.firstPiece)
            for i in first..<(first + Int(s.pieceCount)) {
                let p = pieces[i]
                clusterPieces.append(KeyedPiece(piece: p, key: min(p.xa, p.xb), slope: p.slope))
            }
        }
        let list = clusterPieces.buffer
        sortInPlace(list) { $0.key < $1.key }
        crossings.count = 0
        startClusterSplits(from: clusterTop, to: clusterBottom)
        for i in 0..<list.count {
            let p = list[i].piece
            if p.ya > clusterTop { splits.append(p.ya) }
            if p.yb < clusterBottom { splits.append(p.yb) }
            let pMax = max(p.xa, p.xb), pSlope = list[i].slope
            var j = i + 1
            while j < list.count {
                if list[j].key > pMax { break }  // sorted: no later piece reaches p
                if mayCross(p, pSlope, list[j].piece, list[j].slope), let y = crossingHeight(p, list[j].piece) {
                    splits.append(y)
                    crossings.append(
                        PieceCrossing(y: y, a: Int32(truncatingIfNeeded: i), b: Int32(truncatingIfNeeded: j)))
                }
                j += 1
            }
            work += j - i
            if work > budget { return resolveClusterInFixedSlabs(list, rule: rule, width: width, into: &row) }
        }
        work += splits.count * list.count
        if work > budget { return resolveClusterInFixedSlabs(list, rule: rule, width: width, into: &row) }
        let firstBand = band(startingAt: clusterTop)
        if let handOver = resolveSlabsBySweep(
            list, from: clusterTop, to: clusterBottom, firstBand: firstBand, rule: rule, width: width, into: &row)
        {
            bucketSortByKey(&splits, spare: &valueSpare, counts: &bucketCounts)
            let ys = splits.buffer
            resolveSlabsSortingAll(
                list, ys, emittingFrom: handOver, firstBand: firstBand, rule: rule, width: width, into: &row)
        }
        return true
    }

    /// The slabs of the fallback: each pixel row is cut into this many
    /// (fewer for rows of thousands of pieces, see `fixedSlabCount`).
    static let approximateSlabCount = 64

    /// Work (pieces sorted, times the slabs) the fallback may spend on a row.
    static let fixedSlabBudget = 1 << 21

    /// How many slabs the fallback cuts a row of `pieceCount` pieces into:
    /// 64 up to about 3,000 pieces, then fewer (at least 4) so a row's work
    /// stays near `fixedSlabBudget`.
    static func fixedSlabCount(pieceCount: Int) -> Int {
        let sortCost = max(1, pieceCount * (Int.bitWidth - pieceCount.leadingZeroBitCount))
        return min(approximateSlabCount, max(4, fixedSlabBudget / sortCost))
    }

    /// The bounded fallback for a cluster's pieces (`list`): the row cut
    /// into `fixedSlabCount` equal slabs; in each, the pieces that span its
    /// middle are extended straight over the whole slab and ordered there,
    /// from the winding left of the cluster at the slab's middle. A
    /// pixel's coverage is then off only in slabs where pieces cross or
    /// end (by at most the slab's height for each). Returns false.
    private mutating func resolveClusterInFixedSlabs(
        _ list: UnsafeMutableBufferPointer<KeyedPiece>, rule: FillRule,
        width: Int, into row: inout CellRow
    ) -> Bool {
        let slabCount = Self.fixedSlabCount(pieceCount: list.count)
        let height = 1 / Double(slabCount)
        for k in 0..<slabCount {
            let top = Double(k) * height, bottom = top + height, middle = top + height * 0.5
            slab.count = 0
            for keyed in list {
                let p = keyed.piece
                guard p.ya <= middle && middle < p.yb else { continue }
                let slope = (p.xb - p.xa) / (p.yb - p.ya)
                let xMiddle = p.xa + slope * (middle - p.ya)
                // Extended over the slab; x < 0 projects onto the clip's
                // left edge like every other piece.
                slab.append(
                    SlabEdge(
                        xTop: max(0, xMiddle - slope * height * 0.5),
                        xBottom: max(0, xMiddle + slope * height * 0.5), winding: p.winding))
            }
            guard !slab.isEmpty else { continue }
            accumulateFlips(
                top: top, bottom: bottom, from: winding(inBand: band(containing: middle)), rule: rule,
                width: width, into: &row)
        }
        return false
    }

    /// Orders the slab's edges and accumulates those where the winding,
    /// from `start` at the slab's left, crosses between inside and outside
    /// under `rule`. Each edge is kept at or right of the one before it at
    /// the slab's top and bottom (a no-op for the exact slabs, where edges
    /// do not cross; in the fallback's it keeps the order the same at
    /// every height, so the winding between neighbours, and the coverage,
    /// stay what the order says).
    mutating func accumulateFlips(
        top: Double, bottom: Double, from start: Double, rule: FillRule,
        width: Int, ordered: Bool = false, into row: inout CellRow
    ) {
        let edges = slab.buffer
        if !ordered { sortInPlace(edges) { ($0.xTop + $0.xBottom) < ($1.xTop + $1.xBottom) } }
        var w = start
        var leftTop = -Double.infinity, leftBottom = -Double.infinity
        for e in edges {
            leftTop = max(leftTop, e.xTop)
            leftBottom = max(leftBottom, e.xBottom)
            let before = inside(w, rule)
            w += e.winding
            let flip = inside(w, rule) - before
            if flip != 0 {
                row.add(xa: leftTop, ya: top, xb: leftBottom, yb: bottom, weight: flip, width: width)
            }
        }
    }

    /// False where two pieces (with their slopes) are apart at both ends
    /// of their common y range on the same side by more than the rounding
    /// of `Piece.x(at:)`, worked out with a multiplication instead of a
    /// division: there `crossingHeight` is nil too. True otherwise.
    @inline(__always)
    private func mayCross(_ p: Piece, _ pSlope: Double, _ q: Piece, _ qSlope: Double) -> Bool {
        let lo = max(p.ya, q.ya), hi = min(p.yb, q.yb)
        guard hi > lo else { return false }
        let d0 = (p.xa + pSlope * (lo - p.ya)) - (q.xa + qSlope * (lo - q.ya))
        let d1 = (p.xa + pSlope * (hi - p.ya)) - (q.xa + qSlope * (hi - q.ya))
        // Pieces lie in the clip (16.16 values, x at most a surface's
        // width, under 2^24): the two ways differ by a few units in the
        // last place of such an x (2^-28 each), far under this.
        let apart = 1.0 / 65536
        return !((d0 > apart && d1 > apart) || (d0 < -apart && d1 < -apart))
    }

    /// The height strictly inside both pieces' common y range where they
    /// cross, or `nil`.
    private func crossingHeight(_ p: Piece, _ q: Piece) -> Double? {
        let lo = max(p.ya, q.ya), hi = min(p.yb, q.yb)
        guard hi > lo else { return nil }
        let d0 = p.x(at: lo) - q.x(at: lo)
        let d1 = p.x(at: hi) - q.x(at: hi)
        guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { return nil }
        let y = lo + (hi - lo) * (d0 / (d0 - d1))
        return (y > lo && y < hi) ? y : nil
    }

    /// 1 where winding `w` is inside under `rule`, else 0.
    @inline(__always)
    func inside(_ w: Double, _ rule: FillRule) -> Double {
        // w is a sum of ±1: exact, so its Int is too (the even-odd test
        // needs it; the non-zero one compares the Double itself, without
        // a checked conversion).
        switch rule {
        case .nonZero: return w != 0 ? 1 : 0
        case .evenOdd: return Int(w) & 1 != 0 ? 1 : 0
        }
    }
}

/// How much work (piece pairs tested plus pieces visited per slab) the
/// exact row resolver may spend before a row falls back to fixed slabs.
struct ResolverLimits {
    /// What every row may spend, plus `pieceAllowance` per piece.
    var rowAllowance = 1 << 16
    /// What every row may spend per piece (the fallback's cost per piece).
    var pieceAllowance = 64
    /// The most one row may draw from the draw's pool (a few milliseconds).
    var rowCap = 1 << 23
    /// The pool per draw (some 50 ms in a release build).
    var drawBudget = 1 << 24
    /// The slab of each cluster (an index into its heights, 1 for the
    /// first) from which every slab sorts all of the cluster's pieces
    /// (`resolveSlabsSortingAll`) instead of sweeping the order down the
    /// slabs: the same coverage, slower; for tests that compare the two.
    /// By default only where two neighbouring pieces meet at one x
    /// (`resolveSlabsBySweep`).
    var slabHandOver = Int.max
    /// Whether the row check walks the winding once per interval between
    /// chain starts and ends where the chains provably keep their order
    /// (`RasterCore.overlappingChainsStayIndicator`); false: once per
    /// interval between piece ends, as before (for tests that compare the
    /// two).
    var walksBetweenChainEnds = true
    /// The clusters resolved in sub-bands
    /// (`RasterCore.resolveClusterBySubBands`: each chain added once,
    /// weighted by its flip per sub-band between the heights where chains
    /// start, end or meet): those of at most `subBandChainLimit` chains
    /// with at least `subBandPiecesPerChain` pieces a chain on average.
    /// Others (dozens of short chains crossing in every row, where walking
    /// each pair costs more than the slabs) are cut into slabs at every
    /// piece end. `subBandChainLimit` 0: the slabs everywhere; `Int.max`
    /// and 0 a chain: the sub-bands wherever they apply (for tests that
    /// compare the two).
    var subBandChainLimit = 16
    var subBandPiecesPerChain = 3
    /// Draws of at most this many lines and edges, not known simple, are
    /// resolved as a whole before the rows (WindingResolution.swift); 0:
    /// never (for tests of the row resolver).
    var wholeDrawEdgeLimit = 64
}
