// JPEG stage: the inverse DCT. One block of quantized coefficients
// (natural order) and its quantization steps in -> 8 × 8 samples, 0...255,
// written into a component plane. The algorithm is libjpeg's "islow"
// (jidctint.c: Loeffler, Ligtenberg and Moschytz, 13-bit fixed-point
// constants, two passes with 2 extra bits between them), so the samples
// are those libjpeg and libjpeg-turbo produce with JDCT_ISLOW, bit for bit.
// Arithmetic is 64-bit and wrapping, so corrupt coefficients cannot trap;
// results outside 0...255 are clamped.

enum JPEGIDCT {
    static let constBits = 13
    static let pass1Bits = 2
    // The constants of jidctint.c: round(x · 2^13).
    static let fix0_298631336 = 2446, fix0_390180644 = 3196, fix0_541196100 = 4433
    static let fix0_765366865 = 6270, fix0_899976223 = 7373, fix1_175875602 = 9633
    static let fix1_501321110 = 12299, fix1_847759065 = 15137, fix1_961570560 = 16069
    static let fix2_053119869 = 16819, fix2_562915447 = 20995, fix3_072711026 = 25172

    /// Transforms one block.
    /// - Parameters:
    ///   - coefficients: 64 quantized coefficients, natural order.
    ///   - steps: 64 quantization steps, natural order.
    ///   - workspace: 64 scratch integers.
    ///   - output: the block's top-left sample; rows `stride` bytes apart.
    @inline(__always)
    static func transform(
        _ coefficients: UnsafePointer<Int16>, steps: UnsafePointer<Int32>, workspace: UnsafeMutablePointer<Int>,
        output: UnsafeMutablePointer<UInt8>, stride: Int
    ) {
        // Pass 1: columns, into the workspace scaled by 2^pass1Bits.
        for column in 0..<8 {
            @inline(__always) func input(_ row: Int) -> Int {
                Int(coefficients[row &* 8 &+ column]) &* Int(steps[row &* 8 &+ column])
            }
            if coefficients[8 + column] == 0 && coefficients[16 + column] == 0 && coefficients[24 + column] == 0
                && coefficients[32 + column] == 0 && coefficients[40 + column] == 0 && coefficients[48 + column] == 0
                && coefficients[56 + column] == 0
            {
                let dc = input(0) &<< pass1Bits
                for row in 0..<8 { workspace[row &* 8 &+ column] = dc }
                continue
            }
            let shift = constBits - pass1Bits
            let r = butterfly(
                input(0), input(1), input(2), input(3), input(4), input(5), input(6), input(7),
                rounding: 1 &<< (shift - 1))
            workspace[column] = r.0 &>> shift
            workspace[8 + column] = r.1 &>> shift
            workspace[16 + column] = r.2 &>> shift
            workspace[24 + column] = r.3 &>> shift
            workspace[32 + column] = r.4 &>> shift
            workspace[40 + column] = r.5 &>> shift
            workspace[48 + column] = r.6 &>> shift
            workspace[56 + column] = r.7 &>> shift
        }
        // Pass 2: rows, removing the 2^(pass1Bits + 3) scale and centring.
        let shift = constBits + pass1Bits + 3
        for row in 0..<8 {
            let w = workspace + row &* 8
            let out = output + row &* stride
            if w[1] == 0 && w[2] == 0 && w[3] == 0 && w[4] == 0 && w[5] == 0 && w[6] == 0 && w[7] == 0 {
                let value = clamp((w[0] &+ (1 &<< (pass1Bits + 2))) &>> (pass1Bits + 3))
                for i in 0..<8 { out[i] = value }
                continue
            }
            let r = butterfly(w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], rounding: 1 &<< (shift - 1))
            out[0] = clamp(r.0 &>> shift)
            out[1] = clamp(r.1 &>> shift)
            out[2] = clamp(r.2 &>> shift)
            out[3] = clamp(r.3 &>> shift)
            out[4] = clamp(r.4 &>> shift)
            out[5] = clamp(r.5 &>> shift)
            out[6] = clamp(r.6 &>> shift)
            out[7] = clamp(r.7 &>> shift)
        }
    }

    /// A centred sample (-128 ... 127 in range) as 0...255, clamped.
    @inline(__always)
    static func clamp(_ value: Int) -> UInt8 {
        let v = value &+ 128
        return v < 0 ? 0 : v > 255 ? 255 : UInt8(truncatingIfNeeded: v)
    }

    /// The 8-point 1-D IDCT of jidctint.c before its final shift, with
    /// `rounding` added: outputs 0...7 scaled by 2^constBits.
    @inline(__always)
    static func butterfly(
        _ x0: Int, _ x1: Int, _ x2: Int, _ x3: Int, _ x4: Int, _ x5: Int, _ x6: Int, _ x7: Int, rounding: Int
    ) -> (Int, Int, Int, Int, Int, Int, Int, Int) {
        // Even part.
        let z1 = (x2 &+ x6) &* fix0_541196100
        let t2 = z1 &- x6 &* fix1_847759065
        let t3 = z1 &+ x2 &* fix0_765366865
        let t0 = ((x0 &+ x4) &<< constBits) &+ rounding
        let t1 = ((x0 &- x4) &<< constBits) &+ rounding
        let t10 = t0 &+ t3, t13 = t0 &- t3, t11 = t1 &+ t2, t12 = t1 &- t2
        // Odd part.
        let a = x7, b = x5, c = x3, d = x1
        let s1 = a &+ d, s2 = b &+ c, s3 = a &+ c, s4 = b &+ d
        let z5 = (s3 &+ s4) &* fix1_175875602
        let p0 = a &* fix0_298631336, p1 = b &* fix2_053119869
        let p2 = c &* fix3_072711026, p3 = d &* fix1_501321110
        let m1 = 0 &- s1 &* fix0_899976223, m2 = 0 &- s2 &* fix2_562915447
        let m3 = (0 &- s3 &* fix1_961570560) &+ z5, m4 = (0 &- s4 &* fix0_390180644) &+ z5
        let o0 = p0 &+ m1 &+ m3, o1 = p1 &+ m2 &+ m4, o2 = p2 &+ m2 &+ m3, o3 = p3 &+ m1 &+ m4
        return (t10 &+ o3, t11 &+ o2, t12 &+ o1, t13 &+ o0, t13 &- o0, t12 &- o1, t11 &- o2, t10 &- o3)
    }
}
