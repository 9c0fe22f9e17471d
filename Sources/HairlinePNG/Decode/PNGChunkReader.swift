// Decode stage: PNG chunk framing (PNG spec §5.2-5.4). File bytes in ->
// the signature checked, then one chunk at a time: offset, type, data
// range. Guarantees: every chunk returned lies wholly inside the input,
// has a length below 2^31, a type of four ASCII letters and a correct
// CRC-32 over its type and data; anything else throws with its offset.

/// One chunk of a PNG file, located in the file's bytes.
struct PNGChunk: Sendable {
    /// The four type bytes read as a big-endian number (`PNGChunkType.code`).
    let code: UInt32
    /// File offset of the chunk's length field.
    let offset: Int
    /// The data's position in the file.
    let data: Range<Int>

    /// The type as text, such as "IHDR".
    var name: String { PNGChunk.name(of: code) }

    /// Whether the type's first letter is uppercase: a decoder that does not
    /// know the chunk must reject the file (PNG spec §5.4).
    var isCritical: Bool { code & PNGChunk.ancillaryBit == 0 }

    /// Bit 5 of the first type byte: lowercase marks an ancillary chunk.
    static let ancillaryBit: UInt32 = 0x20 << 24

    /// The text of a type code; bytes that are not printable ASCII are
    /// written as `\xNN`.
    static func name(of code: UInt32) -> String {
        let printable: ClosedRange<UInt32> = 0x20...0x7E
        return [24, 16, 8, 0].map { shift -> String in
            let byte = code >> UInt32(shift) & 0xFF
            return printable.contains(byte)
                ? String(UnicodeScalar(UInt8(byte))) : "\\x" + String(byte, radix: 16, uppercase: true)
        }.joined()
    }
}

extension PNGChunkType {
    /// The palette.
    static let palette = PNGChunkType("PLTE")
    /// Simple transparency: palette alphas or a color key.
    static let transparency = PNGChunkType("tRNS")

    /// The four type bytes as a big-endian number.
    var code: UInt32 { bytes.reduce(0) { $0 << UInt8.bitWidth | UInt32($1) } }
}

/// Walks the chunks of a PNG file.
struct PNGChunkReader {
    /// Bytes of the length and type fields before a chunk's data, and of the
    /// CRC after it.
    static let prefixByteCount = 8, crcByteCount = 4

    /// The whole file.
    let bytes: UnsafeRawBufferPointer
    /// Offset of the next chunk.
    private(set) var offset: Int

    /// A reader positioned after the signature.
    /// - Throws: `.notPNG` if the signature is wrong, `.truncated(at: n)` if
    ///   the n bytes given are a proper prefix of it.
    init(_ bytes: UnsafeRawBufferPointer) throws(PNGError) {
        let signature = PNGEncoder.signature
        for index in 0..<min(bytes.count, signature.count) where bytes[index] != signature[index] {
            throw .notPNG
        }
        guard bytes.count >= signature.count else { throw .truncated(at: bytes.count) }
        self.bytes = bytes
        offset = signature.count
    }

    /// The big-endian 32-bit value at `at`, which the caller has checked
    /// lies inside the input.
    func bigEndian32(at position: Int) -> UInt32 {
        UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self))
    }

    /// Reads the next chunk and checks its framing and CRC.
    /// - Throws: `.truncated(at:)` (the chunk's offset) if the input ends in
    ///   it or before it, `.invalidChunkLength`, `.badCRC`,
    ///   `.invalidChunkType`.
    mutating func next() throws(PNGError) -> PNGChunk {
        let start = offset
        guard bytes.count - start >= PNGChunkReader.prefixByteCount else { throw .truncated(at: start) }
        let length = bigEndian32(at: start)
        guard length <= UInt32(PNGChunkWriter.maximumDataLength) else {
            throw .invalidChunkLength(length, at: start)
        }
        let dataStart = start + PNGChunkReader.prefixByteCount
        let dataEnd = dataStart + Int(length)
        guard bytes.count - dataEnd >= PNGChunkReader.crcByteCount else { throw .truncated(at: start) }
        let code = bigEndian32(at: start + MemoryLayout<UInt32>.size)
        var crc = CRC32()
        crc.update(UnsafeRawBufferPointer(rebasing: bytes[(dataStart - PNGChunkWriter.typeByteCount)..<dataEnd]))
        guard crc.value == bigEndian32(at: dataEnd) else { throw .badCRC(chunk: PNGChunk.name(of: code), at: start) }
        for shift in stride(from: 0, to: UInt32.bitWidth, by: UInt8.bitWidth) {
            let letter = UInt8(truncatingIfNeeded: code >> UInt32(shift))
            guard
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(letter)
                    || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
            else { throw .invalidChunkType(PNGChunk.name(of: code), at: start) }
        }
        offset = dataEnd + PNGChunkReader.crcByteCount
        return PNGChunk(code: code, offset: start, data: dataStart..<dataEnd)
    }
}
