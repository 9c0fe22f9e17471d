// Canvas: the drawing API. Holds the current transform (user space in
// points -> device pixels, starting from the screen scale), the state stack,
// and the scratch memory every stage reuses, and runs the pipeline
// Path -> flatten -> rasterize -> composite into its Surface.

/// Draws paths into a `Surface`.
///
/// User space is in points, origin top-left, y down. The canvas starts with
/// the base transform `scale(scale)`, so one point is `scale` device pixels;
/// user transforms are concatenated onto it and `resetTransform()` returns to
/// the base. The state (transform, clip, global alpha, blend mode, shadow)
/// is saved and restored as a stack. A canvas keeps scratch buffers between draws so that steady
/// drawing allocates nothing; use it from one thread at a time.
///
/// A canvas draws into a surface of any `PixelFormat`: RGBA8 and BGRA8
/// pixels directly (the same bytes, red and blue exchanged), A8 through
/// RGBA8 scratch over the pixels a draw can reach (the A8 surface gets
/// the alpha an RGBA8 surface would).
public final class Canvas {
    private let leadingPad = CacheLinePad()
    /// The surface drawn into (see `retarget(to:)`). (Not checked for
    /// exclusivity at run time, like `state` below.)
    @exclusivity(unchecked) public private(set) var surface: Surface
    /// The screen scale: device pixels per point of the base transform.
    public let scale: Double

    /// What `save()` saves and `restore()` restores.
    struct State {
        var transform: AffineTransform
        var clip: Clip
        var globalAlpha = 1.0
        var blendMode = BlendMode.sourceOver
        /// The shadow drawn under every draw, if any (Canvas+Shadow.swift).
        var shadow: Shadow?
    }

    /// (The state, the saved states and the tolerance are not checked
    /// for exclusivity at run time: a canvas is used by one thread, and no
    /// method holds an access to them across another; the checks were
    /// ~150 instructions of every small draw.)
    @exclusivity(unchecked) var state: State
    @exclusivity(unchecked) private var savedStates: [State] = []

    /// The largest distance, in device pixels, between a Bézier curve (or
    /// an arc that must be flattened) and the straight segments it is drawn
    /// with. The default, 0.008, keeps every pixel's coverage within 3/255
    /// of the true curve's. Values below 1e-4 and NaN become 1e-4 (finer
    /// ones would multiply edges without visible change).
    @exclusivity(unchecked) public var flatteningTolerance: Double = Flattener.defaultTolerance {
        didSet {
            if !(flatteningTolerance >= Flattener.minimumTolerance) {
                flatteningTolerance = Flattener.minimumTolerance
            }
        }
    }

    /// The default `maximumSegmentCount`: 4,194,304.
    public static let defaultMaximumSegmentCount = Renderer.defaultMaximumSegmentCount

    /// The most straight line segments one draw may produce at any stage:
    /// the flattened path, its dashes, the stroke's outline. A draw that
    /// would need more draws nothing and is counted in `droppedDrawCount`
    /// (the work stops as soon as the limit is passed). This bounds a
    /// draw's memory, about 60 bytes per segment of a fill and twice that
    /// for a stroke, and its time, whatever the path: an arc with a radius
    /// of 1e30, a dash pattern of 1e-9 along a line of 1e9. The default
    /// is far above what any screen needs (a curve is flattened into at
    /// most 65,536 segments; dashes are only
    /// generated where they can be seen). Values are clamped to
    /// 1...`segmentCountCeiling`.
    public var maximumSegmentCount: Int {
        get { renderer.maximumSegmentCount }
        set { renderer.maximumSegmentCount = min(max(newValue, 1), Canvas.segmentCountCeiling) }
    }

    /// The largest `maximumSegmentCount` accepted: 2^28 segments (some
    /// 16 GiB of edges), far below where the rasterizer's 32-bit edge
    /// indices and chain numbers could wrap.
    public static let segmentCountCeiling = 1 << 28

    /// How many draws (fills, strokes, images, path clips) drew nothing
    /// because their geometry had a non-finite coordinate after the
    /// transform, or needed more than `maximumSegmentCount` segments. For
    /// diagnostics: such draws are otherwise silent.
    public var droppedDrawCount: Int { renderer.droppedDrawCount }

    /// The pipeline this canvas draws through, with its scratch memory:
    /// its own, or for a shadow layer its parent's (one pipeline per
    /// canvas and its shadows).
    let renderer: Renderer
    /// 0 for a canvas of its own; for a shadow layer's view of its
    /// parent's pipeline (Canvas+Shadow.swift), its parent's depth + 1: it
    /// then draws into the pipeline's layer of that depth and leaves the
    /// pipeline's settings for the parent's surface as they are.
    let shadowDepth: Int
    var isShadowLayer: Bool { shadowDepth > 0 }
    /// Objects client modules keep with this canvas, one per type
    /// (Canvas+Attachments).
    var attachments: [(type: ObjectIdentifier, object: AnyObject)] = []
    /// The state a shadowed draw is first drawn with, on the pipeline's
    /// shadow layer (Renderer+Shadow.swift), for its alpha: a canvas over
    /// the same renderer (Canvas+Shadow.swift); made on the first shadow.
    var shadowLayer: Canvas?
    /// The side of a shadow's tiles, device pixels (Canvas+Shadow.swift;
    /// tests make it small to exercise the tiling).
    var shadowTileSize = Canvas.defaultShadowTileSize
    /// Keeps this canvas's reference count and fields off the cache lines
    /// of the next heap object (CacheLinePad).
    private let trailingPad = CacheLinePad()

    /// Creates a canvas that draws into `surface` at `scale` device pixels
    /// per point (1, 2 and 3 for common screens). A non-finite or
    /// non-positive scale is treated as 1. Over a row window
    /// (`Surface.pixelRows`) the clip starts as the window's rows.
    /// - Parameters:
    ///   - surface: the pixels drawn into (any `PixelFormat`).
    ///   - scale: device pixels per point of the base transform.
    ///   - coverageCache: where draws keep their coverage for later draws of
    ///     the same geometry: a new cache of this canvas's own by default,
    ///     one shared with other canvases of the same thread, or nil to draw
    ///     cold (the pixels are the same either way).
    public init(surface: Surface, scale: Double = 1, coverageCache: CoverageCache? = CoverageCache()) {
        let s = (scale.isFinite && scale > 0) ? scale : 1
        self.surface = surface
        self.scale = s
        self.state = State(
            transform: AffineTransform(scaleX: s, y: s),
            clip: Clip(bounds: surface.pixelBounds))
        renderer = Renderer()
        shadowDepth = 0
        renderer.swapsRedBlue = surface.format == .bgra8Premultiplied
        renderer.coverageCache = coverageCache
    }

    /// A canvas that draws into `layer` (the pipeline's shadow layer of
    /// depth `parent.shadowDepth + 1`) through `parent`'s renderer, at its
    /// scale (Canvas+Shadow.swift).
    init(shadowLayerOf parent: Canvas, surface layer: Surface) {
        surface = layer
        scale = parent.scale
        state = State(
            transform: parent.baseTransform,
            clip: Clip(bounds: layer.pixelBounds))
        renderer = parent.renderer
        shadowDepth = parent.shadowDepth + 1
    }

    /// Where draws keep their coverage for later draws of the same
    /// geometry (closed-form fills of rounded rects, rects and circles
    /// with their stroke rings; see `CoverageCache`), or nil: every draw
    /// works its coverage out afresh. A table's cells repeat a few shapes,
    /// so a cache shared by the canvases one worker draws with saves most
    /// of their coverage work. The pixels are the same either way.
    public var coverageCache: CoverageCache? {
        get { renderer.coverageCache }
        set { renderer.coverageCache = newValue }
    }

    /// Starts drawing into `surface` instead, keeping this canvas's scale
    /// and scratch memory (a worker drawing one band of a shared surface
    /// after another, or many small surfaces, makes one canvas): the state
    /// stack is emptied and the state reset, as on a new canvas (base
    /// transform, no clip, global alpha 1, source-over).
    /// - Parameter surface: the surface drawn into from now on (any size and
    ///   format).
    public func retarget(to surface: Surface) {
        self.surface = surface
        savedStates.removeAll(keepingCapacity: true)
        state = State(
            transform: baseTransform,
            clip: Clip(bounds: surface.pixelBounds))
        // A shadow layer's pipeline keeps its parent's byte order.
        if !isShadowLayer { renderer.swapsRedBlue = surface.format == .bgra8Premultiplied }
    }

    /// The transform a fresh canvas starts with: `scale(scale)`.
    public var baseTransform: AffineTransform { AffineTransform(scaleX: scale, y: scale) }

    /// The current user-to-device transform.
    public var transform: AffineTransform { state.transform }

    /// A factor (0...1) every draw's alpha is multiplied by; part of the
    /// saved state. NaN counts as 0, values outside 0...1 are clamped.
    public var globalAlpha: Double {
        get { state.globalAlpha }
        set { state.globalAlpha = Color.unit(newValue) }
    }

    /// How drawing combines with the surface (source-over by default);
    /// part of the saved state. Every mode acts only where the shape (and
    /// clip) covers: coverage c moves a pixel c/255 of the way from its old
    /// value to the mode's result, so pixels outside the shape are kept.
    public var blendMode: BlendMode {
        get { state.blendMode }
        set { state.blendMode = newValue }
    }

    // MARK: State

    /// Pushes the current state (transform, clip, global alpha, blend mode,
    /// shadow).
    public func save() {
        savedStates.append(state)
    }

    /// Pops the state saved by the matching `save()`; does nothing if the
    /// stack is empty.
    public func restore() {
        if let s = savedStates.popLast() { state = s }
    }

    /// Runs `body` between `save()` and `restore()`.
    /// - Parameter body: the drawing to do with the state saved; its changes
    ///   to the transform, clip, alpha and blend mode are undone after it.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws (the state is restored first).
    public func withSavedState<R>(_ body: () throws -> R) rethrows -> R {
        save()
        defer { restore() }
        return try body()
    }

    /// Moves user space by (`x`, `y`) points (in the current user space).
    /// - Parameters:
    ///   - x: the horizontal offset, in points.
    ///   - y: the vertical offset, in points (down is positive).
    public func translateBy(x: Double, y: Double) {
        state.transform = state.transform.translatedBy(x: x, y: y)
    }

    /// Moves everything drawn afterwards by whole device pixels: (`x`, `y`)
    /// pixels in device space, applied after the current transform, so a
    /// shape that lands on pixel boundaries still does (`translateBy(x:y:)`
    /// would move by `x / scale` points, which is not exact in binary at
    /// scale 3). Part of the saved state.
    /// - Parameters:
    ///   - x: the horizontal offset, in device pixels.
    ///   - y: the vertical offset, in device pixels (down is positive).
    public func translateBy(devicePixelsX x: Int, y: Int) {
        state.transform = state.transform.concatenating(AffineTransform(translationX: Double(x), y: Double(y)))
    }

    /// Scales user space by `sx`, `sy`.
    /// - Parameters:
    ///   - sx: the horizontal factor (negative mirrors; 0 makes later draws
    ///     draw nothing, as the transform is then singular).
    ///   - sy: the vertical factor.
    public func scaleBy(x sx: Double, y sy: Double) {
        state.transform = state.transform.scaledBy(x: sx, y: sy)
    }

    /// Rotates user space by `angle` radians (clockwise on screen).
    /// - Parameter angle: the angle in radians; positive turns x towards y.
    public func rotate(by angle: Double) {
        state.transform = state.transform.rotated(by: angle)
    }

    /// Applies `t` to user space before the current transform
    /// (`CGContextConcatCTM`).
    /// - Parameter t: a transform from the new user space to the current one.
    public func concatenate(_ t: AffineTransform) {
        state.transform = t.concatenating(state.transform)
    }

    /// Sets the user-to-device transform back to `baseTransform`: user
    /// space is points again.
    public func resetTransform() {
        state.transform = baseTransform
    }

    // MARK: Drawing

    /// Fills every pixel of the surface with `color` (no blending: the
    /// pixels become exactly the color, premultiplied). Ignores the
    /// transform, clip and global alpha. The clear is fused into the next
    /// draw (see `Surface.clear(to:)`): clearing and drawing a cell writes
    /// its pixels about once.
    /// - Parameter color: the color every pixel becomes (transparent black by
    ///   default); components are clamped to 0...1, NaN counts as 0.
    public func clear(_ color: Color = .clear) {
        surface.clear(to: color.premultiplied)
    }

    /// Fills `path` with a paint, blended by `blendMode`, through the clip.
    ///
    /// Coverage is the exact area of the path inside each pixel (curves
    /// flattened within `flatteningTolerance` device pixels), resolved with
    /// `rule` even where contours cross inside a pixel. Open subpaths are
    /// closed implicitly. A path with a non-finite coordinate, or a
    /// non-invertible transform, draws nothing; coordinates far outside the
    /// surface are clipped exactly.
    /// - Parameters:
    ///   - path: the shape, in user space (points).
    ///   - paint: what fills it; its geometry is in user space too.
    ///   - rule: which regions are inside (non-zero winding by default).
    public func fill(_ path: Path, with paint: Paint, rule: FillRule = .nonZero) {
        if state.shadow != nil {
            return withShadowCast(
                reach: deviceReach(of: path, style: nil), wholePixels: false,
                shadow: { layer, _, _ in layer.fill(path, with: paint, rule: rule) },
                then: { fill(path, with: paint, rule: rule) })
        }
        guard let shader = visibleShader(for: paint) else { return }
        renderer.fill(
            path, transform: state.transform, tolerance: flatteningTolerance, rule: rule,
            shader: shader, clip: resolvedClip(), mode: state.blendMode, into: surface)
    }

    /// The shader for `paint` under the current transform and global
    /// alpha, or nil if the draw would leave every pixel as it is (no
    /// shader, or a source-over of nothing: KernelChoice.drawsNothing).
    @inline(__always)
    func visibleShader(for paint: Paint) -> Shader? {
        guard let shader = renderer.shader(for: paint, transform: state.transform, alpha: state.globalAlpha),
            !KernelChoice.drawsNothing(shader, mode: state.blendMode)
        else { return nil }
        return shader
    }

    /// Fills `path` with a solid color (see `fill(_:with:rule:)`).
    /// - Parameters:
    ///   - path: the shape, in user space (points).
    ///   - color: the color (sRGB, straight alpha).
    ///   - rule: which regions are inside (non-zero winding by default).
    public func fill(_ path: Path, with color: Color, rule: FillRule = .nonZero) {
        fill(path, with: .solid(color), rule: rule)
    }

    /// Strokes `path` with a paint, blended by `blendMode`, through the clip.
    ///
    /// The width is in user space (points) and scales with the transform,
    /// non-uniformly too; `StrokeStyle.hairline` (width 0) is exactly one
    /// device pixel wide whatever the transform. Coverage is the exact area
    /// of the stroke's outline (the union of its segments, joins and caps)
    /// in each pixel, curves within `flatteningTolerance`. Non-finite
    /// geometry, a negative or non-finite width, or a non-invertible
    /// transform draw nothing.
    /// - Parameters:
    ///   - path: the line, in user space (points).
    ///   - paint: what the stroke is painted with.
    ///   - style: width, joins, caps, miter limit and dashes, lengths in
    ///     user space (Core Graphics' defaults: width 1, miter, butt).
    public func stroke(_ path: Path, with paint: Paint, style: StrokeStyle = StrokeStyle()) {
        if state.shadow != nil {
            return withShadowCast(
                reach: deviceReach(of: path, style: style), wholePixels: false,
                shadow: { layer, _, _ in layer.stroke(path, with: paint, style: style) },
                then: { stroke(path, with: paint, style: style) })
        }
        guard let shader = visibleShader(for: paint) else { return }
        renderer.stroke(
            path, style: style, transform: state.transform, tolerance: flatteningTolerance,
            shader: shader, clip: resolvedClip(), mode: state.blendMode, into: surface)
    }

    /// Fills `path` with `fill` and strokes it with `stroke`, in one pass
    /// over the pixels (Core Graphics' `drawPath(using: .fillStroke)`).
    ///
    /// The result is exactly, byte for byte, that of
    /// `fill(path, with: fill, rule: rule)` followed by
    /// `stroke(path, with: stroke, style: style)`, under the current
    /// transform, clip, global alpha and blend mode (each pixel gets the
    /// fill's operation, then the stroke's); only faster, as both are
    /// rasterized and composited together row by row.
    /// - Parameters:
    ///   - path: the shape, in user space (points).
    ///   - fill: what fills the inside.
    ///   - stroke: what the outline is painted with.
    ///   - style: the stroke's width, joins, caps and dashes (user space).
    ///   - rule: which regions the fill covers (non-zero by default).
    public func draw(
        _ path: Path, fill: Paint, stroke: Paint, style: StrokeStyle = StrokeStyle(),
        rule: FillRule = .nonZero
    ) {
        if state.shadow != nil {
            // One shadow, cast by the fill and the stroke together.
            return withShadowCast(
                reach: deviceReach(of: path, style: style), wholePixels: false,
                shadow: { layer, _, _ in
                    layer.draw(path, fill: fill, stroke: stroke, style: style, rule: rule)
                },
                then: { draw(path, fill: fill, stroke: stroke, style: style, rule: rule) })
        }
        drawTogether(path, fill: fill, stroke: stroke, style: style, rule: rule, clip: resolvedClip())
    }

    /// `draw(_:fill:stroke:style:rule:)` without a shadow through `clip`
    /// (the resolved clip), each part from its prepared edges where they
    /// are given (`preparedFill` / `preparedStroke` with the edges found
    /// to be this draw's: Canvas+Prepared.swift), else from the path.
    func drawTogether(
        _ path: Path, fill: Paint, stroke: Paint, style: StrokeStyle, rule: FillRule, clip: Clip,
        preparedFill: PreparedShape? = nil, preparedStroke: PreparedShape? = nil,
        fillEdges: EdgeSnapshot? = nil, strokeEdges: EdgeSnapshot? = nil
    ) {
        // One gradient ramp and one pattern's rows are cached at a time:
        // two gradients, or two patterns, are drawn one after the other.
        if (fill.usesGradientRamp && stroke.usesGradientRamp) || (fill.usesPatternRows && stroke.usesPatternRows) {
            self.fill(path, with: fill, rule: rule, prepared: preparedFill)
            self.stroke(path, with: stroke, style: style, prepared: preparedStroke)
            return
        }
        let fillShader = visibleShader(for: fill)
        let strokeShader = visibleShader(for: stroke)
        guard fillShader != nil || strokeShader != nil else { return }
        renderer.fillAndStroke(
            path, transform: state.transform, tolerance: flatteningTolerance, rule: rule,
            fill: fillShader, stroke: strokeShader, style: style, clip: clip,
            mode: state.blendMode, into: surface, fillEdges: fillEdges, strokeEdges: strokeEdges)
    }

    /// Strokes `path` with a solid color (see `stroke(_:with:style:)`).
    /// - Parameters:
    ///   - path: the line, in user space (points).
    ///   - color: the color (sRGB, straight alpha).
    ///   - style: width, joins, caps, miter limit and dashes, lengths in user space.
    public func stroke(_ path: Path, with color: Color, style: StrokeStyle = StrokeStyle()) {
        stroke(path, with: .solid(color), style: style)
    }
}

extension Canvas {
    /// The device-space rectangle (pixels, not clipped) a draw of `path`
    /// (stroked with `style`, if given) can cover: its control points'
    /// bounds under the transform, grown by the stroke's farthest reach;
    /// nil if that is not finite.
    func deviceReach(of path: Path, style: StrokeStyle?) -> Rect? {
        var bounds = path.controlPointBounds
        guard bounds.isFinite else { return nil }
        if let style, style.width.isFinite, style.width > 0 {
            let reach = style.width / 2 * max(style.miterLimit.isFinite ? style.miterLimit : 1, 1.5)
            bounds = bounds.insetBy(dx: -reach, dy: -reach)
        }
        let device = bounds.applying(state.transform)
        return device.isFinite ? device : nil
    }
}
