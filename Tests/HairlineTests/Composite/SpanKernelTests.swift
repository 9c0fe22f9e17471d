// The compositing kernels the sweep drives (Raster/SpanKernel.swift): a
// group of per-pixel coverage bytes must give the bytes of the same
// pixels blended one by one as one-pixel spans, for every kernel (solid
// source-over, shaded paints under blend modes, with and without a clip
// mask, and the clip-mask writer); and rows the rasterizer repeats from a
// vertical band must equal rows it sweeps one by one.

import Testing
import HairlineTestSupport
@testable @_spi(Profiling) import Hairline

/// The first byte offset where two surfaces differ, or nil.
func firstDifference(_ a: Surface, _ b: Surface) -> Int? {
    zip(a.bytes, b.bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
}

@Suite struct SpanKernelTests {
    static let width = 16

    /// A surface of random premultiplied pixels.
    static func randomSurface(_ rng: inout SplitMix64) throws -> Surface {
        let surface = try Surface(width: width, height: 2)
        for y in 0..<2 {
            for x in 0..<width { surface.setPixel(x: x, y: y, to: BlendSamples.randomColor(&rng)) }
        }
        return surface
    }

    /// Random coverage bytes for `count` pixels, packed, at least one
    /// non-zero; 0 and 255 often.
    static func randomGroup(_ rng: inout SplitMix64, count: Int) -> UInt32 {
        var packed: UInt32 = 0
        for i in 0..<count {
            let c: UInt32 = [0, 255, UInt32(rng.int(in: 1...254))][rng.int(in: 0...2)]
            packed |= c << UInt32(8 * i)
        }
        return packed == 0 ? 128 : packed
    }

    /// Runs `kernel` both ways on copies of one random surface: a group at
    /// each offset, and the same bytes as one-pixel runs.
    func checkGroups<K: SpanKernel>(_ label: String, seed: UInt64, make: (Surface) -> K) throws {
        var rng = SplitMix64(seed: seed)
        for round in 0..<60 {
            let a = try Self.randomSurface(&rng)
            let b = try Surface(width: Self.width, height: 2)
            b.withUnsafeMutableBytes { out in a.withUnsafeBytes { out.copyMemory(from: $0) } }
            let count = rng.int(in: 1...4), x = rng.int(in: 0...(Self.width - count)), y = rng.int(in: 0...1)
            let packed = Self.randomGroup(&rng, count: count)
            var grouped = make(a)
            grouped.beginRow(y)
            grouped.blendGroup(x: x, count: count, coverage: packed)
            var single = make(b)
            for i in 0..<count { single.blendRun(x: x + i, y: y, count: 1, coverage: UInt8(packed.coverageByte(i))) }
            #expect(
                firstDifference(a, b) == nil,
                "\(label), round \(round): group \(String(packed, radix: 16)) of \(count) at \(x)")
        }
    }

    @Test(arguments: [Color(red: 1, green: 1, blue: 0.9), Color(red: 0.2, green: 0.5, blue: 0.7, alpha: 0.6), .clear])
    func solidGroupsEqualOnePixelSpans(color: Color) throws {
        try checkGroups("solid \(color)", seed: 0x5011D) { SolidSourceOver(surface: $0, color: color.premultiplied) }
    }

    static let paints: [Paint] = {
        let gradient = Gradient(stops: [
            GradientStop(location: 0, color: Color(red: 1, green: 0, blue: 0.2, alpha: 0.8)),
            GradientStop(location: 1, color: Color(red: 0.1, green: 0.9, blue: 1)),
        ])
        let tile = try! Image(
            width: 3, height: 2,
            colors: [
                Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0, alpha: 0.5), Color.clear,
                Color(red: 0.2, green: 0.2, blue: 1), Color(red: 1, green: 1, blue: 1, alpha: 0.25), Color.black,
            ])
        return [
            .solid(Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.7)),
            .linearGradient(LinearGradient(gradient, start: Point(x: 0, y: 0), end: Point(x: 0, y: 2))),  // vertical
            .linearGradient(LinearGradient(gradient, start: Point(x: 1, y: 0), end: Point(x: 15, y: 1))),
            .radialGradient(RadialGradient(gradient, center: Point(x: 8, y: 1), radius: 7)),
            .pattern(ImagePattern(tile)),
        ]
    }()

    @Test(arguments: [BlendMode.sourceOver, .copy, .multiply, .xor, .clear, .hue, .destinationIn])
    func paintGroupsEqualOnePixelSpans(mode: BlendMode) throws {
        for (index, paint) in Self.paints.enumerated() {
            for masked in [false, true] {
                var maskRng = SplitMix64(seed: 0x3A5C)
                let mask = ClipMaskPool().mask(covering: PixelRect(minX: 0, minY: 0, maxX: Self.width, maxY: 2))
                for i in 0..<(Self.width * 2) { mask.pointer(x: 0, y: 0)[i] = UInt8(maskRng.int(in: 0...255)) }
                let renderer = Renderer()
                let shader = renderer.shader(for: paint, transform: .identity, alpha: 0.9)!
                let source = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.width)
                let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.width)
                defer { source.deallocate(); coverage.deallocate() }
                try checkGroups("paint \(index) \(mode) masked \(masked)", seed: UInt64(index) * 31 + (masked ? 7 : 0))
                {
                    PaintKernel(
                        surface: $0, shader: shader, mode: mode, mask: masked ? mask : nil,
                        source: source, coverage: coverage)
                }
            }
        }
    }

    @Test func maskGroupsEqualOnePixelSpans() throws {
        // The clip-mask writer, alone and multiplied by a previous mask.
        var rng = SplitMix64(seed: 0xC11)
        // Masks over the whole two rows (a pool's masks; all held here).
        let pool = ClipMaskPool()
        let bounds = PixelRect(minX: 0, minY: 0, maxX: Self.width, maxY: 2)
        let previous = pool.mask(covering: bounds)
        for i in 0..<(Self.width * 2) { previous.pointer(x: 0, y: 0)[i] = UInt8(rng.int(in: 0...255)) }
        for before in [nil, previous] {
            for round in 0..<60 {
                let a = pool.mask(covering: bounds), b = pool.mask(covering: bounds)
                let count = rng.int(in: 1...4), x = rng.int(in: 0...(Self.width - count)), y = rng.int(in: 0...1)
                let packed = Self.randomGroup(&rng, count: count)
                var grouped = MaskKernel(mask: a, previous: before)
                grouped.beginRow(y)
                grouped.blendGroup(x: x, count: count, coverage: packed)
                var single = MaskKernel(mask: b, previous: before)
                for i in 0..<count {
                    single.blendRun(x: x + i, y: y, count: 1, coverage: UInt8(packed.coverageByte(i)))
                }
                let same = (0..<(Self.width * 2)).allSatisfy { a.pointer(x: 0, y: 0)[$0] == b.pointer(x: 0, y: 0)[$0] }
                #expect(same, "round \(round), previous \(before != nil)")
            }
        }
    }

    /// Rows repeated from a vertical band (one sweep, its kernel calls
    /// replayed) against the same shape with a vertex on each side at every
    /// row, which starts edges in every row so each row is swept: the same
    /// bytes for every paint and blend mode, with a clip mask too.
    @Test(arguments: [BlendMode.sourceOver, .multiply, .copy, .xor])
    func repeatedRowsEqualSweptRows(mode: BlendMode) throws {
        let width = 40, height = 30
        let left = 3.3, right = 35.6, top = 2.25, bottom = 27.5
        // Lines, not `addRect`: a rect shape is covered in closed form
        // (RoundedRectRows.swift), which rounds its areas differently.
        var band = Path()
        band.move(to: Point(x: left, y: top))
        band.addLine(to: Point(x: right, y: top))
        band.addLine(to: Point(x: right, y: bottom))
        band.addLine(to: Point(x: left, y: bottom))
        band.closeSubpath()
        var split = Path()
        split.move(to: Point(x: left, y: top))
        split.addLine(to: Point(x: right, y: top))
        for y in 3..<28 { split.addLine(to: Point(x: right, y: Double(y))) }
        split.addLine(to: Point(x: right, y: bottom))
        split.addLine(to: Point(x: left, y: bottom))
        for y in (3..<28).reversed() { split.addLine(to: Point(x: left, y: Double(y))) }
        split.closeSubpath()
        var ring = Path()
        ring.addEllipse(in: Rect(x: 5, y: 4, width: 30, height: 22))
        for (index, paint) in Self.paints.enumerated() {
            for clipped in [false, true] {
                var surfaces: [Surface] = []
                var repeated = 0
                for path in [band, split] {
                    var rng = SplitMix64(seed: 0xBA7D)
                    let surface = try Surface(width: width, height: height)
                    for y in 0..<height {
                        for x in 0..<width { surface.setPixel(x: x, y: y, to: BlendSamples.randomColor(&rng)) }
                    }
                    let canvas = Canvas(surface: surface)
                    if clipped { canvas.clip(to: ring) }
                    canvas.blendMode = mode
                    canvas.fill(path, with: paint)
                    repeated += canvas.renderer.rasterizer.statistics.repeatedRows
                    surfaces.append(surface)
                }
                #expect(repeated > 0, "the band repeats rows")
                #expect(firstDifference(surfaces[0], surfaces[1]) == nil, "paint \(index), \(mode), clipped \(clipped)")
            }
        }
    }
}
