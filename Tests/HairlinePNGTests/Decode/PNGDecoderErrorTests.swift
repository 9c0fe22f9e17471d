// Tests that each malformed PNG structure throws its own `PNGError` with
// the right chunk and byte offset: signature, IHDR fields and limits,
// chunk framing and order, PLTE and tRNS rules, IDAT contents, filters,
// palette indices; and that what the specification allows still decodes.

import Testing
@testable import HairlinePNG

@Suite struct PNGDecoderErrorTests {
    typealias B = TestPNGBuilder

    /// The error decoding `bytes` throws, or nil if it decodes.
    static func error(_ bytes: [UInt8], limits: PNGDecoder.Limits = .default) -> PNGError? {
        do {
            _ = try PNGDecoder.decode(bytes, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    static let ihdrGray8 = B.chunk("IHDR", B.header(width: 4, height: 3, bitDepth: 8, colorType: 0))
    static let idatGray8 = B.chunk("IDAT", ZlibStream.compress([UInt8](repeating: 0, count: 3 * 5)))
    static let iend = B.chunk("IEND", [])
    /// Offset of the first chunk after the signature and a 13-byte IHDR.
    static let afterHeader = 8 + 25

    @Test func signatureFaults() {
        #expect(Self.error([1, 2, 3, 4, 5, 6, 7, 8, 9]) == .notPNG)
        #expect(Self.error([]) == .truncated(at: 0))
        #expect(Self.error(Array(TestPNGReader.signature.prefix(5))) == .truncated(at: 5))
        #expect(Self.error(TestPNGReader.signature) == .truncated(at: 8))
    }

    @Test func headerFieldFaults() {
        func headerError(_ data: [UInt8]) -> PNGError? {
            Self.error(B.file([B.chunk("IHDR", data), Self.idatGray8, Self.iend]))
        }
        #expect(
            headerError(B.header(width: 0, height: 3, bitDepth: 8, colorType: 0))
                == .invalidHeader("width 0 is outside 1 ... 2^31 - 1", at: 16))
        #expect(
            headerError(B.header(width: 4, height: 1 << 31, bitDepth: 8, colorType: 0))
                == .invalidHeader("height 2147483648 is outside 1 ... 2^31 - 1", at: 20))
        #expect(
            headerError(B.header(width: 4, height: 3, bitDepth: 16, colorType: 3))
                == .invalidHeader("bit depth 16 is not allowed for color type 3", at: 24))
        #expect(
            headerError(B.header(width: 4, height: 3, bitDepth: 4, colorType: 6))
                == .invalidHeader("bit depth 4 is not allowed for color type 6", at: 24))
        #expect(
            headerError(B.header(width: 4, height: 3, bitDepth: 8, colorType: 5))
                == .invalidHeader("color type 5 is not defined", at: 25))
        #expect(
            headerError(B.header(width: 4, height: 3, bitDepth: 8, colorType: 0, compression: 1))
                == .invalidHeader("compression method 1 is not defined", at: 26))
        #expect(
            headerError(B.header(width: 4, height: 3, bitDepth: 8, colorType: 0, filter: 1))
                == .invalidHeader("filter method 1 is not defined", at: 27))
        #expect(
            headerError(B.header(width: 4, height: 3, bitDepth: 8, colorType: 0, interlace: 2))
                == .invalidHeader("interlace method 2 is not defined", at: 28))
        #expect(
            headerError(Array(B.header(width: 4, height: 3, bitDepth: 8, colorType: 0).prefix(12)))
                == .invalidChunk("IHDR", reason: "length 12, expected 13", at: 8))
    }

    /// Oversized headers are refused before anything is allocated: the
    /// file has no image data worth the size, so only the header check can
    /// stop it (a billion-pixel allocation would fail the test run).
    @Test func oversizedHeadersAreRefusedBeforeAllocation() {
        func sizeError(_ width: UInt32, _ height: UInt32, limits: PNGDecoder.Limits = .default) -> PNGError? {
            Self.error(
                B.file([
                    B.chunk("IHDR", B.header(width: width, height: height, bitDepth: 16, colorType: 6)),
                    Self.idatGray8, Self.iend,
                ]), limits: limits)
        }
        let maximum = UInt32(Int32.max)
        #expect(sizeError(maximum, maximum) == .tooLarge(width: Int(maximum), height: Int(maximum)))
        #expect(sizeError(32_768, 32_768) == .tooLarge(width: 32_768, height: 32_768))  // 2^30 pixels
        #expect(sizeError(65_537, 1) == .tooLarge(width: 65_537, height: 1))
        let small = PNGDecoder.Limits(maximumDimension: 10, maximumPixelCount: 50)
        #expect(sizeError(8, 8, limits: small) == .tooLarge(width: 8, height: 8))
        #expect(sizeError(11, 1, limits: small) == .tooLarge(width: 11, height: 1))
        // Limits above Surface's are lowered to them.
        let generous = PNGDecoder.Limits(maximumDimension: 1 << 40, maximumPixelCount: 1 << 40)
        #expect(generous.maximumDimension == 1 << 16 && generous.maximumPixelCount == 1 << 28)
        #expect(PNGDecoder.Limits.default.maximumFileByteCount == 1 << 30)
    }

    @Test func chunkFramingFaults() {
        var file = B.file([Self.ihdrGray8, Self.idatGray8, Self.iend])
        #expect(Self.error(file) == nil)
        // Each prefix ending before IEND's CRC is truncated.
        #expect(Self.error(Array(file.dropLast())) == .truncated(at: file.count - 12))
        #expect(Self.error(Array(file.dropLast(12))) == .truncated(at: file.count - 12))
        // A length over 2^31 - 1.
        file = B.file([Self.ihdrGray8, [0x80, 0, 0, 0] + Array("IDAT".utf8) + [0, 0, 0, 0], Self.iend])
        #expect(Self.error(file) == .invalidChunkLength(0x8000_0000, at: Self.afterHeader))
        // A type with a digit, CRC correct.
        file = B.file([Self.ihdrGray8, B.chunk("ab1d", [1]), Self.idatGray8, Self.iend])
        #expect(Self.error(file) == .invalidChunkType("ab1d", at: Self.afterHeader))
        // A bad CRC on an ancillary chunk still fails.
        file = B.file([Self.ihdrGray8, B.chunk("tEXt", Array("a\0b".utf8), crc: 1), Self.idatGray8, Self.iend])
        #expect(Self.error(file) == .badCRC(chunk: "tEXt", at: Self.afterHeader))
        // IEND must be empty.
        file = B.file([Self.ihdrGray8, Self.idatGray8, B.chunk("IEND", [0])])
        #expect(Self.error(file) == .invalidChunk("IEND", reason: "length 1, expected 0", at: file.count - 13))
    }

    @Test func chunkOrderFaults() {
        let text = B.chunk("tEXt", Array("a\0b".utf8))
        #expect(
            Self.error(B.file([text, Self.ihdrGray8, Self.idatGray8, Self.iend]))
                == .chunkOrder("the first chunk is tEXt, not IHDR", at: 8))
        #expect(
            Self.error(B.file([Self.ihdrGray8, Self.ihdrGray8, Self.idatGray8, Self.iend]))
                == .chunkOrder("a second IHDR", at: Self.afterHeader))
        let split = ZlibStream.compress([UInt8](repeating: 0, count: 15))
        let gapped = B.file([
            Self.ihdrGray8, B.chunk("IDAT", Array(split.prefix(4))), text,
            B.chunk("IDAT", Array(split.dropFirst(4))), Self.iend,
        ])
        #expect(Self.error(gapped) == .chunkOrder("IDAT chunks are not consecutive", at: Self.afterHeader + 16 + 15))
        #expect(Self.error(B.file([Self.ihdrGray8, Self.iend])) == .missingChunk("IDAT"))
        #expect(
            Self.error(B.file([Self.ihdrGray8, B.chunk("ABCD", []), Self.idatGray8, Self.iend]))
                == .unsupportedCriticalChunk("ABCD", at: Self.afterHeader))
        // Unknown ancillary chunks, anywhere, and bytes after IEND are ignored.
        let tolerant = B.file([
            Self.ihdrGray8, B.chunk("abCd", [1, 2]), Self.idatGray8, B.chunk("zzZz", []), Self.iend,
        ])
        #expect(Self.error(tolerant + [1, 2, 3]) == nil)
    }

    static let ihdrPalette4 = B.chunk("IHDR", B.header(width: 3, height: 2, bitDepth: 4, colorType: 3))
    /// Rows of palette indices 0, 1, 2 (4 bits each, 2 bytes a row).
    static let idatPalette4 = B.chunk("IDAT", ZlibStream.compress([0, 0x01, 0x20, 0, 0x01, 0x20]))
    static let palette3 = B.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])

    @Test func paletteRules() throws {
        #expect(Self.error(B.file([Self.ihdrPalette4, Self.palette3, Self.idatPalette4, Self.iend])) == nil)
        #expect(Self.error(B.file([Self.ihdrPalette4, Self.idatPalette4, Self.iend])) == .missingChunk("PLTE"))
        #expect(
            Self.error(B.file([Self.ihdrPalette4, Self.palette3, Self.palette3, Self.idatPalette4, Self.iend]))
                == .chunkOrder("a second PLTE", at: Self.afterHeader + 21))
        #expect(
            Self.error(B.file([Self.ihdrGray8, Self.palette3, Self.idatGray8, Self.iend]))
                == .invalidChunk("PLTE", reason: "not allowed for grayscale color type 0", at: Self.afterHeader))
        #expect(
            Self.error(B.file([Self.ihdrPalette4, B.chunk("PLTE", [1, 2, 3, 4]), Self.idatPalette4, Self.iend]))
                == .invalidChunk("PLTE", reason: "length 4 is not a positive multiple of 3", at: Self.afterHeader))
        #expect(
            Self.error(B.file([Self.ihdrPalette4, B.chunk("PLTE", []), Self.idatPalette4, Self.iend]))
                == .invalidChunk("PLTE", reason: "length 0 is not a positive multiple of 3", at: Self.afterHeader))
        #expect(
            Self.error(
                B.file([
                    Self.ihdrPalette4, B.chunk("PLTE", [UInt8](repeating: 9, count: 17 * 3)), Self.idatPalette4,
                    Self.iend,
                ]))
                == .invalidChunk("PLTE", reason: "17 entries, more than 16", at: Self.afterHeader))
        let idatLength = Self.idatPalette4.count
        #expect(
            Self.error(B.file([Self.ihdrPalette4, Self.palette3, Self.idatPalette4, Self.palette3, Self.iend]))
                == .chunkOrder("a second PLTE", at: Self.afterHeader + 21 + idatLength))
        // A palette index without an entry: index 2 with a 2-entry palette.
        let twoEntries = B.chunk("PLTE", [255, 0, 0, 0, 255, 0])
        #expect(
            Self.error(B.file([Self.ihdrPalette4, twoEntries, Self.idatPalette4, Self.iend]))
                == .paletteIndexOutOfRange(2, x: 2, y: 0))
        // Truecolor images may carry a palette; it is ignored.
        let rgb = TestPNGImage(
            width: 1, height: 1, bitDepth: 8, colorType: 2, samples: [1, 2, 3], palette: [[9, 9, 9]])
        #expect(try PNGDecoder.decode(rgb.png(interlaced: false)).rgba8 == [1, 2, 3, 255])
    }

    @Test func transparencyRules() {
        let alphas = B.chunk("tRNS", [0, 128])
        #expect(Self.error(B.file([Self.ihdrPalette4, Self.palette3, alphas, Self.idatPalette4, Self.iend])) == nil)
        #expect(
            Self.error(B.file([Self.ihdrPalette4, alphas, Self.palette3, Self.idatPalette4, Self.iend]))
                == .chunkOrder("tRNS before PLTE", at: Self.afterHeader))
        #expect(
            Self.error(B.file([Self.ihdrPalette4, Self.palette3, alphas, alphas, Self.idatPalette4, Self.iend]))
                == .chunkOrder("a second tRNS", at: Self.afterHeader + 21 + 14))
        #expect(
            Self.error(
                B.file([Self.ihdrPalette4, Self.palette3, B.chunk("tRNS", [1, 2, 3, 4]), Self.idatPalette4, Self.iend]))
                == .invalidChunk("tRNS", reason: "4 alphas for a palette of 3 entries", at: Self.afterHeader + 21))
        #expect(
            Self.error(B.file([Self.ihdrGray8, B.chunk("tRNS", [0, 1, 0, 2, 0, 3]), Self.idatGray8, Self.iend]))
                == .invalidChunk("tRNS", reason: "length 6, expected 2 for grayscale", at: Self.afterHeader))
        let ihdrRGBA = B.chunk("IHDR", B.header(width: 1, height: 1, bitDepth: 8, colorType: 6))
        #expect(
            Self.error(B.file([ihdrRGBA, B.chunk("tRNS", [0, 1]), Self.idatGray8, Self.iend]))
                == .invalidChunk("tRNS", reason: "not allowed for color type 6, which has alpha", at: Self.afterHeader))
        #expect(
            Self.error(B.file([Self.ihdrGray8, Self.idatGray8, B.chunk("tRNS", [0, 1]), Self.iend]))
                == .chunkOrder("tRNS after IDAT", at: Self.afterHeader + Self.idatGray8.count))
    }

    @Test func imageDataFaults() {
        // A row with filter type 5 (row 1 of 3).
        let badFilter = B.chunk("IDAT", ZlibStream.compress([0, 1, 2, 3, 4, 5, 1, 2, 3, 4, 0, 1, 2, 3, 4]))
        #expect(Self.error(B.file([Self.ihdrGray8, badFilter, Self.iend])) == .invalidFilterType(5, row: 1, pass: 0))
        // Interlaced 4 x 3 gray: passes 1 (1 x 1), 4 (1 x 1), 5 (2 x 1),
        // 6 (2 x 2) and 7 (4 x 1) hold data, 2 and 3 are empty; make the
        // second row of pass 6 bad.
        let ihdrInterlaced = B.chunk("IHDR", B.header(width: 4, height: 3, bitDepth: 8, colorType: 0, interlace: 1))
        let passes: [UInt8] = [0, 9] + [0, 9] + [0, 9, 9] + [0, 9, 9] + [7, 9, 9] + [0, 9, 9, 9, 9]
        #expect(
            Self.error(B.file([ihdrInterlaced, B.chunk("IDAT", ZlibStream.compress(passes)), Self.iend]))
                == .invalidFilterType(7, row: 1, pass: 6))
        // Too little data.
        let short = B.chunk("IDAT", ZlibStream.compress([UInt8](repeating: 0, count: 14)))
        #expect(Self.error(B.file([Self.ihdrGray8, short, Self.iend])) == .notEnoughImageData(expected: 15, found: 14))
        // A little extra data is ignored (as libpng does), more is refused.
        let extra = B.chunk("IDAT", ZlibStream.compress([UInt8](repeating: 0, count: 15 + 100)))
        #expect(Self.error(B.file([Self.ihdrGray8, extra, Self.iend])) == nil)
        let tooMuch = B.chunk("IDAT", ZlibStream.compress([UInt8](repeating: 0, count: 15 + 5000)))
        guard
            case .inflate(.outputLimitExceeded(limit: 15 + 4096, _), _)? = Self.error(
                B.file([Self.ihdrGray8, tooMuch, Self.iend]))
        else {
            Issue.record("too much image data must exceed the output limit")
            return
        }
    }

    /// A header within the limits whose data is far too short: the decoder
    /// must not trust the header's size for its first allocation (the test
    /// would be slow and memory-hungry if it did) and reports the shortfall.
    @Test func lyingHeaderFailsWithoutFillingItsClaimedSize() {
        let ihdr = B.chunk("IHDR", B.header(width: 16_384, height: 16_384, bitDepth: 8, colorType: 6))
        let error = Self.error(B.file([ihdr, Self.idatGray8, Self.iend]))
        #expect(error == .notEnoughImageData(expected: 16_384 * (1 + 16_384 * 4), found: 15))
    }

    @Test func inflateErrorsCarryTheFileOffset() {
        // A zlib header with method 9, inside the first IDAT's data.
        var stream = ZlibStream.compress([UInt8](repeating: 0, count: 15))
        stream[0] = 0x79
        stream[1] = UInt8(31 - (0x79 * 256) % 31)
        let dataOffset = Self.afterHeader + 8
        #expect(
            Self.error(B.file([Self.ihdrGray8, B.chunk("IDAT", stream), Self.iend]))
                == .inflate(.invalidHeader("compression method 9, expected 8 (DEFLATE)", at: 0), at: dataOffset))
        // A bad Adler-32 in the second of two IDAT chunks.
        stream = ZlibStream.compress([UInt8](repeating: 0, count: 15))
        stream[stream.count - 1] ^= 1
        let first = Array(stream.prefix(3)), second = Array(stream.dropFirst(3))
        let error = Self.error(B.file([Self.ihdrGray8, B.chunk("IDAT", first), B.chunk("IDAT", second), Self.iend]))
        let trailerInFile = dataOffset + first.count + 12 + (stream.count - 4 - 3)
        guard case .inflate(.checksumMismatch(_, _, at: stream.count - 4), at: trailerInFile)? = error else {
            Issue.record(
                "expected an Adler-32 mismatch at file byte \(trailerInFile), got \(String(describing: error))")
            return
        }
        // The stream ends early: truncated inside the image data.
        let cut = B.chunk("IDAT", Array(ZlibStream.compress([UInt8](repeating: 1, count: 15)).prefix(6)))
        #expect(
            Self.error(B.file([Self.ihdrGray8, cut, Self.iend])) == .inflate(.truncated(at: 6), at: dataOffset + 6))
    }

    /// A 1 x 1 image whose IDAT is a 1 GiB decompression bomb stops at the
    /// expected size plus the small allowance.
    @Test func decompressionBombInImageDataIsStopped() {
        let ihdr = B.chunk("IHDR", B.header(width: 1, height: 1, bitDepth: 8, colorType: 0))
        let error = Self.error(B.file([ihdr, B.chunk("IDAT", InflateLimitTests.bomb), Self.iend]))
        guard case .inflate(.outputLimitExceeded(limit: 2 + 4096, _), _)? = error else {
            Issue.record("expected the bomb to stop at the limit, got \(String(describing: error))")
            return
        }
    }
}
