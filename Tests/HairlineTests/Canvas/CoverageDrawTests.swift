// Canvas.draw(coverage:atDeviceX:y:with:): a mask that is exactly a path's
// coverage (the same engine's fill into an A8 surface) must draw, byte for
// byte, what filling the path draws, for every paint, blend mode, clip,
// target format and background; arbitrary masks must match a per-pixel
// source-over reference written from the documented formula
// (s·c + d·(1 − αs·c), each product rounded with div255), and a draw of
// each pixel alone; out-of-range placements must not trap.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct CoverageDrawTests {
    static let formats: [PixelFormat] = [.rgba8Premultiplied, .bgra8Premultiplied, .a8]

    static func randomColor(_ rng: inout SplitMix64) -> Color {
        let alpha = [1.0, rng.double(in: 0...1), 0.5][rng.int(in: 0...2)]
        return Color(
            red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1),
            alpha: alpha)
    }

    /// A dyadic coordinate (a multiple of 1/8): moving it by whole pixels
    /// is exact, so a moved path covers the moved pixels exactly as much.
    static func dyadic(_ rng: inout SplitMix64, _ range: ClosedRange<Int>) -> Double {
        Double(rng.int(in: (range.lowerBound * 8)...(range.upperBound * 8))) / 8
    }

    /// A random polygon (or ellipse, or rounded rect) over about
    /// `width` x `height` points, moved by (`dx`, `dy`).
    static func randomPath(_ rng: inout SplitMix64, width: Int, height: Int) -> Path {
        var path = Path()
        switch rng.int(in: 0...2) {
        case 0:
            let rect = Rect(
                x: dyadic(&rng, -3...width), y: dyadic(&rng, -3...height),
                width: dyadic(&rng, 1...width), height: dyadic(&rng, 1...height))
            path.addEllipse(in: rect)
        case 1:
            let rect = Rect(
                x: dyadic(&rng, -3...width), y: dyadic(&rng, -3...height),
                width: dyadic(&rng, 1...width), height: dyadic(&rng, 1...height))
            path.addRoundedRect(in: rect, cornerRadius: dyadic(&rng, 0...5))
        default:
            path.move(to: Point(x: dyadic(&rng, -4...width + 4), y: dyadic(&rng, -4...height + 4)))
            for _ in 0..<rng.int(in: 2...7) {
                path.addLine(to: Point(x: dyadic(&rng, -4...width + 4), y: dyadic(&rng, -4...height + 4)))
            }
            path.closeSubpath()
        }
        return path
    }

    static let tile = try! Image(
        width: 3, height: 2,
        colors: [
            .black, .white, Color(red: 1, green: 0, blue: 0, alpha: 0.5), .clear, Color(red: 0, green: 0.5, blue: 1),
            .white,
        ])

    /// A random paint; a pattern's pixels are a power of two device
    /// pixels wide at `scale` (positions along a row then step exactly).
    static func randomPaint(_ rng: inout SplitMix64, scale: Double = 1) -> Paint {
        switch rng.int(in: 0...4) {
        case 0, 1: return .solid(randomColor(&rng))
        case 2:
            // Vertical (constant rows) or slanted.
            let end = rng.int(in: 0...1) == 0 ? Point(x: 0, y: 20) : Point(x: 17, y: 9)
            return .linearGradient(
                LinearGradient(
                    Gradient(from: randomColor(&rng), to: randomColor(&rng)),
                    start: Point(x: 1, y: 2), end: end))
        case 3:
            return .radialGradient(
                RadialGradient(
                    Gradient(from: randomColor(&rng), to: randomColor(&rng)),
                    center: Point(x: 9, y: 7), radius: 11))
        default:
            // Scaled by a power of two: positions step exactly.
            let size = [1.0, 2, 0.5][rng.int(in: 0...2)] / scale
            return .pattern(ImagePattern(tile, transform: AffineTransform(scaleX: size, y: size)))
        }
    }

    /// A random clip: none, a rect (on whole pixels or not), a rounded rect.
    static func applyRandomClip(_ rng: inout SplitMix64, _ canvases: [Canvas], width: Int, height: Int) {
        let kind = rng.int(in: 0...3)
        let rect = Rect(
            x: dyadic(&rng, -2...width / 2), y: dyadic(&rng, -2...height / 2),
            width: dyadic(&rng, 1...width), height: dyadic(&rng, 1...height))
        let radius = dyadic(&rng, 0...6)
        for canvas in canvases {
            switch kind {
            case 0: break
            case 1: canvas.clip(to: rect)
            case 2:
                canvas.clip(
                    to: Rect(
                        x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width.rounded(),
                        height: rect.height.rounded()))
            default:
                var path = Path()
                path.addRoundedRect(in: rect, cornerRadius: radius)
                canvas.clip(to: path)
            }
        }
    }

    /// Gives both surfaces the same background: a pending clear, or drawn
    /// pixels.
    static func paintBackground(_ rng: inout SplitMix64, _ canvases: [Canvas], width: Int, height: Int) {
        let color = randomColor(&rng)
        if rng.int(in: 0...1) == 0 {
            for canvas in canvases { canvas.clear(color) }
            return
        }
        let path = randomPath(&rng, width: width, height: height)
        let paint = randomPaint(&rng)
        for canvas in canvases {
            canvas.clear(color)
            canvas.fill(path, with: paint)
            canvas.surface.flush()
        }
    }

    /// The exact coverage of `path` (user space at `scale`) as an A8 mask,
    /// moved by (−`x`, −`y`) device pixels: the engine's own fill.
    static func coverageMask(of path: Path, scale: Double, x: Int, y: Int, width: Int, height: Int) throws -> Surface {
        let mask = try Surface(width: width, height: height, format: .a8)
        let canvas = Canvas(surface: mask, scale: scale)
        canvas.translateBy(devicePixelsX: -x, y: -y)
        canvas.fill(path, with: .black)
        return mask
    }

    @Test(arguments: formats)
    func aPathsCoverageMaskDrawsAsThePathFills(format: PixelFormat) throws {
        var rng = SplitMix64(seed: 0xC0FE + UInt64(Self.formats.firstIndex(of: format)!))
        for round in 0..<300 {
            let width = rng.int(in: 1...40), height = rng.int(in: 1...32)
            let scale = Double(rng.int(in: 1...3))
            let w = Int(Double(width) / scale) + 1, h = Int(Double(height) / scale) + 1
            let path = Self.randomPath(&rng, width: w, height: h)
            let paint = Self.randomPaint(&rng, scale: scale)
            let mode = BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
            // The mask, placed anywhere (partly off the surface too).
            let mx = rng.int(in: -8...8), my = rng.int(in: -8...8)
            let mask = try Self.coverageMask(
                of: path, scale: scale, x: mx, y: my, width: rng.int(in: 1...48),
                height: rng.int(in: 1...40))
            let filled = try Surface(width: width, height: height, format: format)
            let drawn = try Surface(width: width, height: height, format: format)
            let a = Canvas(surface: filled, scale: scale), b = Canvas(surface: drawn, scale: scale)
            Self.paintBackground(&rng, [a, b], width: w, height: h)
            Self.applyRandomClip(&rng, [a, b], width: w, height: h)
            let alpha = [1.0, rng.double(in: 0...1)][rng.int(in: 0...1)]
            for canvas in [a, b] {
                canvas.blendMode = mode
                canvas.globalAlpha = alpha
            }
            // The path clipped to the mask's pixels: what the mask holds.
            a.save()
            a.clip(
                to: Rect(
                    x: Double(mx) / scale, y: Double(my) / scale, width: Double(mask.width) / scale,
                    height: Double(mask.height) / scale))
            // (A whole-pixel rect: no mask, at every scale.)
            a.fill(path, with: paint)
            a.restore()
            b.draw(coverage: mask, atDeviceX: mx, y: my, with: paint)
            let differing = zip(filled.bytes, drawn.bytes).filter { $0 != $1 }.count
            #expect(
                differing == 0,
                "seed \(rng.seed) round \(round) \(format) scale \(scale) mode \(mode) paint \(paint)")
        }
    }

    /// The documented source-over, per pixel: d' = s·c + d·(1 − αs·c),
    /// each product rounded (div255), on each byte.
    static func sourceOver(_ d: UInt32, _ s: UInt32, coverage c: UInt32) -> UInt32 {
        let inverse = 255 - div255((s >> 24) * c)
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let sc = div255(((s >> shift) & 0xFF) * c), dc = div255(((d >> shift) & 0xFF) * inverse)
            out |= (sc + dc) << shift
        }
        return out
    }

    @Test(arguments: formats)
    func arbitraryMasksMatchThePerPixelSourceOver(format: PixelFormat) throws {
        var rng = SplitMix64(seed: 0x5EED + UInt64(Self.formats.firstIndex(of: format)!))
        for round in 0..<200 {
            let width = rng.int(in: 1...40), height = rng.int(in: 1...24)
            let mask = try Surface(width: rng.int(in: 1...44), height: rng.int(in: 1...28), format: .a8)
            // Runs, zeros, full pixels and noise.
            mask.withUnsafeMutableBytes { raw in
                var i = 0
                while i < raw.count {
                    let run = rng.int(in: 1...9)
                    let value: UInt8 = [0, 255, UInt8(rng.int(in: 0...255))][rng.int(in: 0...2)]
                    let noisy = rng.int(in: 0...2) == 0
                    for k in i..<min(i + run, raw.count) { raw[k] = noisy ? UInt8(rng.int(in: 0...255)) : value }
                    i += run
                }
            }
            let mx = rng.int(in: -10...20), my = rng.int(in: -10...16)
            let color = Self.randomColor(&rng)
            let surface = try Surface(width: width, height: height, format: format)
            let canvas = Canvas(surface: surface)
            let pending = rng.int(in: 0...1) == 0
            let background = Self.randomColor(&rng).premultiplied
            // A clip rect, anti-aliased or not; its coverage per pixel is
            // the same engine's fill of the rect into an A8 surface.
            let clip = Rect(
                x: Double(rng.int(in: -16...160)) / 8, y: Double(rng.int(in: -16...120)) / 8,
                width: Double(rng.int(in: 8...320)) / 8, height: Double(rng.int(in: 8...200)) / 8)
            let clipCoverage = try Surface(width: width, height: height, format: .a8)
            Canvas(surface: clipCoverage).fill(
                {
                    var p = Path(); p.addRect(clip); return p
                }(), with: .black)
            canvas.clear(Color(red: 0, green: 0, blue: 0, alpha: 0))
            surface.clear(to: background)
            if !pending {
                surface.flush()
                for y in 0..<height {
                    for x in 0..<width where (x + y) % 3 == 0 {
                        surface.setPixel(x: x, y: y, to: PremultipliedColor(red: 9, green: 40, blue: 0, alpha: 60))
                    }
                }
            }
            // Expected pixels, RGBA8 packed (A8: alpha only).
            var expected: [UInt32] = []
            let s = color.premultiplied.packed
            for y in 0..<height {
                for x in 0..<width {
                    let d = surface.pixel(x: x, y: y)!.packed
                    let mxi = x - mx, myi = y - my
                    let m =
                        (mxi >= 0 && mxi < mask.width && myi >= 0 && myi < mask.height)
                        ? UInt32(mask.pixel(x: mxi, y: myi)!.alpha) : 0
                    let c = div255(m * UInt32(clipCoverage.pixel(x: x, y: y)!.alpha))
                    expected.append(c == 0 ? d : Self.sourceOver(d, s, coverage: c))
                }
            }
            canvas.clip(to: clip)
            canvas.draw(coverage: mask, atDeviceX: mx, y: my, with: .solid(color))
            for y in 0..<height {
                for x in 0..<width {
                    var want = expected[y * width + x]
                    if format == .a8 { want &= 0xFF00_0000 }
                    let got = surface.pixel(x: x, y: y)!.packed
                    guard got == want else {
                        Issue.record("seed \(rng.seed) round \(round) \(format) pixel (\(x), \(y)): \(got) != \(want)")
                        return
                    }
                }
            }
        }
    }

    @Test func eachPixelAloneDrawsAsTheWholeMask() throws {
        // Every mode and paint: the driver's runs and groups give each
        // pixel what a one-pixel mask of its value gives.
        var rng = SplitMix64(seed: 77)
        for round in 0..<120 {
            let width = rng.int(in: 1...20), height = rng.int(in: 1...12)
            let mask = try Surface(width: width, height: height, format: .a8)
            mask.withUnsafeMutableBytes { raw in
                var i = 0
                while i < raw.count {
                    let run = rng.int(in: 1...7), v = UInt8([0, 255, rng.int(in: 1...254)][rng.int(in: 0...2)])
                    for k in i..<min(i + run, raw.count) { raw[k] = v }
                    i += run
                }
            }
            let paint = Self.randomPaint(&rng)
            let mode = BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
            let whole = try Surface(width: width, height: height), single = try Surface(width: width, height: height)
            let a = Canvas(surface: whole), b = Canvas(surface: single)
            Self.paintBackground(&rng, [a, b], width: width, height: height)
            a.blendMode = mode
            b.blendMode = mode
            a.draw(coverage: mask, atDeviceX: 0, y: 0, with: paint)
            let one = try Surface(width: 1, height: 1, format: .a8)
            for y in 0..<height {
                for x in 0..<width {
                    let v = mask.pixel(x: x, y: y)!.alpha
                    one.setPixel(x: 0, y: 0, to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: v))
                    b.draw(coverage: one, atDeviceX: x, y: y, with: paint)
                }
            }
            #expect(
                zip(whole.bytes, single.bytes).allSatisfy { $0 == $1 },
                "seed \(rng.seed) round \(round) mode \(mode) paint \(paint)")
        }
    }

    @Test func farPlacementsAndOddMasksNeverTrap() throws {
        let surface = try Surface(width: 16, height: 8)
        let canvas = Canvas(surface: surface)
        let mask = try Surface(width: 5, height: 3, format: .a8)
        mask.clear(to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 200))
        for x in [Int.min, Int.min + 1, -(1 << 62), -6, -5, 16, 1 << 62, Int.max - 2, Int.max] {
            for y in [Int.min, -3, 0, 8, Int.max] {
                canvas.draw(coverage: mask, atDeviceX: x, y: y, with: .solid(.black))
            }
        }
        #expect(surface.bytes.allSatisfy { $0 == 0 })
        // A 32-bit mask gives its alpha; a pending clear is its value.
        let rgba = try Surface(width: 2, height: 1)
        rgba.clear(to: PremultipliedColor(red: 10, green: 20, blue: 30, alpha: 128))
        canvas.draw(coverage: rgba, atDeviceX: -1, y: 0, with: .solid(.black))
        #expect(surface.pixel(x: 0, y: 0)!.alpha == 128)
        #expect(surface.pixel(x: 1, y: 0)!.alpha == 0)
    }
}
