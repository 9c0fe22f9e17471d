// Paint: bilinear sampling of image patterns along a row whose pattern y
// is constant (an axis-aligned map, b = 0): each pixel sampled at its own
// centre mapped to pattern space (pattern pixels, centres at +0.5), two
// pixels at a time where both samples lie inside the image's (or its
// repeated) rows, four channels of two pixels in 16-bit lanes.

extension PatternShader {
    /// `bilinear` along a run whose pattern y is constant (an axis-aligned
    /// pattern: `toPattern.b` is 0): the two rows and their weight are
    /// found once; where the weight is 0 one row serves, and where every
    /// pixel of the run samples one column (a stretched one-pixel slice,
    /// a pad beyond the image) the run is one color. The same values as
    /// `bilinear` pixel by pixel.
    func bilinearRow(
        _ image: UnsafePointer<UInt32>, _ p: Point, x deviceX: Int, y deviceY: Int, count: Int,
        into out: UnsafeMutablePointer<UInt32>
    ) {
        assert(count >= 0 && rowLength >= width && width > 0 && height > 0, "the pattern's pixels and a row")
        let (ja, jb, wy) = bilinearRows(p.y)
        let rowA: UnsafePointer<UInt32>? = ja >= 0 ? image + ja * rowLength : nil
        let rowB: UnsafePointer<UInt32>? = jb >= 0 ? image + jb * rowLength : nil
        @inline(__always)
        func at(_ row: UnsafePointer<UInt32>?, _ i: Int) -> UInt32 { i >= 0 ? row.map { $0[i] } ?? 0 : 0 }
        if (width == 1 || uniformRows) && tileX != .decal {
            // Every sample reads column 0 (pad, repeat and reflect of one
            // pixel), or a column equal to it, mixed with its like: one
            // color.
            out.update(repeating: Self.mix(at(rowA, 0), at(rowB, 0), wy), count: count)
            return
        }
        let x = p.x
        let step = toPattern.a
        if step == 1, x - 0.5 == (x - 0.5).rounded(.down), abs(x) < Self.coordinateLimit / 2 {
            // One image pixel per device pixel, on the image's pixels: no
            // horizontal weight (x stays a whole number plus a half).
            let i0 = Int(x - 0.5)
            if wy == 0, let rowA, i0 >= 0, i0 &+ count <= width {
                // Inside the pattern: its pixels as they are.
                out.update(from: rowA + i0, count: count)
                return
            }
            if tileX == .repeat, let rows = repeatedRows, ja >= 0, jb >= 0 {
                // The rows repeated side by side: copied, or mixed
                // vertically two pixels at a time (no horizontal weight).
                Self.unitStepRow(
                    rows.pixels + ja * rows.length, rows.pixels + jb * rows.length, length: rows.length,
                    period: width, start: PatternRows.wrap(i0, width, inverse: rows.inverseWidth), wx: 0, wy: wy,
                    count: count, into: out)
                return
            }
            if tileX == .repeat {
                // One tiling of the first column, then steps that wrap at
                // the width (no division per pixel).
                var i = Self.tile(i0, width, .repeat)
                for k in 0..<count {
                    out[k] = wy == 0 ? at(rowA, i) : Self.mix(at(rowA, i), at(rowB, i), wy)
                    i &+= 1
                    if i == width { i = 0 }
                }
                return
            }
            for k in 0..<count {
                let i = Self.tile(i0 &+ k, width, tileX)
                out[k] = wy == 0 ? at(rowA, i) : Self.mix(at(rowA, i), at(rowB, i), wy)
            }
            return
        }
        // Each pixel's x from its own centre (a·(x + 0.5) + (c·(y + 0.5)
        // + tx), as `Point.applying` evaluates it), not stepped along the
        // run: its color does not depend on where the run starts (so a
        // run may be sampled in pieces).
        let cy = toPattern.c * (Double(deviceY) + 0.5), tx = toPattern.tx
        func sampled(from first: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
            // Half-integers below 2^52: stepping by 1 is exact.
            var xd = Double(first) + 0.5
            var k = 0
            if rowA != nil, rowB != nil, count >= 2 {
                if tileX == .repeat, let rows = repeatedRows {
                    // Columns of the rows repeated side by side: a sample
                    // needs no tiling until it leaves them.
                    k = bilinearPairs(
                        rows.pixels + ja * rows.length, rows.pixels + jb * rows.length, wy, columns: rows.length,
                        period: width, inverseWidth: rows.inverseWidth, xd: xd, cy: cy, count: count, into: out)
                } else {
                    k = bilinearPairs(
                        rowA!, rowB!, wy, columns: width, period: 0, inverseWidth: 0, xd: xd, cy: cy, count: count,
                        into: out)
                }
                xd += Double(k)
            }
            while k < count {
                let (i0, wx) = Self.bilinearColumn(step * xd + cy + tx)
                let ia = Self.tile(i0, width, tileX), ib = Self.tile(i0 + 1, width, tileX)
                let top = Self.mix(at(rowA, ia), at(rowA, ib), wx)
                out[k] = wy == 0 ? top : Self.mix(top, Self.mix(at(rowB, ia), at(rowB, ib), wx), wy)
                xd += 1
                k += 1
            }
        }
        guard let first = rowA, let second = rowB, step == 1, toPattern.c == 0 else {
            sampled(from: deviceX, count: count, into: out)
            return
        }
        // One image pixel per device pixel on a fractional offset: pieces
        // of the run inside one binade of pattern x have the same weights,
        // one column further per pixel (ImagePattern+UnitStep.swift); the
        // few pixels between them are sampled one by one.
        var k = 0
        while k < count {
            let x = deviceX &+ k
            let n = unitStepPiece(deviceX: x, deviceY: deviceY, count: count &- k)
            guard n >= Self.unitStepMinimum, let unit = unitStepColumns(deviceX: x, deviceY: deviceY, count: n)
            else {
                let m = max(1, min(n, Self.unitStepMinimum))
                sampled(from: x, count: m, into: out + k)
                k &+= m
                continue
            }
            let (i0, wx) = unit
            if tileX == .repeat, let rows = repeatedRows {
                Self.unitStepRow(
                    rows.pixels + ja * rows.length, rows.pixels + jb * rows.length, length: rows.length,
                    period: width, start: PatternRows.wrap(i0, width, inverse: rows.inverseWidth), wx: wx, wy: wy,
                    count: n, into: out + k)
            } else if i0 >= 0 && i0 &+ n < width {
                // Inside the image: no tiling.
                Self.unitStepRow(
                    first, second, length: width, period: 0, start: i0, wx: wx, wy: wy, count: n, into: out + k)
            } else {
                sampled(from: x, count: n, into: out + k)
            }
            k &+= n
        }
    }

    /// The first column a bilinear sample at pattern x `px` mixes (before
    /// tiling) and the second's weight (0...256).
    @inline(__always)
    static func bilinearColumn(_ px: Double) -> (Int, UInt32) {
        let u = min(max(px - 0.5, -coordinateLimit), coordinateLimit)
        let i0 = Int(saturatingFloor: u, in: -Int(coordinateLimit)...Int(coordinateLimit))
        return (i0, UInt32((u - Double(i0)) * 256 + 0.5))
    }

    /// `bilinearRow`'s pixels two at a time, from pixel centre `xd`, while
    /// both samples of a pair read columns inside rows `rowA` and `rowB`
    /// of `columns` pixels: the columns and weights as `bilinearColumn`
    /// gives them (floors by the 1.5·2^52 magic add, one lower where it
    /// rounded up), the mixes as `mix` does them, four channels of two
    /// pixels in 16-bit lanes. Rows of a pattern repeating with `period`
    /// (> 0; `inverseWidth` its reciprocal) repeated side by side: a pair
    /// past their ends moves by whole periods (the same columns of the
    /// image). Returns how many pixels it wrote (an even number; it stops
    /// at the first pair it cannot sample so).
    @inline(__always)
    func bilinearPairs(
        _ rowA: UnsafePointer<UInt32>, _ rowB: UnsafePointer<UInt32>, _ wy: UInt32, columns: Int, period: Int,
        inverseWidth: Double, xd: Double, cy: Double, count: Int, into out: UnsafeMutablePointer<UInt32>
    ) -> Int {
        let magic = SIMD2<Double>(repeating: 6_755_399_441_055_744.0)
        let magicBits = SIMD2<Int64>(repeating: 0x4338_0000_0000_0000)
        let limit = SIMD2<Double>(repeating: Self.coordinateLimit)
        let stepv = SIMD2(repeating: toPattern.a), cyv = SIMD2(repeating: cy), txv = SIMD2(repeating: toPattern.tx)
        let half = SIMD2<Double>(repeating: 0.5), scale = SIMD2<Double>(repeating: 256)
        let lastColumn = UInt(columns &- 1)
        var offset = 0
        let wyv = SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: wy))
        let vyv = 256 &- wyv
        let round = SIMD8<UInt16>(repeating: 128)
        // Two adjacent pixels at each of two columns (16 bytes) as two
        // pixel pairs of 16-bit lanes.
        @inline(__always)
        func pairs(_ row: UnsafePointer<UInt32>, _ i: Int, _ j: Int) -> (SIMD8<UInt16>, SIMD8<UInt16>) {
            let raw = UnsafeRawPointer(row)
            let p = raw.loadUnaligned(fromByteOffset: i &* 4, as: SIMD8<UInt8>.self)
            let q = raw.loadUnaligned(fromByteOffset: j &* 4, as: SIMD8<UInt8>.self)
            return (SIMD8<UInt16>(truncatingIfNeeded: p), SIMD8<UInt16>(truncatingIfNeeded: q))
        }
        // Each pixel's pair mixed by its horizontal weights: (first·v +
        // second·w + 128) >> 8 per channel, the two pixels side by side.
        @inline(__always)
        func mixPairs(
            _ p: SIMD8<UInt16>, _ q: SIMD8<UInt16>, _ weights: SIMD8<UInt16>, _ weights2: SIMD8<UInt16>
        )
            -> SIMD8<UInt16>
        {
            let wp = p &* weights, wq = q &* weights2
            return
                (SIMD8(lowHalf: wp.lowHalf, highHalf: wq.lowHalf) &+ SIMD8(lowHalf: wp.highHalf, highHalf: wq.highHalf)
                &+ round) &>> 8
        }
        var xv = SIMD2(xd, xd + 1)
        var k = 0
        while k &+ 2 <= count {
            let u = (stepv * xv + cyv + txv - half).clamped(lowerBound: -limit, upperBound: limit)
            // floor(u): nearest, then one lower where that is above u.
            let ru = u + magic
            let nearest = ru - magic
            let above = nearest .> u
            let i0 =
                (unsafeBitCast(ru, to: SIMD2<Int64>.self) &- magicBits) &+ unsafeBitCast(above, to: SIMD2<Int64>.self)
            let fu = nearest - SIMD2<Double>(repeating: 1).replacing(with: 0, where: .!above)
            let f = (u - fu) * scale + half  // 0.5...256.5: truncate
            let rf = f + magic
            let w =
                (unsafeBitCast(rf, to: SIMD2<Int64>.self) &- magicBits)
                &+ unsafeBitCast(rf - magic .> f, to: SIMD2<Int64>.self)
            let first = Int(truncatingIfNeeded: i0[0]), second = Int(truncatingIfNeeded: i0[1])
            var i = first &+ offset, j = second &+ offset
            if !(UInt(bitPattern: i) < lastColumn && UInt(bitPattern: j) < lastColumn) {
                guard period > 0 else { break }
                offset = PatternRows.wrap(first, period, inverse: inverseWidth) &- first
                i = first &+ offset
                j = second &+ offset
                guard UInt(bitPattern: i) < lastColumn, UInt(bitPattern: j) < lastColumn else { break }
            }
            let w0 = UInt16(truncatingIfNeeded: w[0]), w1 = UInt16(truncatingIfNeeded: w[1])
            let v0 = 256 &- w0, v1 = 256 &- w1
            let weights = SIMD8(v0, v0, v0, v0, w0, w0, w0, w0)
            let weights2 = SIMD8(v1, v1, v1, v1, w1, w1, w1, w1)
            let (ap, aq) = pairs(rowA, i, j)
            var mixed = mixPairs(ap, aq, weights, weights2)
            if wy != 0 {
                let (bp, bq) = pairs(rowB, i, j)
                let bottom = mixPairs(bp, bq, weights, weights2)
                mixed = (mixed &* vyv &+ bottom &* wyv &+ round) &>> 8
            }
            let pair = unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: mixed), to: SIMD2<UInt32>.self)
            out[k] = pair[0]
            out[k &+ 1] = pair[1]
            xv += 2
            k &+= 2
        }
        return k
    }
}
