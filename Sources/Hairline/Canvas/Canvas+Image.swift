// Canvas: drawing images, plain and nine-slice (stretchable images: caps
// keep their size, edges stretch along one axis, the centre stretches or
// tiles), as cell backgrounds made from images need. Each piece is a
// rectangle filled with an image pattern, so it is anti-aliased, clipped,
// transformed and alpha-blended like any fill.

extension Canvas {
    /// Draws `image` scaled to fill `rect` (user space, points), through
    /// the current transform, clip, global alpha and blend mode. Edge
    /// pixels extend (no wrap-around blending at the borders).
    ///
    /// An empty or non-finite `rect` draws nothing.
    /// - Parameters:
    ///   - image: the pixels (premultiplied RGBA8).
    ///   - rect: where the whole image lands, in user space (points).
    ///   - sampling: how pixels are sampled when the image is scaled
    ///     (bilinear by default).
    public func draw(_ image: Image, in rect: Rect, sampling: ImageSampling = .bilinear) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.isFinite else { return }
        drawPiece(image, from: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
                  to: r, tile: false, scale: 1, sampling: sampling)
    }

    /// Draws a stretchable image into `rect` (user space, points).
    ///
    /// `capInsets` (image pixels) mark the caps: the corners keep their
    /// size, the top and bottom edges stretch horizontally, the left and
    /// right edges vertically, and the centre stretches or tiles. The image
    /// is `imageScale` pixels per point (2 for an @2x image). If `rect` is
    /// smaller than the caps, the caps shrink in proportion.
    /// An empty or non-finite `rect`, or a non-finite or non-positive
    /// `imageScale`, draws nothing; negative or non-finite insets count as 0.
    /// - Parameters:
    ///   - image: the pixels (premultiplied RGBA8).
    ///   - rect: where the whole image lands, in user space (points).
    ///   - capInsets: the caps, in image pixels, clamped to the image.
    ///   - imageScale: image pixels per point (2 for an @2x image).
    ///   - center: whether the centre stretches (default) or tiles.
    ///   - sampling: how pixels are sampled (bilinear by default).
    public func draw(_ image: Image, in rect: Rect, capInsets: EdgeInsets, imageScale: Double = 1,
                     center: NineSliceCenter = .stretch, sampling: ImageSampling = .bilinear) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.isFinite, imageScale.isFinite, imageScale > 0 else { return }
        let w = Double(image.width), h = Double(image.height)
        // Source caps in pixels, clamped to the image (non-finite or
        // negative insets count as 0).
        func clean(_ v: Double) -> Double { v.isFinite ? max(v, 0) : 0 }
        let left = min(clean(capInsets.left), w), right = min(clean(capInsets.right), w - left)
        let top = min(clean(capInsets.top), h), bottom = min(clean(capInsets.bottom), h - top)
        // Destination caps in points, shrunk if they do not fit.
        var dl = left / imageScale, dr = right / imageScale, dt = top / imageScale, db = bottom / imageScale
        if dl + dr > r.width { let f = r.width / (dl + dr); dl *= f; dr *= f }
        if dt + db > r.height { let f = r.height / (dt + db); dt *= f; db *= f }
        // (Lanes rather than arrays: a draw allocates nothing.)
        let sx = SIMD4<Double>(0, left, w - right, w), dx = SIMD4<Double>(r.minX, r.minX + dl, r.maxX - dr, r.maxX)
        let sy = SIMD4<Double>(0, top, h - bottom, h), dy = SIMD4<Double>(r.minY, r.minY + dt, r.maxY - db, r.maxY)
        for row in 0..<3 {
            for column in 0..<3 {
                let source = Rect(x: sx[column], y: sy[row], width: sx[column + 1] - sx[column], height: sy[row + 1] - sy[row])
                let destination = Rect(x: dx[column], y: dy[row], width: dx[column + 1] - dx[column],
                                       height: dy[row + 1] - dy[row])
                guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else { continue }
                let tiles = center == .tile && row == 1 && column == 1
                drawPiece(image, from: source, to: destination, tile: tiles, scale: imageScale, sampling: sampling)
            }
        }
    }

    /// Fills `destination` with the `source` pixels of `image`: stretched,
    /// or tiled at `scale` pixels per point. The pattern is the slice
    /// alone (sampled in place, as if cropped), so bilinear sampling never
    /// reads its neighbours.
    private func drawPiece(_ image: Image, from source: Rect, to destination: Rect, tile: Bool, scale: Double,
                           sampling: ImageSampling) {
        let x0 = Int(saturatingFloor: source.minX.rounded(), in: 0...image.width)
        let y0 = Int(saturatingFloor: source.minY.rounded(), in: 0...image.height)
        let x1 = Int(saturatingFloor: source.maxX.rounded(), in: 0...image.width)
        let y1 = Int(saturatingFloor: source.maxY.rounded(), in: 0...image.height)
        guard x1 > x0, y1 > y0 else { return }
        let sw = Double(x1 - x0), sh = Double(y1 - y0)
        let transform = tile
            ? AffineTransform(scaleX: 1 / scale, y: 1 / scale)
                .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
            : AffineTransform(scaleX: destination.width / sw, y: destination.height / sh)
                .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
        let mode: TileMode = tile ? .repeat : .pad
        // The piece's rect in the canvas's scratch path (no allocation).
        var path = renderer.takeScratchPath()
        defer { renderer.returnScratchPath(path) }
        path.addRect(destination)
        var pattern = ImagePattern(image, transform: transform, tileX: mode, tileY: mode, sampling: sampling)
        if !(x0 == 0 && y0 == 0 && x1 == image.width && y1 == image.height) {
            pattern.slice = PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1)
        }
        fill(path, with: .pattern(pattern))
    }
}
