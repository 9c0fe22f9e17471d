// Raster: exactness for rows where contours may cross or overlap.
// Plain accumulation sums signed areas, which is the exact coverage only
// where the winding inside a pixel takes the values {0, 1} (or {0, −1}).
// `rowIsSimple` proves that cheaply for most rows; other rows are split
// into slabs at every vertex and crossing height, where edges are straight
// and ordered, so the winding between neighbours is known: each slab then
// contributes only the edges where the fill rule's inside/outside flips,
// as an indicator of winding {0, 1}, and accumulation is exact again.

/// One y-monotone chain's part in a row: its extent and winding.
struct ChainSpan {
    var chain: Int32
    var minX: Double
    var maxX: Double
    var minY: Double
    var maxY: Double
    var winding: Double
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
                chain: p.chain, minX: min(p.xa, p.xb), maxX: max(p.xa, p.xb),
                minY: p.ya, maxY: p.yb, winding: p.winding)
            i += 1
            while i < list.count, list[i].chain == span.chain {
                let q = list[i]
                span.minX = min(span.minX, min(q.xa, q.xb))
                span.maxX = max(span.maxX, max(q.xa, q.xb))
                span.minY = min(span.minY, q.ya)
                span.maxY = max(span.maxY, q.yb)
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
        for s in spans {
            if s.minX < reach { return false }
            reach = max(reach, s.maxX)
            if s.minY > 0 || s.maxY < 1 { fullHeight = false }
        }
        if fullHeight {
            return windingStaysIndicator(spans, at: nil)
        }
        // Partial chains: check the winding on every elementary interval of
        // heights between chain ends.
        splits.count = 0
        splits.append(0)
        splits.append(1)
        for s in spans {
            if s.minY > 0 { splits.append(s.minY) }
            if s.maxY < 1 { splits.append(s.maxY) }
        }
        let ys = splits.buffer
        sortInPlace(ys) { $0 < $1 }
        for k in 1..<ys.count where ys[k] > ys[k - 1] {
            if !windingStaysIndicator(spans, at: (ys[k] + ys[k - 1]) * 0.5) { return false }
        }
        return true
    }

    /// Whether the winding, left to right across `spans` at height `y`
    /// (all heights if `nil`), stays within {0, 1} or within {0, −1}.
    private func windingStaysIndicator(_ spans: UnsafeMutableBufferPointer<ChainSpan>, at y: Double?) -> Bool {
        var w = 0.0
        var sawPositive = false, sawNegative = false
        for s in spans {
            if let y, !(s.minY < y && y < s.maxY) { continue }
            w += s.winding
            if w > 0 {
                if w > 1 || sawNegative { return false }
                sawPositive = true
            } else if w < 0 {
                if w < -1 || sawPositive { return false }
                sawNegative = true
            }
        }
        return true
    }

    /// Accumulates this row exactly under `rule`, whatever the pieces do:
    /// splits it into slabs at every piece end and every crossing, and in
    /// each slab accumulates only the edges where inside and outside flip.
    mutating func resolveRow(rule: FillRule, width: Int) {
        let list = pieces.buffer
        sortInPlace(list) { min($0.xa, $0.xb) < min($1.xa, $1.xb) }
        splits.count = 0
        splits.append(0)
        splits.append(1)
        for i in 0..<list.count {
            let p = list[i]
            if p.ya > 0 { splits.append(p.ya) }
            if p.yb < 1 { splits.append(p.yb) }
            let pMax = max(p.xa, p.xb)
            var j = i + 1
            while j < list.count {
                let q = list[j]
                if min(q.xa, q.xb) > pMax { break }  // sorted: no later piece reaches p
                if let y = crossingHeight(p, q) { splits.append(y) }
                j += 1
            }
        }
        let ys = splits.buffer
        sortInPlace(ys) { $0 < $1 }
        for k in 1..<ys.count {
            let top = ys[k - 1], bottom = ys[k]
            guard bottom > top else { continue }
            slab.count = 0
            for p in list where p.ya <= top && p.yb >= bottom && p.yb > p.ya {
                slab.append(SlabEdge(xTop: p.x(at: top), xBottom: p.x(at: bottom), winding: p.winding))
            }
            let edges = slab.buffer
            sortInPlace(edges) { ($0.xTop + $0.xBottom) < ($1.xTop + $1.xBottom) }
            var w = 0.0
            for e in edges {
                let before = inside(w, rule)
                w += e.winding
                let flip = inside(w, rule) - before
                if flip != 0 {
                    accumulate(xa: e.xTop, ya: top, xb: e.xBottom, yb: bottom, weight: flip, width: width)
                }
            }
        }
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
    private func inside(_ w: Double, _ rule: FillRule) -> Double {
        let k = Int(w.rounded())
        switch rule {
        case .nonZero: return k != 0 ? 1 : 0
        case .evenOdd: return k & 1 != 0 ? 1 : 0
        }
    }
}
