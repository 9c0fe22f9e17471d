// Zlib stage: the bit sink of the DEFLATE compressor. Fields in -> bytes
// out, packed least-significant bit first as RFC 1951 §3.1.1 requires.
// Huffman codes arrive already bit-reversed (see `HuffmanCode`), so every
// field, code or extra bits, is written the same way. No byte is lost:
// `finish()` pads the last partial byte with zero bits.

/// Packs bit fields of up to 32 bits into bytes, least-significant bit
/// first.
struct BitWriter {
    /// The widest field one `write` takes, in bits.
    static let maximumFieldWidth = 32
    /// Bits gather in a 64-bit accumulator and leave it this many at a time,
    /// so that a field of `maximumFieldWidth` bits always fits.
    private static let flushWidth = 32
    private static let bitsPerByte = 8

    /// The bytes completed so far.
    private(set) var bytes: [UInt8]
    /// Pending bits, the oldest in the least significant position.
    private var accumulator: UInt64 = 0
    /// How many bits of `accumulator` are pending, 0 ..< 32 between calls.
    private var pendingBitCount = 0

    /// An empty writer whose byte array has room for `capacity` bytes.
    init(reservingCapacity capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The number of bits written so far, padding included.
    var bitCount: Int { bytes.count * BitWriter.bitsPerByte + pendingBitCount }

    /// Appends the low `count` bits of `bits`, least significant first.
    /// `count` is 0 ... 32 and `bits` has no bit set above them.
    @inline(__always)
    mutating func write(_ bits: UInt32, count: Int) {
        assert(count >= 0 && count <= BitWriter.maximumFieldWidth)
        assert(count == BitWriter.maximumFieldWidth || bits >> UInt32(count) == 0)
        accumulator |= UInt64(bits) << UInt64(pendingBitCount)
        pendingBitCount += count
        if pendingBitCount >= BitWriter.flushWidth {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8))
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 24))
            accumulator >>= UInt64(BitWriter.flushWidth)
            pendingBitCount -= BitWriter.flushWidth
        }
    }

    /// Pads with zero bits up to the next byte boundary and moves every
    /// pending bit into `bytes`.
    mutating func alignToByte() {
        while pendingBitCount > 0 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= UInt64(BitWriter.bitsPerByte)
            pendingBitCount -= BitWriter.bitsPerByte
        }
        accumulator = 0
        pendingBitCount = 0
    }

    /// Aligns to a byte boundary, then appends `raw` unchanged.
    mutating func appendAlignedBytes(_ raw: UnsafeRawBufferPointer) {
        alignToByte()
        bytes.append(contentsOf: raw)
    }

    /// Aligns to a byte boundary and returns every byte written.
    mutating func finish() -> [UInt8] {
        alignToByte()
        return bytes
    }
}
