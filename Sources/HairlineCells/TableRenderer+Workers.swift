// HairlineCells: what the table renderer's workers own and share. Each
// worker owns its canvas and, where cells clip with masks, cell-sized
// scratch surfaces with their renderers; workers share only the job
// counter, and draw into bands of the table (Surface.bands), each its own
// rows.

import Hairline
import Synchronization

/// One worker's scratch: a surface, canvas and cell renderer per cell size
/// (tables have a few row heights), reused from cell to cell.
final class CellWorker {
    private struct Size: Hashable {
        var width: Int
        var height: Int
    }

    private let style: CellStyle
    private let scale: Double
    private let format: PixelFormat
    private var scratch: [Size: CellRenderer] = [:]
    /// Sizes kept before the scratch is dropped and rebuilt (bounds memory
    /// for tables of many distinct row heights).
    static let sizeLimit = 8

    init(style: CellStyle, scale: Double, format: PixelFormat) {
        self.style = style
        self.scale = scale
        self.format = format
    }

    /// Draws the cell of `frame` into a scratch surface of its pixel size,
    /// after `transfer(scratch, true)` has prepared the surface and before
    /// `transfer(scratch, false)` takes the result. The cell's rect is the
    /// whole scratch surface, so the draw is the same wherever the cell is.
    func draw(_ frame: CellFrame, transfer: (Surface, _ toScratch: Bool) -> Void) {
        let r = frame.pixelRect
        guard let renderer = renderer(width: r.width, height: r.height) else { return }
        transfer(renderer.canvas.surface, true)
        renderer.draw(frame.placement, in: DeviceRect(x: 0, y: 0, width: r.width, height: r.height).points(scale: scale),
                      isSelected: frame.isSelected, isNextSelected: frame.isNextSelected)
        transfer(renderer.canvas.surface, false)
    }

    private func renderer(width: Int, height: Int) -> CellRenderer? {
        let size = Size(width: width, height: height)
        if let kept = scratch[size] { return kept }
        // Cell sizes come from a layout that fits in a surface.
        guard let surface = try? Surface(width: width, height: height, format: format) else { return nil }
        if scratch.count >= CellWorker.sizeLimit { scratch.removeAll(keepingCapacity: true) }
        let renderer = CellRenderer(canvas: Canvas(surface: surface, scale: scale), style: style)
        scratch[size] = renderer
        return renderer
    }
}

/// What one worker of a whole-table render owns: a cell renderer on its
/// own canvas (over one band of the table at a time), and cell-sized scratch when cells
/// must be drawn apart (`CellStyle.clipsWithMasks`).
struct SlabWorker {
    let renderer: CellRenderer
    let scratch: CellWorker?
}

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
            gap(to: cell.pixelRect.y)
            let end = cell.pixelRect.y + cell.pixelRect.height
            slabs.append(TableSlab(rows: cell.pixelRect.y..<end, cell: index))
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
