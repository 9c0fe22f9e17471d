// Surface: packed-pixel arithmetic, 8-bit fixed point, shared by every
// stage that touches stored pixels (the blend kernels above all).
// `div255` is exact rounding division by 255 for the products of two
// bytes; it is tested exhaustively against Double.

/// `round(x / 255)` for `x` in 0...65_025 (the product of two bytes), exact
/// over that whole range without a division: adding 128 and then a 257th of
/// the sum is the classic rounding reciprocal (Blinn, "Three Wrongs Make a
/// Right", 1995).
@inline(__always)
func div255(_ x: UInt32) -> UInt32 {
    assert(x <= 65_025, "div255 is exact only for products of two bytes")
    let t = x &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// Scales the four bytes of a packed pixel by `factor` / 255, each channel
/// rounded to nearest: two channels per 32-bit multiply.
@inline(__always)
func scalePacked(_ pixel: UInt32, by factor: UInt32) -> UInt32 {
    let mask: UInt32 = 0x00FF_00FF
    var rb = (pixel & mask) &* factor &+ 0x0080_0080
    rb = ((rb &+ ((rb >> 8) & mask)) >> 8) & mask
    var ga = ((pixel >> 8) & mask) &* factor &+ 0x0080_0080
    ga = (ga &+ ((ga >> 8) & mask)) & ~mask
    return rb | ga
}

/// The alpha byte of a packed pixel (`PremultipliedColor.packed`: bytes
/// R, G, B, A in memory order, so alpha is the high byte on little-endian
/// hosts and the low byte on big-endian ones).
@inline(__always)
func packedAlpha(_ pixel: UInt32) -> UInt32 {
    #if _endian(little)
        return pixel >> 24
    #else
        return pixel & 0xFF
    #endif
}
