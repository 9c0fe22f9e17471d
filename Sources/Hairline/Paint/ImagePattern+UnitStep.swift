// Paint: bilinear sampling of image patterns at one image pixel per device
// pixel (a pattern translated, not scaled: toPattern.a = 1, b = c = 0), a
// row of device pixels -> premultiplied colors. Every sample of such a run
// has the same weights and steps one column, once it is proven that the
// pattern x of each pixel centre is the first one's plus a whole number
// (`unitStepColumns`); the run is then two pattern rows mixed with fixed
// weights, two pixels at a time in 16-bit lanes: the same values as
// `bilinearRow` samples pixel by pixel.

extension PatternShader {
    /// Where the pattern x of every pixel centre of a run (`count` pixels
    /// from device column `deviceX` on device row `deviceY`) is the first
    /// one's plus a whole number of pixels, as `bilinearRow` computes them
    /// (s = 1·(x + 0.5) + c·(y + 0.5) + tx, then u = s − 0.5): the first
    /// sample's column (before tiling) and horizontal weight (0...256),
    /// which every later sample shares, one column further per pixel. Nil
    /// where that is not proven (then each pixel is sampled on its own).
    ///
    /// Why: with a = 1 and c = 0, pixel k's s is the exact x + k + tx
    /// rounded once, and u that rounded minus 0.5 rounded once. Inside one
    /// binade [2^e, 2^(e+1)] (or its negative) with e ≤ 51 the doubles are
    /// the multiples of 2^(e−52), which whole numbers shift onto each other
    /// (an even number of steps: ties to even stay ties to even), so
    /// rounding commutes with adding k. The computed ends lying strictly
    /// inside one binade put every exact value of the run in it (rounding
    /// is monotonic). Then u_k = u_0 + k exactly: ⌊u_k⌋ = ⌊u_0⌋ + k, and
    /// u_k − ⌊u_k⌋ is the same exact difference, so the same weight.
    @inline(__always)
    func unitStepColumns(deviceX: Int, deviceY: Int, count: Int) -> (column: Int, weight: UInt32)? {
        let t = toPattern
        guard t.a == 1, t.b == 0, t.c == 0, count >= 2 else { return nil }
        let cy = t.c * (Double(deviceY) + 0.5)
        // Half-integers below 2^52: exact.
        let x0 = Double(deviceX) + 0.5, xLast = x0 + Double(count &- 1)
        let s0 = t.a * x0 + cy + t.tx, sLast = t.a * xLast + cy + t.tx
        let exact = Self.exactBound(t.tx)
        guard
            max(abs(s0), abs(sLast)) + 1 < exact
                || (Self.staysInOneBinade(s0, sLast) && Self.staysInOneBinade(s0 - 0.5, sLast - 0.5))
        else { return nil }
        let (column, weight) = Self.bilinearColumn(s0)
        return (column, weight)
    }

    /// How many pixels from device column `deviceX` (at most `count`) keep
    /// their pattern x, before and after the half-pixel shift, inside the
    /// binade of the first one's (0 where it has none: zero, not finite,
    /// beyond `unitStepLimit`): the piece of a run `unitStepColumns` may
    /// take whole. Binade ends are exact distances (Sterbenz: v and the
    /// power of two are within a factor two).
    @inline(__always)
    func unitStepPiece(deviceX: Int, deviceY: Int, count: Int) -> Int {
        let t = toPattern
        let s = t.a * (Double(deviceX) + 0.5) + t.c * (Double(deviceY) + 0.5) + t.tx
        @inline(__always)
        func room(_ v: Double) -> Double {
            guard abs(v) < Self.unitStepLimit else { return 0 }  // (also NaN)
            // 2^e: v's exponent field alone (0 for zero and subnormals,
            // whose room is then not positive).
            let low = Double(bitPattern: v.bitPattern & Self.exponentBits)
            return v > 0 ? 2 * low - v : -v - low
        }
        // Pixel j of the piece is v + j, below the end for every j < r:
        // inside the binade, or inside the range where x + tx is exact.
        let exact = Self.exactBound(t.tx)
        let r = max(min(room(s), room(s - 0.5)), abs(s) + 1 < exact ? (exact - 1) - s : 0)
        guard r < Double(count) else { return count }
        guard r > 0 else { return 0 }
        let n = Int(r)  // 0 < r < count: truncation, then ⌈r⌉ without libm
        return Double(n) < r ? n &+ 1 : n
    }

    /// 2^L such that every x + tx and x + tx − 0.5 (x a half-integer)
    /// below 2^L in magnitude is a double, no rounding at all: all are
    /// multiples of g = min(0.5, tx's lowest set bit), and a multiple of g
    /// below 2^53·g in magnitude has at most 53 significant bits. (0 for a
    /// subnormal or non-finite tx: no such range is claimed.)
    @inline(__always)
    static func exactBound(_ tx: Double) -> Double {
        let bits = tx.bitPattern
        let field = Int((bits >> 52) & 0x7FF)
        if tx == 0 { return 0x1p52 }
        guard field != 0 && field != 0x7FF else { return 0 }
        // tx = m·2^(field − 1075), m the significand with its leading bit.
        let zeros = ((bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000).trailingZeroBitCount
        // g = 2^(field − 1075 + zeros) (at most 0.5): 2^53·g.
        let power = min(field &- 1075 &+ zeros, -1) &+ 53
        return Double(bitPattern: UInt64(truncatingIfNeeded: power &+ 1023) << 52)  // −1021...52: normal
    }

    /// A double's exponent field.
    static let exponentBits: UInt64 = 0x7FF0_0000_0000_0000

    /// The shortest piece taken with fixed weights (shorter ones, at binade
    /// ends, are sampled pixel by pixel).
    static let unitStepMinimum = 4

    /// Whether `first` and `last` (computed ends of an increasing run of
    /// values, rounded to nearest) lie strictly inside one binade of one
    /// sign, below 2^39 in magnitude (so far inside the coordinate limit
    /// and with steps of at most 2^−13): then so did the exact values.
    @inline(__always)
    static func staysInOneBinade(_ first: Double, _ last: Double) -> Bool {
        // Sign and exponent fields equal, not zero or subnormal; below the
        // limit (which NaN is not).
        let high = first.bitPattern >> 52
        guard high == last.bitPattern >> 52, high & 0x7FF != 0, abs(first) < unitStepLimit,
            abs(last) < unitStepLimit
        else { return false }
        // The end nearer zero must not be the binade's power of two (an
        // exact value just below it may have rounded up onto it).
        let inner = abs(first) < abs(last) ? first : last
        return inner.bitPattern & 0x000F_FFFF_FFFF_FFFF != 0
    }

    /// Pattern coordinates (image pixels) the unit-step path takes: far
    /// inside `coordinateLimit`, whose clamp then changes nothing.
    static let unitStepLimit = 0x1p39

    /// Pixel k of `count` (from `out`) is `mix(mix(a[i], a[i+1], wx),
    /// mix(b[i], b[i+1], wx), wy)` with i = `start` + k, where `rowA` and
    /// `rowB` hold `length` columns repeating with `period` (a column and
    /// the one `period` earlier are equal; `length` ≥ 2·`period` unless
    /// the whole run lies inside, `start` + `count` < `length`): the run
    /// moves back by a period where it reaches the rows' end.
    static func unitStepRow(
        _ rowA: UnsafePointer<UInt32>, _ rowB: UnsafePointer<UInt32>, length: Int, period: Int, start: Int,
        wx: UInt32, wy: UInt32, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) {
        assert(
            count >= 0 && start >= 0 && wx <= 256 && wy <= 256
                && (start &+ count < length || (period > 0 && length >= 2 &* period && start < period)),
            "a run inside the rows, or rows of at least two periods")
        var i = start, k = 0
        while k < count {
            // The pixels whose second column lies inside the rows.
            let n = min(count &- k, length &- 1 &- i)
            unitStepSpan(rowA + i, rowB + i, wx: wx, wy: wy, count: n, into: out + k)
            k &+= n
            i &+= n
            if i >= length &- 1 { i &-= period }
        }
    }

    /// `unitStepRow` inside the rows: `count` pixels, each reading columns
    /// k and k + 1 of `rowA` and `rowB`.
    @inline(__always)
    private static func unitStepSpan(
        _ rowA: UnsafePointer<UInt32>, _ rowB: UnsafePointer<UInt32>, wx: UInt32, wy: UInt32, count: Int,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        if wx == 0 && wy == 0 {
            // Every mix keeps its first pixel: the row as it is.
            out.update(from: rowA, count: count)
            return
        }
        let round = SIMD8<UInt16>(repeating: 128)
        let w = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: wx)), v = 256 &- w
        let wyv = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: wy)), vyv = 256 &- wyv
        // Four pixels from `row + k`, two by two in 16-bit lanes.
        @inline(__always)
        func quad(_ row: UnsafePointer<UInt32>, _ k: Int) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
            let raw = UnsafeRawPointer(row + k)
            return (
                SIMD8<UInt16>(truncatingIfNeeded: raw.loadUnaligned(as: SIMD8<UInt8>.self)),
                SIMD8<UInt16>(truncatingIfNeeded: raw.loadUnaligned(fromByteOffset: 8, as: SIMD8<UInt8>.self))
            )
        }
        // (p·(256 − w) + q·w + 128) >> 8 per channel: `mix` exactly (its
        // shortcuts at 0 and 256 are this formula's values there).
        @inline(__always)
        func lerp(_ p: SIMD8<UInt16>, _ q: SIMD8<UInt16>, _ v: SIMD8<UInt16>, _ w: SIMD8<UInt16>) -> SIMD8<UInt16> {
            (p &* v &+ q &* w &+ round) &>> 8
        }
        var k = 0
        while k &+ 4 <= count {
            // Pixels k..<k+4 in two pairs of 16-bit lanes, and their
            // right-hand neighbours k+1..<k+5 likewise.
            let mixedLow: SIMD8<UInt16>, mixedHigh: SIMD8<UInt16>
            let (a0, a1) = quad(rowA, k)
            if wx == 0 {
                let (b0, b1) = quad(rowB, k)
                mixedLow = lerp(a0, b0, vyv, wyv)
                mixedHigh = lerp(a1, b1, vyv, wyv)
            } else {
                let (c0, c1) = quad(rowA, k &+ 1)
                let topLow = lerp(a0, c0, v, w), topHigh = lerp(a1, c1, v, w)
                if wy == 0 {
                    (mixedLow, mixedHigh) = (topLow, topHigh)
                } else {
                    let (b0, b1) = quad(rowB, k), (d0, d1) = quad(rowB, k &+ 1)
                    mixedLow = lerp(topLow, lerp(b0, d0, v, w), vyv, wyv)
                    mixedHigh = lerp(topHigh, lerp(b1, d1, v, w), vyv, wyv)
                }
            }
            let target = UnsafeMutableRawPointer(out + k)
            target.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: mixedLow), as: SIMD8<UInt8>.self)
            target.storeBytes(of: SIMD8<UInt8>(truncatingIfNeeded: mixedHigh), toByteOffset: 8, as: SIMD8<UInt8>.self)
            k &+= 4
        }
        while k < count {
            out[k] = mix(mix(rowA[k], rowA[k &+ 1], wx), mix(rowB[k], rowB[k &+ 1], wx), wy)
            k &+= 1
        }
    }
}
