// Zlib stage: the gzip container (RFC 1952) around the inflater, for
// `.svgz` files. A gzip member in -> its header checked (ID 1F 8B, CM 8, no
// reserved flags; FEXTRA, FNAME, FCOMMENT and FHCRC stepped over), the
// DEFLATE data inflated under an output limit, and the CRC-32 and ISIZE
// trailer verified. Returns bytes only if every check passed; any other
// input throws a `ZlibError` with the byte offset of the fault.

/// The gzip file format (one member; bytes after it are ignored).
public enum GzipStream {
    /// The two magic bytes every gzip member starts with.
    public static let magic: [UInt8] = [0x1F, 0x8B]
    /// Bytes of the fixed header and of the CRC-32 + ISIZE trailer.
    static let headerByteCount = 10, trailerByteCount = 8
    /// FLG bits (RFC 1952 §2.3.1).
    static let headerCRCFlag: UInt8 = 0x02, extraFlag: UInt8 = 0x04, nameFlag: UInt8 = 0x08,
        commentFlag: UInt8 = 0x10, reservedFlags: UInt8 = 0xE0

    /// Whether `bytes` start with the gzip magic.
    public static func hasMagic(_ bytes: [UInt8]) -> Bool { bytes.starts(with: magic) }

    /// Decompresses the first gzip member of `bytes`.
    /// - Parameters:
    ///   - bytes: a gzip file.
    ///   - maximumOutputSize: the most bytes the result may have (a bomb
    ///     throws as soon as it passes it).
    /// - Returns: the decompressed bytes.
    /// - Throws: `ZlibError`: a bad header (`invalidHeader`), a truncated
    ///   or malformed DEFLATE stream, output past the limit, a CRC-32 or
    ///   length mismatch (`checksumMismatch`).
    /// - Complexity: O(input + output).
    public static func decompress(_ bytes: [UInt8], maximumOutputSize: Int) throws(ZlibError) -> [UInt8] {
        try bytes.withUnsafeBytesTyped { (buffer) throws(ZlibError) in
            let start = try dataStart(buffer)
            var inflater = Inflater(buffer, start: start, maximumOutputSize: maximumOutputSize)
            try inflater.inflate()
            let output = inflater.output.array()
            let trailer = inflater.reader.position
            guard trailer + trailerByteCount <= buffer.count else { throw .truncated(at: buffer.count) }
            func word(_ offset: Int) -> UInt32 {
                (0..<4).reduce(UInt32(0)) { $0 | UInt32(buffer[offset + $1]) << (8 * UInt32($1)) }
            }
            var crc = CRC32()
            output.withUnsafeBytes { crc.update($0) }
            guard word(trailer) == crc.value else {
                throw .checksumMismatch(expected: word(trailer), computed: crc.value, at: trailer)
            }
            guard word(trailer + 4) == UInt32(truncatingIfNeeded: output.count) else {
                throw .invalidHeader(
                    "ISIZE \(word(trailer + 4)) is not the output's length \(output.count)", at: trailer + 4)
            }
            return output
        }
    }

    /// The offset of the DEFLATE data: past the fixed header and the
    /// optional fields its flags announce.
    static func dataStart(_ bytes: UnsafeRawBufferPointer) throws(ZlibError) -> Int {
        guard bytes.count >= headerByteCount else { throw .truncated(at: bytes.count) }
        guard bytes[0] == magic[0], bytes[1] == magic[1] else { throw .invalidHeader("not gzip (no 1F 8B)", at: 0) }
        guard bytes[2] == 8 else { throw .invalidHeader("compression method \(bytes[2]), expected 8 (DEFLATE)", at: 2) }
        let flags = bytes[3]
        guard flags & reservedFlags == 0 else { throw .invalidHeader("reserved flag bits set", at: 3) }
        var position = headerByteCount
        if flags & extraFlag != 0 {
            guard position + 2 <= bytes.count else { throw .truncated(at: bytes.count) }
            position += 2 + (Int(bytes[position]) | Int(bytes[position + 1]) << 8)
        }
        for flag in [nameFlag, commentFlag] where flags & flag != 0 {
            // A zero-terminated string.
            while position < bytes.count, bytes[position] != 0 { position += 1 }
            position += 1
        }
        if flags & headerCRCFlag != 0 { position += 2 }
        guard position < bytes.count else { throw .truncated(at: bytes.count) }
        return position
    }
}
