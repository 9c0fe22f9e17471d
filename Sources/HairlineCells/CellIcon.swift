// HairlineCells: a small image in a cell or a header view (UIKit's
// `imageView` and an image `accessoryView`): scale variants (@1x/@2x/@3x,
// the one for the canvas's scale drawn, as CellImageSet picks), a size in
// points, an optional tint (a template image: the tint's color at the
// image's alpha) and a selected variant. Tinted pixels are made once, when
// the icon is built or its tint or images change, never per draw.

import Hairline

/// An image drawn in a cell (the leading image, or an image accessory) or
/// beside a header view's title. Lengths in points.
///
/// The variant drawn is the one `CellImageSet` would pick at the canvas's
/// scale: the smallest `imageScale` at least the scale, else the largest.
/// A variant's cap insets (image pixels) keep their size when the icon is
/// drawn at a `size` other than its own (a stretchable button).
public struct CellIcon: Hashable, Sendable {
    /// The normal image's scale variants (image pixels per point differ).
    public var images: [CellImage] { didSet { tintImages() } }
    /// The selected image's variants; empty: the normal ones (UIKit's
    /// `highlightedImage`).
    public var selectedImages: [CellImage] { didSet { tintImages() } }
    /// The size the icon is drawn at, in points; nil: the drawn variant's
    /// own (its pixels divided by its `imageScale`).
    public var size: Size?
    /// A template tint: drawn as this color at the image's alpha (the
    /// color's own alpha multiplies it); nil draws the image's colors.
    public var tint: Color? { didSet { tintImages() } }
    /// The tint in a selected cell; nil keeps `tint`.
    public var selectedTint: Color? { didSet { tintImages() } }

    /// `images` tinted by `tint` (empty without a tint).
    private var tintedImages: [CellImage] = []
    /// The selected variants (or the normal ones) tinted by the selected
    /// tint (empty without a tint).
    private var tintedSelectedImages: [CellImage] = []

    /// An icon from its scale variants.
    /// - Parameters:
    ///   - images: the normal variants.
    ///   - selectedImages: the selected variants (empty: the normal ones).
    ///   - size: the drawn size in points (nil: the variant's own).
    ///   - tint: a template tint (nil: the image's colors).
    ///   - selectedTint: the tint when selected (nil: `tint`).
    public init(
        images: [CellImage], selectedImages: [CellImage] = [], size: Size? = nil, tint: Color? = nil,
        selectedTint: Color? = nil
    ) {
        self.images = images
        self.selectedImages = selectedImages
        self.size = size
        self.tint = tint
        self.selectedTint = selectedTint
        tintImages()
    }

    /// An icon of one image at `imageScale` image pixels per point.
    /// - Parameters:
    ///   - image: the pixels.
    ///   - imageScale: image pixels per point (2 for an @2x image).
    ///   - size: the drawn size in points (nil: the image's own).
    ///   - tint: a template tint (nil: the image's colors).
    public init(_ image: Image, imageScale: Double = 1, size: Size? = nil, tint: Color? = nil) {
        self.init(
            images: [CellImage(image, capInsets: EdgeInsets(all: 0), imageScale: imageScale)], size: size, tint: tint)
    }

    /// The variant drawn at `scale` device pixels per point, as drawn
    /// (tinted if the icon has a tint); nil if the icon has no usable
    /// image.
    public func image(isSelected: Bool, scale: Double) -> CellImage? {
        let hasTint = isSelected ? (selectedTint ?? tint) != nil : tint != nil
        let variants: [CellImage]
        if hasTint {
            variants = isSelected ? tintedSelectedImages : tintedImages
        } else {
            variants = isSelected && !selectedImages.isEmpty ? selectedImages : images
        }
        return CellImageSet.bestVariant(of: variants, scale: scale)
    }

    /// The icon's size in points at `scale`: `size`, else the normal
    /// variant's own; zero for an icon without an image or with a
    /// negative or non-finite size.
    public func drawnSize(scale: Double) -> Size {
        if let size {
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                return Size(width: 0, height: 0)
            }
            return size
        }
        guard let chosen = CellImageSet.bestVariant(of: images, scale: scale) else { return Size(width: 0, height: 0) }
        return Size(
            width: Double(chosen.image.width) / chosen.imageScale,
            height: Double(chosen.image.height) / chosen.imageScale)
    }

    /// Draws the icon's variant for the canvas's scale into `rect` (points,
    /// the canvas's user space), stretched as its caps say.
    /// - Parameters:
    ///   - rect: where the whole image lands, in points.
    ///   - isSelected: draws the selected variant and tint.
    ///   - canvas: where to draw.
    public func draw(in rect: Rect, isSelected: Bool = false, on canvas: Canvas) {
        guard rect.isFinite, !rect.isEmpty, let chosen = image(isSelected: isSelected, scale: canvas.scale) else {
            return
        }
        canvas.draw(chosen.image, in: rect, capInsets: chosen.capInsets, imageScale: chosen.imageScale)
    }

    /// Remakes the tinted variants after a change of images or tint.
    private mutating func tintImages() {
        tintedImages = tint.map { tint in images.map { $0.tinted(tint) } } ?? []
        let selectedSource = selectedImages.isEmpty ? images : selectedImages
        tintedSelectedImages = (selectedTint ?? tint).map { tint in selectedSource.map { $0.tinted(tint) } } ?? []
    }
}

extension CellImage {
    /// The image as a template: every pixel `tint` at the pixel's alpha
    /// (times the tint's alpha), caps and scale kept.
    func tinted(_ tint: Color) -> CellImage {
        let base = tint.premultiplied
        let pixels = image.pixels.map { packed -> UInt32 in
            let alpha = UInt32(PremultipliedColor(packed: packed).alpha)
            // Each premultiplied channel times alpha / 255, rounded.
            func times(_ channel: UInt8) -> UInt8 { UInt8((UInt32(channel) * alpha + 127) / 255) }
            return PremultipliedColor(
                red: times(base.red), green: times(base.green), blue: times(base.blue), alpha: times(base.alpha)
            ).packed
        }
        // Scaling every channel of a premultiplied color by one factor
        // keeps it premultiplied: the image is valid.
        guard let tinted = try? Image(width: image.width, height: image.height, premultipliedPixels: pixels) else {
            return self
        }
        return CellImage(tinted, capInsets: capInsets, imageScale: imageScale)
    }
}
