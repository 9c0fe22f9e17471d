// The pixels a run's images may decode (`--image-budget`), shared by the
// images an SVG's `<image>`s load: each file is decoded once (by its path
// with links resolved), and an image past what is left is refused from
// its header, before its pixels are decoded, with a message naming it
// and the budget (the SVG reader turns it into a warning; the image is
// not drawn).

import Hairline
import HairlinePNG
import HairlineSystem

/// Decoded-image pixels left to a run, and the images decoded so far.
final class ImageBudget: @unchecked Sendable {
    let pixels: Int
    private var used = 0
    private var decoded: [String: Image] = [:]
    private let lock = SystemLock()

    init(pixels: Int) {
        self.pixels = pixels
    }

    /// The image `decode` gives with limits of what is left of the
    /// budget, or the one already decoded from `file`.
    /// - Throws: `Refusal` if the image is larger than what is left;
    ///   `decode`'s errors otherwise.
    func decode(name: String, file: String? = nil, _ decode: (ImageDecoder.Limits) throws -> Image) throws -> Image {
        lock.lock()
        defer { lock.unlock() }
        if let file, let image = decoded[file] { return image }
        let left = max(0, pixels - used)
        let image: Image
        do {
            image = try decode(ImageDecoder.Limits(maximumPixelCount: left))
        } catch let error as ImageDecoderError {
            if let (width, height) = error.refusedSize, width * height > left,
                width <= Surface.maximumDimension, height <= Surface.maximumDimension
            {
                throw Refusal(name: name, width: width, height: height, left: left, budget: pixels)
            }
            throw error
        }
        used += image.width * image.height
        if let file { decoded[file] = image }
        return image
    }

    /// An image larger than what is left of the budget.
    struct Refusal: Error, CustomStringConvertible {
        let name: String
        let width: Int, height: Int, left: Int, budget: Int

        var description: String {
            "\(EchoedText.quoted(name)) is \(width) x \(height) pixels, more than the \(left) left of the run's "
                + "decoded-image budget of \(budget) pixels (--image-budget raises it)"
        }
    }
}
