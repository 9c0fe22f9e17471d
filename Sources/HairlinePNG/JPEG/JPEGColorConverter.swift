// JPEG stage: samples to pixels. Coefficients in -> component planes (the
// islow IDCT) -> each component upsampled to full size, row by row -> RGB
// by the frame's color transform -> opaque premultiplied RGBA8 `Image`.
//
// Upsampling is libjpeg's "fancy" (jdsample.c, its default and Pillow's):
// a triangle filter for 2:1 ratios (h2v1, h1v2, h2v2: 3/4 of the nearer
// sample, 1/4 of the farther, with libjpeg's alternating rounding biases and
// edge samples replicated), and plain replication for every other whole
// ratio (and for 2:1 components no wider than 2 samples, as libjpeg). The
// YCbCr -> RGB tables are jdcolor.c's (16-bit fixed point), so output
// matches libjpeg-turbo's islow decode exactly for 4:4:4 and closely (its
// SIMD merged paths aside) otherwise. CMYK becomes RGB as Pillow converts
// it: R = (255 - K) - (C · (255 - K)) / 255, rounded as its MULDIV255.

import Hairline

/// How a frame's components map to RGB.
enum JPEGColorTransform: Equatable {
    case gray, yCbCr, rgb
    /// CMYK stored as is, or inverted (as Adobe applications write it).
    case cmyk(inverted: Bool)
    /// YCbCr-coded inverted CMY plus K (Adobe transform 2).
    case yCCK

    /// libjpeg's choice (jdapimin.c default_decompress_parms): JFIF means
    /// YCbCr; an Adobe APP14 transform says 0 = RGB/CMYK, 1 = YCbCr,
    /// 2 = YCCK; otherwise three components are YCbCr unless their ids
    /// spell "RGB", and four are CMYK. Adobe CMYK is inverted.
    static func choose(componentIDs: [UInt8], adobeTransform: Int?, sawJFIF: Bool) -> JPEGColorTransform {
        switch componentIDs.count {
        case 1: return .gray
        case 3:
            if sawJFIF { return .yCbCr }
            if let t = adobeTransform { return t == 0 ? .rgb : .yCbCr }
            return componentIDs == [82, 71, 66] ? .rgb : .yCbCr
        default:
            guard let t = adobeTransform else { return .cmyk(inverted: false) }
            return t == 0 ? .cmyk(inverted: true) : .yCCK
        }
    }
}

/// Turns decoded coefficients into an `Image`.
enum JPEGColorConverter {
    /// Fixed-point bits of jdcolor.c's tables.
    static let scaleBits = 16
    static let half = 1 << (scaleBits - 1)
    /// round(x · 2^16), as jdcolor.c's FIX().
    static func fix(_ x: Double) -> Int { Int(x * 65536 + 0.5) }

    /// Inverse-transforms every block of component `index` into a plane of
    /// `blocksPerLine · 8` samples a row.
    static func plane(
        _ component: JPEGComponent, coefficients: UnsafeMutablePointer<Int16>, steps: [Int32]
    ) -> [UInt8] {
        let side = JPEGFrame.blockSide
        let stride = component.blocksPerLine * side
        var plane = [UInt8](repeating: 0, count: stride * component.blocksPerColumn * side)
        var workspace = [Int](repeating: 0, count: JPEGFrame.blockCount)
        plane.withUnsafeMutableBufferPointer { out in
            workspace.withUnsafeMutableBufferPointer { ws in
                steps.withUnsafeBufferPointer { q in
                    // Only the rows and columns of blocks that hold samples.
                    for by in 0..<min(component.blocksPerColumn, component.codedBlocksPerColumn) {
                        for bx in 0..<min(component.blocksPerLine, component.codedBlocksPerLine) {
                            let block = coefficients + (by * component.blocksPerLine + bx) * JPEGFrame.blockCount
                            JPEGIDCT.transform(
                                block, steps: q.baseAddress!, workspace: ws.baseAddress!,
                                output: out.baseAddress! + by * side * stride + bx * side, stride: stride)
                        }
                    }
                }
            }
        }
        return plane
    }

    /// Upsamples, converts and packs the planes into an opaque `Image`.
    static func image(frame: JPEGFrame, planes: [[UInt8]], transform: JPEGColorTransform) -> Image {
        let width = frame.width, height = frame.height
        var pixels = [UInt32](repeating: 0, count: width * height)
        let components = frame.components
        let rowWidth =
            components.map { $0.sampleWidth * (frame.maximumHorizontalFactor / $0.horizontalFactor) }.max()! + 16
        var rows = [UInt8](repeating: 0, count: rowWidth * components.count)
        // jdcolor.c's tables, indexed by Cb or Cr.
        var tables = [Int](repeating: 0, count: 4 * 256)
        for i in 0..<256 {
            let x = i - 128
            tables[i] = (fix(1.40200) * x + half) >> scaleBits  // Cr -> R
            tables[256 + i] = (fix(1.77200) * x + half) >> scaleBits  // Cb -> B
            tables[512 + i] = -fix(0.71414) * x  // Cr -> G
            tables[768 + i] = -fix(0.34414) * x + half  // Cb -> G
        }
        pixels.withUnsafeMutableBufferPointer { out in
            rows.withUnsafeMutableBufferPointer { rowBuffer in
                tables.withUnsafeBufferPointer { t in
                    var sources: [UnsafePointer<UInt8>] = []
                    sources.reserveCapacity(4)
                    for y in 0..<height {
                        sources.removeAll(keepingCapacity: true)
                        for (i, c) in components.enumerated() {
                            let scratch = rowBuffer.baseAddress! + i * rowWidth
                            planes[i].withUnsafeBufferPointer { plane in
                                sources.append(
                                    JPEGUpsampler.row(
                                        y, of: c, plane: plane.baseAddress!, frame: frame, scratch: scratch))
                            }
                        }
                        convert(
                            sources, transform: transform, tables: t.baseAddress!,
                            into: out.baseAddress! + y * width, width: width)
                    }
                }
            }
        }
        do {
            return try Image(width: width, height: height, premultipliedPixels: pixels)
        } catch {
            preconditionFailure("a decoded JPEG must make a valid Image: \(error)")
        }
    }

    /// Packs R, G, B and an opaque alpha as `PremultipliedColor.packed` does.
    @inline(__always)
    static func pack(_ r: Int, _ g: Int, _ b: Int) -> UInt32 {
        UInt32(
            littleEndian: UInt32(truncatingIfNeeded: r) | UInt32(truncatingIfNeeded: g) << 8
                | UInt32(truncatingIfNeeded: b) << 16 | 0xFF00_0000)
    }

    @inline(__always)
    static func clamp(_ v: Int) -> Int { v < 0 ? 0 : v > 255 ? 255 : v }

    /// Pillow's MULDIV255: a · b / 255, rounded.
    @inline(__always)
    static func mulDiv255(_ a: Int, _ b: Int) -> Int {
        let t = a * b + 128
        return ((t >> 8) + t) >> 8
    }

    /// One row of samples (one pointer per component) to packed pixels.
    static func convert(
        _ s: [UnsafePointer<UInt8>], transform: JPEGColorTransform, tables t: UnsafePointer<Int>,
        into out: UnsafeMutablePointer<UInt32>, width: Int
    ) {
        switch transform {
        case .gray:
            let g = s[0]
            for x in 0..<width {
                let v = Int(g[x])
                out[x] = pack(v, v, v)
            }
        case .rgb:
            let r = s[0], g = s[1], b = s[2]
            for x in 0..<width { out[x] = pack(Int(r[x]), Int(g[x]), Int(b[x])) }
        case .yCbCr:
            let yp = s[0], cbp = s[1], crp = s[2]
            for x in 0..<width {
                let y = Int(yp[x]), cb = Int(cbp[x]), cr = Int(crp[x])
                let r = y + t[cr], b = y + t[256 + cb], g = y + ((t[768 + cb] + t[512 + cr]) >> scaleBits)
                out[x] = pack(clamp(r), clamp(g), clamp(b))
            }
        case .cmyk(let inverted):
            let c = s[0], m = s[1], yy = s[2], k = s[3]
            let flip = inverted ? 255 : 0
            for x in 0..<width {
                let nk = 255 - abs(flip - Int(k[x]))
                let cc = abs(flip - Int(c[x])), mm = abs(flip - Int(m[x])), ye = abs(flip - Int(yy[x]))
                out[x] = pack(nk - mulDiv255(cc, nk), nk - mulDiv255(mm, nk), nk - mulDiv255(ye, nk))
            }
        case .yCCK:
            let yp = s[0], cbp = s[1], crp = s[2], k = s[3]
            for x in 0..<width {
                let y = Int(yp[x]), cb = Int(cbp[x]), cr = Int(crp[x])
                // libjpeg's YCCK -> CMYK gives 255 - R etc.; read as Adobe's
                // inverted CMYK, C = R.
                let r = clamp(y + t[cr]), b = clamp(y + t[256 + cb])
                let g = clamp(y + ((t[768 + cb] + t[512 + cr]) >> scaleBits))
                let nk = Int(k[x])
                out[x] = pack(nk - mulDiv255(r, nk), nk - mulDiv255(g, nk), nk - mulDiv255(b, nk))
            }
        }
    }
}
