// Encode stage: premultiplied to straight alpha, as PNG stores it. Surface
// rows (premultiplied RGBA8) in -> straight RGBA8 rows out. Guarantees:
// each channel is round(c * 255 / a) (halves round up), clamped to 255 for
// malformed pixels with c > a; alpha 0 gives (0, 0, 0, 0). Exhaustively
// tested against Double arithmetic, as swift-png's Premultiplication tests.

/// The un-premultiply kernel the PNG encoder runs on every row.
enum Unpremultiply {
    /// Bytes of one RGBA8 pixel.
    static let bytesPerPixel = 4
    /// Offset of alpha within a pixel.
    static let alphaOffset = 3
    /// The largest 8-bit value: full alpha, full channel.
    static let maximum: UInt32 = 255

    /// The straight value of a channel stored premultiplied as `value` in a
    /// pixel of alpha `alpha` (1 ... 255): round(value * 255 / alpha),
    /// clamped to 255.
    @inline(__always)
    static func channel(_ value: UInt8, alpha: UInt8) -> UInt8 {
        assert(alpha > 0)
        // floor((2 v 255 + a) / 2a) = floor(v 255 / a + 1/2).
        let doubledAlpha = 2 * UInt32(alpha)
        let straight = (2 * UInt32(value) * maximum + UInt32(alpha)) / doubledAlpha
        return UInt8(min(straight, maximum))
    }

    /// Converts `pixelCount` premultiplied RGBA8 pixels at `source` into
    /// straight RGBA8 at `destination` (the two may not overlap).
    /// Opaque and fully transparent pixels take a fast path.
    static func row(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, pixelCount: Int
    ) {
        precondition(pixelCount >= 0)
        for pixel in 0..<pixelCount {
            let offset = pixel * bytesPerPixel
            let alpha = source[offset + alphaOffset]
            switch alpha {
            case UInt8(maximum):
                destination.advanced(by: offset).update(from: source.advanced(by: offset), count: bytesPerPixel)
            case 0:
                destination.advanced(by: offset).update(repeating: 0, count: bytesPerPixel)
            default:
                for channelIndex in 0..<alphaOffset {
                    destination[offset + channelIndex] = channel(source[offset + channelIndex], alpha: alpha)
                }
                destination[offset + alphaOffset] = alpha
            }
        }
    }
}
