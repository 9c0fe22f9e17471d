// Document: a <textPath>'s path (user space of the <text>) -> a polyline
// measured by arc length, for placing glyphs along it: the point and the
// tangent angle (radians, user space, y down) at a distance from the
// path's start (user units). Curves are cut into a fixed number of chords
// each (`segmentsPerCurve`, per quarter turn for arcs) with their exact
// tangents kept at the chord ends; moves start a new subpath whose distance continues from the
// previous one's end (the gap between subpaths has no length).

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Hairline

/// A path flattened into chords with their cumulative lengths.
struct SVGTextPathMeasure {
    /// Chords per curve or arc: 1/32 of a curve's parameter is well under
    /// a pixel of error at text sizes, and bounds the work per element.
    static let segmentsPerCurve = 32
    /// The most chords one path is cut into, so that a hostile path costs
    /// bounded time; the rest of the path is dropped.
    static let maximumChords = 100_000

    /// The chords, in order: start, end, the distance at their start and
    /// the path's exact tangent angles at their ends (radians; a line's
    /// are its direction), interpolated along the chord.
    private(set) var chords: [(start: Point, end: Point, distance: Double, angles: (Double, Double))] = []
    /// The path's length (user units).
    private(set) var length = 0.0

    /// Measures `path` (already in the text's user space).
    init(_ path: Path) {
        var current = Point(x: 0, y: 0), start = current
        for element in path.elements {
            guard chords.count < Self.maximumChords else { break }
            switch element {
            case .move(let to):
                current = to
                start = to
            case .line(let to):
                add(current, to, nil)
                current = to
            case .quadCurve(let to, let control):
                let from = current
                addSampled(
                    { t in
                        let u = 1 - t
                        return Point(
                            x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                            y: u * u * from.y + 2 * u * t * control.y + t * t * to.y)
                    },
                    derivative: { t in
                        let u = 1 - t
                        return Point(
                            x: 2 * (u * (control.x - from.x) + t * (to.x - control.x)),
                            y: 2 * (u * (control.y - from.y) + t * (to.y - control.y)))
                    })
                current = to
            case .curve(let to, let c1, let c2):
                let from = current
                addSampled(
                    { t in
                        let u = 1 - t
                        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                        return Point(
                            x: a * from.x + b * c1.x + c * c2.x + d * to.x,
                            y: a * from.y + b * c1.y + c * c2.y + d * to.y)
                    },
                    derivative: { t in
                        let u = 1 - t
                        let (a, b, c) = (3 * u * u, 6 * u * t, 3 * t * t)
                        return Point(
                            x: a * (c1.x - from.x) + b * (c2.x - c1.x) + c * (to.x - c2.x),
                            y: a * (c1.y - from.y) + b * (c2.y - c1.y) + c * (to.y - c2.y))
                    })
                current = to
            case .arc(let arc):
                // As many chords per quarter turn as a curve gets.
                let turns = (abs(arc.sweepAngle) / (.pi / 2)).rounded(.up)
                let quarters = turns.isFinite ? Int(min(4, max(1, turns))) : 1
                addSampled(
                    segments: Self.segmentsPerCurve * quarters,
                    { t in arc.point(at: arc.startAngle + arc.sweepAngle * t) },
                    derivative: { t in
                        // Already in the direction the arc runs.
                        arc.derivative(at: arc.startAngle + arc.sweepAngle * t)
                    })
                current = arc.endPoint
            case .closeSubpath:
                add(current, start, nil)
                current = start
            }
        }
    }

    /// Adds chords through `point(t)` for t in (0, 1], from the end of
    /// the previous chord (or the curve's start), with the tangent angles
    /// from `derivative(t)` at their ends.
    private mutating func addSampled(
        segments: Int = segmentsPerCurve, _ point: (Double) -> Point,
        derivative: (Double) -> Point
    ) {
        var previous = point(0)
        var previousAngle = Self.angle(derivative(0))
        for step in 1...segments {
            let t = Double(step) / Double(segments)
            let next = point(t), angle = Self.angle(derivative(t))
            add(previous, next, (previousAngle ?? angle ?? 0, angle ?? previousAngle ?? 0))
            previous = next
            previousAngle = angle ?? previousAngle
        }
    }

    /// The direction of a derivative (radians), `nil` where it vanishes.
    private static func angle(_ d: Point) -> Double? {
        d.x == 0 && d.y == 0 || !d.x.isFinite || !d.y.isFinite ? nil : atan2(d.y, d.x)
    }

    /// Adds a chord; `angles` default to its own direction.
    private mutating func add(_ a: Point, _ b: Point, _ angles: (Double, Double)?) {
        let piece = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard piece.isFinite, piece > 0 else { return }
        let own = atan2(b.y - a.y, b.x - a.x)
        chords.append((a, b, length, angles ?? (own, own)))
        length += piece
    }

    /// The point at `distance` from the start and the tangent's angle
    /// there (radians); `nil` outside 0...length or for an empty path.
    func position(at distance: Double) -> (point: Point, angle: Double)? {
        guard !chords.isEmpty, distance >= 0, distance <= length else { return nil }
        // Binary search: the last chord starting at or before `distance`.
        var low = 0, high = chords.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if chords[mid].distance <= distance { low = mid } else { high = mid - 1 }
        }
        let chord = chords[low]
        let dx = chord.end.x - chord.start.x, dy = chord.end.y - chord.start.y
        let piece = (dx * dx + dy * dy).squareRoot()
        let t = min(1, max(0, (distance - chord.distance) / piece))
        // The shorter way round between the two tangents.
        var turn = chord.angles.1 - chord.angles.0
        if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
        return (Point(x: chord.start.x + dx * t, y: chord.start.y + dy * t), chord.angles.0 + turn * t)
    }
}
