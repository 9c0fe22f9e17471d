// Benchmarks: the canonical cell of ../shared/WORKLOADS.md (343 x 44 pt,
// 10 pt circular corners, the 0.5/scale hairline inset, the height + 1
// overlap of top and middle cells) and its three draws.

@_spi(Profiling) import Hairline
import HairlineCells
import HairlineText

enum Position: String, CaseIterable {
    case single, top, middle, bottom
}

enum Draw: String, CaseIterable {
    case solid, gradient, pattern
}

/// A part of a cell draw, timed alone (each after the clear).
enum DrawPart: String, CaseIterable {
    case fill, stroke
}

enum Cell {
    static let size = Size(width: 343, height: 44)

    /// The floor: clears the canvas's surface and writes the clear at once
    /// (`Canvas.clear` alone is fused into the next draw).
    @inline(__always)
    static func clearNow(_ canvas: Canvas) {
        canvas.clear()
        canvas.surface.flush()
    }
    static let cornerRadius = 10.0
    static let fill = Color(red: 1.0, green: 1.0, blue: 0.9)
    static let border = Color(red: 0.78, green: 0.78, blue: 0.80)

    /// Adds the background path of a position at `scale` (points) to
    /// `path`.
    @inline(__always)
    static func addPath(_ position: Position, scale s: Double, to path: inout Path) {
        let b = 0.5 / s
        var bounds = Rect(x: b, y: b, width: size.width - 2 * b, height: size.height - 2 * b)
        let corners: RectCorner
        switch position {
        case .single: corners = .all
        case .top: bounds.size.height += 1; corners = .top
        case .middle: bounds.size.height += 1; corners = []
        case .bottom: corners = .bottom
        }
        path.addRoundedRect(in: bounds, cornerRadius: cornerRadius, corners: corners)
    }

    /// The paint of a draw at `scale`.
    static func paint(_ draw: Draw, scale: Int) throws -> Paint {
        switch draw {
        case .solid:
            return .solid(fill)
        case .gradient:
            return .linearGradient(
                LinearGradient(
                    Gradient(from: Color(red: 1, green: 1, blue: 1), to: Color(red: 0.85, green: 0.88, blue: 0.95)),
                    start: .zero, end: Point(x: 0, y: size.height)))
        case .pattern:
            let s = Double(scale)
            return .pattern(
                ImagePattern(
                    try checkerTile(scale: scale),
                    transform: AffineTransform(scaleX: 1 / s, y: 1 / s)))
        }
    }

    /// The 8s x 8s px tile: a 2 x 2 checker of (1, 1, 0.9) and
    /// (0.94, 0.94, 0.86), 4s px squares.
    static func checkerTile(scale s: Int) throws -> Image {
        let n = 8 * s
        let a = Color(red: 1.0, green: 1.0, blue: 0.9), b = Color(red: 0.94, green: 0.94, blue: 0.86)
        var colors: [Color] = []
        colors.reserveCapacity(n * n)
        for y in 0..<n {
            for x in 0..<n { colors.append(((x / (4 * s)) + (y / (4 * s))) % 2 == 0 ? a : b) }
        }
        return try Image(width: n, height: n, colors: colors)
    }

    /// A canvas on a buffer of the cell's size in device pixels; `cold`:
    /// one that keeps no coverage from draw to draw (`--cold`: no
    /// `CoverageCache`).
    static func canvas(scale: Int, cold: Bool = false) throws -> Canvas {
        let s = Double(scale)
        let surface = try Surface(width: Int(size.width * s), height: Int(size.height * s))
        return Canvas(surface: surface, scale: s, coverageCache: cold ? nil : CoverageCache())
    }
}

/// One cell draw, ready to run: clear, build the path (as the peers'
/// harnesses do in every draw, into storage kept from the last draw),
/// fill with the paint, stroke the hairline border (width 1/scale pt,
/// miter join, butt cap).
final class CellDraw {
    let position: Position
    let scale: Double
    let paint: Paint
    let border: StrokeStyle
    /// Rebuilt in every draw (the profile's stages read it as it is).
    private(set) var path = Path()

    init(_ position: Position, _ draw: Draw, scale: Int) throws {
        self.position = position
        self.scale = Double(scale)
        paint = try Cell.paint(draw, scale: scale)
        border = StrokeStyle(width: 1 / Double(scale), lineJoin: .miter, lineCap: .butt)
        Cell.addPath(position, scale: self.scale, to: &path)
    }

    @inline(__always)
    private func rebuildPath() {
        path.removeAll(keepingCapacity: true)
        Cell.addPath(position, scale: scale, to: &path)
    }

    /// The clear, then the fill and the stroke in one pass
    /// (`Canvas.draw(_:fill:stroke:style:rule:)`, byte-identical to a fill
    /// then a stroke).
    @inline(__always)
    func run(on canvas: Canvas) {
        canvas.clear()
        rebuildPath()
        canvas.draw(path, fill: paint, stroke: .solid(Cell.border), style: border)
    }

    /// The clear and one part of the draw.
    @inline(__always)
    func run(_ part: DrawPart, on canvas: Canvas) {
        canvas.clear()
        rebuildPath()
        switch part {
        case .fill: canvas.fill(path, with: paint)
        case .stroke: canvas.stroke(path, with: Cell.border, style: border)
        }
    }
}

/// The stretchable-image cell (issue 18's workload, beside WORKLOADS.md's
/// three draws): the clear, then the cell's background as the cell kit's
/// `CellFill.stretchableImage` draws it — clipped to the position's path,
/// an image nine-sliced over the cell's rect. The image is the solid
/// single cell's look (fill and one-device-pixel border) painted at the
/// cell's scale, 21 x 44 pt: 10 pt caps on every side around a 1 x 24 pt
/// stretchable middle, one image pixel per device pixel in the caps.
final class ImageCellDraw {
    let position: Position
    let scale: Double
    let image: Image
    static let capPoints = 10.0
    private(set) var path = Path()

    init(_ position: Position, scale: Int) throws {
        self.position = position
        self.scale = Double(scale)
        image = try Self.cellImage(scale: scale)
        Cell.addPath(position, scale: self.scale, to: &path)
    }

    /// The stretchable cell image at `scale`.
    static func cellImage(scale: Int) throws -> Image {
        let s = Double(scale)
        let surface = try Surface(width: 21 * scale, height: 44 * scale)
        let canvas = Canvas(surface: surface, scale: s)
        var path = Path()
        let b = 0.5 / s
        path.addRoundedRect(
            in: Rect(x: b, y: b, width: 21 - 2 * b, height: 44 - 2 * b), cornerRadius: Cell.cornerRadius)
        canvas.draw(
            path, fill: .solid(Cell.fill), stroke: .solid(Cell.border),
            style: StrokeStyle(width: 1 / s, lineJoin: .miter, lineCap: .butt))
        return Image(surface)
    }

    /// The cap insets in image pixels.
    var capInsets: EdgeInsets {
        let c = Self.capPoints * scale
        return EdgeInsets(top: c, left: c, bottom: c, right: c)
    }

    /// The clear, then the clipped nine-slice.
    @inline(__always)
    func run(on canvas: Canvas) {
        canvas.clear()
        path.removeAll(keepingCapacity: true)
        Cell.addPath(position, scale: scale, to: &path)
        canvas.save()
        canvas.clip(to: path)
        canvas.draw(
            image, in: Rect(x: 0, y: 0, width: Cell.size.width, height: Cell.size.height),
            capInsets: capInsets, imageScale: scale)
        canvas.restore()
    }
}

/// The image-set cell (issue 20's workload): the clear, then the cell
/// kit's per-position image set drawing the cell — each position's own
/// stretchable image (made by the kit itself: the workload's solid cell of
/// that position, 21 x 44 pt at the cell's scale, 10 pt caps), stretched
/// over the whole cell with no clip, as the image-backgrounds seed draws.
final class ImageSetCellDraw {
    let placement: CellPlacement
    let renderer: CellRenderer

    init(_ position: Position, canvas: Canvas, scale: Int) throws {
        let positions: [Position: CellPosition] = [.single: .single, .top: .top, .middle: .middle, .bottom: .bottom]
        var images: [CellPosition: [CellImage]] = [:]
        let c = ImageCellDraw.capPoints * Double(scale)
        for kit in CellPosition.allCases {
            let surface = try Surface(width: 21 * scale, height: 44 * scale)
            CellRenderer(canvas: Canvas(surface: surface, scale: Double(scale)), style: workloadStyle())
                .draw(CellPlacement(position: kit), in: Rect(x: 0, y: 0, width: 21, height: 44))
            surface.flush()
            images[kit] = [
                CellImage(
                    Image(surface), capInsets: EdgeInsets(top: c, left: c, bottom: c, right: c),
                    imageScale: Double(scale))
            ]
        }
        var style = workloadStyle()
        style.imageSet = CellImageSet(images: images)
        placement = CellPlacement(position: positions[position]!)
        renderer = CellRenderer(canvas: canvas, style: style)
    }

    static func name(_ position: Position, scale: Int) -> String { "cell.imageSet.\(position.rawValue)@\(scale)x" }

    @inline(__always)
    func run(on canvas: Canvas) {
        canvas.clear()
        renderer.draw(placement, in: Rect(x: 0, y: 0, width: Cell.size.width, height: Cell.size.height))
    }
}

/// WORKLOADS.md's `label` draw: the solid single cell, then the title
/// "Wi-Fi Network Status" in DejaVu Sans 17 pt, black, its baseline origin
/// at (15, 28) pt, kerned. `cached`: the glyphs kept from earlier draws
/// (the workload as specified); else the canvas's glyph cache is emptied
/// before each draw, so every glyph is rasterized again.
///
/// `cjk`: the same draw with a title of ten ideographs ("通知設定言語地域日付")
/// in M+ 1p (the repository's fixture font, read from the package root),
/// `cell.label.cjk.single` / `cell.label.cjk.uncached`: issue 36 asks a
/// cached CJK label within twice the Latin label's time per glyph.
final class LabelDraw {
    static let title = "Wi-Fi Network Status"
    static let cjkTitle = "通知設定言語地域日付"
    static let cjkFontPath = "Tests/HairlineTextTests/Fixtures/Fonts/MPLUS1p-Regular.ttf"
    let cell: CellDraw
    let font: Font
    let text: String
    let cached: Bool

    static func name(cached: Bool, scale: Int, cjk: Bool = false) -> String {
        "cell.label.\(cjk ? "cjk." : "")\(cached ? "single" : "uncached")@\(scale)x"
    }

    init(scale: Int, cached: Bool, cjk: Bool = false) throws {
        cell = try CellDraw(.single, .solid, scale: scale)
        font = cjk ? try Font(contentsOfFile: Self.cjkFontPath) : try Font(.dejaVuSans)
        text = cjk ? Self.cjkTitle : Self.title
        self.cached = cached
    }

    @inline(__always)
    func run(on canvas: Canvas) {
        cell.run(on: canvas)
        if !cached { canvas.removeCachedGlyphs() }
        canvas.draw(text, font: font, size: 17, at: Point(x: 15, y: 28), paint: .solid(.black))
    }
}

/// The single solid cell with a shadow under it (issue 19): the canonical
/// solid cell's draw with `setShadow(offset: (0, 1) pt, blur: 3 pt,
/// color: black at 25%)` set, a card's shadow, clipped to the cell's
/// buffer as the cell's own neighbours would clip it.
final class ShadowCellDraw {
    let cell: CellDraw

    init(scale: Int) throws {
        cell = try CellDraw(.single, .solid, scale: scale)
    }

    /// Sets the shadow on `canvas` (part of its state until cleared).
    func prepare(_ canvas: Canvas) {
        canvas.setShadow(
            offset: Size(width: 0, height: 1), blur: 3, color: Color(red: 0, green: 0, blue: 0, alpha: 0.25))
    }

    /// The clear, the shadow, the fill and the stroke.
    @inline(__always)
    func run(on canvas: Canvas) { cell.run(on: canvas) }
}
