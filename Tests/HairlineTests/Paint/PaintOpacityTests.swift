// Paint.applyingOpacity and Paint.isInvisible: the opacity folded into a
// paint draws what the same opacity as global alpha draws, for every kind
// of paint, and invisibility is exactly "source-over changes nothing".

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct PaintOpacityTests {
    static func randomPaint(_ rng: inout SplitMix64, image: Image) -> Paint {
        let stops = (0..<rng.int(in: 2...4)).map { _ in
            GradientStop(location: rng.double(in: 0...1), color: PendingClearTests.randomColor(&rng))
        }
        let gradient = Gradient(stops: stops)
        switch rng.int(in: 0...4) {
        case 0: return .solid(PendingClearTests.randomColor(&rng))
        case 1:
            return .linearGradient(
                LinearGradient(
                    gradient, start: Point(x: 0, y: 0),
                    end: Point(x: rng.double(in: 1...30), y: 20)))
        case 2:
            return .radialGradient(RadialGradient(gradient, center: Point(x: 12, y: 9), radius: rng.double(in: 2...20)))
        case 3:
            return .conicGradient(
                ConicGradient(gradient, center: Point(x: 12, y: 9), startAngle: rng.double(in: 0...6)))
        default:
            return .pattern(
                ImagePattern(
                    image, transform: AffineTransform(scaleX: 0.5, y: 0.5),
                    sampling: rng.int(in: 0...1) == 0 ? .nearest : .bilinear,
                    opacity: rng.int(in: 0...1) == 0 ? 1 : rng.double(in: 0...1)))
        }
    }

    @Test func opacityInThePaintDrawsWhatGlobalAlphaDraws() throws {
        let image = try PendingClearTests.mixedImage()
        var rng = SplitMix64(seed: 34_06)
        for trial in 0..<120 {
            let paint = Self.randomPaint(&rng, image: image)
            let factor = [0, 1, rng.double(in: 0...1)][trial % 3]
            var path = Path()
            path.addRoundedRect(in: Rect(x: 1.5, y: 2.25, width: 20, height: 14), cornerRadius: 4)
            let folded = try Surface(width: 24, height: 20), global = try Surface(width: 24, height: 20)
            let a = Canvas(surface: folded), b = Canvas(surface: global)
            a.clear(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7))
            b.clear(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7))
            a.fill(path, with: paint.applyingOpacity(factor))
            b.globalAlpha = factor
            b.fill(path, with: paint)
            let largest = zip(folded.bytes, global.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 1, "trial \(trial), \(paint), factor \(factor): off by \(largest)")
        }
    }

    @Test func invisiblePaintsChangeNothingUnderSourceOver() throws {
        let image = try PendingClearTests.mixedImage()
        var rng = SplitMix64(seed: 34_07)
        var invisible = 0
        for trial in 0..<200 {
            var paint = Self.randomPaint(&rng, image: image)
            if trial % 2 == 0 { paint = paint.applyingOpacity(0) }
            let surface = try Surface(width: 24, height: 20)
            let canvas = Canvas(surface: surface)
            canvas.clear(Color(red: 0.2, green: 0.5, blue: 0.9, alpha: 0.7))
            surface.flush()
            let before = surface.bytes
            var path = Path()
            path.addRect(Rect(x: 0, y: 0, width: 24, height: 20))
            canvas.fill(path, with: paint)
            if paint.isInvisible {
                invisible += 1
                #expect(surface.bytes == before, "trial \(trial): \(paint) is invisible but drew")
            }
        }
        #expect(invisible >= 100)
        #expect(Paint.solid(Color(red: 1, green: 0, blue: 0, alpha: .nan)).isInvisible)
        #expect(!Paint.solid(Color(red: 1, green: 0, blue: 0, alpha: 0.01)).isInvisible)
        #expect(
            Paint.linearGradient(LinearGradient(Gradient(stops: []), start: Point(x: 0, y: 0), end: Point(x: 1, y: 0)))
                .isInvisible)
    }

    @Test func opacityIsClampedAndMultiplies() {
        let red = Paint.solid(Color(red: 1, green: 0, blue: 0, alpha: 0.5))
        #expect(red.applyingOpacity(0.5) == .solid(Color(red: 1, green: 0, blue: 0, alpha: 0.25)))
        #expect(red.applyingOpacity(2) == red.applyingOpacity(1))
        #expect(red.applyingOpacity(.nan).isInvisible)
        #expect(red.applyingOpacity(-1).isInvisible)
        let tile = try! Image(width: 1, height: 1, premultipliedPixels: [0xFF00_00FF])
        guard case .pattern(let p) = Paint.pattern(ImagePattern(tile, opacity: 0.8)).applyingOpacity(0.5) else {
            Issue.record("a pattern stays a pattern")
            return
        }
        #expect(abs(p.opacity - 0.4) < 1e-12)
    }

    /// A paint moved by a transform, drawn where that transform maps the
    /// space, is the paint drawn in the first space (every kind of paint).
    @Test func applyingTransformMovesThePaintWithTheSpace() throws {
        let image = try PendingClearTests.mixedImage()
        var rng = SplitMix64(seed: 34_08)
        for trial in 0..<60 {
            let paint = Self.randomPaint(&rng, image: image)
            let t = AffineTransform(translationX: Double(rng.int(in: -4...4)), y: Double(rng.int(in: -4...4)))
            var path = Path()
            path.addRect(Rect(x: 2, y: 2, width: 18, height: 14))
            let moved = try Surface(width: 24, height: 20), plain = try Surface(width: 24, height: 20)
            let a = Canvas(surface: moved), b = Canvas(surface: plain)
            // a: user space shifted by t, the paint moved back into it.
            a.concatenate(t)
            a.fill(path.applying(t.inverted()!), with: paint.applyingTransform(t.inverted()!))
            b.fill(path, with: paint)
            let largest = zip(moved.bytes, plain.bytes).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(largest <= 1, "trial \(trial), \(paint): off by \(largest)")
        }
        #expect(Paint.solid(.black).applyingTransform(AffineTransform(scaleX: 2, y: 2)) == .solid(.black))
    }
}
