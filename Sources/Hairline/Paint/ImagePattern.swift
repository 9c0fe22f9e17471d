// Paint: image patterns (`colorWithPatternImage:`), an image in pattern
// space (one unit per image pixel) mapped to user space, with how it tiles
// on each axis and how it is sampled; their device-space preparation and
// their shader: sampled at device pixel centres, device -> pattern space by
// the inverse of (pattern transform, then user transform), each axis tiled
// by its mode, nearest or bilinear (premultiplied) sampling.

/// How an image is sampled between its pixels.
public enum ImageSampling: Hashable, Sendable {
    /// The pixel whose square contains the sample point.
    case nearest
    /// Bilinear interpolation of the four nearest pixel centres, in
    /// premultiplied space.
    case bilinear
}

/// How an image pattern continues beyond the image on one axis.
public enum TileMode: Hashable, Sendable {
    /// The edge pixels continue.
    case pad
    /// The image repeats.
    case `repeat`
    /// The image repeats, every other copy mirrored.
    case reflect
    /// Nothing (transparent) outside the image.
    case decal
}

/// An image used as a paint (`colorWithPatternImage:`): image pixel (i, j)
/// covers [i, i+1) x [j, j+1) of pattern space, which `transform` maps to
/// user space; so an 8s x 8s pixel tile made at scale s is drawn as an
/// 8 x 8 pt tile with `transform = scale(1/s)`.
public struct ImagePattern: Hashable, Sendable {
    /// The pixels, premultiplied RGBA8; pixel (i, j) is the unit square at
    /// (i, j) of pattern space.
    public var image: Image
    /// Maps pattern space (image pixels) to user space (points).
    public var transform: AffineTransform
    /// How the pattern continues left and right of the image (default
    /// `.repeat`).
    public var tileX: TileMode
    /// How the pattern continues above and below the image (default
    /// `.repeat`).
    public var tileY: TileMode
    /// How a device pixel's centre, mapped into pattern space, picks its
    /// color (default `.nearest`).
    public var sampling: ImageSampling
    /// The part of the image that is the pattern (image pixels, inside the
    /// image), or nil for all of it: a nine-slice piece samples its slice
    /// in place, as if cropped (tiling and bilinear sampling never reach
    /// past it), instead of copying it out.
    var slice: PixelRect?
    /// Multiplies every pixel of the pattern (0...1; values outside are
    /// clamped, NaN counts as 0), on top of the canvas's global alpha:
    /// SVG's `fill-opacity` on a pattern (default 1).
    public var opacity: Double

    /// Creates an image pattern.
    /// - Parameters:
    ///   - image: the pixels.
    ///   - transform: maps pattern space (image pixels) to user space (points).
    ///   - tileX: how the pattern continues left and right.
    ///   - tileY: how it continues above and below.
    ///   - sampling: nearest (default) or bilinear.
    ///   - opacity: multiplies every pixel, 0...1 (default 1).
    public init(
        _ image: Image, transform: AffineTransform = .identity, tileX: TileMode = .repeat,
        tileY: TileMode = .repeat, sampling: ImageSampling = .nearest, opacity: Double = 1
    ) {
        self.image = image
        self.opacity = opacity
        self.transform = transform
        self.tileX = tileX
        self.tileY = tileY
        self.sampling = sampling
    }
}

extension ShaderPreparation {
    /// The shader of an image pattern: sampled in place (a slice of the
    /// image for nine-slice pieces), its rows repeated side by side from
    /// the cache when it repeats along x and copies whole rows.
    func patternShader(_ p: ImagePattern, transform: AffineTransform, alpha: Double) -> PatternShader? {
        patternShader(
            p.image, slice: p.slice, transform: p.transform, tileX: p.tileX, tileY: p.tileY,
            sampling: p.sampling, userTransform: transform, alpha: p.opacity == 1 ? alpha : alpha * p.opacity)
    }

    /// The pattern shader of `slice` of `image` (nil: all of it) placed by
    /// `transform` (image pixels -> user space), drawn through
    /// `userTransform`: an `ImagePattern`'s, from its parts.
    func patternShader(
        _ image: Image, slice: PixelRect?, transform: AffineTransform, tileX: TileMode,
        tileY: TileMode, sampling: ImageSampling, userTransform: AffineTransform,
        alpha: Double
    ) -> PatternShader? {
        guard let toPattern = transform.concatenating(userTransform).inverted() else { return nil }
        let a = UInt32((Color.unit(alpha) * 255).rounded())
        // A slice (nine-slice pieces) is sampled in place: its size,
        // its first pixel and the image's row length.
        let part = slice ?? PixelRect(minX: 0, minY: 0, maxX: image.width, maxY: image.height)
        assert(
            part.minX >= 0 && part.minY >= 0 && part.maxX <= image.width && part.maxY <= image.height
                && !part.isEmpty, "a slice inside the image")
        var shader = PatternShader(
            pixels: image.pixels, width: part.width, height: part.height, origin: part.minY * image.width + part.minX,
            rowLength: image.width, toPattern: toPattern, tileX: tileX, tileY: tileY, sampling: sampling,
            alpha: a, imageIsOpaque: image.isOpaque)
        if slice != nil { shader.uniformRows = image.hasUniformRows(in: part) }
        if shader.tileX == .repeat, slice == nil,
            shader.copiesRows || (sampling == .bilinear && toPattern.b == 0)
        {
            shader.repeatedRows = patternRows.rows(for: image)
        }
        return shader
    }
}

/// An image pattern prepared for one draw.
struct PatternShader {
    let pixels: [UInt32]
    // The sizes below are stored in 32 bits (images are at most 2^16 a
    // side, 2^28 pixels): kept small, the shader is copied by a few moves
    // where the kernel copies it, not by a call to memcpy.
    private let width32: Int32, height32: Int32, origin32: Int32, rowLength32: Int32
    /// The pattern's size in pixels: the image's, or its slice's.
    var width: Int { Int(width32) }
    var height: Int { Int(height32) }
    /// Where the pattern's pixel (0, 0) is in `pixels`, and the pixels
    /// from one of its rows to the next (the image's width).
    var origin: Int { Int(origin32) }
    var rowLength: Int { Int(rowLength32) }
    let toPattern: AffineTransform
    let tileX: TileMode
    let tileY: TileMode
    let sampling: ImageSampling
    /// Global alpha, 0...255 (255 leaves colors as they are).
    let alpha: UInt32
    /// Whether every sample is opaque: an opaque image, global alpha 255,
    /// and no decal axis (which shows transparency outside the image).
    var isOpaque: Bool { imageIsOpaque && alpha == 255 && tileX != .decal && tileY != .decal }
    let imageIsOpaque: Bool
    /// Whether in every row of the pattern all pixels are one color (a
    /// stretchable image's middle): every sample of a row is then its
    /// first column's, as for a pattern one pixel wide.
    var uniformRows = false
    /// The image's rows repeated side by side (PatternRows.swift), where
    /// the renderer made them: then a repeating row is copied in long
    /// stretches. They live in the renderer's cache, valid until it
    /// prepares another pattern's rows: one pattern per draw (a fill and
    /// a stroke with two patterns are drawn one after the other).
    var repeatedRows: PatternRows? = nil
    /// Where every device row y (|y| ≤ `Surface.maximumDimension`)
    /// samples exactly pattern row `y + rowShift` (one image row per
    /// device row on a whole-row offset), else `Int32.min`: see
    /// `wholeRowShift` (below 2^30: 32 bits keep the shader small enough to
    /// be copied without a call to memcpy).
    let rowShift32: Int32
    var rowShift: Int { Int(rowShift32) }

    init(
        pixels: [UInt32], width: Int, height: Int, origin: Int = 0, rowLength: Int, toPattern: AffineTransform,
        tileX: TileMode, tileY: TileMode, sampling: ImageSampling, alpha: UInt32, imageIsOpaque: Bool
    ) {
        assert(
            width > 0 && height > 0 && width <= rowLength && origin >= 0 && rowLength <= Int(Int32.max)
                && origin <= Int(Int32.max), "an image's size")
        self.pixels = pixels
        (width32, height32) = (Int32(truncatingIfNeeded: width), Int32(truncatingIfNeeded: height))
        (origin32, rowLength32) = (Int32(truncatingIfNeeded: origin), Int32(truncatingIfNeeded: rowLength))
        self.toPattern = toPattern
        self.tileX = tileX
        self.tileY = tileY
        self.sampling = sampling
        self.alpha = alpha
        self.imageIsOpaque = imageIsOpaque
        rowShift32 = Self.wholeRowShift(toPattern).map { Int32(truncatingIfNeeded: $0) } ?? Int32.min
    }

    /// The whole-row offset of a transform mapping device row y (its
    /// centre, y + 0.5) to pattern y = (y + 0.5)·d + ty with b = 0, d
    /// within 2^−32 of 1 and ty within 2^−24 of a whole number k (the
    /// inverse of a slice's scale and offset is rarely exact: a 24 pt
    /// slice of 72 pixels at 3x inverts to ty = −30.000000000000004).
    /// For |y| ≤ 2^16 (and |ty| < 2^30) the pattern y is then y + k + 0.5
    /// + ε with |ε| < 2^−11, computed rounding included: nearest sampling
    /// floors it to y + k, and bilinear sampling (at y + k + ε) reads row
    /// y + k with weight 0 or row y + k as the second with weight 256
    /// (|ε|·256 rounds away) — the same pixels as row y + k alone.
    static func wholeRowShift(_ t: AffineTransform) -> Int? {
        let k = t.ty.rounded()
        guard t.b == 0, abs(t.d - 1) <= 0x1p-32, abs(t.ty - k) <= 0x1p-24, abs(k) < 0x1p30 else { return nil }
        return Int(k)
    }

    /// The pattern row (tiled; −1 where a decal axis shows nothing) device
    /// row `y` samples, where it is one row (`rowShift`).
    @inline(__always)
    private func wholeRow(_ y: Int) -> Int? {
        guard rowShift32 != Int32.min else { return nil }
        assert(abs(y) <= Surface.maximumDimension, "a device row")
        return Self.tile(y &+ rowShift, height, tileY)
    }

    /// A shader that is never drawn with (where a kernel has no pattern).
    static var none: PatternShader {
        PatternShader(
            pixels: [], width: 1, height: 1, rowLength: 1, toPattern: .identity, tileX: .pad, tileY: .pad,
            sampling: .nearest, alpha: 255, imageIsOpaque: false)
    }

    /// Coordinates beyond this (in image pixels) are clamped before
    /// conversion to integers; far past any image size, so tiling is
    /// unchanged up to the period, and no conversion can trap.
    static let coordinateLimit = Double(1 << 40)

    /// Whether device x steps one image pixel and y is constant along a
    /// row (nearest sampling): rows are copied from the image.
    var copiesRows: Bool { sampling == .nearest && toPattern.b == 0 && toPattern.a == 1 }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        assert(
            count >= 0 && pixels.count >= origin &+ (height &- 1) &* rowLength &+ width,
            "a run; the pattern inside its pixels")
        let p = Point(x: Double(x) + 0.5, y: Double(y) + 0.5).applying(toPattern)
        pixels.withUnsafeBufferPointer { image in
            let base = image.baseAddress! + origin
            if copiesRows {
                // One image row, one pattern pixel per device pixel: copy
                // runs of the row (the common axis-aligned tile).
                copyRow(base, p, count: count, into: out)
                return
            }
            switch sampling {
            case .nearest:
                // Each pixel's own centre, as `Point.applying` maps it:
                // no position carried along the run, whose rounding would
                // move samples that lie on a cell boundary.
                let t = toPattern
                let yd = Double(y) + 0.5
                let cy = t.c * yd, dy = t.d * yd
                var xd = Double(x) + 0.5
                for i in 0..<count {
                    out[i] = nearest(base, Point(x: t.a * xd + cy + t.tx, y: t.b * xd + dy + t.ty))
                    xd += 1
                }
            case .bilinear:
                if toPattern.b == 0 {
                    bilinearRow(base, p, x: x, y: y, count: count, into: out)
                } else {
                    bilinearRotatedRow(base, x: x, y: y, count: count, into: out)
                }
            }
        }
        if alpha < 255 {
            for i in 0..<count { out[i] = scalePacked(out[i], by: alpha) }
        }
    }

    /// Nearest sampling where device x steps one image pixel and y is
    /// constant along the run: whole stretches of the image row at a time.
    private func copyRow(_ image: UnsafePointer<UInt32>, _ p: Point, count: Int, into out: UnsafeMutablePointer<UInt32>)
    {
        // Invariant: `image` is the pattern's pixel (0, 0), rows
        // `rowLength` apart; `count` writable colors at `out`.
        assert(count >= 0 && rowLength >= width, "a run; rows at least the pattern's width apart")
        let j: Int
        if tileY == .repeat, let rows = repeatedRows {
            j = PatternRows.wrap(Self.pixelIndex(p.y), height, inverse: rows.inverseHeight)
        } else {
            j = nearestRow(p.y)
        }
        guard j >= 0 else {
            out.update(repeating: 0, count: count)
            return
        }
        let row = image + j * rowLength
        var i = Self.pixelIndex(p.x)
        var done = 0
        if tileX == .repeat, let rows = repeatedRows {
            // The rest of the repeated row, then whole repeated rows (each
            // starts at a period's start).
            let wide = rows.pixels + j * rows.length
            let index = PatternRows.wrap(i, width, inverse: rows.inverseWidth)
            done = min(rows.length - index, count)
            out.update(from: wide + index, count: done)
            while done < count {
                let n = min(rows.length, count - done)
                (out + done).update(from: wide, count: n)
                done += n
            }
            return
        }
        if tileX == .repeat {
            // The rest of the tile row, then one whole tile row; from there
            // on the output repeats itself, so it is copied from its own
            // first period in doubling blocks (a few copies a row rather
            // than one per tile).
            let index = Self.tile(i, width, .repeat)
            done = min(width - index, count)
            out.update(from: row + index, count: done)
            guard done < count else { return }
            let start = done
            let first = min(width, count - done)
            (out + done).update(from: row, count: first)
            done += first
            while done < count {
                let n = min(done - start, count - done)
                (out + done).update(from: out + start, count: n)
                done += n
            }
            return
        }
        while done < count {
            let index = Self.tile(i, width, tileX)
            out[done] = index >= 0 ? row[index] : 0
            i += 1
            done += 1
        }
    }

    @inline(__always)
    private func nearest(_ image: UnsafePointer<UInt32>, _ p: Point) -> UInt32 {
        assert(rowLength >= width && width > 0 && height > 0, "the pattern's pixels")
        let i = Self.tile(Self.pixelIndex(p.x), width, tileX), j = nearestRow(p.y)
        guard i >= 0, j >= 0 else { return 0 }
        return image[j * rowLength + i]
    }

    /// The bilinear sample at pattern point `p` (pattern pixels), tiled.
    @inline(__always)
    func bilinear(_ image: UnsafePointer<UInt32>, _ p: Point) -> UInt32 {
        assert(rowLength >= width && width > 0 && height > 0, "the pattern's pixels")
        let (i0, wx) = Self.bilinearColumn(p.x)
        let (ja, jb, wy) = bilinearRows(p.y)
        let ia = Self.tile(i0, width, tileX), ib = Self.tile(i0 + 1, width, tileX)
        func at(_ i: Int, _ j: Int) -> UInt32 { (i >= 0 && j >= 0) ? image[j * rowLength + i] : 0 }
        let top = Self.mix(at(ia, ja), at(ib, ja), wx)
        let bottom = Self.mix(at(ia, jb), at(ib, jb), wx)
        return Self.mix(top, bottom, wy)
    }

    /// The pattern y of device row `y`'s centre where b = 0 (the same at
    /// every column: `0·x` adds nothing), as `shade` maps a pixel.
    @inline(__always)
    private func rowCentreY(_ y: Int) -> Double { Point(x: 0.5, y: Double(y) + 0.5).applying(toPattern).y }

    /// The pattern row (tiled; −1 where a decal axis shows nothing) a
    /// nearest sample at pattern y `py` reads.
    @inline(__always)
    private func nearestRow(_ py: Double) -> Int { Self.tile(Self.pixelIndex(py), height, tileY) }

    /// Whether a row's colors depend only on the one image row it samples
    /// (`rowKey`): nearest sampling with no rotation or skew (b = c = 0),
    /// where a row's samples are one pattern row at columns that do not
    /// depend on y.
    var hasRowKeys: Bool { sampling == .nearest && toPattern.b == 0 && toPattern.c == 0 }

    /// Where `hasRowKeys`, a key for the colors `shade` gives device row
    /// `y`: the tiled pattern row it samples (−1 for a decal row that
    /// shows nothing). Rows the repeated rows (PatternRows) found equal to
    /// the row above share that row's key, so a run of equal image rows
    /// is one key.
    @inline(__always)
    func rowKey(y: Int) -> Int {
        assert(hasRowKeys, "a pattern whose rows have keys")
        // `shade`'s row (`PatternRows.wrap` and `tile` give the same index).
        let j = nearestRow(rowCentreY(y))
        guard j >= 0, let rows = repeatedRows else { return j }
        return rows.firstEqualRow(j, height: height)
    }

    /// Whether each pixel's color depends on its own column and row only,
    /// not on where the run shading it starts: rows of one color, or one
    /// image pixel per device pixel on whole-pixel offsets (no stepping
    /// position is carried along the run, whose rounding would depend on
    /// the start). Drawing such a pattern in runs cut anywhere gives the
    /// same pixels (SlicedKernel.swift relies on it).
    var shadesByColumn: Bool {
        if hasConstantRows { return true }
        let t = toPattern
        return t.a == 1 && t.b == 0 && t.c == 0 && t.tx == t.tx.rounded() && abs(t.tx) < Self.coordinateLimit / 2
    }

    /// Whether device pixels map one to one onto image pixels on whole-pixel
    /// offsets, at full alpha: a row's pixels inside the image are then the
    /// image row's own (`directRow`), read without sampling.
    var readsRowsDirectly: Bool {
        let t = toPattern
        return alpha == 255 && t.a == 1 && t.b == 0 && t.c == 0 && t.tx == t.tx.rounded()
            && abs(t.tx) < Self.coordinateLimit / 2
    }

    /// Where `readsRowsDirectly`: the image row device row `y` shows, as
    /// `shade` samples it (nearest, or bilinear with no vertical weight),
    /// and the device columns inside the image; pixel x of the row is
    /// `row[x + offset]` for x in `columns`; `index` is the pattern row.
    /// Nil where the row is not one image row (a bilinear row between
    /// two, decal beyond the image). (The pointer is into `pixels`, which
    /// the shader holds unchanged.)
    func directRow(y: Int) -> (row: UnsafePointer<UInt32>, offset: Int, columns: Range<Int>, index: Int)? {
        assert(readsRowsDirectly, "a pattern read directly")
        let j: Int
        if let whole = wholeRow(y) {
            j = whole
        } else {
            let py = rowCentreY(y)
            switch sampling {
            case .nearest:
                j = nearestRow(py)
            case .bilinear:
                // As `bilinearRow`: one row where the vertical weight is 0.
                let (ja, _, wy) = bilinearRows(py)
                guard wy == 0 else { return nil }
                j = ja
            }
        }
        guard j >= 0 else { return nil }
        let offset = Int(toPattern.tx)
        let row = pixels.withUnsafeBufferPointer { $0.baseAddress! + origin + j * rowLength }
        return (UnsafePointer(row), offset, (-offset)..<(width - offset), j)
    }

    /// Whether every device row samples one column of the pattern (or
    /// columns equal to it): `rowConstant` gives its color.
    var hasConstantRows: Bool { (width == 1 || uniformRows) && tileX != .decal && toPattern.b == 0 }

    /// The color of every pixel of row `y`, if all of them sample one
    /// column of the pattern: it is one pixel wide (and tiles, pad or
    /// repeat, along x) and axis-aligned. (The alpha-scaled RGBA8 value
    /// `shade` gives each pixel.)
    func rowConstant(y: Int) -> UInt32? {
        guard hasConstantRows else { return nil }
        // `shade`'s first pixel, without its run machinery: column 0 of
        // the row (or rows) it samples — every column of such a row is
        // that color.
        var color: UInt32
        if let j = wholeRow(y) {
            color = j >= 0 ? pixels[origin &+ j &* rowLength] : 0
        } else {
            let py = rowCentreY(y)
            switch sampling {
            case .nearest:
                let j = nearestRow(py)
                color = j >= 0 ? pixels[origin &+ j &* rowLength] : 0
            case .bilinear:
                let (ja, jb, wy) = bilinearRows(py)
                color = Self.mix(
                    ja >= 0 ? pixels[origin &+ ja &* rowLength] : 0,
                    jb >= 0 ? pixels[origin &+ jb &* rowLength] : 0, wy)
            }
        }
        if alpha < 255 { color = scalePacked(color, by: alpha) }
        return color
    }

    /// The two pattern rows a bilinear sample at pattern y `py` mixes
    /// (−1 where a decal axis shows nothing) and the second's weight
    /// (0...256): one computation for every bilinear path.
    @inline(__always)
    func bilinearRows(_ py: Double) -> (a: Int, b: Int, weight: UInt32) {
        let v = min(max(py - 0.5, -Self.coordinateLimit), Self.coordinateLimit)
        let fv = v.rounded(.down)
        let j0 = Int(fv)
        return (Self.tile(j0, height, tileY), Self.tile(j0 + 1, height, tileY), UInt32((v - fv) * 256 + 0.5))
    }

    /// a·(256 − w)/256 + b·w/256 per channel, rounded; w in 0...256.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ w: UInt32) -> UInt32 {
        if w == 0 { return a }
        if w >= 256 { return b }
        // Two channels per 32-bit lane (bytes 0 and 2, then 1 and 3), each
        // in 16 bits: ca·(256 − w) + cb·w + 128 ≤ 255·256 + 128 < 2^16, so
        // no field carries into the next and each is the per-channel
        // formula exactly (PatternTests checks it against it).
        let v = 256 &- w
        let even = ((a & 0x00FF_00FF) &* v &+ (b & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        let odd = (((a >> 8) & 0x00FF_00FF) &* v &+ ((b >> 8) & 0x00FF_00FF) &* w &+ 0x0080_0080) >> 8
        return (even & 0x00FF_00FF) | ((odd & 0x00FF_00FF) << 8)
    }

    /// The image pixel (before tiling) whose cell `[k, k + 1)` holds the
    /// image coordinate `v` of a nearest sample: its floor, except that a
    /// value within `tieSlack` below a whole number k counts as k. A
    /// device pixel centre lying exactly on a cell boundary (an image
    /// scaled by 3.75 has one every 15 device pixels) belongs to the cell
    /// starting there, as exact arithmetic gives; the inverse transform's
    /// rounding (1/3.75 is not a binary fraction) must not move it to the
    /// cell before.
    @inline(__always)
    static func pixelIndex(_ v: Double) -> Int {
        // One add: `v + tieSlack` reaches k from anywhere in
        // [k − tieSlack, k) (rounding decides only within an ulp of that
        // end; past 2^28 the slack is below half an ulp and this is the
        // plain floor).
        Int(saturatingFloor: v + tieSlack, in: -Int(coordinateLimit)...Int(coordinateLimit))
    }

    /// How far (image pixels) below a whole number a nearest sample's
    /// coordinate may land by rounding and still count as on it: well
    /// above the few ulps of a pixel centre's mapping (coordinates far
    /// below 2^20), well below any sample spacing that matters.
    static let tieSlack = 0x1p-24

    /// The image index for integer coordinate `i` on an axis of `n`
    /// pixels, or −1 where a decal axis shows nothing.
    @inline(__always)
    static func tile(_ i: Int, _ n: Int, _ mode: TileMode) -> Int {
        // Inside the image every mode keeps the index (no division).
        if UInt(bitPattern: i) < UInt(bitPattern: n) { return i }
        switch mode {
        case .pad:
            return min(max(i, 0), n - 1)
        case .repeat:
            // A power-of-two size wraps by its mask (two's complement:
            // the non-negative remainder), no division.
            if n & (n &- 1) == 0 { return i & (n &- 1) }
            let m = i % n
            return m < 0 ? m + n : m
        case .reflect:
            var m = i % (2 * n)
            if m < 0 { m += 2 * n }
            return m < n ? m : 2 * n - 1 - m
        case .decal:
            return (i >= 0 && i < n) ? i : -1
        }
    }
}
