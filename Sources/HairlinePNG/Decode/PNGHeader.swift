// Decode stage: the IHDR chunk (PNG spec §11.2.2). Its 13 data bytes in ->
// a validated header: size, bit depth, color type, interlacing, and the
// row geometry derived from them. Guarantees: the size is within the
// decoder's limits and every field has a value the specification defines,
// checked before any pixel memory is allocated.

/// The PNG color types (IHDR byte 9), with the bit depths each allows.
enum PNGColorType: UInt8, Sendable {
    /// Gray samples, 1, 2, 4, 8 or 16 bits.
    case grayscale = 0
    /// Red, green, blue samples, 8 or 16 bits.
    case truecolor = 2
    /// Palette indices, 1, 2, 4 or 8 bits.
    case indexed = 3
    /// Gray and alpha samples, 8 or 16 bits.
    case grayscaleAlpha = 4
    /// Red, green, blue and alpha samples, 8 or 16 bits.
    case truecolorAlpha = 6

    /// Samples per pixel.
    var channelCount: Int {
        switch self {
        case .grayscale, .indexed: return 1
        case .grayscaleAlpha: return 2
        case .truecolor: return 3
        case .truecolorAlpha: return 4
        }
    }

    /// The bit depths the specification allows (PNG spec table 11.1).
    var allowedBitDepths: [Int] {
        switch self {
        case .grayscale: return [1, 2, 4, 8, 16]
        case .indexed: return [1, 2, 4, 8]
        case .truecolor, .grayscaleAlpha, .truecolorAlpha: return [8, 16]
        }
    }

    /// Whether each pixel carries an alpha sample.
    var hasAlpha: Bool { self == .grayscaleAlpha || self == .truecolorAlpha }
}

/// A validated image header.
struct PNGHeader: Sendable {
    /// Bytes of IHDR data.
    static let dataByteCount = 13
    /// The largest width or height the format allows, 2^31 - 1 pixels.
    static let maximumSide = Int(Int32.max)
    /// Offsets of the fields within the IHDR data.
    static let widthOffset = 0, heightOffset = 4, bitDepthOffset = 8, colorTypeOffset = 9
    static let compressionOffset = 10, filterOffset = 11, interlaceOffset = 12
    /// The only compression method (zlib) and filter method (the five
    /// adaptive filters) defined; interlace methods 0 (none) and 1 (Adam7).
    static let zlibCompression: UInt8 = 0, adaptiveFiltering: UInt8 = 0
    static let noInterlace: UInt8 = 0, adam7Interlace: UInt8 = 1

    /// Width in pixels, 1 ... the decoder's limit.
    let width: Int
    /// Height in pixels, 1 ... the decoder's limit.
    let height: Int
    /// Bits per sample: 1, 2, 4, 8 or 16, as `colorType` allows.
    let bitDepth: Int
    /// How samples make up a pixel.
    let colorType: PNGColorType
    /// Whether the rows are stored in Adam7 passes.
    let isInterlaced: Bool

    /// Parses and validates IHDR data (`data` is exactly 13 bytes found at
    /// file offset `offset`).
    /// - Throws: `.invalidHeader` naming the field and its file offset,
    ///   `.tooLarge` if the size passes `limits`.
    init(data: UnsafeRawBufferPointer, offset: Int, limits: PNGDecoder.Limits) throws(PNGError) {
        precondition(data.count == PNGHeader.dataByteCount)
        func bigEndian(_ at: Int) -> Int {
            (0..<4).reduce(0) { $0 << UInt8.bitWidth | Int(data[at + $1]) }
        }
        let width = bigEndian(PNGHeader.widthOffset), height = bigEndian(PNGHeader.heightOffset)
        for (name, value, at) in [("width", width, PNGHeader.widthOffset), ("height", height, PNGHeader.heightOffset)] {
            guard value > 0, value <= PNGHeader.maximumSide else {
                throw .invalidHeader("\(name) \(value) is outside 1 ... 2^31 - 1", at: offset + at)
            }
        }
        let colorByte = data[PNGHeader.colorTypeOffset], depth = Int(data[PNGHeader.bitDepthOffset])
        guard let colorType = PNGColorType(rawValue: colorByte) else {
            throw .invalidHeader("color type \(colorByte) is not defined", at: offset + PNGHeader.colorTypeOffset)
        }
        guard colorType.allowedBitDepths.contains(depth) else {
            throw .invalidHeader(
                "bit depth \(depth) is not allowed for color type \(colorByte)", at: offset + PNGHeader.bitDepthOffset)
        }
        let methods: [(String, Int, ClosedRange<UInt8>)] = [
            ("compression", PNGHeader.compressionOffset, PNGHeader.zlibCompression...PNGHeader.zlibCompression),
            ("filter", PNGHeader.filterOffset, PNGHeader.adaptiveFiltering...PNGHeader.adaptiveFiltering),
            ("interlace", PNGHeader.interlaceOffset, PNGHeader.noInterlace...PNGHeader.adam7Interlace),
        ]
        for (name, at, defined) in methods where !defined.contains(data[at]) {
            throw .invalidHeader("\(name) method \(data[at]) is not defined", at: offset + at)
        }
        guard width <= limits.maximumDimension, height <= limits.maximumDimension,
            width * height <= limits.maximumPixelCount
        else { throw .tooLarge(width: width, height: height) }
        self.width = width
        self.height = height
        self.bitDepth = depth
        self.colorType = colorType
        self.isInterlaced = data[PNGHeader.interlaceOffset] == PNGHeader.adam7Interlace
    }

    /// Bits of one pixel: samples per pixel times the bit depth.
    var bitsPerPixel: Int { colorType.channelCount * bitDepth }

    /// The filters' left-neighbour distance in bytes: bytes per pixel,
    /// rounded up to 1 for depths below 8 bits (PNG spec §9.2).
    var filterDistance: Int { max(1, bitsPerPixel / UInt8.bitWidth) }

    /// Bytes of one unfiltered row of `pixelCount` pixels (the last byte
    /// padded with unused bits).
    func rowByteCount(pixelCount: Int) -> Int {
        (pixelCount * bitsPerPixel + UInt8.bitWidth - 1) / UInt8.bitWidth
    }

    /// The passes that store the image: seven Adam7 passes, or one.
    var passes: [PNGPass] { isInterlaced ? PNGPass.adam7 : [PNGPass.whole] }

    /// Bytes of the decompressed image data: for each non-empty pass, each
    /// row's filter-type byte and its bytes.
    var filteredByteCount: Int {
        passes.reduce(0) { total, pass in
            let size = pass.size(width: width, height: height)
            guard size.width > 0 && size.height > 0 else { return total }
            return total + size.height * (1 + rowByteCount(pixelCount: size.width))
        }
    }
}
