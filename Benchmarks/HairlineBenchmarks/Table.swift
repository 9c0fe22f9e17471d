// Benchmarks: the 1,000-cell table of WORKLOADS.md. Sections' row counts
// cycle 1...10, so every position occurs; each cell is the `solid` draw
// (`table.solid`), or that and a title and detail (`table.labels`: the
// kit's value1 labels, laid out and drawn from each worker's glyph cache),
// made by the cell kit (HairlineCells' grouped style with the workload's
// colors, drawn by a CellRenderer: a test checks it is the WORKLOADS.md
// draw byte for byte).
// Drawn serially, then spread over all cores with
// DispatchQueue.concurrentPerform: one iteration per core, each taking
// chunks of cells from a shared atomic counter until none are left (cells
// differ fourfold in cost by position, so a fixed split leaves one core
// idle at the end), each worker with its own canvas (a
// cell-sized buffer reused from cell to cell, as a table view reuses its
// cells: 1,000 distinct 3x buffers would be 543 MB and measure DRAM, not
// drawing). A control loop of pure arithmetic, split the same way over the
// same threads in the same rounds, shows what speedup the machine gives
// right now: the table's speedup is judged against it.

import Dispatch
import Hairline
import HairlineCells
import HairlineText
import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Pins the calling thread to one core (Linux: glibc's
/// sched_setaffinity, found at run time as it is a GNU extension Swift's
/// Glibc module does not show). Nil where that is not available.
struct Affinity {
    private typealias Call = @convention(c) (Int32, Int, UnsafeMutableRawPointer?) -> Int32
    private let set: Call
    private static let maskBytes = 128

    init?() {
        #if canImport(Glibc)
            guard let handle = dlopen(nil, RTLD_NOW), let s = dlsym(handle, "sched_setaffinity") else { return nil }
            set = unsafeBitCast(s, to: Call.self)
        #else
            return nil
        #endif
    }

    /// Pins the calling thread to `cpu`; false if that failed.
    func pin(to cpu: Int) -> Bool {
        guard cpu < Self.maskBytes * 8 else { return false }
        var mask = [UInt64](repeating: 0, count: Self.maskBytes / 8)
        mask[cpu / 64] = 1 << UInt64(cpu % 64)
        return mask.withUnsafeMutableBytes { set(0, Self.maskBytes, $0.baseAddress) } == 0
    }

}

/// The placements of the table's cells, in order: sections of 1, 2, ...,
/// 10, 1, 2, ... rows, the last cut short at `cells`.
func tablePlacements(cells: Int) -> [CellPlacement] {
    var counts: [Int] = []
    var total = 0
    while total < cells {
        let rows = min(counts.count % 10 + 1, cells - total)
        counts.append(rows)
        total += rows
    }
    var placements: [CellPlacement] = []
    placements.reserveCapacity(cells)
    for (section, rows) in counts.enumerated() {
        for row in 0..<rows {
            // Rows and sections come from the counts: always valid.
            if let p = try? CellPlacement(row: row, rowsInSection: rows, section: section, sectionCount: counts.count) {
                placements.append(p)
            }
        }
    }
    return placements
}

/// The workload's `solid` cell as a kit style: the grouped layout with
/// WORKLOADS.md's fill and border colors (10 pt circular corners). Made
/// afresh for each worker: copies of one style would share the storage of
/// its default selected gradient, whose reference count every draw touches.
func workloadStyle() -> CellStyle {
    CellStyle(layout: .grouped, fill: .color(Cell.fill), separatorColor: Cell.border)
}

/// One cell of the table: clear the cell's buffer, then draw its background
/// through the kit, and its labels if it has them (`table.labels`).
@inline(__always)
func drawTableCell(
    _ placement: CellPlacement, with renderer: CellRenderer, text: CellText? = nil,
    style: CellTextStyle? = nil
) {
    renderer.canvas.clear()
    let rect = Rect(origin: .zero, size: Cell.size)
    renderer.draw(placement, in: rect)
    if let text, let style { text.draw(in: rect, style: style, on: renderer.canvas) }
}

/// The labelled table's text of each cell: a title and a trailing detail
/// (UITableViewCell's value1 layout), varied from cell to cell as a
/// settings list is.
func tableTexts(cells: Int) -> [CellText] {
    let titles = [
        "Wi-Fi", "Bluetooth", "Cellular Data", "Personal Hotspot", "Notifications", "Sounds & Haptics",
        "Do Not Disturb", "Screen Time", "General", "Display & Brightness", "Wallpaper", "Battery",
    ]
    let details = ["On", "Off", "Home Network", "Never", "42%", "Automatic", "1.0 (17)"]
    return (0..<cells).map { i in
        CellText(
            "\(titles[i % titles.count]) \(i / titles.count + 1)", detail: details[i % details.count],
            layout: .value1)
    }
}

/// Runs `body` on a new thread pinned to `cpu` and returns its result
/// (nil if the thread could not be pinned).
func onPinnedThread<T>(cpu: Int, affinity: Affinity, _ body: () -> T) -> T? {
    onThread(pin: { affinity.pin(to: cpu) }, body)
}

/// Runs `body` on a new thread and returns its result.
func onNewThread<T>(_ body: () -> T) -> T {
    onThread(pin: { true }, body)!
}

/// Runs `body` on a new thread after `pin` succeeds there.
func onThread<T>(pin: @escaping @Sendable () -> Bool, _ body: () -> T) -> T? {
    // The body runs while this thread waits for it, so it may capture
    // whatever this thread owns.
    withoutActuallyEscaping(body) { escapable in
        let job = PinnedJob(escapable)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            if pin() { job.result = job.body?() }
            // Let go of the body before signalling: it must not outlive
            // this call.
            job.body = nil
            done.signal()
        }
        thread.start()
        done.wait()
        return job.result
    }
}

/// A body handed to another thread that runs while the sender waits, and
/// its result. Each field is written by one thread before a semaphore
/// signal and read by the other after it.
final class PinnedJob<T>: @unchecked Sendable {
    var body: (() -> T)?
    var result: T?
    init(_ body: @escaping () -> T) { self.body = body }
}

/// The table's results at one scale.
struct TableResult {
    var scale: Int
    var cells: Int
    var workers: Int
    /// Median seconds per pass over all cells (serial: on the main thread,
    /// wherever the system runs it).
    var serialSeconds: Double
    var concurrentSeconds: Double
    /// Median over rounds of serial time / concurrent time.
    var speedup: Double
    /// Each core's own serial rate, cells per second (empty if threads
    /// cannot be pinned here).
    var coreRates: [Double]
    /// The concurrent rate over the sum of the cores' serial rates, for
    /// the table and for the control loop (1 = every core at its own
    /// serial speed).
    var efficiency: Double
    var controlEfficiency: Double
    /// Median over rounds of the table's efficiency / the control's in
    /// the same round (transient load on the machine cancels out).
    var speedupRatio: Double
    /// Whether the cells had labels (`table.labels`) or not (`table.solid`).
    var labels = false
    var name: String { "table.\(labels ? "labels" : "solid")@\(scale)x" }
    var serialCellsPerSecond: Double { Double(cells) / serialSeconds }
    var concurrentCellsPerSecond: Double { Double(cells) / concurrentSeconds }
    /// The efficiencies as speedups over one average core.
    var balancedSpeedup: Double { efficiency * Double(workers) }
    var controlSpeedup: Double { controlEfficiency * Double(workers) }
}

/// Pure arithmetic, no memory traffic: `steps` rounds of a 64-bit LCG
/// with an xorshift, on registers only.
@inline(never)
func controlUnit(seed: UInt64, steps: Int) -> UInt64 {
    var x = seed
    for _ in 0..<steps {
        x = x &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        x ^= x >> 29
    }
    return x
}

/// What the workers share: a cell renderer each and a result slot each.
/// Renderers are not thread-safe; worker `w` touches only `renderers[w]`,
/// `placements[w]` and `slots[8 * w]`, which is what makes sharing the set
/// sound.
struct WorkerSet: @unchecked Sendable {
    let renderers: [CellRenderer]
    let slots: UnsafeMutablePointer<UInt64>
    /// The next unclaimed cell.
    let next: Counter
    /// Each worker's own copy of the cells' placements.
    let placements: [[CellPlacement]]
    /// Each worker's own copy of the cells' text and its style (its own
    /// font), for the labelled table; empty otherwise.
    let texts: [[CellText]]
    let styles: [CellTextStyle?]

    /// Worker `w` draws cell `i` (with its labels if the set has texts).
    @inline(__always)
    func drawCell(_ i: Int, worker w: Int) {
        if texts[w].isEmpty {
            drawTableCell(placements[w][i], with: renderers[w])
        } else {
            drawTableCell(placements[w][i], with: renderers[w], text: texts[w][i], style: styles[w])
        }
    }
}

/// A shared atomic cell index.
final class Counter: Sendable {
    let value = Atomic<Int>(0)

    /// Claims `count` consecutive items: the first one's index.
    @inline(__always)
    func claim(_ count: Int) -> Int { value.wrappingAdd(count, ordering: .relaxed).oldValue }

    func reset() { value.store(0, ordering: .relaxed) }
}

/// Cells a worker claims at a time.
let chunk = 4

/// Runs the table at `scale` for `rounds` rounds on `workers` threads;
/// with `labels`, every cell also draws a title and a detail.
func runTable(scale: Int, cells: Int, workers: Int, rounds: Int, cold: Bool, labels: Bool = false) throws -> TableResult
{
    let placements = tablePlacements(cells: cells)
    let texts = labels ? tableTexts(cells: cells) : []
    // Each worker draws with its own renderer, whose kept paths are its
    // own: workers that shared one path would contend on its storage's
    // reference count (a cache line bouncing between cores on every
    // retain), which measures Swift's ARC, not drawing.
    let affinity = Affinity()
    // One result slot per worker, a cache line apart, so that the control
    // loop's only store shares no line.
    let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: workers * 8)
    slots.initialize(repeating: 0, count: workers * 8)
    defer { slots.deallocate() }
    // The canvases are made one after another on this thread, so their
    // objects lie side by side in the heap (the engine pads the objects
    // and scratch it writes per draw to whole cache lines against false
    // sharing).
    // Each worker's canvas, draws and order are made on a thread of its
    // own (one after another, on pinned threads when possible), so that
    // they come from that thread's malloc arena, far from the other
    // workers' (objects made back to back on one thread share cache lines
    // at their edges, and reference counting writes even to read-only
    // paths).
    var renderers: [CellRenderer] = [], ownPlacements: [[CellPlacement]] = []
    var ownTexts: [[CellText]] = [], styles: [CellTextStyle?] = []
    for w in 0..<workers {
        let make = { () -> Result<(CellRenderer, [CellPlacement], [CellText], CellTextStyle?), Error> in
            Result {
                (
                    CellRenderer(canvas: try Cell.canvas(scale: scale, cold: cold), style: workloadStyle()),
                    placements.map { $0 }, texts.map { $0 }, labels ? CellTextStyle(font: try Font(.dejaVuSans)) : nil
                )
            }
        }
        let made = try (affinity.flatMap { onPinnedThread(cpu: w, affinity: $0, make) } ?? onNewThread(make)).get()
        renderers.append(made.0)
        ownPlacements.append(made.1)
        ownTexts.append(made.2)
        styles.append(made.3)
    }
    let set = WorkerSet(
        renderers: renderers, slots: slots, next: Counter(), placements: ownPlacements,
        texts: ownTexts, styles: styles)

    func tableSerial() {
        for i in 0..<cells { set.drawCell(i, worker: 0) }
    }
    func tableConcurrent() {
        set.next.reset()
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            while true {
                let start = set.next.claim(chunk)
                guard start < cells else { break }
                for i in start..<min(start + chunk, cells) { set.drawCell(i, worker: w) }
            }
        }
    }
    // Calibrate the control so one unit costs about one cell.
    for _ in 0..<2 { tableSerial() }
    var t0 = now()
    tableSerial()
    let cellNs = Double(now() - t0) / Double(cells)
    t0 = now()
    slots[0] = controlUnit(seed: 1, steps: 100_000)
    let stepNs = max(Double(now() - t0) / 100_000, 0.05)
    let steps = max(100, Int(cellNs / stepNs))
    func controlSerial() {
        var acc: UInt64 = 0
        for i in 0..<cells { acc &+= controlUnit(seed: UInt64(i), steps: steps) }
        slots[0] = acc
    }
    func controlConcurrent() {
        set.next.reset()
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var acc: UInt64 = 0
            while true {
                let start = set.next.claim(chunk)
                guard start < cells else { break }
                for i in start..<min(start + chunk, cells) { acc &+= controlUnit(seed: UInt64(i), steps: steps) }
            }
            set.slots[w * 8] = acc
        }
    }
    func seconds(_ body: () -> Void) -> Double {
        let t = now()
        body()
        return Double(now() - t) / 1e9
    }
    controlConcurrent()
    tableConcurrent()
    let cpus = affinity == nil ? 0 : workers
    var serial: [Double] = [], concurrent: [Double] = [], speedups: [Double] = []
    var efficiencies: [Double] = [], controlEfficiencies: [Double] = [], ratios: [Double] = []
    var perCPU = [[Double]](repeating: [], count: cpus)
    for _ in 0..<rounds {
        // Serial passes pinned to each core in turn: the cores of a shared
        // machine need not be equally fast (here one runs this workload
        // half again as fast as the other), so the concurrent rate is
        // judged against the sum of the cores' own serial rates.
        var tableRates = 0.0, controlRates = 0.0
        for cpu in 0..<cpus {
            // On a thread of its own, so that no thread the main one or
            // Dispatch later makes inherits the pinning.
            guard
                let (t, c) = onPinnedThread(
                    cpu: cpu, affinity: affinity!, { (seconds(tableSerial), seconds(controlSerial)) })
            else { continue }
            perCPU[cpu].append(Double(cells) / t)
            tableRates += 1 / t
            controlRates += 1 / c
        }
        let cs = seconds(controlSerial), cc = seconds(controlConcurrent)
        let ts = seconds(tableSerial), tc = seconds(tableConcurrent)
        if cpus == 0 {
            tableRates = Double(workers) / ts
            controlRates = Double(workers) / cs
        }
        serial.append(ts)
        concurrent.append(tc)
        speedups.append(ts / tc)
        let efficiency = 1 / (tc * tableRates), controlEfficiency = 1 / (cc * controlRates)
        efficiencies.append(efficiency)
        controlEfficiencies.append(controlEfficiency)
        ratios.append(efficiency / controlEfficiency)
    }
    return TableResult(
        scale: scale, cells: cells, workers: workers,
        serialSeconds: median(serial), concurrentSeconds: median(concurrent),
        speedup: median(speedups),
        coreRates: perCPU.map { $0.isEmpty ? 0 : median($0) },
        efficiency: median(efficiencies), controlEfficiency: median(controlEfficiencies),
        speedupRatio: median(ratios), labels: labels)
}
