// Paint: bilinear sampling of image patterns whose pattern y changes along
// a device row (a rotated or skewed map, b ≠ 0): each pixel sampled at its
// own centre mapped to pattern space (so its color does not depend on
// where its run starts), two pixels at a time: floors and weights in
// two-lane vectors, the columns and rows tiled per pixel (repeat and pad;
// reflect and decal inside the image only: beyond it a pixel is sampled
// on its own through `bilinear`), four channels of two pixels in 16-bit
// lanes of 64-bit words.

extension PatternShader {
    /// `bilinear` at the centres of pixels `deviceX..<deviceX + count` of
    /// row `deviceY`, for any map (the axis-aligned ones, b = 0, take
    /// `bilinearRow`): each centre mapped as `Point.applying` maps it, the
    /// columns, rows and weights as `bilinearColumn` and `bilinearRows`
    /// find them, the mixes as `mix` does them (per channel, exactly).
    func bilinearRotatedRow(
        _ image: UnsafePointer<UInt32>, x deviceX: Int, y deviceY: Int, count: Int,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        assert(count >= 0 && rowLength >= width && width > 0 && height > 0, "the pattern's pixels and a row")
        let t = toPattern
        let yd = Double(deviceY) + 0.5
        let cy = t.c * yd, dy = t.d * yd, tx = t.tx, ty = t.ty
        // Half-integers below 2^52: adding whole numbers is exact.
        let x0 = Double(deviceX) + 0.5
        var k = 0
        // The two columns (rows) a sample at floor `i` mixes, tiled as
        // `tile` tiles them: wrapped (by a mask where the size is a
        // power of two) or clamped; on the other modes only inside
        // the image (nil beyond it: `bilinear` then samples the pixel).
        let maskX = width & (width &- 1) == 0 ? width &- 1 : -1
        let maskY = height & (height &- 1) == 0 ? height &- 1 : -1
        let inverseWidth = 1 / Double(width), inverseHeight = 1 / Double(height)
        @inline(__always)
        func pair(_ i: Int64, _ n: Int, _ mode: TileMode, mask: Int, inverse: Double) -> (Int, Int)? {
            let i = Int(truncatingIfNeeded: i)
            switch mode {
            case .repeat:
                if mask >= 0 { return (i & mask, (i &+ 1) & mask) }
                let a = PatternRows.wrap(i, n, inverse: inverse)
                return (a, a &+ 1 == n ? 0 : a &+ 1)
            case .pad:
                return (min(max(i, 0), n &- 1), min(max(i &+ 1, 0), n &- 1))
            default:
                return i >= 0 && i < n &- 1 ? (i, i &+ 1) : nil
            }
        }
        let rowLength = self.rowLength
        let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744.0)
        let magicBits = SIMD2<Int64>(repeating: 0x4338_0000_0000_0000)
        let limit = SIMD2<Double>(repeating: Self.coordinateLimit)
        let av = SIMD2(repeating: t.a), bv = SIMD2(repeating: t.b)
        let cyv = SIMD2(repeating: cy), dyv = SIMD2(repeating: dy)
        let txv = SIMD2(repeating: tx), tyv = SIMD2(repeating: ty)
        let half = SIMD2<Double>(repeating: 0.5), scale = SIMD2<Double>(repeating: 256)
        // floor(w) of values w in −2^40...2^40 as integers, and w − floor(w)
        // as a weight 0...256 (`bilinearColumn`): the nearest integer by the
        // 1.5·2^52 add, one lower where it lies above w.
        @inline(__always)
        func floorAndWeight(_ w: SIMD2<Double>) -> (SIMD2<Int64>, SIMD2<Int64>) {
            let r = w + magic
            let nearest = r - magic
            let above = nearest .> w
            let floor =
                (unsafeBitCast(r, to: SIMD2<Int64>.self) &- magicBits)
                &+ unsafeBitCast(above, to: SIMD2<Int64>.self)
            let floored = nearest - SIMD2<Double>(repeating: 1).replacing(with: 0, where: .!above)
            let f = (w - floored) * scale + half  // 0.5...256.5: truncate
            let rf = f + magic
            let weight =
                (unsafeBitCast(rf, to: SIMD2<Int64>.self) &- magicBits)
                &+ unsafeBitCast(rf - magic .> f, to: SIMD2<Int64>.self)
            return (floor, weight)
        }
        @inline(__always)
        func clamp(_ w: SIMD2<Double>) -> SIMD2<Double> {
            w.replacing(with: -limit, where: w .< -limit).replacing(with: limit, where: w .> limit)
        }
        // Channels in 16-bit lanes: two pixels' (8 bytes') even
        // channels (0 and 2 of each) and odd ones (1 and 3), unpacked
        // by masks, no conversions.
        let channelMask: UInt64 = 0x00FF_00FF_00FF_00FF
        let round = SIMD4<UInt16>(repeating: 128)
        @inline(__always)
        func lanes(_ bits: UInt64) -> (even: SIMD4<UInt16>, odd: SIMD4<UInt16>) {
            (
                unsafeBitCast(bits & channelMask, to: SIMD4<UInt16>.self),
                unsafeBitCast((bits &>> 8) & channelMask, to: SIMD4<UInt16>.self)
            )
        }
        // Two pixels' horizontal mixes: `p` holds the first pixel's
        // pair of samples (its lanes 0-1 and 2-3), `q` the second's;
        // (first·v + second·w + 128) >> 8 per channel, the first
        // pixel's channels in lanes 0-1, the second's in 2-3.
        @inline(__always)
        func mix(
            _ p: SIMD4<UInt16>, _ q: SIMD4<UInt16>, _ wp: SIMD4<UInt16>, _ wq: SIMD4<UInt16>
        )
            -> SIMD4<UInt16>
        {
            let a = p &* wp, b = q &* wq
            return
                (SIMD4(lowHalf: a.lowHalf, highHalf: b.lowHalf) &+ SIMD4(lowHalf: a.highHalf, highHalf: b.highHalf)
                &+ round) &>> 8
        }
        // Each pixel's four samples, two to a 64-bit word (the first
        // column in the low half).
        @inline(__always)
        func samples(_ row: Int, _ first: Int, _ second: Int) -> UInt64 {
            let r = image + row &* rowLength
            return UInt64(r[first]) | (UInt64(r[second]) &<< 32)
        }
        // A pixel's horizontal weights (256 − w, 256 − w, w, w) as one
        // word of 16-bit lanes (no lane inserts).
        @inline(__always)
        func weights(_ w: Int64) -> SIMD4<UInt16> {
            let w = UInt64(truncatingIfNeeded: w), v = 256 &- w
            return unsafeBitCast((v | w &<< 32) &* 0x1_0001, to: SIMD4<UInt16>.self)
        }
        // Whether a sample may need clamping: the coordinates are affine
        // in x, so within rounding their extremes are the run's ends'; ends
        // inside half the limit leave every sample inside it.
        let ends = SIMD2(x0, x0 + Double(max(count &- 1, 0)))
        let endU = av * ends + cyv + txv - half, endV = bv * ends + dyv + tyv - half
        let bound = SIMD2<Double>(repeating: Self.coordinateLimit / 2)
        let clamps = !all((endU .< bound) .& (endU .> -bound) .& (endV .< bound) .& (endV .> -bound))
        // Both axes repeating with a power-of-two size: the tiling is two
        // masks per axis, both pixels at once.
        let masksBoth = tileX == .repeat && tileY == .repeat && maskX >= 0 && maskY >= 0
        let maskXv = SIMD2(repeating: Int64(maskX)), maskYv = SIMD2(repeating: Int64(maskY))
        while k < count {
            // A pair of pixels, or the run's last pixel twice.
            let one = k &+ 1 == count
            let xv = SIMD2(x0 + Double(k), x0 + Double(one ? k : k &+ 1))
            // (a·x + c·y) + tx, as `Point.applying` evaluates it.
            let su = av * xv + cyv + txv - half, sv = bv * xv + dyv + tyv - half
            let u = clamps ? clamp(su) : su, v = clamps ? clamp(sv) : sv
            let (i, wx) = floorAndWeight(u)
            let (j, wy) = floorAndWeight(v)
            let ia: Int, ib: Int, ja: Int, jb: Int, ic: Int, id: Int, jc: Int, jd: Int
            if masksBoth {
                let first = i & maskXv, second = (i &+ 1) & maskXv
                let top = j & maskYv, bottom = (j &+ 1) & maskYv
                (ia, ib, ic, id) = (
                    Int(truncatingIfNeeded: first[0]), Int(truncatingIfNeeded: second[0]),
                    Int(truncatingIfNeeded: first[1]), Int(truncatingIfNeeded: second[1])
                )
                (ja, jb, jc, jd) = (
                    Int(truncatingIfNeeded: top[0]), Int(truncatingIfNeeded: bottom[0]),
                    Int(truncatingIfNeeded: top[1]), Int(truncatingIfNeeded: bottom[1])
                )
            } else {
                guard let (a, b) = pair(i[0], width, tileX, mask: maskX, inverse: inverseWidth),
                    let (c, d) = pair(j[0], height, tileY, mask: maskY, inverse: inverseHeight),
                    let (e, f) = pair(i[1], width, tileX, mask: maskX, inverse: inverseWidth),
                    let (g, h) = pair(j[1], height, tileY, mask: maskY, inverse: inverseHeight)
                else {
                    // Beyond a reflecting or decal image: the first pixel
                    // on its own.
                    out[k] = bilinear(image, Point(x: t.a * xv[0] + cy + tx, y: t.b * xv[0] + dy + ty))
                    k &+= 1
                    continue
                }
                (ia, ib, ja, jb, ic, id, jc, jd) = (a, b, c, d, e, f, g, h)
            }
            let wp = weights(wx[0]), wq = weights(wx[1])
            let wyv = unsafeBitCast(
                (UInt64(truncatingIfNeeded: wy[0]) | UInt64(truncatingIfNeeded: wy[1]) &<< 32) &* 0x1_0001,
                to: SIMD4<UInt16>.self)
            let vyv = 256 &- wyv
            let (pa, qa) = (lanes(samples(ja, ia, ib)), lanes(samples(jc, ic, id)))
            let (pb, qb) = (lanes(samples(jb, ia, ib)), lanes(samples(jd, ic, id)))
            let even = (mix(pa.even, qa.even, wp, wq) &* vyv &+ mix(pb.even, qb.even, wp, wq) &* wyv &+ round) &>> 8
            let odd = (mix(pa.odd, qa.odd, wp, wq) &* vyv &+ mix(pb.odd, qb.odd, wp, wq) &* wyv &+ round) &>> 8
            let colors =
                unsafeBitCast(even, to: UInt64.self) | (unsafeBitCast(odd, to: UInt64.self) &<< 8)
            out[k] = UInt32(truncatingIfNeeded: colors)
            if one {
                k &+= 1
                break
            }
            out[k &+ 1] = UInt32(truncatingIfNeeded: colors &>> 32)
            k &+= 2
        }
    }
}
