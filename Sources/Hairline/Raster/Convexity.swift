// Raster: a draw-level proof that accumulation is exact. A closed polygon
// whose turns all have one sign and whose direction goes round exactly
// once is convex and simple: its winding number is 1 (or −1) inside and 0
// outside, so plain area accumulation is exact in every row and the
// per-row check (RowResolver) can be skipped. Two such polygons of
// opposite orientation, one inside the other, are exact too (the stroke
// of a convex closed path: winding 1 in the ring, 0 in the hole); the
// containment itself is vouched for by whoever built them (the stroker).

/// Follows the edge vectors of one closed polygon.
struct ConvexityTracker {
    private var first = Point.zero
    private var last = Point.zero
    private var started = false
    private var turnSign = 0.0
    private var halfChanges = 0
    private var failed = false

    /// |cross| / (|dot| + |cross|) up to which a turn is rounding noise.
    static var straightTolerance: Double { 1e-12 }

    /// Whether an edge has been added since the last reset.
    var isStarted: Bool { started }

    mutating func reset() {
        started = false
        turnSign = 0
        halfChanges = 0
        failed = false
    }

    /// Whether direction `d` lies in the upper half-plane of directions
    /// (angle in [0, π)).
    @inline(__always)
    private static func upper(_ d: Point) -> Bool { d.y > 0 || (d.y == 0 && d.x > 0) }

    /// Adds the next edge vector (zero vectors are skipped). A component
    /// below `straightTolerance` of the other counts as zero: a line
    /// between points computed apart (an arc's end, the next line's start)
    /// is horizontal or vertical up to rounding, and the half-plane count
    /// must not see the noise's sign.
    @inline(__always)
    mutating func add(_ vector: Point) {
        var d = vector
        if abs(d.y) <= Self.straightTolerance * abs(d.x) { d.y = 0 }
        if abs(d.x) <= Self.straightTolerance * abs(d.y) { d.x = 0 }
        guard d.x != 0 || d.y != 0 else { return }
        guard started else {
            first = d
            last = d
            started = true
            return
        }
        turn(to: d)
        last = d
    }

    @inline(__always)
    private mutating func turn(to d: Point) {
        let cross = last.cross(d)
        let dot = last.dot(d)
        // Turns within rounding noise (a miter point on the line of the
        // offset before it) count as straight on.
        if abs(cross) <= Self.straightTolerance * (abs(dot) + abs(cross)) {
            if dot <= 0 { failed = true }  // a reversal
        } else {
            let sign: Double = cross > 0 ? 1 : -1
            if turnSign == 0 {
                turnSign = sign
            } else if sign != turnSign {
                failed = true
            }
        }
        if Self.upper(d) != Self.upper(last) { halfChanges += 1 }
    }

    /// Closes the polygon (the turn from the last edge back to the first)
    /// and returns its orientation (+1 or −1) if it is convex and wound
    /// once, else 0; nil if it had no edge at all. Exactly one full turn
    /// crosses between the upper and the lower half-plane of directions
    /// exactly twice.
    mutating func finish() -> Double? {
        guard started else { return nil }
        turn(to: first)
        let result = !failed && turnSign != 0 && halfChanges == 2 && first.isFinite && last.isFinite ? turnSign : 0
        reset()
        return result
    }
}
