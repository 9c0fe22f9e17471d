// Test support: two paths compared element by element, their points within
// a tolerance (user space units), for tests that check a reader or layout
// produced the same outlines as a reference built another way.

import Hairline

extension Path {
    /// Whether `other` has the same elements, of the same kinds in the
    /// same order, with every point within `tolerance` on both axes.
    public func isNearlyEqual(to other: Path, tolerance: Double) -> Bool {
        func points(_ e: PathElement) -> [Point] {
            switch e {
            case .move(let p), .line(let p): return [p]
            case .quadCurve(let p, let c): return [p, c]
            case .curve(let p, let c1, let c2): return [p, c1, c2]
            default: return []
            }
        }
        guard elements.count == other.elements.count else { return false }
        return zip(elements, other.elements).allSatisfy { u, v in
            let p = points(u), q = points(v)
            return p.count == q.count
                && zip(p, q).allSatisfy { abs($0.x - $1.x) <= tolerance && abs($0.y - $1.y) <= tolerance }
        }
    }
}
