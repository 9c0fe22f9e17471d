// Stroke: splits flattened subpaths into dashes (user space, or device
// space for hairlines). Semantics of Core Graphics and SVG: lengths
// alternate on/off starting with on, an odd list repeats, the phase is the
// distance into the pattern where every subpath starts, the pattern runs
// on across segment and curve boundaries, and on a closed subpath a dash
// running through the start joins the first dash.

/// A validated dash pattern.
struct DashPattern {
    /// An even number of non-negative lengths with a positive sum.
    let lengths: [Double]
    /// The pattern index and the distance left in that interval at the
    /// start of every subpath.
    let startIndex: Int
    let startRemaining: Double

    /// The pattern for `lengths` and `phase`, both multiplied by `scale`
    /// (for hairlines, dashed in device space), or `nil` for a solid
    /// stroke: empty lists, negative or non-finite lengths, all zeros.
    init?(_ lengths: [Double], phase: Double, scale: Double = 1) {
        guard !lengths.isEmpty, lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        let even = (lengths.count % 2 == 1 ? lengths + lengths : lengths).map { $0 * scale }
        let total = even.reduce(0, +)
        guard total > 0, total.isFinite else { return nil }
        self.lengths = even
        var p = phase.isFinite ? (phase * scale).truncatingRemainder(dividingBy: total) : 0
        if p < 0 { p += total }
        // Skip whole intervals the phase passes (a zero-length interval at
        // exactly the phase is kept: it may be a dot).
        var i = 0
        while p > 0 && p >= even[i] {
            p -= even[i]
            i = (i + 1) % even.count
        }
        startIndex = i
        startRemaining = even[i] - p
    }
}

extension Polyline {
    /// Appends the dashes of `source` to `self` (which the caller has
    /// reset). Each dash is an open subpath, except a closed subpath that
    /// the pattern never turns off, which stays closed.
    mutating func appendDashes(of source: Polyline, pattern: DashPattern) {
        for sub in source.subpaths where sub.hasSegment && !sub.range.isEmpty {
            appendDashes(of: sub, vertices: source.vertices, pattern: pattern)
        }
    }

    private mutating func appendDashes(of sub: Subpath, vertices v: [Vertex], pattern: DashPattern) {
        var index = pattern.startIndex
        var remaining = pattern.startRemaining
        var on = index % 2 == 0
        let firstSubpath = subpaths.count
        let startsOn = on
        var a = v[sub.range.lowerBound].point
        if on {
            beginContour(at: a)
            vertices[vertices.count - 1].tangentOut = v[sub.range.lowerBound].tangentOut
        }
        var ends = Array(sub.range.dropFirst())
        if sub.isClosed || ends.isEmpty { ends.append(sub.range.lowerBound) }
        var direction = sub.direction
        for endIndex in ends {
            let b = v[endIndex].point
            let length = a.distance(to: b)
            if length > 0 { direction = (b - a) * (1 / length) }
            var travelled = 0.0
            // Every pattern boundary strictly inside this segment (or at its
            // start, for zero-length intervals).
            while remaining <= length - travelled {
                travelled += remaining
                let p = length > 0 ? a.interpolated(to: b, by: travelled / length) : a
                if on {
                    addLine(to: p)
                    lastDirection = direction
                    closeContour(explicitly: false)
                } else {
                    beginContour(at: p)
                }
                on.toggle()
                index = (index + 1) % pattern.lengths.count
                remaining = pattern.lengths[index]
            }
            remaining -= length - travelled
            if on { append(v[endIndex]) }
            a = b
        }
        guard on else { return }
        lastDirection = direction
        closeContour(explicitly: false)
        guard sub.isClosed, startsOn else { return }
        let last = subpaths.count - 1
        if last == firstSubpath {
            // Never turned off: the subpath stays whole and closed.
            subpaths[last].isClosed = true
            subpaths[last].range = subpaths[last].range.dropLast()
        } else {
            // The last dash runs through the start into the first dash:
            // one dash. Vertices outside any range are simply unused.
            let merged = Array(vertices[subpaths[last].range]) + vertices[subpaths[firstSubpath].range].dropFirst()
            let start = vertices.count
            vertices.append(contentsOf: merged)
            var joined = subpaths[firstSubpath]
            joined.range = start..<vertices.count
            subpaths[firstSubpath] = joined
            subpaths.removeLast()
        }
    }
}
