// Paint: image patterns (`colorWithPatternImage:`), an image in pattern
// space (one unit per image pixel) mapped to user space, with how it tiles
// on each axis and how it is sampled. Values only; PatternShader.swift
// shades them.

/// How an image is sampled between its pixels.
public enum ImageSampling: Hashable, Sendable {
    /// The pixel whose square contains the sample point.
    case nearest
    /// Bilinear interpolation of the four nearest pixel centres, in
    /// premultiplied space.
    case bilinear
}

/// How an image pattern continues beyond the image on one axis.
public enum TileMode: Hashable, Sendable {
    /// The edge pixels continue.
    case pad
    /// The image repeats.
    case `repeat`
    /// The image repeats, every other copy mirrored.
    case reflect
    /// Nothing (transparent) outside the image.
    case decal
}

/// An image used as a paint (`colorWithPatternImage:`): image pixel (i, j)
/// covers [i, i+1) x [j, j+1) of pattern space, which `transform` maps to
/// user space; so an 8s x 8s pixel tile made at scale s is drawn as an
/// 8 x 8 pt tile with `transform = scale(1/s)`.
public struct ImagePattern: Hashable, Sendable {
    /// The pixels, premultiplied RGBA8; pixel (i, j) is the unit square at
    /// (i, j) of pattern space.
    public var image: Image
    /// Maps pattern space (image pixels) to user space (points).
    public var transform: AffineTransform
    /// How the pattern continues left and right of the image (default
    /// `.repeat`).
    public var tileX: TileMode
    /// How the pattern continues above and below the image (default
    /// `.repeat`).
    public var tileY: TileMode
    /// How a device pixel's centre, mapped into pattern space, picks its
    /// color (default `.nearest`).
    public var sampling: ImageSampling
    /// The part of the image that is the pattern (image pixels, inside the
    /// image), or nil for all of it: a nine-slice piece samples its slice
    /// in place, as if cropped (tiling and bilinear sampling never reach
    /// past it), instead of copying it out.
    var slice: PixelRect?

    /// Creates an image pattern.
    /// - Parameters:
    ///   - image: the pixels.
    ///   - transform: maps pattern space (image pixels) to user space (points).
    ///   - tileX: how the pattern continues left and right.
    ///   - tileY: how it continues above and below.
    ///   - sampling: nearest (default) or bilinear.
    public init(_ image: Image, transform: AffineTransform = .identity, tileX: TileMode = .repeat,
                tileY: TileMode = .repeat, sampling: ImageSampling = .nearest) {
        self.image = image
        self.transform = transform
        self.tileX = tileX
        self.tileY = tileY
        self.sampling = sampling
    }
}
