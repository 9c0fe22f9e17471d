// Test support: an independent exact-coverage oracle for polygons.
// Method (deliberately unlike the engine's row accumulation): per pixel
// column, split the column into VERTICAL slabs at every vertex x and every
// crossing x; inside a slab the edges are straight and ordered top to
// bottom, the winding of each gap follows from an upward ray, and the area
// of every inside gap within each pixel row is integrated directly from the
// clamped line functions. Everything in Double.

public import Hairline

/// The exact coverage of closed polygons on a pixel grid, the oracle the
/// rasterizer's tests compare against.
public struct ExactCoverage: Sendable {
    /// Closed contours in device pixels.
    public let contours: [[Point]]
    /// The rule that decides which windings are inside.
    public let rule: FillRule
    /// The grid's width in pixels.
    public let width: Int
    /// The grid's height in pixels.
    public let height: Int

    /// An oracle for `contours` (device pixels) on a `width` x `height` grid.
    public init(contours: [[Point]], rule: FillRule, width: Int, height: Int) {
        self.contours = contours
        self.rule = rule
        self.width = width
        self.height = height
    }

    private struct Segment {
        var a: Point
        var b: Point
        /// +1 if the segment runs towards +x, −1 towards −x.
        var sign: Double {
            b.x > a.x ? 1 : -1
        }
        func y(at x: Double) -> Double {
            a.y + (b.y - a.y) * ((x - a.x) / (b.x - a.x))
        }
    }

    /// Coverage of every pixel, row-major, each in 0...1.
    /// Complexity: O(width x height x edges) and more where edges cross.
    public func coverage() -> [Double] {
        var result = [Double](repeating: 0, count: width * height)
        var segments: [Segment] = []
        for contour in contours where contour.count >= 2 {
            for i in contour.indices {
                let a = contour[i], b = contour[(i + 1) % contour.count]
                if a.x != b.x { segments.append(Segment(a: a, b: b)) }
            }
        }
        for column in 0..<width {
            let x0 = Double(column), x1 = x0 + 1
            let local = segments.filter { max($0.a.x, $0.b.x) > x0 && min($0.a.x, $0.b.x) < x1 }
            if local.isEmpty { continue }
            var xs: [Double] = [x0, x1]
            for s in local {
                for x in [s.a.x, s.b.x] where x > x0 && x < x1 { xs.append(x) }
            }
            // Only segments whose y ranges overlap can cross: sort by top.
            let byTop = local.sorted { min($0.a.y, $0.b.y) < min($1.a.y, $1.b.y) }
            for i in byTop.indices {
                let bottom = max(byTop[i].a.y, byTop[i].b.y)
                var j = i + 1
                while j < byTop.count, min(byTop[j].a.y, byTop[j].b.y) <= bottom {
                    if let x = crossingX(byTop[i], byTop[j], x0, x1) { xs.append(x) }
                    j += 1
                }
            }
            xs.sort()
            for k in 1..<xs.count where xs[k] > xs[k - 1] {
                let xa = xs[k - 1], xb = xs[k], xm = (xa + xb) / 2
                var spanning = local.filter { min($0.a.x, $0.b.x) <= xa && max($0.a.x, $0.b.x) >= xb }
                spanning.sort { $0.y(at: xm) < $1.y(at: xm) }
                var w = 0.0
                for i in spanning.indices {
                    w += spanning[i].sign
                    guard isInside(w), i + 1 < spanning.count else { continue }
                    let upper = spanning[i], lower = spanning[i + 1]
                    for row in 0..<height {
                        let r0 = Double(row), r1 = r0 + 1
                        let a = clampedIntegral(lower, xa, xb, r0, r1) - clampedIntegral(upper, xa, xb, r0, r1)
                        if a > 0 { result[row * width + column] += a }
                    }
                }
            }
        }
        return result.map { min(1, max(0, $0)) }
    }

    private func isInside(_ w: Double) -> Bool {
        let k = Int(w.rounded())
        switch rule {
        case .nonZero: return k != 0
        case .evenOdd: return k & 1 != 0
        }
    }

    /// x strictly inside (x0, x1) where two segments cross, if they do.
    private func crossingX(_ p: Segment, _ q: Segment, _ x0: Double, _ x1: Double) -> Double? {
        let lo = max(x0, min(p.a.x, p.b.x), min(q.a.x, q.b.x))
        let hi = min(x1, max(p.a.x, p.b.x), max(q.a.x, q.b.x))
        guard hi > lo else { return nil }
        let d0 = p.y(at: lo) - q.y(at: lo), d1 = p.y(at: hi) - q.y(at: hi)
        guard (d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0) else { return nil }
        let x = lo + (hi - lo) * d0 / (d0 - d1)
        return (x > lo && x < hi) ? x : nil
    }

    /// ∫ clamp(s.y(x), r0, r1) dx over [xa, xb], exactly (the clamped line
    /// is linear between the points where it meets r0 and r1).
    private func clampedIntegral(_ s: Segment, _ xa: Double, _ xb: Double, _ r0: Double, _ r1: Double) -> Double {
        var cuts = [xa, xb]
        let ya = s.y(at: xa), yb = s.y(at: xb)
        for r in [r0, r1] where (ya - r) * (yb - r) < 0 {
            cuts.append(xa + (xb - xa) * (r - ya) / (yb - ya))
        }
        cuts.sort()
        var total = 0.0
        for k in 1..<cuts.count {
            let u = cuts[k - 1], v = cuts[k]
            let yu = s.y(at: u), yv = s.y(at: v)
            let cu = min(r1, max(r0, yu)), cv = min(r1, max(r0, yv))
            total += (cu + cv) / 2 * (v - u)
        }
        return total - r0 * (xb - xa)
    }
}
