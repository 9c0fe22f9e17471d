// Decode stage: interlace geometry (PNG spec §8.2, Adam7). An image size
// in -> the passes that store it, each a sub-grid of the image with its
// own width and height. Guarantees: the seven Adam7 passes cover every
// pixel exactly once; passes of small images may be empty (no bytes).

/// One pass of the stored image: the pixels at (startX + i · stepX,
/// startY + j · stepY) inside the image, in row-major order.
struct PNGPass: Sendable, Equatable {
    /// 1 ... 7 for Adam7 passes, 0 for the single pass of a plain image.
    let number: Int
    /// The first pixel's column and row, in image pixels.
    let startX: Int, startY: Int
    /// The spacing of the pass's columns and rows, in image pixels.
    let stepX: Int, stepY: Int

    /// The one pass of a non-interlaced image.
    static let whole = PNGPass(number: 0, startX: 0, startY: 0, stepX: 1, stepY: 1)

    /// The seven Adam7 passes over each 8 x 8 tile (PNG spec §8.2):
    ///
    ///     1 6 4 6 2 6 4 6
    ///     7 7 7 7 7 7 7 7
    ///     5 6 5 6 5 6 5 6
    ///     7 7 7 7 7 7 7 7
    ///     3 6 4 6 3 6 4 6
    ///     7 7 7 7 7 7 7 7
    ///     5 6 5 6 5 6 5 6
    ///     7 7 7 7 7 7 7 7
    static let adam7: [PNGPass] = [
        PNGPass(number: 1, startX: 0, startY: 0, stepX: 8, stepY: 8),
        PNGPass(number: 2, startX: 4, startY: 0, stepX: 8, stepY: 8),
        PNGPass(number: 3, startX: 0, startY: 4, stepX: 4, stepY: 8),
        PNGPass(number: 4, startX: 2, startY: 0, stepX: 4, stepY: 4),
        PNGPass(number: 5, startX: 0, startY: 2, stepX: 2, stepY: 4),
        PNGPass(number: 6, startX: 1, startY: 0, stepX: 2, stepY: 2),
        PNGPass(number: 7, startX: 0, startY: 1, stepX: 1, stepY: 2),
    ]

    /// The pass's size in pixels for an image of `width` x `height`; either
    /// side may be 0, and then the pass stores nothing.
    func size(width: Int, height: Int) -> (width: Int, height: Int) {
        (
            PNGPass.count(length: width, start: startX, step: stepX),
            PNGPass.count(length: height, start: startY, step: stepY)
        )
    }

    /// How many of start, start + step, ... are below `length`.
    static func count(length: Int, start: Int, step: Int) -> Int {
        length > start ? (length - start + step - 1) / step : 0
    }
}
