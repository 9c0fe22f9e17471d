// Zlib stage: the zlib container (RFC 1950) around the inflater. A zlib
// stream in -> its header checked (CM 8, CINFO ≤ 7, FCHECK, no FDICT), the
// DEFLATE data inflated under an output limit, and the Adler-32 trailer
// verified. Guarantees: returns bytes only if every check passed; any other
// input throws a `ZlibError` with the byte offset of the fault.

extension ZlibStream {
    /// Bytes of the header (CMF, FLG) and of the Adler-32 trailer.
    static let headerByteCount = 2, trailerByteCount = 4
    /// The low four bits of CMF hold the compression method.
    static let methodMask: UInt8 = 0x0F
    /// CINFO above 7 would announce a window over 32 KiB, which RFC 1950
    /// forbids for method 8.
    static let maximumWindowInfo: UInt8 = 7
    /// FLG bit 5: a preset dictionary's Adler-32 follows the header.
    static let presetDictionaryFlag: UInt8 = 0x20

    /// Decompresses a complete zlib stream.
    ///
    /// - Parameters:
    ///   - bytes: the stream: header, DEFLATE data, Adler-32; nothing after.
    ///   - maximumOutputSize: the most bytes the result may have. A stream
    ///     that would produce more throws as soon as it passes the limit,
    ///     having used at most about this much memory (decompression bombs
    ///     inflate over 1000-fold, so pass what the caller expects).
    /// - Returns: the decompressed bytes.
    /// - Throws: `ZlibError` naming the fault and its byte offset: a bad
    ///   header, a preset dictionary, a malformed or truncated DEFLATE
    ///   stream, output beyond the limit, an Adler-32 mismatch, or bytes
    ///   after the trailer.
    /// - Complexity: O(input + output) time; the output plus about 14 KiB
    ///   of tables in memory.
    public static func decompress(_ bytes: UnsafeRawBufferPointer, maximumOutputSize: Int) throws(ZlibError) -> [UInt8]
    {
        try inflate(bytes, maximumOutputSize: maximumOutputSize, allowsTrailingData: false).array()
    }

    /// Decompresses a complete zlib stream held in an array; see
    /// `decompress(_:maximumOutputSize:)` for a raw buffer.
    public static func decompress(_ bytes: [UInt8], maximumOutputSize: Int) throws(ZlibError) -> [UInt8] {
        try bytes.withUnsafeBytesTyped { (buffer) throws(ZlibError) in
            try decompress(buffer, maximumOutputSize: maximumOutputSize)
        }
    }

    /// Inflates a zlib stream into an output buffer.
    /// - Parameters:
    ///   - expectedOutputSize: sizes the first allocation, if known.
    ///   - allowsTrailingData: whether bytes may follow the trailer (PNG
    ///     decoders ignore them, as libpng does).
    static func inflate(
        _ bytes: UnsafeRawBufferPointer, maximumOutputSize: Int, expectedOutputSize: Int? = nil,
        allowsTrailingData: Bool
    ) throws(ZlibError) -> InflateOutput {
        try checkHeader(bytes)
        let inflater = Inflater(
            bytes, start: headerByteCount, maximumOutputSize: maximumOutputSize, expectedOutputSize: expectedOutputSize)
        return try finishInflating(inflater, bytes, allowsTrailingData: allowsTrailingData)
    }

    /// `inflate(_:maximumOutputSize:expectedOutputSize:allowsTrailingData:)`
    /// into `output`, the caller's buffer (its limit bounds the output).
    static func inflate(
        _ bytes: UnsafeRawBufferPointer, into output: InflateOutput,
        allowsTrailingData: Bool
    ) throws(ZlibError) -> InflateOutput {
        try checkHeader(bytes)
        return try finishInflating(
            Inflater(bytes, start: headerByteCount, output: output), bytes,
            allowsTrailingData: allowsTrailingData)
    }

    /// Runs `inflater` over the stream's blocks and checks its trailer.
    private static func finishInflating(
        _ inflater: Inflater, _ bytes: UnsafeRawBufferPointer,
        allowsTrailingData: Bool
    ) throws(ZlibError) -> InflateOutput {
        var inflater = inflater
        try inflater.inflate()
        let trailerOffset = inflater.reader.position
        guard trailerOffset + trailerByteCount <= bytes.count else { throw .truncated(at: bytes.count) }
        var stored: UInt32 = 0
        for index in 0..<trailerByteCount {
            stored = stored << UInt8.bitWidth | UInt32(bytes[trailerOffset + index])
        }
        let computed = inflater.output.withUnsafeBytes { output in
            var adler = Adler32()
            adler.update(output)
            return adler.value
        }
        guard stored == computed else {
            throw .checksumMismatch(expected: stored, computed: computed, at: trailerOffset)
        }
        let end = trailerOffset + trailerByteCount
        if !allowsTrailingData && end < bytes.count {
            throw .trailingData(byteCount: bytes.count - end, at: end)
        }
        return inflater.output
    }

    /// Checks CMF and FLG (RFC 1950 §2.2).
    static func checkHeader(_ bytes: UnsafeRawBufferPointer) throws(ZlibError) {
        guard bytes.count >= headerByteCount else { throw .truncated(at: bytes.count) }
        let methodAndInfo = bytes[0], flags = bytes[1]
        let method = methodAndInfo & methodMask, windowInfo = methodAndInfo >> windowInfoShift
        guard method == deflateMethod else {
            throw .invalidHeader("compression method \(method), expected 8 (DEFLATE)", at: 0)
        }
        guard windowInfo <= maximumWindowInfo else {
            throw .invalidHeader("window of 2^\(Int(windowInfo) + 8) bytes, more than 32 KiB", at: 0)
        }
        guard (Int(methodAndInfo) << UInt8.bitWidth | Int(flags)) % headerCheckModulus == 0 else {
            throw .invalidHeader("header check bits do not make CMF-FLG a multiple of 31", at: 1)
        }
        guard flags & presetDictionaryFlag == 0 else { throw .presetDictionary(at: 1) }
    }
}

extension Inflater {
    /// Inflates raw DEFLATE data (no zlib header or trailer), as tests and
    /// tools need; bytes after the final block are ignored.
    static func inflateRaw(_ bytes: [UInt8], maximumOutputSize: Int) throws(ZlibError) -> [UInt8] {
        try bytes.withUnsafeBytesTyped { (buffer) throws(ZlibError) in
            var inflater = Inflater(buffer, maximumOutputSize: maximumOutputSize)
            try inflater.inflate()
            return inflater.output.array()
        }
    }
}
