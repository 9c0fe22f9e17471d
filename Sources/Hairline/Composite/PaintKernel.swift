// Composite: coverage spans + a shader (+ the clip mask) -> Surface pixels,
// under a blend mode. Source-over rows where the shader is constant
// (solids, vertical gradients, found once per row) without a mask take the
// solid kernel's arithmetic; otherwise the shader fills a row buffer and a
// row kernel blends it (source-over's own, or `blendRow` for every other
// mode). The shader and the mode are switched once per span.

/// Blends a shaded paint into a surface through an optional clip mask.
struct PaintKernel: ClearFusingKernel {
    let surface: Surface
    let shader: Shader
    let mode: BlendMode
    let mask: ClipMask?
    /// Scratch rows at least `surface.width` long, owned by the renderer.
    let source: UnsafeMutablePointer<UInt32>
    let coverage: UnsafeMutablePointer<UInt8>
    let filler = PixelFiller.shared
    /// The shader's pattern, if it is one, held apart so that shading reads
    /// it in place (no copy of the enum's payload per span).
    /// (Not optional: binding an optional copies the shader, per span.)
    private let pattern: PatternShader
    private let hasPattern: Bool
    /// Whether every color the shader gives is opaque (found once: the
    /// enum's answer copies its payload).
    private let shaderIsOpaque: Bool
    /// Whether the surface is BGRA8: pattern pixels (RGBA8 images) are
    /// swapped as they are shaded (solid colors and ramps come prepared in
    /// the surface's order), and the non-separable modes swap around their
    /// formula.
    private let swapsRedBlue: Bool
    /// Whether pattern colors are swapped (a pattern on BGRA8).
    private let swapsPattern: Bool
    /// Whether the pattern's rows are each one color (found once).
    private let patternRowsAreConstant: Bool
    /// Whether the pattern's rows are read from the image as they are
    /// (one image pixel per device pixel): then, for the current row,
    /// device pixel x inside `directColumns` is `directRow[x + directOffset]`.
    private let patternRowsAreDirect: Bool
    /// Whether rows are keyed by the pattern row they sample (`keysShading`).
    private let keysPatternRows: Bool
    private var directRow: UnsafePointer<UInt32>
    private var directOffset = 0
    private var directColumns = 0..<0
    /// Whether rows read directly also repeat along x from the renderer's
    /// repeated rows (a nearest tile): then, where the current row has
    /// one (`hasWideRow`), device pixel x is `wideRow[i]` with i the
    /// wrapped `x + wideOffset`, for runs that end within `wideLength`.
    private let patternRowsRepeat: Bool
    private var hasWideRow = false
    private var wideRow: UnsafePointer<UInt32>
    private var wideOffset = 0
    /// The repeated rows (`wideLength` pixels each), where
    /// `patternRowsRepeat`.
    private let widePixels: UnsafePointer<UInt32>
    private let wideLength: Int
    private let patternWidth: Int
    private let inverseWidth: Double
    /// The current row, its index and its constant color, if any.
    private var row: UnsafeMutablePointer<UInt32>
    private var y = 0
    private var constant: UInt32?
    /// Whether this row is source-over of `constant` with no mask: the
    /// solid kernel's operations then serve, with its alpha.
    private var isSolidRow = false
    private var constantAlpha: UInt32 = 0

    init(
        surface: Surface, shader: Shader, mode: BlendMode, mask: ClipMask?,
        source: UnsafeMutablePointer<UInt32>, coverage: UnsafeMutablePointer<UInt8>
    ) {
        self.surface = surface
        self.shader = shader
        self.mode = mode
        self.mask = mask
        self.source = source
        self.coverage = coverage
        if case .pattern(let p) = shader {
            pattern = p
            hasPattern = true
        } else {
            pattern = .none
            hasPattern = false
        }
        shaderIsOpaque = shader.isOpaque
        swapsRedBlue = surface.format == .bgra8Premultiplied
        swapsPattern = swapsRedBlue && hasPattern
        patternRowsAreConstant = hasPattern && pattern.hasConstantRows
        patternRowsAreDirect = hasPattern && !patternRowsAreConstant && pattern.readsRowsDirectly
        keysPatternRows = hasPattern && mask == nil && !patternRowsAreConstant && pattern.hasRowKeys
        row = surface.rowPointer(0)
        directRow = UnsafePointer(row)
        wideRow = directRow
        if patternRowsAreDirect, pattern.sampling == .nearest, pattern.tileX == .repeat,
            let rows = pattern.repeatedRows
        {
            patternRowsRepeat = true
            widePixels = rows.pixels
            wideLength = rows.length
            inverseWidth = rows.inverseWidth
        } else {
            patternRowsRepeat = false
            widePixels = directRow
            wideLength = 0
            inverseWidth = 1
        }
        patternWidth = pattern.width
    }

    /// Shades `count` pixels of row `y` from column `x` into `out`.
    @inline(__always)
    private mutating func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(count >= 0 && x >= 0 && x &+ count <= surface.width, "columns of the surface")
        if hasPattern {
            if x >= directColumns.lowerBound && x &+ count <= directColumns.upperBound {
                // The image's own pixels: what sampling them gives.
                out.update(from: directRow + (x &+ directOffset), count: count)
            } else if hasWideRow,
                case let i = PatternRows.wrap(x &+ wideOffset, patternWidth, inverse: inverseWidth),
                i &+ count <= wideLength
            {
                // The repeated row from the run's place in its period: what
                // `PatternShader.copyRow` copies, without working the
                // row and the column out from the transform.
                out.update(from: wideRow + i, count: count)
            } else {
                pattern.shade(x: x, y: y, count: count, into: out)
            }
            if swapsPattern { swapRedBlue(out, count: count) }
        } else {
            shader.shade(x: x, y: y, count: count, into: out)
        }
    }

    /// Full coverage of an opaque shader, source-over, no mask: the fill
    /// stores the shader's colors whatever the pixels held.
    var fillIgnoresDestination: Bool { mode == .sourceOver && mask == nil && shaderIsOpaque }

    /// The pattern's row key (`PatternShader.rowKey`), where it has them
    /// and nothing else about a row matters: no clip mask (whose rows
    /// differ). Rows of one color are fills, as cheap as a copy, and get
    /// none.
    var keysShading: Bool { keysPatternRows }

    @inline(__always)
    mutating func shadingKey(forRow y: Int) -> Int { pattern.rowKey(y: y) }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        assert(surface.pendingClear == nil, "a kernel writing a surface whose clear is pending")
        self.y = y
        row = surface.rowPointer(y)
        // A row of one color (also inside a mask's full stretches).
        if hasPattern {
            // (Not through `shader`: switching over it copies its
            // payload every row.)
            constant =
                patternRowsAreConstant
                ? pattern.rowConstant(y: y).map { swapsPattern ? swapRedBlue($0) : $0 } : nil
            if patternRowsAreDirect {
                if let direct = pattern.directRow(y: y) {
                    (directRow, directOffset, directColumns) = (direct.row, direct.offset, direct.columns)
                    if patternRowsRepeat {
                        wideRow = widePixels + direct.index &* wideLength
                        wideOffset = direct.offset
                        hasWideRow = true
                    }
                } else {
                    directColumns = 0..<0
                    hasWideRow = false
                }
            }
        } else {
            constant = shader.rowConstant(y: y)
        }
        isSolidRow = constant != nil && mode == .sourceOver && mask == nil
        constantAlpha = packedAlpha(constant ?? 0)
    }

    @inline(__always)
    mutating func fill(x: Int, count: Int) {
        if isSolidRow, let constant {
            SolidSpans.fill(row + x, count: count, source: constant, alpha: constantAlpha, filler: filler)
            return
        }
        blend(x: x, count: count, coverage: 255)
    }

    mutating func blend(x: Int, count: Int, coverage c: UInt32) {
        guard let mask else {
            blendUnmasked(x: x, count: count, coverage: c, solid: isSolidRow)
            return
        }
        // Where the mask is full (the inside of a clip path's row) the
        // span is blended as without one; the rest pixel by pixel.
        let full = mask.fullColumns(y)
        let a = max(x, full.lowerBound), b = min(x &+ count, full.upperBound)
        guard a < b else {
            blendMasked(mask, x: x, count: count, coverage: c)
            return
        }
        if a > x { blendMasked(mask, x: x, count: a &- x, coverage: c) }
        blendUnmasked(x: a, count: b &- a, coverage: c, solid: constant != nil && mode == .sourceOver)
        if x &+ count > b { blendMasked(mask, x: b, count: x &+ count &- b, coverage: c) }
    }

    /// `blend` through the mask, pixel by pixel.
    @inline(__always)
    private mutating func blendMasked(_ mask: ClipMask, x: Int, count: Int, coverage c: UInt32) {
        let m = mask.pointer(x: x, y: y)
        var any = false
        for i in 0..<count {
            let v = UInt8(truncatingIfNeeded: div255(c &* UInt32(m[i])))
            coverage[i] = v
            any = any || v != 0
        }
        guard any else { return }
        blendShaded(x: x, count: count, into: row + x)
    }

    /// `blend` where no mask applies (none, or a full stretch of it):
    /// `solid` if the row is one color source-over (the solid kernel's
    /// arithmetic).
    @inline(__always)
    private mutating func blendUnmasked(x: Int, count: Int, coverage c: UInt32, solid: Bool) {
        let dst = row + x
        if let constant {
            if solid {
                if c == 255 {
                    SolidSpans.fill(dst, count: count, source: constant, alpha: constantAlpha, filler: filler)
                } else {
                    SolidSpans.blend(dst, count: count, source: constant, alpha: constantAlpha, coverage: c)
                }
            } else {
                blendRow(
                    mode, swapsRedBlue: swapsRedBlue, source: constant, destination: dst, count: count,
                    coverage: UInt8(truncatingIfNeeded: c))
            }
            return
        }
        if mode == .sourceOver, c == 255, shaderIsOpaque {
            // Opaque colors at full coverage replace the pixels: shade
            // straight into the surface.
            shade(x: x, y: y, count: count, into: dst)
            return
        }
        shade(x: x, y: y, count: count, into: source)
        if mode == .sourceOver {
            sourceOverRow(source, dst, count: count, coverage: UInt8(truncatingIfNeeded: c))
        } else {
            blendRow(
                mode, swapsRedBlue: swapsRedBlue, source: source, destination: dst, count: count,
                coverage: UInt8(truncatingIfNeeded: c))
        }
    }

    mutating func blendGroup(x: Int, count: Int, coverage packed: UInt32) {
        // Inside a mask's full stretch the group is blended as without one.
        var unmasked = true
        if let mask {
            let full = mask.fullColumns(y)
            unmasked = x >= full.lowerBound && x &+ count <= full.upperBound
        }
        if unmasked, mode == .sourceOver, let constant {
            SolidSpans.blendGroup(row + x, count: count, source: constant, alpha: constantAlpha, coverage: packed)
            return
        }
        if unmasked, mode == .sourceOver, count == CellRow.groupSize {
            // Four shaded pixels blended in vector lanes (a constant
            // source-over row took the solid path above).
            shade(x: x, y: y, count: count, into: source)
            blendSourceOverGroup(
                row + x, sources: UnsafeRawPointer(source).loadUnaligned(as: PixelLanes.self),
                coverage: packed)
            return
        }
        if let mask, !unmasked {
            let m = mask.pointer(x: x, y: y)
            for i in 0..<count {
                coverage[i] = UInt8(truncatingIfNeeded: div255(packed.coverageByte(i) &* UInt32(m[i])))
            }
        } else {
            for i in 0..<count { coverage[i] = UInt8(truncatingIfNeeded: packed.coverageByte(i)) }
        }
        let dst = row + x
        if unmasked, let constant {
            blendRow(
                mode, swapsRedBlue: swapsRedBlue, source: constant, destination: dst, count: count,
                coverage: UnsafePointer(coverage))
            return
        }
        blendShaded(x: x, count: count, into: dst)
    }

    /// A span onto pixels that all hold `background` (the pending clear),
    /// where the row is one color source-over without a mask: every pixel
    /// the same value (the solid kernel's path).
    @inline(__always)
    mutating func blend(x: Int, count: Int, coverage: UInt32, onto background: UInt32) -> Bool {
        if isSolidRow, let constant {
            filler.fill(
                row + x, count: count,
                with: SolidSpans.sourceOver(
                    background, source: constant, alpha: constantAlpha,
                    coverage: coverage))
            return true
        }
        // A varying row onto transparent pixels, source-over, no mask: the
        // shaded colors, scaled by the coverage — what storing 0 and
        // blending leaves, as every shader's colors are valid
        // premultiplied (no channel above alpha: Image checks its pixels;
        // ramps and scaling keep it), so `src + 0` is `src` byte for byte.
        guard background == 0, mode == .sourceOver, mask == nil else { return false }
        let dst = row + x
        shade(x: x, y: y, count: count, into: dst)
        if coverage < 255 {
            for i in 0..<count { dst[i] = scalePacked(dst[i], by: coverage) }
        }
        return true
    }

    /// A group onto pixels that all hold `background` (the pending clear):
    /// source-over without a mask, computed from the value in vector
    /// lanes (no reload of the clear just stored), the same bytes as
    /// storing it and calling `blendGroup`.
    @inline(__always)
    mutating func blendGroup(x: Int, count: Int, coverage packed: UInt32, onto background: UInt32) -> Bool {
        guard mask == nil, mode == .sourceOver else { return false }
        if isSolidRow, let constant {
            SolidSpans.blendGroup(
                row + x, count: count, source: constant, alpha: constantAlpha, coverage: packed,
                onto: background)
            return true
        }
        if constant != nil { return false }
        shade(x: x, y: y, count: count, into: source)
        let shaded =
            count == 4
            ? UnsafeRawPointer(source).loadUnaligned(as: PixelLanes.self)
            : unsafeBitCast(
                SIMD4<UInt32>(source[0], count > 1 ? source[1] : 0, count > 2 ? source[2] : 0, 0),
                to: PixelLanes.self)
        let s = shaded.scaled(by: PixelLanes(coverageBytes: packed))
        storeGroup(PixelLanes(pixel: background).scaled(by: s.inverseAlphaFactors) &+ s, count: count, into: row + x)
        return true
    }

    /// Shades `count` pixels from column `x` and blends them into `dst`
    /// with the per-pixel `coverage` row.
    @inline(__always)
    private mutating func blendShaded(x: Int, count: Int, into dst: UnsafeMutablePointer<UInt32>) {
        // Invariant: `dst` is column `x` of the current row (count pixels).
        assert(count >= 0 && x >= 0 && x &+ count <= surface.width, "columns of the surface")
        shade(x: x, y: y, count: count, into: source)
        if mode == .sourceOver {
            sourceOverRow(source, dst, count: count, coverage: UnsafePointer(coverage))
        } else {
            blendRow(
                mode, swapsRedBlue: swapsRedBlue, source: source, destination: dst, count: count,
                coverage: UnsafePointer(coverage))
        }
    }
}
