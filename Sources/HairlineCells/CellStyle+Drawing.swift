// HairlineCells: drawing a cell's background. Input: a style, a placement,
// a rect in points on a canvas; output: the fill, border and separators of
// that cell, clipped to its rect. The hairline geometry is WORKLOADS.md's:
// the grouped background path is built on the rect inset by 0.5/scale, so a
// 1/scale-point stroke lands on whole device pixels, and top and middle
// cells grow by 1 pt so their bottom border falls outside the rect and the
// next cell's top border is the one shared separator.

import Hairline

extension CellStyle {
    /// Draws the background of the cell at `placement` into `rect`.
    ///
    /// - Parameters:
    ///   - placement: the cell's row and section; decides rounded corners,
    ///     separators and alternation.
    ///   - rect: the cell's bounds in the canvas's user space (points). For
    ///     crisp one-pixel lines it should land on whole device pixels (at
    ///     scale 3, multiples of 1/3 pt under the canvas's base transform).
    ///   - canvas: the canvas drawn on; its `scale` (device pixels per
    ///     point) sets the hairline width `1 / scale` points.
    ///   - isSelected: draws `selectedFill` instead of the normal fill (and,
    ///     with `hidesSeparatorsNextToSelection`, no bottom separator).
    ///   - isNextSelected: whether the cell below this one in its section is
    ///     selected: with `hidesSeparatorsNextToSelection`, the separator
    ///     between them is not drawn.
    ///
    /// Draws nothing outside `rect` (the canvas's clip is narrowed to it for
    /// the draw and restored after) and nothing for an empty or non-finite
    /// rect. Does not clear: the background shows through rounded corners.
    ///
    /// Builds the cell's paths on every call (a few small allocations);
    /// `CellRenderer` keeps them between draws for loops over many cells.
    public func draw(_ placement: CellPlacement, in rect: Rect, on canvas: Canvas, isSelected: Bool = false,
                     isNextSelected: Bool = false) {
        let rect = rect.standardized
        guard rect.isFinite, !rect.isEmpty else { return }
        let separator = hidesSeparator(isSelected: isSelected, isNextSelected: isNextSelected)
            ? nil : separatorPath(for: placement, in: rect, scale: canvas.scale)
        draw(placement, in: rect, on: canvas, isSelected: isSelected,
             background: backgroundPath(for: placement.position, in: rect, scale: canvas.scale),
             separator: separator)
    }

    /// Whether a cell that is (or whose next cell is) selected leaves its
    /// bottom separator out (`hidesSeparatorsNextToSelection`).
    func hidesSeparator(isSelected: Bool, isNextSelected: Bool) -> Bool {
        hidesSeparatorsNextToSelection && (isSelected || isNextSelected)
    }

    /// Draws with the cell's paths already built for `rect` (standardized,
    /// finite, not empty) at the canvas's scale.
    func draw(_ placement: CellPlacement, in rect: Rect, on canvas: Canvas, isSelected: Bool,
              background: Path, separator: Path?) {
        canvas.save()
        defer { canvas.restore() }
        canvas.clip(to: rect)
        let fill = fill(for: placement, isSelected: isSelected)
        let border = StrokeStyle(width: 1 / canvas.scale)
        if layout == .grouped, let paint = fill.paint(cellRect: rect) {
            // The background and its border in one pass (the same pixels as
            // the fill followed by the stroke).
            canvas.draw(background, fill: paint, stroke: .solid(separatorColor), style: border)
        } else {
            fill.draw(background, cellRect: rect, on: canvas)
            if layout == .grouped { canvas.stroke(background, with: separatorColor, style: border) }
        }
        if let separator { canvas.fill(separator, with: separatorColor) }
        if isSelected, let selected = selectedAccessoryColor {
            accessory.draw(in: rect, on: canvas, color: selected, chevronColor: selected)
        } else {
            accessory.draw(in: rect, on: canvas, color: accessoryColor)
        }
    }

    /// The shape a cell at `position` fills, in the space of `rect`
    /// (points), for a canvas of `scale` device pixels per point.
    ///
    /// `grouped`: a rounded rect on `rect` inset by `0.5 / scale` on every
    /// side, 1 pt taller for `top` and `middle` cells (the shared-separator
    /// overlap), also the path of the border stroke. `insetGrouped`: a
    /// rounded rect on `rect` itself. `plain`: `rect`. Corners round as
    /// `roundedCorners(at:)` says, with `cornerRadius` and `cornerCurve`.
    /// - Parameters:
    ///   - position: the cell's position in its section.
    ///   - rect: the cell's bounds, in points.
    ///   - scale: device pixels per point (sets the 0.5 / scale inset).
    public func backgroundPath(for position: CellPosition, in rect: Rect, scale: Double) -> Path {
        var path = Path()
        switch layout {
        case .grouped:
            let inset = 0.5 / scale
            var bounds = rect.insetBy(dx: inset, dy: inset)
            if position == .top || position == .middle { bounds.size.height += CellStyle.sharedSeparatorOverlap }
            path.addRoundedRect(in: bounds, cornerRadius: cornerRadius, corners: roundedCorners(at: position),
                                curve: cornerCurve)
        case .insetGrouped:
            path.addRoundedRect(in: rect, cornerRadius: cornerRadius, corners: roundedCorners(at: position),
                                curve: cornerCurve)
        case .plain:
            path.addRect(rect)
        }
        return path
    }

    /// How far a grouped top or middle cell's shape extends below its rect,
    /// in points: far enough that its bottom border is clipped away, so the
    /// next cell's top border is the only line between them.
    public static let sharedSeparatorOverlap = 1.0

    /// The separator a cell at `placement` draws along its bottom edge, in
    /// the space of `rect` (points), one device pixel (`1 / scale` pt)
    /// tall, from the separator inset to the trailing edge; `nil` when the
    /// cell draws none: a `grouped` cell (its border is its separator), the
    /// last cell of an `insetGrouped` section, the last cell of a `plain`
    /// section that is not the table's last. (Selection is not considered
    /// here: `draw` leaves the separator out next to a selected cell when
    /// `hidesSeparatorsNextToSelection` says so.)
    /// - Parameters:
    ///   - placement: the cell's row and section.
    ///   - rect: the cell's bounds, in points.
    ///   - scale: device pixels per point (the line is 1 / scale points).
    public func separatorPath(for placement: CellPlacement, in rect: Rect, scale: Double) -> Path? {
        guard drawsSeparator(for: placement, width: rect.width) else { return nil }
        let hairline = 1 / scale
        let inset = clampedSeparatorInset(width: rect.width)
        var path = Path()
        path.addRect(Rect(x: rect.minX + inset, y: rect.maxY - hairline, width: rect.width - inset, height: hairline))
        return path
    }

    /// Whether a cell at `placement`, `width` points wide, draws a bottom
    /// separator (see `separatorPath(for:in:scale:)`).
    func drawsSeparator(for placement: CellPlacement, width: Double) -> Bool {
        switch layout {
        case .grouped: return false
        case .insetGrouped: if placement.position.isLastInSection { return false }
        case .plain: if !placement.drawsPlainBottomSeparator { return false }
        }
        return width - clampedSeparatorInset(width: width) > 0
    }

    /// The separator inset (points) limited to 0...width; non-finite is 0.
    private func clampedSeparatorInset(width: Double) -> Double {
        separatorInset.isFinite ? min(max(separatorInset, 0), width) : 0
    }
}
