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

    /// Pixels checked at once by the fast paths: two 64-bit words.
    static let pixelsPerStep = 4
    /// The alpha bytes of two pixels in a little-endian 64-bit word.
    static let alphaMask: UInt64 = 0xFF00_0000_FF00_0000

    /// Converts `pixelCount` premultiplied RGBA8 pixels at `source` into
    /// straight RGBA8 at `destination` (the two may not overlap).
    /// Eight, else four, pixels at a time that are all opaque are copied,
    /// all fully transparent are zeroed; the others go pixel by pixel.
    static func row(
        _ source: UnsafePointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>, pixelCount: Int
    ) {
        precondition(pixelCount >= 0)
        let raw = UnsafeRawPointer(source), out = UnsafeMutableRawPointer(destination)
        let stepBytes = pixelsPerStep * bytesPerPixel, half = stepBytes / 2
        /// Four pixels from `pixel`: copied, zeroed, or converted one by one.
        @inline(__always) func fourPixels(at pixel: Int) {
            let offset = pixel * bytesPerPixel
            let first = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let second = raw.loadUnaligned(fromByteOffset: offset + half, as: UInt64.self)
            if (first & second).littleEndian & alphaMask == alphaMask {
                out.storeBytes(of: first, toByteOffset: offset, as: UInt64.self)
                out.storeBytes(of: second, toByteOffset: offset + half, as: UInt64.self)
            } else if (first | second).littleEndian & alphaMask == 0 {
                out.storeBytes(of: 0, toByteOffset: offset, as: UInt64.self)
                out.storeBytes(of: 0, toByteOffset: offset + half, as: UInt64.self)
            } else {
                for each in pixel..<(pixel + pixelsPerStep) { convert(source, destination, at: each * bytesPerPixel) }
            }
        }
        var pixel = 0
        // Eight pixels a step: copied when all are opaque (drawn
        // interiors), zeroed when all are transparent, else each half as four.
        while pixel + 2 * pixelsPerStep <= pixelCount {
            let offset = pixel * bytesPerPixel
            let w0 = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let w1 = raw.loadUnaligned(fromByteOffset: offset + half, as: UInt64.self)
            let w2 = raw.loadUnaligned(fromByteOffset: offset + stepBytes, as: UInt64.self)
            let w3 = raw.loadUnaligned(fromByteOffset: offset + stepBytes + half, as: UInt64.self)
            if (w0 & w1 & w2 & w3).littleEndian & alphaMask == alphaMask {
                out.storeBytes(of: w0, toByteOffset: offset, as: UInt64.self)
                out.storeBytes(of: w1, toByteOffset: offset + half, as: UInt64.self)
                out.storeBytes(of: w2, toByteOffset: offset + stepBytes, as: UInt64.self)
                out.storeBytes(of: w3, toByteOffset: offset + stepBytes + half, as: UInt64.self)
            } else if (w0 | w1 | w2 | w3).littleEndian & alphaMask == 0 {
                out.storeBytes(of: 0, toByteOffset: offset, as: UInt64.self)
                out.storeBytes(of: 0, toByteOffset: offset + half, as: UInt64.self)
                out.storeBytes(of: 0, toByteOffset: offset + stepBytes, as: UInt64.self)
                out.storeBytes(of: 0, toByteOffset: offset + stepBytes + half, as: UInt64.self)
            } else {
                fourPixels(at: pixel)
                fourPixels(at: pixel + pixelsPerStep)
            }
            pixel += 2 * pixelsPerStep
        }
        if pixel + pixelsPerStep <= pixelCount {
            fourPixels(at: pixel)
            pixel += pixelsPerStep
        }
        while pixel < pixelCount {
            convert(source, destination, at: pixel * bytesPerPixel)
            pixel += 1
        }
    }

    /// Converts the one pixel at byte `offset`.
    @inline(__always)
    private static func convert(
        _ source: UnsafePointer<UInt8>, _ destination: UnsafeMutablePointer<UInt8>, at offset: Int
    ) {
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
