// HairlineCells: per-position stretchable images, the image-backgrounds
// way of drawing cells: one hand-painted (or Hairline-made, `hairline
// table --cells`) image for each position (single, top, middle, bottom),
// normal and selected, each a nine-slice stretched over the cell's rect,
// in @1x/@2x/@3x variants of which the one for the canvas's scale is drawn.

import Hairline

/// A stretchable image: an image, its caps (image pixels) and its scale
/// (image pixels per point).
public struct CellImage: Hashable, Sendable {
    /// The image.
    public var image: Image
    /// The parts of the image that keep their size, in image pixels: the
    /// rest stretches (the middle in both directions, the edges along them).
    public var capInsets: EdgeInsets
    /// Image pixels per point (2 for an @2x image).
    public var imageScale: Double

    /// A stretchable image.
    /// - Parameters:
    ///   - image: the image.
    ///   - capInsets: the caps, in image pixels.
    ///   - imageScale: image pixels per point.
    public init(_ image: Image, capInsets: EdgeInsets, imageScale: Double = 1) {
        self.image = image
        self.capInsets = capInsets
        self.imageScale = imageScale
    }
}

/// The images of a cell background per position and state, each in one or
/// more scale variants.
///
/// A cell draws the image of its position (selected: the selected image
/// of its position, or the normal one if there is none) stretched over its
/// whole rect, in place of the style's fill and border.
public struct CellImageSet: Hashable, Sendable {
    /// The normal images by position; each entry's variants differ in
    /// `imageScale`.
    public var images: [CellPosition: [CellImage]]
    /// The selected images by position (missing: the normal image).
    public var selectedImages: [CellPosition: [CellImage]]

    /// An image set from per-position variants.
    /// - Parameters:
    ///   - images: the normal images by position (variants by scale).
    ///   - selectedImages: the selected images by position.
    public init(images: [CellPosition: [CellImage]], selectedImages: [CellPosition: [CellImage]] = [:]) {
        self.images = images
        self.selectedImages = selectedImages
    }

    /// The image a cell at `position` draws at `scale` device pixels per
    /// point: of the position's variants (selected ones if `isSelected`
    /// and there are any), the one whose scale is the smallest at least
    /// `scale`, else the largest (as UIKit picks @2x on a 2x screen and
    /// @3x, if that is all there is, on a 2x one); nil if the position has
    /// no image.
    public func image(for position: CellPosition, isSelected: Bool, scale: Double) -> CellImage? {
        let variants =
            (isSelected ? selectedImages[position] : nil).flatMap { $0.isEmpty ? nil : $0 }
            ?? images[position] ?? []
        return CellImageSet.bestVariant(of: variants, scale: scale)
    }

    /// Of `variants`, the one whose scale is the smallest at least
    /// `scale`, else the largest; nil if none has a finite positive scale.
    /// One pass, nothing allocated (cells draw this on every draw).
    static func bestVariant(of variants: [CellImage], scale: Double) -> CellImage? {
        var fitting: CellImage?, largest: CellImage?
        for variant in variants where variant.imageScale.isFinite && variant.imageScale > 0 {
            if variant.imageScale >= scale - 1e-9, variant.imageScale < fitting?.imageScale ?? .infinity {
                fitting = variant
            }
            if variant.imageScale > largest?.imageScale ?? 0 { largest = variant }
        }
        return fitting ?? largest
    }
}
