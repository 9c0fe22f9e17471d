// HairlineCells: drawing many cells on one canvas without allocating. A
// CellRenderer keeps the paths of the cell shapes it has drawn (keyed by
// position, separator and rect), so a table view's worker that draws the
// same few shapes over and over builds each once; the canvas keeps its own
// scratch. One renderer per thread, like its canvas.

import Hairline

/// Draws cell backgrounds of one style on one canvas, reusing the cells'
/// paths from draw to draw: after the first draw of each shape, drawing a
/// cell allocates nothing (solid, gradient and pattern fills; a
/// stretchable image's clip mask is allocated per draw).
///
/// Not thread-safe: use one renderer (and canvas) per thread.
public final class CellRenderer {
    /// The canvas drawn on.
    public let canvas: Canvas
    /// The style of the cells drawn; changing it forgets the kept paths.
    public var style: CellStyle {
        didSet { if style != oldValue { shapes.removeAll(keepingCapacity: true) } }
    }

    private struct ShapeKey: Hashable {
        var position: CellPosition
        /// `CellPlacement.drawsPlainBottomSeparator` (the one part of a
        /// placement beyond its position that changes the separators).
        var drawsPlainBottom: Bool
        var hidesInner: Bool
        var isRightToLeft: Bool
        var rect: Rect
        var scale: Double
    }

    private struct Shapes {
        var background: Path
        var separator: Path?
    }

    private var shapes: [ShapeKey: Shapes] = [:]

    /// How many distinct shapes are kept before the oldest set is
    /// forgotten (a table has a few cell heights; this bounds memory for
    /// callers that draw cells of ever-changing sizes).
    public static let shapeLimit = 64

    /// Creates a renderer that draws `style` on `canvas`.
    /// - Parameters:
    ///   - canvas: the canvas drawn on; its scale sets the hairline width.
    ///   - style: the look of the cells (can be changed later).
    public init(canvas: Canvas, style: CellStyle) {
        self.canvas = canvas
        self.style = style
    }

    /// Draws the background of the cell at `placement` into `rect` (points,
    /// the canvas's user space); the same as
    /// `CellStyle.draw(_:in:on:isSelected:isNextSelected:)` with this
    /// renderer's style and canvas, pixel for pixel.
    /// - Parameters:
    ///   - placement: the cell's row and section.
    ///   - rect: the cell's bounds in the canvas's user space (points).
    ///   - isSelected: draws the selected fill.
    ///   - isNextSelected: whether the cell below it in its section is selected.
    ///   - drawsAccessory: false leaves the style's accessory out (a cell
    ///     with an accessory image of its own).
    ///   - isRightToLeft: a right-to-left cell (separator insets from the
    ///     other sides, the accessory at the left).
    public func draw(
        _ placement: CellPlacement, in rect: Rect, isSelected: Bool = false,
        isNextSelected: Bool = false, drawsAccessory: Bool = true, isRightToLeft: Bool = false
    ) {
        let rect = rect.standardized
        guard rect.isFinite, !rect.isEmpty else { return }
        let scale = canvas.scale
        let hidesInner = style.hidesSeparator(isSelected: isSelected, isNextSelected: isNextSelected)
        let key = ShapeKey(
            position: placement.position, drawsPlainBottom: placement.drawsPlainBottomSeparator,
            hidesInner: hidesInner, isRightToLeft: isRightToLeft, rect: rect, scale: scale)
        let cell: Shapes
        if let kept = shapes[key] {
            cell = kept
        } else {
            cell = Shapes(
                background: style.backgroundPath(for: placement.position, in: rect, scale: scale),
                separator: style.separatorPath(
                    for: placement, in: rect, scale: scale, hidesInner: hidesInner, isRightToLeft: isRightToLeft))
            if shapes.count >= CellRenderer.shapeLimit { shapes.removeAll(keepingCapacity: true) }
            shapes[key] = cell
        }
        style.draw(
            placement, in: rect, on: canvas, isSelected: isSelected,
            background: cell.background, separator: cell.separator, drawsAccessory: drawsAccessory,
            isRightToLeft: isRightToLeft)
    }

    /// The number of shapes kept (for tests).
    var keptShapeCount: Int { shapes.count }
}
