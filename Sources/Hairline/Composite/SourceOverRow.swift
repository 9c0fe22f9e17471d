// Composite: source-over of a row of varying premultiplied source colors,
// with one coverage for the run or one per pixel:
// dst = src·c + dst·(1 − αsrc·c), each product rounded to nearest (the same
// arithmetic as the solid kernel, so a constant row gives identical bytes).

/// Source-over of `count` source pixels onto `dst` with coverage `c`.
@inline(__always)
func sourceOverRow(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, coverage c: UInt8) {
    // Invariant: `count` pixels readable at `src`, writable at `dst`, the
    // two rows apart (the shaded row is scratch, the destination a surface).
    assert(count >= 0 && rowsAreApart(src, dst, count: count), "source-over of two separate rows")
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
func sourceOverRowVector(
    _ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
    coverage c: UInt8
) -> Int {
    assert(count >= 0 && rowsAreApart(src, dst, count: count), "source-over of two separate rows")
    let cover = PixelLanes(repeating: UInt16(c))
    var i = 0
    while i + 4 <= count {
        var s = UnsafeRawPointer(src + i).loadUnaligned(as: PixelLanes.self)
        if c != 255 { s = s.scaled(by: cover) }
        let raw = UnsafeMutableRawPointer(dst + i)
        let d = raw.loadUnaligned(as: PixelLanes.self)
        raw.storeBytes(of: d.scaled(by: s.inverseAlphaFactors) &+ s, as: PixelLanes.self)
        i += 4
    }
    return i
}

/// Source-over of `count` source pixels onto `dst`, pixel i with coverage
/// `coverage[i]`.
@inline(__always)
func sourceOverRow(
    _ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int,
    coverage: UnsafePointer<UInt8>
) {
    // Invariant: `count` pixels at `src` and `dst` (apart) and `count`
    // coverage bytes.
    assert(count >= 0 && rowsAreApart(src, dst, count: count), "source-over of two separate rows")
    for i in 0..<count { dst[i] = sourceOver(src[i], onto: dst[i], coverage: UInt32(coverage[i])) }
}

/// One pixel of source-over: `source` scaled by coverage `c` (0...255)
/// over `destination` (which coverage 0 leaves as it is).
@inline(__always)
func sourceOver(_ source: UInt32, onto destination: UInt32, coverage c: UInt32) -> UInt32 {
    guard c != 0 else { return destination }
    let s = c == 255 ? source : scalePacked(source, by: c)
    return s &+ scalePacked(destination, by: 255 &- packedAlpha(s))
}
