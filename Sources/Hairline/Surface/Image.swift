// Surface: immutable bitmaps that paints and image draws read from.
// Premultiplied RGBA, 8 bits a channel, in the same byte order as a
// Surface, rows packed (no padding). A value type: cheap to copy, Sendable.

/// Why an image could not be created.
public enum ImageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Width or height below 1, or above `Surface.maximumDimension`, or too
    /// many pixels in all.
    case invalidSize(width: Int, height: Int)
    /// The pixel array's count is not `width * height`.
    case pixelCountMismatch(expected: Int, actual: Int)
    /// A pixel has a color channel greater than its alpha.
    case notPremultiplied(index: Int)

    /// A readable description, for messages and debugging.
    public var description: String {
        switch self {
        case .invalidSize(let w, let h):
            return
                "image size \(w) x \(h) is invalid: sides must be 1...\(Surface.maximumDimension) pixels, at most \(Surface.maximumPixelCount) in all"
        case .pixelCountMismatch(let e, let a):
            return "image has \(a) pixels, expected \(e)"
        case .notPremultiplied(let i):
            return "pixel \(i) has a color channel greater than its alpha"
        }
    }
}

/// An immutable premultiplied RGBA8 bitmap, in pixels (device units of the
/// image; a pattern's transform says how they map to user space).
public struct Image: Hashable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Row-major pixels, each packed as `PremultipliedColor.packed`.
    public let pixels: [UInt32]
    /// Whether every pixel is fully opaque (lets draws copy instead of blend).
    public let isOpaque: Bool

    /// Creates an image from premultiplied pixels, row-major.
    /// - Throws: `ImageError` for a bad size, a wrong pixel count or a
    ///   pixel whose color exceeds its alpha.
    /// - Parameters:
    ///   - width: pixels per row (1...`Surface.maximumDimension`).
    ///   - height: rows (1...`Surface.maximumDimension`).
    ///   - pixels: `width × height` pixels, each `PremultipliedColor.packed`.
    public init(width: Int, height: Int, premultipliedPixels pixels: [UInt32]) throws(ImageError) {
        guard width > 0, height > 0, width <= Surface.maximumDimension, height <= Surface.maximumDimension,
            width * height <= Surface.maximumPixelCount
        else { throw .invalidSize(width: width, height: height) }
        guard pixels.count == width * height else {
            throw .pixelCountMismatch(expected: width * height, actual: pixels.count)
        }
        var opaque = true
        for (i, p) in pixels.enumerated() {
            let c = PremultipliedColor(packed: p)
            if c.red > c.alpha || c.green > c.alpha || c.blue > c.alpha { throw .notPremultiplied(index: i) }
            opaque = opaque && c.alpha == 255
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isOpaque = opaque
    }

    /// Creates an image from straight-alpha colors, row-major, rounding
    /// each premultiplied channel to nearest.
    /// - Throws: `ImageError` for a bad size or a wrong pixel count.
    /// - Parameters:
    ///   - width: pixels per row (1...`Surface.maximumDimension`).
    ///   - height: rows (1...`Surface.maximumDimension`).
    ///   - colors: `width × height` sRGB colors, straight alpha; components
    ///     are clamped to 0...1, NaN counts as 0.
    public init(width: Int, height: Int, colors: [Color]) throws(ImageError) {
        guard colors.count == width * height || !(width > 0 && height > 0) else {
            throw .pixelCountMismatch(expected: width * height, actual: colors.count)
        }
        try self.init(width: width, height: height, premultipliedPixels: colors.map { $0.premultiplied.packed })
    }

    /// An image from pixels already known to be valid (a part of another
    /// image): no checks.
    init(validatedWidth width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isOpaque = pixels.allSatisfy { packedAlpha($0) == 255 }
    }

    /// A snapshot of a surface's pixels (converted to premultiplied RGBA8
    /// from the surface's format; an A8 surface gives black at its alphas).
    /// Of a row window, its `pixelRows` alone: the image's row 0 is the
    /// window's row `pixelRows.lowerBound`.
    /// - Parameter surface: the surface copied (a pending clear is written first).
    public init(_ surface: Surface) {
        width = surface.width
        height = surface.pixelRows.count
        pixels = [UInt32](unsafeUninitializedCapacity: surface.width * height) { out, count in
            surface.copyCheckedPixels(
                into: UnsafeMutableRawBufferPointer(out), bytesPerRow: surface.width * 4,
                format: .rgba8Premultiplied)
            count = surface.width * surface.pixelRows.count
        }
        isOpaque = pixels.allSatisfy { packedAlpha($0) == 255 }
    }

    /// The pixel at (x, y), or `nil` outside the image.
    /// - Parameters:
    ///   - x: the column, in image pixels.
    ///   - y: the row, in image pixels.
    public func pixel(x: Int, y: Int) -> PremultipliedColor? {
        guard x >= 0, x < width, y >= 0, y < height else { return nil }
        return PremultipliedColor(packed: pixels[y * width + x])
    }
}

extension Image {
    /// Whether every row of the image's part `rect` (inside it) is one
    /// color (stops at the first row that is not: cheap for the slices
    /// that are not, a pass over the few pixels of those that are).
    func hasUniformRows(in rect: PixelRect) -> Bool {
        guard rect.width > 1 else { return true }
        return pixels.withUnsafeBufferPointer { p in
            for y in rect.minY..<rect.maxY {
                let row = p.baseAddress! + y * width
                let first = row[rect.minX]
                for x in (rect.minX + 1)..<rect.maxX where row[x] != first { return false }
            }
            return true
        }
    }
}
