// Benchmarks: the 1,000-cell table of WORKLOADS.md. Sections' row counts
// cycle 1...10, so every position occurs; each cell is the `solid` draw.
// Drawn serially, then spread over all cores with
// DispatchQueue.concurrentPerform, each worker with its own canvas (a
// cell-sized buffer reused from cell to cell, as a table view reuses its
// cells: 1,000 distinct 3x buffers would be 543 MB and measure DRAM, not
// drawing). A control loop of pure arithmetic, split the same way over the
// same threads in the same rounds, shows what speedup the machine gives
// right now: the table's speedup is judged against it.

import Dispatch
import Hairline

/// The positions of the table's cells, in order.
func tablePositions(cells: Int) -> [Position] {
    var positions: [Position] = []
    positions.reserveCapacity(cells)
    var rows = 1
    while positions.count < cells {
        for row in 0..<rows where positions.count < cells {
            if rows == 1 {
                positions.append(.single)
            } else if row == 0 {
                positions.append(.top)
            } else if row == rows - 1 {
                positions.append(.bottom)
            } else {
                positions.append(.middle)
            }
        }
        rows = rows % 10 + 1
    }
    return positions
}

/// The table's results at one scale.
struct TableResult {
    var scale: Int
    var cells: Int
    var workers: Int
    /// Median seconds per pass over all cells.
    var serialSeconds: Double
    var concurrentSeconds: Double
    /// Median over rounds of serial time / concurrent time.
    var speedup: Double
    var controlSpeedup: Double
    var serialCellsPerSecond: Double { Double(cells) / serialSeconds }
    var concurrentCellsPerSecond: Double { Double(cells) / concurrentSeconds }
    /// The speedup as a fraction of the control's.
    var speedupRatio: Double { speedup / controlSpeedup }
    /// The speedup per worker.
    var efficiency: Double { speedup / Double(workers) }
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

/// What the workers share: a canvas each and a result slot each. Canvases
/// are not thread-safe; worker `w` touches only `canvases[w]` and
/// `slots[8 * w]`, which is what makes sharing the set sound.
struct WorkerSet: @unchecked Sendable {
    let canvases: [Canvas]
    let slots: UnsafeMutablePointer<UInt64>
}

/// Runs the table at `scale` for `rounds` rounds on `workers` threads.
func runTable(scale: Int, cells: Int, workers: Int, rounds: Int) throws -> TableResult {
    let positions = tablePositions(cells: cells)
    let draws = try Position.allCases.map { try CellDraw($0, .solid, scale: scale) }
    let drawIndex = positions.map { p in Position.allCases.firstIndex(of: p)! }
    // One result slot per worker, a cache line apart, so that the control
    // loop's only store shares no line.
    let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: workers * 8)
    slots.initialize(repeating: 0, count: workers * 8)
    defer { slots.deallocate() }
    let set = WorkerSet(canvases: try (0..<workers).map { _ in try Cell.canvas(scale: scale) }, slots: slots)

    func tableSerial() {
        let canvas = set.canvases[0]
        for i in 0..<cells { draws[drawIndex[i]].run(on: canvas) }
    }
    func tableConcurrent() {
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            let canvas = set.canvases[w]
            var i = w
            while i < cells {
                draws[drawIndex[i]].run(on: canvas)
                i += workers
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
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var acc: UInt64 = 0
            var i = w
            while i < cells {
                acc &+= controlUnit(seed: UInt64(i), steps: steps)
                i += workers
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
    var serial: [Double] = [], concurrent: [Double] = []
    var speedups: [Double] = [], controlSpeedups: [Double] = []
    for _ in 0..<rounds {
        let cs = seconds(controlSerial), cc = seconds(controlConcurrent)
        let ts = seconds(tableSerial), tc = seconds(tableConcurrent)
        serial.append(ts)
        concurrent.append(tc)
        speedups.append(ts / tc)
        controlSpeedups.append(cs / cc)
    }
    return TableResult(scale: scale, cells: cells, workers: workers,
                       serialSeconds: median(serial), concurrentSeconds: median(concurrent),
                       speedup: median(speedups), controlSpeedup: median(controlSpeedups))
}
