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
    ///   - isRightToLeft: a right-to-left cell: the separator insets are
    ///     measured from the other sides and the accessory sits at the
    ///     left (the chevron pointing left).
    ///
    /// Draws nothing outside `rect` (the canvas's clip is narrowed to it for
    /// the draw and restored after) and nothing for an empty or non-finite
    /// rect. Does not clear: the background shows through rounded corners.
    ///
    /// Builds the cell's paths on every call (a few small allocations);
    /// `CellRenderer` keeps them between draws for loops over many cells.
    public func draw(
        _ placement: CellPlacement, in rect: Rect, on canvas: Canvas, isSelected: Bool = false,
        isNextSelected: Bool = false, isRightToLeft: Bool = false
    ) {
        let rect = rect.standardized
        guard rect.isFinite, !rect.isEmpty else { return }
        let separator = separatorPath(
            for: placement, in: rect, scale: canvas.scale,
            hidesInner: hidesSeparator(isSelected: isSelected, isNextSelected: isNextSelected),
            isRightToLeft: isRightToLeft)
        draw(
            placement, in: rect, on: canvas, isSelected: isSelected,
            background: backgroundPath(for: placement.position, in: rect, scale: canvas.scale),
            separator: separator, isRightToLeft: isRightToLeft)
    }

    /// Whether a cell that is (or whose next cell is) selected leaves its
    /// bottom separator out (`hidesSeparatorsNextToSelection`).
    func hidesSeparator(isSelected: Bool, isNextSelected: Bool) -> Bool {
        hidesSeparatorsNextToSelection && (isSelected || isNextSelected)
    }

    /// Draws with the cell's paths already built for `rect` (standardized,
    /// finite, not empty) at the canvas's scale.
    func draw(
        _ placement: CellPlacement, in rect: Rect, on canvas: Canvas, isSelected: Bool,
        background: Path, separator: Path?, drawsAccessory: Bool = true, isRightToLeft: Bool = false
    ) {
        canvas.save()
        defer { canvas.restore() }
        canvas.clip(to: rect)
        let border = StrokeStyle(width: borderWidth.points(scale: canvas.scale))
        let strokesBorder = layout == .grouped && border.width > 0
        if let set = imageSet,
            let image = set.image(for: placement.position, isSelected: isSelected, scale: canvas.scale)
        {
            // The position's image over the whole cell, border and all.
            canvas.draw(image.image, in: rect, capInsets: image.capInsets, imageScale: image.imageScale)
        } else {
            let fill = fill(for: placement, isSelected: isSelected)
            if strokesBorder, let paint = fill.paint(cellRect: rect) {
                // The background and its border in one pass (the same
                // pixels as the fill followed by the stroke).
                canvas.draw(background, fill: paint, stroke: .solid(separatorColor), style: border)
            } else {
                fill.draw(background, cellRect: rect, on: canvas)
                if strokesBorder { canvas.stroke(background, with: separatorColor, style: border) }
            }
        }
        if let separator { canvas.fill(separator, with: separatorColor) }
        guard drawsAccessory else { return }
        if isSelected, let selected = selectedAccessoryColor {
            accessory.draw(
                in: rect, on: canvas, color: selected, chevronColor: selected, isRightToLeft: isRightToLeft)
        } else if appearance == .dark {
            accessory.draw(
                in: rect, on: canvas, color: accessoryColor ?? accessory.defaultColor(in: .dark),
                chevronColor: CellAccessory.disclosureIndicator.defaultColor(in: .dark), isRightToLeft: isRightToLeft)
        } else {
            accessory.draw(in: rect, on: canvas, color: accessoryColor, isRightToLeft: isRightToLeft)
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
            // The border's centre line: half its width inside the rect, so
            // a whole number of device pixels lands on whole pixels.
            let width = borderWidth.points(scale: scale)
            let inset = width / 2
            var bounds = rect.insetBy(dx: inset, dy: inset)
            if position == .top || position == .middle {
                bounds.size.height += max(CellStyle.sharedSeparatorOverlap, width)
            }
            path.addRoundedRect(
                in: bounds, cornerRadius: cornerRadius, corners: roundedCorners(at: position),
                curve: cornerCurve)
        case .insetGrouped:
            path.addRoundedRect(
                in: rect, cornerRadius: cornerRadius, corners: roundedCorners(at: position),
                curve: cornerCurve)
        case .plain, .fullWidthGrouped:
            path.addRect(rect)
        }
        return path
    }

    /// How far a grouped top or middle cell's shape extends below its rect,
    /// in points (or by the border's width, if that is more): far enough
    /// that its bottom border is clipped away, so the next cell's top
    /// border is the only line between them.
    public static let sharedSeparatorOverlap = 1.0

    /// The separators a cell at `placement` draws, in the space of `rect`
    /// (points), `borderWidth` tall (one device pixel, `1 / scale` pt, by
    /// default); `nil` when it draws none. Along the bottom edge, from the
    /// leading separator inset to the trailing one: every cell of a `plain`
    /// table but the last of a section that is not the table's last, every
    /// `insetGrouped` and `fullWidthGrouped` cell but its section's last.
    /// A `fullWidthGrouped` section's first cell also draws a full-width
    /// line along its top, and its last one along its bottom. A `grouped`
    /// cell draws none (its border is its separator). Selection is not
    /// considered here: `draw` leaves the inner separators out next to a
    /// selected cell when `hidesSeparatorsNextToSelection` says so.
    /// - Parameters:
    ///   - placement: the cell's row and section.
    ///   - rect: the cell's bounds, in points.
    ///   - scale: device pixels per point (sets the lines' width).
    ///   - isRightToLeft: a right-to-left cell: the leading inset is
    ///     measured from the right side, the trailing one from the left.
    public func separatorPath(
        for placement: CellPlacement, in rect: Rect, scale: Double, isRightToLeft: Bool = false
    ) -> Path? {
        separatorPath(for: placement, in: rect, scale: scale, hidesInner: false, isRightToLeft: isRightToLeft)
    }

    /// `separatorPath(for:in:scale:isRightToLeft:)`, without the inset
    /// separator under the cell if `hidesInner` (the section's outer
    /// lines stay).
    func separatorPath(
        for placement: CellPlacement, in rect: Rect, scale: Double, hidesInner: Bool, isRightToLeft: Bool = false
    ) -> Path? {
        let line = borderWidth.points(scale: scale)
        guard line > 0, layout != .grouped else { return nil }
        var path = Path()
        let position = placement.position
        if layout == .fullWidthGrouped {
            if position.isFirstInSection {
                path.addRect(Rect(x: rect.minX, y: rect.minY, width: rect.width, height: line))
            }
            if position.isLastInSection {
                path.addRect(Rect(x: rect.minX, y: rect.maxY - line, width: rect.width, height: line))
            }
        }
        if !hidesInner, drawsInnerSeparator(for: placement) {
            let (leading, trailing) = clampedSeparatorInsets(width: rect.width)
            let width = rect.width - leading - trailing
            if width > 0 {
                let x = isRightToLeft ? rect.minX + trailing : rect.minX + leading
                path.addRect(Rect(x: x, y: rect.maxY - line, width: width, height: line))
            }
        }
        return path.isEmpty ? nil : path
    }

    /// Whether a cell at `placement` draws an inset separator along its
    /// bottom edge (see `separatorPath(for:in:scale:)`).
    func drawsInnerSeparator(for placement: CellPlacement) -> Bool {
        switch layout {
        case .grouped: false
        case .insetGrouped, .fullWidthGrouped: !placement.position.isLastInSection
        case .plain: placement.drawsPlainBottomSeparator
        }
    }

    /// The leading and trailing separator insets (points), each limited
    /// so that together they fit in `width`; non-finite ones are 0.
    private func clampedSeparatorInsets(width: Double) -> (Double, Double) {
        let leading = separatorInset.isFinite ? min(max(separatorInset, 0), width) : 0
        let trailing = separatorTrailingInset.isFinite ? min(max(separatorTrailingInset, 0), width - leading) : 0
        return (leading, trailing)
    }
}
