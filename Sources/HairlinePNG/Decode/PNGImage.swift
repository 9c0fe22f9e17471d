// Decode stage: the decoder's result. Decoded straight-alpha RGBA samples
// in -> a value holding them at 8 bits (always) and 16 bits (16-bit
// sources), and Hairline's premultiplied `Image` on request. Guarantees:
// the size is within `Surface`'s limits, so `image()` always succeeds;
// premultiplication rounds to nearest, (c · a + 127) / 255.

public import Hairline

/// A decoded PNG: straight (non-premultiplied) RGBA pixels, row-major, top
/// row first, whatever the file's color type.
///
/// Grayscale becomes R = G = B, palettes are expanded, images without an
/// alpha channel are opaque except where a tRNS color key matches (alpha
/// 0). Only `PNGDecoder` makes values of this type.
public struct PNGImage: Hashable, Sendable {
    /// Width in pixels, at least 1.
    public let width: Int
    /// Height in pixels, at least 1.
    public let height: Int
    /// The result's bits per sample: 16 for 16-bit files (`rgba16` holds
    /// their samples), 8 for all others (1, 2 and 4-bit samples are scaled
    /// up to 8 bits).
    public let bitDepth: Int
    /// Straight RGBA, 8 bits a sample: `width * height * 4` bytes, R, G, B,
    /// A per pixel. For 16-bit files each sample v is rounded to nearest:
    /// (v · 255 + 32767) / 65535.
    public let rgba8: [UInt8]
    /// Straight RGBA, 16 bits a sample (native-endian values), for 16-bit
    /// files only; `nil` otherwise. Lossless.
    public let rgba16: [UInt16]?

    /// Makes an image; the decoder guarantees the counts and limits.
    init(width: Int, height: Int, bitDepth: Int, rgba8: [UInt8], rgba16: [UInt16]?) {
        precondition(rgba8.count == width * height * PNGRowExpander.channelCount)
        precondition(rgba16 == nil || rgba16!.count == rgba8.count)
        self.width = width
        self.height = height
        self.bitDepth = bitDepth
        self.rgba8 = rgba8
        self.rgba16 = rgba16
    }

    /// The straight 8-bit color of pixel (x, y), or `nil` outside the image.
    /// - Parameters:
    ///   - x: the column, in image pixels.
    ///   - y: the row, in image pixels.
    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        let offset = (y * width + x) * PNGRowExpander.channelCount
        return Pixel(red: rgba8[offset], green: rgba8[offset + 1], blue: rgba8[offset + 2], alpha: rgba8[offset + 3])
    }

    /// One pixel of a decoded PNG as `pixel(x:y:)` returns it: straight
    /// (not premultiplied) sRGB samples and alpha, 8 bits each, as in
    /// `rgba8`.
    public struct Pixel: Hashable, Sendable {
        /// Red, 0...255, not premultiplied.
        public var red: UInt8
        /// Green, 0...255, not premultiplied.
        public var green: UInt8
        /// Blue, 0...255, not premultiplied.
        public var blue: UInt8
        /// Alpha, 0 (transparent) ... 255 (opaque).
        public var alpha: UInt8

        /// Creates a pixel from straight 8-bit samples.
        /// - Parameters:
        ///   - red: straight red.
        ///   - green: straight green.
        ///   - blue: straight blue.
        ///   - alpha: opacity.
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
    }

    /// The pixels as Hairline's premultiplied RGBA8 `Image`, from `rgba8`:
    /// each color channel c of a pixel with alpha a becomes
    /// (c · a + 127) / 255, rounded to nearest.
    /// - Complexity: O(width × height).
    public func image() -> Image {
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBufferPointer { destination in
            rgba8.withUnsafeBufferPointer { source in
                PNGImage.premultiply(source, into: destination)
            }
        }
        do {
            return try Image(width: width, height: height, premultipliedPixels: pixels)
        } catch {
            // The decoder's limits never exceed Surface's, and premultiplied
            // channels never exceed alpha.
            preconditionFailure("a decoded PNG must make a valid Image: \(error)")
        }
    }

    /// Premultiplies straight RGBA8 bytes into packed premultiplied pixels;
    /// opaque and transparent pixels take fast paths.
    static func premultiply(_ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt32>)
    {
        precondition(source.count == destination.count * PNGRowExpander.channelCount)
        let opaque = UInt8.max
        for index in 0..<destination.count {
            let offset = index &* PNGRowExpander.channelCount
            let alpha = source[offset + 3]
            let red = source[offset], green = source[offset + 1], blue = source[offset + 2]
            let color: PremultipliedColor
            switch alpha {
            case opaque: color = PremultipliedColor(red: red, green: green, blue: blue, alpha: alpha)
            case 0: color = .clear
            default:
                color = PremultipliedColor(
                    red: premultiplied(red, alpha: alpha), green: premultiplied(green, alpha: alpha),
                    blue: premultiplied(blue, alpha: alpha), alpha: alpha)
            }
            destination[index] = color.packed
        }
    }

    /// c · a / 255 rounded to nearest ((c · a + 127) / 255); never above a.
    @inline(__always)
    static func premultiplied(_ channel: UInt8, alpha: UInt8) -> UInt8 {
        let maximum = UInt32(UInt8.max), half = maximum / 2
        return UInt8(truncatingIfNeeded: (UInt32(channel) &* UInt32(alpha) &+ half) / maximum)
    }
}
