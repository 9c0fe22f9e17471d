// The clear fused into the next draw (ClearingKernel): a surface whose
// clears stay pending until a draw or a reader resolves them must end
// byte-identical to one that writes every clear at once (`flush()` right
// after it), whatever is drawn: every paint, blend mode, global alpha,
// clip rect and clip path, image draws, draws that touch nothing, clears
// after clears. And every reader sees the clear.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct PendingClearTests {
    /// One random drawing operation, applied to a canvas.
    struct Operation {
        let apply: (Canvas) -> Void
    }

    static func randomColor(_ rng: inout SplitMix64) -> Color {
        let alpha = [1.0, 0, rng.double(in: 0...1)][rng.int(in: 0...2)]
        return Color(
            red: rng.double(in: 0...1), green: rng.double(in: 0...1), blue: rng.double(in: 0...1), alpha: alpha)
    }

    static func randomPath(_ rng: inout SplitMix64, width: Double, height: Double) -> Path {
        var path = Path()
        let rect = Rect(
            x: rng.double(in: -8...width), y: rng.double(in: -8...height),
            width: rng.double(in: 0...(width / 2)), height: rng.double(in: 0...(height / 2)))
        switch rng.int(in: 0...3) {
        case 0: path.addRect(rect)
        case 1: path.addEllipse(in: rect)
        case 2: path.addRoundedRect(in: rect, cornerRadius: rng.double(in: 0...6))
        default:
            path.move(to: Point(x: rng.double(in: -5...width + 5), y: rng.double(in: -5...height + 5)))
            for _ in 0..<rng.int(in: 2...6) {
                path.addLine(to: Point(x: rng.double(in: -5...width + 5), y: rng.double(in: -5...height + 5)))
            }
            path.closeSubpath()
        }
        return path
    }

    /// A small image with opaque, translucent and transparent pixels.
    static func mixedImage() throws -> Image {
        try Image(
            width: 3, height: 2,
            colors: [
                .black, .white, Color(red: 1, green: 0, blue: 0, alpha: 0.5),
                .clear, Color(red: 0, green: 0.5, blue: 1), .white,
            ])
    }

    static let opaqueTile = try! Image(
        width: 2, height: 2, colors: [.black, .white, Color(red: 1, green: 0, blue: 0), .white])

    static func randomPaint(_ rng: inout SplitMix64, image: Image) -> Paint {
        switch rng.int(in: 0...3) {
        case 0, 1: return .solid(randomColor(&rng))
        case 2:
            return .linearGradient(
                LinearGradient(
                    Gradient(from: randomColor(&rng), to: randomColor(&rng)),
                    start: Point(x: 0, y: 0), end: Point(x: rng.double(in: 1...30), y: 20)))
        default:
            // Half the time an opaque tile: its full spans then store
            // without the clear under them (fillIgnoresDestination).
            if rng.int(in: 0...1) == 0 {
                return .pattern(ImagePattern(image))
            }
            return .pattern(ImagePattern(Self.opaqueTile))
        }
    }

    static func randomOperation(_ rng: inout SplitMix64, width: Int, height: Int, image: Image) -> Operation {
        let w = Double(width), h = Double(height)
        switch rng.int(in: 0...9) {
        case 0, 1:
            let color = randomColor(&rng)
            return Operation { $0.clear(color) }
        case 2:
            let rect = Rect(
                x: rng.double(in: -4...w), y: rng.double(in: -4...h), width: rng.double(in: 0...w),
                height: rng.double(in: 0...h))
            return Operation { $0.clip(to: rect) }
        case 3:
            let path = randomPath(&rng, width: w, height: h)
            return Operation { $0.clip(to: path) }
        case 4:
            let rect = Rect(
                x: rng.double(in: -4...w), y: rng.double(in: -4...h), width: rng.double(in: 1...w),
                height: rng.double(in: 1...h))
            return Operation { $0.draw(image, in: rect) }
        case 5:
            let mode = BlendMode.allCases[rng.int(in: 0...(BlendMode.allCases.count - 1))]
            let alpha = rng.double(in: 0...1)
            return Operation {
                $0.blendMode = mode
                $0.globalAlpha = alpha
            }
        case 6:
            let path = randomPath(&rng, width: w, height: h), paint = randomPaint(&rng, image: image)
            let style = StrokeStyle(width: [0, 1, rng.double(in: 0.1...4)][rng.int(in: 0...2)])
            return Operation { $0.stroke(path, with: paint, style: style) }
        case 7:
            return Operation {
                $0.resetTransform()
                $0.restore()
                $0.save()
            }
        default:
            let path = randomPath(&rng, width: w, height: h), paint = randomPaint(&rng, image: image)
            return Operation { $0.fill(path, with: paint) }
        }
    }

    @Test func pendingClearsDrawExactlyAsEagerOnes() throws {
        var rng = SplitMix64(seed: 121)
        let image = try Self.mixedImage()
        for round in 0..<150 {
            let width = rng.int(in: 1...40), height = rng.int(in: 1...30)
            let pending = try Surface(width: width, height: height), eager = try Surface(width: width, height: height)
            let a = Canvas(surface: pending, scale: 1), b = Canvas(surface: eager, scale: 1)
            a.save()
            b.save()
            for step in 0..<rng.int(in: 1...12) {
                let op = Self.randomOperation(&rng, width: width, height: height, image: image)
                op.apply(a)
                op.apply(b)
                eager.flush()
                if rng.int(in: 0...7) == 0 {
                    // A reader in the middle resolves the clear too.
                    #expect(
                        pending.pixel(x: width / 2, y: height / 2) == eager.pixel(x: width / 2, y: height / 2),
                        "round \(round) step \(step)")
                }
            }
            #expect(pending.bytes == eager.bytes, "round \(round) (\(width) x \(height))")
        }
    }

    @Test func everyReaderSeesThePendingClear() throws {
        let color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
        let premultiplied = color.premultiplied
        func cleared() throws -> Surface {
            let s = try Surface(width: 5, height: 3)
            Canvas(surface: s).clear(color)
            return s
        }
        let expected = [UInt8](repeating: 0, count: 60).enumerated().map { i, _ in
            [premultiplied.red, premultiplied.green, premultiplied.blue, premultiplied.alpha][i % 4]
        }
        #expect(try cleared().pixel(x: 4, y: 2) == premultiplied)
        #expect(try cleared().bytes == expected)
        #expect(try cleared().withUnsafeBytes { Array($0) } == expected)
        #expect(try cleared().withUnsafeMutableBytes { Array($0) } == expected)
        let set = try cleared()
        set.setPixel(x: 0, y: 0, to: .clear)
        #expect(
            Array(set.bytes.dropFirst(4)) == Array(expected.dropFirst(4)) && set.bytes.prefix(4).allSatisfy { $0 == 0 })
        let image = Image(try cleared())
        #expect(image.pixel(x: 2, y: 1) == premultiplied)
        // A clear after a clear: the last one wins.
        let twice = try cleared()
        twice.clear(to: .clear)
        #expect(twice.bytes.allSatisfy { $0 == 0 })
    }

    /// The solid kernel's path for pixels known to hold the clear
    /// (`blend(…, onto:)`, `blendGroup(…, onto:)`) writes exactly the bytes
    /// of storing the clear and blending: every count of a group, spans,
    /// coverage 255 (a translucent fill), opaque and translucent colors
    /// and backgrounds.
    @Test func blendingOntoTheClearColorEqualsStoringItAndBlending() throws {
        var rng = SplitMix64(seed: 77)
        func packed(_ rng: inout SplitMix64) -> UInt32 {
            PendingClearTests.randomColor(&rng).premultiplied.packed
        }
        for _ in 0..<3000 {
            let background = packed(&rng), source = packed(&rng)
            let count = rng.int(in: 1...4), x = rng.int(in: 0...3)
            let fast = try Surface(width: 12, height: 1), slow = try Surface(width: 12, height: 1)
            var a = SolidSourceOver(surface: fast, packed: source), b = SolidSourceOver(surface: slow, packed: source)
            a.beginRow(0)
            b.beginRow(0)
            let store = { (s: Surface) in fillPixels(s.rowPointer(0) + x, count: count, with: background) }
            if rng.int(in: 0...1) == 0 {
                var coverage: UInt32 = 0
                for i in 0..<count {
                    coverage |= UInt32([0, 255, rng.int(in: 1...254)][rng.int(in: 0...2)]) << UInt32(8 * i)
                }
                if coverage == 0 { coverage = 1 }
                let handled = a.blendGroup(x: x, count: count, coverage: coverage, onto: background)
                #expect(handled)
                store(slow)
                b.blendGroup(x: x, count: count, coverage: coverage)
            } else {
                let coverage = UInt32(rng.int(in: 1...255))
                let handled = a.blend(x: x, count: count + 4, coverage: coverage, onto: background)
                #expect(handled)
                fillPixels(slow.rowPointer(0) + x, count: count + 4, with: background)
                if coverage == 255 {
                    b.fill(x: x, count: count + 4)
                } else {
                    b.blend(x: x, count: count + 4, coverage: coverage)
                }
            }
            #expect(fast.bytes == slow.bytes, "source \(source) onto \(background)")
        }
    }

    /// The same through the canvas for every paint kernel's value path
    /// (solid, vertical gradient rows, patterns, in the last group of
    /// rows 1 to 13 pixels wide): a pending clear, then a fill.
    @Test func firstDrawsOverAPendingClearEqualEagerOnes() throws {
        var rng = SplitMix64(seed: 5)
        let image = try Self.mixedImage()
        for round in 0..<400 {
            let width = rng.int(in: 1...13), height = rng.int(in: 1...6)
            let clear = Self.randomColor(&rng)
            var path = Path()
            path.addRoundedRect(
                in: Rect(
                    x: rng.double(in: -2...3), y: rng.double(in: -1...2),
                    width: rng.double(in: 0...Double(width) + 2), height: rng.double(in: 0...5)),
                cornerRadius: rng.double(in: 0...2))
            let paint: Paint
            switch rng.int(in: 0...2) {
            case 0: paint = .solid(Self.randomColor(&rng))
            case 1:
                paint = .linearGradient(
                    LinearGradient(
                        Gradient(from: Self.randomColor(&rng), to: Self.randomColor(&rng)),
                        start: Point(x: 0, y: 0), end: Point(x: 0, y: 6)))
            default: paint = .pattern(ImagePattern(rng.int(in: 0...1) == 0 ? image : Self.opaqueTile))
            }
            let pending = try Surface(width: width, height: height), eager = try Surface(width: width, height: height)
            Canvas(surface: pending).clear(clear)
            Canvas(surface: eager).clear(clear)
            eager.flush()
            Canvas(surface: pending).fill(path, with: paint)
            Canvas(surface: eager).fill(path, with: paint)
            #expect(pending.bytes == eager.bytes, "round \(round) (\(width) x \(height))")
        }
    }

    @Test func drawsThatDrawNothingLeaveTheClearPending() throws {
        let surface = try Surface(width: 8, height: 8)
        let canvas = Canvas(surface: surface)
        canvas.clear(.white)
        canvas.fill(Path(), with: .black)  // empty path
        var far = Path()
        far.move(to: Point(x: .nan, y: 0)); far.addLine(to: Point(x: 3, y: 3)); far.addLine(to: Point(x: 0, y: 3))
        canvas.fill(far, with: .black)  // non-finite: dropped
        canvas.fill(Path(), with: .clear)  // transparent source-over
        #expect(surface.pendingClear != nil)
        var outside = Path()
        outside.addRect(Rect(x: 20, y: 20, width: 4, height: 4))
        canvas.fill(outside, with: .black)  // entirely outside
        #expect(surface.pendingClear != nil)
        var inside = Path()
        inside.addRect(Rect(x: 2, y: 2, width: 1, height: 1))
        canvas.fill(inside, with: .white)  // a draw resolves it
        #expect(surface.pendingClear == nil && surface.bytes.allSatisfy { $0 == 255 })
    }
}
