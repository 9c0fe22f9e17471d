// HairlineCells: rendering a laid-out table, serially or across cores.
// Input: a TableDescription; output: one surface for the whole table, or
// one per cell. Cells are independent jobs spread over Dispatch's
// concurrentPerform; each worker draws with its own canvas and scratch, and
// every job's result depends only on its own cell, so the output is the
// same, byte for byte, for any number of workers.

import Dispatch
import Hairline
import HairlineText
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders tables described by `TableDescription`.
public enum TableRenderer {
    /// The number of workers used when a call does not say: the number of
    /// processors online (at least 1).
    public static var defaultWorkerCount: Int {
        #if canImport(Glibc) || canImport(Darwin)
            return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            return 1
        #endif
    }

    /// The most rows of background alone (headers, footers, the space
    /// below the last section) painted per job.
    static let backgroundBandHeight = 64

    /// Renders the whole table into one surface of the layout's pixel size:
    /// the background and header bars, then every cell over them.
    ///
    /// - Parameters:
    ///   - table: the table; lengths in points, laid out at its `scale`.
    ///   - workers: threads to draw on (`nil`: `defaultWorkerCount`; 1
    ///     draws on the calling thread; values below 1 count as 1). The
    ///     result is identical for every worker count.
    /// - Throws: `TableError` from `layout()`.
    /// - Complexity: one pass over the table's pixels for the background,
    ///   then each cell's draw, plus two copies of each cell's pixels.
    public static func render(_ table: TableDescription, workers: Int? = nil) throws(TableError) -> Surface {
        let layout = try table.layout()
        let surface: Surface
        do {
            surface = try Surface(width: layout.pixelWidth, height: layout.pixelHeight)
        } catch {
            throw .tooLarge(width: layout.pixelWidth, height: layout.pixelHeight)
        }
        draw(table, layout: layout, into: surface, workers: workers ?? defaultWorkerCount)
        return surface
    }

    /// Renders the whole table into `surface`, which must have the
    /// layout's pixel size (reuse one surface to redraw a table without
    /// allocating its pixels again). Every pixel is overwritten.
    ///
    /// - Throws: `TableError` from `layout()`, or `.surfaceSizeMismatch`
    ///   if `surface` is not `layout().pixelWidth` x `pixelHeight`.
    /// - Parameters:
    ///   - table: the table; lengths in points, laid out at its `scale`.
    ///   - surface: the destination, of the layout's pixel size.
    ///   - workers: as for `render(_:workers:)`.
    public static func render(_ table: TableDescription, into surface: Surface, workers: Int? = nil) throws(TableError)
    {
        let layout = try table.layout()
        guard surface.width == layout.pixelWidth, surface.height == layout.pixelHeight else {
            throw .surfaceSizeMismatch(
                expected: PixelRect(x: 0, y: 0, width: layout.pixelWidth, height: layout.pixelHeight),
                actual: PixelRect(x: 0, y: 0, width: surface.width, height: surface.height))
        }
        draw(table, layout: layout, into: surface, workers: workers ?? defaultWorkerCount)
    }

    /// Draws the table in slabs of whole rows: each job paints the
    /// background of its rows and draws the cell on them, if any, while
    /// those rows are still in the cache (a 3x table is tens of megabytes:
    /// painting all of the background first, then the cells, would send
    /// every byte to memory twice).
    private static func draw(_ table: TableDescription, layout: TableLayout, into surface: Surface, workers: Int) {
        let slabs = layout.slabs(maximumGapRows: backgroundBandHeight)
        // Each job draws into the band of its slab's rows (slabs are
        // non-empty, inside the table and disjoint by construction).
        let bands: [SurfaceBand]
        do {
            bands = try surface.bands(slabs.map(\.rows))
        } catch {
            preconditionFailure("table slabs must be disjoint rows of the table: \(error)")
        }
        guard !bands.isEmpty else { return }
        let titles = TitleIndex(table.titles(in: layout), etches: table.etches(in: layout))
        let styles = SectionStyles(table)
        perform(
            jobs: slabs.count, workers: workers,
            makeWorker: {
                styles.renderers(on: Canvas(surface: bands[0].makeSurface(), scale: layout.scale))
            }
        ) { renderers, index in
            drawSlab(
                slabs[index], of: table, layout: layout, titles: titles, styles: styles, renderers: renderers,
                on: bands[index].makeSurface())
        }
    }

    /// Draws one slab (`slab.rows` of the table) into `surface`, a surface
    /// of exactly those rows: the background of its rows, then its cell.
    static func drawSlab(
        _ slab: TableSlab, of table: TableDescription, layout: TableLayout, titles: TitleIndex,
        styles: SectionStyles, renderers: [CellRenderer], on surface: Surface
    ) {
        let canvas = renderers[0].canvas
        // The slab's rows in the table's coordinates.
        canvas.retarget(to: surface)
        canvas.translateBy(devicePixelsX: 0, y: -slab.rows.lowerBound)
        paintBackground(of: table, layout: layout, titles: titles, rows: slab.rows, on: canvas)
        guard let cell = slab.cell else { return }
        let frame = layout.cells[cell], r = frame.pixelRect
        // Straight into the band, moved to the cell by whole device
        // pixels: the cell's paths are the same wherever it is (the
        // renderer keeps them), and its draw is clipped to it (a clip
        // path's mask covers the cell only).
        canvas.save()
        canvas.translateBy(devicePixelsX: r.minX, y: r.minY)
        drawCell(
            frame, of: table, scale: layout.scale, with: renderers[styles.index(ofSection: frame.indexPath.section)])
        canvas.restore()
    }

    /// Draws `frame`'s cell (background, then its text and accessory) at
    /// the canvas's origin, with `renderer` (of the cell's section style).
    static func drawCell(_ frame: CellFrame, of table: TableDescription, scale: Double, with renderer: CellRenderer) {
        let r = frame.pixelRect
        let rect = PixelRect(x: 0, y: 0, width: r.width, height: r.height).points(scale: scale)
        let path = frame.indexPath
        var text = path.section < table.sections.count ? table.sections[path.section].text(ofRow: path.row) : nil
        // The cell's direction: its own, else the table's, else its title's.
        if let own = text?.layoutDirection { text?.layoutDirection = own.resolved(inheriting: table.layoutDirection) }
        let isRightToLeft =
            text.map { $0.layoutDirection.isRightToLeft(title: $0.title) } ?? (table.layoutDirection == .rightToLeft)
        // An accessory image replaces the style's accessory.
        renderer.draw(
            frame.placement, in: rect, isSelected: frame.isSelected, isNextSelected: frame.isNextSelected,
            drawsAccessory: text?.accessoryImage == nil, isRightToLeft: isRightToLeft)
        guard let text,
            var style = table.textStyle
                ?? CellTextStyle.standard(for: renderer.style.layout, appearance: renderer.style.appearance)
        else {
            return
        }
        if let fallback = table.fontFallback { style = style.withFallback(fallback) }
        renderer.canvas.save()
        renderer.canvas.clip(to: rect)
        text.draw(
            in: rect, style: style, accessory: renderer.style.accessory, isSelected: frame.isSelected,
            on: renderer.canvas)
        renderer.canvas.restore()
    }

    /// Renders every cell into a surface of its own, on a transparent
    /// background (as cells draw into their backing stores), in index-path
    /// order; cells whose height rounds to 0 pixels are left out.
    ///
    /// - Parameters:
    ///   - table: the table; lengths in points, laid out at its `scale`.
    ///   - workers: as for `render(_:workers:)`.
    /// - Throws: `TableError` from `layout()`.
    public static func renderCells(_ table: TableDescription, workers: Int? = nil) throws(TableError) -> [RenderedCell]
    {
        let layout = try table.layout()
        let cells = layout.cells.filter { !$0.pixelRect.isEmpty }
        // Every cell's surface is made here; each job draws into its own
        // through a band (a surface of a laid-out cell's size cannot fail
        // to allocate short of memory exhaustion, which traps anyway).
        var rendered: [RenderedCell] = []
        rendered.reserveCapacity(cells.count)
        var bands: [SurfaceBand] = []
        bands.reserveCapacity(cells.count)
        for frame in cells {
            guard let surface = try? Surface(width: frame.pixelRect.width, height: frame.pixelRect.height),
                let band = try? surface.bands([0..<surface.height]).first
            else { continue }
            rendered.append(RenderedCell(frame: frame, surface: surface))
            bands.append(band)
        }
        let frames = rendered.map(\.frame)
        guard !bands.isEmpty else { return rendered }
        let styles = SectionStyles(table)
        perform(
            jobs: bands.count, workers: workers ?? defaultWorkerCount,
            makeWorker: {
                styles.renderers(on: Canvas(surface: bands[0].makeSurface(), scale: layout.scale))
            }
        ) { renderers, index in
            renderers[0].canvas.retarget(to: bands[index].makeSurface())
            let frame = frames[index]
            drawCell(
                frame, of: table, scale: layout.scale, with: renderers[styles.index(ofSection: frame.indexPath.section)]
            )
        }
        return rendered
    }

    /// Paints the table's background, the header and footer views'
    /// backgrounds, the header bars (or a section's own header view's
    /// background), the footer bars, the etched lines under grouped
    /// sections and the titles into
    /// `rows` (device pixel rows) of the canvas's surface, and nothing
    /// outside them.
    static func paintBackground(
        of table: TableDescription, layout: TableLayout, titles: TitleIndex,
        rows: Range<Int>, on canvas: Canvas
    ) {
        let s = layout.scale
        let band = PixelRect(x: 0, y: rows.lowerBound, width: layout.pixelWidth, height: rows.count)
        let whole = PixelRect(x: 0, y: 0, width: layout.pixelWidth, height: layout.pixelHeight).points(scale: s)
        canvas.save()
        defer { canvas.restore() }
        canvas.clip(to: band.points(scale: s))
        var path = Path()
        path.addRect(whole)
        table.background.draw(path, cellRect: whole, on: canvas)
        func reaches(_ rect: PixelRect) -> Bool {
            !rect.isEmpty && rect.minY < rows.upperBound && rect.maxY > rows.lowerBound
        }
        for (view, rect) in [(table.headerView, layout.headerView), (table.footerView, layout.footerView)] {
            guard let fill = view?.background, reaches(rect) else { continue }
            let points = rect.points(scale: s)
            var band = Path()
            band.addRect(points)
            fill.draw(band, cellRect: points, on: canvas)
        }
        // Each section's header and footer bars (SectionBar: by default the
        // table's header color behind a title only, as UIKit draws them).
        func fillBar(_ bar: PixelRect, _ color: Color?) {
            guard let color, reaches(bar) else { return }
            var path = Path()
            path.addRect(bar.points(scale: s))
            canvas.fill(path, with: color)
        }
        for (index, section) in table.sections.enumerated() where index < layout.headers.count {
            if let view = section.headerView {
                // A section's header view: its own background, no bar.
                let rect = layout.headers[index]
                if let fill = view.background, reaches(rect) {
                    let points = rect.points(scale: s)
                    var band = Path()
                    band.addRect(points)
                    fill.draw(band, cellRect: points, on: canvas)
                }
            } else {
                fillBar(
                    layout.headers[index],
                    section.headerBar.color(title: section.headerTitle, tableColor: table.headerColor))
            }
            fillBar(
                layout.footers[index],
                section.footerBar.color(title: section.footerTitle, tableColor: table.headerColor))
        }
        drawEtches(titles.etches, rows: rows, on: canvas)
        drawTitles(titles, rows: rows, scale: s, on: canvas)
    }

    /// Runs `jobs` jobs on up to `workers` threads with Dispatch; each
    /// thread makes its own worker state and claims jobs one at a time from
    /// a shared counter (cells differ in cost, so a fixed split would leave
    /// a core idle). One worker runs on the calling thread.
    static func perform<Worker>(
        jobs: Int, workers: Int, makeWorker: () -> Worker,
        _ body: (inout Worker, Int) -> Void
    ) {
        guard jobs > 0 else { return }
        let threads = min(max(workers, 1), jobs)
        guard threads > 1 else {
            var worker = makeWorker()
            for job in 0..<jobs { body(&worker, job) }
            return
        }
        withoutActuallyEscaping(makeWorker) { makeWorker in
            withoutActuallyEscaping(body) { body in
                let shared = UncheckedJobs(makeWorker: makeWorker, body: body)
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    var worker = shared.makeWorker()
                    while true {
                        let job = shared.claim()
                        guard job < jobs else { break }
                        shared.body(&worker, job)
                    }
                }
            }
        }
    }
}

/// The distinct cell styles of a table's sections, each section's index
/// among them: a worker keeps one `CellRenderer` per style (its kept
/// paths stay valid), all drawing on the worker's canvas.
struct SectionStyles {
    private(set) var styles: [CellStyle] = []
    private var sectionIndex: [Int] = []

    init(_ table: TableDescription) {
        styles = [table.cellStyle]
        for section in table.sections {
            guard let own = section.style else {
                sectionIndex.append(0)
                continue
            }
            if let found = styles.firstIndex(of: own) {
                sectionIndex.append(found)
            } else {
                sectionIndex.append(styles.count)
                styles.append(own)
            }
        }
    }

    /// The index among `styles` of section `section`'s style.
    func index(ofSection section: Int) -> Int {
        section >= 0 && section < sectionIndex.count ? sectionIndex[section] : 0
    }

    /// One renderer per style on `canvas`.
    func renderers(on canvas: Canvas) -> [CellRenderer] {
        styles.map { CellRenderer(canvas: canvas, style: $0) }
    }
}
