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

extension BitWriter {
    /// Writes many fields fast: `body` gets a `BulkBitWriter` with room for
    /// `maximumBitCount` more bits, which stores 8 bytes at a time into
    /// scratch memory; its whole bytes are appended to `bytes` at the end
    /// and its pending bits carried on. The same bits as `write` calls.
    mutating func writeBulk(maximumBitCount: Int, _ body: (inout BulkBitWriter) -> Void) {
        precondition(maximumBitCount >= 0)
        let capacity = (pendingBitCount + maximumBitCount) / BitWriter.bitsPerByte + BulkBitWriter.slackByteCount
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: MemoryLayout<UInt64>.alignment)
        defer { scratch.deallocate() }
        var bulk = BulkBitWriter(
            base: scratch, capacity: capacity, accumulator: accumulator,
            pendingBitCount: pendingBitCount)
        body(&bulk)
        precondition(bulk.byteCount + BulkBitWriter.slackByteCount <= capacity, "BitWriter: bulk overflow")
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: scratch, count: bulk.byteCount))
        accumulator = bulk.accumulator
        pendingBitCount = bulk.pendingBitCount
    }
}

/// The fast inner writer of `BitWriter.writeBulk`: fields of up to 32 bits
/// gather in a 64-bit accumulator; once 32 or more are pending, all 8 of
/// its bytes are stored at once (unaligned, little-endian) and only the
/// whole ones counted, so a flush costs one store and a shift.
struct BulkBitWriter {
    /// Bytes past the counted ones a flush may touch: the 8-byte store.
    static let slackByteCount = 16
    private let base: UnsafeMutableRawPointer
    private let capacity: Int
    /// Pending bits, the oldest in the least significant position.
    fileprivate(set) var accumulator: UInt64
    /// How many bits of `accumulator` are pending, 0 ..< 32 between calls.
    fileprivate(set) var pendingBitCount: Int
    /// Whole bytes stored so far.
    fileprivate(set) var byteCount = 0

    fileprivate init(base: UnsafeMutableRawPointer, capacity: Int, accumulator: UInt64, pendingBitCount: Int) {
        self.base = base
        self.capacity = capacity
        self.accumulator = accumulator
        self.pendingBitCount = pendingBitCount
    }

    /// Appends the low `count` bits of `bits` (0 ... 32 bits, none set
    /// above them), least significant first.
    @inline(__always)
    mutating func write(_ bits: UInt32, count: Int) {
        assert(count >= 0 && count <= BitWriter.maximumFieldWidth)
        assert(count == BitWriter.maximumFieldWidth || bits >> UInt32(count) == 0)
        accumulator |= UInt64(bits) << UInt64(pendingBitCount)
        pendingBitCount += count
        if pendingBitCount >= BitWriter.maximumFieldWidth {
            assert(byteCount + BulkBitWriter.slackByteCount <= capacity)
            base.storeBytes(of: accumulator.littleEndian, toByteOffset: byteCount, as: UInt64.self)
            let whole = pendingBitCount >> 3
            byteCount += whole
            accumulator >>= UInt64(whole << 3)
            pendingBitCount &= 7
        }
    }
}
