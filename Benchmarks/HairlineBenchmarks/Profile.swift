// Benchmarks: `--profile`, where a cell draw's time goes. Each stage is
// timed as the difference of two runs of the pipeline (through the
// Profiling SPI), one stopping after the stage and one before it:
// flattening (the fill's path, the stroke's polyline), the stroke's
// outline, edge building (both draws' edge lists, as the cell's one-call
// fill and stroke builds them), the row loop (cells accumulated and swept
// into kernels that composite nothing — one sweep for both where the draw
// takes one), and compositing (the real draw minus the row loop).
// Differences of medians on a shared machine can come out slightly
// negative for stages that cost next to nothing.

import Foundation
@_spi(Profiling) import Hairline

/// One workload's stage times (ns per draw, fill and stroke added) and
/// the row loop's counts (fill + stroke).
struct StageProfile {
    var name: String
    var draw = 0.0, clear = 0.0
    var flatten = 0.0, outline = 0.0, edges = 0.0, rows = 0.0, composite = 0.0
    var counts = RasterStatistics()
}

func runProfile(_ options: Options) throws {
    let budget = options.budgetWasGiven ? options.budget : 0.08
    let samples = options.samples
    func time(_ name: String, _ body: () -> Void) -> Double {
        measure(name, budget: budget, sampleCount: samples, body).median
    }
    print("Hairline stage profile: release build, ns per draw (medians; fill + stroke), counts per draw")
    print("")
    print(
        padRight("workload", 26) + pad("draw", 8) + pad("clear", 7) + pad("flatten", 8) + pad("outline", 8)
            + pad("edges", 7) + pad("rows", 7) + pad("compos.", 8) + "  " + pad("edges#", 7) + pad("pieces", 7)
            + pad("rows#", 13) + pad("groups", 7) + pad("span px", 8))
    for scale in options.scales {
        for draw in Draw.allCases {
            for position in Position.allCases {
                let name = "cell.\(draw.rawValue).\(position.rawValue)@\(scale)x"
                guard options.selects(name) else { continue }
                let canvas = try Cell.canvas(scale: scale, cold: options.cold)
                let cell = try CellDraw(position, draw, scale: scale)
                var p = StageProfile(name: name)
                p.clear = time(name) { Cell.clearNow(canvas) }
                p.draw = time(name) { cell.run(on: canvas) } - p.clear
                // Flattening and the stroke's outline, each part alone.
                let fillFlatten = time(name) { _ = canvas.profileFill(cell.path, through: .flatten) }
                let strokeFlatten = time(name) {
                    _ = canvas.profileStroke(cell.path, style: cell.border, through: .flatten)
                }
                let strokeOutline = time(name) {
                    _ = canvas.profileStroke(cell.path, style: cell.border, through: .outline)
                }
                // Both edge lists, then the row loops, as the draw runs them.
                let stroke = Paint.solid(Cell.border)
                let edges = time(name) {
                    _ = canvas.profileFillAndStroke(
                        cell.path, fill: cell.paint, stroke: stroke, style: cell.border,
                        through: .edges)
                }
                let rows = time(name) {
                    _ = canvas.profileFillAndStroke(
                        cell.path, fill: cell.paint, stroke: stroke, style: cell.border,
                        through: .rows)
                }
                p.flatten = fillFlatten + strokeFlatten
                p.outline = strokeOutline - strokeFlatten
                p.edges = edges - fillFlatten - strokeOutline
                p.rows = rows - edges
                p.composite = p.draw - rows
                p.counts = canvas.profileFillAndStroke(
                    cell.path, fill: cell.paint, stroke: stroke, style: cell.border,
                    through: .rows)
                let half = p.counts.halfSweptRows > 0 ? " (\(p.counts.halfSweptRows))" : ""
                let kept = p.counts.keptRows > 0 ? "*" : ""
                let rowText = "\(p.counts.rows)\(kept)\(half)+\(p.counts.repeatedRows)"
                print(
                    padRight(name, 26) + pad(fixed(p.draw, 0), 8) + pad(fixed(p.clear, 0), 7)
                        + pad(fixed(p.flatten, 0), 8) + pad(fixed(p.outline, 0), 8) + pad(fixed(p.edges, 0), 7)
                        + pad(fixed(p.rows, 0), 7) + pad(fixed(p.composite, 0), 8) + "  "
                        + pad(String(p.counts.edges), 7) + pad(String(p.counts.pieces), 7) + pad(rowText, 13)
                        + pad(String(p.counts.groups), 7) + pad(String(p.counts.spanPixels), 8))
            }
        }
    }
    print("")
    print("draw: the whole draw minus the clear; rows#: rows swept (half-swept and mirrored) + rows repeating")
    print("another row (vertical bands, rows mirroring rows above); *: the swept rows' coverage kept from an")
    print("earlier draw of the same geometry, not worked out again (none with --cold)")
}
