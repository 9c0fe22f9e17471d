// Fuzzing: the JPEG and GIF drivers. Any bytes are decoded under small
// limits (a bomb must fail fast); a decoded image must have the size it
// claims, be well-formed (premultiplied, opaque for JPEG), decode the same
// through the format-sniffing `ImageDecoder`, and draw. Decoding must never
// trap or hang.

import Hairline
import HairlinePNG

extension FuzzDrivers {
    /// Limits small enough that any input decodes in milliseconds.
    static let imageLimits = ImageDecoder.Limits(maximumDimension: 4096, maximumPixelCount: 1 << 20)

    /// JPEG decoding, checked and drawn.
    static func jpeg(_ bytes: [UInt8]) {
        guard let image = try? JPEGDecoder.decode(bytes, limits: imageLimits) else { return }
        if !image.isOpaque { fatalError("jpeg: a decoded JPEG is not opaque") }
        checkDecoded(image, bytes, "jpeg")
    }

    /// GIF decoding, checked and drawn.
    static func gif(_ bytes: [UInt8]) {
        guard let image = try? GIFDecoder.decode(bytes, limits: imageLimits) else { return }
        for pixel in image.pixels where pixel >> 24 != 0 && pixel >> 24 != 255 {
            fatalError("gif: alpha \(pixel >> 24) is neither 0 nor 255")
        }
        checkDecoded(image, bytes, "gif")
    }

    /// The checks both image drivers share.
    static func checkDecoded(_ image: Image, _ bytes: [UInt8], _ what: String) {
        guard image.pixels.count == image.width * image.height, image.width > 0, image.height > 0 else {
            fatalError("\(what): \(image.width) x \(image.height) image with \(image.pixels.count) pixels")
        }
        for pixel in image.pixels {
            let color = PremultipliedColor(packed: pixel)
            if color.red > color.alpha || color.green > color.alpha || color.blue > color.alpha {
                fatalError("\(what): pixel \(color) is not premultiplied")
            }
        }
        guard let again = try? ImageDecoder.decode(bytes, limits: imageLimits), again == image else {
            fatalError("\(what): ImageDecoder disagrees with the format's decoder")
        }
        guard let surface = try? Surface(width: 16, height: 16) else { return }
        makeCanvas(surface).draw(image, in: Rect(x: 0, y: 0, width: 16, height: 16))
        checkWellFormed(surface, what)
    }
}
