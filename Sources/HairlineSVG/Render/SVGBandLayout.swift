// Render: where a banded render cuts the surface into bands. Every draw a
// band boundary crosses is drawn by the bands on both sides (each cuts
// its prepared edges, replays it, and sweeps its rows there; draws that
// cannot be shared are prepared by both), so each boundary is moved,
// within an eighth of a band, to the row where the draws it crosses have
// the fewest path elements. Device pixels; the cut never changes a pixel,
// only which worker draws it.

import Hairline

enum SVGBandLayout {
    /// How much more a stroke costs to prepare than a fill of the same
    /// path, per element (its outline: joins, caps, both sides).
    static let strokeWeight = 3

    /// The cost of a boundary above each row `0...height` (index y: between
    /// rows y - 1 and y): the path elements (a stroke's times
    /// `strokeWeight`) of the top-level draws whose device bounds reach
    /// rows on both sides of it, the preparation both bands repeat.
    /// O(commands + height).
    static func crossingCost(of commands: [SVGDrawCommand], scale: Double, height: Int) -> [Int] {
        var delta = [Int](repeating: 0, count: height + 2)
        let s = (scale.isFinite && scale > 0) ? scale : 1
        let base = AffineTransform(scaleX: s, y: s)
        for command in commands {
            let weight: Int
            switch command {
            case .fill(let f): weight = f.path.elements.count
            case .stroke(let s): weight = s.path.elements.count * strokeWeight
            case .image: weight = 1
            default: continue
            }
            guard let device = SVGRenderer.deviceBounds(of: command, under: base) else { continue }
            let first = device.minY - SVGRenderer.cullMargin, last = device.maxY + SVGRenderer.cullMargin
            guard first < Double(height), last > 0 else { continue }
            let top = Int(max(first, 0).rounded(.down)), bottom = Int(min(last, Double(height)).rounded(.up))
            // Boundaries y with a row of the draw above (y - 1) and below (y).
            guard bottom - top > 1 else { continue }
            delta[top + 1] += weight
            delta[bottom] -= weight
        }
        var cost = [Int](repeating: 0, count: height + 1)
        var running = 0
        for y in 0...height {
            running += delta[y]
            cost[y] = running
        }
        return cost
    }

    /// `count` bands covering `0..<height` top to bottom, of about equal
    /// height, each boundary then moved to the row of least `crossing`
    /// cost within 1/`reachDivisor` of the shorter neighbouring band (the
    /// nearest of equally cheap ones). Every band keeps one row at least.
    /// (Measured on the tiger: bands of equal rows, claimed by the
    /// workers as they finish, balanced better than bands cut at equal
    /// estimated work; the work of a row is hard to tell from bounds.)
    /// How far a boundary may move: 1/8 of a band. Measured on the tiger
    /// at 800 x 800 px in 8 bands on 2 workers (thread CPU time per band):
    /// even cuts cost 17% over serial and finish the render in 59% of its
    /// time, cuts moved within 1/8 of a band 13% and 57%, within 1/3 14%
    /// and 60% (the middle bands grow, and they hold most of the work).
    static let reachDivisor = 8

    static func bands(count: Int, height: Int, crossing: [Int]) -> [Range<Int>] {
        let n = max(1, min(count, height))
        var cuts = (0...n).map { $0 * height / n }
        guard n > 1, crossing.count == height + 1 else { return (0..<n).map { cuts[$0]..<cuts[$0 + 1] } }
        for i in 1..<n {
            let target = cuts[i]
            let reach = min(cuts[i] - cuts[i - 1], cuts[i + 1] - cuts[i]) / reachDivisor
            let lo = max(cuts[i - 1] + 1, target - reach), hi = min(cuts[i + 1] - 1, target + reach)
            guard lo <= hi else { continue }
            var best = target
            for y in lo...hi {
                let c = crossing[y], b = crossing[best]
                if c < b || (c == b && abs(y - target) < abs(best - target)) { best = y }
            }
            cuts[i] = best
        }
        return (0..<n).map { cuts[$0]..<cuts[$0 + 1] }
    }
}
