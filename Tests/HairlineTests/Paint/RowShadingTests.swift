// Shading along a row: the linear, radial and conic gradients and the
// bilinear pattern give each pixel the color of its own centre (device (x + 0.5, y + 0.5) mapped
// to paint space as `Point.applying` evaluates it), however the row is cut
// into runs. Checked against independent per-pixel references over random
// transforms, stops, images and tile modes (the shaders take two pixels at
// a time with the 1.5·2^52 floor and 16-bit lanes; the references use
// `rounded(.down)`, the scalar radial parameter and one channel at a time).

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
        for trial in 0..<800 {
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
            // Shallow to steep slopes, either sign (zero too), and rows far
            // from the gradient's ends (pad reaches both ends; a run may
            // lie all in one pad, start or end in one, or cross both).
            let slope =
                trial % 50 == 7 ? 0 : (Self.unit(&rng) * 2 - 1) * [0.0005, 0.004, 0.05, 0.7, 3][Int(rng.next() % 5)]
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

    /// A random premultiplied image: a third of its pixels translucent, the
    /// rest opaque, every channel at most its alpha (shared by the pattern
    /// suites; the draws from `rng` keep their order, so the suites' values
    /// do not move).
    static func randomPremultipliedImage(width: Int, height: Int, rng: inout SplitMix64) throws -> Image {
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for _ in 0..<(width * height) {
            let alpha = rng.next() % 3 == 0 ? UInt8(rng.next() % 256) : 255
            let red = UInt8(UInt64(alpha) * (rng.next() % 256) / 255)
            let green = UInt8(UInt64(alpha) * (rng.next() % 256) / 255)
            let blue = UInt8(UInt64(alpha) * (rng.next() % 256) / 255)
            pixels.append(PremultipliedColor(red: red, green: green, blue: blue, alpha: alpha).packed)
        }
        return try Image(width: width, height: height, premultipliedPixels: pixels)
    }

    /// The pattern shader `preparation` makes of `paint` drawn untransformed
    /// at full alpha (nil if it makes another kind, or none).
    static func patternShader(_ paint: ImagePattern, _ preparation: ShaderPreparation) -> PatternShader? {
        guard
            case .pattern(let shader) = preparation.shader(
                for: .pattern(paint), transform: .identity, alpha: 1, swapsRedBlue: false)
        else { return nil }
        return shader
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

    /// The bilinear sample at pattern point `p` of `pixels` (`width` ×
    /// `height`, row-major), tiled per axis, by reference arithmetic:
    /// coordinates clamped as the shader clamps them, floors by
    /// `rounded(.down)`, the mixes one channel at a time.
    static func bilinearReference(
        _ p: Point, pixels: [UInt32], width: Int, height: Int, tileX: TileMode, tileY: TileMode
    ) -> UInt32 {
        func at(_ i: Int, _ j: Int) -> UInt32 {
            guard let ii = PatternTests.index(i, width, tileX), let jj = PatternTests.index(j, height, tileY)
            else { return 0 }
            return pixels[jj * width + ii]
        }
        let limit = PatternShader.coordinateLimit
        let u = min(max(p.x - 0.5, -limit), limit), v = min(max(p.y - 0.5, -limit), limit)
        let fu = u.rounded(.down), fv = v.rounded(.down)
        let i = Int(fu), j = Int(fv)
        let wx = UInt32((u - fu) * 256 + 0.5), wy = UInt32((v - fv) * 256 + 0.5)
        return mix(mix(at(i, j), at(i + 1, j), wx), mix(at(i, j + 1), at(i + 1, j + 1), wx), wy)
    }

    @Test func bilinearPatternPixelsAreTheirOwnCentres() throws {
        var rng = SplitMix64(seed: 0xB11E)
        let preparation = ShaderPreparation()
        for trial in 0..<300 {
            let width = [1, 2, 3, 7, 64, 65][Int(rng.next() % 6)], height = 1 + Int(rng.next() % 9)
            let image = try Self.randomPremultipliedImage(width: width, height: height, rng: &rng)
            let pixels = image.pixels
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
            guard let shader = RowShadingTests.patternShader(paint, preparation) else {
                Issue.record("trial \(trial): no pattern shader")
                return
            }
            let x = Int(rng.next() % 500) - 100, y = Int(rng.next() % 300) - 50
            let count = 1 + Int(rng.next() % 400)
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = Self.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            for k in 0..<count {
                let p = Point(x: Double(x + k) + 0.5, y: Double(y) + 0.5).applying(shader.toPattern)
                let expected = Self.bilinearReference(
                    p, pixels: pixels, width: width, height: height, tileX: tileX, tileY: tileY)
                if whole[k] != expected || split[k] != expected {
                    let what = "trial \(trial) (\(width)x\(height), \(tileX)/\(tileY), scale \(scale))"
                    Issue.record("\(what), pixel \(x + k): \(whole[k]), \(split[k]) != \(expected)")
                    return
                }
            }
        }
    }

    /// Rotated and skewed maps (b ≠ 0: pattern y changes along the row,
    /// ImagePattern+Rotated.swift): every pixel its own centre's sample,
    /// however the run is cut, over images 1 to 65 pixels a side (slices
    /// of a larger image too), every tile mode on each axis, offsets that
    /// put samples on the image's edges and wraps, and coordinates far
    /// enough out to be clamped.
    @Test func rotatedBilinearPatternPixelsAreTheirOwnCentres() throws {
        var rng = SplitMix64(seed: 0x2073_ED)
        let preparation = ShaderPreparation()
        var pairsInside = 0
        for trial in 0..<400 {
            let fullWidth = [1, 2, 3, 7, 64, 65][Int(rng.next() % 6)], fullHeight = [1, 2, 5, 64][Int(rng.next() % 4)]
            let image = try Self.randomPremultipliedImage(width: fullWidth, height: fullHeight, rng: &rng)
            // A slice of the image in a quarter of the trials (sampled in
            // place: its rows are the image's, longer than it is wide).
            var slice: PixelRect?
            if trial % 4 == 3 && fullWidth > 2 && fullHeight > 1 {
                let minX = Int(rng.next() % UInt64(fullWidth - 1)), minY = Int(rng.next() % UInt64(fullHeight - 1))
                let maxX = minX + 1 + Int(rng.next() % UInt64(fullWidth - minX))
                let maxY = minY + 1 + Int(rng.next() % UInt64(fullHeight - minY))
                slice = PixelRect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
            }
            let (width, height) = slice.map { ($0.maxX - $0.minX, $0.maxY - $0.minY) } ?? (fullWidth, fullHeight)
            let pixels: [UInt32] =
                slice.map { s in
                    (s.minY..<s.maxY).flatMap { j in (s.minX..<s.maxX).map { image.pixels[j * fullWidth + $0] } }
                } ?? image.pixels
            let tileX = [TileMode.repeat, .repeat, .pad, .reflect, .decal][Int(rng.next() % 5)]
            let tileY = [TileMode.repeat, .repeat, .pad, .reflect, .decal][Int(rng.next() % 5)]
            // A rotation by any angle, scaled by a fifth to five, or a
            // skew; offsets near or far (past 2^40 pattern pixels: clamped).
            let angle = Self.unit(&rng) * 2 * Double.pi, scale = 0.2 + Self.unit(&rng) * 5
            var transform: AffineTransform
            if trial % 5 == 4 {
                transform = AffineTransform(a: 1, b: Self.unit(&rng) - 0.5, c: 0, d: 1, tx: 0, ty: 0)
            } else {
                transform = AffineTransform(rotationAngle: angle).scaledBy(x: scale, y: scale)
            }
            transform.tx = trial % 17 == 0 ? 1e13 : Self.unit(&rng) * 400 - 200
            transform.ty = trial % 23 == 0 ? -1e13 : Self.unit(&rng) * 400 - 200
            guard transform.b != 0 else { continue }
            var paint = ImagePattern(image, transform: transform, tileX: tileX, tileY: tileY, sampling: .bilinear)
            paint.slice = slice
            guard let shader = Self.patternShader(paint, preparation) else {
                Issue.record("trial \(trial): no pattern shader")
                return
            }
            let x = Int(rng.next() % 500) - 100, y = Int(rng.next() % 300) - 50
            let count = 1 + Int(rng.next() % 300)
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = Self.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            var inside = 0
            for k in 0..<count {
                let p = Point(x: Double(x + k) + 0.5, y: Double(y) + 0.5).applying(shader.toPattern)
                let limit = PatternShader.coordinateLimit
                let i = Int(min(max(p.x - 0.5, -limit), limit).rounded(.down))
                let j = Int(min(max(p.y - 0.5, -limit), limit).rounded(.down))
                // Inside the image (a repeating axis wrapped into it).
                let ii = tileX == .repeat ? PatternTests.index(i, width, .repeat)! : i
                let jj = tileY == .repeat ? PatternTests.index(j, height, .repeat)! : j
                if ii >= 0 && ii <= width - 2 && jj >= 0 && jj <= height - 2 { inside += 1 }
                let expected = Self.bilinearReference(
                    p, pixels: pixels, width: width, height: height, tileX: tileX, tileY: tileY)
                if whole[k] != expected || split[k] != expected {
                    let what = "trial \(trial) (\(width)x\(height), \(tileX)/\(tileY), \(transform))"
                    Issue.record("\(what), pixel \(x + k): \(whole[k]), \(split[k]) != \(expected)")
                    return
                }
            }
            pairsInside += inside / 2
        }
        // The two-pixel path is reached (pixels sampled inside the image).
        #expect(pairsInside > 1_000)
    }

    /// Random stops (1 to 4, some translucent).
    static func stops(_ rng: inout SplitMix64) -> [GradientStop] {
        (0..<(1 + Int(rng.next() % 4))).map { _ in
            GradientStop(
                location: unit(&rng),
                color: Color(
                    red: unit(&rng), green: unit(&rng), blue: unit(&rng),
                    alpha: rng.next() % 2 == 0 ? 1 : unit(&rng)))
        }
    }

    /// A random gradient-to-user map: rotation, scales of either sign,
    /// some skew, an offset (or the identity).
    static func transform(_ rng: inout SplitMix64) -> AffineTransform {
        if rng.next() % 4 == 0 { return .identity }
        let angle = unit(&rng) * 2 * Double.pi
        let sx = (0.2 + unit(&rng) * 3) * (rng.next() % 3 == 0 ? -1 : 1), sy = 0.2 + unit(&rng) * 3
        let skew = rng.next() % 3 == 0 ? unit(&rng) - 0.5 : 0
        let cosA = _cos(angle), sinA = _sin(angle)
        return AffineTransform(
            a: cosA * sx, b: sinA * sx, c: -sinA * sy + skew, d: cosA * sy, tx: unit(&rng) * 300 - 50,
            ty: unit(&rng) * 200 - 50)
    }

    /// The ramp entry `Ramp.color(t)` must read, from `Gradient.extended`
    /// (libm floor) and `Ramp.entry`.
    static func expectedEntry(_ t: Double, _ gradient: Gradient) -> UInt32 {
        let i = Int(Gradient.extended(t, gradient.extend) * Double(rampSize - 1) + 0.5)
        return gradient.normalizedStops.withUnsafeBufferPointer { Ramp.entry(i, stops: $0, alpha: 1) }
    }

    @Test func radialGradientPixelsAreTheirOwnCentres() {
        var rng = SplitMix64(seed: 0x2AD1)
        let preparation = ShaderPreparation()
        var kinds = [String: Int](), cleared = 0, painted = 0
        for trial in 0..<400 {
            let extend = [ExtendMode.pad, .repeat, .reflect][trial % 3]
            let gradient = Gradient(stops: Self.stops(&rng), extend: extend)
            let c1 = Point(x: Self.unit(&rng) * 200, y: Self.unit(&rng) * 200)
            let r1 = 5 + Self.unit(&rng) * 150
            var c0 = c1, r0 = 0.0
            let kind = ["concentric", "focal inside", "focal outside", "equal radii", "linear"][(trial / 3) % 5]
            switch kind {
            case "concentric":
                r0 = rng.next() % 2 == 0 ? 0 : Self.unit(&rng) * r1 * 1.5
            case "focal inside":
                let angle = Self.unit(&rng) * 2 * Double.pi, d = Self.unit(&rng) * r1 * 0.9
                c0 = Point(x: c1.x + d * _cos(angle), y: c1.y + d * _sin(angle))
                r0 = rng.next() % 2 == 0 ? 0 : (r1 - d) * Self.unit(&rng)
            case "focal outside":
                // A cone: the start circle outside the end circle (or
                // larger and off-centre), points outside it unpainted.
                let angle = Self.unit(&rng) * 2 * Double.pi, d = r1 * (1.1 + Self.unit(&rng) * 3)
                c0 = Point(x: c1.x + d * _cos(angle), y: c1.y + d * _sin(angle))
                r0 = Self.unit(&rng) * r1 * [0.5, 2][Int(rng.next() % 2)]
            case "equal radii":
                c0 = Point(x: c1.x + Self.unit(&rng) * 60 - 30, y: c1.y + Self.unit(&rng) * 60 - 30)
                r0 = r1
            default:
                // |c1 − c0| = |r1 − r0| exactly (3-4-5 scaled by a power
                // of two): the quadratic's leading coefficient is 0.
                let scale = Double(1 << Int(rng.next() % 6)) * (rng.next() % 2 == 0 ? 1 : 0.125)
                let sx: Double = rng.next() % 2 == 0 ? 1 : -1, sy: Double = rng.next() % 2 == 0 ? 1 : -1
                c0 = Point(x: c1.x + 3 * scale * sx, y: c1.y + 4 * scale * sy)
                r0 = rng.next() % 2 == 0 ? r1 + 5 * scale : max(0, r1 - 5 * scale)
                if r0 == 0 { r0 = r1 + 5 * scale }
            }
            kinds[kind, default: 0] += 1
            let paint = RadialGradient(
                gradient, startCenter: c0, startRadius: r0, endCenter: c1, endRadius: r1,
                transform: Self.transform(&rng))
            guard
                case .radial(let shader) = preparation.shader(
                    for: .radialGradient(paint), transform: .identity, alpha: 1, swapsRedBlue: false)
            else {
                Issue.record("trial \(trial): no radial shader")
                return
            }
            if kind == "linear" && !(abs(shader.qa) < 1e-12 * max(1, shader.cd.dot(shader.cd))) {
                Issue.record("trial \(trial): not the linear case (qa \(shader.qa))")
            }
            let x = Int(rng.next() % 500) - 100, y = Int(rng.next() % 400) - 100
            let count = 1 + Int(rng.next() % 300)
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = Self.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            for k in 0..<count {
                let p = Point(x: Double(x + k) + 0.5, y: Double(y) + 0.5).applying(shader.toPaint)
                let t = shader.parameter(p)
                let expected = t.map { Self.expectedEntry($0, gradient) } ?? 0
                if t == nil { cleared += 1 } else { painted += 1 }
                if whole[k] != expected || split[k] != expected {
                    let what = "trial \(trial) (\(kind), \(extend), t \(t ?? .nan))"
                    Issue.record("\(what), pixel \(x + k), \(y): \(whole[k]), \(split[k]) != \(expected)")
                    return
                }
            }
        }
        // Every geometry drawn, and both painted and unpainted pixels met.
        #expect(kinds.count == 5 && kinds.values.allSatisfy { $0 >= 60 })
        #expect(cleared > 1000 && painted > 10000)
    }

    @Test func conicGradientPixelsAreTheirOwnCentres() {
        var rng = SplitMix64(seed: 0xC011)
        let preparation = ShaderPreparation()
        for trial in 0..<300 {
            let extend = [ExtendMode.pad, .repeat, .reflect][trial % 3]
            let gradient = Gradient(stops: Self.stops(&rng), extend: extend)
            let center = Point(x: Self.unit(&rng) * 300 - 50, y: Self.unit(&rng) * 200 - 50)
            let startAngle = [0, Double.pi / 2, -Double.pi, (Self.unit(&rng) * 4 - 2) * Double.pi][trial % 4]
            let paint = ConicGradient(gradient, center: center, startAngle: startAngle, transform: Self.transform(&rng))
            guard
                case .conic(let shader) = preparation.shader(
                    for: .conicGradient(paint), transform: .identity, alpha: 1, swapsRedBlue: false)
            else {
                Issue.record("trial \(trial): no conic shader")
                return
            }
            // Rows through the centre too (whole-pixel centres put t on
            // exact quarter turns).
            let x = Int(rng.next() % 400) - 100
            let y = trial % 5 == 0 ? Int(center.y.rounded(.down)) : Int(rng.next() % 300) - 50
            let count = 1 + Int(rng.next() % 300)
            let cut = Int(rng.next() % UInt64(count + 1))
            let (whole, split) = Self.shadeTwice(
                { shader.shade(x: $0, y: $1, count: $2, into: $3) }, x: x, y: y, count: count, cut: cut)
            for k in 0..<count {
                let p = Point(x: Double(x + k) + 0.5, y: Double(y) + 0.5).applying(shader.toPaint)
                var t = (_atan2(p.y - center.y, p.x - center.x) - startAngle) / (2 * Double.pi)
                t -= t.rounded(.down)
                let expected = Self.expectedEntry(t, gradient)
                if whole[k] != expected || split[k] != expected {
                    Issue.record(
                        "trial \(trial) (\(extend)), pixel \(x + k), \(y): \(whole[k]), \(split[k]) != \(expected)")
                    return
                }
            }
        }
    }

    /// Values where a floor or a fold goes wrong first: ties, ±0, just
    /// below and above integers, around 2^51, 2^52 and 2^53, huge, ±∞, NaN.
    static let hardValues: [Double] = {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1, -1, 1.5, -1.5, 2, -2, 2.5, -2.5, 3, -3, 0.49999999999999994,
            -0.49999999999999994, 1e-300, -1e-300, Double.leastNonzeroMagnitude, -Double.leastNonzeroMagnitude,
            .infinity, -.infinity, .nan, Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude,
        ]
        for e in [1.0, 2, 51, 52, 53, 60] {
            let p = Double(sign: .plus, exponent: Int(e), significand: 1)
            for v in [p, p.nextUp, p.nextDown, p + 0.5, p - 0.5, p * 1.5, p * 1.5 + 0.5] {
                values += [v, -v, v.nextUp, v.nextDown, -v.nextUp, -v.nextDown]
            }
        }
        for k in -8...8 { values += [Double(k).nextUp, Double(k).nextDown, Double(k) + 0.5] }
        return values
    }()

    @Test func twoLaneFloorAndExtendMatchScalar() {
        var rng = SplitMix64(seed: 0xF100)
        var values = Self.hardValues
        for _ in 0..<4000 {
            // Random magnitudes from 2^-30 to 2^60, either sign.
            let e = Int(rng.next() % 91) - 30
            values.append(
                (Self.unit(&rng) + 0.5) * Double(sign: .plus, exponent: e, significand: 1)
                    * (rng.next() % 2 == 0 ? 1 : -1))
        }
        var mismatches = 0
        for (n, t) in values.enumerated() {
            let other = values[(n * 7 + 3) % values.count]
            let lanes = SIMD2(t, other)
            for (lane, v) in [t, other].enumerated() {
                let floor = v.rounded(.down)
                let same = { (a: Double) in a == floor || (a.isNaN && floor.isNaN) }
                if !same(Ramp.floor(v)) || !same(Ramp.floor(lanes)[lane]) { mismatches += 1 }
                for mode in [ExtendMode.pad, .repeat, .reflect] {
                    let u = Gradient.extended(v, mode)
                    let u2 = Ramp.extended(lanes, mode)[lane]
                    let i = Int(u * Double(rampSize - 1) + 0.5)
                    let i2 = Ramp.entryIndices(Ramp.extended(lanes, mode))[lane]
                    if u != u2 || Int64(i) != i2 {
                        Issue.record("\(v) \(mode): \(u2) != \(u) or entry \(i2) != \(i)")
                        return
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(Ramp.floor(-0.5) == -1 && Ramp.floor(SIMD2(2.5, -2.5)) == SIMD2(2, -3))
        #expect(Ramp.floor(4_503_599_627_370_495.5) == 4_503_599_627_370_495)
    }
}
