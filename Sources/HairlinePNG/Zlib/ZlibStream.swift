// Zlib stage: the zlib container (RFC 1950) around a DEFLATE stream, as a
// PNG's IDAT data needs it. Bytes in -> 2-byte header (deflate, 32 KiB
// window, no preset dictionary), the DEFLATE data, and the Adler-32 of the
// input, big-endian. Guarantees: any RFC 1950 inflater returns the input.

/// zlib-format compression (RFC 1950 wrapping RFC 1951 DEFLATE).
public enum ZlibStream {
    /// Compression method 8: DEFLATE.
    static let deflateMethod: UInt8 = 8
    /// CINFO: log2 of the window size minus 8, so 7 announces 32 KiB.
    static let windowInfo: UInt8 = 7
    /// Bit position of CINFO in CMF and of FLEVEL in FLG.
    static let windowInfoShift: UInt8 = 4, levelShift: UInt8 = 6
    /// FLEVEL 2: the "default" compression level, as zlib writes for its
    /// level 6, which our matcher parameters copy.
    static let defaultLevel: UInt8 = 2
    /// FCHECK makes the big-endian 16-bit CMF-FLG a multiple of this.
    static let headerCheckModulus = 31

    /// FLEVEL 0 and 1: "fastest" and "fast", as zlib writes for its level
    /// 1 and levels 2-5; the PNG levels `fast` and `default` announce them
    /// (`ScanlineDeflater`).
    static let fastestLevel: UInt8 = 0, fastLevel: UInt8 = 1

    /// The two header bytes CMF and FLG.
    static let header: [UInt8] = header(level: defaultLevel)

    /// The two header bytes CMF and FLG with FLEVEL `level` (0 ... 3).
    static func header(level: UInt8) -> [UInt8] {
        let methodAndInfo = deflateMethod | windowInfo << windowInfoShift
        let levelFlags = level << levelShift
        let remainder = (Int(methodAndInfo) << UInt8.bitWidth | Int(levelFlags)) % headerCheckModulus
        let check = (headerCheckModulus - remainder) % headerCheckModulus
        return [methodAndInfo, levelFlags | UInt8(check)]
    }

    /// Compresses `bytes` into a zlib stream.
    ///
    /// - Parameter bytes: any bytes, including none.
    /// - Returns: the zlib stream: header, DEFLATE blocks (stored, fixed or
    ///   dynamic Huffman, whichever is smallest for each block) and the
    ///   Adler-32 trailer. For n input bytes it is at most
    ///   11 + 5 × ⌊n / 16384⌋ bytes longer than the input (incompressible
    ///   data is stored).
    /// - Complexity: O(n) time with a bounded chain search per byte; about
    ///   800 KiB of scratch memory besides the output.
    public static func compress(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var writer = BitWriter(reservingCapacity: bytes.count / 2 + header.count + MemoryLayout<UInt32>.size)
        header.withUnsafeBytes { writer.appendAlignedBytes($0) }
        Deflate.compress(bytes, into: &writer)
        var adler = Adler32()
        adler.update(bytes)
        var stream = writer.finish()
        withUnsafeBytes(of: adler.value.bigEndian) { stream.append(contentsOf: $0) }
        return stream
    }

    /// Compresses `bytes` into a zlib stream; see `compress(_:)` for a raw
    /// buffer.
    public static func compress(_ bytes: [UInt8]) -> [UInt8] {
        bytes.withUnsafeBytes { compress($0) }
    }
}
