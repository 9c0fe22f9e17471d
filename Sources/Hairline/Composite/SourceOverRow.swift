// Composite: source-over of a row of varying premultiplied source colors,
// with one coverage for the run or one per pixel:
// dst = src·c + dst·(1 − αsrc·c), each product rounded to nearest (the same
// arithmetic as the solid kernel, so a constant row gives identical bytes).

/// Source-over of `count` source pixels onto `dst` with coverage `c`.
@inline(__always)
func sourceOverRow(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, coverage c: UInt8) {
    var i = count >= 8 ? sourceOverRowVector(src, dst, count: count, coverage: c) : 0
    if c == 255 {
        while i < count {
            let s = src[i]
            let alpha = packedAlpha(s)
            if alpha == 255 {
                dst[i] = s
            } else if alpha != 0 {
                dst[i] = s &+ scalePacked(dst[i], by: 255 - alpha)
            }
            i += 1
        }
    } else {
        let cover = UInt32(c)
        while i < count {
            let s = scalePacked(src[i], by: cover)
            let alpha = packedAlpha(s)
            if s != 0 { dst[i] = s &+ scalePacked(dst[i], by: 255 - alpha) }
            i += 1
        }
    }
}

/// The vector part of `sourceOverRow` with one coverage: four pixels at a
/// time in 16-bit lanes of two channels (see `blendSourceOverVector`),
/// each pixel's inverse alpha spread over its lanes with 32-bit shifts.
/// Gives the scalar loop's bytes (a transparent source leaves the pixel as
/// it is: d·255/255 rounds back to d). Returns how many pixels it did.
@inline(never)
func sourceOverRowVector(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
                         coverage c: UInt8) -> Int {
    let cover = SIMD8<UInt16>(repeating: UInt16(c))
    let half = SIMD8<UInt16>(repeating: 128)
    let low = SIMD8<UInt16>(repeating: 0x00FF)
    let full = SIMD4<UInt32>(repeating: 255)
    var i = 0
    while i + 4 <= count {
        var s = UnsafeRawPointer(src + i).loadUnaligned(as: SIMD8<UInt16>.self)
        if c != 255 {
            var lo = (s & low) &* cover &+ half
            lo = (lo &+ (lo &>> 8)) &>> 8
            var hi = (s &>> 8) &* cover &+ half
            hi = (hi &+ (hi &>> 8)) &>> 8
            s = lo | (hi &<< 8)
        }
        #if _endian(little)
        let alpha = unsafeBitCast(s, to: SIMD4<UInt32>.self) &>> 24
        #else
        let alpha = unsafeBitCast(s, to: SIMD4<UInt32>.self) & full
        #endif
        let inverse32 = full &- alpha
        let inverse = unsafeBitCast(inverse32 | (inverse32 &<< 16), to: SIMD8<UInt16>.self)
        let raw = UnsafeMutableRawPointer(dst + i)
        let d = raw.loadUnaligned(as: SIMD8<UInt16>.self)
        var lo = (d & low) &* inverse &+ half
        lo = (lo &+ (lo &>> 8)) &>> 8
        var hi = (d &>> 8) &* inverse &+ half
        hi = (hi &+ (hi &>> 8)) &>> 8
        raw.storeBytes(of: (lo | (hi &<< 8)) &+ s, as: SIMD8<UInt16>.self)
        i += 4
    }
    return i
}

/// Source-over of `count` source pixels onto `dst`, pixel i with coverage
/// `coverage[i]`.
@inline(__always)
func sourceOverRow(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
                   coverage: UnsafePointer<UInt8>) {
    for i in 0..<count {
        let c = UInt32(coverage[i])
        guard c != 0 else { continue }
        let s = c == 255 ? src[i] : scalePacked(src[i], by: c)
        dst[i] = s &+ scalePacked(dst[i], by: 255 - packedAlpha(s))
    }
}
