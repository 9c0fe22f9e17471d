// Encode stage: PNG chunk framing (PNG spec §5.3). A chunk type and its
// data in -> length (big-endian), type, data and the CRC-32 of type and
// data out, appended to a byte array. Guarantees: every chunk it writes
// has a correct CRC and a length below 2^31.

/// The four-letter type of a PNG chunk.
struct PNGChunkType: Hashable, Sendable {
    /// The type's four ASCII bytes.
    let bytes: [UInt8]

    /// A type from its four-letter name, such as "IHDR".
    init(_ name: StaticString) {
        precondition(name.utf8CodeUnitCount == PNGChunkWriter.typeByteCount)
        bytes = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    /// Image header: size and pixel format.
    static let header = PNGChunkType("IHDR")
    /// The image is in the sRGB color space.
    static let standardRGB = PNGChunkType("sRGB")
    /// A piece of the zlib stream of filtered scanlines.
    static let imageData = PNGChunkType("IDAT")
    /// The end of the file.
    static let end = PNGChunkType("IEND")
}

/// Appends PNG chunks to a byte array.
struct PNGChunkWriter {
    /// Bytes of a chunk type.
    static let typeByteCount = 4
    /// Bytes around a chunk's data: length, type and CRC, 4 each.
    static let framingByteCount = 12
    /// The largest chunk data length the format allows, 2^31 - 1 bytes.
    static let maximumDataLength = Int(Int32.max)

    /// The file so far.
    var bytes: [UInt8] = []

    /// An empty writer with room for `capacity` bytes.
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one chunk: length, type, `data`, CRC of type and data.
    mutating func append(_ type: PNGChunkType, data: some Collection<UInt8>) {
        precondition(data.count <= PNGChunkWriter.maximumDataLength)
        withUnsafeBytes(of: UInt32(data.count).bigEndian) { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: type.bytes)
        bytes.append(contentsOf: data)
        var crc = CRC32()
        crc.update(type.bytes)
        crc.update(data)
        withUnsafeBytes(of: crc.value.bigEndian) { bytes.append(contentsOf: $0) }
    }
}
