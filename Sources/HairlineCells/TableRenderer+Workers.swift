// HairlineCells: what the table renderer's workers share and how the
// table is cut into their jobs. Each worker owns its canvas and cell
// renderer; workers share only the job counter, and draw into bands of
// the table (Surface.bands), each its own rows.

import Hairline
import Synchronization

/// Rows of a table drawn by one job: the background of `rows` across the
/// table's width, and the cell on them, if any.
struct TableSlab: Hashable {
    var rows: Range<Int>
    /// An index into `TableLayout.cells`.
    var cell: Int?
}

extension TableLayout {
    /// The table's rows cut into slabs, top to bottom, covering every row
    /// once: one slab per cell that has pixels (its rows), and the rows
    /// between cells in slabs of at most `maximumGapRows`.
    func slabs(maximumGapRows: Int) -> [TableSlab] {
        var slabs: [TableSlab] = []
        var y = 0
        func gap(to end: Int) {
            while y < end {
                let next = min(end, y + max(maximumGapRows, 1))
                slabs.append(TableSlab(rows: y..<next, cell: nil))
                y = next
            }
        }
        for (index, cell) in cells.enumerated() where !cell.pixelRect.isEmpty {
            gap(to: cell.pixelRect.minY)
            let end = cell.pixelRect.maxY
            slabs.append(TableSlab(rows: cell.pixelRect.minY..<end, cell: index))
            y = end
        }
        gap(to: pixelHeight)
        return slabs
    }
}

/// What `perform` shares with its threads: how to make a worker, the job
/// body, and the next unclaimed job. The closures run only while
/// `perform` waits for them.
final class UncheckedJobs<Worker>: @unchecked Sendable {
    let makeWorker: () -> Worker
    let body: (inout Worker, Int) -> Void
    private let next = Atomic<Int>(0)

    init(makeWorker: @escaping () -> Worker, body: @escaping (inout Worker, Int) -> Void) {
        self.makeWorker = makeWorker
        self.body = body
    }

    /// The next job's index (past the end when all are claimed).
    func claim() -> Int { next.wrappingAdd(1, ordering: .relaxed).oldValue }
}
