// Bilinear patterns translated by a fractional offset at one image pixel per
// device pixel (ImagePattern+UnitStep.swift): the run is mixed with one
// pair of weights, one column further per pixel, only where every pixel's
// pattern x provably is the first one's plus a whole number. Checked
// against an independent per-pixel reference (rounded(.down), one channel
// at a time) over offsets chosen to straddle powers of two and zero, where
// the rounding of x + tx changes step.

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct UnitStepPatternTests {
    /// The bilinear color of device pixel (x, y) as the shader must give it:
    /// its centre mapped by `toPattern`, floors and weights per axis.
    static func reference(
        _ x: Int, _ y: Int, _ toPattern: AffineTransform, pixels: [UInt32], width: Int, height: Int,
        tileX: TileMode, tileY: TileMode
    ) -> UInt32 {
        RowShadingTests.bilinearReference(
            Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(toPattern), pixels: pixels, width: width,
            height: height, tileX: tileX, tileY: tileY)
    }

    @Test func translatedRowsEqualPerPixelSampling() throws {
        var rng = SplitMix64(seed: 0x0AE5)
        let preparation = ShaderPreparation()
        var unitStepRuns = 0
        for trial in 0..<400 {
            let width = [1, 2, 5, 63, 64, 65, 300][Int(rng.next() % 7)], height = 1 + Int(rng.next() % 7)
            let image = try RowShadingTests.randomPremultipliedImage(width: width, height: height, rng: &rng)
            let pixels = image.pixels
            let tileX = [TileMode.repeat, .repeat, .pad, .reflect, .decal][Int(rng.next() % 5)]
            let tileY = [TileMode.repeat, .pad, .decal][Int(rng.next() % 3)]
            let x = Int(rng.next() % 600) - 100, y = Int(rng.next() % 300) - 50
            let count = 1 + Int(rng.next() % 400)
            // Offsets anywhere, or putting the run's pattern x across a
            // power of two or zero (x + 0.5 + tx near ±2^k), fractional
            // by a random amount or by a few ulps.
            let fraction = rng.next() % 2 == 0 ? RowShadingTests.unit(&rng) : Double(rng.next() % 5) * 0x1p-40
            let tx: Double
            switch trial % 3 {
            case 0: tx = RowShadingTests.unit(&rng) * 1200 - 600
            case 1:
                let k = Double(1 << Int(rng.next() % 10)) * (rng.next() % 2 == 0 ? 1 : -1)
                tx = k - Double(x) - Double(rng.next() % UInt64(count + 1)) + fraction
            default: tx = -Double(x) - Double(rng.next() % UInt64(count + 1)) + fraction
            }
            let ty = RowShadingTests.unit(&rng) * 100 - 50
            let paint = ImagePattern(
                image, transform: AffineTransform(translationX: tx, y: ty), tileX: tileX, tileY: tileY,
                sampling: .bilinear)
            guard let shader = RowShadingTests.patternShader(paint, preparation) else {
                Issue.record("trial \(trial): no pattern shader")
                return
            }
            // The run's first piece inside one binade of pattern x.
            let piece = shader.unitStepPiece(deviceX: x, deviceY: y, count: count)
            if piece >= PatternShader.unitStepMinimum,
                shader.unitStepColumns(deviceX: x, deviceY: y, count: piece) != nil
            {
                unitStepRuns += 1
            }
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = RowShadingTests.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            for k in 0..<count {
                let expected = Self.reference(
                    x + k, y, shader.toPattern, pixels: pixels, width: width, height: height, tileX: tileX,
                    tileY: tileY)
                if whole[k] != expected || split[k] != expected {
                    Issue.record(
                        "trial \(trial) (\(width)x\(height), \(tileX)/\(tileY), tx \(tx)), pixel \(x + k): \(whole[k]), \(split[k]) != \(expected)"
                    )
                    return
                }
            }
        }
        // Most runs start with a fixed-weight piece (the others start at a
        // power of two, near zero, or are short).
        #expect(unitStepRuns > 150)
    }

    @Test func runsStayInOneBinadeOnlyStrictlyInside() {
        #expect(PatternShader.staysInOneBinade(1.5, 1.75))
        #expect(PatternShader.staysInOneBinade(300.25, 511.5))
        #expect(!PatternShader.staysInOneBinade(256, 300.5))  // the power of two itself
        #expect(!PatternShader.staysInOneBinade(255.5, 256.5))
        #expect(PatternShader.staysInOneBinade(-511.5, -300.25))
        #expect(!PatternShader.staysInOneBinade(-300.5, -256))
        #expect(!PatternShader.staysInOneBinade(-0.5, 0.5))
        #expect(!PatternShader.staysInOneBinade(0, 0.5))
        #expect(!PatternShader.staysInOneBinade(0x1p40 + 0.5, 0x1p40 + 4))
        #expect(!PatternShader.staysInOneBinade(.nan, 1.5))
    }

    @Test func piecesEndAtBinades() throws {
        let image = try Image(width: 4, height: 4, premultipliedPixels: [UInt32](repeating: 0xFF00_00FF, count: 16))
        // tx = 0.1 has bits down to 2^−55: x + tx rounds everywhere here.
        let paint = ImagePattern(image, transform: AffineTransform(translationX: -0.1, y: 0), sampling: .bilinear)
        guard
            case .pattern(let shader) = ShaderPreparation().shader(
                for: .pattern(paint), transform: .identity, alpha: 1, swapsRedBlue: false)
        else {
            Issue.record("no pattern shader")
            return
        }
        // Device x 10.5 → s = 10.6, u = 10.1: both stay below 16 for 6
        // pixels (s reaches 15.6 at the sixth, 16.6 at the seventh).
        #expect(shader.unitStepPiece(deviceX: 10, deviceY: 0, count: 100) == 6)
        #expect(shader.unitStepPiece(deviceX: 10, deviceY: 0, count: 3) == 3)
        #expect(shader.unitStepColumns(deviceX: 10, deviceY: 0, count: 6)?.column == 10)
        #expect(shader.unitStepColumns(deviceX: 10, deviceY: 0, count: 7) == nil)
    }

    @Test func exactSumsReachTwoToThe53TimesTheLowestBit() {
        #expect(PatternShader.exactBound(0) == 0x1p52)
        #expect(PatternShader.exactBound(3) == 0x1p52)
        #expect(PatternShader.exactBound(0.25) == 0x1p51)
        #expect(PatternShader.exactBound(-7.75) == 0x1p51)
        #expect(PatternShader.exactBound(0.1) == 0.25)
        #expect(PatternShader.exactBound(-(7.25 + 0x1p-50)) == 8)
        #expect(PatternShader.exactBound(.nan) == 0)
        #expect(PatternShader.exactBound(.infinity) == 0)
        #expect(PatternShader.exactBound(0x1p-1074) == 0)
    }

    @Test func unitStepNeedsATranslation() throws {
        let image = try Image(width: 4, height: 4, premultipliedPixels: [UInt32](repeating: 0xFF00_00FF, count: 16))
        let preparation = ShaderPreparation()
        func columns(_ transform: AffineTransform, x: Int = 10) -> (column: Int, weight: UInt32)? {
            let paint = ImagePattern(image, transform: transform, sampling: .bilinear)
            return RowShadingTests.patternShader(paint, preparation)?.unitStepColumns(deviceX: x, deviceY: 3, count: 2)
        }
        // Device x 10.5 and 11.5 → pattern 2.75 and 3.75, 2.25 and 3.25
        // after the half-pixel shift: column 2, weight 0.25.
        let unit = columns(AffineTransform(translationX: 7.75, y: 0.5))
        #expect(unit?.column == 2 && unit?.weight == 64)
        // Across 4 (3.25 → 4.25), but every sum exact (tx in quarters).
        let across = columns(AffineTransform(translationX: 7.25, y: 0.5))
        #expect(across?.column == 2 && across?.weight == 192)
        // Across 8 (7.25 − 2^−50 → 8.25 − 2^−50), past the exact range:
        // sampled pixel by pixel.
        #expect(columns(AffineTransform(translationX: 7.25 + 0x1p-50, y: 0.5), x: 14) == nil)
        #expect(columns(AffineTransform(scaleX: 2, y: 1)) == nil)
        #expect(columns(AffineTransform(a: 1, b: 0, c: 0.5, d: 1, tx: 0, ty: 0)) == nil)
    }
}
