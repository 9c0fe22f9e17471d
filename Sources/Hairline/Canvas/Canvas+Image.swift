// Canvas: drawing images, plain and nine-slice (stretchable images: caps
// keep their size, edges stretch along one axis, the centre stretches or
// tiles), as cell backgrounds made from images need. Each piece is a
// rectangle filled with an image pattern, so it is anti-aliased, clipped,
// transformed and alpha-blended like any fill. Under a pending clip shape
// (Clip.swift), pieces on whole device pixels are drawn in one pass over
// the shape's coverage instead (SlicedKernel.swift): the same pixels.

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
        let w = Double(image.width), h = Double(image.height)
        // One piece: the whole image over the whole rect.
        let plan = SlicePlan(
            sourceX: SIMD4(0, 0, w, w), sourceY: SIMD4(0, 0, h, h),
            destinationX: SIMD4(r.minX, r.minX, r.maxX, r.maxX),
            destinationY: SIMD4(r.minY, r.minY, r.maxY, r.maxY),
            tilesCenter: false, scale: 1, sampling: sampling)
        draw(image, plan)
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
    public func draw(
        _ image: Image, in rect: Rect, capInsets: EdgeInsets, imageScale: Double = 1,
        center: NineSliceCenter = .stretch, sampling: ImageSampling = .bilinear
    ) {
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
        let plan = SlicePlan(
            sourceX: SIMD4(0, left, w - right, w), sourceY: SIMD4(0, top, h - bottom, h),
            destinationX: SIMD4(r.minX, r.minX + dl, r.maxX - dr, r.maxX),
            destinationY: SIMD4(r.minY, r.minY + dt, r.maxY - db, r.maxY),
            tilesCenter: center == .tile, scale: imageScale, sampling: sampling)
        draw(image, plan)
    }

    /// Draws the pieces of `plan`: in one pass under a pending clip shape
    /// when they land on whole device pixels, else each as a rect fill.
    private func draw(_ image: Image, _ plan: SlicePlan) {
        if state.shadow != nil {
            // One shadow for the whole image (its alpha), not one a piece.
            let x = plan.destinationX, y = plan.destinationY
            let bounds = Rect(x: x[0], y: y[0], width: x[3] - x[0], height: y[3] - y[0]).applying(state.transform)
            return withShadowCast(
                reach: bounds.isFinite ? bounds : nil, wholePixels: false,
                shadow: { layer, _, _ in layer.draw(image, plan) }, then: { draw(image, plan) })
        }
        // One pass over the pending clip shape's coverage, or, with a clip
        // of whole pixels only, over the image's own rect.
        if state.clip.pending != nil || state.clip.mask == nil, drawInOnePass(image, plan) {
            return
        }
        for piece in 0..<9 {
            // A piece wholly outside the clip's bounds draws nothing
            // (its fill's coverage lies inside its rect): skipped before
            // its shader is made (a band of a table drawing its part of
            // a stretched background reaches three pieces of nine).
            let reach = plan.destination(piece).applying(state.transform)
            if reach.isFinite, PixelRect(enclosing: reach).intersection(state.clip.bounds).isEmpty {
                continue
            }
            guard let (pattern, destination) = plan.piece(piece, of: image) else { continue }
            // The piece's rect in the canvas's scratch path (no allocation).
            var path = renderer.takeScratchPath()
            path.addRect(destination)
            fill(path, with: .pattern(pattern))
            renderer.returnScratchPath(path)
        }
    }

    /// Draws `plan`'s pieces over the pending clip shape's coverage (with
    /// no clip shape, the image's whole rect: full coverage), each span cut
    /// at the pieces' device columns: what clipping to the shape's mask and
    /// filling each piece gives, byte for byte, when every piece edge lands
    /// on a whole device pixel (the pieces then cover their pixels fully or
    /// not at all, and the mask holds the shape's coverage). False, drawing
    /// nothing, where that does not hold.
    private func drawInOnePass(_ image: Image, _ plan: SlicePlan) -> Bool {
        let t = state.transform
        let x = plan.destinationX, y = plan.destinationY
        let pending =
            state.clip.pending
            ?? PendingClip(
                shape: CircularRoundedRect(
                    rect: Rect(x: x[0], y: y[0], width: x[3] - x[0], height: y[3] - y[0]),
                    topLeft: 0, topRight: 0, bottomRight: 0, bottomLeft: 0),
                transform: t)
        guard state.clip.mask == nil,
            RowRoundedRect(pending.shape, transform: pending.transform, clip: state.clip.bounds) != nil
        else { return false }
        guard t.b == 0, t.c == 0, t.a > 0, t.d > 0,
            let columns = SlicePlan.wholePixels(plan.destinationX * t.a + t.tx),
            let rows = SlicePlan.wholePixels(plan.destinationY * t.d + t.ty)
        else { return false }
        // Each piece's kernel, if its shader shades pixels by their
        // position alone (the pieces' runs start where the shape's
        // coverage does, not at the piece's edge as its own fill would).
        renderer.beginSlices(into: surface)
        var present = 0, kernels = 0
        for piece in 0..<9 {
            guard let geometry = plan.geometry(piece, ofImageWidth: image.width, height: image.height),
                let shader = renderer.patternShader(
                    for: image, slice: geometry.slice, transform: geometry.transform,
                    tile: geometry.tile, sampling: plan.sampling,
                    userTransform: t, alpha: state.globalAlpha)
            else { continue }
            guard shader.shadesByColumn else {
                renderer.releaseSlices(kernels)
                return false
            }
            if renderer.prepareSlice(
                piece, shader: shader, mode: state.blendMode,
                columns: columns[piece % 3]..<columns[piece % 3 + 1], into: surface)
            {
                kernels |= 1 << piece
            }
            present |= 1 << piece
        }
        let covered = renderer.coverInClosedForm(
            pending.shape, minus: nil, transform: pending.transform,
            clip: state.clip.bounds)
        assert(covered, "a pending clip the closed form refuses")
        // Plain pieces read the image's pixels in place.
        withExtendedLifetime(image) {
            renderer.compositeSlices(
                present: present, kernels: kernels, columns: columns, rows: rows,
                into: surface)
        }
        return true
    }
}

/// One piece of a slice plan: the image's pixels it shows (`slice`, nil
/// for all of them), how they map to user space (image pixels -> points)
/// and tile along both axes, and the rect they fill (user space).
struct SlicePiece {
    var slice: PixelRect?
    var transform: AffineTransform
    var tile: TileMode
    var destination: Rect
}

/// The nine pieces of an image draw (Canvas+Image.swift): source pixel
/// bounds and destination bounds (user space, points), three pieces a
/// side; a plain image draw is the centre piece alone.
struct SlicePlan {
    var sourceX: SIMD4<Double>, sourceY: SIMD4<Double>
    var destinationX: SIMD4<Double>, destinationY: SIMD4<Double>
    /// Whether the centre piece repeats at `scale` instead of stretching.
    var tilesCenter: Bool
    /// Image pixels per point (for a tiled centre).
    var scale: Double
    var sampling: ImageSampling

    /// Piece `index`'s destination rect (user space, points; may be
    /// empty).
    func destination(_ index: Int) -> Rect {
        let row = index / 3, column = index % 3
        return Rect(
            x: destinationX[column], y: destinationY[row],
            width: destinationX[column + 1] - destinationX[column],
            height: destinationY[row + 1] - destinationY[row])
    }

    /// Piece `index` (0...8, row-major): the pattern that fills it and its
    /// rect, or nil if it is empty (no source pixels or no area). The
    /// pattern is the slice alone (sampled in place, as if cropped), so
    /// bilinear sampling never reads its neighbours.
    func piece(_ index: Int, of image: Image) -> (ImagePattern, Rect)? {
        guard let piece = geometry(index, ofImageWidth: image.width, height: image.height) else { return nil }
        var pattern = ImagePattern(
            image, transform: piece.transform, tileX: piece.tile, tileY: piece.tile,
            sampling: sampling)
        pattern.slice = piece.slice
        return (pattern, piece.destination)
    }

    /// Piece `index`'s geometry on an image `width` x `height` pixels, or
    /// nil if it is empty: what `piece(_:of:)` makes its pattern of.
    func geometry(_ index: Int, ofImageWidth width: Int, height: Int) -> SlicePiece? {
        let row = index / 3, column = index % 3
        let source = Rect(
            x: sourceX[column], y: sourceY[row], width: sourceX[column + 1] - sourceX[column],
            height: sourceY[row + 1] - sourceY[row])
        let destination = destination(index)
        guard source.width > 0, source.height > 0, destination.width > 0, destination.height > 0 else { return nil }
        let x0 = Int(saturatingFloor: source.minX.rounded(), in: 0...width)
        let y0 = Int(saturatingFloor: source.minY.rounded(), in: 0...height)
        let x1 = Int(saturatingFloor: source.maxX.rounded(), in: 0...width)
        let y1 = Int(saturatingFloor: source.maxY.rounded(), in: 0...height)
        guard x1 > x0, y1 > y0 else { return nil }
        let tile = tilesCenter && index == 4
        let sw = Double(x1 - x0), sh = Double(y1 - y0)
        let transform =
            tile
            ? AffineTransform(scaleX: 1 / scale, y: 1 / scale)
                .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
            : AffineTransform(scaleX: destination.width / sw, y: destination.height / sh)
                .concatenating(AffineTransform(translationX: destination.minX, y: destination.minY))
        let whole = x0 == 0 && y0 == 0 && x1 == width && y1 == height
        return SlicePiece(
            slice: whole ? nil : PixelRect(minX: x0, minY: y0, maxX: x1, maxY: y1),
            transform: transform, tile: tile ? .repeat : .pad, destination: destination)
    }

    /// `bounds` (device pixels, in order) as whole pixels, if each is one
    /// exactly and within the rasterizer's reach.
    static func wholePixels(_ bounds: SIMD4<Double>) -> SIMD4<Int>? {
        let limit = Double(1 << 30)
        var result = SIMD4<Int>()
        for i in 0..<4 {
            let v = bounds[i]
            guard v.rounded() == v, abs(v) <= limit else { return nil }
            result[i] = Int(v)
        }
        return result
    }
}
