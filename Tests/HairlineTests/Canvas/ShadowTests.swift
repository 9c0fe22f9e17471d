// Canvas shadows (setShadow(offset:blur:color:)): a blur-0 shadow is the
// shape filled at the offset with the shadow color, byte for byte; a
// blurred one is within a stated tolerance of the exact coverage convolved
// with a 2-D Gaussian of σ = blur / 2 (device pixels); symmetric shapes
// cast symmetric shadows; the shadow is saved and restored, clipped by the
// clip, tiled without seams; bad input never traps; steady shadowed
// drawing keeps every buffer's size.

import Foundation
import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct ShadowTests {
    static let formats: [PixelFormat] = [.rgba8Premultiplied, .bgra8Premultiplied, .a8]

    static func shape(_ kind: Int, _ rect: Rect, radius: Double) -> Path {
        var path = Path()
        switch kind {
        case 0: path.addRect(rect)
        case 1: path.addEllipse(in: rect)
        default: path.addRoundedRect(in: rect, cornerRadius: radius)
        }
        return path
    }

    @Test(arguments: formats)
    func anUnblurredShadowIsTheShapeFilledAtTheOffset(format: PixelFormat) throws {
        var rng = SplitMix64(seed: 0x5AD0 + UInt64(Self.formats.firstIndex(of: format)!))
        for round in 0..<150 {
            let scale = Double(rng.int(in: 1...3))
            let width = rng.int(in: 4...48), height = rng.int(in: 4...40)
            let w = Int(Double(width) / scale) + 1, h = Int(Double(height) / scale) + 1
            let path = CoverageDrawTests.randomPath(&rng, width: w, height: h)
            let paint = CoverageDrawTests.randomPaint(&rng, scale: scale)
            let offset = Size(
                width: CoverageDrawTests.dyadic(&rng, -6...6),
                height: CoverageDrawTests.dyadic(&rng, -6...6))
            let color = CoverageDrawTests.randomColor(&rng)
            let modes: [BlendMode] = [.sourceOver, .sourceOver, .multiply, .copy, .xor, .screen]
            let mode = modes[rng.int(in: 0...(modes.count - 1))]
            let shadowed = try Surface(width: width, height: height, format: format)
            let expected = try Surface(width: width, height: height, format: format)
            let a = Canvas(surface: shadowed, scale: scale), b = Canvas(surface: expected, scale: scale)
            CoverageDrawTests.paintBackground(&rng, [a, b], width: w, height: h)
            CoverageDrawTests.applyRandomClip(&rng, [a, b], width: w, height: h)
            a.blendMode = mode
            b.blendMode = mode
            // Opaque paints: the shadow's alpha is then the coverage.
            let opaque: Paint =
                if case .solid(let c) = paint { .solid(c.withAlphaMultiplied(by: 1 / c.alpha)) } else { .solid(.black) }
            a.setShadow(offset: offset, blur: 0, color: color)
            a.fill(path, with: opaque)
            b.withSavedState {
                b.translateBy(x: offset.width, y: offset.height)
                b.fill(path, with: color)
            }
            b.fill(path, with: opaque)
            let differing = zip(shadowed.bytes, expected.bytes).filter { $0 != $1 }.count
            #expect(differing == 0, "seed \(rng.seed) round \(round) \(format) scale \(scale) mode \(mode)")
        }
    }

    /// `coverage` (width x height, 0...1) convolved with the sampled,
    /// normalised Gaussian of `sigma` pixels (cut at 6σ), zero outside.
    static func gaussian(_ coverage: [Double], width: Int, height: Int, sigma: Double) -> [Double] {
        let reach = Int((6 * sigma).rounded(.up))
        var kernel: [Double] = []
        for k in -reach...reach {
            let x = Double(k)
            let exponent: Double = -x * x / (2 * sigma * sigma)
            kernel.append(exp(exponent))
        }
        let sum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / sum }
        var rows = [Double](repeating: 0, count: coverage.count)
        for y in 0..<height {
            for x in 0..<width {
                var v = 0.0
                for k in -reach...reach where x + k >= 0 && x + k < width {
                    v += kernel[k + reach] * coverage[y * width + x + k]
                }
                rows[y * width + x] = v
            }
        }
        var out = rows
        for y in 0..<height {
            for x in 0..<width {
                var v = 0.0
                for k in -reach...reach where y + k >= 0 && y + k < height {
                    v += kernel[k + reach] * rows[(y + k) * width + x]
                }
                out[y * width + x] = v
            }
        }
        return out
    }

    /// The largest difference, in 8-bit steps, between the alpha of the
    /// shadow of shape `kind` (0 rect, 1 ellipse, 2 rounded rect; blur in
    /// points at `scale`) and the Gaussian of its exact coverage.
    static func gaussianError(kind: Int, blur: Double, scale: Double) throws -> Double {
        let width = 300, height = 230
        // The shape in device pixels (x 5.25...45.75), its shadow 70
        // pixels right and 4 down: measured right of x = 50, clear of the
        // shape drawn over it.
        let path = shape(
            kind, Rect(x: 5.25 / scale, y: 60.5 / scale, width: 40.5 / scale, height: 100.75 / scale),
            radius: 15 / scale)
        // The shape's exact coverage, moved as the shadow is.
        let mask = try Surface(width: width, height: height, format: .a8)
        let m = Canvas(surface: mask, scale: scale)
        m.translateBy(devicePixelsX: 70, y: 4)
        m.fill(path, with: .black)
        let coverage = mask.bytes.map { Double($0) / 255 }
        let expected = gaussian(coverage, width: width, height: height, sigma: blur / 2 * scale)
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: scale)
        canvas.setShadow(offset: Size(width: 70 / scale, height: 4 / scale), blur: blur, color: .black)
        canvas.fill(path, with: Color(red: 1, green: 0, blue: 0))
        var worst = 0.0
        for y in 0..<height {
            for x in 50..<width {
                let got = Double(surface.pixel(x: x, y: y)!.alpha)
                worst = max(worst, abs(got - expected[y * width + x] * 255))
            }
        }
        return worst
    }

    /// Three box blurs approximate the Gaussian (Kovesi 2010): their
    /// step response is within 1.5...4.5/255 of the Gaussian's in one
    /// dimension (computed in Double for σ 2...30, widest for bars
    /// narrower than 2σ), a corner adds both axes' error, and odd box
    /// widths miss σ² by up to w_l + 1 (σ 1.83 for 2). Measured maximum
    /// over every pixel, rect, ellipse and rounded rect, scales 1-3:
    /// 5.1/255 for σ ≥ 3 device pixels, 7.6/255 for σ = 2, 4.5/255 for
    /// σ = 1.5. Tolerances: 6/255 for σ ≥ 3, 8/255 below. (Below σ ≈ 1.4
    /// the boxes cannot follow: σ < 0.82 gives width-1 boxes, no blur.)
    @Test(arguments: [(1.0, 3.0), (2.0, 2.0), (3.0, 2.0), (4.0, 3.0), (8.0, 1.0), (12.0, 3.0), (20.0, 2.0)])
    func blurredShadowsFollowTheGaussianOfTheCoverage(blur: Double, scale: Double) throws {
        let sigma = blur / 2 * scale
        let tolerance = sigma >= 3 ? 6.0 : 8.0
        for kind in 0..<3 {
            let error = try Self.gaussianError(kind: kind, blur: blur, scale: scale)
            #expect(error <= tolerance, "shape \(kind) blur \(blur) scale \(scale): \(error)/255")
        }
    }

    @Test func symmetricShapesCastSymmetricShadows() throws {
        for (kind, blur) in [(0, 3.0), (1, 5.0), (2, 8.0), (1, 0.0)] {
            let surface = try Surface(width: 64, height: 48)
            let canvas = Canvas(surface: surface, scale: 2)
            // Centred on (32, 24) device pixels.
            canvas.setShadow(
                offset: Size(width: 0, height: 0), blur: blur, color: Color(red: 0, green: 0, blue: 1, alpha: 0.8))
            canvas.fill(
                Self.shape(kind, Rect(x: 6.25, y: 5.5, width: 19.5, height: 13), radius: 4),
                with: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
            for y in 0..<48 {
                for x in 0..<64 {
                    let p = surface.pixel(x: x, y: y)
                    #expect(
                        p == surface.pixel(x: 63 - x, y: y) && p == surface.pixel(x: x, y: 47 - y),
                        "shape \(kind) blur \(blur) at (\(x), \(y))")
                }
            }
        }
    }

    static func draw(_ canvas: Canvas) {
        var path = Path()
        path.addRoundedRect(in: Rect(x: 6, y: 5, width: 20, height: 12), cornerRadius: 4)
        canvas.fill(path, with: Color(red: 0.2, green: 0.6, blue: 0.3))
        canvas.stroke(path, with: Color(red: 0, green: 0, blue: 0, alpha: 0.5), style: StrokeStyle(width: 1.5))
        canvas.draw(path, fill: .solid(.white), stroke: .solid(.black))
        canvas.draw(CoverageDrawTests.tile, in: Rect(x: 20, y: 14, width: 9, height: 6))
    }

    @Test func saveAndRestoreBringBackTheShadow() throws {
        let plain = try Surface(width: 40, height: 30), restored = try Surface(width: 40, height: 30)
        let shadowed = try Surface(width: 40, height: 30), again = try Surface(width: 40, height: 30)
        Self.draw(Canvas(surface: plain))
        let a = Canvas(surface: restored)
        a.save()
        a.setShadow(offset: Size(width: 2, height: 3), blur: 4, color: .black)
        a.restore()
        Self.draw(a)
        #expect(restored.bytes == plain.bytes)
        let b = Canvas(surface: shadowed), c = Canvas(surface: again)
        b.setShadow(offset: Size(width: 2, height: 3), blur: 4, color: .black)
        Self.draw(b)
        c.setShadow(offset: Size(width: 2, height: 3), blur: 4, color: .black)
        c.save()
        c.clearShadow()
        c.restore()
        Self.draw(c)
        #expect(again.bytes == shadowed.bytes)
        #expect(shadowed.bytes != plain.bytes)
    }

    @Test(arguments: formats)
    func theClipClipsTheShadow(format: PixelFormat) throws {
        // A whole-pixel clip: inside it, the pixels of the unclipped
        // draw; outside, untouched.
        let whole = try Surface(width: 48, height: 36, format: format)
        let clipped = try Surface(width: 48, height: 36, format: format)
        let a = Canvas(surface: whole, scale: 1.5), b = Canvas(surface: clipped, scale: 1.5)
        for canvas in [a, b] {
            canvas.setShadow(
                offset: Size(width: 4, height: -2), blur: 6, color: Color(red: 0.3, green: 0, blue: 0.6, alpha: 0.7))
        }
        b.clip(to: Rect(x: 10, y: 4, width: 12, height: 14))
        Self.draw(a)
        Self.draw(b)
        for y in 0..<36 {
            for x in 0..<48 {
                let inside = (15..<33).contains(x) && (6..<27).contains(y)
                let want = inside ? whole.pixel(x: x, y: y) : PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
                #expect(clipped.pixel(x: x, y: y) == want, "\(format) (\(x), \(y))")
            }
        }
        // An anti-aliased clip shape: nothing outside its bounds.
        let shaped = try Surface(width: 48, height: 36, format: format)
        let c = Canvas(surface: shaped, scale: 1.5)
        c.setShadow(offset: Size(width: 4, height: -2), blur: 6, color: .black)
        var clip = Path()
        clip.addEllipse(in: Rect(x: 3.3, y: 2.1, width: 14, height: 11))
        c.clip(to: clip)
        Self.draw(c)
        for y in 0..<36 {
            for x in 0..<48 where !(4..<27).contains(x) || !(3..<21).contains(y) {
                #expect(shaped.pixel(x: x, y: y)!.alpha == 0, "\(format) (\(x), \(y))")
            }
        }
    }

    @Test func tilesMakeTheSameShadowAsOnePass() throws {
        let one = try Surface(width: 90, height: 70), tiled = try Surface(width: 90, height: 70)
        let a = Canvas(surface: one, scale: 2), b = Canvas(surface: tiled, scale: 2)
        b.shadowTileSize = 7
        for canvas in [a, b] {
            canvas.clear(Color(red: 0.9, green: 0.9, blue: 0.8))
            canvas.setShadow(
                offset: Size(width: 1.25, height: 2.5), blur: 5, color: Color(red: 0, green: 0, blue: 0, alpha: 0.6))
            canvas.clip(to: Rect(x: 2, y: 1.5, width: 40, height: 30))
            Self.draw(canvas)
        }
        #expect(one.bytes == tiled.bytes)
    }

    @Test func badShadowsNeverTrap() throws {
        let plain = try Surface(width: 30, height: 20)
        Self.draw(Canvas(surface: plain))
        let unblurred = try Surface(width: 30, height: 20)
        let u = Canvas(surface: unblurred)
        u.setShadow(offset: Size(width: 1, height: 1), blur: 0, color: .black)
        Self.draw(u)
        // Non-finite offsets clear the shadow; NaN and negative blurs are
        // 0; an infinite blur is the largest; huge offsets land off the
        // surface.
        for (offset, blur, expected) in [
            (Size(width: .nan, height: 1), 2.0, plain), (Size(width: 1, height: .infinity), 2.0, plain),
            (Size(width: -.infinity, height: .nan), .nan, plain), (Size(width: 1e300, height: 0), 3.0, plain),
            (Size(width: 0, height: -1e30), 0.0, plain), (Size(width: 1, height: 1), .nan, unblurred),
            (Size(width: 1, height: 1), -5.0, unblurred), (Size(width: 1, height: 1), -.infinity, unblurred),
        ] as [(Size, Double, Surface)] {
            let surface = try Surface(width: 30, height: 20)
            let canvas = Canvas(surface: surface)
            canvas.setShadow(offset: offset, blur: blur, color: .black)
            Self.draw(canvas)
            #expect(surface.bytes == expected.bytes, "offset \(offset) blur \(blur)")
        }
        let surface = try Surface(width: 30, height: 20)
        let canvas = Canvas(surface: surface, scale: 3)
        canvas.setShadow(offset: Size(width: 1, height: 1), blur: .infinity, color: .black)
        Self.draw(canvas)
        canvas.setShadow(
            offset: Size(width: 1, height: 1), blur: 1e300, color: Color(red: 1, green: 0, blue: 0, alpha: .nan))
        Self.draw(canvas)
        let mask = try Surface(width: 3, height: 3, format: .a8)
        mask.clear(to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 255))
        canvas.setShadow(offset: Size(width: 1e9, height: -1e9), blur: 2, color: .black)
        for x in [Int.min, -1, Int.max] { canvas.draw(coverage: mask, atDeviceX: x, y: x, with: .solid(.black)) }
    }

    @Test func shadowedDrawingKeepsItsBuffers() throws {
        for scale in [1.0, 2, 3] {
            let surface = try Surface(width: Int(60 * scale), height: Int(40 * scale), format: .bgra8Premultiplied)
            let canvas = Canvas(surface: surface, scale: scale)
            let mask = try Surface(width: 9, height: 7, format: .a8)
            mask.clear(to: PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 180))
            func drawAll() {
                canvas.clear(.white)
                canvas.setShadow(
                    offset: Size(width: 0, height: 2), blur: 6, color: Color(red: 0, green: 0, blue: 0, alpha: 0.3))
                Self.draw(canvas)
                canvas.draw(coverage: mask, atDeviceX: 5, y: 6, with: .solid(.black))
                canvas.setShadow(offset: Size(width: 1.5, height: 0.5), blur: 0, color: .black)
                Self.draw(canvas)
                canvas.clearShadow()
            }
            drawAll()
            drawAll()
            let footprint = canvas.storageFootprint
            for _ in 0..<5 { drawAll() }
            #expect(canvas.storageFootprint == footprint, "scale \(scale)")
        }
    }
}
