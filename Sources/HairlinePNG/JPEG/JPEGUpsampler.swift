// JPEG stage: chroma upsampling, one output row at a time. A component
// plane (its sampleWidth × sampleHeight samples, rows blocksPerLine · 8
// bytes apart) in -> the component's samples on output row y, at least
// `frame.width` of them. libjpeg's fancy upsampling (jdsample.c
// h2v1/h1v2/h2v2_fancy_upsample) for 2:1 ratios, replication otherwise;
// rows above the top and below the last sample row repeat the edge row, as
// libjpeg's context rows do.

enum JPEGUpsampler {
    /// The samples of `component` on output row `y`: a pointer into the
    /// plane when the component is full size, else `scratch` filled.
    static func row(
        _ y: Int, of component: JPEGComponent, plane: UnsafePointer<UInt8>, frame: JPEGFrame,
        scratch: UnsafeMutablePointer<UInt8>
    ) -> UnsafePointer<UInt8> {
        let stride = component.blocksPerLine * JPEGFrame.blockSide
        let hr = frame.maximumHorizontalFactor / component.horizontalFactor
        let vr = frame.maximumVerticalFactor / component.verticalFactor
        let width = component.sampleWidth, lastRow = component.sampleHeight - 1
        if hr == 1 && vr == 1 { return plane + y * stride }
        if hr == 2 && vr == 1 && width > 2 {
            h2v1(plane + y * stride, width: width, into: scratch)
            return UnsafePointer(scratch)
        }
        if vr == 2 && (hr == 1 || (hr == 2 && width > 2)) {
            let near = y / 2
            let far = y % 2 == 0 ? max(near - 1, 0) : min(near + 1, lastRow)
            let nearRow = plane + min(near, lastRow) * stride, farRow = plane + far * stride
            if hr == 1 {
                let bias = y % 2 == 0 ? 1 : 2
                for x in 0..<width {
                    scratch[x] = UInt8(truncatingIfNeeded: (3 * Int(nearRow[x]) + Int(farRow[x]) + bias) >> 2)
                }
            } else {
                h2v2(nearRow, farRow, width: width, into: scratch)
            }
            return UnsafePointer(scratch)
        }
        // Replication.
        let source = plane + min(y / vr, lastRow) * stride
        var x = 0
        for i in 0..<width {
            let v = source[i]
            for _ in 0..<hr {
                scratch[x] = v
                x += 1
            }
        }
        return UnsafePointer(scratch)
    }

    /// jdsample.c h2v1_fancy_upsample: each sample becomes two, 3/4 of it
    /// and 1/4 of its neighbour on that side (width > 2).
    @inline(__always)
    static func h2v1(_ input: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
        out[0] = input[0]
        out[1] = UInt8(truncatingIfNeeded: (Int(input[0]) * 3 + Int(input[1]) + 2) >> 2)
        for i in 1..<(width - 1) {
            let v = Int(input[i]) * 3
            out[2 * i] = UInt8(truncatingIfNeeded: (v + Int(input[i - 1]) + 1) >> 2)
            out[2 * i + 1] = UInt8(truncatingIfNeeded: (v + Int(input[i + 1]) + 2) >> 2)
        }
        let last = width - 1, v = Int(input[last])
        out[2 * last] = UInt8(truncatingIfNeeded: (v * 3 + Int(input[last - 1]) + 1) >> 2)
        out[2 * last + 1] = UInt8(truncatingIfNeeded: v)
    }

    /// jdsample.c h2v2_fancy_upsample for one output row: column sums
    /// 3 · near + far, then h2v1's filter on the sums (width > 2).
    @inline(__always)
    static func h2v2(
        _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, width: Int, into out: UnsafeMutablePointer<UInt8>
    ) {
        @inline(__always) func sum(_ i: Int) -> Int { Int(near[i]) * 3 + Int(far[i]) }
        var this = sum(0), next = sum(1)
        out[0] = UInt8(truncatingIfNeeded: (this * 4 + 8) >> 4)
        out[1] = UInt8(truncatingIfNeeded: (this * 3 + next + 7) >> 4)
        var last = this
        this = next
        for i in 1..<(width - 1) {
            next = sum(i + 1)
            out[2 * i] = UInt8(truncatingIfNeeded: (this * 3 + last + 8) >> 4)
            out[2 * i + 1] = UInt8(truncatingIfNeeded: (this * 3 + next + 7) >> 4)
            last = this
            this = next
        }
        let i = width - 1
        out[2 * i] = UInt8(truncatingIfNeeded: (this * 3 + last + 8) >> 4)
        out[2 * i + 1] = UInt8(truncatingIfNeeded: (this * 4 + 7) >> 4)
    }
}
