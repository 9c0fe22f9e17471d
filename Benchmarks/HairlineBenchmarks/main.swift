// Benchmarks: times the canonical cell workloads of WORKLOADS.md in a
// release build, each against the floor (clearing the same buffer).
// A first harness: warm-up, repeated samples sized to a time budget,
// min/median/max per draw. Run: swift run -c release HairlineBenchmarks
// [--filter SUBSTRING].

import Dispatch
import Hairline

/// Nanoseconds from a monotonic clock.
func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

struct Measurement {
    var name: String
    var samples: [Double]  // ns per iteration
    var min: Double { samples.min() ?? 0 }
    var median: Double { samples.isEmpty ? 0 : samples.sorted()[samples.count / 2] }
    var max: Double { samples.max() ?? 0 }
}

/// Runs `body` repeatedly: a warm-up, then `sampleCount` samples of as many
/// iterations as fit in about `budget / sampleCount` nanoseconds.
/// Workloads whose name does not contain `--filter` are skipped (the
/// floor always runs: every ratio needs it).
func measure(_ name: String, filter: String? = nil, budget: Double = 3e8, sampleCount: Int = 15,
             _ body: () -> Void) -> Measurement {
    if let filter, !name.contains(filter), !name.hasPrefix("floor.") { return Measurement(name: name, samples: []) }
    for _ in 0..<3 { body() }
    var iterations = 1
    while true {
        let t0 = now()
        for _ in 0..<iterations { body() }
        let elapsed = Double(now() - t0)
        if elapsed > budget / Double(sampleCount) / 4 || iterations > 1 << 20 { break }
        iterations *= 2
    }
    var samples: [Double] = []
    for _ in 0..<sampleCount {
        let t0 = now()
        for _ in 0..<iterations { body() }
        samples.append(Double(now() - t0) / Double(iterations))
    }
    return Measurement(name: name, samples: samples)
}

enum Position: String, CaseIterable {
    case single, top, middle, bottom
}

/// The background path of WORKLOADS.md for a position at a scale.
func cellPath(_ position: Position, scale s: Double) -> Path {
    let b = 0.5 / s
    var bounds = Rect(x: b, y: b, width: 343 - 2 * b, height: 44 - 2 * b)
    var corners: RectCorner = .all
    switch position {
    case .single: corners = .all
    case .top: bounds.size.height += 1; corners = .top
    case .middle: bounds.size.height += 1; corners = []
    case .bottom: corners = .bottom
    }
    var path = Path()
    path.addRoundedRect(in: bounds, cornerRadius: 10, corners: corners)
    return path
}

let fillColor = Color(red: 1.0, green: 1.0, blue: 0.9)
let borderColor = Color(red: 0.78, green: 0.78, blue: 0.80)
var filter: String?
var arguments = CommandLine.arguments.dropFirst()
while let arg = arguments.popFirst() {
    if arg == "--filter" { filter = arguments.popFirst() }
}

print("workload                      min ns   median ns     max ns   x floor")
for scale in [1.0, 2.0, 3.0] {
    let surface = try Surface(width: Int(343 * scale), height: Int(44 * scale))
    let canvas = Canvas(surface: surface, scale: scale)
    let floor = measure("floor.clear@\(Int(scale))x") { canvas.clear() }
    var results = [floor]
    for position in Position.allCases {
        let path = cellPath(position, scale: scale)
        results.append(measure("cell.fill.\(position.rawValue)@\(Int(scale))x", filter: filter) {
            canvas.clear()
            canvas.fill(path, with: fillColor)
        })
    }
    let border = StrokeStyle(width: 1 / scale)
    let gradient = Paint.linearGradient(LinearGradient(
        Gradient(from: Color(red: 1, green: 1, blue: 1), to: Color(red: 0.85, green: 0.88, blue: 0.95)),
        start: .zero, end: Point(x: 0, y: 44)))
    let pattern = Paint.pattern(ImagePattern(try checkerTile(scale: Int(scale)),
                                             transform: AffineTransform(scaleX: 1 / scale, y: 1 / scale)))
    for (draw, paint) in [("solid", Paint.solid(fillColor)), ("gradient", gradient), ("pattern", pattern)] {
        for position in Position.allCases {
            let path = cellPath(position, scale: scale)
            results.append(measure("cell.\(draw).\(position.rawValue)@\(Int(scale))x", filter: filter) {
                canvas.clear()
                canvas.fill(path, with: paint)
                canvas.stroke(path, with: borderColor, style: border)
            })
        }
    }
    for m in results where !m.samples.isEmpty && (filter.map({ m.name.contains($0) }) ?? true) {
        let ratio = m.median / floor.median
        print(m.name + String(repeating: " ", count: max(0, 28 - m.name.count)),
              String(format6(m.min)), String(format6(m.median)), String(format6(m.max)),
              "  " + String(Double(Int(ratio * 100)) / 100))
    }
}

/// The 8s x 8s px tile of WORKLOADS.md: a 2 x 2 checker.
func checkerTile(scale s: Int) throws -> Image {
    let n = 8 * s
    let a = Color(red: 1.0, green: 1.0, blue: 0.9), b = Color(red: 0.94, green: 0.94, blue: 0.86)
    var colors: [Color] = []
    for y in 0..<n { for x in 0..<n { colors.append(((x / (4 * s)) + (y / (4 * s))) % 2 == 0 ? a : b) } }
    return try Image(width: n, height: n, colors: colors)
}

func format6(_ v: Double) -> String {
    let s = String(Int(v.rounded()))
    return String(repeating: " ", count: max(0, 10 - s.count)) + s
}
