// Composite: coverage spans + one premultiplied color -> Surface pixels,
// source-over on the stored sRGB bytes: dst = src·c + dst·(1 − αsrc·c),
// each product rounded to nearest. Fully covered spans of an opaque color
// are plain stores; other full spans scale the color once per span.

/// Blends a solid premultiplied color into a surface, source-over: the
/// kernel of the commonest draw.
struct SolidSourceOver: ClearFusingKernel {
    let surface: Surface
    /// The color, packed as it lies in memory.
    let source: UInt32
    let sourceAlpha: UInt32
    let filler: PixelFiller
    /// The color's four copies in vector lanes, split into the low and
    /// high byte of each lane once for every group (`PixelLanes.scaled`).
    private let sourceLow: PixelLanes, sourceHigh: PixelLanes
    /// The current row (set by `beginRow`).
    private var row: UnsafeMutablePointer<UInt32>

    /// One color, no clip mask: the same calls over the same pixels give
    /// the same pixels in any row.
    var blendsRowsAlike: Bool { true }

    init(surface: Surface, color: PremultipliedColor) {
        self.init(surface: surface, packed: color.packed)
    }

    /// A kernel for a packed premultiplied color.
    init(surface: Surface, packed: UInt32, filler: PixelFiller = .shared) {
        self.surface = surface
        self.source = packed
        self.sourceAlpha = packedAlpha(packed)
        self.filler = filler
        let lanes = PixelLanes(pixel: packed)
        (sourceLow, sourceHigh) = (lanes & PixelLanes(repeating: 0x00FF), lanes &>> 8)
        row = surface.rowPointer(0)
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        assert(
            surface.pendingClear == nil,
            "a kernel writing a surface whose clear is pending (flush it, or wrap the kernel in ClearingKernel)")
        row = surface.rowPointer(y)
    }

    var fillIgnoresDestination: Bool { sourceAlpha == 255 }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        SolidSpans.fill(row + x, count: count, source: source, alpha: sourceAlpha, filler: filler)
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32) {
        SolidSpans.blend(row + x, count: count, source: source, alpha: sourceAlpha, coverage: coverage)
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32) {
        assert(x >= 0 && (1...4).contains(count), "a group inside the row")
        guard count == 4 else {
            SolidSpans.blendGroup(row + x, count: count, source: source, alpha: sourceAlpha, coverage: coverage)
            return
        }
        // `blendSourceOverGroup`'s bytes, with the color split once (at
        // init) and, for an opaque color, the scaled alpha taken from the
        // coverage itself: div255(255·c) = c.
        let factors = PixelLanes(coverageBytes: coverage)
        let s = PixelLanes.scaled(low: sourceLow, high: sourceHigh, by: factors)
        let inverse = sourceAlpha == 255 ? PixelLanes(repeating: 255) &- factors : s.inverseAlphaFactors
        let raw = UnsafeMutableRawPointer(row + x)
        raw.storeBytes(of: raw.loadUnaligned(as: PixelLanes.self).scaled(by: inverse) &+ s, as: PixelLanes.self)
    }

    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        // Every pixel becomes the same value: the span formula once.
        filler.fill(
            row + x, count: count,
            with: SolidSpans.sourceOver(background, source: source, alpha: sourceAlpha, coverage: coverage))
        return true
    }

    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        assert(x >= 0 && (1...4).contains(count), "a group inside the row")
        SolidSpans.blendGroup(
            row + x, count: count, source: source, alpha: sourceAlpha, coverage: coverage,
            onto: background)
        return true
    }
}

/// Source-over of one premultiplied color (packed, with its alpha) onto
/// pixels: the operations of `SolidSourceOver`, shared with kernels whose
/// color is constant along a row.
enum SolidSpans {
    /// Full coverage: a store for an opaque color.
    @inline(__always)
    static func fill(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, alpha: UInt32,
        filler: PixelFiller
    ) {
        // Invariant (every SolidSpans operation): `count` writable pixels.
        assert(count >= 0, "a span of pixels")
        if alpha == 255 {
            filler.fill(pixels, count: count, with: source)
        } else {
            blendSourceOver(UnsafeMutableBufferPointer(start: pixels, count: count), source: source, alpha: alpha)
        }
    }

    /// One coverage (1...254) for every pixel: the color scaled once.
    @inline(__always)
    static func blend(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, alpha: UInt32,
        coverage c: UInt32
    ) {
        assert(count >= 0 && c <= 255, "a span of pixels, a coverage byte")
        blendSourceOver(
            UnsafeMutableBufferPointer(start: pixels, count: count), source: scalePacked(source, by: c),
            alpha: div255(alpha &* c))
    }

    /// A coverage byte per pixel (`count` 1...4).
    @inline(__always)
    static func blendGroup(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, alpha: UInt32,
        coverage: UInt32
    ) {
        assert((1...4).contains(count), "a group of one to four pixels")
        if count == 4 {
            blendSourceOverGroup(pixels, source: source, coverage: coverage)
            return
        }
        // The last group of a row whose width is not a multiple of four:
        // its pixels loaded one by one into vector lanes (nothing past the
        // row is read or written), blended as a group, stored one by one.
        // (Blending the four pixels ending with it, the ones before at
        // coverage 0, was measured 4% slower on the 3x cell: the pixels
        // before were just stored by the fill, and a vector load of them
        // waits for those stores; scalar loads are forwarded.)
        let d = SIMD4<UInt32>(pixels[0], count > 1 ? pixels[1] : 0, count > 2 ? pixels[2] : 0, 0)
        let s = PixelLanes(pixel: source).scaled(by: PixelLanes(coverageBytes: coverage))
        let lanes = unsafeBitCast(d, to: PixelLanes.self)
        storeGroup(lanes.scaled(by: s.inverseAlphaFactors) &+ s, count: count, into: pixels)
    }
}

extension SolidSpans {
    /// One pixel of `blend` (or of `fill`, for coverage 255): `source`
    /// scaled by coverage `c` (1...255) over `destination`, the scalar
    /// formula every path of this file computes.
    @inline(__always)
    static func sourceOver(_ destination: UInt32, source: UInt32, alpha: UInt32, coverage c: UInt32) -> UInt32 {
        scalePacked(source, by: c) &+ scalePacked(destination, by: 255 &- div255(alpha &* c))
    }

    /// `blendGroup` onto pixels that all hold `background`: the same
    /// bytes, computed from the value (no load of the pixels).
    @inline(__always)
    static func blendGroup(
        _ pixels: UnsafeMutablePointer<UInt32>, count: Int, source: UInt32, alpha: UInt32,
        coverage: UInt32, onto background: UInt32
    ) {
        // Four pixels in vector lanes (nothing is read, so a short group
        // computes four too and stores its own).
        let s = PixelLanes(pixel: source).scaled(by: PixelLanes(coverageBytes: coverage))
        let d = PixelLanes(pixel: background)
        let result = d.scaled(by: s.inverseAlphaFactors) &+ s
        storeGroup(result, count: count, into: pixels)
    }
}

/// Stores the first `count` (1...4) pixels of `lanes`.
@inline(__always)
func storeGroup(_ lanes: PixelLanes, count: Int, into pixels: UnsafeMutablePointer<UInt32>) {
    // Invariant: `count` (1...4) writable pixels at `pixels`.
    assert((1...4).contains(count), "a group of one to four pixels")
    if count == 4 {
        UnsafeMutableRawPointer(pixels).storeBytes(of: lanes, as: PixelLanes.self)
        return
    }
    let values = unsafeBitCast(lanes, to: SIMD4<UInt32>.self)
    pixels[0] = values[0]
    if count > 1 { pixels[1] = values[1] }
    if count > 2 { pixels[2] = values[2] }
}

/// Source-over of one color onto four pixels, pixel i with coverage byte
/// i of `coverage` (`blendSourceOverGroup(_:sources:coverage:)`).
@inline(__always)
func blendSourceOverGroup(_ pixels: UnsafeMutablePointer<UInt32>, source: UInt32, coverage: UInt32) {
    // Invariant: four writable pixels at `pixels`.
    assert(Int(bitPattern: pixels) % MemoryLayout<UInt32>.alignment == 0, "aligned pixels")
    blendSourceOverGroup(pixels, sources: PixelLanes(pixel: source), coverage: coverage)
}

/// Source-over of four source pixels onto four pixels, pixel i with
/// coverage byte i of `coverage`: per pixel the scalar formula (`s` = the
/// source scaled by c, then `s + dst·(255 − αs)/255`, each channel
/// rounded; `sourceOverRow(_:_:count:coverage:)`), four pixels at once in
/// 16-bit lanes of two channels (see `blendSourceOverVector`). Coverage 0
/// leaves a pixel as it is (s = 0, and d·255/255 rounds back to d) and
/// 255 of an opaque source stores it, so no pixel needs a branch.
@inline(__always)
func blendSourceOverGroup(_ pixels: UnsafeMutablePointer<UInt32>, sources: PixelLanes, coverage: UInt32) {
    // Invariant: four writable pixels at `pixels`.
    assert(Int(bitPattern: pixels) % MemoryLayout<UInt32>.alignment == 0, "aligned pixels")
    let s = sources.scaled(by: PixelLanes(coverageBytes: coverage))
    let raw = UnsafeMutableRawPointer(pixels)
    let d = raw.loadUnaligned(as: PixelLanes.self)
    raw.storeBytes(of: d.scaled(by: s.inverseAlphaFactors) &+ s, as: PixelLanes.self)
}

/// dst = src + dst·(255 − alpha)/255 over a run, per channel rounded.
/// `source` is premultiplied with alpha `alpha`, so no channel overflows.
@inline(__always)
func blendSourceOver(_ run: UnsafeMutableBufferPointer<UInt32>, source: UInt32, alpha: UInt32) {
    assert(alpha <= 255 && packedAlpha(source) <= alpha, "a premultiplied color and its alpha")
    guard let base = run.baseAddress else { return }
    let inverse = 255 - alpha
    if inverse == 0 {
        fillPixels(base, count: run.count, with: source)
        return
    }
    var i = 0
    if run.count >= 4 { i = blendSourceOverVector(base, count: run.count, source: source, inverse: inverse) }
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
    // Invariant: `count` writable pixels at `base`.
    assert(count >= 0 && inverse <= 255, "a span of pixels, an inverse alpha byte")
    let src = PixelLanes(pixel: source)
    let factors = PixelLanes(repeating: UInt16(truncatingIfNeeded: inverse))
    var i = 0
    while i + 4 <= count {
        let raw = UnsafeMutableRawPointer(base + i)
        raw.storeBytes(of: raw.loadUnaligned(as: PixelLanes.self).scaled(by: factors) &+ src, as: PixelLanes.self)
        i += 4
    }
    return i
}
