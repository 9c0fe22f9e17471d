// Raster: the slabs of one cluster of the exact row resolver
// (RowResolver+Clusters.swift cuts the cluster and its heights). In each
// slab the pieces spanning it are in order by x at the slab's middle (kept
// from slab to slab by a sweep that applies only the slab's crossings and
// piece ends, or sorted in every slab) and the edges where the fill
// rule's inside flips are added. Coordinates are
// row-local: x in pixels from the clip's left, y in 0...1 from the row's
// top.

extension RasterCore {
    /// Resolves the slabs of a cluster's pieces (`list`, sorted by left
    /// end; `crossings` holds their crossings) from its top `clusterTop`
    /// down to its bottom `clusterBottom` (its pieces' extent), cut at
    /// the pieces' ends, their crossings and the band heights, by a sweep
    /// that keeps the pieces spanning the current slab in left-to-right
    /// order (`sweepSlots`), each with the winding left of it and the flip
    /// of the rule's inside across it, and changes them only where
    /// something happens at a slab's top: two pieces that cross there
    /// (`crossings`, sorted by height) swap places, a piece that ends
    /// where the next piece of its chain starts hands its place over, a
    /// few other pieces leave, or come in where their x at the middle
    /// belongs, and only the touched places' windings and flips are worked
    /// out again (the walk stops where the winding is what it was). Where
    /// many pieces start or end at once, or an event's pieces are not
    /// neighbours, or a touched place is out of order with its neighbours
    /// at the slab's middle, every spanning piece is sorted by x at the
    /// middle again (O(events) a slab instead of O(pieces) where crossings
    /// cut the slabs, as in a tangle of crossing strokes). A piece whose
    /// flip is not 0 adds its part from the height where it took that
    /// flip to the height where the flip changes or the piece leaves, as
    /// one segment (`closeRun`): the same area as the edges
    /// `resolveSlabsSortingAll` adds slab by slab, without a pass over
    /// the order per slab (most crossings in a tangle change no flip).
    ///
    /// Returns nil when done, or the height of the top of the slab where
    /// two neighbouring pieces have the same x at its middle but are not
    /// the same edge there, before adding anything for it:
    /// their order there is the one `resolveSlabsSortingAll` gives, which
    /// takes over from that slab (as it does from slab
    /// `resolverLimits.slabHandOver`, for tests). Pieces that are the same
    /// edge in a slab add the same coverage in either order.
    mutating func resolveSlabsBySweep(
        _ list: UnsafeMutableBufferPointer<KeyedPiece>, from clusterTop: Double, to clusterBottom: Double,
        firstBand: Int, rule: FillRule, width: Int, into row: inout CellRow
    ) -> Double? {
        // The pieces of some height that start below the cluster's top,
        // by top, and those that end above its bottom, by bottom: with the
        // crossings and the band heights, the heights where slabs meet
        // (taken in order from the four, not sorted together). Pieces
        // from the cluster's top go into the first slab's order (sorted
        // there); pieces to its bottom never leave.
        piecesByTop.count = 0
        piecesByBottom.count = 0
        sweepSlots.count = 0
        for i in 0..<list.count where list[i].piece.yb > list[i].piece.ya {
            let index = Int32(truncatingIfNeeded: i)
            if list[i].piece.ya > clusterTop {
                piecesByTop.append(PieceHeight(y: list[i].piece.ya, index: index))
            } else {
                sweepSlots.append(SweepSlot(index: index))
            }
            if list[i].piece.yb < clusterBottom {
                piecesByBottom.append(PieceHeight(y: list[i].piece.yb, index: index))
            }
        }
        bucketSortByKey(&piecesByTop, spare: &heightSpare, counts: &bucketCounts)
        bucketSortByKey(&piecesByBottom, spare: &heightSpare, counts: &bucketCounts)
        bucketSortByKey(&crossings, spare: &crossingSpare, counts: &bucketCounts)
        slotOf.count = 0
        slotOf.reserve(list.count)
        slotOf.count = list.count
        // The four streams of heights (fixed during the sweep, read
        // through locals), each with its next height (+∞ past its end).
        let tops = UnsafeBufferPointer(piecesByTop.buffer), bottoms = UnsafeBufferPointer(piecesByBottom.buffer)
        let crossingList = UnsafeBufferPointer(crossings.buffer)
        // The bands' tops (the row's bottom, 1, starts none).
        let bands = UnsafeBufferPointer(rebasing: UnsafeBufferPointer(bandHeights.buffer).dropLast())
        var nextStart = 0, nextEnd = 0, nextCrossing = 0
        var slabBand = firstBand
        var nextStartY = nextHeight(tops, 0), nextEndY = nextHeight(bottoms, 0)
        var nextCrossingY = nextHeight(crossingList, 0)
        var nextBandY = nextHeight(bands, slabBand + 1)
        var bandWinding = winding(inBand: firstBand)
        var top = clusterTop
        var k = 0
        let handOverSlab = resolverLimits.slabHandOver
        while top < clusterBottom {
            k += 1
            if k >= handOverSlab {
                closeRuns(at: top, list, width: width, into: &row)
                return top
            }
            var allFlips = false
            if nextBandY <= top {
                while nextHeight(bands, slabBand + 1) <= top { slabBand += 1 }
                nextBandY = nextHeight(bands, slabBand + 1)
                let w = winding(inBand: slabBand)
                if w != bandWinding {
                    bandWinding = w
                    allFlips = true
                }
            }
            // The events at this slab's top. Pieces start and end only at
            // slab heights: those that end here have been in the order,
            // those that start here come in.
            touched.count = 0
            var resort = k == 1
            startingNow.count = 0
            while nextStartY <= top {
                startingNow.append(tops[nextStart].index)
                nextStart += 1
                nextStartY = nextHeight(tops, nextStart)
            }
            // A few pieces starting and ending are applied in place (each
            // moves the places right of it: at most `shiftLimit` a slab);
            // more, and the order is sorted again.
            let shiftLimit = 8
            var shifts = 0
            let matchStarts = startingNow.count <= 16
            while nextEndY <= top {
                let e = Int(bottoms[nextEnd].index)
                nextEnd += 1
                nextEndY = nextHeight(bottoms, nextEnd)
                let at = Int(slotOf[e])
                Self.closeRun(sweepSlots[at], at: top, list, width: width, into: &row)
                if matchStarts, let s = continuation(of: list[e].piece, in: list) {
                    sweepSlots[at] = SweepSlot(index: startingNow[s])
                    slotOf[Int(startingNow[s])] = Int32(truncatingIfNeeded: at)
                    startingNow[s] = startingNow[startingNow.count - 1]
                    startingNow.count -= 1
                    touched.append(Int32(truncatingIfNeeded: at))
                } else if !resort, shifts < shiftLimit {
                    shifts += 1
                    removeSlot(at)
                    // The place's new piece has a new left neighbour.
                    if at < sweepSlots.count { touched.append(Int32(truncatingIfNeeded: at)) }
                } else {
                    sweepSlots[at].flip = 0
                    sweepSlots[at].index = -1
                    resort = true
                }
            }
            if resort {
                var kept = 0
                for i in 0..<sweepSlots.count where sweepSlots[i].index >= 0 {
                    sweepSlots[kept] = sweepSlots[i]
                    kept += 1
                }
                sweepSlots.count = kept
            }
            while nextCrossingY <= top {
                let c = crossingList[nextCrossing]
                nextCrossing += 1
                nextCrossingY = nextHeight(crossingList, nextCrossing)
                guard !resort else { continue }
                let a = Int(slotOf[Int(c.a)]), b = Int(slotOf[Int(c.b)])
                guard a - b == 1 || b - a == 1 else {
                    resort = true
                    continue
                }
                let left = min(a, b)
                let moved = sweepSlots[left]
                sweepSlots[left] = sweepSlots[left + 1]
                sweepSlots[left + 1] = moved
                slotOf[Int(sweepSlots[left].index)] = Int32(truncatingIfNeeded: left)
                slotOf[Int(sweepSlots[left + 1].index)] = Int32(truncatingIfNeeded: left + 1)
                touched.append(Int32(truncatingIfNeeded: left))
                touched.append(Int32(truncatingIfNeeded: left + 1))
            }
            // The slab ends at the next height where something happens.
            let bottom = min(min(clusterBottom, nextEndY), min(min(nextStartY, nextCrossingY), nextBandY))
            let middle = (top + bottom) * 0.5
            for s in 0..<startingNow.count {
                if !resort, shifts < shiftLimit, sweepSlots.count > 0 {
                    shifts += 1
                    insertSlot(startingNow[s], at: middle, list)
                } else {
                    sweepSlots.append(SweepSlot(index: startingNow[s]))
                    resort = true
                }
            }
            let slots = sweepSlots.buffer
            var lo = 0, hi = slots.count - 1
            if !resort {
                // Each touched place must be in order with its neighbours
                // at the middle.
                lo = slots.count
                hi = -1
                // The place checked just before with its right neighbour,
                // and that neighbour's x: a touched place right after it
                // (a swapped pair's second) has its left pair checked.
                var lastChecked = Int.min, lastRightX = 0.0
                for t in 0..<touched.count {
                    // (A place past the end: the last pieces left.)
                    let i = Int(touched[t])
                    guard i < slots.count else { continue }
                    lo = min(lo, i)
                    hi = max(hi, i)
                    let x: Double
                    if i == lastChecked &+ 1 {
                        x = lastRightX
                    } else {
                        x = list[Int(slots[i].index)].piece.x(at: middle)
                        if i > 0 {
                            let xLeft = list[Int(slots[i - 1].index)].piece.x(at: middle)
                            if xLeft > x {
                                resort = true
                                break
                            }
                            if xLeft == x, !sameEdge(slots[i - 1].index, slots[i].index, list, top, bottom) {
                                closeRuns(at: top, list, width: width, into: &row)
                                return top
                            }
                        }
                    }
                    if i + 1 < slots.count {
                        let xRight = list[Int(slots[i + 1].index)].piece.x(at: middle)
                        if x > xRight {
                            resort = true
                            break
                        }
                        if x == xRight, !sameEdge(slots[i].index, slots[i + 1].index, list, top, bottom) {
                            closeRuns(at: top, list, width: width, into: &row)
                            return top
                        }
                        lastRightX = xRight
                    }
                    lastChecked = i
                }
            }
            sweptSlabCount &+= 1
            if resort {
                resortedSlabCount &+= 1
                for i in 0..<slots.count { slots[i].key = list[Int(slots[i].index)].piece.x(at: middle) }
                insertionSort(slots) { $0.key < $1.key }
                for i in 0..<slots.count {
                    slotOf[Int(slots[i].index)] = Int32(truncatingIfNeeded: i)
                    if i > 0, slots[i].key == slots[i - 1].key,
                        !sameEdge(slots[i - 1].index, slots[i].index, list, top, bottom)
                    {
                        closeRuns(at: top, list, width: width, into: &row)
                        return top
                    }
                }
                lo = 0
                hi = slots.count - 1
            } else if allFlips {
                lo = 0
                hi = slots.count - 1
            }
            // The windings and flips from `lo` on, while they change.
            if lo < slots.count {
                var w = lo == 0 ? 0 : slots[lo - 1].before + list[Int(slots[lo - 1].index)].piece.winding
                var i = lo
                while i < slots.count {
                    if i > hi, slots[i].before == w { break }
                    let pieceWinding = list[Int(slots[i].index)].piece.winding
                    slots[i].before = w
                    let f = flip(from: bandWinding + w, by: pieceWinding, rule)
                    if f != slots[i].flip {
                        Self.closeRun(slots[i], at: top, list, width: width, into: &row)
                        slots[i].flip = f
                        slots[i].runTop = top
                    }
                    w += pieceWinding
                    i += 1
                }
            }
            top = bottom
        }
        closeRuns(at: clusterBottom, list, width: width, into: &row)
        return nil
    }

    /// Adds the run of the piece at `slot` that ends at height `y`: the
    /// piece from the run's top down to y, weighted by its flip (nothing
    /// if the flip is 0). Within a run the piece has no crossing that
    /// changes its flip and stays straight, so one segment adds what the
    /// run's slabs would add one by one.
    @inline(__always)
    private static func closeRun(
        _ slot: SweepSlot, at y: Double, _ list: UnsafeMutableBufferPointer<KeyedPiece>, width: Int,
        into row: inout CellRow
    ) {
        guard slot.flip != 0 else { return }
        let p = list[Int(slot.index)].piece
        let bottom = min(y, p.yb)
        guard bottom > slot.runTop else { return }
        row.add(
            xa: p.x(keepingEndsAt: slot.runTop), ya: slot.runTop, xb: p.x(keepingEndsAt: bottom), yb: bottom,
            weight: slot.flip, width: width)
    }

    /// Ends every open run at height `y` (the sweep stops there).
    private mutating func closeRuns(
        at y: Double, _ list: UnsafeMutableBufferPointer<KeyedPiece>, width: Int, into row: inout CellRow
    ) {
        for i in 0..<sweepSlots.count where sweepSlots[i].index >= 0 {
            Self.closeRun(sweepSlots[i], at: y, list, width: width, into: &row)
        }
    }

    /// Takes the piece at place `at` out of the sweep's order; the
    /// touched places right of it move left with it.
    @inline(__always)
    private mutating func removeSlot(_ at: Int) {
        let slots = sweepSlots.buffer
        for i in at..<(slots.count - 1) {
            slots[i] = slots[i + 1]
            slotOf[Int(slots[i].index)] = Int32(truncatingIfNeeded: i)
        }
        sweepSlots.count -= 1
        for t in 0..<touched.count where Int(touched[t]) > at { touched[t] -= 1 }
    }

    /// Puts piece `index` into the sweep's order where its x at height
    /// `middle` belongs (before the pieces at the same x); the touched
    /// places from there on move right, and its place is touched.
    @inline(__always)
    private mutating func insertSlot(
        _ index: Int32, at middle: Double, _ list: UnsafeMutableBufferPointer<KeyedPiece>
    ) {
        let x = list[Int(index)].piece.x(at: middle)
        var lo = 0, hi = sweepSlots.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if list[Int(sweepSlots[mid].index)].piece.x(at: middle) < x { lo = mid + 1 } else { hi = mid }
        }
        sweepSlots.append(SweepSlot(index: index))
        let slots = sweepSlots.buffer
        var i = slots.count - 1
        while i > lo {
            slots[i] = slots[i - 1]
            slotOf[Int(slots[i].index)] = Int32(truncatingIfNeeded: i)
            i -= 1
        }
        slots[lo] = SweepSlot(index: index)
        slotOf[Int(index)] = Int32(truncatingIfNeeded: lo)
        for t in 0..<touched.count where Int(touched[t]) >= lo { touched[t] += 1 }
        touched.append(Int32(truncatingIfNeeded: lo))
    }

    /// The piece starting now (an index into `startingNow`) that continues
    /// `p`'s chain from its bottom end, if one does.
    @inline(__always)
    private func continuation(of p: Piece, in list: UnsafeMutableBufferPointer<KeyedPiece>) -> Int? {
        for s in 0..<startingNow.count {
            let q = list[Int(startingNow[s])].piece
            if q.chain == p.chain, q.xa == p.xb, q.winding == p.winding { return s }
        }
        return nil
    }

    /// Whether two pieces are the same edge between `top` and `bottom`.
    @inline(__always)
    private func sameEdge(
        _ a: Int32, _ b: Int32, _ list: UnsafeMutableBufferPointer<KeyedPiece>, _ top: Double, _ bottom: Double
    ) -> Bool {
        let p = list[Int(a)].piece, q = list[Int(b)].piece
        return p.x(at: top) == q.x(at: top) && p.x(at: bottom) == q.x(at: bottom)
    }

    /// Resolves the slabs between the heights `ys` (sorted) of a cluster's
    /// pieces (`list`, sorted by left end) keeping every piece ordered by
    /// x at each slab's middle (clamped to its own heights), so a slab's
    /// edges come out in order, pieces at the same x in the order the
    /// slabs above left them. From one slab to the next only crossings
    /// and piece ends reorder them: an insertion sort costs little more
    /// than a pass. Edges are added from the slab starting at height
    /// `start` on; the slabs above it only order the pieces.
    mutating func resolveSlabsSortingAll(
        _ list: UnsafeMutableBufferPointer<KeyedPiece>, _ ys: UnsafeMutableBufferPointer<Double>,
        emittingFrom start: Double, firstBand: Int, rule: FillRule, width: Int, into row: inout CellRow
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
            guard top >= start else { continue }
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

/// The key of `list[i]`, or +∞ past the list's end: the next height of one
/// of the sweep's sorted streams of heights (piece tops and bottoms,
/// crossings, band tops), read ahead into a local.
@inline(__always)
private func nextHeight<Record: SortKeyed>(_ list: UnsafeBufferPointer<Record>, _ i: Int) -> Double {
    i < list.count ? list[i].sortKey : .infinity
}
