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
    ///
    /// Only what lies inside `cullRect` is emitted: a dash crossing its
    /// boundary is cut there (the caller widens the rect by the stroke's
    /// reach, so the cut ends and their caps stay out of sight), and over
    /// the parts of segments outside it the pattern is advanced
    /// arithmetically, so a long line with fine dashes costs what its
    /// visible part does.
    ///
    /// - Returns: `false` if the dashes saturated `self`
    ///   (`maximumVertexCount`); what was appended must be discarded.
    mutating func appendDashes(of source: Polyline, pattern: DashPattern, cullRect: Rect) -> Bool {
        for sub in source.subpaths where sub.hasSegment && !sub.range.isEmpty {
            guard appendDashes(of: sub, vertices: source.vertices, pattern: pattern, cullRect: cullRect) else {
                return false
            }
        }
        return true
    }

    private mutating func appendDashes(
        of sub: Subpath, vertices v: [Vertex], pattern: DashPattern,
        cullRect: Rect
    ) -> Bool {
        var dash = DashState(pattern)
        let firstSubpath = subpaths.count
        var a = v[sub.range.lowerBound].point
        // Whether a dash is being built (begun, not yet ended).
        var open = false
        if dash.on && cullRect.containsClosed(a) {
            beginContour(at: a)
            vertices[vertices.count - 1].tangentOut = v[sub.range.lowerBound].tangentOut
            open = true
        }
        // Whether the first dash starts at the subpath's start (it may then
        // join the last one, or be the whole closed subpath).
        let firstDashStartsAtStart = open
        var ends = Array(sub.range.dropFirst())
        if sub.isClosed || ends.isEmpty { ends.append(sub.range.lowerBound) }
        var direction = sub.direction
        for endIndex in ends {
            guard
                appendDashes(
                    from: a, to: v[endIndex], cullRect: cullRect, dash: &dash, open: &open,
                    direction: &direction)
            else { return false }
            a = v[endIndex].point
        }
        guard open else { return true }
        endDash(direction: direction)
        if sub.isClosed && firstDashStartsAtStart { joinLastDash(toFirstAt: firstSubpath) }
        return !isSaturated
    }

    /// Appends the dashes of the segment from `a` to `end` (its visible
    /// part, `cullRect`), going on from `dash` and `open` (a dash begun
    /// and not ended) and leaving them as the segment's end has them;
    /// `direction` becomes the segment's (unchanged if it is empty).
    /// - Returns: false if `self` saturated.
    private mutating func appendDashes(
        from a: Point, to end: Vertex, cullRect: Rect, dash: inout DashState,
        open: inout Bool, direction: inout Point
    ) -> Bool {
        let b = end.point
        let length = a.distance(to: b)
        if length > 0 { direction = (b - a) * (1 / length) }
        func point(at distance: Double) -> Point {
            distance >= length ? b : (length > 0 ? a.interpolated(to: b, by: distance / length) : a)
        }
        guard let (enter, exit) = cullRect.clippedDistances(from: a, to: b, length: length) else {
            // Wholly outside (a dash still open, from rounding at the
            // boundary, ends here).
            if open {
                endDash(direction: direction)
                open = false
            }
            dash.skip(length)
            return true
        }
        dash.skip(enter)
        if dash.on && !open {
            beginContour(at: point(at: enter))
            open = true
        }
        // Every pattern boundary strictly inside the visible part (or at
        // its start, for zero-length intervals).
        var travelled = enter
        while dash.remaining <= exit - travelled {
            travelled += dash.remaining
            let p = point(at: travelled)
            if dash.on {
                addLine(to: p)
                endDash(direction: direction)
                open = false
                if isSaturated { return false }
            } else {
                beginContour(at: p)
                open = true
            }
            dash.next()
        }
        dash.remaining -= exit - travelled
        if exit < length {
            // Leaves the rect: end the dash at the exit, run the pattern
            // on over the rest.
            if open {
                addLine(to: point(at: exit))
                endDash(direction: direction)
                open = false
            }
            dash.skip(length - exit)
        } else if open {
            append(end)
        }
        return !isSaturated
    }

    /// Ends the dash being built, its end going in `direction`.
    private mutating func endDash(direction: Point) {
        lastDirection = direction
        closeContour(explicitly: false)
    }

    /// For a closed subpath whose first dash starts at its start, once the
    /// last dash (the last subpath) has ended: a subpath never turned off
    /// stays whole and closed; otherwise the last dash runs through the
    /// start into the first (subpath `firstSubpath`), and the two become
    /// one dash.
    private mutating func joinLastDash(toFirstAt firstSubpath: Int) {
        let last = subpaths.count - 1
        if last == firstSubpath {
            subpaths[last].isClosed = true
            subpaths[last].range = subpaths[last].range.dropLast()
        } else {
            // Vertices outside any range are simply unused.
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

/// Where a subpath is in its dash pattern.
private struct DashState {
    let lengths: [Double]
    let period: Double
    var index: Int
    /// The distance left in the current interval.
    var remaining: Double
    /// Whether the current interval is a dash (even index).
    var on: Bool { index & 1 == 0 }

    init(_ pattern: DashPattern) {
        lengths = pattern.lengths
        period = pattern.lengths.reduce(0, +)
        index = pattern.startIndex
        remaining = pattern.startRemaining
    }

    /// Moves to the next interval.
    mutating func next() {
        index = index + 1 == lengths.count ? 0 : index + 1
        remaining = lengths[index]
    }

    /// Runs the pattern on over `distance` without emitting: whole periods
    /// are skipped by a remainder (exact in floating point), so any
    /// distance takes at most one pass over the intervals.
    mutating func skip(_ distance: Double) {
        guard distance > 0 else { return }
        guard distance >= remaining else {
            remaining -= distance
            return
        }
        var d = distance - remaining
        next()
        if d >= period { d = d.truncatingRemainder(dividingBy: period) }
        while remaining <= d {
            d -= remaining
            next()
        }
        remaining -= d
    }
}

extension Rect {
    /// Whether `p` lies in the rect or on its boundary.
    func containsClosed(_ p: Point) -> Bool {
        p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY
    }

    /// The part of the segment `a`→`b` (of `length`) inside the rect, as
    /// distances from `a` (Liang–Barsky), or `nil` if it misses; an end
    /// inside gives exactly 0 or `length`.
    func clippedDistances(from a: Point, to b: Point, length: Double) -> (enter: Double, exit: Double)? {
        var t0 = 0.0, t1 = 1.0
        func clip(_ delta: Double, _ low: Double, _ high: Double, _ start: Double) -> Bool {
            if delta == 0 { return start >= low && start <= high }
            var enter = (low - start) / delta, exit = (high - start) / delta
            if enter > exit { swap(&enter, &exit) }
            t0 = max(t0, enter)
            t1 = min(t1, exit)
            return t0 <= t1
        }
        guard clip(b.x - a.x, minX, maxX, a.x), clip(b.y - a.y, minY, maxY, a.y) else { return nil }
        return (t0 == 0 ? 0 : t0 * length, t1 == 1 ? length : t1 * length)
    }
}
