// Canvas: rectangles and rounded rectangles drawn from their numbers, with
// no path made where their coverage has a closed form (upright under the
// transform: the cell backgrounds, most UI): Core Graphics' `fill(_:)`,
// Skia's `drawRect`/`drawRRect`, Blend2D's `fillRect`/`fillRoundRect`. The
// pixels, and what is dropped, are exactly those of the path the same
// numbers make (`Path.addRect`, `Path.addRoundedRect(in:cornerRadius:)`);
// under a rotation or shear, or with a shadow, the path is made (in the
// renderer's scratch path) and drawn.

extension Canvas {
    /// Fills `rect` with a paint: the same pixels as filling the path
    /// `Path.addRect(rect)` makes, without making it where the transform
    /// keeps the rect upright.
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points); a negative size is
    ///     standardized, a non-finite one draws nothing.
    ///   - paint: what fills it; its geometry is in user space too.
    public func fill(_ rect: Rect, with paint: Paint) {
        guard let shape = PathShape.rect(rect) else {
            var path = Path()
            path.addRect(rect)
            return fill(path, with: paint)
        }
        fill(shape, with: paint) { $0.addRect(rect) }
    }

    /// Fills `rect` with a solid color (see `fill(_:with:)`).
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - color: the color (sRGB, straight alpha).
    public func fill(_ rect: Rect, with color: Color) {
        fill(rect, with: .solid(color))
    }

    /// Fills `rect` with circular corners of `cornerRadius`: the same
    /// pixels as filling the path `Path.addRoundedRect(in: rect,
    /// cornerRadius: cornerRadius)` makes, without making it where the
    /// transform keeps the rect upright.
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - cornerRadius: the corners' radius, in points, clamped as CSS
    ///     does (`CornerRadii.clamped(toFit:)`); ≤ 0 gives square corners,
    ///     a non-finite radius a plain rectangle.
    ///   - paint: what fills it; its geometry is in user space too.
    public func fill(_ rect: Rect, cornerRadius: Double, with paint: Paint) {
        guard let shape = PathShape.roundedRect(rect, cornerRadii: CornerRadii(cornerRadius, corners: .all)) else {
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadius: cornerRadius)
            return fill(path, with: paint)
        }
        fill(shape, with: paint) { $0.addRoundedRect(in: rect, cornerRadius: cornerRadius) }
    }

    /// Fills `rect` with circular corners with a solid color (see
    /// `fill(_:cornerRadius:with:)`).
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - cornerRadius: the corners' radius, in points, clamped as CSS does.
    ///   - color: the color (sRGB, straight alpha).
    public func fill(_ rect: Rect, cornerRadius: Double, with color: Color) {
        fill(rect, cornerRadius: cornerRadius, with: .solid(color))
    }

    /// Strokes the outline of `rect`: the same pixels as stroking the path
    /// `Path.addRect(rect)` makes, without making it where the transform
    /// keeps the rect upright and the stroke is a plain ring (not dashed,
    /// no bevel).
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - paint: what the stroke is painted with.
    ///   - style: width, joins, caps, miter limit and dashes, lengths in
    ///     user space.
    public func stroke(_ rect: Rect, with paint: Paint, style: StrokeStyle = StrokeStyle()) {
        guard let shape = PathShape.rect(rect) else {
            var path = Path()
            path.addRect(rect)
            return stroke(path, with: paint, style: style)
        }
        stroke(shape, with: paint, style: style) { $0.addRect(rect) }
    }

    /// Strokes the outline of `rect` with circular corners of
    /// `cornerRadius`: the same pixels as stroking the path
    /// `Path.addRoundedRect(in: rect, cornerRadius: cornerRadius)` makes
    /// (see `stroke(_:with:style:)` for rects).
    /// - Parameters:
    ///   - rect: the rectangle, in user space (points).
    ///   - cornerRadius: the corners' radius, in points, clamped as CSS does.
    ///   - paint: what the stroke is painted with.
    ///   - style: width, joins, caps, miter limit and dashes, lengths in
    ///     user space.
    public func stroke(
        _ rect: Rect, cornerRadius: Double, with paint: Paint, style: StrokeStyle = StrokeStyle()
    ) {
        guard let shape = PathShape.roundedRect(rect, cornerRadii: CornerRadii(cornerRadius, corners: .all)) else {
            var path = Path()
            path.addRoundedRect(in: rect, cornerRadius: cornerRadius)
            return stroke(path, with: paint, style: style)
        }
        stroke(shape, with: paint, style: style) { $0.addRoundedRect(in: rect, cornerRadius: cornerRadius) }
    }

    /// Fills a path whose shape is `shape` and that `build` makes.
    private func fill(_ shape: PathShape, with paint: Paint, building build: (inout Path) -> Void) {
        if state.shadow != nil {
            var path = Path()
            build(&path)
            return fill(path, with: paint)
        }
        guard let shader = visibleShader(for: paint) else { return }
        renderer.fill(
            shape, building: build, transform: state.transform, tolerance: flatteningTolerance,
            shader: shader, clip: resolvedClip(), mode: state.blendMode, into: surface)
    }

    /// Strokes a path whose shape is `shape` and that `build` makes.
    private func stroke(
        _ shape: PathShape, with paint: Paint, style: StrokeStyle, building build: (inout Path) -> Void
    ) {
        if state.shadow != nil {
            var path = Path()
            build(&path)
            return stroke(path, with: paint, style: style)
        }
        guard let shader = visibleShader(for: paint) else { return }
        renderer.stroke(
            shape, building: build, style: style, transform: state.transform, tolerance: flatteningTolerance,
            shader: shader, clip: resolvedClip(), mode: state.blendMode, into: surface)
    }
}
