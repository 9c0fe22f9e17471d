// Test support: a plain PNG writer for decoder tests. Samples of any of the
// 15 bit depth / color type formats in -> PNG files (Adam7 or not, chosen
// filters, IDAT split anywhere, extra or broken chunks), plus the straight
// RGBA the decoder must return, computed here without the decoder's code.

@testable import HairlinePNG
import HairlineTestSupport

/// PNG files built chunk by chunk; CRCs come from the test reader's
/// bit-at-a-time CRC-32.
enum TestPNGBuilder {
    /// One chunk: length, type, data, CRC (or `crc` if given, to corrupt it).
    static func chunk(_ type: String, _ data: [UInt8], crc: UInt32? = nil) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let check = crc ?? TestPNGReader.bitwiseCRC32(typeBytes + data)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(check)
    }

    /// The four big-endian bytes of `value`.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }

    /// IHDR data.
    static func header(
        width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0,
        compression: UInt8 = 0, filter: UInt8 = 0
    ) -> [UInt8] {
        bigEndian(width) + bigEndian(height) + [bitDepth, colorType, compression, filter, interlace]
    }

    /// The signature followed by `chunks`.
    static func file(_ chunks: [[UInt8]]) -> [UInt8] {
        TestPNGReader.signature + chunks.flatMap { $0 }
    }

    /// A small valid 8-bit gray image (width x height, filter None) with
    /// optional extra chunks before IDAT, as a base for corruptions.
    static func gray8(width: Int = 4, height: Int = 3, before extra: [[UInt8]] = []) -> [UInt8] {
        let rows: [UInt8] = (0..<height).flatMap { y -> [UInt8] in
            [0] + (0..<width).map { UInt8(truncatingIfNeeded: $0 * 40 + y * 7) }
        }
        return file(
            [chunk("IHDR", header(width: UInt32(width), height: UInt32(height), bitDepth: 8, colorType: 0))]
                + extra + [chunk("IDAT", ZlibStream.compress(rows)), chunk("IEND", [])])
    }
}

/// An image in one PNG format: the samples as the file stores them, and
/// what decoding it must give.
struct TestPNGImage {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    /// `channelCount` samples a pixel, row-major; palette indices for type 3.
    var samples: [UInt16]
    /// Palette entries (type 3; also written, and ignored, for types 2 and 6).
    var palette: [[UInt8]] = []
    /// tRNS data: alphas for type 3, a gray or RGB key for types 0 and 2.
    var transparency: [UInt16]? = nil

    var channelCount: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }

    /// A random image of the format with `seed`; palette images get a
    /// random palette of `2^depth` (at most 256) entries and, for some
    /// seeds, transparency.
    static func random(width: Int, height: Int, bitDepth: Int, colorType: Int, seed: UInt64) -> TestPNGImage {
        var generator = SplitMix64(seed: seed)
        let maximum = (1 << bitDepth) - 1
        var image = TestPNGImage(width: width, height: height, bitDepth: bitDepth, colorType: colorType, samples: [])
        let paletteCount = colorType == 3 ? Int.random(in: 1...(1 << bitDepth), using: &generator) : 0
        image.samples = (0..<(width * height * image.channelCount)).map { _ in
            UInt16(Int.random(in: 0...(colorType == 3 ? paletteCount - 1 : maximum), using: &generator))
        }
        image.palette = (0..<paletteCount).map { _ in generator.bytes(3) }
        if seed % 2 == 0 {
            switch colorType {
            case 3:
                image.transparency = (0..<Int.random(in: 0...paletteCount, using: &generator)).map { _ in
                    UInt16.random(in: 0...255, using: &generator)
                }
            case 0, 2:
                // A key equal to a sample that occurs, so that it matters.
                let pixel = Int.random(in: 0..<(width * height), using: &generator)
                image.transparency = Array(
                    image.samples[(pixel * image.channelCount)..<((pixel + 1) * image.channelCount)])
            default: break
            }
        }
        return image
    }

    /// The expected straight RGBA samples: 8-bit for depths up to 8, the
    /// 16-bit samples otherwise.
    func expectedSamples() -> [UInt16] {
        var output: [UInt16] = []
        let full = bitDepth == 16 ? 65_535 : 255
        let scale = bitDepth < 8 ? 255 / ((1 << bitDepth) - 1) : 1
        for pixel in 0..<(width * height) {
            let s = Array(samples[(pixel * channelCount)..<((pixel + 1) * channelCount)])
            let isKey = transparency != nil && colorType != 3 && s == transparency!
            switch colorType {
            case 0: output += [s[0], s[0], s[0]].map { $0 * UInt16(scale) } + [isKey ? 0 : UInt16(full)]
            case 2: output += s + [isKey ? 0 : UInt16(full)]
            case 3:
                let entry = palette[Int(s[0])].map { UInt16($0) }
                let alphas = transparency ?? []
                output += entry + [Int(s[0]) < alphas.count ? alphas[Int(s[0])] : 255]
            case 4: output += [s[0], s[0], s[0], s[1]]
            default: output += s
            }
        }
        return output
    }

    /// The expected RGBA8: `expectedSamples`, rounded to 8 bits for 16-bit
    /// images in Double.
    func expectedRGBA8() -> [UInt8] {
        expectedSamples().map { bitDepth == 16 ? UInt8((Double($0) * 255 / 65_535).rounded()) : UInt8($0) }
    }

    /// The file: IHDR, PLTE if any, tRNS if any, the image data in IDAT
    /// chunks of at most `idatSize` bytes, IEND. Row r of each pass uses
    /// `filter(r)`.
    func png(interlaced: Bool, filter: (Int) -> PNGFilter = { _ in .none }, idatSize: Int = .max) -> [UInt8] {
        var chunks = [
            TestPNGBuilder.chunk(
                "IHDR",
                TestPNGBuilder.header(
                    width: UInt32(width), height: UInt32(height), bitDepth: UInt8(bitDepth),
                    colorType: UInt8(colorType),
                    interlace: interlaced ? 1 : 0))
        ]
        if !palette.isEmpty { chunks.append(TestPNGBuilder.chunk("PLTE", palette.flatMap { $0 })) }
        if let transparency {
            let data =
                colorType == 3
                ? transparency.map { UInt8($0) } : transparency.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            chunks.append(TestPNGBuilder.chunk("tRNS", data))
        }
        let stream = ZlibStream.compress(scanlines(interlaced: interlaced, filter: filter))
        var start = 0
        repeat {
            let end = min(stream.count, start + max(1, min(idatSize, stream.count)))
            chunks.append(TestPNGBuilder.chunk("IDAT", Array(stream[start..<end])))
            start = end
        } while start < stream.count
        chunks.append(TestPNGBuilder.chunk("IEND", []))
        return TestPNGBuilder.file(chunks)
    }

    /// The filtered image data: for each non-empty pass (Adam7 start and
    /// step per PNG spec §8.2, written out here), each row's filter byte
    /// and its packed, filtered samples.
    func scanlines(interlaced: Bool, filter: (Int) -> PNGFilter) -> [UInt8] {
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        let bitsPerPixel = channelCount * bitDepth
        var output: [UInt8] = []
        for (startX, startY, stepX, stepY) in passes {
            let columns = Array(stride(from: startX, to: width, by: stepX))
            let rows = Array(stride(from: startY, to: height, by: stepY))
            guard !columns.isEmpty && !rows.isEmpty else { continue }
            let rowByteCount = (columns.count * bitsPerPixel + 7) / 8
            var previous = [UInt8](repeating: 0, count: rowByteCount)
            for (index, y) in rows.enumerated() {
                let raw = pack(
                    columns.flatMap { x in
                        samples[((y * width + x) * channelCount)..<((y * width + x + 1) * channelCount)]
                    })
                var filtered = [UInt8](repeating: 0, count: rowByteCount)
                let chosen = filter(index)
                raw.withUnsafeBufferPointer { row in
                    previous.withUnsafeBufferPointer { above in
                        filtered.withUnsafeMutableBufferPointer { out in
                            chosen.apply(
                                to: row.baseAddress!, previous: above.baseAddress!, count: rowByteCount,
                                bytesPerPixel: max(1, bitsPerPixel / 8), into: out.baseAddress!)
                        }
                    }
                }
                output += [chosen.rawValue] + filtered
                previous = raw
            }
        }
        return output
    }

    /// Samples packed at `bitDepth` bits, most significant first, the last
    /// byte padded with zeros; 16-bit samples big-endian.
    func pack(_ values: [UInt16]) -> [UInt8] {
        if bitDepth == 16 { return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        var bytes = [UInt8](repeating: 0, count: (values.count * bitDepth + 7) / 8)
        for (index, value) in values.enumerated() {
            let bit = index * bitDepth
            bytes[bit / 8] |= UInt8(value) << UInt8(8 - bitDepth - bit % 8)
        }
        return bytes
    }
}
