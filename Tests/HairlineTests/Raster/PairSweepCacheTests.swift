// The sweeps of a fill and its stroke are kept from draw to draw
// (Raster/PairSweepCache.swift) and sent again by a later draw of the same
// geometry. Kept sweeps must give exactly the pixels a fresh sweep gives,
// whatever changed around the geometry: colors, the pending clear or a
// destination that is not one color, the clip's place on the surface, the
// surface itself; and a geometry that differs in anything must not reuse
// them.

import Testing
import HairlineTestSupport
@_spi(Profiling) @testable import Hairline

@Suite struct PairSweepCacheTests {
    /// Rows the last draw sent from kept sweeps (the two rasterizers trade
    /// places during a draw: either may hold them).
    static func keptRows(_ canvas: Canvas) -> Int {
        canvas.renderer.rasterizer.statistics.keptRows + canvas.renderer.secondRasterizer.statistics.keptRows
    }

    static func sweptRows(_ canvas: Canvas) -> Int {
        canvas.renderer.rasterizer.statistics.rows + canvas.renderer.secondRasterizer.statistics.rows
    }

    /// A small set of geometries drawn over and over in random order (more
    /// than the cache keeps, so that some are evicted and worked out
    /// again), each time with random colors, placements by whole device
    /// pixels (with the clip moved along: the same clip-relative geometry)
    /// or by fractions (another geometry), pending clears or not: one
    /// canvas keeping sweeps, one not, and fill-then-stroke, byte for byte.
    @Test func keptSweepsGiveTheFreshPixels() throws {
        var rng = SplitMix64(seed: 2611)
        var kept = 0, drawn = 0
        for scale in [1.0, 2, 3, 1.5, 2.5] {
            let width = Int(90 * scale), height = Int(40 * scale)
            let surfaces = try (0..<3).map { _ in try Surface(width: width, height: height) }
            let canvases = surfaces.map { Canvas(surface: $0, scale: scale) }
            canvases[1].keepsSweeps = false
            // Six cell-like geometries (a one-device-pixel border or a
            // hairline), differing in size, radius, corners or border.
            let inset = 0.5 / scale
            let shapes: [(Path, StrokeStyle)] = (0..<6).map { i in
                var path = Path()
                let w = 40 + Double(i * 7), h = 12 + Double(i % 3) * 5
                let corners: RectCorner = [.all, .top, [], .bottom, .all, .top][i]
                path.addRoundedRect(
                    in: Rect(x: inset, y: inset, width: w - 2 * inset, height: h - 2 * inset),
                    cornerRadius: [6, 4.5, 0, 8, 3.25, 6][i], corners: corners)
                return (path, StrokeStyle(width: i == 4 ? 0 : 1 / scale))
            }
            for round in 0..<120 {
                // Mostly four geometries (as many as the cache keeps), now
                // and then two more that evict them.
                let (path, style) = shapes[rng.int(in: 0...9) == 0 ? rng.int(in: 4...5) : rng.int(in: 0...3)]
                // Where the cell goes: whole device pixels, or (rarely) a
                // fraction of one (another clip-relative geometry).
                let dx = Double(rng.int(in: 0...30)) / scale + (rng.int(in: 0...7) == 0 ? 0.3 : 0)
                let dy = Double(rng.int(in: 0...8)) / scale
                let clip = Rect(x: dx, y: dy, width: 50 + (rng.int(in: 0...7) == 0 ? 1 / scale : 0), height: 30)
                // Visible colors, often translucent (a paint that draws
                // nothing is dropped, and the pair with it).
                func color() -> Color {
                    Color(
                        red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1),
                        alpha: rng.int(in: 0...1) == 0 ? 1 : rng.double(in: 0.1...1))
                }
                let fill = color(), stroke = color()
                let start = PendingClearTests.randomColor(&rng)
                let pending = rng.int(in: 0...3) > 0
                let under = PendingClearTests.randomPath(&rng, width: 90, height: 40)
                for canvas in canvases {
                    canvas.clear(start)
                    if !pending { canvas.fill(under, with: .solid(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7))) }
                    canvas.save()
                    canvas.clip(to: clip)
                    canvas.translateBy(x: dx, y: dy)
                }
                canvases[0].draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
                canvases[1].draw(path, fill: .solid(fill), stroke: .solid(stroke), style: style)
                canvases[2].fill(path, with: .solid(fill))
                canvases[2].stroke(path, with: .solid(stroke), style: style)
                for canvas in canvases { canvas.restore() }
                let reference = surfaces[2].bytes
                #expect(
                    surfaces[0].bytes == reference, "\(scale)x round \(round): kept sweeps, \(path) at \(dx), \(dy)")
                #expect(surfaces[1].bytes == reference, "\(scale)x round \(round): fresh sweeps")
                kept += Self.keptRows(canvases[0])
                #expect(Self.keptRows(canvases[1]) == 0)
                drawn += Self.sweptRows(canvases[0])
            }
        }
        // Most draws repeat a geometry kept: their rows are sent again.
        #expect(kept > drawn / 6, "kept \(kept) of \(drawn) rows")
        #expect(kept < drawn, "evicted geometries are worked out again")
    }

    /// The key holds everything a sweep depends on: a geometry moved by a
    /// fraction of a pixel, a border of another width, a clip one column
    /// narrower or a kernel that does not copy pixels (no pending clear)
    /// is a miss; the same draw again, on another surface or canvas
    /// position, a hit.
    @Test func theKeyTellsGeometriesApart() throws {
        let scale = 2.0
        let surface = try Surface(width: 200, height: 80)
        let canvas = Canvas(surface: surface, scale: scale)
        var path = Path()
        path.addRoundedRect(in: Rect(x: 0.25, y: 0.25, width: 60, height: 20), cornerRadius: 8)
        let style = StrokeStyle(width: 0.5)
        func draw(
            _ path: Path, style: StrokeStyle = style, clip: Rect? = nil, pending: Bool = true,
            dx: Double = 0
        ) -> Int {
            canvas.clear()
            if !pending { canvas.fill(path, with: .solid(.white)) }  // reads the pixels: resolves the clear
            canvas.save()
            if let clip { canvas.clip(to: clip) }
            canvas.translateBy(x: dx, y: 0)
            canvas.draw(path, fill: .solid(.white), stroke: .solid(.black), style: style)
            canvas.restore()
            return Self.keptRows(canvas)
        }
        #expect(draw(path) == 0)
        #expect(draw(path) > 0)
        var moved = Path()
        moved.addRoundedRect(in: Rect(x: 0.5, y: 0.25, width: 60, height: 20), cornerRadius: 8)
        #expect(draw(moved) == 0)
        #expect(draw(path, style: StrokeStyle(width: 1)) == 0)
        #expect(draw(path, pending: false) == 0)
        #expect(draw(path, pending: false) > 0)
        #expect(draw(path, clip: Rect(x: 0, y: 0, width: 99.5, height: 40)) == 0)
        // Moved by whole device pixels with its clip: the same geometry.
        #expect(draw(path, clip: Rect(x: 10, y: 0, width: 70, height: 40), dx: 10) == 0)
        #expect(draw(path, clip: Rect(x: 20.5, y: 0, width: 70, height: 40), dx: 20.5) > 0)
        canvas.keepsSweeps = false
        #expect(draw(path) == 0)
        canvas.keepsSweeps = true
        #expect(draw(path) == 0)  // nothing was kept while off
        #expect(draw(path) > 0)
    }

    /// A draw larger than the budget is swept without being kept (and
    /// still drawn right); a small one after it is kept as usual.
    @Test func drawsPastTheBudgetAreNotKept() throws {
        let canvases = try (0..<2).map { _ in Canvas(surface: try Surface(width: 300, height: 300)) }
        canvases[1].keepsSweeps = false
        canvases[0].coverageCache?.pairs.callBudget = 100
        var big = Path()
        big.addRoundedRect(in: Rect(x: 0.5, y: 0.5, width: 299, height: 299), cornerRadius: 140)
        for _ in 0..<2 {
            for canvas in canvases {
                canvas.clear()
                canvas.draw(big, fill: .solid(.white), stroke: .solid(.black), style: StrokeStyle(width: 1))
            }
            #expect(Self.keptRows(canvases[0]) == 0)
            #expect(canvases[0].surface.bytes == canvases[1].surface.bytes)
        }
        var small = Path()
        small.addRoundedRect(in: Rect(x: 0.5, y: 0.5, width: 60, height: 20), cornerRadius: 6)
        for _ in 0..<2 {
            canvases[0].clear()
            canvases[0].draw(small, fill: .solid(.white), stroke: .solid(.black), style: StrokeStyle(width: 1))
        }
        #expect(Self.keptRows(canvases[0]) > 0)
    }

    /// A caller-owned cache: canvases sharing one replay each other's
    /// coverage (a worker's bands), a nil cache draws cold, `removeAll`
    /// forgets; the pixels are those of a cold canvas every time.
    @Test func callerOwnedCachesAreSharedDroppedAndEmptied() throws {
        var path = Path()
        path.addRoundedRect(in: Rect(x: 0.5, y: 0.5, width: 80, height: 30), cornerRadius: 8)
        let shared = CoverageCache()
        let first = Canvas(surface: try Surface(width: 90, height: 40), scale: 1, coverageCache: shared)
        let second = Canvas(surface: try Surface(width: 90, height: 40), scale: 1, coverageCache: shared)
        let cold = Canvas(surface: try Surface(width: 90, height: 40), scale: 1, coverageCache: nil)
        #expect(cold.coverageCache == nil && first.coverageCache === shared)
        func draw(_ canvas: Canvas) -> Int {
            canvas.clear()
            canvas.draw(path, fill: .solid(.white), stroke: .solid(.black), style: StrokeStyle(width: 1))
            return Self.keptRows(canvas)
        }
        _ = draw(cold)
        #expect(draw(first) == 0)
        #expect(draw(second) > 0, "the second canvas replays what the first kept")
        #expect(first.surface.bytes == cold.surface.bytes && second.surface.bytes == cold.surface.bytes)
        #expect(draw(cold) == 0 && draw(cold) == 0, "no cache: nothing kept")
        shared.removeAll()
        #expect(draw(second) == 0, "emptied")
        #expect(draw(first) > 0)
        first.coverageCache = nil
        #expect(draw(first) == 0)
        #expect(first.surface.bytes == cold.surface.bytes)
    }
}
