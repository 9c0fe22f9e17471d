// Tests of the `fast` level's scanline compressor and of every level on
// random images: the scanlines come back exactly through the independent
// test inflater and the package's own inflater, across block boundaries,
// scanlines too long for the row-above match and every pixel size; random
// surfaces at every level decode (package decoder and test reader) to the
// straight-alpha pixels computed in Double; `best` keeps today's bytes.

import Hairline
import Testing
@testable import HairlinePNG
import HairlineTestSupport

@Suite struct ScanlineDeflaterTests {
    /// Scanlines mixing noise, runs of a pixel, copies of the row above
    /// and zeros, as filtered drawings have them.
    static func scanlines(count: Int, length: Int, bytesPerPixel: Int, seed: UInt64) -> [[UInt8]] {
        var rng = SplitMix64(seed: seed)
        var rows: [[UInt8]] = []
        for index in 0..<count {
            var row = [UInt8](repeating: 0, count: length)
            row[0] = UInt8(rng.next() % 5)
            var x = 1
            while x < length {
                let span = min(length - x, 1 + Int(rng.next() % 300))
                switch rng.next() % 5 {
                case 0:
                    for i in x..<(x + span) { row[i] = UInt8(truncatingIfNeeded: rng.next()) }
                case 1:
                    let pixel = (0..<bytesPerPixel).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                    for i in x..<(x + span) { row[i] = pixel[(i - x) % bytesPerPixel] }
                case 2 where index > 0:
                    for i in x..<(x + span) { row[i] = rows[index - 1][i] }
                case 3:
                    break  // zeros
                default:
                    for i in x..<(x + span) { row[i] = UInt8(truncatingIfNeeded: i / 3) }
                }
                x += span
            }
            rows.append(row)
        }
        return rows
    }

    static func compress(_ rows: [[UInt8]], bytesPerPixel: Int) -> [UInt8] {
        let deflater = ScanlineDeflater(scanlineByteCount: rows[0].count, bytesPerPixel: bytesPerPixel)
        for row in rows { row.withUnsafeBytes { deflater.write($0) } }
        return deflater.finish()
    }

    @Test(arguments: [(1, 1), (2, 1), (5, 4), (17, 3), (33, 4), (1201, 4), (4097, 8), (40_001, 4)])
    func scanlinesComeBackExactly(length: Int, bytesPerPixel: Int) throws {
        // Enough rows for several blocks at the longer lengths (a block
        // holds at most 1 MiB of input).
        let rowCount = length > 10_000 ? 30 : length > 1000 ? 300 : 40
        let rows = Self.scanlines(count: rowCount, length: length, bytesPerPixel: bytesPerPixel, seed: UInt64(length))
        let expected = rows.flatMap { $0 }
        let stream = Self.compress(rows, bytesPerPixel: bytesPerPixel)
        // FLEVEL 0 ("fastest"), a valid CMF-FLG check.
        #expect(stream[0] == 0x78 && stream[1] >> 6 == 0 && (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0)
        #expect(firstDifference(try TestInflater.zlibDecompress(stream).bytes, expected) == nil)
        #expect(try ZlibStream.decompress(stream, maximumOutputSize: expected.count) == expected)
        // Far below the input: runs, copies and zeros are most of it.
        if length > 1000 { #expect(stream.count < expected.count * 3 / 4) }
    }

    @Test func repeatedContentUsesRunsAndTheRowAbove() throws {
        // One flat row, then copies of it: a few bytes a row.
        let row: [UInt8] = [0] + (0..<800).flatMap { _ in [200, 30, 10, 255] as [UInt8] }
        let rows = [[UInt8]](repeating: row, count: 200)
        let stream = Self.compress(rows, bytesPerPixel: 4)
        #expect(stream.count < 200 * 12)
        #expect(try TestInflater.zlibDecompress(stream).bytes == rows.flatMap { $0 })
    }

    @Test func noiseIsStoredNotExpanded() throws {
        var rng = SplitMix64(seed: 77)
        let rows = (0..<60).map { _ in rng.bytes(1001) }
        let stream = Self.compress(rows, bytesPerPixel: 4)
        // Stored blocks: 5 bytes of framing per 64 KiB, the zlib header and trailer.
        #expect(stream.count <= 60 * 1001 + 6 + 5 * 2 + 8)
        #expect(try TestInflater.zlibDecompress(stream).bytes == rows.flatMap { $0 })
    }

    @Test(arguments: [(4, 3201), (3, 32768), (8, 9)])
    func tokenWriterWritesTheGeneralWritersBits(run: Int, above: Int) {
        // Random literals and matches at the two distances, coded with the
        // block's own codes and with the fixed ones, from a mid-byte start.
        var rng = SplitMix64(seed: UInt64(run * above))
        let block = TokenBlock(capacity: 6000)
        for _ in 0..<6000 {
            if rng.next() % 3 == 0 {
                let length = 3 + Int(rng.next() % 256)
                let distance = rng.next() % 2 == 0 ? run : above
                block.tokens[block.count] = UInt32(distance) << TokenBlock.distanceShift | UInt32(length)
                block.literalLengthCounts[Int(Deflate.lengthSymbolTable[length])] += 1
                Deflate.distanceSymbolTable.withUnsafeBufferPointer {
                    block.distanceCounts[Deflate.distanceSymbol(for: distance, table: $0)] += 1
                }
            } else {
                let byte = UInt8(truncatingIfNeeded: rng.next() % 7 == 0 ? rng.next() : rng.next() % 4)
                block.tokens[block.count] = UInt32(byte)
                block.literalLengthCounts[Int(byte)] += 1
            }
            block.count += 1
        }
        let own = (
            HuffmanCode(frequencies: block.literalLengthFrequencies, maximumLength: Deflate.maximumCodeLength),
            HuffmanCode(frequencies: block.distanceFrequencies, maximumLength: Deflate.maximumCodeLength)
        )
        for (literalCode, distanceCode) in [own, (Deflate.fixedLiteralLengthCode, Deflate.fixedDistanceCode)] {
            var general = BitWriter(reservingCapacity: 0)
            var fast = BitWriter(reservingCapacity: 0)
            general.write(5, count: 3)
            fast.write(5, count: 3)
            Deflate.writeTokens(block, literalCode: literalCode, distanceCode: distanceCode, to: &general)
            ScanlineDeflater.writeTokens(
                block, literalCode: literalCode, distanceCode: distanceCode, distances: (run, above), to: &fast)
            let expected = general.finish()
            #expect(expected.count > 1000)
            #expect(fast.finish() == expected)
        }
    }

    @Test func matchStartsEqualsTheByteLoop() {
        // Words with many zero bytes: bit 8k set exactly where bytes
        // k ..< k + 4 are zero, for k = 0 ... 4.
        var rng = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            var word: UInt64 = 0
            for byte in 0..<8 where rng.next() % 3 == 0 {
                word |= (1 + rng.next() % 255) << UInt64(8 * byte)
            }
            var expected: UInt64 = 0
            for k in 0...4 where (k..<(k + 4)).allSatisfy({ (word >> UInt64(8 * $0)) & 0xFF == 0 }) {
                expected |= 1 << UInt64(8 * k)
            }
            #expect(ScanlineDeflater.matchStarts(word) == expected, "\(word)")
        }
    }

    @Test func oneScanlineOfOneByte() throws {
        let stream = Self.compress([[0]], bytesPerPixel: 1)
        #expect(try TestInflater.zlibDecompress(stream).bytes == [0])
    }
}

@Suite struct PNGLevelPropertyTests {
    /// A seeded random surface: noise, flat areas, stripes, gradients and
    /// transparent holes, in random proportions, 1 ... 70 px a side.
    static func randomSurface(_ rng: inout SplitMix64) throws -> Surface {
        let width = 1 + Int(rng.next() % 70), height = 1 + Int(rng.next() % 70)
        let surface = try Surface(width: width, height: height)
        let kind = rng.next() % 4
        let flat = PremultipliedColor(red: 40, green: 90, blue: 160, alpha: 200)
        for y in 0..<height {
            for x in 0..<width {
                let color: PremultipliedColor
                switch kind {
                case 0:
                    let alpha = UInt8(truncatingIfNeeded: rng.next())
                    func channel() -> UInt8 { UInt8(truncatingIfNeeded: rng.next() % (UInt64(alpha) + 1)) }
                    color = PremultipliedColor(red: channel(), green: channel(), blue: channel(), alpha: alpha)
                case 1:
                    color = (x / 5 + y / 3) % 3 == 0 ? flat : PremultipliedColor(red: 0, green: 0, blue: 0, alpha: 0)
                case 2:
                    color = PremultipliedColor(
                        red: UInt8(x * 3 % 256), green: UInt8(y * 5 % 256), blue: 0, alpha: 255)
                default:
                    color = rng.next() % 8 == 0 ? PremultipliedColor(red: 9, green: 9, blue: 9, alpha: 9) : flat
                }
                surface.setPixel(x: x, y: y, to: color)
            }
        }
        return surface
    }

    @Test func randomSurfacesDecodeToTheirPixelsAtEveryLevel() throws {
        var rng = SplitMix64(seed: 3535)
        for round in 0..<40 {
            let surface = try Self.randomSurface(&rng)
            let expected = PNGEncoderTests.expectedPixels(of: surface)
            for level in PNGCompressionLevel.allCases {
                let png = PNGEncoder.encode(surface, level: level)
                let (info, pixels) = try TestPNGReader.decodePixels(png)
                #expect(info.width == surface.width && info.height == surface.height)
                #expect(firstDifference(pixels, expected) == nil, "round \(round) \(level) (seed 3535)")
                #expect(try PNGDecoder.decode(png).rgba8 == expected, "round \(round) \(level) (seed 3535)")
            }
        }
    }

    @Test func bestKeepsItsBytes() throws {
        // A surface set pixel by pixel (no rasterizer): the `best` file's
        // length and CRC-32 as the encoder wrote them before the `fast`
        // level changed, so `best` stays byte-identical.
        var rng = SplitMix64(seed: 1995)
        let surfaces = try (0..<8).map { _ in try Self.randomSurface(&rng) }
        let png = surfaces.flatMap { PNGEncoder.encode($0, level: .best) }
        #expect(png.count == bestByteCount)
        #expect(CRC32.checksum(png) == bestChecksum)
    }

    /// `best`'s output for `bestKeepsItsBytes`, recorded when the scanline
    /// compressor came in (its path, the §12.8 filters and zlib level 6,
    /// unchanged; the tiger's `best` file is byte-identical to the one
    /// before).
    let bestByteCount = 2077
    let bestChecksum: UInt32 = 1_812_299_725
}
