// Composite: the twelve Porter-Duff operators as PixelBlenders, packed
// premultiplied RGBA8 -> packed premultiplied RGBA8, in exact integer math.
// Each is co = cs·Fa + cb·Fb (alpha likewise), correctly rounded with one
// rounding per channel. Source: W3C Compositing and Blending Level 1, 9.1.
//
// Why one rounding is enough: with cs ≤ αs and cb ≤ αb, every channel's
// cs·Fa + cb·Fb (bytes, Fa and Fb in 0...255) is at most 255·αo ≤ 255·255,
// so `mixPacked` evaluates it exactly and divides by 255 once.

/// Clear (9.1.1): transparent black.
enum ClearBlender: PixelBlender {
    @inline(__always)
    static func blend(source _: UInt32, destination _: UInt32) -> UInt32 { 0 }
}

/// Copy (9.1.2): the source.
enum CopyBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination _: UInt32) -> UInt32 { source }
}

/// Source-over (9.1.4): `s + d·(1 − αs)`. The first product is `s·255/255`,
/// so adding the source to one rounded product is the single rounding.
enum SourceOverBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        source &+ scalePacked(destination, by: fullWeight &- packedAlpha(source))
    }
}

/// Destination-over (9.1.5): `s·(1 − αb) + d`.
enum DestinationOverBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        destination &+ scalePacked(source, by: fullWeight &- packedAlpha(destination))
    }
}

/// Source-in (9.1.6): `s·αb`.
enum SourceInBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        scalePacked(source, by: packedAlpha(destination))
    }
}

/// Destination-in (9.1.7): `d·αs`.
enum DestinationInBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        scalePacked(destination, by: packedAlpha(source))
    }
}

/// Source-out (9.1.8): `s·(1 − αb)`.
enum SourceOutBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        scalePacked(source, by: fullWeight &- packedAlpha(destination))
    }
}

/// Destination-out (9.1.9): `d·(1 − αs)`.
enum DestinationOutBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        scalePacked(destination, by: fullWeight &- packedAlpha(source))
    }
}

/// Source-atop (9.1.10): `s·αb + d·(1 − αs)`, one rounding.
enum SourceAtopBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        mixPacked(
            source, weight: packedAlpha(destination),
            destination, weight: fullWeight &- packedAlpha(source))
    }
}

/// Destination-atop (9.1.11): `s·(1 − αb) + d·αs`, one rounding.
enum DestinationAtopBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        mixPacked(
            source, weight: fullWeight &- packedAlpha(destination),
            destination, weight: packedAlpha(source))
    }
}

/// Xor (9.1.12): `s·(1 − αb) + d·(1 − αs)`, one rounding.
enum XorBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        mixPacked(
            source, weight: fullWeight &- packedAlpha(destination),
            destination, weight: fullWeight &- packedAlpha(source))
    }
}

/// Plus, "lighter" (9.1.13): `min(255, s + d)` per byte. The sum of two
/// premultiplied pixels clamped this way stays premultiplied, since each
/// channel's clamped sum is at most the clamped sum of the alphas.
enum PlusBlender: PixelBlender {
    @inline(__always)
    static func blend(source: UInt32, destination: UInt32) -> UInt32 {
        saturatingAddBytes(source, destination)
    }
}

/// Adds the four bytes of `a` and `b` lane by lane, each sum clamped at 255.
///
/// The low seven bits of every byte are added with room to spare; the top
/// bit is then added without carry (xor), and a byte overflowed exactly when
/// the majority of its two top bits and the carry into bit 7 is set.
@inline(__always)
func saturatingAddBytes(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let lowBits: UInt32 = 0x7F7F_7F7F
    let topBits: UInt32 = 0x8080_8080
    let sum = ((a & lowBits) &+ (b & lowBits)) ^ ((a ^ b) & topBits)
    let overflow = ((a & b) | ((a | b) & ~sum)) & topBits
    // 0x80 -> 0xFF in each overflowed byte: (0x80 >> 7)·0xFF.
    let saturate = (overflow >> 7) &* 0xFF
    return sum | saturate
}
