// Benchmarks: whole tables through the cell kit, one per layout. A table
// of 10 sections (3, 1, 4, 1, 5, 9, 2, 6, 5, 3 rows: 39 cells, 375 pt wide,
// the layout's default look and spacing) rendered by
// TableRenderer.render into one surface, serially and over all cores. The
// time is the whole call into a reused surface (as a table redraws): its
// background, and every cell drawn in a worker's scratch and copied in,
// including each call's worker setup (a canvas and scratch per worker).

import Hairline
import HairlineCells

/// The whole-table workload's results for one layout at one scale.
struct WholeTableResult {
    var layout: CellLayout
    var scale: Int
    var cells: Int
    /// Median seconds per table, on one worker and on all.
    var serialSeconds: Double
    var concurrentSeconds: Double
    /// Median over rounds of serial time / concurrent time.
    var speedup: Double
    var name: String { "table.render.\(layout)@\(scale)x" }
}

/// The whole-table workload's table.
func wholeTable(_ layout: CellLayout, scale: Int) -> TableDescription {
    TableDescription(cellStyle: CellStyle(layout: layout), rowCounts: [3, 1, 4, 1, 5, 9, 2, 6, 5, 3],
                     width: 375, scale: Double(scale))
}

/// Renders the table `rounds` times each way (after a warm-up), pairing a
/// serial and a concurrent render in each round.
func runWholeTable(_ layout: CellLayout, scale: Int, workers: Int, rounds: Int) throws -> WholeTableResult {
    let table = wholeTable(layout, scale: scale)
    let cells = table.sections.reduce(0) { $0 + $1.rowCount }
    let surface = try TableRenderer.render(table, workers: 1)
    _ = try TableRenderer.render(table, into: surface, workers: workers)
    var serial: [Double] = [], concurrent: [Double] = [], speedups: [Double] = []
    for _ in 0..<rounds {
        var t = now()
        try TableRenderer.render(table, into: surface, workers: 1)
        let s = Double(now() - t) / 1e9
        t = now()
        try TableRenderer.render(table, into: surface, workers: workers)
        let c = Double(now() - t) / 1e9
        serial.append(s)
        concurrent.append(c)
        speedups.append(s / c)
    }
    return WholeTableResult(layout: layout, scale: scale, cells: cells, serialSeconds: median(serial),
                            concurrentSeconds: median(concurrent), speedup: median(speedups))
}
