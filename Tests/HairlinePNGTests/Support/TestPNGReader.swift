// Test oracle: a minimal PNG reader for 8-bit RGBA, non-interlaced files.
// PNG bytes in -> chunks (each CRC checked with a bit-at-a-time CRC-32,
// independent of the encoder's table), IHDR fields and the straight RGBA
// pixels, unfiltered as PNG spec §9 describes.

enum TestPNGError: Error, Equatable {
    case badSignature
    case truncated(at: Int)
    case badCRC(chunk: String, at: Int)
    case missingChunk(String)
    case badFilter(Int)
    case badSize(expected: Int, found: Int)
}

struct TestChunk {
    var type: String
    var data: [UInt8]
}

struct TestPNG {
    var chunks: [TestChunk]
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var compressionMethod: Int
    var filterMethod: Int
    var interlaceMethod: Int
    /// The zlib stream: every IDAT's data in order.
    var imageData: [UInt8]
}

enum TestPNGReader {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// CRC-32 one bit at a time, from the definition (PNG spec Annex D).
    static func bitwiseCRC32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> Int {
        (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    static func parse(_ png: [UInt8]) throws -> TestPNG {
        guard png.starts(with: signature) else { throw TestPNGError.badSignature }
        var chunks: [TestChunk] = []
        var offset = signature.count
        while offset < png.count {
            guard offset + 12 <= png.count else { throw TestPNGError.truncated(at: offset) }
            let length = bigEndian32(png, at: offset)
            guard offset + 12 + length <= png.count else { throw TestPNGError.truncated(at: offset) }
            let typeBytes = Array(png[(offset + 4)..<(offset + 8)])
            let data = Array(png[(offset + 8)..<(offset + 8 + length)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            let stored = UInt32(bigEndian32(png, at: offset + 8 + length))
            guard stored == bitwiseCRC32(typeBytes + data) else { throw TestPNGError.badCRC(chunk: type, at: offset) }
            chunks.append(TestChunk(type: type, data: data))
            offset += 12 + length
        }
        guard let header = chunks.first(where: { $0.type == "IHDR" }), header.data.count == 13 else {
            throw TestPNGError.missingChunk("IHDR")
        }
        let h = header.data
        return TestPNG(
            chunks: chunks, width: bigEndian32(h, at: 0), height: bigEndian32(h, at: 4),
            bitDepth: Int(h[8]), colorType: Int(h[9]), compressionMethod: Int(h[10]),
            filterMethod: Int(h[11]), interlaceMethod: Int(h[12]),
            imageData: chunks.filter { $0.type == "IDAT" }.flatMap(\.data))
    }

    /// Reverses the PNG filters of `filtered` (rows of a type byte and
    /// `rowByteCount` bytes); `bytesPerPixel` is the left-neighbour distance.
    static func unfilter(_ filtered: [UInt8], rowByteCount: Int, height: Int, bytesPerPixel: Int) throws -> [UInt8] {
        let expected = height * (rowByteCount + 1)
        guard filtered.count == expected else { throw TestPNGError.badSize(expected: expected, found: filtered.count) }
        var output = [UInt8](repeating: 0, count: rowByteCount * height)
        for y in 0..<height {
            let type = Int(filtered[y * (rowByteCount + 1)])
            for x in 0..<rowByteCount {
                let raw = Int(filtered[y * (rowByteCount + 1) + 1 + x])
                let a = x >= bytesPerPixel ? Int(output[y * rowByteCount + x - bytesPerPixel]) : 0
                let b = y > 0 ? Int(output[(y - 1) * rowByteCount + x]) : 0
                let c = x >= bytesPerPixel && y > 0 ? Int(output[(y - 1) * rowByteCount + x - bytesPerPixel]) : 0
                let predictor: Int
                switch type {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw TestPNGError.badFilter(type)
                }
                output[y * rowByteCount + x] = UInt8((raw + predictor) & 0xFF)
            }
        }
        return output
    }

    /// The straight RGBA8 pixels of an 8-bit RGBA PNG, rows top to bottom.
    static func decodePixels(_ png: [UInt8]) throws -> (info: TestPNG, pixels: [UInt8]) {
        let info = try parse(png)
        let inflated = try TestInflater.zlibDecompress(info.imageData)
        let pixels = try unfilter(inflated.bytes, rowByteCount: info.width * 4, height: info.height, bytesPerPixel: 4)
        return (info, pixels)
    }
}
