// Document: a <textPath>'s path (user space of the <text>) -> a polyline
// measured by arc length, for placing glyphs along it: the point and the
// tangent angle (radians, user space, y down) at a distance from the
// path's start (user units). Curves and arcs are cut into a fixed number of
// chords each (`segmentsPerCurve`), as resvg flattens the path before
// walking it; moves start a new subpath whose distance continues from the
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

    /// The chords, in order: start, end and the distance at their start.
    private(set) var chords: [(start: Point, end: Point, distance: Double)] = []
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
                add(current, to)
                current = to
            case .quadCurve(let to, let control):
                let from = current
                addSampled { t in
                    let u = 1 - t
                    return Point(x: u * u * from.x + 2 * u * t * control.x + t * t * to.x,
                                 y: u * u * from.y + 2 * u * t * control.y + t * t * to.y)
                }
                current = to
            case .curve(let to, let c1, let c2):
                let from = current
                addSampled { t in
                    let u = 1 - t
                    let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
                    return Point(x: a * from.x + b * c1.x + c * c2.x + d * to.x,
                                 y: a * from.y + b * c1.y + c * c2.y + d * to.y)
                }
                current = to
            case .arc(let arc):
                addSampled { t in arc.point(at: arc.startAngle + arc.sweepAngle * t) }
                current = arc.endPoint
            case .closeSubpath:
                add(current, start)
                current = start
            }
        }
    }

    /// Adds chords through `point(t)` for t in (0, 1], from the end of
    /// the previous chord (or the curve's start).
    private mutating func addSampled(_ point: (Double) -> Point) {
        var previous = point(0)
        for step in 1...Self.segmentsPerCurve {
            let next = point(Double(step) / Double(Self.segmentsPerCurve))
            add(previous, next)
            previous = next
        }
    }

    private mutating func add(_ a: Point, _ b: Point) {
        let piece = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
        guard piece.isFinite, piece > 0 else { return }
        chords.append((a, b, length))
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
        return (Point(x: chord.start.x + dx * t, y: chord.start.y + dy * t), atan2(dy, dx))
    }
}

extension SVGTextPathMeasure {
    /// Walks the path from its end to its start (`side="right"`).
    mutating func reverse() {
        var distance = 0.0
        chords = chords.reversed().map { chord in
            let dx = chord.end.x - chord.start.x, dy = chord.end.y - chord.start.y
            defer { distance += (dx * dx + dy * dy).squareRoot() }
            return (chord.end, chord.start, distance)
        }
    }
}
