// Composite: coverage runs + one premultiplied color -> Surface pixels,
// source-over on the stored sRGB bytes: dst = src·c + dst·(1 − αsrc·c),
// each product rounded to nearest. Fully covered runs of an opaque color
// are plain stores; other full runs scale the color once per run.

/// Blends a solid premultiplied color into a surface, source-over.
struct SolidSourceOver: CoverageSink {
    let surface: Surface
    /// The color, packed as it lies in memory.
    let source: UInt32
    let sourceAlpha: UInt32

    init(surface: Surface, color: PremultipliedColor) {
        self.surface = surface
        self.source = color.packed
        self.sourceAlpha = UInt32(color.alpha)
    }

    /// A sink for a packed premultiplied color.
    @inline(__always)
    init(surface: Surface, packed: UInt32) {
        self.surface = surface
        self.source = packed
        self.sourceAlpha = packedAlpha(packed)
    }

    @inline(__always)
    mutating func blendRun(x: Int, y: Int, count: Int, coverage: UInt8) {
        let row = surface.rowPointer(y) + x
        let run = UnsafeMutableBufferPointer(start: row, count: count)
        if coverage == 255 {
            if sourceAlpha == 255 {
                fillPixels(row, count: count, with: source)
            } else {
                blendSourceOver(run, source: source, alpha: sourceAlpha)
            }
        } else {
            let c = UInt32(coverage)
            blendSourceOver(run, source: scalePacked(source, by: c), alpha: div255(sourceAlpha * c))
        }
    }
}

/// dst = src + dst·(255 − alpha)/255 over a run, per channel rounded.
/// `source` is premultiplied with alpha `alpha`, so no channel overflows.
@inline(__always)
func blendSourceOver(_ run: UnsafeMutableBufferPointer<UInt32>, source: UInt32, alpha: UInt32) {
    guard let base = run.baseAddress else { return }
    let inverse = 255 - alpha
    if inverse == 0 {
        fillPixels(base, count: run.count, with: source)
        return
    }
    var i = 0
    if run.count >= 8 { i = blendSourceOverVector(base, count: run.count, source: source, inverse: inverse) }
    while i < run.count {
        base[i] = source &+ scalePacked(base[i], by: inverse)
        i += 1
    }
}

/// The vector part of `blendSourceOver`: four pixels at a time, each
/// 16-bit lane holding two channels, split into low and high bytes and
/// scaled with SSE2's `pmullw` (x86-64's baseline; no widening
/// conversions), the same rounding as `div255` per channel. The source
/// adds back without carries: each channel's sum is at most 255.
/// Returns how many pixels it did.
@inline(never)
func blendSourceOverVector(_ base: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, inverse: UInt32) -> Int {
    let src = unsafeBitCast(SIMD4<UInt32>(repeating: source), to: SIMD8<UInt16>.self)
    let inv = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: inverse))
    let half = SIMD8<UInt16>(repeating: 128)
    let low = SIMD8<UInt16>(repeating: 0x00FF)
    var i = 0
    while i + 4 <= count {
        let raw = UnsafeMutableRawPointer(base + i)
        let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
        var lo = (d & low) &* inv &+ half
        lo = (lo &+ (lo &>> 8)) &>> 8
        var hi = (d &>> 8) &* inv &+ half
        hi = (hi &+ (hi &>> 8)) &>> 8
        raw.storeBytes(of: (lo | (hi &<< 8)) &+ src, as: SIMD8<UInt16>.self)
        i += 4
    }
    return i
}
