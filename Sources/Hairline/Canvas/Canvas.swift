// Canvas: the drawing API. Holds the current transform (user space in
// points -> device pixels, starting from the screen scale), the state stack,
// and the scratch memory every stage reuses, and runs the pipeline
// Path -> flatten -> rasterize -> composite into its Surface.

/// Draws paths into a `Surface`.
///
/// User space is in points, origin top-left, y down. The canvas starts with
/// the base transform `scale(scale)`, so one point is `scale` device pixels;
/// user transforms are concatenated onto it and `resetTransform()` returns to
/// the base. A canvas keeps scratch buffers between draws so that steady
/// drawing allocates nothing; use it from one thread at a time.
public final class Canvas {
    /// The surface drawn into.
    public let surface: Surface
    /// The screen scale: device pixels per point of the base transform.
    public let scale: Double
    /// The current user-to-device transform.
    public private(set) var transform: AffineTransform
    private var savedTransforms: [AffineTransform] = []
    /// The curve tolerance in device pixels (see `Flattener`).
    public var flatteningTolerance: Double = Flattener.defaultTolerance {
        didSet {
            if !(flatteningTolerance >= Flattener.minimumTolerance) {
                flatteningTolerance = Flattener.minimumTolerance
            }
        }
    }

    let renderer = Renderer()

    /// Creates a canvas that draws into `surface` at `scale` device pixels
    /// per point (1, 2 and 3 for common screens). A non-finite or
    /// non-positive scale is treated as 1.
    public init(surface: Surface, scale: Double = 1) {
        let s = (scale.isFinite && scale > 0) ? scale : 1
        self.surface = surface
        self.scale = s
        self.transform = AffineTransform(scaleX: s, y: s)
    }

    /// The transform a fresh canvas starts with: `scale(scale)`.
    public var baseTransform: AffineTransform { AffineTransform(scaleX: scale, y: scale) }

    // MARK: State

    /// Pushes the current state (the transform) on the state stack.
    public func save() {
        savedTransforms.append(transform)
    }

    /// Pops the state saved by the matching `save()`; does nothing if the
    /// stack is empty.
    public func restore() {
        if let t = savedTransforms.popLast() { transform = t }
    }

    /// Runs `body` between `save()` and `restore()`.
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        save()
        defer { restore() }
        return try body()
    }

    /// Moves user space by (`x`, `y`) points (in the current user space).
    public func translateBy(x: Double, y: Double) {
        transform = transform.translatedBy(x: x, y: y)
    }

    /// Scales user space by `sx`, `sy`.
    public func scaleBy(x sx: Double, y sy: Double) {
        transform = transform.scaledBy(x: sx, y: sy)
    }

    /// Rotates user space by `angle` radians (clockwise on screen).
    public func rotate(by angle: Double) {
        transform = transform.rotated(by: angle)
    }

    /// Applies `t` to user space before the current transform
    /// (`CGContextConcatCTM`).
    public func concatenate(_ t: AffineTransform) {
        transform = t.concatenating(transform)
    }

    /// Sets the user-to-device transform to `baseTransform` followed by
    /// nothing else: user space is points again.
    public func resetTransform() {
        transform = baseTransform
    }

    // MARK: Drawing

    /// Fills every pixel of the surface with `color` (no blending: the
    /// pixels become exactly the color, premultiplied). Ignores the
    /// transform.
    public func clear(_ color: Color = .clear) {
        surface.clear(to: color.premultiplied)
    }

    /// Fills `path` with a solid color, blending source-over.
    ///
    /// Coverage is the exact area of the path inside each pixel (curves
    /// flattened within `flatteningTolerance` device pixels), resolved with
    /// `rule` even where contours cross inside a pixel. Open subpaths are
    /// closed implicitly. A path with a non-finite coordinate, or a
    /// non-invertible transform, draws nothing; coordinates far outside the
    /// surface are clipped exactly.
    public func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero) {
        let source = color.premultiplied
        guard source.alpha > 0 else { return }
        renderer.fill(path, transform: transform, tolerance: flatteningTolerance,
                      rule: rule, color: source, into: surface)
    }

    /// Strokes `path` with a solid color, blending source-over.
    ///
    /// The width is in user space (points) and scales with the transform,
    /// non-uniformly too; `StrokeStyle.hairline` (width 0) is exactly one
    /// device pixel wide whatever the transform. Coverage is the exact area
    /// of the stroke's outline (the union of its segments, joins and caps)
    /// in each pixel, curves within `flatteningTolerance`. Non-finite
    /// geometry, a negative or non-finite width, or a non-invertible
    /// transform draw nothing.
    public func stroke(_ path: Path, with color: Color, style: StrokeStyle = StrokeStyle()) {
        let source = color.premultiplied
        guard source.alpha > 0 else { return }
        renderer.stroke(path, style: style, transform: transform, tolerance: flatteningTolerance,
                        color: source, into: surface)
    }
}
