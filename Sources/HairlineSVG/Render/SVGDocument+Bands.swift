// Render: one document drawn by several threads, each into bands of rows
// of the same surface (Blend2D's multithreaded context: one command
// stream, every worker rasterizes its band). Device coordinates are never
// moved: a worker's canvas draws into a row window of the surface
// (SurfaceBand.makeWindow), so each row gets the bytes a serial render
// gives it (but see `draw(into:...)` on edges cut at a boundary); layers
// are windows of the band's rows. Two phases: the draws that reach more
// than one band are prepared once, by all workers (SVGBandPreparation.swift),
// then bands are claimed from an atomic counter, each cutting the shared
// edges to its rows; the warnings and dropped draws are tallied once.

import Dispatch
import Hairline
import Synchronization

/// What a render reports besides its pixels.
public struct SVGRenderReport: Hashable, Sendable {
    /// The document's warnings, then those found while drawing (pattern
    /// tiles over the size limit), each once: what `draw(in:)` returns.
    public var warnings: [SVGWarning]
    /// How many draws drew nothing because their geometry was not finite
    /// or needed more than `Canvas.maximumSegmentCount` segments (the
    /// canvas's `droppedDrawCount` in a serial render).
    public var droppedDrawCount: Int

    /// Creates a report.
    /// - Parameters:
    ///   - warnings: as the property says.
    ///   - droppedDrawCount: as the property says.
    public init(warnings: [SVGWarning], droppedDrawCount: Int) {
        self.warnings = warnings
        self.droppedDrawCount = droppedDrawCount
    }
}

extension SVGDocument {
    /// The most rows a band has on average by default: enough bands on a
    /// large surface for uneven scenes to balance, few enough that each
    /// band's replay of the commands and its cut of the prepared edges
    /// (O(edges) per draw reaching it) stay small. Measured before draws
    /// were prepared once (each band then flattened and stroked every
    /// draw reaching it), on the tiger at 800 x 800 px, 2 workers (thread
    /// CPU time per band): 2, 4, 8 and 16 bands cost 7%, 6%, 12% and 22%
    /// more than one, and 8 bands finished first (the middle rows hold
    /// most of the work).
    public static let defaultRowsPerBand = 256

    /// The most workers a render uses (more are clamped to this).
    public static let maximumWorkerCount = 256

    /// Draws the document into `surface` at `scale` device pixels per
    /// point, on up to `workers` threads, and returns the warnings.
    ///
    /// The pixels are byte for byte those of
    /// `draw(in: Canvas(surface: surface, scale: scale))`, whatever the
    /// number of workers: the surface is cut into bands (four per worker,
    /// or more so that they have at most about `rowsPerBand` rows, none
    /// under 32 rows) of about equal height, their boundaries moved to
    /// where few draws cross them (SVGBandLayout). The workers first
    /// prepare the fills and strokes that reach more than one band
    /// (flattened, stroked, their edges built over every row, once each:
    /// `Canvas.prepareFill`), then claim bands one at a time, and each
    /// draws every command into its band in the surface's own device
    /// coordinates, from the prepared edges cut to its rows where there
    /// are some, skipping draws whose device bounds miss it. The prepared
    /// edges (64 bytes an edge, at most
    /// `SVGPreparedDraws.preparedByteBudget` in all) are freed when the
    /// render returns. Offscreen
    /// layers (group opacity, masks, blend modes, crisp shapes) cover a
    /// band's rows only, so the memory a worker adds is its band's, not
    /// the surface's. One worker (or a one-row surface) draws serially on
    /// the calling thread.
    ///
    /// The pixels are those of the serial render, byte for byte: an edge
    /// crossing a band's top or bottom row steps through the band's rows
    /// as the whole edge does (Raster/Edge.swift, `addAcrossRows`;
    /// Raster/EdgeBuilder+Rows.swift for prepared edges).
    /// - Parameters:
    ///   - surface: the pixels drawn into (any format), from its top-left
    ///     corner; a pending clear is written first.
    ///   - scale: device pixels per point (non-finite or non-positive: 1).
    ///   - workers: the threads to use, the caller's included (clamped to
    ///     1...`maximumWorkerCount`).
    ///   - rowsPerBand: the most rows a band has on average (values below
    ///     1 count as 1); below 32, every band has exactly this many rows
    ///     (the last one fewer).
    ///   - flatteningTolerance: the curves' flattening tolerance in device
    ///     pixels, as `Canvas.flatteningTolerance` takes it (nil: the
    ///     canvas's default, 0.008, which keeps every pixel within 3/255
    ///     of the true curve's coverage; coarser is faster on curved
    ///     scenes and further from the true curves).
    /// - Returns: the warnings (each once, in document order) and the
    ///   number of draws dropped, as a serial render reports them.
    /// - Complexity: O(commands × bands) to replay the commands and
    ///   O(edges) per band a prepared draw reaches to cut it, plus the
    ///   drawing, which the workers share.
    @discardableResult
    public func draw(
        into surface: Surface, scale: Double, workers: Int, rowsPerBand: Int = SVGDocument.defaultRowsPerBand,
        flatteningTolerance: Double? = nil
    ) -> SVGRenderReport {
        let threads = min(max(workers, 1), Self.maximumWorkerCount)
        let count = Self.bandCount(height: surface.height, workers: threads, rowsPerBand: rowsPerBand)
        let commands = threads > 1 ? drawCommands() : []
        let rows: [Range<Int>]
        if rowsPerBand < Self.minimumRowsPerBand {
            // Bands as thin as asked for, all alike.
            let r = max(rowsPerBand, 1)
            rows = stride(from: 0, to: surface.height, by: r).map { $0..<min($0 + r, surface.height) }
        } else {
            rows = SVGBandLayout.bands(
                count: count, height: surface.height,
                crossing: SVGBandLayout.crossingCost(of: commands, scale: scale, height: surface.height))
        }
        guard threads > 1, rows.count > 1, let bands = try? surface.bands(rows) else {
            let canvas = Canvas(surface: surface, scale: scale)
            if let flatteningTolerance { canvas.flatteningTolerance = flatteningTolerance }
            let warnings = draw(in: canvas)
            return SVGRenderReport(warnings: warnings, droppedDrawCount: canvas.droppedDrawCount)
        }
        let jobs = BandJobs(
            commands: commands, bands: bands, scale: scale, workers: min(threads, bands.count),
            flatteningTolerance: flatteningTolerance)
        // Draws crossing bands prepared once, by all the workers; then the
        // bands, each drawing every command (the prepared ones cut to it).
        DispatchQueue.concurrentPerform(iterations: jobs.workers) { jobs.prepare(worker: $0) }
        jobs.finishPreparation()
        DispatchQueue.concurrentPerform(iterations: jobs.workers) { jobs.work(worker: $0) }
        let tally = jobs.tally
        return SVGRenderReport(warnings: warnings + tally.warningsInOrder, droppedDrawCount: tally.droppedDrawCount)
    }

    /// How many bands a render cuts: `bandsPerWorker` for each worker,
    /// more if a band would have over `rowsPerBand` rows, fewer if it would
    /// have under `minimumRowsPerBand` (unless `rowsPerBand` asks for
    /// fewer rows); one for a surface of one band's rows.
    static func bandCount(height: Int, workers: Int, rowsPerBand: Int) -> Int {
        guard height > 0 else { return 0 }
        let rows = max(rowsPerBand, 1)
        let wanted = max(workers, 1) * bandsPerWorker
        let fewest = (height + rows - 1) / rows
        let most = max(height / min(minimumRowsPerBand, rows), 1)
        return min(max(wanted, fewest), most, height)
    }

    /// The fewest rows the cut gives a band on its own: below this, each
    /// band's replay of the commands costs more than its rows' drawing.
    static let minimumRowsPerBand = 32

    /// The fewest bands per worker the cut aims for, so that a worker
    /// that finishes early finds another band to draw.
    static let bandsPerWorker = 4
}

/// What the threads of a banded render share: the commands, the bands,
/// the draws prepared for all bands, the next unclaimed band, each
/// worker's canvas, and the tally of what the bands reported. The surface
/// is only reached through the bands (each its own rows).
private final class BandJobs: @unchecked Sendable {
    // @unchecked: `commands` and `bands` are immutable Sendable values;
    // the counter is atomic and the tally behind a mutex; worker k alone
    // uses `canvases[k]` (one phase after the other), and `prepared` is
    // written in the first phase, read in the second.
    let commands: [SVGDrawCommand]
    let bands: [SurfaceBand]
    let scale: Double
    let workers: Int
    /// Every worker canvas's flattening tolerance (nil: the default).
    let flatteningTolerance: Double?
    private let preparation: SVGPreparedDraws
    private var prepared: [PreparedShape?] = []
    private let canvases: UnsafeMutableBufferPointer<Canvas?>
    private let next = Atomic<Int>(0)
    private let merged = Mutex(BandTally())

    init(
        commands: [SVGDrawCommand], bands: [SurfaceBand], scale: Double, workers: Int, flatteningTolerance: Double?
    ) {
        self.commands = commands
        self.bands = bands
        self.scale = scale
        self.workers = workers
        self.flatteningTolerance = flatteningTolerance
        preparation = SVGPreparedDraws(commands: commands, scale: scale, bands: bands.map(\.rows))
        canvases = .allocate(capacity: workers)
        canvases.initialize(repeating: nil)
    }

    deinit {
        canvases.deinitialize()
        canvases.deallocate()
    }

    /// The tally of every band drawn so far.
    var tally: BandTally { merged.withLock { $0 } }

    /// Worker `worker`'s canvas (made over the first band on first use,
    /// its scratch memory reused from then on).
    private func canvas(_ worker: Int) -> Canvas {
        if let canvas = canvases[worker] { return canvas }
        let canvas = Canvas(surface: bands[0].makeWindow(), scale: scale)
        if let flatteningTolerance { canvas.flatteningTolerance = flatteningTolerance }
        canvases[worker] = canvas
        return canvas
    }

    /// The first phase: prepares draws crossing bands until none is left.
    func prepare(worker: Int) {
        guard !preparation.indices.isEmpty else { return }
        preparation.prepare(on: canvas(worker))
    }

    /// Between the phases (on one thread): the prepared draws, for the
    /// bands to read.
    func finishPreparation() {
        if !preparation.indices.isEmpty { prepared = preparation.shapes }
    }

    /// The second phase: claims and draws bands until none is left, on
    /// the worker's canvas, then adds its tally.
    func work(worker: Int) {
        var claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard claimed < bands.count else { return }
        let canvas = canvas(worker)
        let shapes = prepared
        var tally = BandTally()
        while claimed < bands.count {
            canvas.retarget(to: bands[claimed].makeWindow())
            tally.merge(draw(on: canvas, prepared: shapes))
            claimed = next.wrappingAdd(1, ordering: .relaxed).oldValue
        }
        merged.withLock { $0.merge(tally) }
    }

    /// Draws every command on `canvas` (over one band) and returns what
    /// each command reported there.
    private func draw(on canvas: Canvas, prepared: [PreparedShape?]) -> BandTally {
        var warnings: [SVGWarning] = []
        var marks: [(command: Int, warnings: Int)] = []
        var tally = BandTally()
        var dropped = canvas.droppedDrawCount
        SVGRenderer.draw(
            commands, in: canvas, warnings: &warnings, prepared: prepared,
            finished: { next, count in
                if count > (marks.last?.warnings ?? 0) { marks.append((next - 1, count)) }
                let now = canvas.droppedDrawCount
                if now > dropped { tally.dropped[next - 1, default: 0] += now - dropped }
                dropped = now
            })
        // The last command's, and those of layers closed at the end.
        if warnings.count > (marks.last?.warnings ?? 0) { marks.append((commands.count, warnings.count)) }
        if canvas.droppedDrawCount > dropped { tally.dropped[commands.count] = canvas.droppedDrawCount - dropped }
        var start = 0
        for mark in marks {
            tally.warnings[mark.command, default: []] += warnings[start..<mark.warnings]
            start = mark.warnings
        }
        return tally
    }
}

/// What bands reported, by the index of the command that reported it.
/// A command reports the same in every band that draws it all; one whose
/// draw a band skips (its bounds miss the band) reports less there, so
/// the tally keeps the most any band reported for each command.
private struct BandTally {
    var warnings: [Int: [SVGWarning]] = [:]
    var dropped: [Int: Int] = [:]

    mutating func merge(_ other: BandTally) {
        for (command, list) in other.warnings where list.count > warnings[command, default: []].count {
            warnings[command] = list
        }
        for (command, count) in other.dropped { dropped[command] = max(dropped[command, default: 0], count) }
    }

    /// The warnings in command order.
    var warningsInOrder: [SVGWarning] { warnings.keys.sorted().flatMap { warnings[$0]! } }
    var droppedDrawCount: Int { dropped.values.reduce(0, +) }
}

extension SVGRenderer {
    /// Whether `command` cannot change a pixel inside the canvas's clip
    /// bounds: a fill, stroke or image (not a pattern, whose tile is
    /// rendered for its warnings) whose device bounds, grown by the
    /// stroke's farthest reach and `cullMargin`, miss them. Never true for
    /// non-finite bounds (those draws are dropped and counted), nor for
    /// clips and layers.
    static func misses(_ command: SVGDrawCommand, canvas: Canvas) -> Bool {
        switch command {
        case .fill(let fill): guard case .paint = fill.paint else { return false }
        case .stroke(let stroke): guard case .paint = stroke.paint else { return false }
        default: break
        }
        let clip = canvas.deviceClipBounds
        guard !clip.isEmpty, let device = deviceBounds(of: command, under: canvas.transform) else { return false }
        return device.maxY + cullMargin <= Double(clip.minY) || device.minY - cullMargin >= Double(clip.maxY)
            || device.maxX + cullMargin <= Double(clip.minX) || device.minX - cullMargin >= Double(clip.maxX)
    }

    /// The device rectangle a fill, stroke or image can touch under
    /// `transform` (its commands' transform applied first): the control
    /// points' bounds, grown by a stroke's farthest reach (half its width
    /// times the miter limit, at least 1.5, as a square cap or a join can
    /// reach); nil for other commands and non-finite bounds.
    static func deviceBounds(of command: SVGDrawCommand, under transform: AffineTransform) -> Rect? {
        let userBounds: Rect
        let commandTransform: AffineTransform
        switch command {
        case .fill(let fill):
            userBounds = fill.path.controlPointBounds
            commandTransform = fill.transform
        case .stroke(let stroke):
            let style = stroke.style
            var reach = 0.0
            if style.width.isFinite, style.width > 0 {
                reach = style.width / 2 * max(style.miterLimit.isFinite ? style.miterLimit : 1, 1.5)
            }
            userBounds = stroke.path.controlPointBounds.insetBy(dx: -reach, dy: -reach)
            commandTransform = stroke.transform
        case .image(let image):
            userBounds = image.destination.standardized
            commandTransform = image.transform
        case .beginClip, .endClip, .beginLayer, .endLayer:
            return nil
        }
        guard userBounds.isFinite else { return nil }
        let device = userBounds.applying(commandTransform.concatenating(transform))
        return device.isFinite ? device : nil
    }

    /// Device pixels added around a draw's bounds before it is skipped:
    /// a hairline's one pixel and the anti-aliased pixel beyond it.
    static let cullMargin = 2.0
}
