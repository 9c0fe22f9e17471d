// Composite: a row of premultiplied source pixels (or one repeated color) +
// coverage -> the destination row, under any BlendMode. The mode is switched
// once per call; each case runs a loop specialised for its `PixelBlender`.
// Coverage c moves the pixel from dst toward the full-coverage result by
// c/255 with one rounding (Skia's lerp); c = 0 never changes the pixel.

/// One blend mode's formula on a single pixel: both inputs premultiplied
/// RGBA8 packed as in memory (see `PremultipliedColor.packed`), the result
/// premultiplied and rounded to nearest. Conforming types are caseless
/// namespaces, so a loop generic over one specialises to straight-line code.
protocol PixelBlender {
    /// The pixel that full coverage leaves.
    static func blend(source: UInt32, destination: UInt32) -> UInt32
}

// MARK: - Row kernels

/// Blends `count` source pixels into `destination`, every pixel covered by
/// `coverage` (0 leaves the row untouched, 255 is full coverage).
///
/// Both rows hold premultiplied RGBA8 packed as `PremultipliedColor.packed`.
/// `source` may equal `destination` but must not otherwise overlap it.
/// No allocation; O(count).
func blendRow(
    _ mode: BlendMode, swapsRedBlue: Bool = false, source: UnsafePointer<UInt32>,
    destination: UnsafeMutablePointer<UInt32>, count: Int, coverage: UInt8
) {
    precondition(count >= 0, "blendRow needs a non-negative count")
    withBlender(
        for: mode, swapsRedBlue: swapsRedBlue,
        UniformCoverageRow(
            source: SourceRow(start: source), destination: destination, count: count, coverage: coverage))
}

/// Blends `count` source pixels into `destination`, pixel `i` covered by
/// `coverage[i]` (0...255). Same contract as the uniform-coverage overload.
func blendRow(
    _ mode: BlendMode, swapsRedBlue: Bool = false, source: UnsafePointer<UInt32>,
    destination: UnsafeMutablePointer<UInt32>, count: Int, coverage: UnsafePointer<UInt8>
) {
    precondition(count >= 0, "blendRow needs a non-negative count")
    withBlender(
        for: mode, swapsRedBlue: swapsRedBlue,
        PerPixelCoverageRow(
            source: SourceRow(start: source), destination: destination, count: count, coverage: coverage))
}

/// Blends one premultiplied packed color into `count` destination pixels,
/// every pixel covered by `coverage`. No allocation; O(count).
func blendRow(
    _ mode: BlendMode, swapsRedBlue: Bool = false, source: UInt32,
    destination: UnsafeMutablePointer<UInt32>, count: Int, coverage: UInt8
) {
    precondition(count >= 0, "blendRow needs a non-negative count")
    withBlender(
        for: mode, swapsRedBlue: swapsRedBlue,
        UniformCoverageRow(
            source: SolidSource(color: source), destination: destination, count: count, coverage: coverage))
}

/// Blends one premultiplied packed color into `count` destination pixels,
/// pixel `i` covered by `coverage[i]`. No allocation; O(count).
func blendRow(
    _ mode: BlendMode, swapsRedBlue: Bool = false, source: UInt32,
    destination: UnsafeMutablePointer<UInt32>, count: Int, coverage: UnsafePointer<UInt8>
) {
    precondition(count >= 0, "blendRow needs a non-negative count")
    withBlender(
        for: mode, swapsRedBlue: swapsRedBlue,
        PerPixelCoverageRow(
            source: SolidSource(color: source), destination: destination, count: count, coverage: coverage))
}

// MARK: - The one switch on the mode

/// A row operation that runs once the mode's blender type is known.
protocol BlendRowBody {
    /// Runs the row with `blender`'s formula; specialised per blender.
    func run<Blender: PixelBlender>(_ blender: Blender.Type)
}

/// Maps `mode` to its blender type and runs `body` with it: the only switch
/// on `BlendMode` in the compositor, taken once per row. `swapsRedBlue`:
/// the pixels are BGRA8, which only the non-separable modes (whose
/// luminosity weighs red and blue differently) need to know.
@inline(__always)
func withBlender<Body: BlendRowBody>(for mode: BlendMode, swapsRedBlue: Bool = false, _ body: Body) {
    if swapsRedBlue {
        switch mode {
        case .hue: return body.run(RedBlueSwapped<NonSeparableBlender<HueMix>>.self)
        case .saturation: return body.run(RedBlueSwapped<NonSeparableBlender<SaturationMix>>.self)
        case .color: return body.run(RedBlueSwapped<NonSeparableBlender<ColorMix>>.self)
        case .luminosity: return body.run(RedBlueSwapped<NonSeparableBlender<LuminosityMix>>.self)
        default: break
        }
    }
    switch mode {
    case .clear: body.run(ClearBlender.self)
    case .copy: body.run(CopyBlender.self)
    case .sourceOver: body.run(SourceOverBlender.self)
    case .sourceIn: body.run(SourceInBlender.self)
    case .sourceOut: body.run(SourceOutBlender.self)
    case .sourceAtop: body.run(SourceAtopBlender.self)
    case .destinationOver: body.run(DestinationOverBlender.self)
    case .destinationIn: body.run(DestinationInBlender.self)
    case .destinationOut: body.run(DestinationOutBlender.self)
    case .destinationAtop: body.run(DestinationAtopBlender.self)
    case .xor: body.run(XorBlender.self)
    case .plus: body.run(PlusBlender.self)
    case .multiply: body.run(SeparableBlender<MultiplyChannel>.self)
    case .screen: body.run(SeparableBlender<ScreenChannel>.self)
    case .overlay: body.run(SeparableBlender<OverlayChannel>.self)
    case .darken: body.run(SeparableBlender<DarkenChannel>.self)
    case .lighten: body.run(SeparableBlender<LightenChannel>.self)
    case .colorDodge: body.run(SeparableBlender<ColorDodgeChannel>.self)
    case .colorBurn: body.run(SeparableBlender<ColorBurnChannel>.self)
    case .hardLight: body.run(SeparableBlender<HardLightChannel>.self)
    case .softLight: body.run(SeparableBlender<SoftLightChannel>.self)
    case .difference: body.run(SeparableBlender<DifferenceChannel>.self)
    case .exclusion: body.run(SeparableBlender<ExclusionChannel>.self)
    case .hue: body.run(NonSeparableBlender<HueMix>.self)
    case .saturation: body.run(NonSeparableBlender<SaturationMix>.self)
    case .color: body.run(NonSeparableBlender<ColorMix>.self)
    case .luminosity: body.run(NonSeparableBlender<LuminosityMix>.self)
    }
}

/// `Blender` on BGRA8 pixels: its RGBA8 formula with red and blue swapped
/// on the way in and out.
enum RedBlueSwapped<Blender: PixelBlender>: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        swapRedBlue(Blender.blend(source: swapRedBlue(source), destination: swapRedBlue(destination)))
    }
}

// MARK: - Sources

/// Where a row's source pixels come from; read once per pixel.
protocol SourcePixels {
    /// The premultiplied packed source pixel at index `i` of the row.
    func pixel(at i: Int) -> UInt32
}

/// Source pixels read from memory.
struct SourceRow: SourcePixels {
    let start: UnsafePointer<UInt32>

    @inline(__always)
    func pixel(at i: Int) -> UInt32 { start[i] }
}

/// One color repeated across the row.
struct SolidSource: SourcePixels {
    let color: UInt32

    @inline(__always)
    func pixel(at _: Int) -> UInt32 { color }
}

// MARK: - Loops

/// The row loop for one coverage value: coverage is tested once, not per
/// pixel, and full coverage stores the blend result directly.
struct UniformCoverageRow<Source: SourcePixels>: BlendRowBody {
    let source: Source
    let destination: UnsafeMutablePointer<UInt32>
    let count: Int
    let coverage: UInt8

    @inline(__always)
    func run<Blender: PixelBlender>(_: Blender.Type) {
        switch coverage {
        case 0:
            return
        case UInt8.max:
            for i in 0..<count {
                destination[i] = Blender.blend(source: source.pixel(at: i), destination: destination[i])
            }
        default:
            let weight = UInt32(coverage)
            for i in 0..<count {
                let old = destination[i]
                let full = Blender.blend(source: source.pixel(at: i), destination: old)
                destination[i] = lerpPacked(from: old, to: full, weight: weight)
            }
        }
    }
}

/// The row loop for per-pixel coverage (anti-aliased edges). Every pixel
/// is blended and interpolated, without a branch on its coverage: the lerp
/// gives back the old pixel exactly at 0 and the result exactly at 255, and
/// a branch-free loop measured about twice as fast on edge-like coverage.
struct PerPixelCoverageRow<Source: SourcePixels>: BlendRowBody {
    let source: Source
    let destination: UnsafeMutablePointer<UInt32>
    let count: Int
    let coverage: UnsafePointer<UInt8>

    @inline(__always)
    func run<Blender: PixelBlender>(_: Blender.Type) {
        for i in 0..<count {
            let old = destination[i]
            let full = Blender.blend(source: source.pixel(at: i), destination: old)
            destination[i] = lerpPacked(from: old, to: full, weight: UInt32(coverage[i]))
        }
    }
}

// MARK: - Packed arithmetic

/// The largest weight: 255 stands for 1.
let fullWeight: UInt32 = 255

/// `old + (new − old)·weight/255` per channel, rounded to nearest: exact for
/// any bytes and any `weight` in 0...255 (weight 0 gives `old`, 255 `new`).
@inline(__always)
func lerpPacked(from old: UInt32, to new: UInt32, weight: UInt32) -> UInt32 {
    mixPacked(new, weight: weight, old, weight: fullWeight &- weight)
}

/// `round((x·wx + y·wy) / 255)` per channel, two channels per 32-bit
/// multiply, exact (one rounding) whenever every channel's `x·wx + y·wy` is
/// at most 255·255. Larger sums never trap but spill into the next channel.
@inline(__always)
func mixPacked(_ x: UInt32, weight wx: UInt32, _ y: UInt32, weight wy: UInt32) -> UInt32 {
    let mask: UInt32 = 0x00FF_00FF
    let half: UInt32 = 0x0080_0080
    var rb = (x & mask) &* wx &+ (y & mask) &* wy &+ half
    rb = ((rb &+ ((rb >> 8) & mask)) >> 8) & mask
    var ga = ((x >> 8) & mask) &* wx &+ ((y >> 8) & mask) &* wy &+ half
    ga = (ga &+ ((ga >> 8) & mask)) & ~mask
    return rb | ga
}
