// Benchmarks: the timing harness. A workload is a closure run many times:
// a warm-up, then samples, each of as many iterations as fit in an equal
// share of the workload's time budget; min, median and max per iteration.

import Dispatch

/// Nanoseconds from a monotonic clock.
@inline(__always)
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// The command-line options.
struct Options {
    /// Only workloads whose name contains this run (floors of the scales
    /// they use always run: every ratio needs one).
    var filter: String?
    /// Where to write the machine-readable results.
    var jsonPath: String?
    /// Time budget per workload, in seconds.
    var budget = 0.3
    var budgetWasGiven = false
    /// Samples per workload.
    var samples = 15
    /// Cells in the table workload.
    var tableCells = 1000
    /// Timed rounds of the table (each: control serial and concurrent,
    /// table serial and concurrent).
    var tableRounds = 15
    var scales = [1, 2, 3]
    var listOnly = false
    /// Runs the per-stage profile instead of the timings.
    var profile = false
    /// Also times each cell draw's fill and stroke alone.
    var parts = false
    /// Draws every cell workload this many times without timing, for an
    /// allocation count under valgrind (see README).
    var drawCount: Int?
    /// Every draw works its coverage out afresh: the rasterizer keeps no
    /// sweeps from earlier draws of the same geometry (a cell drawn for
    /// the first time).
    var cold = false
    /// Shape workloads: the quick set, every optional test and style,
    /// and a folder for one picture per draw.
    var quickShapes = false
    var allShapes = false
    var pngFolder: String?
    /// Whole SVG scenes: every .svg file of this folder, or the files this
    /// list names (`Scenes.swift`).
    var scenesFolder: String?
    /// Scenes: also render on this many threads, in bands (`--workers`).
    var sceneWorkers = 1

    /// Whether the run is of the shape workloads (a filter naming them).
    var runsShapes: Bool { filter?.hasPrefix("shapes") ?? false }

    static let usage = """
        usage: HairlineBenchmarks [--filter SUBSTRING] [--json PATH] [--budget SECONDS]
                                  [--samples N] [--scales 1,2,3] [--table-rounds N] [--list]
                                  [--draws N] [--parts] [--profile] [--cold]
               HairlineBenchmarks --filter shapes[.NAME] [--quick | --all] [--json PATH] [--png DIR] [--list]
               HairlineBenchmarks --scenes DIR|LIST.txt [--filter S] [--scales 1,2,3] [--samples N] [--json PATH]
          --parts    also time each cell draw's fill and stroke alone
                     (cell.solid.single.fill@1x, ...; a filter naming a part
                     selects it too)
          --profile  per cell draw, the time of each stage (flatten, stroke
                     outline, edge building, row loop, compositing) with counts
          --cold     every draw works its coverage out afresh, as a cell's
                     first draw does (by default the rasterizer keeps the
                     sweeps of the last few geometries it drew, as a table's
                     repeated cells use them: Raster/PairSweepCache.swift)
          --scenes   every .svg of DIR (or each file LIST.txt names, one
                     path per line relative to the list: Benchmarks/scenes.txt
                     is the corpus), parsed once, then rendered at each
                     scale (scene.NAME.parse, .render@Sx, .png@Sx: render
                     and PNG encode at the default level)
        """

    init(arguments: [String]) throws(OptionError) {
        var rest = arguments[...]
        func value(_ flag: String) throws(OptionError) -> String {
            guard let v = rest.popFirst() else { throw OptionError("\(flag) needs a value") }
            return v
        }
        func number(_ flag: String, _ text: String) throws(OptionError) -> Double {
            guard let v = Double(text), v.isFinite, v > 0 else {
                throw OptionError("\(flag) needs a positive number, not '\(text)'")
            }
            return v
        }
        while let arg = rest.popFirst() {
            switch arg {
            case "--filter": filter = try value(arg)
            case "--json": jsonPath = try value(arg)
            case "--budget":
                budget = try number(arg, try value(arg))
                budgetWasGiven = true
            case "--samples": samples = max(3, Int(try number(arg, try value(arg))))
            case "--table-rounds": tableRounds = max(1, Int(try number(arg, try value(arg))))
            case "--table-cells": tableCells = max(1, Int(try number(arg, try value(arg))))
            case "--scales":
                let text = try value(arg)
                var list: [Int] = []
                for part in text.split(separator: ",") {
                    guard let s = Int(part), (1...Options.maximumSceneScale).contains(s) else {
                        throw OptionError("--scales takes 1, 2 or 3 (scenes: 1 ... 8), comma separated, not '\(text)'")
                    }
                    list.append(s)
                }
                scales = list
            case "--list": listOnly = true
            case "--profile": profile = true
            case "--parts": parts = true
            case "--cold": cold = true
            case "--quick": quickShapes = true
            case "--all": allShapes = true
            case "--png": pngFolder = try value(arg)
            case "--scenes": scenesFolder = try value(arg)
            case "--workers": sceneWorkers = min(max(Int(try number(arg, try value(arg))), 1), 256)
            case "--draws": drawCount = Int(try number(arg, try value(arg)))
            case "-h", "--help": throw OptionError(Options.usage)
            default: throw OptionError("unknown option '\(arg)'\n" + Options.usage)
            }
        }
        if scenesFolder == nil && scales.contains(where: { $0 > 3 }) {
            throw OptionError("--scales takes 1, 2 or 3 for the cell workloads (up to 8 with --scenes)")
        }
    }

    /// The largest scale of `--scenes` (cell workloads stop at 3).
    static let maximumSceneScale = 8

    func selects(_ name: String) -> Bool {
        filter.map { name.contains($0) } ?? true
    }

    /// Whether a part workload (`cell.….fill@…`, `cell.….stroke@…`) runs:
    /// with `--parts`, or when the filter names a part.
    func selectsPart(_ name: String) -> Bool {
        guard selects(name) else { return false }
        return parts || DrawPart.allCases.contains { filter?.contains(".\($0.rawValue)") ?? false }
    }
}

struct OptionError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

/// The timings of one workload, in nanoseconds per iteration.
struct Measurement {
    var name: String
    var samples: [Double]
    var iterationsPerSample: Int
    /// Each sample over the floor sample taken right before it (empty
    /// without a floor).
    var floorRatios: [Double] = []
    var min: Double { samples.min() ?? 0 }
    var median: Double {
        let s = samples.sorted()
        guard !s.isEmpty else { return 0 }
        return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
    }
    var max: Double { samples.max() ?? 0 }
}

/// Times `body`: warms up for a tenth of `budget` seconds, sizes the
/// iteration count so that `sampleCount` samples fill the budget, then
/// takes the samples. With a `floor`, each sample is paired with a sample
/// of the floor taken right before it (a third of the time), and the
/// measurement keeps each pair's ratio: a shared machine's slow and fast
/// phases then move both sides of the ratio together.
func measure(
    _ name: String, budget: Double, sampleCount: Int, floor: (() -> Void)? = nil,
    _ body: () -> Void
) -> Measurement {
    let budgetNs = budget * 1e9
    func rate(_ run: () -> Void) -> Double {
        var iterations = 0
        let start = now()
        repeat {
            run()
            iterations += 1
        } while Double(now() - start) < budgetNs / 20 && iterations < 1 << 24
        return Double(now() - start) / Double(iterations)
    }
    // Warm-up, which also estimates the cost of one iteration.
    let perIteration = rate(body)
    let perSample = max(1, Int(budgetNs / Double(sampleCount) / max(perIteration, 1)))
    var floorPerSample = 0
    if let floor {
        let floorIteration = rate(floor)
        floorPerSample = max(1, Int(budgetNs / 3 / Double(sampleCount) / max(floorIteration, 1)))
    }
    var samples: [Double] = [], ratios: [Double] = []
    samples.reserveCapacity(sampleCount)
    for _ in 0..<sampleCount {
        var floorNs = 0.0
        if let floor {
            let t = now()
            for _ in 0..<floorPerSample { floor() }
            floorNs = Double(now() - t) / Double(floorPerSample)
        }
        let t0 = now()
        for _ in 0..<perSample { body() }
        let ns = Double(now() - t0) / Double(perSample)
        samples.append(ns)
        if floor != nil { ratios.append(ns / floorNs) }
    }
    return Measurement(name: name, samples: samples, iterationsPerSample: perSample, floorRatios: ratios)
}

/// The median of a non-empty list.
func median(_ values: [Double]) -> Double {
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Right-aligns `text` in `width` columns.
func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// Left-aligns `text` in `width` columns.
func padRight(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "-" }
    var p = 1.0
    for _ in 0..<digits { p *= 10 }
    let scaled = (abs(value) * p).rounded()
    let whole = Int(scaled / p)
    let fraction = Int(scaled) - whole * Int(p)
    var text = (value < 0 && scaled != 0 ? "-" : "") + String(whole)
    if digits > 0 {
        let f = String(fraction)
        text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return text
}
