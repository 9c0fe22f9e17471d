// Benchmarks: times the canonical workloads of ../shared/WORKLOADS.md in a
// release build. Run:
//   swift run -c release HairlineBenchmarks [--filter S] [--json PATH]
// Every cell draw is reported in ns per draw and as a multiple of the
// floor (clearing the same buffer); the table in cells per second,
// serially and over all cores, with its speedup against a control loop.

import Foundation
import Hairline
import HairlineCells

let options: Options
do {
    options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data((error.message + "\n").utf8))
    exit(2)
}

/// Every workload name, in run order: for each cell draw, the whole draw
/// and its parts (`.fill`: clear and fill; `.stroke`: clear and stroke).
func workloadNames(scale: Int) -> [String] {
    var names = ["floor.clear@\(scale)x"]
    for draw in Draw.allCases {
        for position in Position.allCases {
            let cell = "cell.\(draw.rawValue).\(position.rawValue)"
            for part in [""] + DrawPart.allCases.map({ ".\($0.rawValue)" }) { names.append("\(cell)\(part)@\(scale)x") }
        }
    }
    // The same single cells drawn cold: a canvas without a CoverageCache,
    // every draw's coverage worked out afresh (the API's other choice).
    for draw in Draw.allCases { names.append(coldCellName(draw, scale: scale)) }
    for position in Position.allCases { names.append("cell.image.\(position.rawValue)@\(scale)x") }
    for position in Position.allCases { names.append(ImageSetCellDraw.name(position, scale: scale)) }
    names.append("cell.label.single@\(scale)x")
    names.append("cell.label.uncached@\(scale)x")
    names.append(LabelDraw.name(cached: true, scale: scale, cjk: true))
    names.append(LabelDraw.name(cached: false, scale: scale, cjk: true))
    names.append("cell.shadow.single@\(scale)x")
    names.append("table.solid@\(scale)x")
    names.append("table.labels@\(scale)x")
    for table in WholeTableKind.allCases { names.append("table.render.\(table.name)@\(scale)x") }
    return names
}

/// The name of the single cell of `draw` drawn on a canvas that keeps no
/// coverage from draw to draw (`coverageCache: nil`).
func coldCellName(_ draw: Draw, scale: Int) -> String { "cell.\(draw.rawValue).single.cold@\(scale)x" }

// A reader that stops early (`--list | grep -q`) is no error: no SIGPIPE.
if options.listOnly { signal(SIGPIPE, SIG_IGN) }

if options.runsShapes {
    // The general shapes of WORKLOADS-SHAPES.md (`--filter shapes[.…]`).
    if options.listOnly {
        for (test, style, size) in shapeDraws(options) { print("shapes.\(test.name).\(style.rawValue)@\(size)") }
        exit(0)
    }
    do {
        try runShapes(options)
    } catch {
        FileHandle.standardError.write(Data("shapes: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if let folder = options.scenesFolder {
    // Whole SVG scenes (`--scenes DIR`, Scenes.swift).
    let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
    print("Hairline scenes: release build, \(cores) cores, budget \(options.budget) s per workload, \(folder)")
    print("")
    print(padRight("workload", 28) + pad("min ns", 11) + pad("median ns", 11) + pad("max ns", 11) + pad("x floor", 9))
    do {
        let results = try runScenes(options, folder: folder)
        if let path = options.jsonPath {
            try scenesJSON(results, cores: cores, budget: options.budget).write(
                toFile: path, atomically: true, encoding: .utf8)
        }
    } catch let error as OptionError {
        FileHandle.standardError.write(Data((error.message + "\n").utf8))
        exit(2)
    } catch {
        FileHandle.standardError.write(Data("scenes: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if options.profile {
    do {
        try runProfile(options)
    } catch {
        FileHandle.standardError.write(Data("benchmark setup failed: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

if options.listOnly {
    for scale in options.scales { for name in workloadNames(scale: scale) where options.selects(name) { print(name) } }
    for (test, style, size) in shapeDraws(options) { print("shapes.\(test.name).\(style.rawValue)@\(size)") }
    exit(0)
}

if let draws = options.drawCount {
    // Untimed: one warm-up draw of each workload, then `draws` more, so
    // that a heap profiler's totals for two counts differ only by what the
    // steady-state draws allocate.
    // `--filter` narrows the set (for profiling one workload).
    var drawn = 0
    do {
        for scale in options.scales {
            let canvas = try Cell.canvas(scale: scale, cold: options.cold)
            for draw in Draw.allCases {
                for position in Position.allCases {
                    let name = "cell.\(draw.rawValue).\(position.rawValue)"
                    if options.selects("\(name)@\(scale)x") {
                        let cell = try CellDraw(position, draw, scale: scale)
                        for _ in 0...draws { cell.run(on: canvas) }
                        drawn += 1
                    }
                    // A part (`--parts`, or a filter naming it): its own draws.
                    for part in DrawPart.allCases where options.selectsPart("\(name).\(part.rawValue)@\(scale)x") {
                        let cell = try CellDraw(position, draw, scale: scale)
                        for _ in 0...draws { cell.run(part, on: canvas) }
                        drawn += 1
                    }
                }
            }
            let coldCanvas = try Cell.canvas(scale: scale, cold: true)
            for draw in Draw.allCases where options.selects(coldCellName(draw, scale: scale)) {
                let cell = try CellDraw(.single, draw, scale: scale)
                for _ in 0...draws { cell.run(on: coldCanvas) }
                drawn += 1
            }
            for position in Position.allCases where options.selects("cell.image.\(position.rawValue)@\(scale)x") {
                let cell = try ImageCellDraw(position, scale: scale)
                for _ in 0...draws { cell.run(on: canvas) }
                drawn += 1
            }
            for position in Position.allCases where options.selects(ImageSetCellDraw.name(position, scale: scale)) {
                let cell = try ImageSetCellDraw(position, canvas: canvas, scale: scale)
                for _ in 0...draws { cell.run(on: canvas) }
                drawn += 1
            }
            // (The uncached label allocates its glyphs' masks by design:
            // only when the filter names it, so that counting the
            // allocations of every workload's draws sees steady drawing.)
            for (cjk, cached) in [(false, true), (false, false), (true, true), (true, false)]
            where options.selects(LabelDraw.name(cached: cached, scale: scale, cjk: cjk))
                && (cached || options.filter?.contains("uncached") == true)
            {
                let cell = try LabelDraw(scale: scale, cached: cached, cjk: cjk)
                for _ in 0...draws { cell.run(on: canvas) }
                drawn += 1
            }
            if options.selects("cell.shadow.single@\(scale)x") {
                let cell = try ShadowCellDraw(scale: scale)
                cell.prepare(canvas)
                for _ in 0...draws { cell.run(on: canvas) }
                canvas.clearShadow()
                drawn += 1
            }
        }
    } catch {
        FileHandle.standardError.write(Data("benchmark setup failed: \(error)\n".utf8))
        exit(1)
    }
    print("drew each of \(drawn) cell workloads \(draws + 1) times")
    exit(0)
}

struct CellRow {
    var measurement: Measurement
    var scale: Int
    /// The median of the paired ratios to the floor (1 for the floor).
    var ratio: Double { measurement.floorRatios.isEmpty ? 1 : median(measurement.floorRatios) }
}

let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
var rows: [CellRow] = []
var tables: [TableResult] = []
var wholeTables: [WholeTableResult] = []
let started = now()

print("Hairline benchmarks: release build, \(workers) cores, budget \(options.budget) s per workload")
print("")
print(padRight("workload", 28) + pad("min ns", 11) + pad("median ns", 11) + pad("max ns", 11) + pad("x floor", 9))
do {
    for scale in options.scales {
        let selected = workloadNames(scale: scale).dropFirst().filter(options.selects)
        guard !selected.isEmpty else { continue }
        let canvas = try Cell.canvas(scale: scale, cold: options.cold)
        // The floor writes every pixel: the clear, flushed (a clear alone
        // is only recorded, and fused into the next draw).
        let floor = measure("floor.clear@\(scale)x", budget: options.budget, sampleCount: options.samples) {
            Cell.clearNow(canvas)
        }
        func report(_ m: Measurement) {
            let row = CellRow(measurement: m, scale: scale)
            rows.append(row)
            print(
                padRight(m.name, 28) + pad(fixed(m.min, 0), 11) + pad(fixed(m.median, 0), 11)
                    + pad(fixed(m.max, 0), 11) + pad(fixed(row.ratio, 2), 9))
        }
        report(floor)
        for draw in Draw.allCases {
            for position in Position.allCases {
                let base = "cell.\(draw.rawValue).\(position.rawValue)"
                let cell = try CellDraw(position, draw, scale: scale)
                if options.selects("\(base)@\(scale)x") {
                    report(
                        measure(
                            "\(base)@\(scale)x", budget: options.budget, sampleCount: options.samples,
                            floor: { Cell.clearNow(canvas) }
                        ) { cell.run(on: canvas) })
                }
                for part in DrawPart.allCases where options.selectsPart("\(base).\(part.rawValue)@\(scale)x") {
                    report(
                        measure(
                            "\(base).\(part.rawValue)@\(scale)x", budget: options.budget,
                            sampleCount: options.samples, floor: { Cell.clearNow(canvas) }
                        ) {
                            cell.run(part, on: canvas)
                        })
                }
            }
        }
        let coldCanvas = try Cell.canvas(scale: scale, cold: true)
        for draw in Draw.allCases where options.selects(coldCellName(draw, scale: scale)) {
            let cell = try CellDraw(.single, draw, scale: scale)
            report(
                measure(
                    coldCellName(draw, scale: scale), budget: options.budget, sampleCount: options.samples,
                    floor: { Cell.clearNow(coldCanvas) }
                ) { cell.run(on: coldCanvas) })
        }
        for position in Position.allCases where options.selects("cell.image.\(position.rawValue)@\(scale)x") {
            let cell = try ImageCellDraw(position, scale: scale)
            report(
                measure(
                    "cell.image.\(position.rawValue)@\(scale)x", budget: options.budget,
                    sampleCount: options.samples, floor: { Cell.clearNow(canvas) }
                ) { cell.run(on: canvas) })
        }
        for position in Position.allCases where options.selects(ImageSetCellDraw.name(position, scale: scale)) {
            let cell = try ImageSetCellDraw(position, canvas: canvas, scale: scale)
            report(
                measure(
                    ImageSetCellDraw.name(position, scale: scale), budget: options.budget,
                    sampleCount: options.samples, floor: { Cell.clearNow(canvas) }
                ) { cell.run(on: canvas) })
        }
        for (cjk, cached) in [(false, true), (false, false), (true, true), (true, false)]
        where options.selects(LabelDraw.name(cached: cached, scale: scale, cjk: cjk)) {
            let cell = try LabelDraw(scale: scale, cached: cached, cjk: cjk)
            report(
                measure(
                    LabelDraw.name(cached: cached, scale: scale, cjk: cjk), budget: options.budget,
                    sampleCount: options.samples, floor: { Cell.clearNow(canvas) }
                ) { cell.run(on: canvas) })
        }
        if options.selects("cell.shadow.single@\(scale)x") {
            let cell = try ShadowCellDraw(scale: scale)
            cell.prepare(canvas)
            report(
                measure(
                    "cell.shadow.single@\(scale)x", budget: options.budget, sampleCount: options.samples,
                    floor: { Cell.clearNow(canvas) }
                ) { cell.run(on: canvas) })
            canvas.clearShadow()
        }
        for labels in [false, true] where options.selects("table.\(labels ? "labels" : "solid")@\(scale)x") {
            tables.append(
                try runTable(
                    scale: scale, cells: options.tableCells, workers: workers,
                    rounds: options.tableRounds, cold: options.cold, labels: labels))
        }
        for table in WholeTableKind.allCases where options.selects("table.render.\(table.name)@\(scale)x") {
            wholeTables.append(try runWholeTable(table, scale: scale, workers: workers, rounds: options.tableRounds))
        }
    }
} catch {
    FileHandle.standardError.write(Data("benchmark setup failed: \(error)\n".utf8))
    exit(1)
}

if !tables.isEmpty {
    // serial/s: one core (the main thread's); per core/s: each core's own
    // serial rate (pinned); speedup: serial time / concurrent time;
    // balanced: the concurrent rate over the mean core rate, for the table
    // and the control loop; ratio: table over control.
    print("")
    print(
        padRight("table (\(options.tableCells) cells)", 24) + pad("serial/s", 9) + pad("per core/s", 16)
            + pad("conc./s", 9) + pad("speedup", 9) + pad("balanced", 10) + pad("control", 9) + pad("ratio", 7))
    for t in tables {
        let cores = t.coreRates.isEmpty ? "-" : t.coreRates.map { fixed($0, 0) }.joined(separator: "/")
        print(
            padRight(t.name, 24) + pad(fixed(t.serialCellsPerSecond, 0), 9) + pad(cores, 16)
                + pad(fixed(t.concurrentCellsPerSecond, 0), 9) + pad(fixed(t.speedup, 2), 9)
                + pad(fixed(t.balancedSpeedup, 2), 10) + pad(fixed(t.controlSpeedup, 2), 9)
                + pad(fixed(t.speedupRatio, 3), 7))
    }
}
if !wholeTables.isEmpty {
    // Whole tables through the kit: ms per table on one worker and on all,
    // cells per second each way, and the speedup.
    print("")
    print(
        padRight("whole table (39 cells)", 30) + pad("serial ms", 10) + pad("conc. ms", 10) + pad("serial/s", 10)
            + pad("conc./s", 10) + pad("speedup", 9))
    for t in wholeTables {
        print(
            padRight(t.name, 30) + pad(fixed(t.serialSeconds * 1e3, 3), 10)
                + pad(fixed(t.concurrentSeconds * 1e3, 3), 10)
                + pad(fixed(Double(t.cells) / t.serialSeconds, 0), 10)
                + pad(fixed(Double(t.cells) / t.concurrentSeconds, 0), 10) + pad(fixed(t.speedup, 2), 9))
    }
}
print("")
print("total \(fixed(Double(now() - started) / 1e9, 1)) s")

if let path = options.jsonPath {
    var json = "{\n  \"cores\": \(workers),\n  \"budgetSeconds\": \(options.budget),\n  \"cells\": [\n"
    json += rows.map { r in
        let m = r.measurement
        return "    {\"name\": \"\(m.name)\", \"scale\": \(r.scale), \"minNs\": \(fixed(m.min, 1)), "
            + "\"medianNs\": \(fixed(m.median, 1)), \"maxNs\": \(fixed(m.max, 1)), "
            + "\"samples\": \(m.samples.count), \"iterationsPerSample\": \(m.iterationsPerSample), "
            + "\"floorRatio\": \(fixed(r.ratio, 3))}"
    }.joined(separator: ",\n")
    json += "\n  ],\n  \"tables\": [\n"
    json += tables.map { t in
        "    {\"name\": \"\(t.name)\", \"scale\": \(t.scale), \"cells\": \(t.cells), "
            + "\"workers\": \(t.workers), \"serialCellsPerSecond\": \(fixed(t.serialCellsPerSecond, 0)), "
            + "\"concurrentCellsPerSecond\": \(fixed(t.concurrentCellsPerSecond, 0)), "
            + "\"coreCellsPerSecond\": [\(t.coreRates.map { fixed($0, 0) }.joined(separator: ", "))], "
            + "\"speedup\": \(fixed(t.speedup, 3)), \"balancedSpeedup\": \(fixed(t.balancedSpeedup, 3)), "
            + "\"controlSpeedup\": \(fixed(t.controlSpeedup, 3)), \"speedupRatio\": \(fixed(t.speedupRatio, 3)), "
            + "\"efficiency\": \(fixed(t.efficiency, 3)), \"controlEfficiency\": \(fixed(t.controlEfficiency, 3))}"
    }.joined(separator: ",\n")
    json += "\n  ],\n  \"wholeTables\": [\n"
    json += wholeTables.map { t in
        "    {\"name\": \"\(t.name)\", \"scale\": \(t.scale), \"cells\": \(t.cells), \"workers\": \(workers), "
            + "\"serialMs\": \(fixed(t.serialSeconds * 1e3, 4)), \"concurrentMs\": \(fixed(t.concurrentSeconds * 1e3, 4)), "
            + "\"speedup\": \(fixed(t.speedup, 3))}"
    }.joined(separator: ",\n")
    json += "\n  ]\n}\n"
    do {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
        FileHandle.standardError.write(Data("cannot write \(path): \(error)\n".utf8))
        exit(1)
    }
}
