// Raster: the slabs of one cluster of the exact row resolver
// (RowResolver+Clusters.swift cuts the cluster and its heights). In each
// slab the pieces spanning it are ordered by x at the slab's middle and
// the edges where the fill rule's inside flips are added. Coordinates are
// row-local: x in pixels from the clip's left, y in 0...1 from the row's
// top.

extension RasterCore {
    /// Resolves the slabs between the heights `ys` (sorted) of a cluster's
    /// pieces (`list`, sorted by left end), keeping only the pieces that
    /// span the slab (the work follows what a slab holds, not the whole
    /// cluster). Returns nil when done, or the index into `ys` of the slab
    /// (its bottom) where two spanning pieces have the same x at its
    /// middle but are not the same edge there, before adding anything for
    /// it: their order there is the one `resolveSlabsSortingAll` gives,
    /// which takes over from that slab (as it does from slab
    /// `resolverLimits.slabHandOver`, for tests). Otherwise every slab's edges are
    /// added as that method adds them (the spanning pieces sorted by x at
    /// the middle; pieces that are the same edge in a slab add the same
    /// coverage in either order).
    mutating func resolveSlabsOfSpanningPieces(
        _ list: UnsafeMutableBufferPointer<KeyedPiece>, _ ys: UnsafeMutableBufferPointer<Double>,
        firstBand: Int, rule: FillRule, width: Int, into row: inout CellRow
    ) -> Int? {
        // The pieces of some height, by top.
        piecesByTop.count = 0
        for i in 0..<list.count where list[i].piece.yb > list[i].piece.ya {
            piecesByTop.append(Int32(truncatingIfNeeded: i))
        }
        sortInPlace(piecesByTop.buffer) { list[Int($0)].piece.ya < list[Int($1)].piece.ya }
        spanning.count = 0
        var next = 0
        var slabBand = firstBand
        for k in 1..<ys.count {
            if k >= resolverLimits.slabHandOver { return k }
            let top = ys[k - 1], bottom = ys[k]
            guard bottom > top else { continue }
            let middle = (top + bottom) * 0.5
            while slabBand + 1 < bandHeights.count - 1, bandHeights[slabBand + 1] <= top { slabBand += 1 }
            // Pieces end and start only at slab heights: drop those that
            // ended, take in those that start (or started unseen above).
            var kept = 0
            for i in 0..<spanning.count where list[Int(spanning[i].index)].piece.yb >= bottom {
                spanning[kept] = spanning[i]
                kept += 1
            }
            spanning.count = kept
            while next < piecesByTop.count, list[Int(piecesByTop[next])].piece.ya <= top {
                let index = piecesByTop[next]
                if list[Int(index)].piece.yb >= bottom { spanning.append(KeyedIndex(key: 0, index: index)) }
                next += 1
            }
            let order = spanning.buffer
            for i in 0..<order.count { order[i].key = list[Int(order[i].index)].piece.x(at: middle) }
            insertionSort(order) { $0.key < $1.key }
            slab.count = 0
            for i in order.indices {
                let p = list[Int(order[i].index)].piece
                let edge = SlabEdge(xTop: p.x(at: top), xBottom: p.x(at: bottom), winding: p.winding)
                // Pieces at the same x: in any order when they are the
                // same edge in this slab (each flip adds the same
                // trapezoid, ±1, and integer sums do not depend on the
                // order); otherwise their order is the full sort's.
                if i > 0, order[i].key == order[i - 1].key {
                    let before = slab[slab.count - 1]
                    if edge.xTop != before.xTop || edge.xBottom != before.xBottom { return k }
                }
                slab.append(edge)
            }
            accumulateFlips(
                top: top, bottom: bottom, from: winding(inBand: slabBand), rule: rule, width: width,
                ordered: true, into: &row)
        }
        return nil
    }

    /// Resolves the slabs between the heights `ys` (sorted) of a cluster's
    /// pieces (`list`, sorted by left end) keeping every piece ordered by
    /// x at each slab's middle (clamped to its own heights), so a slab's
    /// edges come out in order, pieces at the same x in the order the
    /// slabs above left them. From one slab to the next only crossings
    /// and piece ends reorder them: an insertion sort costs little more
    /// than a pass. Edges are added from the slab ending at `ys[start]`
    /// on; the slabs above it only order the pieces.
    mutating func resolveSlabsSortingAll(
        _ list: UnsafeMutableBufferPointer<KeyedPiece>, _ ys: UnsafeMutableBufferPointer<Double>,
        emittingFrom start: Int, firstBand: Int, rule: FillRule, width: Int, into row: inout CellRow
    ) {
        var sorted = false
        var slabBand = firstBand
        for k in 1..<ys.count {
            let top = ys[k - 1], bottom = ys[k]
            guard bottom > top else { continue }
            let middle = (top + bottom) * 0.5
            while slabBand + 1 < bandHeights.count - 1, bandHeights[slabBand + 1] <= top { slabBand += 1 }
            for i in 0..<list.count { list[i].key = list[i].piece.x(atClamped: middle) }
            if sorted {
                insertionSort(list) { $0.key < $1.key }
            } else {
                sortInPlace(list) { $0.key < $1.key }
                sorted = true
            }
            guard k >= start else { continue }
            slab.count = 0
            for i in 0..<list.count {
                let p = list[i].piece
                guard p.ya <= top && p.yb >= bottom && p.yb > p.ya else { continue }
                slab.append(SlabEdge(xTop: p.x(at: top), xBottom: p.x(at: bottom), winding: p.winding))
            }
            accumulateFlips(
                top: top, bottom: bottom, from: winding(inBand: slabBand), rule: rule, width: width,
                ordered: true, into: &row)
        }
    }
}
