// Decode stage: sample expansion (PNG spec §13.12-13.13). One unfiltered
// row in any of the 15 bit depth / color type formats in -> straight RGBA
// pixels, 8 bits a sample for depths up to 8, 16 for 16-bit images,
// written at a pixel stride (Adam7 passes scatter). Guarantees: gray
// becomes R = G = B, sub-byte gray scales to 0...255 exactly (v · 255 /
// (2^depth - 1)), palettes expand with tRNS alpha, key matches (compared
// at full depth) get alpha 0, missing alpha is opaque.

/// Expands the rows of one image; built once per image, switched on the
/// format once per row.
struct PNGRowExpander {
    /// The largest sample at each depth up to 8 bits is 2^depth - 1.
    static let opaque8 = UInt8.max, opaque16 = UInt16.max
    /// Bytes of an output pixel: R, G, B, A.
    static let channelCount = 4

    let header: PNGHeader
    /// Indexed images: the palette as packed RGBA, 256 entries.
    let paletteTable: [UInt32]
    /// Indexed images: the number of palette entries.
    let paletteCount: Int
    /// The color key as samples, or nil: one value for gray, three for RGB.
    let key: [UInt16]?

    init(header: PNGHeader, palette: PNGPalette?, transparency: PNGTransparency) {
        self.header = header
        switch transparency {
        case .paletteAlphas(let alphas) where header.colorType == .indexed:
            paletteTable = palette?.rgbaTable(alphas: alphas) ?? []
        default:
            paletteTable = header.colorType == .indexed ? palette?.rgbaTable(alphas: []) ?? [] : []
        }
        paletteCount = header.colorType == .indexed ? palette?.count ?? 0 : 0
        switch transparency {
        case .grayKey(let gray) where header.colorType == .grayscale: key = [gray]
        case .rgbKey(let red, let green, let blue) where header.colorType == .truecolor: key = [red, green, blue]
        default: key = nil
        }
    }

    /// The sample at index `index` of a row packed `depth` bits a sample
    /// (1, 2, 4 or 8), most significant bits first.
    @inline(__always)
    static func packedSample(_ row: UnsafePointer<UInt8>, index: Int, depth: Int) -> Int {
        let bit = index &* depth
        let shift = UInt8.bitWidth &- depth &- (bit & (UInt8.bitWidth - 1))
        return Int(row[bit &>> 3] &>> UInt8(shift)) & ((1 &<< depth) &- 1)
    }

    /// Expands a row of an image of depth 1 ... 8 into RGBA8.
    /// - Parameters:
    ///   - row: the unfiltered row, `pixelCount` pixels.
    ///   - destination: where the first pixel goes; pixel i goes to
    ///     `destination + i * stride * 4`.
    ///   - stride: the pass's column step, in pixels.
    ///   - y, startX: the row's image row and first column, for errors.
    /// - Throws: `.paletteIndexOutOfRange` for an index with no palette
    ///   entry.
    func expand8(
        _ row: UnsafePointer<UInt8>, pixelCount: Int, into destination: UnsafeMutablePointer<UInt8>,
        stride: Int, y: Int, startX: Int
    ) throws(PNGError) {
        let step = stride * PNGRowExpander.channelCount
        let depth = header.bitDepth, opaque = PNGRowExpander.opaque8
        switch header.colorType {
        case .grayscale:
            let scale = Int(opaque) / ((1 << depth) - 1)
            let keyValue = key.map { Int($0[0]) } ?? -1
            for index in 0..<pixelCount {
                let value = PNGRowExpander.packedSample(row, index: index, depth: depth)
                let gray = UInt8(truncatingIfNeeded: value &* scale), pixel = destination + index &* step
                pixel[0] = gray; pixel[1] = gray; pixel[2] = gray
                pixel[3] = value == keyValue ? 0 : opaque
            }
        case .indexed:
            try paletteTable.withUnsafeBufferPointer { (table) throws(PNGError) in
                for index in 0..<pixelCount {
                    let value = PNGRowExpander.packedSample(row, index: index, depth: depth)
                    guard value < paletteCount else {
                        throw .paletteIndexOutOfRange(value, x: startX + index * stride, y: y)
                    }
                    UnsafeMutableRawPointer(destination + index &* step).storeBytes(of: table[value], as: UInt32.self)
                }
            }
        case .grayscaleAlpha:
            for index in 0..<pixelCount {
                let source = row + 2 &* index, pixel = destination + index &* step
                pixel[0] = source[0]; pixel[1] = source[0]; pixel[2] = source[0]; pixel[3] = source[1]
            }
        case .truecolor:
            let keyValues = key.map { (Int($0[0]), Int($0[1]), Int($0[2])) } ?? (-1, -1, -1)
            for index in 0..<pixelCount {
                let source = row + 3 &* index, pixel = destination + index &* step
                let red = source[0], green = source[1], blue = source[2]
                pixel[0] = red; pixel[1] = green; pixel[2] = blue
                let isKey = Int(red) == keyValues.0 && Int(green) == keyValues.1 && Int(blue) == keyValues.2
                pixel[3] = isKey ? 0 : opaque
            }
        case .truecolorAlpha:
            if stride == 1 {
                destination.update(from: row, count: pixelCount * PNGRowExpander.channelCount)
                return
            }
            for index in 0..<pixelCount {
                let word = UnsafeRawPointer(row + 4 &* index).loadUnaligned(as: UInt32.self)
                UnsafeMutableRawPointer(destination + index &* step).storeBytes(of: word, as: UInt32.self)
            }
        }
    }

    /// Expands a row of a 16-bit image into RGBA16 (native-endian samples);
    /// parameters as for `expand8`.
    func expand16(
        _ row: UnsafePointer<UInt8>, pixelCount: Int, into destination: UnsafeMutablePointer<UInt16>, stride: Int
    ) {
        let step = stride * PNGRowExpander.channelCount, opaque = PNGRowExpander.opaque16
        let sampleBytes = MemoryLayout<UInt16>.size
        /// The big-endian sample `channel` of the pixel at `source`.
        @inline(__always) func sample(_ source: UnsafePointer<UInt8>, _ channel: Int) -> UInt16 {
            UInt16(source[sampleBytes &* channel]) &<< 8 | UInt16(source[sampleBytes &* channel &+ 1])
        }
        let pixelBytes = header.colorType.channelCount * sampleBytes
        switch header.colorType {
        case .grayscale:
            let keyValue = key.map { Int($0[0]) } ?? -1
            for index in 0..<pixelCount {
                let gray = sample(row + index &* pixelBytes, 0), pixel = destination + index &* step
                pixel[0] = gray; pixel[1] = gray; pixel[2] = gray
                pixel[3] = Int(gray) == keyValue ? 0 : opaque
            }
        case .grayscaleAlpha:
            for index in 0..<pixelCount {
                let source = row + index &* pixelBytes, pixel = destination + index &* step
                let gray = sample(source, 0)
                pixel[0] = gray; pixel[1] = gray; pixel[2] = gray; pixel[3] = sample(source, 1)
            }
        case .truecolor:
            let keyValues = key.map { (Int($0[0]), Int($0[1]), Int($0[2])) } ?? (-1, -1, -1)
            for index in 0..<pixelCount {
                let source = row + index &* pixelBytes, pixel = destination + index &* step
                let red = sample(source, 0), green = sample(source, 1), blue = sample(source, 2)
                pixel[0] = red; pixel[1] = green; pixel[2] = blue
                let isKey = Int(red) == keyValues.0 && Int(green) == keyValues.1 && Int(blue) == keyValues.2
                pixel[3] = isKey ? 0 : opaque
            }
        case .truecolorAlpha:
            for index in 0..<pixelCount {
                let source = row + index &* pixelBytes, pixel = destination + index &* step
                pixel[0] = sample(source, 0); pixel[1] = sample(source, 1)
                pixel[2] = sample(source, 2); pixel[3] = sample(source, 3)
            }
        case .indexed:
            preconditionFailure("indexed images have at most 8 bits a sample")
        }
    }

    /// Scales 16-bit samples to 8 bits with rounding to nearest:
    /// (v · 255 + 32767) / 65535, exact for every v.
    static func narrow(_ samples: UnsafeBufferPointer<UInt16>, into destination: UnsafeMutablePointer<UInt8>) {
        let maximum16 = UInt32(UInt16.max), maximum8 = UInt32(UInt8.max), half = maximum16 / 2
        for index in 0..<samples.count {
            destination[index] = UInt8(truncatingIfNeeded: (UInt32(samples[index]) &* maximum8 &+ half) / maximum16)
        }
    }
}
