// Raster: clusters of chains resolved without slabs at every piece end
// (RowResolver+Clusters.swift groups the clusters). The cluster's heights
// are cut only where a chain starts or ends (band heights) or two chains
// cross or meet: between two such heights no chain starts, ends or passes
// another, so the winding left of each chain is one number there. Each
// chain then adds its pieces once, weighted by the flip of the fill rule's
// inside it makes in each sub-band (cut only where that flip changes), as
// a lone chain does. Where the row check proved every pair of chains keeps
// its order, no crossing is looked for. Coordinates are row-local: x in
// pixels from the clip's left, y in 0...1 from the row's top.

extension RasterCore {
    /// A cluster of several chains, resolved per sub-band: the cluster's
    /// heights cut at the band heights inside it and, unless the row check
    /// proved the order (`rowChainsKeepTheirOrder`), where two chains
    /// whose x extents overlap cross or meet (`addMeetingHeights`). In each
    /// sub-band the chains there are ordered by their x at its middle, the
    /// winding walked left to right from the winding left of the cluster,
    /// and each chain's flip noted; then each chain's pieces are added
    /// once, weighted by their sub-band's flip (cut only where the flip
    /// changes). Exact: at every height the flips of the cluster's chains
    /// add up, left to right, to the rule's inside indicator, and a piece
    /// added with weight f adds f times the area right of it.
    ///
    /// Work: the pairs' piece ends, plus sub-bands times chains, plus
    /// pieces. Returns false, having added nothing, past `budget` (with
    /// `work` done so far), for a chain with a gap, or where two chains
    /// have one x at a sub-band's middle without being the same edge
    /// there: the caller resolves the cluster in slabs then.
    mutating func resolveClusterBySubBands(
        _ spans: UnsafeMutableBufferPointer<ChainSpan>, _ cluster: Range<Int>, rule: FillRule,
        width: Int, work: inout Int, budget: Int,
        into row: inout CellRow
    ) -> Bool {
        let base = cluster.lowerBound, chainCount = cluster.count
        var clusterTop = 1.0, clusterBottom = 0.0, pieceCount = 0
        var jumps = false
        for k in cluster {
            let s = spans[k]
            clusterTop = min(clusterTop, s.minY)
            clusterBottom = max(clusterBottom, s.maxY)
            pieceCount += Int(s.pieceCount)
            // Each chain's pieces in height order, the cursor at the first.
            spans[k].cursor = s.firstPiece
            let first = Int(s.firstPiece)
            let group = UnsafeMutableBufferPointer(rebasing: pieces.buffer[first..<(first + Int(s.pieceCount))])
            // (Insertion sort up to a few dozen pieces, a heap sort past
            // that: a chain of many pieces listed bottom to top is not
            // quadratic.)
            sortInPlace(group) { $0.ya < $1.ya }
            for i in 1..<max(1, group.count) {
                // A gap (a part right of the clip dropped) would hide
                // inside a sub-band: the slabs see it.
                if group[i].ya != group[i - 1].yb { return false }
                // A horizontal edge between two pieces: the row check's
                // order proof samples one side of it only.
                if group[i].xa != group[i - 1].xb { jumps = true }
            }
        }
        work += pieceCount
        startClusterSplits(from: clusterTop, to: clusterBottom)
        if !rowChainsKeepTheirOrder || jumps {
            for i in cluster {
                var j = i + 1
                while j < cluster.upperBound, spans[j].minX < spans[i].maxX {
                    work += Int(spans[i].pieceCount + spans[j].pieceCount)
                    guard work <= budget, addMeetingHeights(spans[i], spans[j]) else { return false }
                    j += 1
                }
            }
        }
        sortRemovingRepeats(&splits, spare: &valueSpare, counts: &bucketCounts)
        let ys = splits.buffer
        let subCount = ys.count - 1
        work += subCount * chainCount
        guard work <= budget else { return false }
        chainFlips.count = 0
        chainFlips.reserve(chainCount * subCount)
        chainFlips.count = chainCount * subCount
        let flips = chainFlips.buffer
        var slabBand = band(startingAt: clusterTop)
        for j in 0..<subCount {
            let top = ys[j], bottom = ys[j + 1], middle = (top + bottom) * 0.5
            while slabBand + 1 < bandHeights.count - 1, bandHeights[slabBand + 1] <= top { slabBand += 1 }
            spanning.count = 0
            for c in 0..<chainCount {
                flips[c * subCount + j] = 0
                guard spans[base + c].minY < middle && middle < spans[base + c].maxY else { continue }
                guard let x = chainX(&spans[base + c], at: middle) else { return false }
                spanning.append(KeyedIndex(key: x, index: Int32(truncatingIfNeeded: c)))
            }
            let order = spanning.buffer
            sortInPlace(order) { $0.key < $1.key }
            var w = winding(inBand: slabBand)
            for (n, e) in order.enumerated() {
                let c = Int(e.index)
                if n > 0, order[n - 1].key == e.key,
                    !sameEdge(spans[base + Int(order[n - 1].index)], spans[base + c], top, bottom)
                {
                    return false
                }
                let delta = spans[base + c].winding
                flips[c * subCount + j] = inside(w + delta, rule) - inside(w, rule)
                w += delta
            }
        }
        for c in 0..<chainCount {
            addChainPieces(
                spans[base + c],
                flips: UnsafeMutableBufferPointer(rebasing: flips[(c * subCount)..<((c + 1) * subCount)]),
                heights: UnsafeMutableBufferPointer(rebasing: ys[0...subCount]), width: width, into: &row)
        }
        return true
    }

    /// Adds to `splits` the heights strictly inside the common heights of
    /// chains `a` and `b` (pieces in height order) where their order may
    /// change: where two pieces cross (both straight between the piece
    /// ends of either chain, the crossing interpolated), and at a piece
    /// end where the x difference is zero or changes sign (a chain's x
    /// may jump there: a horizontal edge between its pieces). Between the
    /// heights it leaves, the two keep one strict order or are one edge.
    /// False for a chain with a gap among its pieces.
    private mutating func addMeetingHeights(_ a: ChainSpan, _ b: ChainSpan) -> Bool {
        let top = max(a.minY, b.minY), bottom = min(a.maxY, b.maxY)
        guard top < bottom else { return true }
        var qa = Int(a.firstPiece), qb = Int(b.firstPiece)
        let endA = qa + Int(a.pieceCount), endB = qb + Int(b.pieceCount)
        while qa < endA, pieces[qa].yb <= top { qa += 1 }
        while qb < endB, pieces[qb].yb <= top { qb += 1 }
        guard qa < endA, qb < endB else { return false }
        var y = top, above = 0.0
        while true {
            // One piece of each chain from y to the next piece end.
            let p = pieces[qa], q = pieces[qb]
            guard p.ya <= y, q.ya <= y else { return false }  // a gap
            let next = min(p.yb, q.yb, bottom)
            let d0 = p.x(at: y) - q.x(at: y), d1 = p.x(at: next) - q.x(at: next)
            if y > top && (d0 == 0 || above == 0 || (d0 < 0) != (above < 0)) { splits.append(y) }
            if (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) {
                let crossing = y + (next - y) * (d0 / (d0 - d1))
                if crossing > y && crossing < next { splits.append(crossing) }
            }
            above = d1
            guard next < bottom else { return true }
            if next == p.yb {
                qa += 1
                guard qa < endA else { return false }
            }
            if next == q.yb {
                qb += 1
                guard qb < endB else { return false }
            }
            y = next
        }
    }

    /// The x at height `y` of chain `s` (pieces in height order), from its
    /// cursor on (moved to the piece holding y: calls for one chain come
    /// with growing y), or nil where none holds y (a gap).
    @inline(__always)
    private func chainX(_ s: inout ChainSpan, at y: Double) -> Double? {
        let end = s.firstPiece &+ s.pieceCount
        var q = s.cursor
        while q < end, pieces[Int(q)].yb < y { q &+= 1 }
        s.cursor = q
        guard q < end, pieces[Int(q)].ya <= y else { return nil }
        return pieces[Int(q)].x(at: y)
    }

    /// Whether chains `a` and `b` (cursors at their pieces holding the
    /// sub-band) are one edge from `top` to `bottom`.
    private func sameEdge(_ a: ChainSpan, _ b: ChainSpan, _ top: Double, _ bottom: Double) -> Bool {
        let p = pieces[Int(a.cursor)], q = pieces[Int(b.cursor)]
        guard p.ya <= top, p.yb >= bottom, q.ya <= top, q.yb >= bottom else { return false }
        return p.x(at: top) == q.x(at: top) && p.x(at: bottom) == q.x(at: bottom)
    }

    /// Adds chain `s`'s pieces, each part between `heights[j]` and
    /// `heights[j + 1]` weighted by `flips[j]`: whole where the flip is one
    /// number over the chain's heights, else cut only where it changes.
    private mutating func addChainPieces(
        _ s: ChainSpan, flips: UnsafeMutableBufferPointer<Double>, heights: UnsafeMutableBufferPointer<Double>,
        width: Int, into row: inout CellRow
    ) {
        // The chain's sub-bands: those whose middle it spans.
        var first = 0
        while first < flips.count, heights[first + 1] <= s.minY { first += 1 }
        var end = first
        while end < flips.count, heights[end] < s.maxY { end += 1 }
        guard first < end else { return }
        let f = flips[first]
        var uniform = true
        for j in (first + 1)..<end where flips[j] != f {
            uniform = false
            break
        }
        let firstPiece = Int(s.firstPiece), pieceEnd = firstPiece + Int(s.pieceCount)
        if uniform {
            guard f != 0 else { return }
            for i in firstPiece..<pieceEnd {
                let p = pieces[i]
                row.add(xa: p.xa, ya: p.ya, xb: p.xb, yb: p.yb, weight: f, width: width)
            }
            return
        }
        // Pieces in height order: walk the sub-bands along with them.
        var j = first
        for i in firstPiece..<pieceEnd {
            let p = pieces[i]
            while j < end - 1, heights[j + 1] <= p.ya { j += 1 }
            var top = p.ya
            var k = j
            while top < p.yb {
                // Merge the following sub-bands of the same flip.
                let weight = flips[k]
                var bottom = min(p.yb, heights[k + 1])
                while bottom < p.yb, k + 1 < end, flips[k + 1] == weight {
                    k += 1
                    bottom = min(p.yb, heights[k + 1])
                }
                if weight != 0 && bottom > top {
                    let xTop = top == p.ya ? p.xa : p.x(at: top)
                    let xBottom = bottom == p.yb ? p.xb : p.x(at: bottom)
                    row.add(xa: xTop, ya: top, xb: xBottom, yb: bottom, weight: weight, width: width)
                }
                top = bottom
                guard k + 1 < end else { break }
                if bottom < p.yb { k += 1 }
            }
        }
    }
}
