// Composite: four premultiplied RGBA8 pixels as eight 16-bit lanes of two
// channels each (R|G and B|A in memory order), the vector form every
// source-over kernel uses on x86-64's baseline SSE2 (no widening
// conversions: each lane is split into its low and high bytes and scaled
// with a 16-bit multiply). The rounding is `div255`'s per channel, so the
// vector kernels give the scalar ones' bytes (tested in PixelMathTests).

/// Four pixels in two-channel 16-bit lanes.
typealias PixelLanes = SIMD8<UInt16>

extension SIMD8 where Scalar == UInt16 {
    /// Each channel times its factor / 255, rounded to nearest: `factors`
    /// holds each pixel's factor (0...255) in both of its lanes.
    @inline(__always)
    func scaled(by factors: PixelLanes) -> PixelLanes {
        PixelLanes.scaled(low: self & PixelLanes(repeating: 0x00FF), high: self &>> 8, by: factors)
    }

    /// `scaled(by:)` of the lanes whose low bytes are `low` and high
    /// bytes `high` (each 0...255 a lane): for a color scaled by many
    /// factors, split once. Per channel x·f + 128 = t (at most 65,153),
    /// div255 is (t + t >> 8) >> 8, below 2^16: for the high byte it is
    /// taken in place (the high byte of t + t >> 8, no shift back). (A
    /// multiply-high by 257 gives the same quotient, but LLVM turns the
    /// widened product into shifts unless it is alone: not used.)
    @inline(__always)
    static func scaled(low: PixelLanes, high: PixelLanes, by factors: PixelLanes) -> PixelLanes {
        let half = PixelLanes(repeating: 128)
        let lo = low &* factors &+ half
        let hi = high &* factors &+ half
        return ((lo &+ (lo &>> 8)) &>> 8) | ((hi &+ (hi &>> 8)) & PixelLanes(repeating: 0xFF00))
    }

    /// Each pixel's 255 − alpha, in both of its lanes (the factor by which
    /// source-over keeps the destination).
    @inline(__always)
    var inverseAlphaFactors: PixelLanes {
        let full = SIMD4<UInt32>(repeating: 255)
        #if _endian(little)
            let alpha = unsafeBitCast(self, to: SIMD4<UInt32>.self) &>> 24
        #else
            let alpha = unsafeBitCast(self, to: SIMD4<UInt32>.self) & full
        #endif
        let inverse = full &- alpha
        return unsafeBitCast(inverse | (inverse &<< 16), to: PixelLanes.self)
    }

    /// Lanes holding each pixel's factor from four factors (0...255).
    @inline(__always)
    init(factors: SIMD4<UInt32>) {
        self = unsafeBitCast(factors | (factors &<< 16), to: PixelLanes.self)
    }

    /// Lanes holding the same pixel four times.
    @inline(__always)
    init(pixel: UInt32) {
        self = unsafeBitCast(SIMD4<UInt32>(repeating: pixel), to: PixelLanes.self)
    }

    /// Factors from a group's four coverage bytes (byte i for pixel i,
    /// lowest first), each in both lanes of its pixel.
    @inline(__always)
    init(coverageBytes coverage: UInt32) {
        #if _endian(little)
            let c32 = SIMD4<UInt32>(truncatingIfNeeded: unsafeBitCast(coverage, to: SIMD4<UInt8>.self))
        #else
            let c32 = SIMD4<UInt32>(coverage & 0xFF, coverage >> 8 & 0xFF, coverage >> 16 & 0xFF, coverage >> 24)
        #endif
        self.init(factors: c32)
    }
}
