// Test support: pixels as PNG stores them. A rendered Surface (premultiplied)
// and a PNG file both become straight-alpha RGBA8, so a golden PNG compares
// with a fresh render byte for byte: the surface is un-premultiplied with
// the PNG encoder's documented rounding (round(c * 255 / a), halves up,
// clamped; alpha 0 gives 0, 0, 0, 0), and the file is decoded by HairlinePNG.

import Foundation
public import Hairline
import HairlinePNG

/// An image of straight-alpha RGBA8 pixels, row-major, no padding.
public struct StraightImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha per pixel.
    public private(set) var bytes: [UInt8]

    /// Bytes of one pixel.
    public static let bytesPerPixel = 4

    /// An image over `bytes` (straight RGBA8, `width * height * 4` of them).
    public init(width: Int, height: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0 && bytes.count == width * height * Self.bytesPerPixel)
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixels of `surface` (any format) as its PNG encoding stores them.
    public init(_ surface: Surface) {
        let rgba = surface.format == .rgba8Premultiplied ? surface : surface.converted(to: .rgba8Premultiplied)
        var bytes = rgba.bytes
        for offset in stride(from: 0, to: bytes.count, by: Self.bytesPerPixel) {
            let alpha = UInt32(bytes[offset + 3])
            if alpha == 255 { continue }
            for channel in offset..<(offset + 3) {
                bytes[channel] =
                    alpha == 0 ? 0 : UInt8(min(255, (2 * UInt32(bytes[channel]) * 255 + alpha) / (2 * alpha)))
            }
        }
        self.init(width: surface.width, height: surface.height, bytes: bytes)
    }

    /// The 8-bit pixels of the PNG file at `path` (any color type and depth).
    /// - Throws: `PNGError` when the file cannot be read or decoded.
    public init(contentsOfPNGFile path: String) throws {
        let png = try PNGDecoder.decode(contentsOfFile: path)
        self.init(width: png.width, height: png.height, bytes: png.rgba8)
    }

    /// The straight color of pixel (x, y), which must be inside the image.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let o = (y * width + x) * Self.bytesPerPixel
        return (bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3])
    }

    /// A premultiplied surface of these pixels (exact for opaque pixels;
    /// translucent ones are rounded to the nearest premultiplied value).
    public func surface() throws -> Surface {
        let surface = try Surface(width: max(width, 1), height: max(height, 1))
        for y in 0..<height {
            for x in 0..<width {
                let p = pixel(x: x, y: y)
                let premultiply = { (c: UInt8) in UInt8((UInt32(c) * UInt32(p.alpha) + 127) / 255) }
                surface.setPixel(
                    x: x, y: y,
                    to: PremultipliedColor(
                        red: premultiply(p.red), green: premultiply(p.green),
                        blue: premultiply(p.blue), alpha: p.alpha))
            }
        }
        return surface
    }
}
