// HairlineCells: what fills a cell's background shape. A fill is given
// relative to the cell (gradient end points in unit coordinates of the
// cell's rect, patterns anchored at its origin), so one fill serves cells
// of every size and position; `draw` turns it into a canvas fill of a path.

import Hairline

/// What fills a cell's background.
public enum CellFill: Hashable, Sendable {
    /// One color.
    case color(Color)
    /// A linear gradient from `start` to `end`, in unit coordinates of the
    /// cell's rect (`.top` to `.bottom` is the classic vertical cell
    /// gradient), extended as the gradient says.
    case linearGradient(Gradient, start: UnitPoint, end: UnitPoint)
    /// An image repeated in both directions from the cell's top-left
    /// corner; `imageScale` is the image's pixels per point (use an image
    /// made at the screen's scale, 3 at 3x, for one image pixel per device
    /// pixel).
    case pattern(Image, imageScale: Double, sampling: ImageSampling)
    /// A stretchable image (nine-slice) drawn over the cell's rect and
    /// clipped to its shape: the caps (`capInsets`, image pixels) keep
    /// their size, the rest stretches. `imageScale` is pixels per point.
    case stretchableImage(Image, capInsets: EdgeInsets, imageScale: Double)

    /// A vertical gradient from `top` at the cell's top edge to `bottom` at
    /// its bottom edge.
    public static func verticalGradient(_ top: Color, _ bottom: Color) -> CellFill {
        .linearGradient(Gradient(from: top, to: bottom), start: .top, end: .bottom)
    }

    /// An image tiled from the cell's origin with nearest sampling.
    public static func pattern(_ image: Image, imageScale: Double) -> CellFill {
        .pattern(image, imageScale: imageScale, sampling: .nearest)
    }

    /// The paint of this fill laid out over `cellRect` (points), or nil for
    /// a stretchable image (drawn as an image, not a paint) or an invalid
    /// image scale.
    func paint(cellRect: Rect) -> Paint? {
        switch self {
        case .color(let color):
            return .solid(color)
        case .linearGradient(let gradient, let start, let end):
            return .linearGradient(
                LinearGradient(gradient, start: start.point(in: cellRect), end: end.point(in: cellRect)))
        case .pattern(let image, let imageScale, let sampling):
            guard imageScale.isFinite, imageScale > 0 else { return nil }
            // Pattern pixels -> points: 1/imageScale, then to the cell's origin.
            let transform = AffineTransform(scaleX: 1 / imageScale, y: 1 / imageScale)
                .concatenating(AffineTransform(translationX: cellRect.minX, y: cellRect.minY))
            return .pattern(ImagePattern(image, transform: transform, sampling: sampling))
        case .stretchableImage:
            return nil
        }
    }

    /// Fills `path` (user space of `canvas`) with this fill laid out over
    /// `cellRect` (points, the same space).
    func draw(_ path: Path, cellRect: Rect, on canvas: Canvas) {
        switch self {
        case .color(let color):
            canvas.fill(path, with: color)
        case .linearGradient(let gradient, let start, let end):
            let paint = LinearGradient(gradient, start: start.point(in: cellRect), end: end.point(in: cellRect))
            canvas.fill(path, with: .linearGradient(paint))
        case .pattern(let image, let imageScale, let sampling):
            guard imageScale.isFinite, imageScale > 0 else { return }
            // Pattern pixels -> points: 1/imageScale, then to the cell's origin.
            let transform = AffineTransform(scaleX: 1 / imageScale, y: 1 / imageScale)
                .concatenating(AffineTransform(translationX: cellRect.minX, y: cellRect.minY))
            canvas.fill(path, with: .pattern(ImagePattern(image, transform: transform, sampling: sampling)))
        case .stretchableImage(let image, let capInsets, let imageScale):
            canvas.withSavedState {
                canvas.clip(to: path)
                canvas.draw(image, in: cellRect, capInsets: capInsets, imageScale: imageScale)
            }
        }
    }
}
