// Composite: source-over of a row of varying premultiplied source colors,
// with one coverage for the run or one per pixel:
// dst = src·c + dst·(1 − αsrc·c), each product rounded to nearest (the same
// arithmetic as the solid kernel, so a constant row gives identical bytes).

/// Source-over of `count` source pixels onto `dst` with coverage `c`.
@inline(__always)
func sourceOverRow(_ src: UnsafePointer<UInt32>, _ dst: UnsafeMutablePointer<UInt32>, count: Int, coverage c: UInt8) {
    if c == 255 {
        for i in 0..<count {
            let s = src[i]
            let alpha = packedAlpha(s)
            if alpha == 255 {
                dst[i] = s
            } else if alpha != 0 {
                dst[i] = s &+ scalePacked(dst[i], by: 255 - alpha)
            }
        }
    } else {
        let cover = UInt32(c)
        for i in 0..<count {
            let s = scalePacked(src[i], by: cover)
            let alpha = packedAlpha(s)
            if s != 0 { dst[i] = s &+ scalePacked(dst[i], by: 255 - alpha) }
        }
    }
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
