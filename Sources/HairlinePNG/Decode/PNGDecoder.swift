// Decode stage: PNG file bytes -> decoded pixels (PNG spec, ISO 15948).
// Chunks (`PNGChunkStream`) -> zlib stream inflated under a limit of the
// exact expected size -> rows unfiltered and de-interlaced -> straight RGBA
// (`PNGImage`) or premultiplied `Image`. Guarantees: every malformed,
// truncated or oversized file throws a `PNGError` saying what and where.

public import Hairline

/// Decodes PNG images: every bit depth and color type of the standard,
/// Adam7 interlacing, palettes and tRNS transparency.
///
///     let png = try PNGDecoder.decode(bytes)                     // PNGImage
///     let image = try PNGDecoder.decodeImage(bytes)              // Image
///     let file = try PNGDecoder.decode(contentsOfFile: "a.png")  // PNGImage
///
/// Ancillary chunks other than tRNS (gamma, color space, text, ...) are
/// checked (CRC) and ignored: samples are returned as stored.
public enum PNGDecoder {
    /// Bounds on what the decoder accepts, checked before allocating.
    public struct Limits: Hashable, Sendable {
        /// The largest width or height, in pixels.
        public let maximumDimension: Int
        /// The largest width × height, in pixels.
        public let maximumPixelCount: Int
        /// The largest file `decode(contentsOfFile:)` reads, in bytes.
        public let maximumFileByteCount: Int

        /// The default file size limit: 1 GiB.
        public static let defaultMaximumFileByteCount = 1 << 30

        /// Limits for decoding; the defaults are those of `Surface`.
        ///
        /// Pixel limits above `Surface.maximumDimension` and
        /// `Surface.maximumPixelCount` are lowered to them, so that every
        /// decoded image can become an `Image`. Negative values act as 0.
        /// - Parameters:
        ///   - maximumDimension: the largest width or height accepted, in pixels.
        ///   - maximumPixelCount: the largest width × height accepted.
        ///   - maximumFileByteCount: the largest file accepted, in bytes.
        public init(
            maximumDimension: Int = Surface.maximumDimension,
            maximumPixelCount: Int = Surface.maximumPixelCount,
            maximumFileByteCount: Int = Limits.defaultMaximumFileByteCount
        ) {
            self.maximumDimension = max(0, min(maximumDimension, Surface.maximumDimension))
            self.maximumPixelCount = max(0, min(maximumPixelCount, Surface.maximumPixelCount))
            self.maximumFileByteCount = max(0, maximumFileByteCount)
        }

        /// `Surface`'s limits and a 1 GiB file size limit.
        public static let `default` = Limits()
    }

    /// Decompressed bytes tolerated beyond the image data the header
    /// implies (some encoders flush extra empty data; libpng ignores it).
    static let extraImageDataAllowance = 4096

    /// Decodes a PNG file held in memory.
    ///
    /// - Parameters:
    ///   - bytes: the whole file, from its signature through IEND (bytes
    ///     after IEND are ignored).
    ///   - limits: size limits; a header beyond them throws `.tooLarge`
    ///     before any pixel memory is allocated.
    /// - Returns: straight RGBA pixels at 8 bits (and 16 for 16-bit files).
    /// - Throws: `PNGError`: `.notPNG`, `.truncated`, `.badCRC`,
    ///   `.invalidHeader`, `.tooLarge`, `.chunkOrder`, `.invalidChunk`,
    ///   `.missingChunk`, `.unsupportedCriticalChunk`, `.inflate`,
    ///   `.notEnoughImageData`, `.invalidFilterType`,
    ///   `.paletteIndexOutOfRange`, each with its offset or position.
    /// - Complexity: O(file size + width × height); memory for the
    ///   decompressed rows and the result.
    public static func decode(_ bytes: UnsafeRawBufferPointer, limits: Limits = .default) throws(PNGError) -> PNGImage {
        let stream = try PNGChunkStream(bytes, limits: limits)
        let inflated = try inflateImageData(bytes, stream: stream)
        return try inflated.withUnsafeMutableBytes { (rows) throws(PNGError) in
            try decodePixels(rows, stream: stream)
        }
    }

    /// Decodes a PNG file held in an array; see `decode(_:limits:)` for a
    /// raw buffer.
    public static func decode(_ bytes: [UInt8], limits: Limits = .default) throws(PNGError) -> PNGImage {
        try bytes.withUnsafeBytesTyped { (buffer) throws(PNGError) in try decode(buffer, limits: limits) }
    }

    /// Reads and decodes the PNG file at `path`.
    /// - Throws: `.cannotRead` if the file cannot be opened or read or is
    ///   larger than `limits.maximumFileByteCount`; otherwise as
    ///   `decode(_:limits:)`.
    public static func decode(contentsOfFile path: String, limits: Limits = .default) throws(PNGError) -> PNGImage {
        try decode(FileReader.read(path, maximumByteCount: limits.maximumFileByteCount), limits: limits)
    }

    /// Inflates the IDAT chunks' zlib stream, allowing at most
    /// `extraImageDataAllowance` bytes beyond the expected size.
    /// - Throws: `.inflate` with the file offset of the fault,
    ///   `.notEnoughImageData` if the stream ends early.
    /// - Parameter output: the caller's buffer to inflate into (nil: one
    ///   of the inflater's own).
    static func inflateImageData(
        _ bytes: UnsafeRawBufferPointer, stream: PNGChunkStream,
        into output: InflateOutput? = nil
    ) throws(PNGError) -> InflateOutput {
        let expected = stream.header.filteredByteCount
        func inflate(_ data: UnsafeRawBufferPointer) throws(PNGError) -> InflateOutput {
            do {
                if let output { return try ZlibStream.inflate(data, into: output, allowsTrailingData: true) }
                return try ZlibStream.inflate(
                    data, maximumOutputSize: expected + extraImageDataAllowance, expectedOutputSize: expected,
                    allowsTrailingData: true)
            } catch {
                throw .inflate(error, at: stream.fileOffset(ofImageDataOffset: error.offset))
            }
        }
        let output: InflateOutput
        if stream.imageData.count == 1 {
            output = try inflate(UnsafeRawBufferPointer(rebasing: bytes[stream.imageData[0]]))
        } else {
            var joined: [UInt8] = []
            joined.reserveCapacity(stream.imageDataByteCount)
            for range in stream.imageData { joined.append(contentsOf: bytes[range]) }
            output = try joined.withUnsafeBytesTyped { (data) throws(PNGError) in try inflate(data) }
        }
        guard output.count >= expected else { throw .notEnoughImageData(expected: expected, found: output.count) }
        return output
    }
}
