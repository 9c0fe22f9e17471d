// Shading along a row: the linear gradient and the bilinear pattern give
// each pixel the color of its own centre (device (x + 0.5, y + 0.5) mapped
// to paint space as `Point.applying` evaluates it), however the row is cut
// into runs. Checked against independent per-pixel references over random
// transforms, stops, images and tile modes (the shaders take two pixels at
// a time with the 1.5·2^52 floor and 16-bit lanes; the references use
// `rounded(.down)` and one channel at a time).

import Testing
@testable import Hairline
import HairlineTestSupport

@Suite struct RowShadingTests {
    /// Uniform in [0, 1).
    static func unit(_ rng: inout SplitMix64) -> Double { Double(rng.next() >> 11) / Double(1 << 53) }

    /// A run's colors, then the same run cut in two at a random point.
    static func shadeTwice(
        _ shade: (Int, Int, Int, UnsafeMutablePointer<UInt32>) -> Void, x: Int, y: Int, count: Int, cut: Int
    ) -> ([UInt32], [UInt32]) {
        var whole = [UInt32](repeating: 0, count: count)
        var split = [UInt32](repeating: 0, count: count)
        whole.withUnsafeMutableBufferPointer { shade(x, y, count, $0.baseAddress!) }
        split.withUnsafeMutableBufferPointer {
            shade(x, y, cut, $0.baseAddress!)
            shade(x + cut, y, count - cut, $0.baseAddress! + cut)
        }
        return (whole, split)
    }

    @Test func linearGradientPixelsAreTheirOwnCentres() {
        var rng = SplitMix64(seed: 0x51AD)
        let preparation = ShaderPreparation()
        for trial in 0..<300 {
            let stops = (0..<(1 + Int(rng.next() % 4))).map { _ in
                GradientStop(
                    location: Self.unit(&rng),
                    color: Color(
                        red: Self.unit(&rng), green: Self.unit(&rng), blue: Self.unit(&rng),
                        alpha: rng.next() % 2 == 0 ? 1 : Self.unit(&rng)))
            }
            let extend = [ExtendMode.pad, .pad, .repeat, .reflect][trial % 4]
            let gradient = Gradient(stops: stops, extend: extend)
            let ramp = preparation.prepareRamp(gradient, alpha: 1, swapsRedBlue: false)
            // Shallow to steep slopes, either sign, and rows far from the
            // gradient's ends (pad reaches both ends).
            let slope = (Self.unit(&rng) * 2 - 1) * [0.0005, 0.004, 0.05, 0.7][Int(rng.next() % 4)]
            let shader = LinearShader(
                ramp: ramp, a: slope, b: (Self.unit(&rng) * 2 - 1) * 0.01, c: Self.unit(&rng) * 3 - 1)
            let x = Int(rng.next() % 600) - 100, y = Int(rng.next() % 400) - 50
            let count = 1 + Int(rng.next() % 300)
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = Self.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            let normalized = gradient.normalizedStops
            for k in 0..<count {
                let t = shader.a * (Double(x + k) + 0.5) + shader.b * (Double(y) + 0.5) + shader.c
                let i = Int(Gradient.extended(t, extend) * Double(rampSize - 1) + 0.5)
                let expected = normalized.withUnsafeBufferPointer { Ramp.entry(i, stops: $0, alpha: 1) }
                if whole[k] != expected || split[k] != expected {
                    Issue.record("trial \(trial), pixel \(x + k): \(whole[k]), \(split[k]) != \(expected)")
                    return
                }
            }
        }
    }

    /// One channel of `mix`: a·(256 − w)/256 + b·w/256, rounded.
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) {
            let ca = (a >> UInt32(shift)) & 0xFF, cb = (b >> UInt32(shift)) & 0xFF
            out |= ((ca * (256 - w) + cb * w + 128) >> 8) << UInt32(shift)
        }
        return out
    }

    @Test func bilinearPatternPixelsAreTheirOwnCentres() throws {
        var rng = SplitMix64(seed: 0xB11E)
        let preparation = ShaderPreparation()
        for trial in 0..<300 {
            let width = [1, 2, 3, 7, 64, 65][Int(rng.next() % 6)], height = 1 + Int(rng.next() % 9)
            let pixels = (0..<(width * height)).map { _ -> UInt32 in
                let alpha = rng.next() % 3 == 0 ? UInt8(rng.next() % 256) : 255
                let c = { UInt8(UInt64(alpha) * (rng.next() % 256) / 255) }
                return PremultipliedColor(red: c(), green: c(), blue: c(), alpha: alpha).packed
            }
            let image = try Image(width: width, height: height, premultipliedPixels: pixels)
            let tileX = [TileMode.repeat, .repeat, .pad, .reflect, .decal][Int(rng.next() % 5)]
            let tileY = [TileMode.repeat, .pad, .reflect, .decal][Int(rng.next() % 4)]
            // Axis-aligned (b = 0) maps: scales from a fifth to five, either
            // sign, whole steps, skew in c, fractional offsets.
            let scale = [1, 1, -1, 0.2 + Self.unit(&rng) * 5, -(0.2 + Self.unit(&rng) * 5)][Int(rng.next() % 5)]
            let skew = rng.next() % 3 == 0 ? Self.unit(&rng) - 0.5 : 0
            let transform = AffineTransform(
                a: scale, b: 0, c: skew, d: 0.3 + Self.unit(&rng) * 3, tx: Self.unit(&rng) * 400 - 200,
                ty: Self.unit(&rng) * 200 - 100)
            let paint = ImagePattern(image, transform: transform, tileX: tileX, tileY: tileY, sampling: .bilinear)
            guard
                case .pattern(let shader) = preparation.shader(
                    for: .pattern(paint), transform: .identity, alpha: 1, swapsRedBlue: false)
            else {
                Issue.record("trial \(trial): no pattern shader")
                return
            }
            let x = Int(rng.next() % 500) - 100, y = Int(rng.next() % 300) - 50
            let count = 1 + Int(rng.next() % 400)
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = Self.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            func at(_ i: Int, _ j: Int) -> UInt32 {
                guard let ii = PatternTests.index(i, width, tileX), let jj = PatternTests.index(j, height, tileY)
                else { return 0 }
                return pixels[jj * width + ii]
            }
            for k in 0..<count {
                let p = Point(x: Double(x + k) + 0.5, y: Double(y) + 0.5).applying(shader.toPattern)
                let u = p.x - 0.5, v = p.y - 0.5
                let fu = u.rounded(.down), fv = v.rounded(.down)
                let i = Int(fu), j = Int(fv)
                let wx = UInt32((u - fu) * 256 + 0.5), wy = UInt32((v - fv) * 256 + 0.5)
                let expected = Self.mix(
                    Self.mix(at(i, j), at(i + 1, j), wx), Self.mix(at(i, j + 1), at(i + 1, j + 1), wx), wy)
                if whole[k] != expected || split[k] != expected {
                    let what = "trial \(trial) (\(width)x\(height), \(tileX)/\(tileY), scale \(scale))"
                    Issue.record("\(what), pixel \(x + k): \(whole[k]), \(split[k]) != \(expected)")
                    return
                }
            }
        }
    }
}
