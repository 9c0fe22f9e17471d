// Composite: an 8-bit coverage plane -> the same plane blurred by an
// approximate Gaussian: three box blurs per axis (horizontal, then
// vertical), each O(1) per pixel by a running sum, zero outside the plane.
// Box widths after W. Wells (1986) and P. Kovesi, "Fast almost-Gaussian
// filtering" (DICTA 2010), as in Ivan Kutskir's "boxesForGauss".

/// The three box widths approximating a Gaussian of standard deviation
/// σ (device pixels), and the blur's passes over a plane.
///
/// Widths (Kovesi 2010, n = 3 boxes): w_ideal = √(12σ²/n + 1); w_l = the
/// largest odd integer ≤ w_ideal, w_u = w_l + 2; the first
/// m = round((12σ² − n·w_l² − 4n·w_l − 3n) / (−4w_l − 4)) boxes are w_l
/// wide, the rest w_u, so that the boxes' summed variance Σ(w² − 1)/12
/// is as close to σ² as odd widths allow. σ = 0 gives three boxes of
/// width 1: no blur.
struct BoxBlur {
    /// The boxes' radii (width = 2r + 1), in device pixels.
    let radii: (Int, Int, Int)

    /// The boxes for σ device pixels (NaN or negative: 0; clamped to
    /// `maximumSigma`).
    init(sigma: Double) {
        let s = sigma >= 0 ? min(sigma, BoxBlur.maximumSigma) : 0
        let n = 3.0
        let ideal = (12 * s * s / n + 1).squareRoot()
        var wl = Int(ideal.rounded(.down))
        if wl % 2 == 0 { wl -= 1 }
        let l = Double(wl)
        let m = Int(((12 * s * s - n * l * l - 4 * n * l - 3 * n) / (-4 * l - 4)).rounded())
        func radius(_ i: Int) -> Int { (i < m ? wl : wl + 2) / 2 }
        radii = (radius(0), radius(1), radius(2))
    }

    /// The largest σ accepted, in device pixels: 127, a blur of 254
    /// points at 1x, far past any shadow a screen shows; it bounds the
    /// blur's reach (`extent` ≤ 3 × 127) and so a shadow's scratch, and
    /// keeps every box at most 255 wide (`Divider`).
    static let maximumSigma = 127.0

    /// How far one pixel's coverage spreads, in device pixels: the radii's
    /// sum.
    var extent: Int { radii.0 + radii.1 + radii.2 }

    /// Whether every box is one pixel wide (σ below about 0.8: no blur).
    var isIdentity: Bool { extent == 0 }

    /// Box `k` (0...2)'s radius.
    func radius(_ k: Int) -> Int { k == 0 ? radii.0 : (k == 1 ? radii.1 : radii.2) }

    /// Blurs `source`, surrounded by `extent` zeros on every side (where
    /// its blur spreads), into `output`: a plane of (`source.width` +
    /// 2·extent) x (`source.height` + 2·extent) bytes, rows packed, whose
    /// value (extent, extent) lies under source value (0, 0). Works in `a`
    /// and `b` (u16 planes of at least the output's size, 8 fractional
    /// bits: six roundings stay far below an 8-bit step) and `sums` (at
    /// least twice its width, plus one). O(pixels), whatever the radii.
    /// Repetition is blurred once, with the same values: a row equal to
    /// the one above it (a rectangle's sides) reuses that row's horizontal
    /// blur, and columns equal after it (the straight stretch of a rounded
    /// rect) are blurred down once and spread back as runs.
    func blur(
        _ source: CoverageRows, into output: UnsafeMutablePointer<UInt8>, _ a: UnsafeMutablePointer<UInt16>,
        _ b: UnsafeMutablePointer<UInt16>, sums: UnsafeMutablePointer<UInt32>
    ) {
        // Invariant: `output`, `a` and `b` hold the grown plane (the mask
        // plus `extent` on every side), `sums` one of its rows.
        assert(
            source.width >= 0 && source.height >= 0 && UnsafeRawPointer(a) != UnsafeRawPointer(b),
            "a mask, two distinct planes")
        let pad = extent
        let width = source.width &+ 2 &* pad, height = source.height &+ 2 &* pad
        guard source.width > 0, source.height > 0 else { return }
        // Per column, whether it differs from the one before in any row,
        // then the first column of each run of equal ones (and `width`).
        let starts = sums + width
        starts.update(repeating: 0, count: width &+ 1)
        // Horizontal: each row's three boxes (in its row of `a`), into `b`.
        for y in 0..<height {
            let out = b + y &* width
            if y > 0 && Self.sourceRowsAreEqual(source, y &- pad, y &- pad &- 1) {
                out.update(from: out - width, count: width)
                continue
            }
            let row = a + y &* width
            row.update(repeating: 0, count: width)
            let sourceRow = y &- pad
            if sourceRow >= 0 && sourceRow < source.height {
                let values = source.base + sourceRow &* source.bytesPerRow
                for x in 0..<source.width {
                    row[pad &+ x] = UInt16(truncatingIfNeeded: UInt32(values[x &* source.bytesPerValue]) << 8)
                }
            }
            var (from, to) = (row, out)
            var constant = Self.longestRun(row, count: width)
            for k in 0..<3 where radius(k) > 0 {
                constant = Self.boxRow(from, to, count: width, radius: radius(k), constant: constant)
                swap(&from, &to)
            }
            if from != out { out.update(from: from, count: width) }
            for x in 1..<width where out[x] != out[x &- 1] { starts[x] = 1 }
        }
        var runs = 0
        for x in 0..<width where x == 0 || starts[x] != 0 {
            starts[runs] = UInt32(truncatingIfNeeded: x)
            runs &+= 1
        }
        starts[runs] = UInt32(truncatingIfNeeded: width)
        // The distinct columns, side by side in `a` (all of them: `b`).
        var (from, to) = (b, a)
        let columns = runs < width ? runs : width
        if runs < width {
            for y in 0..<height {
                let row = b + y &* width, compact = a + y &* runs
                for k in 0..<runs { compact[k] = row[Int(starts[k])] }
            }
            (from, to) = (a, b)
        }
        // Vertical: the three boxes down the columns.
        for k in 0..<3 where radius(k) > 0 {
            Self.boxColumns(from, to, width: columns, height: height, radius: radius(k), sums: sums)
            swap(&from, &to)
        }
        @inline(__always) func byte(_ v: UInt16) -> UInt8 { UInt8(truncatingIfNeeded: (UInt32(v) &+ 128) >> 8) }
        guard runs < width else {
            for i in 0..<(width &* height) { output[i] = byte(from[i]) }
            return
        }
        // Each distinct column spread back over its run.
        for y in 0..<height {
            let row = from + y &* runs, out = output + y &* width
            for k in 0..<runs {
                let start = Int(starts[k])
                (out + start).update(repeating: byte(row[k]), count: Int(starts[k &+ 1]) &- start)
            }
        }
    }

    /// Whether source rows `y` and `z` hold the same values (rows outside
    /// the source: zeros, equal to each other only).
    private static func sourceRowsAreEqual(_ source: CoverageRows, _ y: Int, _ z: Int) -> Bool {
        let inY = y >= 0 && y < source.height, inZ = z >= 0 && z < source.height
        guard inY && inZ else { return !inY && !inZ }
        let p = source.base + y &* source.bytesPerRow, q = source.base + z &* source.bytesPerRow
        let step = source.bytesPerValue
        for x in 0..<source.width where p[x &* step] != q[x &* step] { return false }
        return true
    }

    /// Rounded division by an odd box width w (3...255) without a divide:
    /// round(n / w) = floor((n + w/2) · ⌈2^32 / w⌉ / 2^32), exact while
    /// (n + w/2) · w < 2^32 (the reciprocal's error, below 1 in 2^32 / w,
    /// then moves no quotient across an integer), which every box's sum
    /// (at most 65,280 · w) keeps for w ≤ 255.
    struct Divider {
        let half: UInt64
        let reciprocal: UInt64

        init(width w: Int) {
            assert(w >= 1 && w <= 255 && w % 2 == 1, "an odd box width up to 255")
            half = UInt64(w / 2)
            reciprocal = ((1 << 32) + UInt64(w) - 1) / UInt64(w)
        }

        @inline(__always)
        func divide(_ n: UInt32) -> UInt16 {
            UInt16(truncatingIfNeeded: ((UInt64(n) &+ half) &* reciprocal) >> 32)
        }
    }

    /// The longest run of equal values among `count` (at least 1).
    static func longestRun(_ values: UnsafePointer<UInt16>, count: Int) -> Range<Int> {
        assert(count >= 1, "a row of at least one value")
        var best = 0..<1, start = 0
        for x in 1..<count where values[x] != values[x &- 1] {
            if x &- start > best.count { best = start..<x }
            start = x
        }
        if count &- start > best.count { best = start..<count }
        return best
    }

    /// Runs shorter than this are blurred value by value (a store of the
    /// run's value costs more than it saves there).
    static let shortestStoredRun = 16

    /// One horizontal box of radius `r` over `count` values, zero outside:
    /// out[x] = round(Σ in[x−r...x+r] / (2r + 1)). The inputs in
    /// `constant` are all equal: where the box lies inside them the output
    /// is that value, stored without summing. Returns the outputs known
    /// equal that way (for the next box).
    static func boxRow(
        _ input: UnsafePointer<UInt16>, _ output: UnsafeMutablePointer<UInt16>, count: Int,
        radius r: Int, constant: Range<Int> = 0..<0
    ) -> Range<Int> {
        assert(
            count >= 0 && r >= 0 && constant.lowerBound >= 0 && constant.upperBound <= max(count, 0),
            "a row, a radius, a run inside the row")
        assert(rowsAreApart(input, output, count: count), "input and output apart")
        let divider = Divider(width: 2 &* r &+ 1)
        let inner = (constant.lowerBound &+ r)..<max(constant.lowerBound &+ r, constant.upperBound &- r)
        let skip = inner.count >= shortestStoredRun ? inner.lowerBound : count
        // Invariant at the top of the loop: sum = Σ in[x−r ..< x+r]
        // (inside the row).
        var sum: UInt32 = 0
        for i in 0..<min(r, count) { sum &+= UInt32(input[i]) }
        var x = 0
        while x < count {
            if x == skip {
                (output + x).update(repeating: input[constant.lowerBound], count: inner.count)
                x = inner.upperBound
                sum = 0
                for i in max(0, x &- r)..<min(count, x &+ r) { sum &+= UInt32(input[i]) }
                continue
            }
            if x &+ r < count { sum &+= UInt32(input[x &+ r]) }
            output[x] = divider.divide(sum)
            if x >= r { sum &-= UInt32(input[x &- r]) }
            x &+= 1
        }
        return inner
    }

    /// One vertical box of radius `r` over a `width` x `height` plane,
    /// row by row (a running sum per column in `sums`), zero outside.
    static func boxColumns(
        _ input: UnsafePointer<UInt16>, _ output: UnsafeMutablePointer<UInt16>, width: Int,
        height: Int, radius r: Int, sums: UnsafeMutablePointer<UInt32>
    ) {
        assert(width >= 0 && height >= 0 && r >= 0, "a plane and a radius")
        assert(rowsAreApart(input, output, count: width &* height), "input and output planes apart")
        let divider = Divider(width: 2 &* r &+ 1)
        sums.update(repeating: 0, count: width)
        for j in 0..<min(r, height) {
            let row = input + j &* width
            for x in 0..<width { sums[x] &+= UInt32(row[x]) }
        }
        for y in 0..<height {
            if y &+ r < height {
                let row = input + (y &+ r) &* width
                for x in 0..<width { sums[x] &+= UInt32(row[x]) }
            }
            let out = output + y &* width
            for x in 0..<width { out[x] = divider.divide(sums[x]) }
            if y >= r {
                let row = input + (y &- r) &* width
                for x in 0..<width { sums[x] &-= UInt32(row[x]) }
            }
        }
    }
}
