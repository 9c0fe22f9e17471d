// Composite: a paint's row that needs no shading machinery, blended
// source-over with no mask: one color (the solid kernel's arithmetic) or an
// image row read as it is (one image pixel per device pixel). The sliced
// kernel (SlicedKernel.swift) asks each piece's PaintKernel for its current
// row in this form (PaintKernel.plainRow) and composites it here: the
// operations the paint kernel does for such a row, byte for byte, without
// its per-call dispatch over shaders, modes and masks.

/// One row of a paint, where it is plain: what a piece's calls composite
/// from. `kind == .none`: the row is not plain (its kernel composites it).
struct PlainRow {
    enum Kind: UInt8 {
        /// Not plain.
        case none
        /// Every pixel `color` (premultiplied, in the surface's order),
        /// whose alpha is `alpha`.
        case solid
        /// Device column x shows `pixels[x &+ offset]` (in the surface's
        /// order), for every column the row is used at.
        case image
    }

    var kind = Kind.none
    var color: UInt32 = 0
    var alpha: UInt32 = 0
    var pixels: UnsafePointer<UInt32>
    var offset = 0
    /// For `.image`: whether every pixel of the image is opaque.
    var isOpaque = false

    init(pixels: UnsafePointer<UInt32>) { self.pixels = pixels }

    /// The source pixels of column `x` on.
    @inline(__always)
    private func source(_ x: Int) -> UnsafePointer<UInt32> { pixels + (x &+ offset) }

    // Invariant (every operation): `kind` is not `.none`; `count` (≥ 0;
    // 1...4 for groups) writable pixels at `row + x`; for `.image`, the
    // image row readable at every column of the call.

    /// Full coverage over whatever the pixels hold.
    @inline(__always)
    func fill(_ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int, filler: PixelFiller) {
        assert(kind != .none && count >= 0, "a plain row's span")
        if kind == .solid {
            SolidSpans.fill(row + x, count: count, source: color, alpha: alpha, filler: filler)
        } else if isOpaque {
            copyPixels(from: source(x), to: row + x, count: count)
        } else {
            sourceOverRow(source(x), row + x, count: count, coverage: 255)
        }
    }

    /// Coverage `c` (1...255) over whatever the pixels hold.
    @inline(__always)
    func blend(_ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int, coverage c: UInt32, filler: PixelFiller) {
        assert(kind != .none && count >= 0 && c <= 255, "a plain row's span")
        if c == 255 {
            fill(row, x: x, count: count, filler: filler)
        } else if kind == .solid {
            SolidSpans.blend(row + x, count: count, source: color, alpha: alpha, coverage: c)
        } else {
            sourceOverRow(source(x), row + x, count: count, coverage: UInt8(truncatingIfNeeded: c))
        }
    }

    /// A coverage byte per pixel over whatever the pixels hold.
    @inline(__always)
    func blendGroup(_ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int, coverage: UInt32) {
        assert(kind != .none && (1...4).contains(count), "a plain row's group")
        if kind == .solid {
            SolidSpans.blendGroup(row + x, count: count, source: color, alpha: alpha, coverage: coverage)
        } else if count == 4 {
            blendSourceOverGroup(
                row + x, sources: UnsafeRawPointer(source(x)).loadUnaligned(as: PixelLanes.self),
                coverage: coverage)
        } else {
            let src = source(x), dst = row + x
            for i in 0..<count { dst[i] = sourceOver(src[i], onto: dst[i], coverage: coverage.coverageByte(i)) }
        }
    }

    /// Coverage `c` (1...255) onto pixels that all hold `background`:
    /// false (nothing done) where that needs the pixels stored first (an
    /// image row onto a background other than transparent).
    @inline(__always)
    func blend(
        _ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int, coverage c: UInt32, onto background: UInt32,
        filler: PixelFiller
    ) -> Bool {
        assert(kind != .none && count >= 0 && c <= 255, "a plain row's span")
        if kind == .solid {
            // (An opaque color at full coverage is itself: skip the
            // arithmetic, which gives the same.)
            filler.fill(
                row + x, count: count,
                with: c == 255 && alpha == 255
                    ? color
                    : SolidSpans.sourceOver(background, source: color, alpha: alpha, coverage: c))
            return true
        }
        if c == 255 && isOpaque {
            copyPixels(from: source(x), to: row + x, count: count)
            return true
        }
        // Onto transparent pixels the image's colors scaled by the
        // coverage are what blending gives (valid premultiplied colors:
        // `src + 0` is `src`).
        guard background == 0 else { return false }
        let src = source(x), dst = row + x
        if c == 255 {
            copyPixels(from: src, to: dst, count: count)
        } else {
            for i in 0..<count { dst[i] = scalePacked(src[i], by: c) }
        }
        return true
    }

    /// A coverage byte per pixel onto pixels that all hold `background`.
    @inline(__always)
    func blendGroup(
        _ row: UnsafeMutablePointer<UInt32>, x: Int, count: Int, coverage: UInt32,
        onto background: UInt32
    ) {
        assert(kind != .none && (1...4).contains(count), "a plain row's group")
        if kind == .solid {
            SolidSpans.blendGroup(
                row + x, count: count, source: color, alpha: alpha, coverage: coverage,
                onto: background)
            return
        }
        let src = source(x)
        let shaded =
            count == 4
            ? UnsafeRawPointer(src).loadUnaligned(as: PixelLanes.self)
            : unsafeBitCast(
                SIMD4<UInt32>(src[0], count > 1 ? src[1] : 0, count > 2 ? src[2] : 0, 0),
                to: PixelLanes.self)
        let s = shaded.scaled(by: PixelLanes(coverageBytes: coverage))
        // (Onto transparent pixels the sum is `s`: 0 scaled is 0.)
        storeGroup(
            background == 0 ? s : PixelLanes(pixel: background).scaled(by: s.inverseAlphaFactors) &+ s,
            count: count, into: row + x)
    }
}

/// A paint whose every row is plain (one image row per device row on a
/// whole-row offset, tiled by pad, repeat or reflect): found once per draw
/// (PatternShader.plainRows), each row then read by `row(_:)` with integer
/// arithmetic alone. `kind` `.none`: not plain.
/// (The pixels are the image's, read in place: valid while the image
/// is.)
struct PlainRows {
    var kind = PlainRow.Kind.none
    /// The pattern's pixel (0, 0), pixels from one row to the next, rows.
    var pixels: UnsafePointer<UInt32>
    var rowLength = 0, height = 0
    var tileY = TileMode.pad
    /// Device row y shows pattern row `y + rowShift` (tiled).
    var rowShift = 0
    /// `.image`: device column x shows column `x + offset` of the row.
    var offset = 0
    /// `.solid`: global alpha (0...255), and whether colors are swapped
    /// into the surface's order (BGRA8).
    var alpha: UInt32 = 255
    var swapsRedBlue = false
    /// `.image`: whether every pixel is opaque.
    var isOpaque = false

    init(pixels: UnsafePointer<UInt32>) { self.pixels = pixels }

    /// Device row `y` as a plain row.
    @inline(__always)
    func row(_ y: Int) -> PlainRow {
        assert(kind != .none && tileY != .decal, "plain rows")
        let j = PatternShader.tile(y &+ rowShift, height, tileY)
        assert(j >= 0 && j < height, "a row of the pattern")
        var plain = PlainRow(pixels: pixels)
        let line = pixels + j &* rowLength
        plain.kind = kind
        if kind == .solid {
            var color = line[0]
            if alpha < 255 { color = scalePacked(color, by: alpha) }
            if swapsRedBlue { color = swapRedBlue(color) }
            plain.color = color
            plain.alpha = packedAlpha(color)
        } else {
            plain.pixels = line
            plain.offset = offset
            plain.isOpaque = isOpaque
        }
        return plain
    }
}

extension PatternShader {
    /// This pattern's rows as plain rows (PlainRow.swift) where that is
    /// what a PaintKernel draws of them at the device columns `columns`,
    /// blended by `mode` onto a surface whose red and blue are swapped or
    /// not (no mask): rows of one color, or (unswapped) the image's own
    /// pixels at every column of `columns`, each one image row on a
    /// whole-row offset (`rowShift`), along an axis that is not decal (so
    /// every row is plain). Else of kind `.none`.
    func plainRows(mode: BlendMode, swapsRedBlue: Bool, columns: Range<Int>) -> PlainRows {
        var plain = PlainRows(pixels: pixels.withUnsafeBufferPointer { $0.baseAddress! + origin })
        guard mode == .sourceOver, rowShift32 != Int32.min, tileY != .decal else { return plain }
        plain.rowLength = rowLength
        plain.height = height
        plain.tileY = tileY
        plain.rowShift = rowShift
        if hasConstantRows {
            plain.kind = .solid
            plain.alpha = alpha
            plain.swapsRedBlue = swapsRedBlue
        } else if readsRowsDirectly && !swapsRedBlue {
            let offset = Int(toPattern.tx)
            guard columns.lowerBound >= -offset && columns.upperBound <= width - offset else { return plain }
            plain.kind = .image
            plain.offset = offset
            plain.isOpaque = isOpaque
        }
        return plain
    }
}
