// Font stage: synthetic bold. A glyph outline in font units (any
// orientation, quadratic or cubic) in -> the same outline with every
// point, on or off the curve, moved outward so each edge of the control
// polygon moves by half the strength along its normal: stems and bowls
// grow by the whole strength, counters shrink by it. The idea is
// FreeType's FT_Outline_EmboldenXY (shift along the corner's bisector,
// none where the outline turns back on itself, shorter where a short
// edge would collapse); this is our own double-precision version.

import Hairline

/// Outline emboldening for synthetic bold (`FontSynthesis`).
enum OutlineEmbolden {
    /// The cosine between an edge and the next below which a corner is
    /// left in place: the outline nearly turns back (beyond about 160
    /// degrees) and the bisector's shift would grow without bound
    /// (FreeType's threshold, -0xF000 in 16.16).
    static let turnBackCosine = -0.9375

    /// `outline` with each edge moved outward by `strength / 2` font
    /// units. The outline's orientation (its signed area) says which side
    /// is outside, so holes shrink as outer contours grow. Outlines with
    /// elliptical arcs (which fonts never make) and outlines of no area
    /// are returned unchanged.
    /// Complexity: O(points).
    /// - Parameters:
    ///   - outline: a glyph outline in font units.
    ///   - strength: how much wider stems get, in font units (> 0).
    static func emboldened(_ outline: Path, by strength: Double) -> Path {
        var points: [Point] = []
        var contourStarts: [Int] = []
        for element in outline.elements {
            switch element {
            case .move(let p):
                contourStarts.append(points.count)
                points.append(p)
            case .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [c, p]
            case .curve(let p, let c1, let c2): points += [c1, c2, p]
            case .arc: return outline
            case .closeSubpath: break
            }
        }
        guard !contourStarts.isEmpty, contourStarts[0] == 0 else { return outline }
        let ranges = contourStarts.indices.map { i in
            contourStarts[i]..<(i + 1 < contourStarts.count ? contourStarts[i + 1] : points.count)
        }
        let area = ranges.reduce(0.0) { $0 + signedArea(points[$1]) }
        guard area != 0, area.isFinite else { return outline }
        var moved = points
        for range in ranges {
            shift(points[range], into: &moved, by: strength / 2, counterclockwise: area > 0)
        }
        return rebuilt(outline, with: moved)
    }

    /// Twice the signed area of a closed polygon (positive when
    /// counterclockwise with y up).
    static func signedArea(_ polygon: ArraySlice<Point>) -> Double {
        guard var previous = polygon.last else { return 0 }
        var sum = 0.0
        for p in polygon {
            sum += previous.x * p.y - p.x * previous.y
            previous = p
        }
        return sum
    }

    /// Writes into `moved` (same indices) the points of one closed contour
    /// shifted outward by `distance` per edge. O(points), however many
    /// coincide.
    static func shift(
        _ contour: ArraySlice<Point>, into moved: inout [Point], by distance: Double, counterclockwise: Bool
    ) {
        let n = contour.count, base = contour.startIndex
        guard n >= 2 else { return }
        // The nearest points before and after each that differ from it
        // (coincident points, like a contour's closing point, share their
        // neighbours and so their shift).
        guard let (before, after) = distinctNeighbours(contour) else { return }
        for k in 0..<n {
            let p = contour[base + k]
            let incoming = p - contour[base + before[k]], outgoing = contour[base + after[k]] - p
            let inLength = incoming.length, outLength = outgoing.length
            guard inLength > 0, outLength > 0 else { continue }
            let u = incoming * (1 / inLength), v = outgoing * (1 / outLength)
            let cosine = u.x * v.x + u.y * v.y
            guard cosine > turnBackCosine else { continue }
            // Outward normals: right of the direction when counterclockwise.
            let side = counterclockwise ? 1.0 : -1.0
            let bisector = Point(x: (u.y + v.y) * side, y: -(u.x + v.x) * side)
            // Positive at a concave corner, where the shift shortens both
            // edges: never past the shorter one's length.
            let concavity = -(u.x * v.y - u.y * v.x) * side
            let shortest = min(inLength, outLength)
            let scale =
                distance * concavity <= shortest * (1 + cosine) ? distance / (1 + cosine) : shortest / concavity
            moved[base + k] = p + bisector * scale
        }
    }

    /// For each point of a closed contour (offsets from its start), the
    /// offsets of the nearest points before and after it (cyclically) that
    /// differ from it; nil if all its points coincide. Two passes around
    /// the contour, each starting where a neighbour is known.
    static func distinctNeighbours(_ contour: ArraySlice<Point>) -> (before: [Int], after: [Int])? {
        let n = contour.count, base = contour.startIndex
        @inline(__always) func point(_ k: Int) -> Point { contour[base + k] }
        guard let anchor = (0..<n).first(where: { point($0) != point(($0 + 1) % n) }) else { return nil }
        var after = [Int](repeating: 0, count: n), before = [Int](repeating: 0, count: n)
        // Backwards from the anchor, whose next point differs.
        after[anchor] = (anchor + 1) % n
        for step in 1..<n {
            let k = (anchor - step + n) % n, next = (k + 1) % n
            after[k] = point(k) != point(next) ? next : after[next]
        }
        // Forwards from the point after the anchor, whose previous differs.
        let first = (anchor + 1) % n
        before[first] = anchor
        for step in 1..<n {
            let k = (first + step) % n, previous = (k + n - 1) % n
            before[k] = point(k) != point(previous) ? previous : before[previous]
        }
        return (before, after)
    }

    /// `outline`'s elements with their points taken in order from `points`.
    static func rebuilt(_ outline: Path, with points: [Point]) -> Path {
        var path = Path()
        var i = 0
        func next() -> Point {
            defer { i += 1 }
            return points[i]
        }
        for element in outline.elements {
            switch element {
            case .move: path.move(to: next())
            case .line: path.addLine(to: next())
            case .quadCurve:
                let control = next()
                path.addQuadCurve(to: next(), control: control)
            case .curve:
                let control1 = next(), control2 = next()
                path.addCurve(to: next(), control1: control1, control2: control2)
            case .arc(let arc): path.addArc(arc)
            case .closeSubpath: path.closeSubpath()
            }
        }
        return path
    }
}
