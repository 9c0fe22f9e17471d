// Surface: the pixel formats a surface stores, and conversions between
// them. Draws work in 32-bit premultiplied pixels: an RGBA8 surface as it
// is, a BGRA8 surface with every source color prepared in its byte order
// once per draw (source-over and the separable modes treat red and blue
// alike), an A8 surface through RGBA8 scratch rows (Canvas.swift).

/// How a surface stores a pixel.
public enum PixelFormat: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Premultiplied alpha, 8 bits a channel, bytes R, G, B, A in memory.
    case rgba8Premultiplied
    /// Premultiplied alpha, 8 bits a channel, bytes B, G, R, A in memory:
    /// the native order of Core Graphics bitmap contexts on little-endian
    /// machines (`kCGImageAlphaPremultipliedFirst | kCGBitmapByteOrder32Little`),
    /// `CVPixelBuffer`'s `32BGRA`, Metal's `.bgra8Unorm`, Wayland and X11
    /// `ARGB32`.
    case bgra8Premultiplied
    /// Coverage or alpha only, one byte a pixel (masks, glyph caches).
    /// Drawing into it keeps the alpha a draw would give an RGBA8 surface;
    /// reading a pixel gives black at that alpha.
    case a8

    /// Bytes a pixel occupies.
    public var bytesPerPixel: Int { self == .a8 ? 1 : 4 }

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .rgba8Premultiplied: return "RGBA8 (premultiplied)"
        case .bgra8Premultiplied: return "BGRA8 (premultiplied)"
        case .a8: return "A8"
        }
    }

    /// A color packed as this format stores it: 32 bits in memory order
    /// for the 32-bit formats (`PremultipliedColor.packed`'s order for
    /// RGBA8), the alpha in the low byte for A8.
    @inlinable
    func pack(_ color: PremultipliedColor) -> UInt32 {
        switch self {
        case .rgba8Premultiplied: return color.packed
        case .bgra8Premultiplied: return swapRedBlue(color.packed)
        case .a8: return UInt32(color.alpha)
        }
    }

    /// The color of a pixel packed by `pack`.
    @inlinable
    func unpack(_ pixel: UInt32) -> PremultipliedColor {
        switch self {
        case .rgba8Premultiplied: return PremultipliedColor(packed: pixel)
        case .bgra8Premultiplied: return PremultipliedColor(packed: swapRedBlue(pixel))
        case .a8: return PremultipliedColor(red: 0, green: 0, blue: 0, alpha: UInt8(truncatingIfNeeded: pixel))
        }
    }
}

/// A packed 32-bit pixel with its first and third bytes exchanged (RGBA8
/// ↔ BGRA8; alpha stays the fourth byte).
@inlinable @inline(__always)
func swapRedBlue(_ p: UInt32) -> UInt32 {
    let v = UInt32(littleEndian: p)
    return UInt32(littleEndian: (v & 0xFF00_FF00) | ((v >> 16) & 0xFF) | ((v & 0xFF) << 16))
}

/// Swaps the first and third byte of `count` packed pixels in place.
func swapRedBlue(_ pixels: UnsafeMutablePointer<UInt32>, count: Int) {
    for i in 0..<count { pixels[i] = swapRedBlue(pixels[i]) }
}

extension PremultipliedColor {
    /// The straight-alpha bytes of this color (each channel divided by
    /// alpha, rounded to nearest; black where alpha is 0).
    var straightBytes: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard alpha != 0 else { return (0, 0, 0, 0) }
        guard alpha != 255 else { return (red, green, blue, 255) }
        let a = UInt32(alpha)
        func divide(_ c: UInt8) -> UInt8 { UInt8(min(255, (UInt32(c) * 255 + a / 2) / a)) }
        return (divide(red), divide(green), divide(blue), alpha)
    }

    /// The premultiplied color of straight-alpha bytes, rounded to nearest.
    init(straightRed r: UInt8, green g: UInt8, blue b: UInt8, alpha a: UInt8) {
        let alpha = UInt32(a)
        func times(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * alpha + 127) / 255) }
        self.init(red: times(r), green: times(g), blue: times(b), alpha: a)
    }
}
