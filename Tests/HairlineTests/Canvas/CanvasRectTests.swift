// Canvas+Rects.swift: rectangles and rounded rectangles drawn from their
// numbers give exactly the bytes, and the dropped-draw counts, of the
// paths the same numbers make: random rects (negative sizes, non-finite
// and huge values), radii (negative, larger than the rect, non-finite),
// transforms (scales, fractional offsets, rotations, shears, singular),
// paints, clips, blend modes, global alpha, shadows, stroke styles
// (hairlines, dashes, bevels, invalid widths).

import Testing
import HairlineTestSupport
@_spi(Profiling) @testable import Hairline

@Suite struct CanvasRectTests {
    /// One random draw's setting.
    struct Setting {
        var rect: Rect
        var radius: Double?
        var transform: AffineTransform
        var paint: Paint
        var clip: Rect?
        var mode: BlendMode
        var alpha: Double
        var shadow: Bool
        var style: StrokeStyle?
    }

    static func randomSetting(_ rng: inout SplitMix64) -> Setting {
        func value(_ range: ClosedRange<Double>) -> Double {
            switch rng.int(in: 0...30) {
            case 0: return .nan
            case 1: return .infinity
            case 2: return -1e12
            case 3: return Double(rng.int(in: -3...30))  // whole points
            default: return rng.double(in: range)
            }
        }
        let rect = Rect(x: value(-8...30), y: value(-8...26), width: value(-10...34), height: value(-10...30))
        let radius: Double? =
            rng.int(in: 0...3) == 0
            ? nil : [value(-2...14), 0, 100, .nan, .infinity][min(rng.int(in: 0...8), 4)]
        let transform: AffineTransform
        switch rng.int(in: 0...7) {
        case 0: transform = .identity
        case 1: transform = AffineTransform(scaleX: 2, y: 2)
        case 2: transform = AffineTransform(scaleX: 3, y: 3).translatedBy(x: 0.25, y: -0.5)
        case 3: transform = AffineTransform(translationX: rng.double(in: -2...2), y: rng.double(in: -2...2))
        case 4: transform = AffineTransform(rotationAngle: rng.double(in: -1...1))
        case 5: transform = AffineTransform(a: 1, b: 0.3, c: 0, d: 1, tx: 0, ty: 0)
        case 6: transform = AffineTransform(scaleX: 1.5, y: 0.75)
        default: transform = AffineTransform(scaleX: 0, y: 1)
        }
        let paint: Paint
        switch rng.int(in: 0...3) {
        case 0: paint = .solid(Color(red: 0.9, green: 0.2, blue: 0.1))
        case 1: paint = .solid(Color(red: 0.1, green: 0.6, blue: 0.9, alpha: 0.4))
        case 2:
            paint = .linearGradient(
                LinearGradient(
                    Gradient(from: Color(red: 1, green: 1, blue: 0), to: Color(red: 0, green: 0, blue: 1, alpha: 0.6)),
                    start: Point(x: 0, y: 0), end: Point(x: 20, y: 14)))
        default:
            paint = .radialGradient(
                RadialGradient(
                    Gradient(from: Color(red: 0, green: 1, blue: 0), to: Color(red: 1, green: 0, blue: 1)),
                    center: Point(x: 10, y: 10), radius: 9))
        }
        let clip: Rect? =
            rng.int(in: 0...2) == 0
            ? Rect(x: rng.double(in: 0...8), y: rng.double(in: 0...6), width: 14.5, height: 12.25) : nil
        let mode: BlendMode = [.sourceOver, .sourceOver, .copy, .multiply, .destinationOut][rng.int(in: 0...4)]
        let style: StrokeStyle?
        switch rng.int(in: 0...6) {
        case 0: style = nil
        case 1: style = StrokeStyle(width: 0)
        case 2: style = StrokeStyle(width: rng.double(in: 0.5...5))
        case 3: style = StrokeStyle(width: 2, lineJoin: .bevel)
        case 4: style = StrokeStyle(width: 1.5, dashPattern: [3, 2])
        case 5: style = StrokeStyle(width: .nan)
        default: style = StrokeStyle(width: 4, lineJoin: .round)
        }
        return Setting(
            rect: rect, radius: radius, transform: transform, paint: paint, clip: clip, mode: mode,
            alpha: rng.int(in: 0...3) == 0 ? 0.5 : 1, shadow: rng.int(in: 0...9) == 0, style: style)
    }

    /// The bytes and dropped-draw count after drawing `setting` with the
    /// rect API (`direct`) or its path.
    static func render(_ s: Setting, direct: Bool) throws -> ([UInt32], dropped: Int) {
        let width = 30, height = 26
        let surface = try Surface(width: width, height: height)
        let canvas = Canvas(surface: surface, scale: 1)
        var under = Path()
        under.addEllipse(in: Rect(x: 2.5, y: 3.25, width: 24, height: 19))
        canvas.fill(under, with: Color(red: 0.3, green: 0.4, blue: 0.8, alpha: 0.8))
        if let clip = s.clip {
            var c = Path()
            c.addRect(clip)
            canvas.clip(to: c)
        }
        canvas.concatenate(s.transform)
        canvas.blendMode = s.mode
        canvas.globalAlpha = s.alpha
        if s.shadow {
            canvas.setShadow(offset: Size(width: 1, height: 2), blur: 2, color: Color(red: 0, green: 0, blue: 0))
        }
        if direct {
            switch (s.radius, s.style) {
            case (nil, nil): canvas.fill(s.rect, with: s.paint)
            case (let r?, nil): canvas.fill(s.rect, cornerRadius: r, with: s.paint)
            case (nil, let style?): canvas.stroke(s.rect, with: s.paint, style: style)
            case (let r?, let style?): canvas.stroke(s.rect, cornerRadius: r, with: s.paint, style: style)
            }
        } else {
            var path = Path()
            if let r = s.radius { path.addRoundedRect(in: s.rect, cornerRadius: r) } else { path.addRect(s.rect) }
            if let style = s.style {
                canvas.stroke(path, with: s.paint, style: style)
            } else {
                canvas.fill(path, with: s.paint)
            }
        }
        surface.flush()
        var bytes: [UInt32] = []
        for y in 0..<height {
            for x in 0..<width { bytes.append(surface.pixel(x: x, y: y)!.packed) }
        }
        return (bytes, canvas.droppedDrawCount)
    }

    @Test func rectsDrawExactlyAsTheirPaths() throws {
        var rng = SplitMix64(seed: 0x2EC7)
        var drawn = 0, dropped = 0
        for trial in 0..<400 {
            let setting = Self.randomSetting(&rng)
            let direct = try Self.render(setting, direct: true)
            let path = try Self.render(setting, direct: false)
            #expect(direct.0 == path.0, "trial \(trial): \(setting)")
            #expect(direct.dropped == path.dropped, "trial \(trial): \(setting)")
            if direct.dropped > 0 { dropped += 1 }
            let before = try Self.render(
                Setting(
                    rect: Rect(x: 0, y: 0, width: 0, height: 0), radius: nil, transform: .identity,
                    paint: setting.paint, clip: nil, mode: .sourceOver, alpha: 1, shadow: false, style: nil),
                direct: false)
            if direct.0 != before.0 { drawn += 1 }
        }
        // The settings reach both visible draws and dropped ones.
        #expect(drawn > 90)
        #expect(dropped > 3)
    }

    @Test func anUprightRectMakesNoPath() throws {
        let surface = try Surface(width: 40, height: 30)
        let canvas = Canvas(surface: surface, scale: 2)
        canvas.fill(
            Rect(x: 1.25, y: 2, width: 10, height: 7.5), cornerRadius: 3, with: Color(red: 1, green: 0, blue: 0))
        canvas.stroke(Rect(x: 2, y: 2, width: 12, height: 8), with: .solid(Color.black), style: StrokeStyle(width: 0))
        // Both covered in closed form, the scratch path never taken (its
        // storage is still empty).
        #expect(canvas.renderer.rasterizer.statistics.closedFormShapes > 0)
        #expect(canvas.renderer.takeScratchPath().elements.capacity == 0)
        // Red inside the rounded rect's middle (device (10, 10) is user (5, 5)).
        #expect(surface.pixel(x: 10, y: 10) == PremultipliedColor(red: 255, green: 0, blue: 0, alpha: 255))
    }
}
