// Benchmarks: the general-shape workloads of ../shared/WORKLOADS-SHAPES.md
// (after Blend2D's bl-bench): rects aligned, unaligned and rotated,
// rounded rects, triangles, polygons non-zero and even-odd, the butterfly,
// each filled or stroked, in solid, linear, focal radial, conic and image
// pattern paints, 8 to 256 px, source-over on a 512 x 600 premultiplied
// RGBA canvas. The shapes come from bl-bench's generator (BLRandom, with
// its test vectors checked at start-up), q(s) shapes per call; each draw
// is calibrated to ~20 ms samples, then sampled five times round-robin
// over all draws; the figure is the lowest sample's ns per shape (as the
// spec says and Blend2D's harness does). Every draw is cold: no sweep is
// kept from one call to the next. `../shared/peers/shapes.sh` runs this
// beside Blend2D's harness.

import Foundation
@_spi(Profiling) import Hairline
import HairlinePNG

/// Blend2D's `BLRandom`: xorshift128+ with shifts 23, 18, 5, seeded by
/// SplitMix64.
struct BLRandom {
    var s0: UInt64, s1: UInt64

    init(seed: UInt64) {
        var value = seed
        var state: [UInt64] = []
        for _ in 0..<2 {
            value = value &+ 0x9E37_79B9_7F4A_7C15
            var x = value
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            x = x ^ (x >> 31)
            state.append(x != 0 ? x : 0x1F0A_2BE7_1D16_3FA0)
        }
        s0 = state[0]
        s1 = state[1]
    }

    mutating func nextU64() -> UInt64 {
        var x = s0
        var y = s1
        x ^= x << 23
        y ^= y >> 5
        x ^= x >> 18
        x ^= y
        s0 = y
        s1 = x
        return x &+ y
    }

    mutating func nextU32() -> UInt32 { UInt32(truncatingIfNeeded: nextU64() >> 32) }

    mutating func nextDouble() -> Double {
        Double(bitPattern: (nextU64() >> 12) | 0x3FF0_0000_0000_0000) - 1.0
    }

    /// `a + d * (b - a)`, no fused multiply-add.
    mutating func range(_ a: Double, _ b: Double) -> Double {
        let d = nextDouble()
        let span = b - a
        let product = d * span
        return a + product
    }

    static let coordSeed: UInt64 = 0x19AE_0DDA_E3FA_7391
    static let colorSeed: UInt64 = 0x94BD_7A49_9AD1_0011
    static let extraSeed: UInt64 = 0x1ABD_9CC9_CAF0_F123
}

enum ShapeGeometry { case rectA, rectU, rectRot, round, roundRot, poly(Int), butterfly }

struct ShapeTest {
    var name: String
    var geometry: ShapeGeometry
    var stroke: Bool
    var rule: FillRule = .nonZero
    var optional = false

    static let all: [ShapeTest] = [
        ShapeTest(name: "FillRectA", geometry: .rectA, stroke: false),
        ShapeTest(name: "FillRectU", geometry: .rectU, stroke: false),
        ShapeTest(name: "FillRectRot", geometry: .rectRot, stroke: false),
        ShapeTest(name: "FillRoundU", geometry: .round, stroke: false),
        ShapeTest(name: "FillRoundRot", geometry: .roundRot, stroke: false),
        ShapeTest(name: "FillTriangle", geometry: .poly(3), stroke: false),
        ShapeTest(name: "FillPolyNZ10", geometry: .poly(10), stroke: false),
        ShapeTest(name: "FillPolyEO10", geometry: .poly(10), stroke: false, rule: .evenOdd),
        ShapeTest(name: "FillPolyNZ40", geometry: .poly(40), stroke: false),
        ShapeTest(name: "FillButterfly", geometry: .butterfly, stroke: false),
        ShapeTest(name: "StrokeRectU", geometry: .rectU, stroke: true),
        ShapeTest(name: "StrokeRoundU", geometry: .round, stroke: true),
        ShapeTest(name: "StrokeTriangle", geometry: .poly(3), stroke: true),
        ShapeTest(name: "StrokePoly10", geometry: .poly(10), stroke: true),
        ShapeTest(name: "StrokeButterfly", geometry: .butterfly, stroke: true),
        ShapeTest(name: "FillPolyEO40", geometry: .poly(40), stroke: false, rule: .evenOdd, optional: true),
        ShapeTest(name: "StrokeRectA", geometry: .rectA, stroke: true, optional: true),
        ShapeTest(name: "StrokeRectRot", geometry: .rectRot, stroke: true, optional: true),
        ShapeTest(name: "StrokeRoundRot", geometry: .roundRot, stroke: true, optional: true),
        ShapeTest(name: "StrokePoly40", geometry: .poly(40), stroke: true, optional: true),
    ]
}

enum ShapeStyle: String, CaseIterable {
    case solid = "Solid", linear = "Linear", radial = "Radial", patternBI = "PatternBI", conic = "Conic",
        patternNN = "PatternNN"

    var isOptional: Bool { self == .conic || self == .patternNN }
    var colorCount: Int {
        switch self {
        case .solid: 1
        case .linear, .radial, .conic: 3
        case .patternBI, .patternNN: 0
        }
    }
}

/// One configuration's numbers (generated before timing) and its draw.
final class ShapeDraw {
    static let width = 512, height = 600
    static let sizes = [8, 16, 32, 64, 128, 256]
    static let quickSizes = [8, 64, 256]

    let test: ShapeTest
    let style: ShapeStyle
    let size: Int
    let q: Int
    var name: String { "shapes.\(test.name).\(style.rawValue)@\(size)" }

    private var x: [Double] = [], y: [Double] = [], radius: [Double] = [], angle: [Double] = []
    private var points: [Point] = []
    private var colors: [UInt32] = []
    private let butterfly: Path
    private let stroke = StrokeStyle(width: 2, lineJoin: .miter, lineCap: .butt, miterLimit: 4)
    /// Rebuilt per polygon shape (no exclusivity check per access: one
    /// thread draws, and `call` never overlaps two accesses).
    @exclusivity(unchecked) private var path = Path()

    static func shapesPerCall(_ size: Int) -> Int {
        size <= 32 ? 1000 : size == 64 ? 500 : size == 128 ? 250 : 100
    }

    init(test: ShapeTest, style: ShapeStyle, size: Int) {
        self.test = test
        self.style = style
        self.size = size
        q = Self.shapesPerCall(size)
        var coord = BLRandom(seed: BLRandom.coordSeed), color = BLRandom(seed: BLRandom.colorSeed)
        var extra = BLRandom(seed: BLRandom.extraSeed)
        let s = Double(size)
        let w = Double(Self.width) - s, h = Double(Self.height) - s
        var a = 0.0
        for _ in 0..<q {
            var px = 0.0, py = 0.0, r = 0.0
            switch test.geometry {
            case .rectA:
                px = coord.range(0, w).rounded(.towardZero)
                py = coord.range(0, h).rounded(.towardZero)
            case .round, .roundRot:
                r = extra.range(4, 40)
                px = coord.range(0, w)
                py = coord.range(0, h)
            case .rectU, .rectRot, .butterfly:
                px = coord.range(0, w)
                py = coord.range(0, h)
            case .poly(let n):
                px = coord.range(0, w)
                py = coord.range(0, h)
                for _ in 0..<n {
                    let vx = coord.range(px, px + s)
                    let vy = coord.range(py, py + s)
                    points.append(Point(x: vx, y: vy))
                }
            }
            x.append(px)
            y.append(py)
            radius.append(r)
            switch test.geometry {
            case .rectRot, .roundRot:
                angle.append(a)
                a += 0.01
            default:
                angle.append(0)
            }
            for _ in 0..<style.colorCount { colors.append(color.nextU32()) }
        }
        butterfly = Self.butterfly(scale: s)
    }

    /// The butterfly scaled by `s`, at the origin.
    static func butterfly(scale s: Double) -> Path {
        var path = Path()
        var v = 0
        func next() -> Point {
            defer { v += 2 }
            return Point(x: Butterfly.vertices[v] * s, y: Butterfly.vertices[v + 1] * s)
        }
        for command in Butterfly.commands {
            switch command {
            case "M": path.move(to: next())
            case "L": path.addLine(to: next())
            case "C":
                let c1 = next(), c2 = next(), end = next()
                path.addCurve(to: end, control1: c1, control2: c2)
            default: path.closeSubpath()
            }
        }
        return path
    }

    /// A straight-alpha 0xAARRGGBB color.
    static func color(_ argb: UInt32) -> Color {
        Color(
            red8: UInt8(truncatingIfNeeded: argb >> 16), green8: UInt8(truncatingIfNeeded: argb >> 8),
            blue8: UInt8(truncatingIfNeeded: argb), alpha8: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// The 64 x 64 pattern image of section 9.
    static let patternImage: Image = {
        var pixels: [UInt32] = []
        for j in 0..<64 {
            for i in 0..<64 {
                let p =
                    ((i >> 3) ^ (j >> 3)) & 1 == 0
                    ? PremultipliedColor(red: UInt8(4 * i), green: UInt8(4 * j), blue: 192, alpha: 255)
                    : PremultipliedColor(red: UInt8(2 * i), green: 64, blue: UInt8(2 * j), alpha: 128)
                pixels.append(p.packed)
            }
        }
        return try! Image(width: 64, height: 64, premultipliedPixels: pixels)
    }()

    /// The first polygon vertex (for the generator's end-to-end check).
    var firstVertex: Point? { points.first }

    /// Shape `i`'s paint for the paint rectangle at (px, py), side s.
    private func paint(_ i: Int, _ px: Double, _ py: Double, _ s: Double) -> Paint {
        switch style {
        case .solid:
            return .solid(Self.color(colors[i]))
        case .linear, .radial, .conic:
            let c = 3 * i
            let stops =
                style == .conic
                ? [
                    GradientStop(location: 0, color: Self.color(colors[c])),
                    GradientStop(location: 0.33, color: Self.color(colors[c + 1])),
                    GradientStop(location: 0.66, color: Self.color(colors[c + 2])),
                    GradientStop(location: 1, color: Self.color(colors[c])),
                ]
                : [
                    GradientStop(location: 0, color: Self.color(colors[c])),
                    GradientStop(location: 0.5, color: Self.color(colors[c + 1])),
                    GradientStop(location: 1, color: Self.color(colors[c + 2])),
                ]
            let gradient = Gradient(stops: stops, extend: .pad)
            switch style {
            case .linear:
                return .linearGradient(
                    LinearGradient(
                        gradient, start: Point(x: px + 0.2 * s, y: py + 0.2 * s),
                        end: Point(x: px + 0.8 * s, y: py + 0.8 * s)))
            case .radial:
                let center = Point(x: px + s / 2, y: py + s / 2), r = (s + s) / 4
                return .radialGradient(
                    RadialGradient(
                        gradient, startCenter: Point(x: center.x - r / 2, y: center.y - r / 2),
                        startRadius: 0, endCenter: center, endRadius: r))
            default:
                return .conicGradient(
                    ConicGradient(gradient, center: Point(x: px + s / 2, y: py + s / 2), startAngle: 0))
            }
        case .patternBI, .patternNN:
            return .pattern(
                ImagePattern(
                    Self.patternImage, transform: AffineTransform(translationX: px, y: py),
                    sampling: style == .patternBI ? .bilinear : .nearest))
        }
    }

    /// One call: the q shapes, in order, each with a fresh paint.
    func call(on canvas: Canvas) {
        let s = Double(size)
        for i in 0..<q {
            let px = x[i], py = y[i]
            let rotated: Bool
            switch test.geometry {
            case .rectRot, .roundRot: rotated = true
            default: rotated = false
            }
            if rotated {
                canvas.save()
                canvas.translateBy(x: 256, y: 300)
                canvas.rotate(by: angle[i])
                canvas.translateBy(x: -256, y: -300)
            }
            var paint = paint(i, px, py, s)
            // Rects and rounded rects from their numbers (Canvas+Rects.swift),
            // as Blend2D's harness draws them (fillRect, fillGeometry of a
            // BLRoundRect); polygons as paths.
            switch test.geometry {
            case .rectA, .rectU, .rectRot:
                let rect = Rect(x: px, y: py, width: s, height: s)
                if test.stroke {
                    canvas.stroke(rect, with: paint, style: stroke)
                } else {
                    canvas.fill(rect, with: paint)
                }
                if rotated { canvas.restore() }
                continue
            case .round, .roundRot:
                let rect = Rect(x: px, y: py, width: s, height: s), r = min(radius[i], s / 2)
                if test.stroke {
                    canvas.stroke(rect, cornerRadius: r, with: paint, style: stroke)
                } else {
                    canvas.fill(rect, cornerRadius: r, with: paint)
                }
                if rotated { canvas.restore() }
                continue
            case .poly(let n):
                path.removeAll(keepingCapacity: true)
                let first = i * n
                path.move(to: points[first])
                for k in 1..<n { path.addLine(to: points[first + k]) }
                path.closeSubpath()
            case .butterfly:
                // The template at (px, py); the paint defined at the origin.
                canvas.save()
                canvas.translateBy(x: px, y: py)
                paint = self.paint(i, 0, 0, s)
            }
            if case .butterfly = test.geometry {
                if test.stroke {
                    canvas.stroke(butterfly, with: paint, style: stroke)
                } else {
                    canvas.fill(butterfly, with: paint, rule: test.rule)
                }
                canvas.restore()
            } else if test.stroke {
                canvas.stroke(path, with: paint, style: stroke)
            } else {
                canvas.fill(path, with: paint, rule: test.rule)
            }
            if rotated { canvas.restore() }
        }
    }
}

/// Checks the generator against the spec's test vectors.
func checkShapeGenerator() -> Bool {
    var coord = BLRandom(seed: BLRandom.coordSeed)
    guard coord.s0 == 0xA947_90CB_B845_63DB, coord.s1 == 0x47F3_20D3_D89D_CE21 else { return false }
    let u64: [UInt64] = [
        0xCF23_F25F_455B_F74A, 0xAF8F_C120_ECED_7BD8, 0x2C06_071E_ED89_B9DB, 0x4633_4A17_278C_53BC,
        0x6BF5_FE1D_9CA9_B55D,
    ]
    for v in u64 where coord.nextU64() != v { return false }
    var color = BLRandom(seed: BLRandom.colorSeed)
    for v: UInt32 in [0x3237_A146, 0xC0B7_CCC9, 0x5A81_E816, 0xB63C_3198, 0xD48B_ADE6] where color.nextU32() != v {
        return false
    }
    var extra = BLRandom(seed: BLRandom.extraSeed)
    for v in [0.1726699812052237, 0.43309958383321234, 0.17316036327745499, 0.21624116234560442, 0.93202794996705518]
    where extra.nextDouble() != v {
        return false
    }
    // End to end: FillTriangle@64's first shape (section 3).
    let triangle = ShapeDraw(test: ShapeTest.all[5], style: .solid, size: 64)
    return triangle.firstVertex == Point(x: 373.50161638594301, y: 385.13206307449235)
}

/// The selected shape draws, in run order (test, style, size).
func shapeDraws(_ options: Options) -> [(ShapeTest, ShapeStyle, Int)] {
    var result: [(ShapeTest, ShapeStyle, Int)] = []
    for test in ShapeTest.all where options.allShapes || !test.optional {
        for style in ShapeStyle.allCases where options.allShapes || !style.isOptional {
            if options.quickShapes && style == .radial { continue }
            for size in options.quickShapes ? ShapeDraw.quickSizes : ShapeDraw.sizes {
                let name = "shapes.\(test.name).\(style.rawValue)@\(size)"
                if options.selects(name) { result.append((test, style, size)) }
            }
        }
    }
    return result
}

/// Runs the shape draws (section 7): calibrate each, then five samples
/// round-robin; prints a table and writes JSON (`--json`).
func runShapes(_ options: Options) throws {
    guard checkShapeGenerator() else {
        FileHandle.standardError.write(Data("shapes: the generator does not give the spec's test vectors\n".utf8))
        exit(1)
    }
    let surface = try Surface(width: ShapeDraw.width, height: ShapeDraw.height)
    let canvas = Canvas(surface: surface, coverageCache: nil)
    let draws = shapeDraws(options).map { ShapeDraw(test: $0.0, style: $0.1, size: $0.2) }
    if let count = options.drawCount {
        // Untimed (for instruction counts: the difference of two runs with
        // different --draws is `count` calls of each draw): one warm-up
        // call, then `count` more.
        for draw in draws {
            canvas.clear()
            for _ in 0...count { draw.call(on: canvas) }
            surface.flush()
        }
        return
    }
    func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
    var callsPerSample: [Int] = []
    for draw in draws {
        canvas.clear()
        draw.call(on: canvas)
        canvas.clear()
        let t0 = now()
        draw.call(on: canvas)
        surface.flush()
        let t1 = max(1, now() - t0)
        callsPerSample.append(max(1, Int((20_000_000.0 / Double(t1)).rounded(.up))))
    }
    var samples = Array(repeating: [Double](), count: draws.count)
    for _ in 0..<5 {
        for (d, draw) in draws.enumerated() {
            canvas.clear()
            surface.flush()
            let t0 = now()
            for _ in 0..<callsPerSample[d] { draw.call(on: canvas) }
            surface.flush()
            samples[d].append(Double(now() - t0) / Double(callsPerSample[d] * draw.q))
        }
    }
    var rows: [String] = []
    print("shape draws (WORKLOADS-SHAPES.md), ns per shape, lowest of 5 samples")
    for (d, draw) in draws.enumerated() {
        let best = samples[d].min() ?? 0
        let sorted = samples[d].sorted()
        let median = sorted[sorted.count / 2]
        print(padRight(draw.name, 40) + pad(String(format: "%.1f", best), 12) + pad(String(format: "%.1f", median), 12))
        rows.append(
            "    {\"name\": \"\(draw.name)\", \"test\": \"\(draw.test.name)\", \"style\": \"\(draw.style.rawValue)\", "
                + "\"size\": \(draw.size), \"shapesPerCall\": \(draw.q), \"callsPerSample\": \(callsPerSample[d]), "
                + "\"nsPerShape\": \(best), \"medianNsPerShape\": \(median), \"samples\": [\(samples[d].map { String($0) }.joined(separator: ", "))]}"
        )
        if let folder = options.pngFolder {
            canvas.clear()
            draw.call(on: canvas)
            surface.flush()
            try PNGEncoder.write(surface, toFile: "\(folder)/\(draw.test.name).\(draw.style.rawValue).\(draw.size).png")
        }
    }
    if let path = options.jsonPath {
        let json = "{\n  \"engine\": \"hairline\",\n  \"draws\": [\n" + rows.joined(separator: ",\n") + "\n  ]\n}\n"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
    }
}
