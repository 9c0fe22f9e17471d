// HairlineCells: what the table renderer's workers own and share. Each
// worker owns cell-sized scratch surfaces with their canvases and cell
// renderers; workers share only the table's pixels (each writes the
// disjoint rectangles of its own cells) and the job counter.

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
    private var scratch: [Size: CellRenderer] = [:]
    /// Sizes kept before the scratch is dropped and rebuilt (bounds memory
    /// for tables of many distinct row heights).
    static let sizeLimit = 8

    init(style: CellStyle, scale: Double) {
        self.style = style
        self.scale = scale
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
        guard let surface = try? Surface(width: width, height: height) else { return nil }
        if scratch.count >= CellWorker.sizeLimit { scratch.removeAll(keepingCapacity: true) }
        let renderer = CellRenderer(canvas: Canvas(surface: surface, scale: scale), style: style)
        scratch[size] = renderer
        return renderer
    }
}

/// What one worker of a whole-table render owns: a cell renderer on its
/// own canvas over the table's surface, and cell-sized scratch when cells
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

/// The table's surface, handed to the workers. Each worker's canvas
/// writes only inside the rows of its current slab (its clip), and slabs
/// do not overlap, which is what makes sharing it sound.
struct SharedSurface: @unchecked Sendable {
    let surface: Surface
}

/// The table's pixel bytes, shared by the cell workers; each copies only
/// the rectangle of the cell it is drawing, and cells do not overlap.
struct SharedPixels: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let bytesPerRow: Int

    /// Copies the table's pixels of `rect` into `scratch` (a surface of
    /// `rect`'s size) if `toScratch`, else `scratch` back into the table.
    func copy(_ rect: DeviceRect, with scratch: Surface, toScratch: Bool) {
        let rowBytes = rect.width * 4
        scratch.withUnsafeMutableBytes { cell in
            guard let cellBase = cell.baseAddress else { return }
            for row in 0..<rect.height {
                let table = base + (rect.y + row) * bytesPerRow + rect.x * 4
                let own = cellBase + row * scratch.bytesPerRow
                if toScratch {
                    own.copyMemory(from: table, byteCount: rowBytes)
                } else {
                    table.copyMemory(from: own, byteCount: rowBytes)
                }
            }
        }
    }
}

/// One result slot per job, each written by the one worker that ran the
/// job and read after all workers are done.
struct ResultSlots: @unchecked Sendable {
    private let slots: UnsafeMutablePointer<Surface?>
    private let count: Int

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: max(count, 1))
        slots.initialize(repeating: nil, count: count)
    }

    func store(_ surface: Surface?, at index: Int) { slots[index] = surface }

    func take(at index: Int) -> Surface? { slots[index] }

    func deallocate() {
        slots.deinitialize(count: count)
        slots.deallocate()
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

extension Surface {
    /// A new surface with the same pixels.
    func copy() throws(SurfaceError) -> Surface {
        let copy = try Surface(width: width, height: height)
        withUnsafeBytes { source in
            copy.withUnsafeMutableBytes { target in
                target.copyMemory(from: source)
            }
        }
        return copy
    }
}
