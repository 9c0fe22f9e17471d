// Benchmarks: whole tables through the cell kit, one per layout, and the
// grouped one with stretchable-image cells or on a stretchable-image
// background. A table of 10 sections (3, 1, 4, 1, 5, 9, 2, 6, 5, 3 rows: 39
// cells, 375 pt wide, the layout's default look and spacing) rendered by
// TableRenderer.render into one surface, serially and over all cores. The
// time is the whole call into a reused surface (as a table redraws): its
// background and every cell, drawn into bands of the table, including each
// call's worker setup (a canvas per worker).

import Hairline
import HairlineCells

/// The whole tables timed: one per layout in its default look, and the
/// grouped table with stretchable-image cells (the image cell workload's
/// image) or on a stretchable-image background.
enum WholeTableKind: CaseIterable {
    case layout(CellLayout)
    case imageCells
    case imageBackground

    static var allCases: [WholeTableKind] { CellLayout.allCases.map { .layout($0) } + [.imageCells, .imageBackground] }

    var name: String {
        switch self {
        case .layout(let layout): return "\(layout)"
        case .imageCells: return "grouped.imageCells"
        case .imageBackground: return "grouped.imageBackground"
        }
    }
}

/// The whole-table workload's results for one table at one scale.
struct WholeTableResult {
    var kind: WholeTableKind
    var scale: Int
    var cells: Int
    /// Median seconds per table, on one worker and on all.
    var serialSeconds: Double
    var concurrentSeconds: Double
    /// Median over rounds of serial time / concurrent time.
    var speedup: Double
    var name: String { "table.render.\(kind.name)@\(scale)x" }
}

/// The whole-table workload's table.
func wholeTable(_ kind: WholeTableKind, scale: Int) throws -> TableDescription {
    let rowCounts = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]
    switch kind {
    case .layout(let layout):
        return TableDescription(
            cellStyle: CellStyle(layout: layout), rowCounts: rowCounts, width: 375,
            scale: Double(scale))
    case .imageCells:
        var style = CellStyle(layout: .grouped)
        let c = ImageCellDraw.capPoints * Double(scale)
        style.fill = .stretchableImage(
            try ImageCellDraw.cellImage(scale: scale),
            capInsets: EdgeInsets(top: c, left: c, bottom: c, right: c),
            imageScale: Double(scale))
        return TableDescription(cellStyle: style, rowCounts: rowCounts, width: 375, scale: Double(scale))
    case .imageBackground:
        var table = TableDescription(
            cellStyle: CellStyle(layout: .grouped), rowCounts: rowCounts, width: 375,
            scale: Double(scale))
        // A 40 x 40 pt image at the screen's scale, 8 pt caps, its middle
        // stretched over the table.
        let n = 40 * scale
        var colors: [Color] = []
        colors.reserveCapacity(n * n)
        for y in 0..<n {
            for x in 0..<n {
                let edge = min(x, y, n - 1 - x, n - 1 - y) < 8 * scale
                colors.append(
                    edge
                        ? Color(red: 0.80, green: 0.82, blue: 0.86)
                        : Color(red: 0.90, green: 0.91, blue: 0.94 - 0.04 * Double(y) / Double(n)))
            }
        }
        let c = 8.0 * Double(scale)
        table.background = .stretchableImage(
            try Image(width: n, height: n, colors: colors),
            capInsets: EdgeInsets(top: c, left: c, bottom: c, right: c),
            imageScale: Double(scale))
        return table
    }
}

/// Renders the table `rounds` times each way (after a warm-up), pairing a
/// serial and a concurrent render in each round.
func runWholeTable(_ kind: WholeTableKind, scale: Int, workers: Int, rounds: Int) throws -> WholeTableResult {
    let table = try wholeTable(kind, scale: scale)
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
    return WholeTableResult(
        kind: kind, scale: scale, cells: cells, serialSeconds: median(serial),
        concurrentSeconds: median(concurrent), speedup: median(speedups))
}
